//! Records made by an earlier kifu still verify, byte for byte: one seeded demo game of every
//! game registered at commit cb6daac, and of each added by 0547563 (`kifu demo GAME --seed
//! 000102..0f --policy 07`, exported as kifu text, `--as arbiter` where the record hides
//! something), kept in fixtures/compat/ (its README says which).
//! A game whose rules version was raised since keeps the old version for them
//! (`Rules::at_version`): a verifier must not call an honest record tampered.

use std::path::PathBuf;

use kifu_core::record::text;
use kifu_core::record::Actor;
use kifu_core::replay::{game_for, verify_text, Replay};

fn fixtures() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/compat");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "kifu"))
        .map(|p| {
            let game = p.file_stem().unwrap().to_string_lossy().into_owned();
            (game, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_old_record_verifies() {
    let files = fixtures();
    assert!(files.len() >= 30, "only {} compatibility fixtures", files.len());
    let mut wrong = Vec::new();
    for (game, body) in &files {
        let file = text::read(body).unwrap_or_else(|e| panic!("{game}: {e}"));
        let report = verify_text(kifu_games::registry(), &file);
        if let Some(failure) = report.failure {
            wrong.push(format!("{game}: {failure}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The games whose rules version went from 1 to 2 after cb6daac, keeping version 1.
const RAISED_KEEPING_V1: &[&str] = &["briscola", "briscola-chiamata", "splendor", "redblackwar", "fakeartist"];

/// A version-1 record continued stays at version 1: its first entries replayed, the next player's
/// move entered again by hand makes exactly the entry the old kifu stored (same text, same state
/// hash), and the game replaying it is the one at rules version 1.
#[test]
fn a_version_1_record_continued_stays_at_version_1() {
    for game in RAISED_KEEPING_V1 {
        continued_stays_at(game, game, 1, 2);
    }
}

/// Chess went from rules version 2 to 3 after 47d30ef (the state hash no longer covers the FEN
/// and the repetition digest): records made at version 2 by that commit's kifu are kept as
/// `GAME-v2.kifu` and continue at version 2.
#[test]
fn a_chess_version_2_record_continued_stays_at_version_2() {
    for game in ["chess", "chess960", "crazyhouse", "threecheck"] {
        continued_stays_at(&format!("{game}-v2"), game, 2, 3);
    }
}

/// The fixture `file` of `game`, made at rules version `old` (today `now`): replayed up to a
/// seat's move past the first few entries, that move entered by hand makes the stored entry.
fn continued_stays_at(file: &str, game: &str, old: u32, now: u32) {
    let files = fixtures();
    let (_, body) = files
        .iter()
        .find(|(name, _)| name == file)
        .unwrap_or_else(|| panic!("no fixture {file}"));
    let parsed = text::read(body).unwrap_or_else(|e| panic!("{file}: {e}"));
    let record = &parsed.record;
    assert_eq!(record.header.rules_version, old, "{file}");
    let rules = game_for(kifu_games::registry(), &record.header).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(rules.version(), old, "{file}: replayed at version {old}");
    let current = kifu_games::registry()
        .find(game)
        .unwrap_or_else(|| panic!("{game} registered"));
    assert_eq!(current.version(), now, "{game}: new records are made at version {now}");
    let mut replay = Replay::start(kifu_games::registry(), &record.header).unwrap_or_else(|e| panic!("{file}: {e}"));
    // Replay up to a seat's move past the first few entries, then enter that move by hand.
    let at = record
        .entries
        .iter()
        .position(|e| e.seq > 3 && matches!(e.actor, Actor::Seat(_)))
        .unwrap_or_else(|| panic!("{file}: no seat's move past entry 3"));
    for entry in &record.entries[..at] {
        replay.check(entry).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    let stored = &record.entries[at];
    let made = replay
        .play(Some(stored.actor), &stored.command, None)
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(made.command, stored.command, "{file}: entry {}", stored.seq);
    assert_eq!(made.state, stored.state, "{file}: entry {}'s state hash", stored.seq);
}
