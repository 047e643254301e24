//! Monochromatic chess: every move ends on a square of the colour it started on (knights never
//! move, pawns never step one, kings step diagonally, rooks go an even number of squares), and
//! only such moves capture or check. Source: the Schwalbe keyword "Monochromatic chess" and
//! seeds/chess/monochromatic.md; each position built to make the rule fire.

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "a rook on a1 goes 2, 4 or 6 squares; the king steps diagonally",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        want: Want::Moves(&["a1a3", "a1a5", "a1a7", "a1c1", "e1d2", "e1f2"]),
    },
    Case {
        why: "a knight never moves",
        fen: "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        want: Want::Moves(&["e1d2", "e1f2"]),
    },
    Case {
        why: "a pawn steps two or captures, never steps one",
        fen: "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1",
        want: Want::Moves(&["e2d3", "e2e4", "e1d2", "e1f2"]),
    },
    Case {
        why: "a pawn off its home rank cannot move at all",
        fen: "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1",
        want: Want::Moves(&["e1d2", "e1f2"]),
    },
    Case {
        why: "the a1 king's only step, b2, is attacked by the b8 rook six squares away: stalemate",
        fen: "1r2k3/8/8/8/8/8/8/K7 w - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "a rook three squares away gives no check; the king has d7 and f7",
        fen: "1R2k3/8/8/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8d7", "e8f7"]),
    },
    Case {
        why: "Rh2 checks h8 six squares away; g7 is the f6 king's: mate",
        fen: "7k/8/5K2/8/8/8/1R6/8 w - - 0 1",
        want: Want::After("b2h2", "7k/8/5K2/8/8/8/7R/8 b - - 1 1", "white"),
    },
    Case {
        why: "a queen: any diagonal square, an even number of squares straight",
        fen: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        want: Want::Moves(&[
            "d1b1", "d1d3", "d1d5", "d1d7", "d1c2", "d1b3", "d1a4", "d1e2", "d1f3", "d1g4", "d1h5", "e1d2", "e1f2",
        ]),
    },
    Case {
        why: "black castles short only (the a8 rook would go three squares)",
        fen: "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
        want: Want::Some(&["e8g8"], &["e8c8"]),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "a bishop always keeps its colour: all seven squares",
        fen: "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        want: Want::Moves(&["c1b2", "c1a3", "c1d2", "c1e3", "c1f4", "c1g5", "c1h6", "e1d2", "e1f2"]),
    },
    Case {
        why: "en passant is a diagonal capture, colour kept: exd6",
        fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        want: Want::Moves(&["e5d6", "e1d2", "e1f2"]),
    },
    Case {
        why: "Qa4 checks e8 on the diagonal; d7 is the queen's, f7 the g6 king's: mate",
        fen: "4k3/8/6K1/8/8/8/Q7/8 w - - 0 1",
        want: Want::After("a2a4", "4k3/8/6K1/8/Q7/8/8/8 b - - 1 1", "white"),
    },
    Case {
        why: "the a1 rook may not take on a6 (five squares) and stops on a3 or a5",
        fen: "4k3/8/r7/8/8/8/8/R3K3 w - - 0 1",
        want: Want::Moves(&["a1a3", "a1a5", "a1c1", "e1d2", "e1f2"]),
    },
    Case {
        why: "six squares away the a1 rook takes on a7",
        fen: "4k3/r7/8/8/8/8/8/R3K3 w - - 0 1",
        want: Want::Some(&["a1a7", "a1a3"], &["a1a2", "a1a4", "a1a6"]),
    },
    Case {
        why: "the e2 pawn's double step is blocked on e4: the pawn cannot move",
        fen: "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1",
        want: Want::Moves(&["e1d2", "e1f2"]),
    },
    Case {
        why: "the a7 pawn promotes only by taking on b8",
        fen: "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Moves(&["a7b8b", "a7b8n", "a7b8q", "a7b8r", "e1d2", "e1f2"]),
    },
    Case {
        why: "the a6 bishop attacks f1: no O-O",
        fen: "4k3/8/b7/8/8/8/8/4K2R w K - 0 1",
        want: Want::Some(&["e1d2", "e1f2"], &["e1g1"]),
    },
    Case {
        why: "O-O: king and rook each move two squares, keeping their colours",
        fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        want: Want::After("e1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1", "none"),
    },
    Case {
        why: "a knight never moves, so the d6 knight gives no check",
        fen: "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8d7", "e8f7"]),
    },
];

#[test]
fn monochromatic_hand_built_positions() {
    check(Variant::Monochromatic, CASES, 20);
}
