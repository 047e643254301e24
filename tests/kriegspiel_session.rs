//! End-to-end: Kriegspiel with the `kifu` binary: a session in which each seat is shown its own
//! men and attempts and everyone the umpire's words, an illegal attempt recorded and the turn
//! kept, bad input refused with the reason and nothing stored, the game in PGN and back, and a
//! random playout that ends and verifies.

use kifu_e2e::Session;

#[test]
fn a_kriegspiel_session_shows_each_seat_its_own_men_and_the_umpire() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "kriegspiel",
            "--seed",
            "4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b",
            "-p",
            "Ann",
            "-p",
            "Ben",
        ])
        .trim()
        .to_string();
    // e4f5 is a pawn try onto an empty square: recorded, refused by the umpire, White again.
    s.ok(&["play", &id, "e2e4", "d7d5", "e4f5"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["seat"], 0, "{shown}");
    let before = shown["head"].clone();

    // Bad input is refused with the reason, and the head does not move.
    let refused = s.fails(&["play", &id, "e4f5"], 1);
    assert!(refused.stderr.contains("refused as illegal"), "{}", refused.stderr);
    let refused = s.fails(&["play", &id, "Bf1a5"], 1);
    assert!(
        refused.stderr.contains("not a move your pieces could try"),
        "{}",
        refused.stderr
    );
    assert_eq!(s.json(&["show", &id, "--json"])["head"], before);
    s.ok(&["play", &id, "exd5"]);

    // Each seat sees its own men; the arbiter everything.
    let white = s.json(&["show", &id, "--as", "p1", "--json"]);
    assert_eq!(
        white["state"]["fen"], "8/8/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQ - ? 2",
        "{white}"
    );
    assert_eq!(white["state"]["umpire"], "White has moved, pawn captured on d5");
    let black = s.json(&["show", &id, "--as", "p2", "--json"]);
    assert_eq!(black["state"]["fen"], "rnbqkbnr/ppp1pppp/8/8/8/8/8/8 b kq - ? 2");
    let text = s.ok(&["show", &id, "--as", "p2"]);
    assert!(text.contains("umpire: White has moved, pawn captured on d5"), "{text}");
    let full = s.json(&["show", &id, "--as", "arbiter", "--json"]);
    assert_eq!(
        full["state"]["fen"],
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );

    // The logs: a seat its own attempts, `?` for the other's, the umpire's words to all.
    let white_log = s.ok(&["log", &id, "--as", "p1"]);
    assert!(
        white_log.contains("e4f5 salt=") && white_log.contains("{illegal}"),
        "{white_log}"
    );
    assert!(white_log.contains("? {Black has moved, 1 pawn try}"), "{white_log}");
    assert!(!white_log.contains("d7d5"), "{white_log}");
    let black_log = s.ok(&["log", &id, "--as", "p2"]);
    assert!(
        black_log.contains("? {illegal}") && !black_log.contains("e4f5"),
        "{black_log}"
    );
    assert!(!black_log.contains("s="), "no state hash in a seat's log: {black_log}");
    let public = s.ok(&["log", &id, "--as", "public"]);
    assert!(
        !public.contains("e2e4") && public.contains("? {White has moved}"),
        "{public}"
    );

    // A seat's export is refused (a file cannot hide part of a record); the arbiter's PGN
    // carries the refused attempt in a comment.
    s.fails(&["export", &id, "--as", "p1"], 2);
    let pgn = s.ok(&["export", &id, "--as", "arbiter", "--format", "kriegspiel-pgn"]);
    assert!(
        pgn.contains("[Variant \"Kriegspiel\"]") && pgn.contains("1. e4 d5 2. {refused: e4f5} exd5"),
        "{pgn}"
    );

    // Black resigns: the game is over, and the record verifies.
    s.ok(&["play", &id, "e7e5", "g1f3", "resign"]);
    let over = s.json(&["show", &id, "--json"]);
    assert_eq!(over["turn"]["kind"], "over", "{over}");
    let verified = s.ok(&["verify", &id]);
    assert!(verified.contains("over"), "{verified}");

    // The PGN reads back as a game that verifies.
    let pgn = s.ok(&["export", &id, "--as", "arbiter", "--format", "kriegspiel-pgn"]);
    assert!(pgn.contains("2. {refused: e4f5} exd5 e5 3. Nf3 1-0"), "{pgn}");
    let file = s.path("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let imported = s.ok(&["import", file.to_str().unwrap(), "--format", "kriegspiel-pgn"]);
    let new_id = imported.split_whitespace().next().unwrap_or_default().to_string();
    assert!(!new_id.is_empty(), "{imported}");
    s.ok(&["verify", &new_id]);
}

#[test]
fn a_random_playout_ends_and_verifies() {
    let s = Session::new();
    let id = s
        .ok(&["new", "kriegspiel", "--seed", "0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e"])
        .trim()
        .to_string();
    s.ok(&["playout", &id]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["kind"], "over", "{shown}");
    s.ok(&["verify", &id]);
}
