//! End-to-end: double chess, Chad, Masonic chess, Plender and the horizontal cylinder
//! (`cylinder -O wrap=ranks`)
//! through the `kifu` binary: a game made with `new` and `play`, exported to PGN, imported in
//! another store to the same moves and state, verified; perft from the command line; and a
//! bad option or a missing start refused with the reason, storing nothing.

use kifu_e2e::Session;

/// The horizontal cylinder has no start array of its own: this one keeps the armies apart.
const CYLINDER_START: &str = "r3k3/pp6/8/8/8/8/PP6/R5K1 w - - 0 1";

fn round_trip(new: &[&str], moves: &[&str], tag: &str) {
    let s = Session::new();
    let id = s.ok(new).trim().to_string();
    let mut args = vec!["play", id.as_str()];
    args.extend(moves);
    s.ok(&args);
    let pgn = s.ok(&["export", &id, "--format", "pgn"]);
    assert!(pgn.contains(tag), "{pgn}");
    let other = Session::new();
    let file = other.path("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let again = other.ok(&["import", file.to_str().unwrap()]).trim().to_string();
    let state = |s: &Session, id: &str| s.json(&["show", id, "--json"])["state"].clone();
    assert_eq!(state(&other, &again), state(&s, &id), "{pgn}");
    assert!(other.ok(&["verify", &again]).contains(": ok,"));
}

#[test]
fn doublechess_game_goes_out_as_pgn_and_comes_back() {
    round_trip(
        &["new", "doublechess", "-p", "Ann", "-p", "Bob"],
        &[
            "g1h3", "f11f7", "g2g4", "f7f6", "e2e6", "f6e5", "f1g2", "a11a10", "e1g1",
        ],
        "[Variant \"Double chess\"]",
    );
}

#[test]
fn chad_game_goes_out_as_pgn_and_comes_back() {
    round_trip(
        &["new", "chad", "-p", "Ann", "-p", "Bob"],
        &["e5e12", "j8l8", "e12h12", "j10l10", "h12h11", "l10l9", "h11h10"],
        "[Variant \"Chad\"]",
    );
}

#[test]
fn masonic_game_goes_out_as_pgn_and_comes_back() {
    round_trip(
        &["new", "masonic", "-p", "Ann", "-p", "Bob"],
        &[
            "a2a3", "g8h6", "e2e3", "b8c6", "f1e2", "d7e5", "g1f3", "h6g4", "e1g1", "c6d4",
        ],
        "[Variant \"Masonic\"]",
    );
}

#[test]
fn horizontal_cylinder_game_goes_out_as_pgn_and_comes_back() {
    round_trip(
        &[
            "new",
            "cylinder",
            "-O",
            "wrap=ranks",
            "--start",
            CYLINDER_START,
            "-p",
            "Ann",
            "-p",
            "Bob",
        ],
        &["a1a8", "e8d7", "g1g8", "b7b6", "g8h1"],
        "[Variant \"Horizontal cylinder\"]",
    );
}

#[test]
fn plender_game_goes_out_as_pgn_and_comes_back() {
    // 3...Nxd5 puts a pawn's vest on the knight, 4...Nxc4 spends it and takes another.
    round_trip(
        &["new", "plender", "-p", "Ann", "-p", "Bob"],
        &[
            "e2e4", "d7d5", "e4d5", "g8f6", "d2d4", "f6d5", "c2c4", "d5c4", "g1f3", "c4c3",
        ],
        "[Variant \"Plender\"]",
    );
}

#[test]
fn perft_from_the_command_line() {
    let s = Session::new();
    assert_eq!(
        s.ok(&["perft", "--variant", "doublechess", "--depth", "2"]).trim(),
        "5184"
    );
    assert_eq!(s.ok(&["perft", "--variant", "chad", "--depth", "2"]).trim(), "2844");
    assert_eq!(s.ok(&["perft", "--variant", "masonic", "--depth", "2"]).trim(), "1225");
    // Plender with two vested rooks: the count the naive generator of the unit tests agrees on.
    let vested = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - (a1N,h8B) 0 1";
    assert_eq!(
        s.ok(&["perft", "--variant", "plender", "--fen", vested, "--depth", "2"])
            .trim(),
        "800"
    );
    let fen = "r1k4r/pp3ppp/2n5/2p5/4P3/5N2/PPP2PPP/R3K2R w KQ - 0 1";
    assert_eq!(
        s.ok(&["perft", "--variant", "horizontalcylinder", "--fen", fen, "--depth", "2"])
            .trim(),
        "693"
    );
}

#[test]
fn a_bad_wrap_or_a_missing_start_is_refused() {
    let s = Session::new();
    let run = s.fails(&["new", "cylinder", "-O", "wrap=diagonal"], 2);
    assert!(run.stderr.contains("'files' or 'ranks'"), "{}", run.stderr);
    let run = s.fails(&["new", "cylinder", "-O", "wrap=ranks"], 2);
    assert!(run.stderr.contains("give a start position"), "{}", run.stderr);
    assert!(!s.ok(&["list"]).contains("cylinder"));
}
