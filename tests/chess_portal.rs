//! End-to-end: Portal chess (porthole chess) through the `kifu` binary: perft from the start,
//! a game made with `new` and `play` (porthole moves typed in UCI and SAN, kept as SAN with
//! their exit), exported to PGN, imported in another store to the same state and verified;
//! moves the portholes forbid refused with the reason while the head stays where it was.

use kifu_e2e::Session;

#[test]
fn perft_from_the_start_and_from_a_fen() {
    let s = Session::new();
    // The counts the naive generator of the unit tests agrees on.
    assert_eq!(s.ok(&["perft", "--variant", "portal", "--depth", "2"]).trim(), "2588");
    let fen = "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - (b1,g8,d4,e5,c3,f6) 0 1";
    assert_eq!(
        s.ok(&["perft", "--variant", "portal", "--fen", fen, "--depth", "2"])
            .trim(),
        "273"
    );
}

#[test]
fn a_portal_game_goes_out_as_pgn_comes_back_and_refuses_bad_moves() {
    let s = Session::new();
    let id = s.ok(&["new", "portal", "-p", "Ann", "-p", "Bob"]).trim().to_string();
    // The knight enters c3 and leaves by f6 with check; the g7 pawn takes it there and leaves
    // by h5; the e2 pawn enters f3 and leaves by c6; the b7 pawn takes it and leaves by a4.
    s.ok(&["play", &id, "b1c3f6", "gxf6>h5", "e2f3c6", "b7c6a4"]);

    let before = s.head(&id);
    // h4 holds a porthole (no pawn step onto one); c3 lost its token to b1 (a pawn goes
    // diagonally only to take or to enter); e2 now holds one, and the king entering it must
    // name its exit.
    for bad in ["h2h4", "b2c3", "Ke2"] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(bad), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }
    let run = s.fails(&["play", &id, "Ke2"], 1);
    assert!(run.stderr.contains("Ke2>"), "{}", run.stderr);

    let pgn = s.ok(&["export", &id, "--format", "pgn"]);
    assert!(pgn.contains("[Variant \"Portal\"]"), "{pgn}");
    assert!(pgn.contains("1. Nc3>f6+ gxf6>h5 2. ef3>c6 bxc6>a4"), "{pgn}");
    let other = Session::new();
    let file = other.path("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let again = other.ok(&["import", file.to_str().unwrap()]).trim().to_string();
    let state = |s: &Session, id: &str| s.json(&["show", id, "--json"])["state"].clone();
    assert_eq!(state(&other, &again), state(&s, &id), "{pgn}");
    assert!(other.ok(&["verify", &again]).contains(": ok,"));
    // The state's FEN holds the portholes: the c3, f3, f6 and c6 tokens moved to b1, e2, g7, b7.
    let fen = state(&s, &id).to_string();
    assert!(fen.contains("(b1,e2,a4,h4,a5,h5,b7,g7)"), "{fen}");
}
