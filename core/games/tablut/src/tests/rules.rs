//! Hand-built positions, one rule each: movement, custodial and line captures, hostile
//! squares, the king's capture and escape under each rule set, repetition, no move, and refusals.

use super::{at, board, game, over, play};
use crate::board::START;

/// A lone black piece far away, for a black move that changes nothing.
const FILLER: (&str, char) = ("b8", 't');

#[test]
fn the_start_is_the_seeds_and_black_moves_first() {
    let state = game(&[], None).unwrap();
    assert_eq!(state.board.write(), START);
    assert_eq!(state.to_move.name(), "black");
    assert_eq!(state.soldiers(crate::board::Piece::Black), 16);
    assert_eq!(state.soldiers(crate::board::Piece::White), 8);
    // Ashton: white first.
    assert_eq!(game(&[("rules", "ashton")], None).unwrap().to_move.name(), "white");
}

#[test]
fn pieces_move_like_rooks_and_never_jump() {
    let start = board(&[("e5", 'K'), ("c3", 't'), ("c6", 'T')]);
    let mut state = game(&[], Some(&start)).unwrap();
    let err = play(&mut state.clone(), "c3-d4").unwrap_err();
    assert!(err.reason.contains("along a rank or a file"), "{err}");
    let err = play(&mut state.clone(), "c3-c7").unwrap_err();
    assert!(err.reason.contains("blocked"), "{err}");
    let err = play(&mut state.clone(), "c3-c6").unwrap_err();
    assert!(err.reason.contains("occupied"), "{err}");
    let err = play(&mut state.clone(), "c6-c7").unwrap_err();
    assert!(err.reason.contains("white piece, and it is black's move"), "{err}");
    assert_eq!(play(&mut state, "c3-c5").unwrap(), "c3-c5");
    assert_eq!(at(&state, "c5"), 't');
}

#[test]
fn a_soldier_between_two_enemies_is_taken() {
    let start = board(&[("e5", 'K'), ("c4", 't'), ("c6", 'T'), ("b5", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "b5-b6").unwrap(), "b5-b6");
    assert_eq!(at(&state, "c6"), 'T', "one side only is no capture");
    play(&mut state, "e5-e4").unwrap();
    assert_eq!(play(&mut state, "c4-c5").unwrap(), "c4-c5");
    assert_eq!(at(&state, "c6"), 'T', "b6 and c5 are not on a line through c6");
    let start = board(&[("e5", 'K'), ("c7", 't'), ("c6", 'T'), ("b5", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "b5-c5").unwrap(), "b5-c5xc6");
    assert_eq!(at(&state, "c6"), '.');
}

#[test]
fn moving_between_two_enemies_is_safe() {
    let start = board(&[("e5", 'K'), ("c7", 't'), ("c5", 't'), ("g6", 'T'), FILLER]);
    let mut state = game(&[], Some(&start)).unwrap();
    play(&mut state, "b8-b9").unwrap();
    assert_eq!(play(&mut state, "g6-c6").unwrap(), "g6-c6");
    assert_eq!(at(&state, "c6"), 'T');
}

#[test]
fn the_seed_takes_a_whole_line_between_two_pieces() {
    let start = board(&[("e5", 'K'), ("c8", 't'), ("c7", 'T'), ("c6", 'T'), ("b5", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "b5-c5").unwrap(), "b5-c5xc6/c7");
    assert_eq!((at(&state, "c6"), at(&state, "c7")), ('.', '.'));
    // Read as one piece per direction, nothing is taken.
    let mut single = game(&[("capture", "single")], Some(&start)).unwrap();
    assert_eq!(play(&mut single, "b5-c5").unwrap(), "b5-c5");
    assert_eq!(at(&single, "c6"), 'T');
}

#[test]
fn several_directions_capture_at_once() {
    let start = board(&[
        ("e5", 'K'),
        ("c7", 't'),
        ("c6", 'T'),
        ("a5", 't'),
        ("b5", 'T'),
        ("d4", 'T'),
        ("d3", 't'),
        ("d6", 'T'),
    ]);
    let mut state = game(&[("capture", "single")], Some(&start)).unwrap();
    // c5: takes c6 (c7 beyond), b5 (a5 beyond), not d5 (empty).
    let text = play(&mut state, "d3-c3").unwrap();
    assert_eq!(text, "d3-c3");
    play(&mut state, "e5-e4").unwrap();
    assert_eq!(play(&mut state, "c3-c5").unwrap(), "c3-c5xb5/c6");
}

#[test]
fn the_empty_throne_is_hostile_to_both_sides() {
    // The seed's example: a piece between my piece and the centre is taken.
    let start = board(&[("c5", 'K'), ("e6", 'T'), ("d7", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "d7-e7").unwrap(), "d7-e7xe6");
    let start = board(&[("c3", 'K'), ("e4", 't'), ("g3", 'T'), FILLER]);
    let mut state = game(&[], Some(&start)).unwrap();
    play(&mut state, "b8-b9").unwrap();
    assert_eq!(play(&mut state, "g3-e3").unwrap(), "g3-e3xe4");
}

#[test]
fn the_throne_with_the_king_on_it_is_no_anvil_in_the_seed() {
    let start = board(&[("e5", 'K'), ("e6", 't'), ("g7", 'T'), FILLER]);
    let mut state = game(&[], Some(&start)).unwrap();
    play(&mut state, "b8-b9").unwrap();
    assert_eq!(play(&mut state, "g7-e7").unwrap(), "g7-e7");
    assert_eq!(at(&state, "e6"), 't');
    // Linnaeus: the king is armed, so he is the anvil.
    let mut state = game(&[("rules", "linnaeus")], Some(&start)).unwrap();
    play(&mut state, "b8-b9").unwrap();
    assert_eq!(play(&mut state, "g7-e7").unwrap(), "g7-e7xe6-");
}

#[test]
fn the_king_is_unarmed_in_the_seed() {
    let start = board(&[("c3", 'K'), ("e3", 't'), ("f3", 'T'), FILLER]);
    let mut state = game(&[], Some(&start)).unwrap();
    play(&mut state, "b8-b9").unwrap();
    assert_eq!(play(&mut state, "c3-d3").unwrap(), "Kc3-d3");
    assert_eq!(at(&state, "e3"), 't');
    let mut armed = game(&[("rules", "linnaeus"), ("escape", "corner")], Some(&start)).unwrap();
    play(&mut armed, "b8-b9").unwrap();
    assert_eq!(play(&mut armed, "c3-d3").unwrap(), "Kc3-d3xe3");
}

#[test]
fn corners_are_hostile_and_closed_to_soldiers() {
    let start = board(&[("e5", 'K'), ("b1", 't'), ("c4", 'T'), ("a3", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    let err = play(&mut state.clone(), "a3-a1").unwrap_err();
    assert!(err.reason.contains("closed to this piece"), "{err}");
    play(&mut state, "a3-a2").unwrap();
    assert_eq!(play(&mut state, "c4-c1").unwrap(), "c4-c1xb1");
}

#[test]
fn soldiers_pass_the_empty_throne_but_never_stop_on_it() {
    let start = board(&[("c3", 'K'), ("e2", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    let err = play(&mut state.clone(), "e2-e5").unwrap_err();
    assert!(err.reason.contains("closed"), "{err}");
    assert_eq!(play(&mut state, "e2-e8").unwrap(), "e2-e8");
}

#[test]
fn the_king_is_taken_on_four_sides() {
    let start = board(&[("c3", 'K'), ("b3", 't'), ("d3", 't'), ("c2", 't'), ("h4", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "h4-c4").unwrap(), "h4-c4xKc3++");
    assert_eq!(over(&state), Some((vec![0], "the king is captured".to_string())));
}

#[test]
fn three_sides_in_the_open_do_not_take_the_king_in_the_seed() {
    let start = board(&[("c3", 'K'), ("b3", 't'), ("d3", 't'), ("h4", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "h4-c4").unwrap(), "h4-c4");
    assert_eq!(at(&state, "c3"), 'K');
    assert!(over(&state).is_none());
}

#[test]
fn beside_the_throne_three_pieces_take_the_king() {
    let start = board(&[("e4", 'K'), ("d4", 't'), ("f4", 't'), ("e1", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "e1-e3").unwrap(), "e1-e3xKe4++");
}

#[test]
fn on_the_edge_three_pieces_take_the_king() {
    let start = board(&[("e1", 'K'), ("d1", 't'), ("f1", 't'), ("h2", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "h2-e2").unwrap(), "h2-e2xKe1++");
}

#[test]
fn the_king_escapes_to_a_corner() {
    let start = board(&[("c1", 'K'), ("h5", 't'), FILLER]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "b8-b9").unwrap(), "b8-b9-");
    assert_eq!(play(&mut state, "c1-a1").unwrap(), "Kc1-a1--");
    assert_eq!(over(&state), Some((vec![1], "the king escapes to a1".to_string())));
    let refused = kifu_core::rules::Rules::parse(&crate::Tablut, &state, kifu_core::record::Actor::Seat(0), "h5-h4");
    assert!(refused.unwrap_err().reason.contains("the game is over"));
}

#[test]
fn edge_escape_wins_on_any_edge_square() {
    let start = board(&[("c3", 'K'), ("h5", 't'), FILLER]);
    let mut corner = game(&[], Some(&start)).unwrap();
    play(&mut corner, "b8-b9").unwrap();
    play(&mut corner, "c3-c1").unwrap();
    assert!(over(&corner).is_none());
    let mut edge = game(&[("escape", "edge")], Some(&start)).unwrap();
    play(&mut edge, "b8-b9").unwrap();
    assert_eq!(play(&mut edge, "c3-c1").unwrap(), "Kc3-c1--");
    assert_eq!(over(&edge).unwrap().0, vec![1]);
}

#[test]
fn linnaeus_takes_the_king_by_two_away_from_the_throne() {
    let start = board(&[("c3", 'K'), ("b3", 't'), ("h3", 't'), ("a9", 't')]);
    let mut state = game(&[("rules", "linnaeus")], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "h3-d3").unwrap(), "h3-d3xKc3++");
    // The seed's king survives the same move.
    let start = board(&[("c3", 'K'), ("b3", 't'), ("h3", 't'), ("b9", 't')]);
    let mut seed = game(&[], Some(&start)).unwrap();
    assert_eq!(play(&mut seed, "h3-d3").unwrap(), "h3-d3");
}

#[test]
fn linnaeus_needs_four_on_the_throne_and_three_beside_it() {
    let start = board(&[("e5", 'K'), ("d5", 't'), ("f5", 't'), ("e6", 't'), ("h4", 't')]);
    let mut state = game(&[("rules", "linnaeus")], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "h4-e4").unwrap(), "h4-e4xKe5++");
    let start = board(&[("e5", 'K'), ("d5", 't'), ("f5", 't'), ("h4", 't')]);
    let mut state = game(&[("rules", "linnaeus")], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "h4-e4").unwrap(), "h4-e4-");
    assert_eq!(at(&state, "e5"), 'K');
    let start = board(&[("e6", 'K'), ("d6", 't'), ("h7", 't')]);
    let mut state = game(&[("rules", "linnaeus")], Some(&start)).unwrap();
    assert_eq!(play(&mut state, "h7-e7").unwrap(), "h7-e7-");
    assert_eq!(at(&state, "e6"), 'K', "two beside the throne are not enough");
}

#[test]
fn the_third_repetition_is_a_draw() {
    let start = board(&[("c3", 'K'), ("h8", 't')]);
    let mut state = game(&[], Some(&start)).unwrap();
    for _ in 0..2 {
        play(&mut state, "h8-h7").unwrap();
        play(&mut state, "c3-c4").unwrap();
        play(&mut state, "h7-h8").unwrap();
        assert!(over(&state).is_none());
        play(&mut state, "c4-c3").unwrap();
    }
    assert_eq!(
        over(&state),
        Some((vec![], "the same position stood a third time".to_string()))
    );
}

#[test]
fn a_side_without_a_move_loses() {
    // Every white piece is boxed in; whatever black plays, white then has no move.
    let start = board(&[
        ("e5", 'K'),
        ("d5", 'T'),
        ("f5", 'T'),
        ("e4", 'T'),
        ("e6", 'T'),
        ("c5", 't'),
        ("g5", 't'),
        ("e3", 't'),
        ("e8", 't'),
        ("d6", 't'),
        ("f6", 't'),
        ("d4", 't'),
        ("f4", 't'),
        ("e7", 't'),
    ]);
    let mut state = game(&[], Some(&start)).unwrap();
    assert!(over(&state).is_none());
    play(&mut state, "e8-e9").unwrap();
    assert_eq!(over(&state), Some((vec![0], "white cannot move".to_string())));
}

#[test]
fn written_captures_must_be_the_real_ones_and_refusals_change_nothing() {
    let start = board(&[("e5", 'K'), ("c7", 't'), ("c6", 'T'), ("b5", 't')]);
    let state = game(&[], Some(&start)).unwrap();
    let mut trial = state.clone();
    let err = play(&mut trial, "b5-c5xc7").unwrap_err();
    assert!(err.reason.contains("captures c6, not c7"), "{err}");
    assert_eq!(trial, state);
    let err = play(&mut trial, "b5-c5++").unwrap_err();
    assert!(err.reason.contains("does not end it"), "{err}");
    for bad in ["", "b5", "z5-z6", "b5-b10", "b5-c5x", "b5-c5+++", "---"] {
        assert!(play(&mut trial, bad).is_err(), "{bad}");
        assert_eq!(trial, state);
    }
    assert_eq!(play(&mut trial, "b5 c5").unwrap(), "b5-c5xc6");
    assert_eq!(play(&mut state.clone(), "tb5-c5xc6").unwrap(), "b5-c5xc6");
}

#[test]
fn options_and_start_positions_are_checked() {
    for (options, why) in [
        (vec![("rules", "copenhagen")], "rule sets are seed"),
        (vec![("rules", "ashton"), ("escape", "edge")], "fix the escape"),
        (vec![("rules", "linnaeus"), ("capture", "line")], "only the seed"),
        (vec![("escape", "sideways")], "corner or an edge"),
        (vec![("speed", "fast")], "unknown option"),
    ] {
        let err = game(&options, None).unwrap_err();
        assert!(err.reason.contains(why), "{options:?}: {err}");
    }
    for (start, why) in [
        ("/9/9/9/9/4K4/9/9/9/", "9 ranks"),
        ("/9/9/9/9/4K4/9/9/9/9", "starts and ends"),
        ("/9/9/9/9/4KK3/9/9/9/9/", "exactly one king"),
        ("/9/9/9/9/4Kx3/9/9/9/9/", "no Tablut piece"),
        ("/9/9/9/9/4K5/9/9/9/9/", "10 squares"),
        ("/K8/9/9/9/9/9/9/9/9/", "escape square"),
        ("/9/9/9/9/1K2t4/9/9/9/9/", "only the king"),
    ] {
        let err = game(&[], Some(start)).unwrap_err();
        assert!(err.reason.contains(why), "{start}: {err}");
    }
}

#[test]
fn ashton_camps_and_castle() {
    let mut state = game(&[("rules", "ashton")], None).unwrap();
    // White may not enter a camp or cross the castle.
    let err = play(&mut state.clone(), "e3-e2").unwrap_err();
    assert!(
        err.reason.contains("occupied") || err.reason.contains("closed"),
        "{err}"
    );
    let boxed = crate::tests::board(&[("e5", 'K'), ("c2", 'T'), ("e7", 't'), ("a9", 't')]);
    let mut soldier = game(&[("rules", "ashton")], Some(&boxed)).unwrap();
    let err = play(&mut soldier.clone(), "c2-e2").unwrap_err();
    assert!(err.reason.contains("closed"), "a camp: {err}");
    play(&mut soldier, "e5-e6").unwrap();
    play(&mut soldier, "a9-b9").unwrap();
    let err = play(&mut soldier, "e6-e5").unwrap_err();
    assert!(err.reason.contains("closed"), "the castle: {err}");
    play(&mut state, "g5-g2").unwrap();
    // Black moves out of its camp, and (in pytablut) two squares within it.
    let err = play(&mut state.clone(), "d9-d8").is_ok();
    assert!(err);
    play(&mut state, "e8-f8").unwrap();
    let mut back = state.clone();
    play(&mut back, "g2-g3").unwrap();
    let err = play(&mut back, "f8-f9").unwrap_err();
    assert!(err.reason.contains("occupied"), "{err}");
}
