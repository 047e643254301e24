//! End-to-end: a Congo game recorded with the `kifu` binary (moves typed in UCI and SAN, kept
//! as SAN), `kifu perft` from the start, export to PGN with its Variant tag and import back,
//! and moves Congo does not allow refused with the reason while the head stays where it was.

use kifu_e2e::Session;

#[test]
fn a_congo_game_is_recorded_exported_and_refuses_bad_moves() {
    let s = Session::new();
    // 24 first moves (counted by hand in seeds/chess/congo.md), 24 replies to each.
    assert_eq!(s.ok(&["perft", "--variant", "congo", "--depth", "2"]).trim(), "576");

    let id = s
        .ok(&["new", "congo", "--player", "Demian", "--player", "Christian"])
        .trim()
        .to_string();
    s.ok(&["play", &id, "c2c3"]);
    s.ok(&["play", &id, "Zf5"]);
    s.ok(&["play", &id, "a1a3"]);

    let before = s.head(&id);
    for bad in ["Qd4", "d7d5", "d6d4", "e7e6", "b1b3"] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(bad), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }

    let file = s.path("game.pgn");
    s.ok(&["export", &id, "--format", "pgn", "-o", file.to_str().unwrap()]);
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.contains("[Variant \"Congo\"]") && written.contains("1. cc3 Zf5 2. Ga3"),
        "{written}"
    );
    let other = Session::new();
    let imported = other.ok(&["import", file.to_str().unwrap()]);
    assert!(!imported.trim().is_empty());
}
