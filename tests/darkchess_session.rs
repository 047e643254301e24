//! End-to-end: dark chess with the `kifu` binary: a session whose views (show, log, export)
//! hide from each seat what its pieces do not see, a move that is not one refused with the
//! reason and nothing stored, a king taken, the game in PGN and back, and a random playout.

use kifu_e2e::Session;

#[test]
fn a_dark_chess_session_shows_each_seat_its_own_sight() {
    let s = Session::new();
    let id = s.ok(&["new", "darkchess", "-p", "Ann", "-p", "Ben"]).trim().to_string();
    s.ok(&["play", &id, "e4", "d5", "Nc3", "Qd6"]);
    let before = s.json(&["show", &id, "--json"])["head"].clone();

    // A move that is not one is refused with the reason, and the head does not move.
    let refused = s.fails(&["play", &id, "Nd6"], 1);
    assert!(refused.stderr.contains("Nd6"), "{}", refused.stderr);
    let refused = s.fails(&["play", &id, "Qxd5"], 1);
    assert!(refused.stderr.contains("queen"), "{}", refused.stderr);
    assert_eq!(s.json(&["show", &id, "--json"])["head"], before);

    // White sees d5 (exd5) but not the queen on d6 behind it; Black sees its queen.
    let white = s.json(&["show", &id, "--as", "p1", "--json"]);
    let fen = white["state"]["fen"].as_str().unwrap_or_else(|| panic!("{white}"));
    assert_eq!(fen, "????????/????????/1???????/?1?p1??1/4P3/2N1?3/PPPP1PPP/R1BQKBNR w KQ - ? 3");
    let shown = s.ok(&["show", &id, "--as", "p1"]);
    assert!(shown.contains("White view:") && !shown.contains('q'), "{shown}");
    let black = s.json(&["show", &id, "--as", "p2", "--json"]);
    assert!(black["state"]["fen"].as_str().unwrap().starts_with("rnb1kbnr/ppp1pppp/3q"), "{black}");
    let full = s.json(&["show", &id, "--as", "arbiter", "--json"]);
    assert_eq!(
        full["state"]["fen"],
        "rnb1kbnr/ppp1pppp/3q4/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3"
    );

    // The log: a seat sees its own moves, the public none.
    let log = |view: &str| -> Vec<String> {
        s.ok(&["log", &id, "--as", view])
            .lines()
            .filter_map(|l| l.split_whitespace().nth(2).map(str::to_string))
            .collect()
    };
    assert_eq!(log("p1"), ["e4", "?", "Nc3", "?"]);
    assert_eq!(log("p2"), ["?", "d5", "?", "Qd6"]);
    assert_eq!(log("public"), ["?", "?", "?", "?"]);
    assert_eq!(log("arbiter"), ["e4", "d5", "Nc3", "Qd6"]);
    assert!(!s.ok(&["log", &id, "--as", "p1"]).contains("s="), "no state hash in a seat's log");

    // A file cannot hide part of a record: a seat's export is refused, the arbiter's whole.
    let run = s.fails(&["export", &id, "--as", "p1"], 2);
    assert!(run.stderr.contains("--as arbiter"), "{}", run.stderr);
    let pgn = s.ok(&["export", &id, "--as", "arbiter", "--format", "darkchess-pgn"]);
    assert!(pgn.contains("[Variant \"Dark chess\"]") && pgn.contains("1. e4 d5 2. Nc3 Qd6"), "{pgn}");

    // The king left in attack is taken: the game ends, and the record verifies.
    s.ok(&["play", &id, "Nb5", "Qxh2", "Nc7", "Qxg1", "Nxe8"]);
    let over = s.json(&["show", &id, "--json"]);
    assert_eq!(over["turn"]["kind"], "over", "{over}");
    assert!(over["turn"]["outcome"]["reason"].as_str().unwrap().contains("took the king"), "{over}");
    assert!(s.ok(&["verify", &id]).contains("over"));

    // The PGN reads back as the same game.
    let pgn = s.ok(&["export", &id, "--as", "arbiter", "--format", "darkchess-pgn"]);
    assert!(pgn.contains("Nxe8#") && pgn.contains("1-0"), "{pgn}");
    let file = s.path("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let imported = s.ok(&["import", file.to_str().unwrap(), "--format", "darkchess-pgn"]);
    assert!(!imported.trim().is_empty(), "{imported}");
}

#[test]
fn a_random_playout_ends_and_verifies() {
    let s = Session::new();
    let id = s.ok(&["new", "darkchess"]).trim().to_string();
    s.ok(&["playout", &id, "--policy", "d4"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["kind"], "over", "{shown}");
    s.ok(&["verify", &id]);
}
