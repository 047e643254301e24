//! End-to-end: Infinite chess with the `kifu` binary: the scholar's mate tried on the unbounded
//! board (the king walks out past the old eighth rank), a rook sent a million squares, moves
//! refused with the reason and the head unchanged, the picture (a window round the king), the
//! record exported as kifu text, imported in another store to the same state and verified; a
//! game from a position text to its mate; a random playout that verifies.

use kifu_e2e::Session;

#[test]
fn an_infinite_chess_session_goes_out_and_comes_back() {
    let s = Session::new();
    let id = s.ok(&["new", "infinite", "-p", "Ann", "-p", "Bob"]).trim().to_string();
    s.ok(&[
        "play",
        &id,
        "(5,2)-(5,4)",
        "(5,7)-(5,5)",
        "B(6,1)-(3,4)",
        "N(2,8)-(3,6)",
        "Q(4,1)-(8,5)",
        "N(7,8)-(6,6)",
        "Qx(6,7)",
    ]);
    // On 8x8 that is mate; here the black king steps off the old board.
    let shown = s.ok(&["show", &id]);
    assert!(shown.contains("black to move (in check)"), "{shown}");
    let legal = s.ok(&["legal", &id]);
    for escape in ["K(5,8)-(5,9)", "K(5,8)-(6,9)"] {
        assert!(legal.contains(escape), "{legal}");
    }
    assert!(!legal.contains("K(5,8)-(4,9)"), "{legal}");
    s.ok(&["play", &id, "K(5,8)-(5,9)"]);

    // Refused with the reason, and nothing stored.
    let before = s.head(&id);
    for (bad, reason) in [
        ("R(1,1)-(1,5)", "a piece stands between (1,1) and (1,5)"),
        ("R(8,1)-(1000000000000001,1)", "beyond the coordinates kifu keeps"),
        ("K(5,1)-(5,3)", "a king moves one square"),
        ("(5,4)-(5,5)", "a pawn does not take straight ahead"),
    ] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(reason), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }
    // A rook a million squares down the first rank: legal however far, and kept as typed.
    s.ok(&["play", &id, "R(8,1)-(1000000,1)"]);
    let state = s.json(&["show", &id, "--json"])["state"].clone();
    let position = state["position"].as_str().unwrap_or_default().to_string();
    assert!(
        position.contains("|R1000000,1 b") && position.contains("k5,9|"),
        "{state}"
    );
    assert!(s.ok(&["show", &id]).contains("too far apart to draw"));
    // The picture: a window of 16 by 16 squares round the black king, parsed as XML.
    let picture = s.ok(&["show", &id, "--svg"]);
    let doc = roxmltree::Document::parse(&picture).unwrap_or_else(|e| panic!("{e}: {picture}"));
    let cells: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("data-cell")).collect();
    assert_eq!(cells.len(), 256);
    assert!(cells.contains(&"(5,9)") && !cells.contains(&"(1000000,1)"));
    // The window runs from rank 2 to rank 17: the first rank and the far rook are outside.
    assert!(picture.contains("6 piece(s) outside this window"));
    let log = s.ok(&["log", &id]);
    assert!(log.contains("p1 Q(8,5)x(6,7)+"), "{log}");
    assert!(log.contains("p1 R(8,1)-(1000000,1)"), "{log}");

    // Out as kifu text, into another store, the same position; it verifies.
    let file = s.path("game.kifu");
    s.ok(&["export", &id, "-o", file.to_str().unwrap()]);
    assert!(s.ok(&["verify", file.to_str().unwrap()]).contains(": ok,"));
    let other = Session::new();
    let again = other.ok(&["import", file.to_str().unwrap()]).trim().to_string();
    assert_eq!(again, id);
    assert_eq!(other.json(&["show", &again, "--json"])["state"], state);
    assert!(other.ok(&["verify", &again]).contains(": ok,"));
}

#[test]
fn a_game_from_a_position_text_ends_in_mate() {
    let s = Session::new();
    // Black's king on (0,0) between white rooks on files -1 and 1 a million squares down.
    let start = "R5,1000000|K10,10|k0,0|R-1,-1000000|R1,-1000000 w - - 0 1";
    let id = s.ok(&["new", "infinite", "--start", start]).trim().to_string();
    let bad = s.fails(&["new", "infinite", "--start", "k0,0|K0,1 w - -"], 2);
    assert!(
        bad.stderr
            .contains("start position: black is in check with white to move"),
        "{}",
        bad.stderr
    );
    s.ok(&["play", &id, "R(0,1000000)"]);
    let log = s.ok(&["log", &id]);
    assert!(log.contains("p1 R(5,1000000)-(0,1000000)#"), "{log}");
    let shown = s.ok(&["show", &id]);
    assert!(shown.contains("game over: p1 wins: black is checkmated"), "{shown}");
    let run = s.fails(&["play", &id, "K(0,0)-(0,1)"], 1);
    assert!(run.stderr.contains("the game is over"), "{}", run.stderr);
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}

#[test]
fn a_random_playout_verifies() {
    let s = Session::new();
    let id = s.ok(&["new", "infinite"]).trim().to_string();
    s.ok(&["playout", &id, "--max", "40", "--policy", "1f"]);
    assert_eq!(s.head(&id).0, 40);
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}
