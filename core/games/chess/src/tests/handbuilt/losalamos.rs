//! Los Alamos chess: 6x6, no bishops, pawns step one only, no castling, promotion to Q, R or N.
//! Sources: FFISH.md ("Los Alamos", probed on Fairy-Stockfish) and chessvariants.com "Los
//! Alamos Chess" (Stein and Wells, 1956); the others built to make one rule fire.

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "FFISH.md: the start, 6 single pawn steps and 4 knight moves",
        fen: "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
        want: Want::Moves(&[
            "a2a3", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "e1d3", "e1f3", "e2e3", "f2f3",
        ]),
    },
    Case {
        why: "Qb5 mates, guarded by the b4 king (FFISH.md's Qa5# from a1 starts in check, so not used)",
        fen: "k5/4Q1/1K4/6/6/6 w - - 0 1",
        want: Want::After("e5b5", "k5/1Q4/1K4/6/6/6 b - - 1 1", "white"),
    },
    Case {
        why: "FFISH.md: stalemate is a draw",
        fen: "k5/2Q3/1K4/6/6/6 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "a rook mates on the sixth rank, the king guarding a5 and b5",
        fen: "k5/6/1K4/6/6/5R w - - 0 1",
        want: Want::After("f1f6", "k4R/6/1K4/6/6/6 b - - 1 1", "white"),
    },
    Case {
        why: "no pawn double step from the second rank",
        fen: "3k2/6/6/6/P5/3K2 w - - 0 1",
        want: Want::Moves(&["a2a3", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]),
    },
    Case {
        why: "black pawns step one down, no double step",
        fen: "3k2/2p3/6/6/6/3K2 b - - 0 1",
        want: Want::Moves(&["c5c4", "d6c6", "d6d5", "d6e5", "d6e6"]),
    },
    Case {
        why: "FFISH.md: black promotes on rank 1 to Q, R or N",
        fen: "3k2/6/6/6/p5/3K2 b - - 0 1",
        want: Want::Moves(&["a2a1n", "a2a1q", "a2a1r", "d6c5", "d6c6", "d6d5", "d6e5", "d6e6"]),
    },
    Case {
        why: "promotion by a step or by a capture, to Q, R or N",
        fen: "1r1k2/P5/6/6/6/3K2 w - - 0 1",
        want: Want::Moves(&[
            "a5a6n", "a5a6q", "a5a6r", "a5b6n", "a5b6q", "a5b6r", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2",
        ]),
    },
    Case {
        why: "no castling: king and rooks on their squares give no castling move",
        fen: "2k3/6/6/6/6/R2K1R w - - 0 1",
        want: Want::Moves(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1b1", "a1c1", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "f1e1",
            "f1f2", "f1f3", "f1f4", "f1f5", "f1f6",
        ]),
    },
    Case {
        why: "a knight in the corner of 6x6",
        fen: "5k/6/6/6/6/N1K3 w - - 0 1",
        want: Want::Moves(&["a1b3", "a1c2", "c1b1", "c1b2", "c1c2", "c1d1", "c1d2"]),
    },
    Case {
        why: "a knight in the middle reaches the f-file, the board's edge",
        fen: "3k2/6/2p3/3N2/6/3K2 w - - 0 1",
        want: Want::Moves(&[
            "d3b2", "d3b4", "d3c1", "d3c5", "d3e1", "d3e5", "d3f2", "d3f4", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2",
        ]),
    },
    Case {
        why: "a queen on 6x6: 5 along the rank, 5 along the file, 7 on the diagonals",
        fen: "5k/6/6/6/2Q3/K5 w - - 0 1",
        want: Want::Moves(&[
            "c2a2", "c2b2", "c2d2", "c2e2", "c2f2", "c2c1", "c2c3", "c2c4", "c2c5", "c2c6", "c2b1", "c2d1", "c2b3",
            "c2a4", "c2d3", "c2e4", "c2f5", "a1a2", "a1b1", "a1b2",
        ]),
    },
    Case {
        why: "K+R v K is no dead position: the rook and king move freely",
        fen: "3k2/6/6/6/6/R2K2 w - - 0 1",
        want: Want::Moves(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1b1", "a1c1", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2",
        ]),
    },
    Case {
        why: "a pin: the d5 knight may not leave the d-file line to the d1 rook",
        fen: "3k2/3n2/6/6/6/3RK1 b - - 0 1",
        want: Want::Moves(&["d6c5", "d6c6", "d6e5", "d6e6"]),
    },
    Case {
        why: "in check from the d1 rook, the king leaves the d-file",
        fen: "3k2/6/6/6/6/3RK1 b - - 0 1",
        want: Want::Moves(&["d6c5", "d6c6", "d6e5", "d6e6"]),
    },
    Case {
        why: "FFISH.md: bare kings are a dead position",
        fen: "3k2/6/6/6/6/3K2 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "FFISH.md: K+N v K is a dead position",
        fen: "3k2/6/6/6/6/2NK2 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "promoting the last pawn to a knight leaves K+N v K: dead at once",
        fen: "6/P5/6/2k3/6/K5 w - - 0 1",
        want: Want::After("a5a6n", "N5/6/6/2k3/6/K5 b - - 0 1", "draw"),
    },
    Case {
        why: "the a3 knight blocks the a2 pawn and guards c2 (knight moves on 6x6: b1 c2 c4 b5)",
        fen: "3k2/6/6/n5/P5/3K2 w - - 0 1",
        want: Want::Moves(&["d1c1", "d1d2", "d1e1", "d1e2"]),
    },
    Case {
        why: "K+R v K is no dead position; 75 moves without capture or pawn move draw it",
        fen: "3k2/6/6/6/6/R2K2 w - - 150 90",
        want: Want::Over("draw", "seventy-five"),
    },
    Case {
        why: "black's a2 pawn promotes by a step or by taking the b1 rook, to Q, R or N",
        fen: "3k2/6/6/6/p5/1R1K2 b - - 0 1",
        want: Want::From("a2", &["a2a1n", "a2a1q", "a2a1r", "a2b1n", "a2b1q", "a2b1r"]),
    },
    Case {
        why: "the kings keep apart: b3, c3 and d3 touch the c4 king",
        fen: "6/6/2k3/6/2K3/6 w - - 0 1",
        want: Want::Moves(&["c2b1", "c2b2", "c2c1", "c2d1", "c2d2"]),
    },
];

#[test]
fn losalamos_hand_built_positions() {
    check(Variant::LosAlamos, CASES, 22);
}
