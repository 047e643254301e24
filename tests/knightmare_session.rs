//! End-to-end: Knightmare Chess with the `kifu` binary: regular moves and card plays entered
//! with their players, each card's declared effect checked on the board, a bad move and a bad
//! effect refused with the reason and the head unchanged, the game shown, logged, exported as
//! kifu text, imported back and verified, and a random playout.

use kifu_e2e::Session;

#[test]
fn a_knightmare_session_records_cards_and_checks_their_effects() {
    let s = Session::new();
    let id = s
        .ok(&["new", "knightmare", "--player", "Cléquin", "--player", "Faidutti"])
        .trim()
        .to_string();
    // Either side may act at once, so an entry without its player is refused.
    let refused = s.fails(&["play", &id, "e4"], 1);
    assert!(refused.stderr.contains("name the actor"), "{}", refused.stderr);
    s.ok(&[
        "play",
        &id,
        "p1:e4",
        "p1:card Extra Move: Ng1-f3 as N",
        "p2:e5",
        "p1:Nxe5",
    ]);
    let (seq, head) = s.head(&id);
    assert_eq!(seq, 4);

    // A regular move out of turn, steps the board contradicts.
    let refused = s.fails(&["play", &id, "p1:d4"], 1);
    assert!(
        refused.stderr.contains("White has made its regular move of this turn"),
        "{}",
        refused.stderr
    );
    let refused = s.fails(&["play", &id, "p2:card Revenge: nb8-e5"], 1);
    assert!(
        refused.stderr.contains("e5 is not empty: a white knight stands there"),
        "{}",
        refused.stderr
    );
    let refused = s.fails(&["play", &id, "p2:card Revenge: qd8xe5 as Q"], 1);
    assert!(
        refused.stderr.contains("a queen on d8 cannot go to e5 here"),
        "{}",
        refused.stderr
    );
    assert_eq!(s.head(&id), (seq, head.clone()), "nothing stored");

    s.ok(&["play", &id, "p2:card Resurrect: return p@e6", "p2:Qe7"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(
        shown["state"]["fen"], "rnb1kbnr/ppppqppp/4p3/4N3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 1 3",
        "{shown}"
    );
    assert_eq!(shown["state"]["captured"], "-");
    let text = s.ok(&["show", &id]);
    assert!(text.contains("captured, may be returned: -"), "{text}");
    let log = s.ok(&["log", &id, "--as", "p2"]);
    assert!(log.contains("p1 card Extra Move: Ng1-f3 as N"), "{log}");
    assert!(log.contains("p2 card Resurrect: return p@e6"), "{log}");

    let file = s.path("knightmare.kifu");
    s.ok(&["export", &id, "--output", file.to_str().unwrap()]);
    let exported = std::fs::read_to_string(&file).unwrap();
    assert!(exported.contains("game knightmare"), "{exported}");
    s.ok(&["verify", file.to_str().unwrap()]);
    let other = Session::new();
    other.ok(&["import", file.to_str().unwrap()]);
    let stored = other.stored();
    assert_eq!(stored.len(), 1);
    other.ok(&["verify", &stored[0]]);
}

#[test]
fn a_random_playout_ends_and_verifies() {
    // Near the seventy-five-move rule, so the playout is short (a whole random game is played
    // by the crate's tests).
    let s = Session::new();
    let id = s
        .ok(&["new", "knightmare", "--start", "4k3/8/8/8/8/8/8/4K2R w K - 140 80 q"])
        .trim()
        .to_string();
    s.ok(&["playout", &id, "--policy", "0b"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["kind"], "over", "{shown}");
    s.ok(&["verify", &id]);
}
