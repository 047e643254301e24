//! Grid chess: the board is cut into 2x2 blocks (files ab, cd, ef, gh by ranks 12, 34, 56,
//! 78) and every move must end in another block; a piece in the king's block does not check
//! it. Source: chessvariants.com "Grid Chess" (Walter Stead, 1953) and seeds/chess/grid.md;
//! each position built to make the rule fire.

use super::{check, Case, Want, CHESS_START_MOVES};
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
    Case {
        why: "the start: every pawn step and knight move leaves its block, 20 moves as in chess",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        want: Want::Moves(CHESS_START_MOVES),
    },
    Case {
        why: "a bishop on c3 passes d4 (its block) to e5-h8; the a1 king is boxed in",
        fen: "4k3/8/8/8/8/2B5/8/K7 w - - 0 1",
        want: Want::Moves(&["c3b2", "c3d2", "c3e1", "c3b4", "c3a5", "c3e5", "c3f6", "c3g7", "c3h8"]),
    },
    Case {
        why: "c8 shares c7's block: the pawn promotes only by taking on b8",
        fen: "1r2k3/2P5/8/8/8/8/8/K7 w - - 0 1",
        want: Want::Moves(&["c7b8b", "c7b8n", "c7b8q", "c7b8r"]),
    },
    Case {
        why: "the d1 rook checks e1 across the line; Kxd1, or Kd2 which shares the rook's block",
        fen: "4k3/8/8/8/8/8/8/3rK3 w - - 0 1",
        want: Want::Moves(&["e1d1", "e1d2"]),
    },
    Case {
        why: "en passant on d6 crosses the line; e6 is e5's own block",
        fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        want: Want::Moves(&["e5d6", "e1d1", "e1d2"]),
    },
    Case {
        why: "black castles both ways; f8, f7 and e7 share e8's block",
        fen: "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
        want: Want::Some(&["e8g8", "e8c8", "e8d8", "e8d7"], &["e8f8", "e8f7", "e8e7"]),
    },
    Case {
        why: "a pawn on a7 never moves (a8 and b8 share its block): with the king boxed, stalemate",
        fen: "4k3/P7/8/8/8/8/8/K7 w - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "the h8 rook checks e8 across the line and guards d8: only Kd7",
        fen: "4k2R/8/8/8/8/8/8/K7 b - - 0 1",
        want: Want::Moves(&["e8d7"]),
    },
];

#[test]
fn grid_hand_built_positions() {
    check(Variant::Grid, CASES, 20);
}
