//! How games end on an unbounded board: mate by far pieces, a check answered only by a block
//! or a capture a million squares away, stalemate, the draws that are claimed and the ones
//! that come by themselves, resignation and agreement.

use super::{listed, over, play, play_all, start};
use crate::text;
use crate::Infinite;
use kifu_core::rules::Rules;

/// Black's king on (0,0) hemmed in by rooks on the files either side of it, a million
/// squares off; the white rook on (5,1000000) gives check down file 0.
const HEMMED: &str = "R5,1000000|K10,10|k0,0|R-1,-1000000|R1,-1000000 w - -";

#[test]
fn mate_by_rooks_a_million_squares_away() {
    let mut state = start(Some(HEMMED));
    assert_eq!(
        play(&mut state, "R(5,1000000)-(0,1000000)"),
        Ok("R(5,1000000)-(0,1000000)#".into())
    );
    assert_eq!(over(&state).as_deref(), Some("p1 wins: black is checkmated"));
    assert!(listed(&state).is_empty());
    assert!(play(&mut state, "K(0,0)-(0,-1)")
        .unwrap_err()
        .contains("the game is over"));
}

#[test]
fn a_check_blocked_five_hundred_squares_off_is_not_mate() {
    // A black bishop on (500,505) reaches file 0 at (0,5) and at (0,1005), both between the
    // checking rook and the king: the only two answers, and both are listed.
    let mut state = start(Some(&HEMMED.replace("k0,0", "k0,0|b500,505")));
    assert_eq!(
        play(&mut state, "R(5,1000000)-(0,1000000)"),
        Ok("R(5,1000000)-(0,1000000)+".into())
    );
    assert_eq!(listed(&state), ["B(500,505)-(0,5)", "B(500,505)-(0,1005)"]);
    assert!(over(&state).is_none());
    assert!(play(&mut state, "K(0,0)-(1,1)")
        .unwrap_err()
        .contains("in check and this move does not end it"));
    assert_eq!(play(&mut state, "B(0,1005)"), Ok("B(500,505)-(0,1005)".into()));
}

#[test]
fn a_far_checker_taken_from_a_million_squares_off_is_not_mate() {
    let mut state = start(Some(&HEMMED.replace("k0,0", "k0,0|r-999999,1000000")));
    play_all(&mut state, &["R(5,1000000)-(0,1000000)"]);
    assert_eq!(listed(&state), ["R(-999999,1000000)x(0,1000000)"]);
    assert_eq!(
        play(&mut state, "Rx(0,1000000)"),
        Ok("R(-999999,1000000)x(0,1000000)".into())
    );
}

#[test]
fn stalemate_with_the_king_boxed_by_a_queen_and_far_rooks() {
    // The queen on (2,1) takes (1,1), (0,1), (-1,1) and (1,0), (0,-1); the rooks take files
    // -1 and row -1 from a million squares away. Black's king on (0,0) is not in check.
    let mut state = start(Some("K10,10|Q2,5|k0,0|R-1,-1000000|R1000000,-1 w - -"));
    assert_eq!(play(&mut state, "Q(2,5)-(2,1)"), Ok("Q(2,5)-(2,1)".into()));
    assert_eq!(
        over(&state).as_deref(),
        Some("draw: stalemate: black has no legal move")
    );
}

#[test]
fn a_queen_mate_in_the_open_needs_help() {
    // Mate needs every square round the king covered: here the king and queen do it with the
    // two far rooks (the queen on (1,1), guarded by the king on (2,2)).
    let mut state = start(Some("K2,2|Q1,7|k0,0|R-1,1000000|R-1000000,-1 w - -"));
    assert_eq!(play(&mut state, "Q(1,1)"), Ok("Q(1,7)-(1,1)#".into()));
    assert!(over(&state).unwrap().contains("black is checkmated"));
    // Without the rook on row -1 the king walks out on (0,-1).
    let mut state = start(Some("K2,2|Q1,7|k0,0|R-1,1000000 w - -"));
    assert_eq!(play(&mut state, "Q(1,1)"), Ok("Q(1,7)-(1,1)+".into()));
    assert_eq!(listed(&state), ["K(0,0)-(0,-1)"]);
}

#[test]
fn threefold_is_claimed_and_fivefold_ends_the_game() {
    let mut state = start(None);
    let shuffle = ["N(2,1)-(3,3)", "N(2,8)-(3,6)", "N(3,3)-(2,1)", "N(3,6)-(2,8)"];
    play_all(&mut state, &shuffle);
    assert!(play(&mut state.clone(), "draw claim")
        .unwrap_err()
        .contains("has stood 2 time(s)"));
    play_all(&mut state, &shuffle);
    assert_eq!(state.occurrences(), 3);
    let mut claimed = state.clone();
    assert_eq!(play(&mut claimed, "claim draw"), Ok("draw claim".into()));
    assert_eq!(over(&claimed).as_deref(), Some("draw: threefold repetition, claimed"));
    play_all(&mut state, &shuffle);
    assert!(over(&state).is_none());
    play_all(&mut state, &shuffle);
    assert_eq!(over(&state).as_deref(), Some("draw: fivefold repetition"));
}

#[test]
fn fifty_moves_are_claimed_and_seventy_five_end_the_game() {
    let mut state = start(Some("k0,10|K0,0|R5,5 w - - 99 60"));
    assert!(play(&mut state.clone(), "draw claim").is_err());
    play_all(&mut state, &["R(5,5)-(5,6)"]);
    let mut claimed = state.clone();
    assert_eq!(play(&mut claimed, "draw claim"), Ok("draw claim".into()));
    assert!(over(&claimed).unwrap().contains("fifty moves"));
    let mut state = start(Some("k0,10|K0,0|R5,5 w - - 149 80"));
    play_all(&mut state, &["R(5,5)-(5,6)"]);
    assert_eq!(
        over(&state).as_deref(),
        Some("draw: seventy-five moves without a capture or a pawn move")
    );
}

#[test]
fn a_bare_king_or_a_lone_minor_piece_cannot_mate() {
    let mut state = start(Some("k0,10|K0,0|R3,5|n1,7 w - -"));
    assert!(over(&state).is_none());
    play_all(&mut state, &["R(3,5)-(3,8)", "N(1,7)x(3,8)"]);
    assert!(over(&state).unwrap().contains("neither side can ever mate"));
    assert!(over(&start(Some("k0,10|K0,0 w - -")))
        .unwrap()
        .contains("neither side can ever mate"));
    assert!(over(&start(Some("k0,10|K0,0|B3,3 w - -")))
        .unwrap()
        .contains("neither side can ever mate"));
}

#[test]
fn resignation_and_draws_by_agreement() {
    let mut state = start(None);
    assert!(play(&mut state, "draw accept")
        .unwrap_err()
        .contains("no draw offer to accept"));
    play_all(&mut state, &["draw offer"]);
    assert!(play(&mut state, "draw offer")
        .unwrap_err()
        .contains("already on the table"));
    play_all(
        &mut state,
        &[
            "(5,2)-(5,4)",
            "draw decline",
            "(5,7)-(5,5)",
            "draw offer",
            "N(7,1)-(6,3)",
        ],
    );
    // Black's move answered white's offer? No: white offered, then moved; black may accept.
    assert_eq!(play(&mut state, "draw accept"), Ok("draw accept".into()));
    assert_eq!(over(&state).as_deref(), Some("draw: agreed"));
    let mut state = start(None);
    assert_eq!(play(&mut state, "resign"), Ok("resign".into()));
    assert_eq!(over(&state).as_deref(), Some("p2 wins: white resigned"));
    let _ = Infinite.name();
    let _ = text::write(&state.position);
}
