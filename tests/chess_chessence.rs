//! End-to-end: a Chessence game through the `kifu` binary (moves typed in UCI and SAN, kept as
//! SAN, an entry from reserve among them), `kifu perft` from the start, export to PGN with its
//! Variant tag, import into another store to the same state, verify; and moves Chessence does
//! not allow refused with the reason while the head stays where it was.

use kifu_e2e::Session;

#[test]
fn perft_from_the_start() {
    let s = Session::new();
    // 36 first moves counted by hand (seeds/chess/chessence.md); depth 2 and 3 are the counts
    // the unit tests' naive generator agrees on.
    assert_eq!(s.ok(&["perft", "--variant", "chessence", "--depth", "1"]).trim(), "36");
    assert_eq!(
        s.ok(&["perft", "--variant", "chessence", "--depth", "2"]).trim(),
        "1294"
    );
}

#[test]
fn a_chessence_game_is_recorded_exported_imported_and_refuses_bad_moves() {
    let s = Session::new();
    let id = s
        .ok(&["new", "chessence", "--player", "Jim", "--player", "David"])
        .trim()
        .to_string();
    for text in ["d3c3", "P7d7", "e3e4", "c8c9", "P@e3"] {
        s.ok(&["play", &id, text]);
    }

    let before = s.head(&id);
    for (bad, why) in [
        ("a9a8", "kings never move"),
        ("b8a8", "cannot reach a8"),
        ("P@c6", "start cell"),
        ("P@d3", "start cell"),
        ("e4e3", "no black man on e4"),
    ] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(why), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }
    s.ok(&["play", &id, "P@c8"]);

    let file = s.path("game.pgn");
    s.ok(&["export", &id, "--format", "pgn", "-o", file.to_str().unwrap()]);
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.contains("[Variant \"Chessence\"]") && written.contains("1. P3c3 P7d7 2. Pee4 Pcc9 3. P@e3 P@c8"),
        "{written}"
    );
    let other = Session::new();
    let again = other.ok(&["import", file.to_str().unwrap()]).trim().to_string();
    let state = |s: &Session, id: &str| s.json(&["show", id, "--json"])["state"].clone();
    assert_eq!(state(&other, &again), state(&s, &id), "{written}");
    assert!(other.ok(&["verify", &again]).contains(": ok,"));
}
