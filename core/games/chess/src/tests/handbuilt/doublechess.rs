//! Double chess (Hayward, 1916): two armies a side on 16x12, every king royal, mate of either
//! king wins. Source: seed 004, the rules as published (BCM 1929, via Pritchard) and
//! seeds/chess/doublechess.md for the readings; every answer worked out by hand from those.

use super::{check, Case, Want};
use crate::fen::parse_fen;
use crate::variant::Variant;

const START: &str = crate::fairy::doublechess::START;
/// Both armies with only kings, rooks and pawns on their home squares.
const ROOKS: &str = "r3k2rr3k2r/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/R3K2RR3K2R w AHIPahip - 0 1";

const CASES: &[Case] = &[
    Case {
        why: "from the start a pawn steps one, two, three or four",
        fen: START,
        want: Want::From("e2", &["e2e3", "e2e4", "e2e5", "e2e6"]),
    },
    Case {
        why: "from the start the b1 knight has a3 and c3, the i1 rook nothing",
        fen: START,
        want: Want::Some(&["b1a3", "b1c3", "j1i3", "j1k3"], &["i1i2", "e1f2"]),
    },
    Case {
        why: "a long step stops before a piece: e3 and e4 only with a knight on e5",
        fen: "4k7k3/16/16/16/16/16/16/4n11/16/16/4P11/4K7K3 w - - 0 1",
        want: Want::From("e2", &["e2e3", "e2e4"]),
    },
    Case {
        why: "a pawn off its home rank steps one",
        fen: "4k7k3/16/16/16/16/16/16/16/16/4P11/16/4K7K3 w - - 0 1",
        want: Want::From("e3", &["e3e4"]),
    },
    Case {
        why: "a black pawn at home steps one to four down the board",
        fen: "4k7k3/7p8/16/16/16/16/16/16/16/16/16/4K7K3 b - - 0 1",
        want: Want::From("h11", &["h11h10", "h11h9", "h11h8", "h11h7"]),
    },
    Case {
        why: "e2-e6 passes e3, e4 and e5; the FEN names the first passed cell",
        fen: "4k7k3/16/16/16/16/16/16/16/3p12/16/4P11/4K7K3 w - - 0 1",
        want: Want::After(
            "e2e6",
            "4k7k3/16/16/16/16/16/4P11/16/3p12/16/16/4K7K3 b - e3 0 1",
            "none",
        ),
    },
    Case {
        why: "the d4 pawn takes en passant on e3, removing the e6 pawn",
        fen: "4k7k3/16/16/16/16/16/4P11/16/3p12/16/16/4K7K3 b - e3 0 1",
        want: Want::After("d4e3", "4k7k3/16/16/16/16/16/16/16/16/4p11/16/4K7K3 w - - 0 2", "none"),
    },
    Case {
        why: "after e2-e6 the f5 pawn takes en passant on e4, a passed cell beyond the first",
        fen: "4k7k3/16/16/16/16/16/4P11/5p10/16/16/16/4K7K3 b - e3 0 1",
        want: Want::After("f5e4", "4k7k3/16/16/16/16/16/16/16/4p11/16/16/4K7K3 w - - 0 2", "none"),
    },
    Case {
        why: "the f5 pawn's moves then: its step, and e4 en passant (e6 is not diagonal to it)",
        fen: "4k7k3/16/16/16/16/16/4P11/5p10/16/16/16/4K7K3 b - e3 0 1",
        want: Want::From("f5", &["f5f4", "f5e4"]),
    },
    Case {
        why: "each king castles both ways with the rooks of its own half",
        fen: ROOKS,
        want: Want::Some(&["e1g1", "e1c1", "m1o1", "m1k1"], &["e1f1f", "m1i1"]),
    },
    Case {
        why: "m-king short castling: king to o1, the p1 rook to n1; that king's i and p rights go",
        fen: ROOKS,
        want: Want::After(
            "m1o1",
            "r3k2rr3k2r/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/R3K2RR4RK1 b AHahip - 1 1",
            "none",
        ),
    },
    Case {
        why: "e-king long castling: king to c1, the a1 rook to d1; the m-king keeps i and p",
        fen: ROOKS,
        want: Want::After(
            "e1c1",
            "r3k2rr3k2r/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/2KR3RR3K2R b IPahip - 1 1",
            "none",
        ),
    },
    Case {
        why: "black's m-king castles long: to k12, the i12 rook to l12; black keeps a and h",
        fen: "r3k2rr3k2r/16/16/16/16/16/16/16/16/16/16/R3K2RR3K2R b AHIPahip - 0 1",
        want: Want::After(
            "m12k12",
            "r3k2r2kr3r/16/16/16/16/16/16/16/16/16/16/R3K2RR3K2R w AHIPah - 1 2",
            "none",
        ),
    },
    Case {
        why: "the f7 rook attacks f1, which the e-king would cross: no short castling for it",
        fen: "4k7k3/16/16/16/16/5r10/16/16/16/16/16/R3K2RR3K2R w AHIP - 0 1",
        want: Want::Some(&["e1c1", "m1o1", "m1k1"], &["e1g1", "e1f1"]),
    },
    Case {
        why: "the m-king in check: no castling by it, nor by the e-king, which leaves it in check",
        fen: "4k7k3/16/16/16/16/12r3/16/16/16/16/16/R3K2RR3K2R w AHIP - 0 1",
        want: Want::Some(&["m1l2", "m1n2"], &["e1g1", "e1c1", "m1o1", "m1k1", "a1a2"]),
    },
    Case {
        why: "a right not in the FEN is gone: the e-king castles long only",
        fen: "4k7k3/16/16/16/16/16/16/16/16/16/16/R3K2RR3K2R w AIP - 0 1",
        want: Want::Some(&["e1c1", "m1o1", "m1k1"], &["e1g1"]),
    },
    Case {
        why: "the m4 rook is pinned to the m1 king: it moves along the m-file only",
        fen: "4k7k3/16/16/16/12r3/16/16/16/12R3/16/16/4K7K3 w - - 0 1",
        want: Want::From("m4", &["m4m5", "m4m6", "m4m7", "m4m8", "m4m3", "m4m2"]),
    },
    Case {
        why: "Nelson's case: the e1 rook checks c1 with the a1 king behind; only Nd1 answers",
        fen: "4k7k3/16/16/16/16/16/16/16/16/16/5N10/K1K1r11 w - - 0 1",
        want: Want::Moves(&["f2d1"]),
    },
    Case {
        why: "the e-king mated by a guarded queen wins, though the m-king is free",
        fen: "4k7k3/16/16/16/16/4r11/16/16/16/16/4q11/4K7K3 w - - 0 1",
        want: Want::Over("black", "checkmate"),
    },
    Case {
        why: "both kings in check by two rooks: a2 can block only one line, so it is mate",
        fen: "4k7k3/16/16/16/16/4r7r3/16/16/16/16/R15/4K7K3 w - - 0 1",
        want: Want::Over("black", "checkmate"),
    },
    Case {
        why: "stalemate: both white kings boxed by the c2 and n2 queens, neither in check",
        fen: "4k7k3/16/16/16/16/16/16/16/16/16/2q10q2/K14K w - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "a pawn promotes on the twelfth rank",
        fen: "4k7k3/1P14/16/16/16/16/16/16/16/16/16/4K7K3 w - - 0 1",
        want: Want::From("b11", &["b11b12q", "b11b12r", "b11b12b", "b11b12n"]),
    },
    Case {
        why: "four bare kings cannot mate: a draw",
        fen: "4k7k3/16/16/16/16/16/16/16/16/16/16/4K7K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

#[test]
fn doublechess_hand_built_positions() {
    check(Variant::DoubleChess, CASES, 20);
}

#[test]
fn doublechess_refuses_positions_it_cannot_have() {
    for fen in [
        // One king a side.
        "4k11/16/16/16/16/16/16/16/16/16/16/4K7K3 w - - 0 1",
        // Castling with a b-file rook, or with a rook whose king has left home.
        "4k7k3/16/16/16/16/16/16/16/16/16/16/1R2K7K3 w B - 0 1",
        "4k7k3/16/16/16/16/16/16/16/16/16/16/R4K6K3 w A - 0 1",
        // An en passant cell with no pawn beyond it within three cells.
        "4k7k3/16/16/16/16/16/16/16/16/16/16/4K7K3 b - e3 0 1",
        // White to move with black's m-king in check from the m2 rook.
        "4k7k3/16/16/16/16/16/16/16/16/16/12R3/4K7K3 w - - 0 1",
    ] {
        assert!(parse_fen(Variant::DoubleChess, fen).is_err(), "{fen} was read");
    }
}
