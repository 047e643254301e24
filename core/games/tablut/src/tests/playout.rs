//! Whole games of random legal moves under every rule set, checked by the kernel's verifier
//! and read back through OpenTafl notation; on the way every listed move must apply.

use std::collections::BTreeMap;

use crate::FORMAT;
use kifu_core::chance::ChanceRng;
use kifu_core::format::{build, Format};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay};
use kifu_core::rules::Turn;

/// No random game comes near this; reaching it means the game does not end.
const MAX_PLIES: usize = 20_000;

fn playout(options: &BTreeMap<String, String>, pick: &mut ChanceRng, check_all: bool) -> Record {
    let mut header = Header::new("tablut", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    header.options = options.clone();
    header.tags.insert("event".into(), "playout".into());
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
            let mut trial = replay.current().clone_box();
            assert!(trial.apply(Actor::Seat(1 - seat), &legal[0]).is_err(), "out of turn");
        }
        let choice = &legal[pick.below(legal.len() as u64) as usize];
        record
            .entries
            .push(replay.play(None, choice, None).expect("legal move"));
        assert!(record.entries.len() < MAX_PLIES, "game does not end");
    }
    record
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn seeded_random_games_end_and_verify_under_every_rule_set() {
    let sets: [&[(&str, &str)]; 5] = [
        &[],
        &[("capture", "single")],
        &[("rules", "linnaeus")],
        &[("rules", "linnaeus"), ("escape", "corner")],
        &[("rules", "ashton")],
    ];
    for set in sets {
        let options: BTreeMap<String, String> = set.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let mut results = BTreeMap::new();
        for n in 0..4u64 {
            let mut pick = ChanceRng::for_entry(b"tablut picks", n);
            let record = playout(&options, &mut pick, n == 0);
            let report = verify_record(crate::registry(), &record);
            assert!(report.failure.is_none(), "{options:?} game {n}: {:?}", report.failure);
            match report.turn {
                Some(Turn::Over { outcome }) => *results.entry(outcome.reason.clone()).or_insert(0) += 1,
                turn => panic!("{options:?} game {n}: not over: {turn:?}"),
            }
            if n < 3 {
                round_trip(&record);
            }
        }
        assert!(
            results.keys().any(|r| r.contains("captured") || r.contains("escapes")),
            "{options:?}: {results:?}"
        );
    }
}

/// Export to OpenTafl, read back and rebuild: the same moves, players and options.
fn round_trip(record: &Record) {
    let text = FORMAT.write(record).expect("write");
    let drafts = FORMAT.read(&text);
    let draft = drafts[0].clone().expect("read back");
    let rebuilt = build(crate::registry(), &draft, None).expect("rebuild");
    assert_eq!(rebuilt.header.players, record.header.players);
    assert_eq!(rebuilt.header.options, record.header.options, "{text}");
    let moves = |r: &Record| r.entries.iter().map(|e| e.command.clone()).collect::<Vec<_>>();
    assert_eq!(moves(&rebuilt), moves(record));
    assert_eq!(FORMAT.write(&rebuilt).expect("write again"), text);
}
