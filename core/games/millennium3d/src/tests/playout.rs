//! Whole games of random legal moves through the kernel, which must end, verify, and come
//! back whole from PGN; on the way every listed move applies as itself.

use std::collections::BTreeSet;

use kifu_core::chance::ChanceRng;
use kifu_core::format::{build, Format};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay};
use kifu_core::rules::Turn;

use crate::FORMAT;

const GAMES: u64 = 3;
/// No random game comes near this many plies; reaching it means a game that does not end.
const MAX_PLIES: usize = 5_000;

fn playout(n: u64) -> Record {
    let mut header = Header::new(
        "millennium3d",
        1,
        vec!["Ann".into(), "Bob".into()],
        ChanceMode::Observed,
    );
    header.tags.insert("Event".into(), format!("playout {n}"));
    let mut replay = Replay::start(crate::registry(), &header).expect("header");
    let mut record = Record::new(header);
    loop {
        let seat = match replay.turn() {
            Turn::Over { .. } => break,
            Turn::Seat { seat } => seat,
            turn => panic!("unexpected turn {turn}"),
        };
        let legal = replay.current().legal().expect("listed moves");
        let mut pick = ChanceRng::for_entry(
            format!("millennium3d picks {n}").as_bytes(),
            record.entries.len() as u64,
        );
        // Every listed move applies as itself at a sample of positions.
        if record.entries.len().is_multiple_of(100) {
            for text in &legal {
                let mut trial = replay.current().clone_box();
                assert_eq!(trial.apply(Actor::Seat(seat), text).as_deref(), Ok(text.as_str()));
            }
        }
        let choice = &legal[pick.below(legal.len() as u64) as usize];
        record
            .entries
            .push(replay.play(None, choice, None).expect("legal move"));
        assert!(record.entries.len() < MAX_PLIES, "game {n} does not end");
    }
    record
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn random_games_end_verify_and_come_back_from_pgn() {
    let mut endings = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for n in 0..GAMES {
        let record = playout(n);
        eprintln!("game {n}: {} plies", record.entries.len());
        let report = verify_record(crate::registry(), &record);
        assert!(report.failure.is_none(), "game {n}: {:?}", report.failure);
        match report.turn {
            Some(Turn::Over { outcome }) => endings.insert(outcome.reason.split(':').next().unwrap_or("").to_string()),
            turn => panic!("game {n}: not over: {turn:?}"),
        };
        for e in &record.entries {
            let c = e.command.as_str();
            if c.starts_with("O-O") {
                seen.insert("castling");
            }
            if c.contains('=') {
                seen.insert("promotion");
            }
            if c.ends_with('+') {
                seen.insert("check");
            }
        }
        let text = FORMAT.write(&record).expect("write");
        let drafts = FORMAT.read(&text);
        let draft = drafts[0].clone().expect("read back");
        let rebuilt = build(crate::registry(), &draft, None).expect("rebuild");
        assert_eq!(rebuilt.entries.len(), record.entries.len());
        for (a, b) in rebuilt.entries.iter().zip(&record.entries) {
            assert_eq!(a.command, b.command);
            assert_eq!(a.state, b.state);
        }
        assert_eq!(FORMAT.write(&rebuilt).expect("write again"), text);
    }
    eprintln!("endings {endings:?}, seen {seen:?}");
    assert!(seen.contains("check") && seen.contains("promotion"), "{seen:?}");
}
