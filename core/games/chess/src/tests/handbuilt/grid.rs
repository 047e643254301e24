//! Grid chess: the board is cut into 2x2 blocks (files ab, cd, ef, gh by ranks 12, 34, 56,
//! 78) and every move must end in another block; a piece in the king's block does not check
//! it. Source: chessvariants.com "Grid Chess" (Walter Stead, 1953) and seeds/chess/grid.md;
//! each position built to make the rule fire.

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "the a1 knight always crosses; the e1 king only to the d-file (e2 f1 f2 share its block)",
        fen: "4k3/8/8/8/8/8/8/N3K3 w - - 0 1",
        want: Want::Moves(&["a1b3", "a1c2", "e1d1", "e1d2"]),
    },
    Case {
        why: "a king on c3 (block c3-d4): five of its eight steps leave the block",
        fen: "4k3/8/8/8/8/2K5/8/8 w - - 0 1",
        want: Want::Moves(&["c3b2", "c3b3", "c3b4", "c3c2", "c3d2"]),
    },
    Case {
        why: "a rook on d4 may not stop on c4 or d3 (its block); the a1 king is boxed in its corner block",
        fen: "7k/8/8/8/3R4/8/8/K7 w - - 0 1",
        want: Want::Moves(&[
            "d4a4", "d4b4", "d4e4", "d4f4", "d4g4", "d4h4", "d4d5", "d4d6", "d4d7", "d4d8", "d4d2", "d4d1",
        ]),
    },
    Case {
        why: "a pawn on a3 cannot step to a4 (same block), the a1 king cannot move: stalemate",
        fen: "7k/8/8/8/8/P7/8/K7 w - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "a pawn on a2 steps to a3 or a4, both across the line",
        fen: "7k/8/8/8/8/8/P7/K7 w - - 0 1",
        want: Want::Moves(&["a2a3", "a2a4"]),
    },
    Case {
        why: "a pawn on b3 takes on c4 (another block) but not on a4 (its own), nor steps to b4",
        fen: "7k/8/8/8/p1p5/1P6/8/K7 w - - 0 1",
        want: Want::Moves(&["b3c4"]),
    },
    Case {
        why: "a rook in the king's block neither checks nor can be taken by it: stalemate",
        fen: "7k/8/8/8/8/8/1r6/K7 w - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "the h7 rook shares g8's block (no check) but guards f7 across the line: only Kf8",
        fen: "6k1/7R/8/8/8/8/8/K7 b - - 0 1",
        want: Want::Moves(&["g8f8"]),
    },
    Case {
        why: "castling both ways: the king's step leaves its block; single steps do not",
        fen: "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        want: Want::Some(&["e1g1", "e1c1", "e1d1"], &["e1f1", "e1f2", "e1e2"]),
    },
    Case {
        why: "a king in a corner block cannot move at all: any check there is mate",
        fen: "7k/8/8/8/8/8/8/R3K3 w - - 0 1",
        want: Want::After("a1a8", "R6k/8/8/8/8/8/8/4K3 b - - 1 1", "white"),
    },
    Case {
        why: "black's h7 pawn steps to h6 or h5, both out of its block",
        fen: "k7/7p/8/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["h7h5", "h7h6"]),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "7k/8/8/8/8/8/8/K7 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

#[test]
fn grid_hand_built_positions() {
    check(Variant::Grid, CASES, 12);
}
