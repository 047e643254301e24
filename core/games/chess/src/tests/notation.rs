//! SAN out (disambiguation, marks, castling, drops) and the lenient reader (UCI, long
//! algebraic, zeros, figurines, lower case, no `x`/`=`), plus the loose-move resolver.

use crate::fen::parse_fen;
use crate::position::{Position, KINGSIDE};
use crate::resolve::{resolve, LooseMove, ResolveError};
use crate::san::{move_to_san, parse_move};
use crate::uci::{move_to_uci, parse_uci};
use crate::variant::Variant;

fn pos(variant: Variant, fen: &str) -> Position {
    match parse_fen(variant, fen) {
        Ok(p) => p,
        Err(e) => panic!("{fen}: {e}"),
    }
}

/// The canonical SAN of what `text` reads as.
fn san_of(p: &Position, text: &str) -> Result<String, String> {
    parse_move(p, text).map(|m| move_to_san(p, &m))
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn lenient_forms_read_as_the_same_move() {
    let p = pos(Variant::Standard, START);
    for text in ["Nf3", "g1f3", "Ng1f3", "Ng1-f3", "nf3", "♘f3", "N1f3", "Ngf3", "Nf3!?"] {
        assert_eq!(san_of(&p, text), Ok("Nf3".to_string()), "{text}");
    }
    for text in ["e4", "e2e4", "e2-e4", "Pe4"] {
        assert_eq!(san_of(&p, text), Ok("e4".to_string()), "{text}");
    }
    assert_eq!(
        san_of(&p, "E4"),
        Ok("e4".to_string()),
        "upper-case square names are read too"
    );
    assert!(parse_move(&p, "Ze4").is_err());
    assert!(parse_move(&p, "e5").is_err_and(|e| e.contains("no white pawn can go to e5")));
}

#[test]
fn castling_forms_and_marks() {
    let p = pos(Variant::Standard, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for text in ["O-O", "0-0", "o-o", "e1g1", "e1h1", "Kxh1"] {
        assert_eq!(san_of(&p, text), Ok("O-O".to_string()), "{text}");
    }
    assert_eq!(san_of(&p, "0-0-0"), Ok("O-O-O".to_string()));
    let castle = parse_move(&p, "O-O").map(|m| move_to_uci(&p, &m));
    assert_eq!(castle, Ok("e1g1".to_string()));
    let mate = pos(Variant::Standard, "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(san_of(&mate, "a1a8"), Ok("Ra8#".to_string()));
    let check = pos(Variant::Standard, "6k1/5pp1/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(san_of(&check, "Ra8"), Ok("Ra8+".to_string()));
    assert_eq!(san_of(&check, "O-O-O"), Ok("O-O-O".to_string()));
}

#[test]
fn chess960_castling_is_king_takes_rook_in_uci() {
    let p = pos(
        Variant::Chess960,
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    );
    let m = parse_move(&p, "O-O");
    assert!(m.is_err(), "blocked castling must be refused");
    let open = pos(Variant::Chess960, "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1");
    let m = parse_move(&open, "O-O").map(|m| move_to_uci(&open, &m));
    assert_eq!(m, Ok("g1h1".to_string()));
    assert_eq!(san_of(&open, "g1h1"), Ok("O-O".to_string()));
    assert_eq!(san_of(&open, "Kxh1"), Ok("O-O".to_string()), "king takes own rook");
    assert_eq!(san_of(&open, "Kf1"), Ok("Kf1".to_string()));
}

#[test]
fn disambiguation_is_exact() {
    let p = pos(Variant::Standard, "k7/8/8/8/8/8/8/KN3N2 w - - 0 1");
    assert_eq!(san_of(&p, "b1d2"), Ok("Nbd2".to_string()));
    let ranks = pos(Variant::Standard, "7k/8/8/8/R7/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&ranks, "a1a2"), Ok("R1a2".to_string()));
    let three = pos(Variant::Standard, "7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1");
    assert_eq!(san_of(&three, "a4b3"), Ok("Qa4b3".to_string()));
    assert!(parse_move(&p, "Nd2").is_err_and(|e| e.contains("Nbd2") && e.contains("Nfd2")));
    let pinned = pos(Variant::Standard, "k7/8/8/6N1/8/8/r2N2K1/8 w - - 0 1");
    assert_eq!(
        san_of(&pinned, "Ne4"),
        Ok("Ne4".to_string()),
        "the pinned knight is no rival"
    );
}

#[test]
fn promotions_read_loosely() {
    let p = pos(Variant::Standard, "7k/P7/8/8/8/8/8/K7 w - - 0 1");
    for text in ["a8=Q", "a8Q", "a8q", "a7a8q", "a7-a8=Q"] {
        assert_eq!(san_of(&p, text), Ok("a8=Q+".to_string()), "{text}");
    }
    assert!(parse_move(&p, "a8").is_err_and(|e| e.contains("promotion")));
    assert!(parse_uci(&p, "a7a8").is_err());
}

#[test]
fn lower_case_bishop_or_pawn_is_ambiguous_unless_strict() {
    let p = pos(Variant::Standard, "k7/8/8/8/2p5/1P6/8/K4B2 w - - 0 1");
    assert_eq!(san_of(&p, "bxc4"), Ok("bxc4".to_string()));
    assert_eq!(san_of(&p, "Bxc4"), Ok("Bxc4".to_string()));
    assert!(parse_move(&p, "bc4").is_err_and(|e| e.contains("ambiguous")));
}

#[test]
fn capture_mark_without_capture_is_refused() {
    let p = pos(Variant::Standard, START);
    assert!(parse_move(&p, "Nxf3").is_err_and(|e| e.contains("nothing to take")));
}

#[test]
fn crazyhouse_drops() {
    let p = pos(Variant::Crazyhouse, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    assert_eq!(san_of(&p, "Q@d7"), Ok("Q@d7+".to_string()));
    assert_eq!(san_of(&p, "q@d1"), Ok("Q@d1".to_string()));
    assert!(parse_move(&p, "N@f3").is_err(), "white has no knight in hand");
    let pawn = pos(Variant::Crazyhouse, "2k5/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert_eq!(san_of(&pawn, "@e4"), Ok("P@e4".to_string()));
    assert!(parse_move(&pawn, "P@e8").is_err(), "no pawn drops on the last rank");
}

#[test]
fn resolver_reports_why() {
    let p = pos(Variant::Standard, START);
    let loose = |piece, to: &str| LooseMove {
        piece,
        to: p.geo.parse_square(to),
        ..LooseMove::default()
    };
    use crate::piece::Role;
    assert!(resolve(&p, &loose(Some(Role::Knight), "f3")).is_ok());
    assert!(matches!(
        resolve(&p, &loose(Some(Role::Knight), "f4")),
        Err(ResolveError::NoSuchPiece(_))
    ));
    assert!(matches!(
        resolve(&p, &loose(Some(Role::Bishop), "c4")),
        Err(ResolveError::NoSuchPiece(_))
    ));
    let castle = LooseMove {
        castle: Some(KINGSIDE),
        ..LooseMove::default()
    };
    assert!(matches!(resolve(&p, &castle), Err(ResolveError::Illegal(_))));
    let pinned = pos(Variant::Standard, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let n = LooseMove {
        piece: Some(Role::Knight),
        to: pinned.geo.parse_square("d4"),
        ..LooseMove::default()
    };
    assert!(matches!(resolve(&pinned, &n), Err(ResolveError::Illegal(_))));
}

#[test]
fn a_uci_line_that_is_not_a_position_command_is_refused_naming_its_line() {
    use crate::notation::UCI;
    use kifu_core::format::Format;
    let text = "position startpos moves e2e4\nposition start moves e2e4\nposition startpos e2e4\n";
    let got = UCI.read(text);
    assert_eq!(got.len(), 3);
    assert!(got[0].is_ok());
    for (draft, line) in got[1..].iter().zip([2, 3]) {
        let err = draft.as_ref().unwrap_err();
        assert_eq!(err.line, Some(line), "{err}");
    }
}
