//! Alice chess on hand-built positions: each is an example from FFISH.md (fixtures/chess/oracle,
//! probed with pyffish-alice 0.0.3) or from the public rules (V. R. Parton's rules as given by
//! chessvariants.com "Alice Chess" and Wikipedia "Alice chess"), cited per test.

use crate::fen::{parse_fen, to_fen};
use crate::movegen::legal_moves;
use crate::outcome::position_result;
use crate::piece::Color;
use crate::position::Position;
use crate::san::{move_to_san, parse_move};
use crate::uci::{move_to_uci, parse_uci};
use crate::variant::Variant;

fn pos(fen: &str) -> Position {
    parse_fen(Variant::Alice, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn ucis(p: &Position) -> Vec<String> {
    let mut l: Vec<String> = legal_moves(p).iter().map(|m| move_to_uci(p, m)).collect();
    l.sort();
    l
}

fn play(fen: &str, moves: &[&str]) -> Position {
    let mut p = pos(fen);
    for uci in moves {
        let m = parse_uci(&p, uci).unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
        p.play(&m);
    }
    p
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// FFISH.md "FEN": the moved piece passes to board B (`|`), and back to A.
#[test]
fn pieces_pass_through_and_fen_marks_board_b() {
    let fens = [
        (
            &["e2e4"][..],
            "rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ),
        (
            &["e2e4", "e7e5"],
            "rnbqkbnr/pppp1ppp/8/4|p3/4|P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        ),
        (
            &["e2e4", "e7e5", "g1f3"],
            "rnbqkbnr/pppp1ppp/8/4|p3/4|P3/5|N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        ),
        (
            &["e2e4", "d7d5", "e4d5"],
            "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        ),
    ];
    for (moves, want) in fens {
        assert_eq!(to_fen(&play(START, moves)), want, "{moves:?}");
        assert_eq!(to_fen(&pos(want)), want, "reads back");
    }
}

/// FFISH.md: `|` only before a piece letter, only in Alice.
#[test]
fn bar_refused_where_it_means_nothing() {
    assert!(parse_fen(Variant::Alice, "4k3/8/8/8/8/8/8/|4K3 w - - 0 1").is_err());
    assert!(parse_fen(Variant::Alice, "4k3/8/8/8/8/8/8/4K2| w - - 0 1").is_err());
    assert!(parse_fen(Variant::Standard, "4|k3/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
}

/// FFISH.md rule 2: the landing square must be empty on the other board: after e3 f6 Qh5
/// (queen on B h5) black's h7h5 is impossible, and the queen on B gives no check to the
/// king on A.
#[test]
fn landing_square_must_be_free_on_the_other_board() {
    let p = play(START, &["e2e3", "f7f6", "d1h5"]);
    assert!(!ucis(&p).contains(&"h7h5".to_string()));
    assert!(ucis(&p).contains(&"h7h6".to_string()));
    assert!(!p.in_check(Color::Black));
}

/// FFISH.md rule 3, both examples: the checked king on B keeps off the rook's rank on B;
/// the king on A may not land on B squares the rook (now on B) attacks. Both: exactly
/// d7, e7, f7.
#[test]
fn king_escapes_on_both_boards() {
    let on_b = play("4|k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a8"]);
    assert!(on_b.in_check(Color::Black));
    assert_eq!(ucis(&on_b), ["e8d7", "e8e7", "e8f7"]);
    let on_a = play("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a8"]);
    assert!(!on_a.in_check(Color::Black));
    assert_eq!(ucis(&on_a), ["e8d7", "e8e7", "e8f7"]);
    assert_eq!(san_of("4|k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
}

fn san_of(fen: &str, uci: &str) -> String {
    let p = pos(fen);
    move_to_san(&p, &parse_uci(&p, uci).unwrap_or_else(|e| panic!("{uci}: {e}")))
}

/// FFISH.md: a pin holds on its own board only. The knight on A e7, pinned by the rook on A
/// e1: king moves only (d8 d7 f8 f7; e7 is the knight's). With the rook on B the knight moves.
#[test]
fn pins_hold_on_their_board() {
    let pinned = pos("4k3/4n3/8/8/8/8/8/4RK2 b - - 0 1");
    assert!(ucis(&pinned).iter().all(|m| m.starts_with("e8")), "{:?}", ucis(&pinned));
    assert_eq!(ucis(&pinned), ["e8d7", "e8d8", "e8f7", "e8f8"]);
    let free = pos("4k3/4n3/8/8/8/8/8/4|RK2 b - - 0 1");
    for m in ["e7c6", "e7c8", "e7d5", "e7f5", "e7g6", "e7g8"] {
        assert!(ucis(&free).contains(&m.to_string()), "{m}");
    }
}

/// FFISH.md "Pawns": a double step from the second rank on either board; promotion passes
/// through like any move.
#[test]
fn pawn_double_steps_and_promotions() {
    assert_eq!(
        ucis(&pos("4k3/8/8/8/8/8/|P7/4K3 w - - 0 1")),
        ["a2a3", "a2a4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    assert_eq!(
        to_fen(&play("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", &["a7a8q"])),
        "|Q3k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        to_fen(&play("4k3/|P7/8/8/8/8/8/4K3 w - - 0 1", &["a7a8n"])),
        "N3k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

/// FFISH.md "En passant: none": after e2e4 beside the B pawn on d4 no ep square is written
/// and d4e3 is not offered.
#[test]
fn no_en_passant() {
    let p = play("4k3/8/8/8/3|p4/8/4P3/4K3 w - - 0 1", &["e2e4"]);
    assert_eq!(to_fen(&p), "4k3/8/8/8/3|p|P3/8/8/4K3 b - - 0 1");
    assert_eq!(ucis(&p), ["d4d3", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]);
}

/// FFISH.md "Castling": king and rook on A both land on B; a piece on B f1 or g1 forbids
/// O-O; f1 attacked on A forbids it, f1 attacked only on B does not; g1 attacked on either
/// board forbids it; no castling in check.
#[test]
fn castling_from_a_to_b() {
    let both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(to_fen(&play(both, &["e1g1"])), "r3k2r/8/8/8/8/8/8/R4|R|K1 b kq - 1 1");
    assert_eq!(to_fen(&play(both, &["e1c1"])), "r3k2r/8/8/8/8/8/8/2|K|R3R b kq - 1 1");
    assert_eq!(san_of(both, "e1g1"), "O-O");
    let castles = |fen: &str| ucis(&pos(fen)).contains(&"e1g1".to_string());
    assert!(!castles("4k3/8/8/8/8/8/8/4K|NR1 w K - 0 1"), "B f1 taken");
    assert!(!castles("4k3/8/8/8/8/8/8/4K1|NR w K - 0 1"), "B g1 taken");
    assert!(!castles("4kr2/8/8/8/8/8/8/4K2R w K - 0 1"), "f1 attacked on A");
    assert!(castles("4k|r2/8/8/8/8/8/8/4K2R w K - 0 1"), "f1 attacked on B only");
    assert!(!castles("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1"), "g1 attacked on A");
    assert!(!castles("4k1|r1/8/8/8/8/8/8/4K2R w K - 0 1"), "g1 attacked on B");
    assert!(!castles("r3r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "in check on A");
    assert!(castles("4k3/8/8/8/8/8/8/|N3K2R w K - 0 1"));
}

/// A checkmate on board B: black king on B h8 boxed in by its own B pawns (g7, h7) and the
/// rook passing to B's 8th rank. Ra1-a8 is legal on A (a8 empty on B) and lands the rook on
/// B a8: check along the B 8th rank, g8 attacked; the king cannot move on B (g8 attacked, g7
/// h7 own pieces), and no black piece can block or take.
#[test]
fn checkmate_on_board_b() {
    let fen = "7|k/6|p|p/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san_of(fen, "a1a8"), "Ra8#");
    let mate = play(fen, &["a1a8"]);
    assert!(legal_moves(&mate).is_empty());
    assert!(position_result(&mate).is_some_and(|o| o.winners == [0] && o.reason == "checkmate"));
}

/// A stalemate: the black king alone on A a8, the white queen on A b6 attacks a7, b7 and b8
/// on A, so the king has no move legal on its board: stalemate, a draw (FFISH.md).
#[test]
fn stalemate_is_a_draw() {
    let p = pos("k7/8/1Q6/8/8/8/8/4K3 b - - 0 1");
    assert!(legal_moves(&p).is_empty());
    assert!(position_result(&p).is_some_and(|o| o.winners.is_empty() && o.reason == "stalemate"));
}

/// Fairy-Stockfish writes the from-rank when two pawns of one file on different boards step
/// to the same square (the games fixture has `2c4`); the text reads back.
#[test]
fn pawn_steps_disambiguated_by_rank() {
    let p = pos("4k3/8/8/8/8/2|P5/2P5/4K3 w - - 0 1");
    let two = parse_uci(&p, "c2c4").unwrap_or_else(|e| panic!("{e}"));
    let three = parse_uci(&p, "c3c4").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(move_to_san(&p, &two), "2c4");
    assert_eq!(move_to_san(&p, &three), "3c4");
    assert_eq!(parse_move(&p, "2c4"), Ok(two));
    assert!(parse_move(&p, "c4").is_err(), "ambiguous");
}
