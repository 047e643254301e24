//! Whole games of random legal commands with seeded draws, checked by the kernel's verifier:
//! they end, every listed command applies, and nothing else by another seat does.

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay};
use kifu_core::rules::Turn;

/// 48 tiles, each a draw, a lay and a build: no game is longer.
const MAX_ENTRIES: usize = 3 * 48 + 2;

fn playout(players: usize, seed: &[u8], pick: &mut ChanceRng, check_all: bool) -> Record {
    let names = ["Ann", "Bob", "Cy", "Di"];
    let header = Header::new(
        "taluva",
        1,
        names[..players].iter().map(|n| n.to_string()).collect(),
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
    );
    let mut replay = Replay::start(crate::registry(), &header).expect("header");
    replay.set_seed(seed).expect("seed");
    let mut record = Record::new(header);
    loop {
        record.entries.extend(replay.draw_chance(None).expect("draw"));
        let seat = match replay.turn() {
            Turn::Over { .. } => break,
            Turn::Seat { seat } => seat,
            turn => panic!("unexpected turn {turn}"),
        };
        let legal = replay.current().legal().expect("listed");
        assert!(
            !legal.is_empty(),
            "a lay always exists and an empty build list eliminates"
        );
        if check_all {
            for text in &legal {
                let mut trial = replay.current().clone_box();
                assert_eq!(trial.apply(Actor::Seat(seat), text).as_deref(), Ok(text.as_str()));
            }
            let other = (seat + 1) % players as u8;
            assert!(replay
                .current()
                .clone_box()
                .apply(Actor::Seat(other), &legal[0])
                .is_err());
        }
        let choice = &legal[pick.below(legal.len() as u64) as usize];
        record.entries.push(replay.play(None, choice, None).expect("legal"));
        assert!(record.entries.len() <= MAX_ENTRIES, "game does not end");
    }
    record.entries.push(replay.reveal(None).expect("reveal"));
    record
}

#[test]
fn seeded_random_games_end_and_verify() {
    let mut reasons = std::collections::BTreeMap::new();
    for players in 2..=4 {
        for n in 0..4u64 {
            let mut pick = ChanceRng::for_entry(b"taluva picks", n + 10 * players as u64);
            let seed = format!("taluva playout seed {players} {n}");
            let record = playout(players, seed.as_bytes(), &mut pick, n == 0 && players == 2);
            let report = verify_record(crate::registry(), &record);
            assert!(
                report.failure.is_none(),
                "{players} players game {n}: {:?}",
                report.failure
            );
            match report.turn {
                Some(Turn::Over { outcome }) => {
                    let kind = outcome.reason.split([';', '(']).next().unwrap_or("").trim().to_string();
                    *reasons.entry(kind).or_insert(0) += 1;
                }
                turn => panic!("not over: {turn:?}"),
            }
        }
    }
    println!("{reasons:?}");
    assert!(reasons.keys().any(|r| r.contains("all tiles laid")), "{reasons:?}");
}
