//! Corrections on a real game (Senet, observed and seeded): what a correction withdraws,
//! what it refuses, and that a resumed replay asks for the whole history.

use kifu_core::chance::commitment;
use kifu_core::record::{Actor, ChanceMode, Entry, Header, Record};
use kifu_core::replay::{in_force, verify_complete, verify_complete_chained, verify_record, Replay, Withdrawn};
use kifu_core::rules::Turn;
use kifu_games::registry;

fn senet(chance: ChanceMode) -> Header {
    let mut header = Header::new("senet", 1, vec!["A".into(), "B".into()], chance);
    header.id = Some([3; 16]);
    header
}

/// An observed Senet game: throw, move, throw, move (by whoever is to act).
fn four_entries(replay: &mut Replay) -> Vec<Entry> {
    let mut entries = Vec::new();
    for throw in ["3", "2"] {
        entries.push(replay.play(None, throw, None).unwrap());
        let first = replay.current().legal().unwrap()[0].clone();
        entries.push(replay.play(None, &first, None).unwrap());
    }
    entries
}

#[test]
fn a_correction_withdraws_what_follows_and_play_goes_on_from_there() {
    let header = senet(ChanceMode::Observed);
    let mut replay = Replay::start(registry(), &header).unwrap();
    let mut record = Record::new(header.clone());
    record.entries.extend(four_entries(&mut replay));
    // The position after entry 2, for comparison.
    let mut at_two = Replay::start(registry(), &header).unwrap();
    for entry in &record.entries[..2] {
        at_two.check(entry).unwrap();
    }
    let correction = replay
        .play(
            Some(Actor::Arbiter),
            "correct 2 the second throw was a 4, not a 2",
            None,
        )
        .unwrap();
    assert_eq!(correction.command, "correct 2 the second throw was a 4, not a 2");
    assert_eq!(replay.current().snapshot(), at_two.current().snapshot());
    assert_eq!(replay.turn(), Turn::Chance);
    record.entries.push(correction);
    record.entries.push(replay.play(None, "4", None).unwrap());
    let report = verify_record(registry(), &record);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert_eq!(
        report.withdrawn,
        vec![Withdrawn { seq: 3, by: 5 }, Withdrawn { seq: 4, by: 5 }]
    );
    let game = in_force(registry(), &record).unwrap();
    let commands: Vec<&str> = game.entries.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(
        commands,
        [record.entries[0].command.as_str(), &record.entries[1].command, "4"]
    );
    assert_eq!(game.entries[2].seq, 3, "numbered again");
}

#[test]
fn corrections_that_cannot_hold_are_refused_and_change_nothing() {
    let header = senet(ChanceMode::Observed);
    let mut replay = Replay::start(registry(), &header).unwrap();
    four_entries(&mut replay);
    let before = replay.current().snapshot();
    for (text, why) in [
        ("correct 4 nothing follows", "nothing after entry 4"),
        ("correct 9 no such entry", "not before this correction"),
        ("correct 2", "says why"),
    ] {
        let err = replay.play(Some(Actor::Arbiter), text, None).unwrap_err();
        assert!(err.reason.contains(why), "{text}: {}", err.reason);
    }
    replay.play(Some(Actor::Arbiter), "correct 1 misread", None).unwrap();
    let err = replay.play(Some(Actor::Arbiter), "correct 3 again", None).unwrap_err();
    assert!(err.reason.contains("withdrawn by entry 5"), "{}", err.reason);
    assert_ne!(replay.current().snapshot(), before);
    let err = replay
        .play(Some(Actor::Seat(0)), "correct 1 not mine", None)
        .unwrap_err();
    assert!(!err.reason.is_empty());
}

#[test]
fn a_seeded_draw_cannot_be_withdrawn() {
    let seed = [9u8; 32];
    let header = senet(ChanceMode::Seeded {
        commitment: commitment(&seed),
    });
    let mut replay = Replay::start(registry(), &header).unwrap();
    replay.set_seed(&seed).unwrap();
    replay.draw_chance(None).unwrap();
    let first = replay.current().legal().unwrap()[0].clone();
    replay.play(None, &first, None).unwrap();
    replay.draw_chance(None).unwrap();
    let err = replay.play(Some(Actor::Arbiter), "correct 1 redo", None).unwrap_err();
    assert!(err.reason.contains("seeded chance draw"), "{}", err.reason);
}

#[test]
fn a_correction_resumed_from_a_snapshot_asks_for_the_history() {
    let header = senet(ChanceMode::Observed);
    let mut replay = Replay::start(registry(), &header).unwrap();
    four_entries(&mut replay);
    let snapshot = replay.current().snapshot();
    let mut resumed = Replay::resume(registry(), &header, &snapshot, replay.seq(), replay.head()).unwrap();
    let err = resumed
        .play(Some(Actor::Arbiter), "correct 2 misread", None)
        .unwrap_err();
    assert!(err.reason.contains("whole history"), "{}", err.reason);
}

/// Verifying with the chain a store's read made gives the report chaining again gives: whole,
/// with a correction, cut short, altered so that it fails midway, seeded and not; a chain of
/// another length is not used.
#[test]
fn a_record_verified_with_its_read_chain_reports_as_chained_again() {
    let seed = [9u8; 32];
    let seeded = ChanceMode::Seeded {
        commitment: commitment(&seed),
    };
    for chance in [ChanceMode::Observed, seeded] {
        let header = senet(chance);
        let mut replay = Replay::start(registry(), &header).unwrap();
        let mut record = Record::new(header.clone());
        if matches!(header.chance, ChanceMode::Seeded { .. }) {
            replay.set_seed(&seed).unwrap();
            for _ in 0..2 {
                record.entries.extend(replay.draw_chance(None).unwrap());
                let first = replay.current().legal().unwrap()[0].clone();
                record.entries.push(replay.play(None, &first, None).unwrap());
            }
        } else {
            record.entries.extend(four_entries(&mut replay));
        }
        if let Ok(correction) = replay.play(Some(Actor::Arbiter), "correct 2 a throw misread", None) {
            record.entries.push(correction);
        }
        let mut altered = record.clone();
        altered.entries[3].command = "not a move".into();
        let cut = Record {
            header: header.clone(),
            entries: record.entries[..2].to_vec(),
        };
        for variant in [&record, &altered, &cut] {
            let expected = format!("{:?}", verify_complete(registry(), variant));
            let chain = variant.hashes();
            assert_eq!(
                format!("{:?}", verify_complete_chained(registry(), variant, &chain)),
                expected
            );
            assert_eq!(
                format!("{:?}", verify_complete_chained(registry(), variant, &chain[1..])),
                expected
            );
        }
        assert!(verify_complete(registry(), &altered).failure.is_some());
    }
}

/// `format::build` keeps the entries in force only from a draft's first arbiter entry on, made
/// then from the entries before it: what it builds, and what it refuses, must be what a replay
/// keeping them from the start makes of the same moves.
#[test]
fn a_draft_with_corrections_builds_as_a_replay_keeping_every_entry_in_force() {
    use kifu_core::format::{build_checked, Draft, DraftMove};
    let arbiter = Some(Actor::Arbiter);
    // `None` as the text: the first legal move where it stands.
    let steps: [(Option<Actor>, Option<&str>); 13] = [
        (None, Some("3")),
        (None, None),
        (Some(Actor::Note), Some("a note before any correction")),
        (None, Some("2")),
        (None, None),
        (arbiter, Some("correct 2 the second throw was a 4, not a 2")),
        (None, Some("4")),
        (None, None),
        (arbiter, Some("correct 9 no such entry")),
        (arbiter, Some("correct 0 start again")),
        (None, Some("1")),
        (None, None),
        (arbiter, Some("correct 6 a correction withdrawn")),
    ];
    let header = senet(ChanceMode::Observed);
    let mut general = Replay::start(registry(), &header).unwrap();
    let mut made = Vec::new();
    let mut moves = Vec::new();
    for (at, (actor, text)) in steps.into_iter().enumerate() {
        let text = text.map_or_else(|| general.current().legal().unwrap()[0].clone(), str::to_string);
        let played = general.play(actor, &text, None);
        moves.push(DraftMove {
            actor,
            text,
            line: at + 1,
        });
        let draft = Draft {
            game: "senet".into(),
            players: vec!["A".into(), "B".into()],
            moves: moves.clone(),
            line: 1,
            ..Draft::default()
        };
        match played {
            Ok(entry) => {
                made.push(entry);
                let built = build_checked(registry(), &draft, None).unwrap();
                assert_eq!(built.record().entries, made, "after step {at}");
                assert!(verify_record(registry(), built.record()).failure.is_none());
            }
            Err(refused) => {
                let err = build_checked(registry(), &draft, None).unwrap_err();
                assert!(
                    err.reason.ends_with(&refused.reason),
                    "{} / {}",
                    err.reason,
                    refused.reason
                );
                // The general replay is spent only where it refused: drop the step from both.
                moves.pop();
            }
        }
    }
    assert!(general.withdrawn().len() >= 3, "{:?}", general.withdrawn());
}
