//! Whole games of random legal moves through the kernel's `Replay`: every one ends (a last
//! chief, or kifu's quiet-game draw), verifies, and reads back from the kifu text format;
//! on the way every listed move applies as listed and moves out of turn are refused.

use super::*;
use kifu_core::chance::ChanceRng;
use kifu_core::record::{text, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, verify_text, Replay};
use kifu_core::rules::Turn;
use std::collections::BTreeMap;

/// No game comes near this: at most 36 kills, at most 100 quiet moves between two.
const MAX_ENTRIES: usize = 4_000;

fn playout(pick: &mut ChanceRng, check_all: bool) -> Record {
    let names = ["Ann", "Ben", "Cy", "Di"].map(String::from).to_vec();
    let mut header = Header::new("djambi", 1, names, ChanceMode::Observed);
    header.id = Some([0xd1; 16]);
    let mut replay = Replay::start(crate::registry(), &header).expect("header");
    let mut record = Record::new(header);
    loop {
        let seat = match replay.turn() {
            Turn::Over { .. } => break,
            Turn::Seat { seat } => seat,
            turn => panic!("unexpected turn {turn}"),
        };
        let legal = replay.current().legal().expect("listed moves");
        assert!(!legal.is_empty());
        if check_all {
            for text in &legal {
                let mut trial = replay.current().clone_box();
                assert_eq!(trial.apply(Actor::Seat(seat), text).as_deref(), Ok(text.as_str()));
            }
            let other = Actor::Seat((seat + 1) % 4);
            let refused = replay.current().clone_box().apply(other, &legal[0]).unwrap_err();
            assert!(refused.reason.contains("it is"), "{}", refused.reason);
        }
        let choice = &legal[pick.below(legal.len() as u64) as usize];
        record
            .entries
            .push(replay.play(None, choice, None).expect("legal move"));
        assert!(record.entries.len() < MAX_ENTRIES, "the game does not end");
    }
    record
}

#[test]
fn seeded_random_games_end_verify_and_read_back_from_kifu_text() {
    let mut endings: BTreeMap<String, u32> = BTreeMap::new();
    let mut winners = [0u32; 4];
    for n in 0..30u64 {
        let mut pick = ChanceRng::for_entry(b"djambi picks", n);
        let record = playout(&mut pick, n == 0);
        let report = verify_record(crate::registry(), &record);
        assert!(report.failure.is_none(), "game {n}: {:?}", report.failure);
        let Some(Turn::Over { outcome }) = report.turn else {
            panic!("game {n} is not over")
        };
        outcome.winners.iter().for_each(|w| winners[usize::from(*w)] += 1);
        let kind = if outcome.winners.is_empty() { "draw" } else { "win" };
        *endings.entry(kind.to_string()).or_insert(0) += 1;

        let written = text::write(&record);
        let read = text::read(&written).expect("kifu text reads back");
        let again = verify_text(crate::registry(), &read);
        assert!(again.failure.is_none(), "game {n}: {:?}", again.failure);
        assert_eq!(text::write(&read.record), written);
    }
    assert!(endings.get("win").copied().unwrap_or(0) > 0, "{endings:?}");
    assert!(winners.iter().filter(|w| **w > 0).count() >= 2, "{winners:?}");
}
