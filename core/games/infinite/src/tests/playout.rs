//! Seeded random games through the kernel, to their end: every position's listed commands
//! apply as listed, and the record written as kifu text reads back and verifies.

use kifu_core::chance::ChanceRng;
use kifu_core::record::{text as kifu_text, ChanceMode, Header, Record};
use kifu_core::replay::{verify_text, Replay};
use kifu_core::rules::Turn;

/// No random game comes near this many moves: the seventy-five-move rule and the finite
/// number of captures and pawn steps end it first (a pawn steps at most six times).
const MAX_PLIES: usize = 20_000;

fn playout(n: u64) -> (Record, String) {
    let mut header = Header::new("infinite", 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    header.id = Some([0x1f; 16]);
    let mut replay = Replay::start(crate::registry(), &header).expect("header");
    let mut record = Record::new(header);
    let outcome = loop {
        if let Turn::Over { outcome } = replay.turn() {
            break outcome;
        }
        let legal = replay.current().legal().expect("listed");
        // Moves only (no resignations, offers or claims), so the game runs to a rule's end.
        let moves: Vec<&String> = legal
            .iter()
            .filter(|c| !c.starts_with("resign") && !c.starts_with("draw"))
            .collect();
        let mut pick = ChanceRng::for_entry(b"infinite playout", n * 100_000 + record.entries.len() as u64);
        let choice = moves[pick.below(moves.len() as u64) as usize];
        record
            .entries
            .push(replay.play(None, choice, None).expect("a listed move"));
        assert!(record.entries.len() < MAX_PLIES, "game {n} does not end");
    };
    (record, outcome.to_string())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn seeded_random_games_end_and_verify() {
    let mut endings = Vec::new();
    for n in 0..2 {
        let (record, outcome) = playout(n);
        let file = kifu_text::write(&record);
        let report = verify_text(crate::registry(), &kifu_text::read(&file).expect("kifu text"));
        assert!(report.failure.is_none(), "game {n}: {:?}", report.failure);
        assert!(matches!(report.turn, Some(Turn::Over { .. })), "game {n}");
        endings.push(format!("{} plies, {outcome}", record.entries.len()));
    }
    eprintln!("{endings:#?}");
}
