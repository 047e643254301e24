//! Whole games from seeded throws and random legal moves, checked by the kernel's verifier;
//! on the way every listed move must apply and moves not listed must be refused.

use crate::FORMAT;
use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::format::{build, Format};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay, SeedCheck};
use kifu_core::rules::Turn;

const SEEDS: u64 = 200;
/// No game of random moves comes near this many entries; reaching it means a loop.
const MAX_ENTRIES: usize = 20_000;

/// Plays one seeded game with moves picked by `pick`, checking every position on the way.
fn playout(seed: &[u8], pick: &mut ChanceRng) -> Record {
    let mut header = Header::new(
        "senet",
        1,
        vec!["Ann".into(), "Bob".into()],
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
    );
    header.tags.insert("Event".into(), "playout".into());
    let mut replay = Replay::start(crate::registry(), &header).expect("header");
    replay.set_seed(seed).expect("seed");
    let mut record = Record::new(header);
    loop {
        record.entries.extend(replay.draw_chance(None).expect("chance"));
        let seat = match replay.turn() {
            Turn::Over { .. } => break,
            Turn::Seat { seat } => seat,
            turn => panic!("unexpected turn {turn}"),
        };
        let legal = replay.current().legal().expect("listed moves");
        assert!(!legal.is_empty());
        for text in &legal {
            let mut trial = replay.current().clone_box();
            assert_eq!(trial.apply(Actor::Seat(seat), text).as_deref(), Ok(text.as_str()));
        }
        let from = pick.below(30) + 1;
        let to = from + pick.below(7);
        for guess in [format!("{from}-{to}"), format!("{from}-off"), "pass".to_string()] {
            if !legal.contains(&guess) {
                let mut trial = replay.current().clone_box();
                assert!(
                    trial.apply(Actor::Seat(seat), &guess).is_err(),
                    "{guess} not in {legal:?}"
                );
            }
        }
        let choice = &legal[pick.below(legal.len() as u64) as usize];
        record
            .entries
            .push(replay.play(None, choice, None).expect("legal move"));
        assert!(record.entries.len() < MAX_ENTRIES, "game does not end");
    }
    record.entries.push(replay.reveal(None).expect("reveal"));
    record
}

#[test]
fn seeded_random_games_end_and_verify() {
    let mut lengths = Vec::new();
    let mut winners = [0u32; 2];
    let mut seen = std::collections::BTreeSet::new();
    for n in 0..SEEDS {
        let seed = format!("senet playout {n}").into_bytes();
        let mut pick = ChanceRng::for_entry(b"senet picks", n);
        let record = playout(&seed, &mut pick);
        let report = verify_record(crate::registry(), &record);
        assert!(report.failure.is_none(), "seed {n}: {:?}", report.failure);
        assert_eq!(report.seed, SeedCheck::Checked);
        match report.turn {
            Some(Turn::Over { outcome }) => winners[usize::from(outcome.winners[0])] += 1,
            turn => panic!("seed {n}: not over: {turn:?}"),
        }
        lengths.push(record.entries.len());
        seen.extend(record.entries.iter().filter_map(|e| kind(&e.command)));
        if n < 20 {
            notation_round_trip(&record);
        }
    }
    assert!(winners[0] > 40 && winners[1] > 40, "winners {winners:?}");
    assert!(lengths.iter().all(|l| *l > 40), "{lengths:?}");
    let every = [
        "pass",
        "step back",
        "27-15",
        "27 to before 15",
        "26-off",
        "27-off",
        "28-off",
        "29-off",
        "30-off",
    ];
    assert_eq!(seen, every.into_iter().collect(), "kinds of move seen");
}

/// The kinds of move the playouts should all meet at least once.
fn kind(command: &str) -> Option<&'static str> {
    if command == "pass" {
        return Some("pass");
    }
    let (from, to) = command.split_once('-')?;
    let from: u8 = from.parse().ok()?;
    Some(match (from, to) {
        (26, "off") => "26-off",
        (27, "off") => "27-off",
        (28, "off") => "28-off",
        (29, "off") => "29-off",
        (30, "off") => "30-off",
        (27, "15") => "27-15",
        (27, _) => "27 to before 15",
        (_, to) if to.parse::<u8>().ok()? + 1 == from => "step back",
        _ => return None,
    })
}

#[test]
fn a_tampered_throw_fails_verification() {
    let record = playout(b"tamper", &mut ChanceRng::for_entry(b"tamper picks", 0));
    let mut bad = record.clone();
    let first = &mut bad.entries[0];
    first.command = if first.command == "2" { "3" } else { "2" }.to_string();
    first.state = None;
    let report = verify_record(crate::registry(), &bad);
    let failure = report.failure.expect("a changed throw is caught");
    assert_eq!(failure.seq, 1);
}

/// Export to the senet format, read back and rebuild: the same entries and metadata.
fn notation_round_trip(record: &Record) {
    let text = FORMAT.write(record).expect("write");
    let drafts = FORMAT.read(&text);
    assert_eq!(drafts.len(), 1);
    let draft = drafts[0].clone().expect("read back");
    let rebuilt = build(crate::registry(), &draft, None).expect("rebuild");
    assert_eq!(rebuilt.header.players, record.header.players);
    assert_eq!(rebuilt.header.tags, record.header.tags);
    let played: Vec<_> = record
        .entries
        .iter()
        .filter(|e| !e.command.starts_with("reveal"))
        .collect();
    assert_eq!(rebuilt.entries.len(), played.len());
    for (a, b) in rebuilt.entries.iter().zip(played) {
        assert_eq!(a, b);
    }
    assert_eq!(FORMAT.write(&rebuilt).expect("write again"), text);
}
