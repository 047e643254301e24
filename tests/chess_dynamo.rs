//! End-to-end: a Dynamo chess game through the `kifu` binary: pushes and pulls typed in UCI and
//! SAN, kept as SAN; exported to PGN with its Variant tag, imported in another store to the
//! same moves and state, verified; perft from the command line; and moves Dynamo does not
//! allow refused with the reason while the head stays where it was.

use kifu_e2e::Session;

#[test]
fn a_dynamo_game_goes_out_as_pgn_and_comes_back() {
    let s = Session::new();
    let id = s.ok(&["new", "dynamo", "-p", "Ann", "-p", "Bob"]).trim().to_string();
    // The g1 knight pushes the e-pawn to c3; the b8 knight the d-pawn to f6; the queen pushes
    // the e5 pawn off the board, then steps back pulling the h6 knight.
    s.ok(&[
        "play",
        &id,
        "g1g1/e2c3",
        "e5",
        "Qh5",
        "b8b8/d7f6",
        "Qh5h5/e5x",
        "Nh6",
        "h5h4/h6h5",
    ]);

    let before = s.head(&id);
    // Black to move: a capture (no move in Dynamo), a king "pushing" a piece not next to it on
    // its line, and a pull by a white rook.
    for bad in ["Qxh5", "e8e7/f7f5", "h1h1/h5h1"] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(bad), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }

    let pgn = s.ok(&["export", &id, "--format", "pgn"]);
    assert!(pgn.contains("[Variant \"Dynamo\"]"), "{pgn}");
    assert!(
        pgn.contains("1. Ng1g1/e2c3 e5") && pgn.contains("3. Qh5h5/e5x Nh6"),
        "{pgn}"
    );
    let other = Session::new();
    let file = other.path("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let again = other.ok(&["import", file.to_str().unwrap()]).trim().to_string();
    let state = |s: &Session, id: &str| s.json(&["show", id, "--json"])["state"].clone();
    assert_eq!(state(&other, &again), state(&s, &id), "{pgn}");
    assert!(other.ok(&["verify", &again]).contains(": ok,"));
}

#[test]
fn perft_from_the_command_line() {
    let s = Session::new();
    // The engine and the naive generator of the unit tests agree on these.
    assert_eq!(s.ok(&["perft", "--variant", "dynamo", "--depth", "2"]).trim(), "29537");
    let fen = "r3k2r/8/3b4/8/8/4N3/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        s.ok(&["perft", "--variant", "dynamo", "--fen", fen, "--depth", "2"])
            .trim(),
        "11329"
    );
}
