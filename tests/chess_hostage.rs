//! End-to-end: Hostage chess through the `kifu` binary: perft from the start and from a FEN
//! with prisons, the Wikipedia article's Fried Liver line played with `new` and `play` (the
//! exchange typed in the published form, kept as `N-B@f7+`), exported to PGN, imported in
//! another store to the same state and verified; exchanges the rules forbid refused with the
//! reason while the head stays where it was.

use kifu_e2e::Session;

#[test]
fn perft_from_the_start_and_from_a_fen() {
    let s = Session::new();
    // Standard chess's published count: no capture can happen in the first two plies.
    assert_eq!(s.ok(&["perft", "--variant", "hostage", "--depth", "3"]).trim(), "8902");
    // The count the naive generator of the unit tests agrees on.
    let fen = "2k5/1P6/8/8/8/8/8/4K3[] b - - (Rp) 0 1";
    assert_eq!(
        s.ok(&["perft", "--variant", "hostage", "--fen", fen, "--depth", "2"])
            .trim(),
        "3124"
    );
}

#[test]
fn a_hostage_game_goes_out_as_pgn_comes_back_and_refuses_bad_exchanges() {
    let s = Session::new();
    let id = s.ok(&["new", "hostage", "-p", "Ann", "-p", "Bob"]).trim().to_string();
    s.ok(&[
        "play", &id, "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5", "exd5", "Nxd5", "Nxf7", "Kxf7", "Qf3+",
        "Ke6", "Bxd5+", "Qxd5",
    ]);

    let before = s.head(&id);
    // A pawn cannot buy a bishop back; no white queen is held; a pawn never drops on rank 8.
    for bad in ["P-B@f7", "N-Q@f7", "P-P@a8"] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains("not legal"), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }
    s.ok(&["play", &id, "(N-B)B*f7+"]);

    let pgn = s.ok(&["export", &id, "--format", "pgn"]);
    assert!(pgn.contains("[Variant \"Hostage\"]"), "{pgn}");
    assert!(pgn.contains("8. Bxd5+ Qxd5 9. N-B@f7+"), "{pgn}");
    let other = Session::new();
    let file = other.path("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let again = other.ok(&["import", file.to_str().unwrap()]).trim().to_string();
    let state = |s: &Session, id: &str| s.json(&["show", id, "--json"])["state"].clone();
    assert_eq!(state(&other, &again), state(&s, &id), "{pgn}");
    assert!(other.ok(&["verify", &again]).contains(": ok,"));
    // The knight given waits in Black's airfield; White's prison keeps two black pawns, Black's
    // a white knight and pawn.
    let fen = state(&s, &id).to_string();
    assert!(fen.contains("[n] b KQ - (NPpp)"), "{fen}");
}
