//! The rules' own examples: each man's moves in three dimensions, pawns' pushes and captures,
//! en passant after each double step, castling, promotion, the inventor's published game,
//! checkmate, stalemate, the draws, resignation, and bad input refused with the reason.

use kifu_core::rules::{Rules, Turn};

use super::{game, play, play_all, sans, set, targets};
use crate::Millennium3d;

/// A lone white man on 2d4, the kings (1a1, 3h8) out of its way.
fn lone(letter: char) -> crate::State {
    let level2 = format!("8/8/8/8/3{letter}4/8/8/8");
    game(Some(&format!("8/8/8/8/8/8/8/K7|{level2}|7k/8/8/8/8/8/8/8 w - - 0 1")))
}

#[test]
fn the_start_has_100_moves_and_the_king_knight_exactly_seven() {
    let start = game(None);
    assert_eq!(sans(&start).len(), 100);
    assert_eq!(
        targets(&start, "1g1"),
        set(&["1f3", "1h3", "2e1", "2g3", "3f1", "3h1", "3g2"])
    );
    assert!(sans(&start).contains("N3g2"));
}

#[test]
fn a_pawn_at_the_start_pushes_six_ways() {
    let start = game(None);
    // A rank forward, a level up, both; and each of them twice over as the first move.
    assert_eq!(targets(&start, "1e2"), set(&["1e3", "1e4", "2e2", "3e2", "2e3", "3e4"]));
    // Black's from level 3 go down.
    let mut s = game(None);
    play(&mut s, "1e4").unwrap();
    assert_eq!(targets(&s, "3d7"), set(&["3d6", "3d5", "2d7", "1d7", "2d6", "1d5"]));
}

#[test]
fn a_rook_goes_straight_and_level_with_file_or_rank() {
    let s = lone('R');
    let mut expected: Vec<String> = Vec::new();
    for f in "abcefgh".chars() {
        expected.push(format!("2{f}4"));
    }
    for r in "1235678".chars() {
        expected.push(format!("2d{r}"));
    }
    for sq in ["1d4", "3d4", "1c4", "3c4", "1e4", "3e4", "1d3", "3d3", "1d5", "3d5"] {
        expected.push(sq.into());
    }
    assert_eq!(targets(&s, "2d4"), expected.into_iter().collect());
    assert_eq!(targets(&s, "2d4").len(), 24);
}

#[test]
fn a_bishop_goes_diagonally_on_its_level_and_through_the_levels() {
    let s = lone('B');
    let t = targets(&s, "2d4");
    assert_eq!(t.len(), 13 + 8);
    for sq in [
        "1c3", "1e3", "1c5", "1e5", "3c3", "3e3", "3c5", "3e5", "2a1", "2h8", "2a7", "2g1",
    ] {
        assert!(t.contains(sq), "{sq}");
    }
    // Never straight up or along a file.
    assert!(!t.contains("1d4") && !t.contains("2d5") && !t.contains("1c4"));
}

#[test]
fn a_knight_leaps_in_any_two_of_the_three_directions() {
    let s = lone('N');
    let t = targets(&s, "2d4");
    assert_eq!(t.len(), 16);
    for sq in ["1b4", "3f4", "1d2", "3d6", "2c6", "2f3"] {
        assert!(t.contains(sq), "{sq}");
    }
    // Seen from above a knight's move but with a level too: not a knight's leap here.
    assert!(!t.contains("1c6") && !t.contains("3e2"));
    // From level 1 it reaches level 3 by a leap of two levels.
    let start = game(None);
    assert!(targets(&start, "1b1").contains("3b2"));
}

#[test]
fn the_king_steps_to_all_26_neighbours_and_the_queen_combines_rook_and_bishop() {
    let king = game(Some("8/8/8/8/8/8/8/8|8/8/8/8/3K4/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1"));
    assert_eq!(targets(&king, "2d4").len(), 26);
    assert_eq!(targets(&lone('Q'), "2d4").len(), 24 + 21);
}

#[test]
fn the_inventors_published_game_replays() {
    // D'Agostino v. Trimm, Millennium 3D Chess, 2001-07-01 to 2001-10-27, moves 1-35 as
    // published by the inventor (3D chess group, nazarenespace.com).
    let mut s = game(None);
    play_all(
        &mut s,
        "B2b2 Q2e7 R2a1 R2b8 N2d1 R2h7 Q2e2 Q2f7 B2a3 Q2c7 B3h3 B2b7 R2c1 Q2d7 B2g4 Q1c7 \
         B1f5 B1c8 B2e4 R2c7 1c3 3a5 Rx2c7 Qx2c7 R3h3 3b5 Rx3h7 3b4 B3b2 Q2e7 R3h8 Q2g7 \
         R3h4 3g5 R3c4 R2c8 N1f3 N2b6 N1g5 Q2f7 3a4 Q2b3 Q3e2 B3a6 Q3c2 Bx3c4 Qx2b3 Bx2b3 \
         2a5 N1b8 2a6 N3a8 B2b7 R3b8 B3d4 N3b6 Bx3b6 cx3b6 2a7 R3d8 3e4 B3c2 2f3 3d5 \
         ex3d5 3e6 dx3e6 fx3e6 N1e6 B3b3",
    );
    assert_eq!(s.position.fullmove, 36);
    assert!(s.result.is_none());
}

#[test]
fn en_passant_after_a_forward_double_step() {
    let mut s = game(Some(
        "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|rn2k3/1P6/8/3pP3/8/8/8/8 w - 3d6 0 1",
    ));
    assert!(sans(&s).contains("ex3d6"));
    play(&mut s, "ex3d6").unwrap();
    assert_eq!(
        crate::fen::write(&s.position).split(' ').next().unwrap(),
        "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|rn2k3/1P6/3P4/8/8/8/8/8"
    );
}

#[test]
fn en_passant_after_a_vertical_double_step_lands_on_the_middle_level() {
    let mut s = game(Some(
        "8/8/1P6/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/2p5/8/8/8/8/8/8 b - - 0 1",
    ));
    assert_eq!(play(&mut s, "1c7"), Ok("1c7".into()));
    assert_eq!(
        s.position.en_passant.map(|e| crate::board::name(e.passed)),
        Some("2c7".into())
    );
    assert_eq!(play(&mut s, "bx2c7"), Ok("bx2c7".into()));
    assert!(s.position.at(crate::board::parse_square("1c7").unwrap()).is_none());
    // The chance is gone one move later.
    let mut later = game(Some(
        "8/8/1P6/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/2p5/8/8/8/8/8/8 b - - 0 1",
    ));
    play_all(&mut later, "1c7 K1d1 K3d8");
    assert_eq!(
        play(&mut later, "bx2c7"),
        Err("'bx2c7' is not a legal move for white here".into())
    );
}

#[test]
fn castling_on_the_home_level_and_not_across_an_attacked_square() {
    let mut s = game(Some(
        "8/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/8 w KQkq - 0 1",
    ));
    assert!(sans(&s).contains("O-O") && sans(&s).contains("O-O-O"));
    play(&mut s, "O-O").unwrap();
    let fen = crate::fen::write(&s.position);
    assert!(fen.starts_with("8/8/8/8/8/8/8/R4RK1|"), "{fen}");
    assert!(fen.contains(" b kq "), "{fen}");
    // A black rook on 2f2 sees 1f1 (a level down and a rank down): no short castling.
    let s = game(Some(
        "8/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/5r2/8|4k3/8/8/8/8/8/8/8 w KQ - 0 1",
    ));
    assert!(!sans(&s).contains("O-O") && sans(&s).contains("O-O-O"));
    // Out of check: no castling at all (a black queen on 2e2 checks 1e1 a level and a rank away).
    let s = game(Some(
        "8/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/4q3/8|4k3/8/8/8/8/8/8/8 w KQ - 0 1",
    ));
    assert!(!sans(&s).iter().any(|m| m.starts_with("O-O")));
}

#[test]
fn a_pawn_promotes_only_on_the_far_rank_of_the_far_level() {
    let mut s = game(Some(
        "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|rn2k3/1P6/8/8/8/8/8/8 w - - 0 1",
    ));
    let moves = sans(&s);
    for p in ["Q", "R", "B", "N"] {
        assert!(moves.contains(&format!("bx3a8={p}")), "{p}");
    }
    // To rank 8 of level 2 it goes as a pawn.
    assert!(moves.contains("2b8"));
    assert_eq!(
        play(&mut s, "bx3a8"),
        Err("'bx3a8' is not a legal move for white here".into())
    );
    assert_eq!(play(&mut s, "bx3a8=R"), Ok("bx3a8=R".into()));
}

#[test]
fn checkmate_in_the_top_corner_ends_the_game() {
    let mut s = game(Some("8/8/8/8/8/8/8/8|8/8/5K2/8/8/8/8/8|7k/8/8/8/8/8/8/6Q1 w - - 0 1"));
    assert_eq!(play(&mut s, "Q3g7"), Ok("Q3g7#".into()));
    match Millennium3d.turn(&s) {
        Turn::Over { outcome } => {
            assert_eq!(outcome.winners, vec![0]);
            assert_eq!(outcome.reason, "black is checkmated");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        play(&mut s, "K2h7"),
        Err("the game is over: p1 wins: black is checkmated".into())
    );
}

#[test]
fn stalemate_is_a_draw() {
    // White's queen on 1h7 sees 3h7 and 2h8 and 2h7; White's king on 2f7 the rest; 3h8 itself
    // is not attacked.
    let s = game(Some("8/7Q/8/8/8/8/8/8|8/5K2/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 b - - 0 1"));
    match Millennium3d.turn(&s) {
        Turn::Over { outcome } => {
            assert!(outcome.winners.is_empty());
            assert_eq!(outcome.reason, "stalemate: black has no legal move");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_check_must_be_answered() {
    // A white rook on 1e5 checks the black king on 3e7 along the level diagonal (2 up, 2 on).
    let s = game(Some("8/8/8/4R3/8/8/8/K7|8/8/8/8/8/8/8/8|8/4k3/8/8/8/8/8/8 b - - 0 1"));
    assert!(crate::moves::in_check(&s.position));
    // Every move played leaves Black out of check.
    for m in sans(&s) {
        let mut after = s.clone();
        play(&mut after, &m).unwrap();
        after.position.to_move = crate::board::Colour::Black;
        assert!(!crate::moves::in_check(&after.position), "{m} leaves the king in check");
    }
    // The king's 17 neighbours but 2e6, on the rook's line.
    assert_eq!(
        targets(&s, "3e7"),
        set(&[
            "3d6", "3d7", "3d8", "3e6", "3e8", "3f6", "3f7", "3f8", "2d6", "2d7", "2d8", "2e7", "2e8", "2f6", "2f7",
            "2f8"
        ])
    );
}

#[test]
fn the_seventy_five_move_rule_and_fivefold_repetition_draw() {
    let mut s = game(Some("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 149 80"));
    play(&mut s, "K2a1").unwrap();
    assert_eq!(
        s.result.as_ref().map(|o| o.reason.as_str()),
        Some("seventy-five moves each without a capture or pawn move")
    );
    let mut s = game(Some("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1"));
    for _ in 0..3 {
        play_all(&mut s, "K2a1 K2h8 K1a1 K3h8");
    }
    assert!(s.result.is_none(), "four times is not yet a draw");
    play_all(&mut s, "K2a1 K2h8 K1a1");
    assert!(s.result.is_none());
    play(&mut s, "K3h8").unwrap();
    assert_eq!(
        s.result.map(|o| o.reason),
        Some("the same position for the fifth time".into())
    );
}

#[test]
fn resigning_gives_the_other_side_the_game() {
    let mut s = game(None);
    play(&mut s, "1e4").unwrap();
    assert_eq!(play(&mut s, "resign"), Ok("resign".into()));
    let outcome = s.result.unwrap();
    assert_eq!((outcome.winners, outcome.reason.as_str()), (vec![0], "black resigned"));
}

#[test]
fn bad_moves_are_refused_with_the_reason() {
    let mut s = game(None);
    assert_eq!(
        play(&mut s, "e4"),
        Err("'e4' is not a move: squares are written level digit, file, rank (1e4, N2d1, ex3d5, 1e2-1e4)".into())
    );
    assert_eq!(
        play(&mut s, "1e5"),
        Err("'1e5' is not a legal move for white here".into())
    );
    assert_eq!(
        play(&mut s, "Q1d3"),
        Err("'Q1d3' is not a legal move for white here".into())
    );
    // Out of turn.
    let command = Millennium3d
        .parse(&s, kifu_core::record::Actor::Seat(1), "1e4")
        .unwrap();
    let err = Millennium3d
        .apply(&mut s.clone(), kifu_core::record::Actor::Seat(1), &command)
        .unwrap_err();
    assert_eq!(err.reason, "it is p1's move (white), not p2's");
    // A start position no game reaches.
    let options = Default::default();
    let bad = Millennium3d.setup(&kifu_core::rules::Setup {
        options: &options,
        players: 2,
        start: Some("8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1"),
    });
    assert_eq!(bad.unwrap_err().reason, "start position: black has 0 kings, not one");
}
