//! The rules by hand: the set-up, the moves the start lists, sliders at any distance, castling,
//! en passant, promotion on the lines, move reading, and bad input refused with its reason.

use super::{listed, over, play, play_all, start, try_start};
use crate::text;

const START: &str = "r1,8|n2,8|b3,8|q4,8|k5,8|b6,8|n7,8|r8,8|p1,7|p2,7|p3,7|p4,7|p5,7|p6,7|p7,7|p8,7|\
P1,2|P2,2|P3,2|P4,2|P5,2|P6,2|P7,2|P8,2|R1,1|N2,1|B3,1|Q4,1|K5,1|B6,1|N7,1|R8,1 w KQkq - 0 1";

#[test]
fn the_standard_set_up_at_one_to_eight() {
    let state = start(None);
    assert_eq!(text::write(&state.position), START);
    assert_eq!(text::write(&start(Some(START)).position), START);
}

#[test]
fn the_start_lists_moves_off_the_old_board_too() {
    let moves = listed(&start(None));
    // 16 pawn moves, 7 for each knight ((0,2), (0,0), (4,0), (1,-1), (3,-1) and two forward),
    // 3 for the king (behind it), and for the pieces behind the pawns every line out of the
    // old board, each listed eight squares deep: rooks 2 lines, bishops 2, the queen 3.
    assert_eq!(moves.len(), 16 + 7 + 7 + 3 + 16 + 16 + 16 + 16 + 24, "{moves:?}");
    for m in [
        "N(2,1)-(0,2)",
        "R(1,1)-(-7,1)",
        "R(8,1)-(8,-7)",
        "B(3,1)-(-5,-7)",
        "Q(4,1)-(12,-7)",
        "K(5,1)-(5,0)",
        "(5,2)-(5,4)",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} not in {moves:?}");
    }
    // Eight squares deep, no more: the ninth is legal but not listed.
    assert!(!moves.contains(&"R(1,1)-(-8,1)".to_string()));
    let mut state = start(None);
    assert_eq!(play(&mut state, "R(1,1)-(-8,1)"), Ok("R(1,1)-(-8,1)".into()));
}

#[test]
fn a_rook_goes_a_million_squares_on_a_clear_line() {
    let mut state = start(Some("k0,10|K0,0|R1,1 w - -"));
    assert_eq!(play(&mut state, "R(1,1)-(1000000,1)"), Ok("R(1,1)-(1000000,1)".into()));
    // Read back without its starting square, and on towards the coordinates' end.
    assert_eq!(play(&mut state, "K(0,10)-(0,11)"), Ok("K(0,10)-(0,11)".into()));
    assert_eq!(
        play(&mut state, "R(1000000000000000,1)"),
        Ok("R(1000000,1)-(1000000000000000,1)".into())
    );
    assert!(text::write(&state.position).contains("R1000000000000000,1"));
}

#[test]
fn a_slider_never_passes_a_piece_however_far() {
    let mut state = start(Some("k0,10|K0,0|R1,1|n500000,1 w - -"));
    let refused = play(&mut state, "R(1,1)-(1000000,1)").unwrap_err();
    assert!(
        refused.contains("a piece stands between (1,1) and (1000000,1)"),
        "{refused}"
    );
    assert_eq!(play(&mut state, "R(1,1)x(500000,1)"), Ok("R(1,1)x(500000,1)".into()));
    let mut state = start(Some("k0,10|K0,0|B1,1|n999,999 w - -"));
    assert!(play(&mut state, "B(1,1)-(1000,1000)")
        .unwrap_err()
        .contains("stands between"));
    assert!(play(&mut state, "B(1,1)-(1000,999)")
        .unwrap_err()
        .contains("along lines"));
}

#[test]
fn squares_past_ten_to_the_fifteenth_are_refused() {
    let mut state = start(Some("k0,10|K0,0|R1,1 w - -"));
    let refused = play(&mut state, "R(1,1)-(1000000000000001,1)").unwrap_err();
    assert!(refused.contains("beyond the coordinates kifu keeps"), "{refused}");
    let refused = play(&mut state, "R(1,1)-(99999999999999999999,1)").unwrap_err();
    assert!(refused.contains("is not an integer coordinate"), "{refused}");
    let refused = try_start(Some("k0,10|K0,0|R1000000000000001,1 w - -")).unwrap_err();
    assert!(refused.contains("beyond"), "{refused}");
}

#[test]
fn en_passant_after_a_two_square_step() {
    let mut state = start(None);
    play_all(&mut state, &["(5,2)-(5,4)"]);
    // No black pawn could take it: no en passant square is kept.
    assert!(text::write(&state.position).ends_with("b KQkq - 0 1"));
    play_all(&mut state, &["(1,7)-(1,6)", "(5,4)-(5,5)", "(4,7)-(4,5)"]);
    assert!(text::write(&state.position).ends_with("w KQkq 4,6 0 3"));
    assert_eq!(play(&mut state, "(5,5)x(4,6)"), Ok("(5,5)x(4,6)".into()));
    let after = text::write(&state.position);
    assert!(after.contains("P4,6") && !after.contains("p4,5"), "{after}");
    // Only on the very next move.
    let mut state = start(None);
    play_all(
        &mut state,
        &[
            "(5,2)-(5,4)",
            "(1,7)-(1,6)",
            "(5,4)-(5,5)",
            "(4,7)-(4,5)",
            "(1,2)-(1,3)",
            "(1,6)-(1,5)",
        ],
    );
    let refused = play(&mut state, "(5,5)x(4,6)").unwrap_err();
    assert!(refused.contains("(4,6) is empty"), "{refused}");
}

#[test]
fn castling_both_ways_and_its_conditions() {
    let corners = "r1,8|k5,8|r8,8|R1,1|K5,1|R8,1 w KQkq - 0 1";
    let mut state = start(Some(corners));
    assert_eq!(play(&mut state, "O-O"), Ok("O-O".into()));
    assert_eq!(play(&mut state, "K(5,8)-(3,8)"), Ok("O-O-O".into()));
    let now = text::write(&state.position);
    assert!(now.starts_with("k3,8|r4,8|r8,8|R1,1|R6,1|K7,1 w - -"), "{now}");
    // Not across an attacked square, not out of check, not after the rook has moved.
    let mut state = start(Some("r1,8|k5,8|r6,5|R1,1|K5,1|R8,1 w KQq - 0 1"));
    assert!(play(&mut state, "O-O")
        .unwrap_err()
        .contains("across (6,1), which is attacked"));
    assert_eq!(play(&mut state, "O-O-O"), Ok("O-O-O".into()));
    let mut state = start(Some("r1,8|k5,8|R1,1|K5,1|R8,1 w KQq - 0 1"));
    play_all(
        &mut state,
        &["R(8,1)-(8,2)", "K(5,8)-(5,7)", "R(8,2)-(8,1)", "K(5,7)-(5,8)"],
    );
    assert!(play(&mut state, "O-O")
        .unwrap_err()
        .contains("may no longer castle king side"));
    let refused = try_start(Some("k5,8|R1,1|K5,1 w K - 0 1")).unwrap_err();
    assert!(
        refused.contains("needs the white king on (5,1) and a rook on (8,1)"),
        "{refused}"
    );
}

#[test]
fn pawns_promote_on_their_line_anywhere_along_it() {
    let mut state = start(Some("k0,-20|K0,20|P100,7|p-50,2 w - -"));
    let refused = play(&mut state, "(100,7)-(100,8)").unwrap_err();
    assert!(refused.contains("promotes: add =Q"), "{refused}");
    assert_eq!(play(&mut state, "(100,7)-(100,8)=N"), Ok("(100,7)-(100,8)=N".into()));
    assert_eq!(play(&mut state, "(-50,1)q"), Ok("(-50,2)-(-50,1)=Q".into()));
    assert!(text::write(&state.position).contains("N100,8"));
    assert!(text::write(&state.position).contains("q-50,1"));
    let refused = try_start(Some("k0,-20|K0,20|P3,9 w - -")).unwrap_err();
    assert!(refused.contains("promotes on reaching rank 8"), "{refused}");
}

#[test]
fn a_pawn_steps_two_only_from_its_rank() {
    let mut state = start(Some("k0,-20|K0,20|P30,-4|p31,7 w - -"));
    assert!(play(&mut state, "(30,-4)-(30,-2)")
        .unwrap_err()
        .contains("only from rank 2"));
    play_all(&mut state, &["(30,-4)-(30,-3)", "(31,7)-(31,5)"]);
}

#[test]
fn moves_are_read_leniently_and_ambiguity_named() {
    let mut state = start(Some("k0,10|K0,0|R-5,5|R5,5 w - -"));
    let refused = play(&mut state, "R(0,5)").unwrap_err();
    assert!(
        refused.contains("2 rooks can go to (0,5) (from (-5,5), (5,5))"),
        "{refused}"
    );
    assert_eq!(play(&mut state, "R(5,5)(0,5)+"), Ok("R(5,5)-(0,5)+".into()));
    assert_eq!(play(&mut state, "K(0,10)-(1,11)"), Ok("K(0,10)-(1,11)".into()));
    assert_eq!(
        play(&mut state, "R(-5,5)x(0,5)"),
        Err("(0,5) holds a white piece already".into())
    );
}

#[test]
fn bad_moves_are_refused_with_the_reason() {
    let mut state = start(None);
    let cases = [
        ("R(2,1)-(2,3)", "(2,1) holds a white knight, not a rook"),
        ("Z(1,1)-(1,3)", "'Z' is no piece"),
        ("(1,2", "')' is missing"),
        ("e4", "a square is written (x,y)"),
        ("(5,2)x(5,3)", "'x' marks a capture, but (5,3) is empty"),
        ("(5,7)-(5,5)", "the piece on (5,7) is black's; it is white to move"),
        ("N(2,1)-(2,3)", "cannot go from (2,1) to (2,3)"),
        ("(5,3)-(5,4)", "no piece stands on (5,3)"),
        ("O-O", "castling king side needs (6,1) empty"),
        ("Q(4,1)-(4,3)", "a piece stands between"),
        ("(5,2)-(5,3)=Q", "only a pawn reaching its promotion line promotes"),
    ];
    for (typed, reason) in cases {
        let refused = play(&mut state, typed).unwrap_err();
        assert!(refused.contains(reason), "{typed}: {refused}");
    }
    assert_eq!(text::write(&state.position), START);
}

#[test]
fn a_pinned_piece_stays_on_its_line_and_a_king_keeps_out_of_check() {
    let mut state = start(Some("k5,10|K0,0|N0,3|r0,900000 w - -"));
    let refused = play(&mut state, "N(0,3)-(1,5)").unwrap_err();
    assert!(refused.contains("leave the white king in check"), "{refused}");
    let mut state = start(Some("k5,10|K0,0|R0,3|r0,900000 w - -"));
    assert_eq!(play(&mut state, "R(0,3)-(0,899999)"), Ok("R(0,3)-(0,899999)".into()));
    let mut state = start(Some("k0,10|K0,0|R9,9|b699999,700001 w - -"));
    let refused = play(&mut state, "K(0,0)-(-1,1)");
    assert!(
        refused.clone().unwrap_err().contains("leave the white king in check"),
        "{refused:?}"
    );
}

#[test]
fn position_texts_that_no_game_reaches_are_refused() {
    let cases = [
        ("K0,0|R1,1 w - -", "black has 0 kings"),
        ("k0,10|K0,0|K1,1 w - -", "white has 2 kings"),
        ("k0,10|K0,0|r0,5 b - -", "white is in check with black to move"),
        ("k0,10|K0,0|R0,5 w - -", "black is in check with white to move"),
        ("k0,10|K0,0|R0,0 w - -", "(0,0) is given two pieces"),
        ("k0,10|K0,0 x - -", "the side to move is w or b"),
        ("k0,10|K0,0 w - 3,6", "no black pawn has just stepped past it"),
        ("k0,10|K0,0 w", "4 or 6 fields"),
        ("k0,10|K0,0|X1,1 w - -", "'X' is no piece"),
    ];
    for (text, reason) in cases {
        let refused = try_start(Some(text)).unwrap_err();
        assert!(refused.contains(reason), "{text}: {refused}");
    }
    let ok = "k0,10|p4,5|P5,5|K0,0 w - 4,6 0 9";
    assert_eq!(
        text::write(&start(Some(ok)).position),
        "k0,10|p4,5|P5,5|K0,0 w - 4,6 0 9"
    );
    assert!(over(&start(Some(ok))).is_none());
}
