//! Dunsany's chess: 32 black pawns (no king), moving first and stepping one only, against the
//! white army; black wins by checkmate, white by taking every black piece. Source:
//! chessvariants.com "Dunsany's Chess" (Lord Dunsany, 1942) and seeds/chess/dunsany.md; each
//! position built to make one rule fire.

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "a black pawn promotes on rank 1 to Q, R, B or N",
        fen: "8/8/8/8/8/8/p7/4K3 b - - 0 1",
        want: Want::Moves(&["a2a1b", "a2a1n", "a2a1q", "a2a1r"]),
    },
    Case {
        why: "promoting keeps black alive: the new queen checks along the first rank",
        fen: "8/8/8/8/8/8/p7/4K3 b - - 0 1",
        want: Want::After("a2a1q", "8/8/8/8/8/8/8/q3K3 w - - 0 2", "none"),
    },
    Case {
        why: "a black pawn on its seventh rank still steps one only",
        fen: "8/p7/8/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["a7a6"]),
    },
    Case {
        why: "black pawns may stand on rank 8 (the array's back rank) and step one",
        fen: "p7/8/8/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["a8a7"]),
    },
    Case {
        why: "a black pawn steps or takes either knight",
        fen: "8/8/8/8/3p4/2N1N3/8/4K3 b - - 0 1",
        want: Want::Moves(&["d4c3", "d4d3", "d4e3"]),
    },
    Case {
        why: "black with no move and no king: stalemate, a draw",
        fen: "8/8/8/8/8/4p3/4K3/8 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "white takes the last black piece and wins",
        fen: "8/8/8/8/8/8/3p4/4K3 w - - 0 1",
        want: Want::After("e1d2", "8/8/8/8/8/8/3K4/8 b - - 0 1", "white"),
    },
    Case {
        why: "the rook takes the last black pawn and wins",
        fen: "8/8/8/8/8/7p/8/4K2R w - - 0 1",
        want: Want::After("h1h3", "8/8/8/8/8/7R/8/4K3 b - - 0 1", "white"),
    },
    Case {
        why: "white's pawns step two from the second rank",
        fen: "8/p7/8/8/8/8/4P3/4K3 w - - 0 1",
        want: Want::Moves(&["e2e3", "e2e4", "e1d1", "e1d2", "e1f1", "e1f2"]),
    },
    Case {
        why: "a white double step beside a black pawn opens en passant (e3 written)",
        fen: "8/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
        want: Want::After("e2e4", "8/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "none"),
    },
    Case {
        why: "black takes en passant",
        fen: "8/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
        want: Want::Moves(&["d4d3", "d4e3"]),
    },
    Case {
        why: "pawns mate the king in the corner: g2 checks, h3 guards g2, h2 guards g1, g3 guards h2",
        fen: "8/8/8/8/8/6pp/6pp/7K w - - 0 1",
        want: Want::Over("black", "checkmate"),
    },
    Case {
        why: "white stalemated by pawns: g1, g2 and h2 all guarded, no check",
        fen: "8/8/8/8/8/5pp1/5p1p/7K w - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "white castles both ways as in chess",
        fen: "8/p7/8/8/8/8/8/R3K2R w KQ - 0 1",
        want: Want::Some(&["e1g1", "e1c1"], &[]),
    },
    Case {
        why: "a pawn on e2 guards d1 and f1: no castling, but the king takes it",
        fen: "8/p7/8/8/8/8/4p3/R3K2R w KQ - 0 1",
        want: Want::Some(&["e1e2"], &["e1g1", "e1c1"]),
    },
    Case {
        why: "a white promotion: 4 pieces and the king's 5 steps",
        fen: "8/P6p/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Moves(&[
            "a7a8b", "a7a8n", "a7a8q", "a7a8r", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ]),
    },
    Case {
        why: "a black promotion by a step or by taking the a1 rook",
        fen: "8/8/8/8/8/8/1p6/R3K3 b - - 0 1",
        want: Want::Moves(&["b2a1b", "b2a1n", "b2a1q", "b2a1r", "b2b1b", "b2b1n", "b2b1q", "b2b1r"]),
    },
    Case {
        why: "the start: black's eight front pawns step one, nothing else moves",
        fen: "pppppppp/pppppppp/pppppppp/pppppppp/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1",
        want: Want::Moves(&["a5a4", "b5b4", "c5c4", "d5d4", "e5e4", "f5f4", "g5g4", "h5h4"]),
    },
    Case {
        why: "after ...e4 the e2 pawn steps one only, its double step blocked",
        fen: "pppppppp/pppppppp/pppppppp/pppp1ppp/4p3/8/PPPPPPPP/RNBQKBNR w KQ - 0 2",
        want: Want::From("e2", &["e2e3"]),
    },
    Case {
        why: "75 moves without capture or pawn move: a draw (black still has a piece)",
        fen: "8/8/8/8/8/4p3/8/R3K3 w - - 150 90",
        want: Want::Over("draw", "seventy-five"),
    },
];

#[test]
fn dunsany_hand_built_positions() {
    check(Variant::Dunsany, CASES, 20);
}
