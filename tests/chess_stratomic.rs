//! End-to-end: Stratomic through the `kifu` binary: perft from the start and from an armed
//! FEN, a short game with `new` and `play` where a knight is taken and each side launches a
//! nuclea, a launch refused before anything but a pawn is taken and one of a nuclea already
//! spent (each with the reason, the head unchanged), `show` and `log`, exported
//! to PGN, imported in another store to the same state and verified.

use kifu_e2e::Session;

#[test]
fn perft_from_the_start_and_from_an_armed_fen() {
    let s = Session::new();
    // Fairy-Stockfish (no launch can arise in three plies) and the naive generator of the unit
    // tests agree on the first; the naive generator alone on the second (launches).
    assert_eq!(
        s.ok(&["perft", "--variant", "stratomic", "--depth", "3"]).trim(),
        "88342"
    );
    let fen = "10/1u2k5/10/10/8P1/10/3q6/10/U4K4/10 w - - (armed) 0 1";
    assert_eq!(
        s.ok(&["perft", "--variant", "stratomic", "--fen", fen, "--depth", "2"])
            .trim(),
        "1938"
    );
}

#[test]
fn a_stratomic_game_launches_goes_out_as_pgn_and_comes_back() {
    let s = Session::new();
    let id = s.ok(&["new", "stratomic", "-p", "Ann", "-p", "Bob"]).trim().to_string();
    s.ok(&["play", &id, "Nd4", "Ng7", "Ne6"]);

    // Nothing but pawns taken yet: no launch.
    let before = s.head(&id);
    let run = s.fails(&["play", &id, "Ua9@e2"], 1);
    assert!(run.stderr.contains("no piece other than a pawn"), "{}", run.stderr);
    assert_eq!(s.head(&id), before, "a refused launch changed the head");

    // The knight taken arms the launches: White blows away e6 and around e7, Black the white
    // queen, bishop and pawns around f3 (the white king on f2 survives).
    s.ok(&["play", &id, "Nxe6", "Uj2@e7"]);
    let shown = s.ok(&["show", &id]);
    assert!(shown.contains("nuclea launches: armed"), "{shown}");
    s.ok(&["play", &id, "Ua9@f3", "Bf4"]);
    // The a9 nuclea is spent: launching it again is refused with the reason.
    let before = s.head(&id);
    let run = s.fails(&["play", &id, "Ua9@e2"], 1);
    assert!(run.stderr.contains("no black nuclea stands on a9"), "{}", run.stderr);
    assert_eq!(s.head(&id), before, "a refused launch changed the head");

    let log = s.ok(&["log", &id]);
    assert!(log.contains("p1 Uj2@e7") && log.contains("p2 Ua9@f3"), "{log}");
    let pgn = s.ok(&["export", &id, "--format", "pgn"]);
    assert!(pgn.contains("[Variant \"Stratomic\"]"), "{pgn}");
    assert!(pgn.contains("3. Uj2@e7 Ua9@f3 4. Bf4"), "{pgn}");
    let other = Session::new();
    let file = other.path("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let again = other.ok(&["import", file.to_str().unwrap()]).trim().to_string();
    let state = |s: &Session, id: &str| s.json(&["show", id, "--json"])["state"].clone();
    assert_eq!(state(&other, &again), state(&s, &id), "{pgn}");
    assert!(other.ok(&["verify", &again]).contains(": ok,"));
    let fen = state(&s, &id)["fen"].to_string();
    assert!(fen.contains("b KQkq - (armed) 1 4"), "{fen}");
}
