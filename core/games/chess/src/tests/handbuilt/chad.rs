//! Chad (Freeling, 1979): 12x12, white's castle c3-e5 ringed by its wall (c2-e2, c6-e6,
//! b3-b5, f3-f5), black's h8-j10 (wall h7-j7, h11-j11, g8-g10, k8-k10). Source: seed 004,
//! the published rules as on Wikipedia and chessvariants.com, seeds/chess/chad.md for the
//! readings; every answer worked out by hand from those rules.

use super::{check, Case, Want};
use crate::fen::parse_fen;
use crate::variant::Variant;

const START: &str = crate::fairy::chad::START;

const CASES: &[Case] = &[
    Case {
        why: "at the start the king, ringed by its rooks, cannot move",
        fen: START,
        want: Want::From("d4", &[]),
    },
    Case {
        why: "at the start the e5 rook runs up the e-file and along rank 5, walls no obstacle",
        fen: START,
        want: Want::From(
            "e5",
            &[
                "e5e6", "e5e7", "e5e8", "e5e9", "e5e10", "e5e11", "e5e12", "e5f5", "e5g5", "e5h5", "e5i5", "e5j5",
                "e5k5", "e5l5",
            ],
        ),
    },
    Case {
        why: "a king in the middle of its castle steps to its eight cells; its leaps all leave it",
        fen: "r11/12/12/8k3/12/12/12/12/3K8/12/12/12 w - - 0 1",
        want: Want::From("d4", &["d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"]),
    },
    Case {
        why: "a king on c3 steps to c4, d3, d4 and leaps as a knight to d5 and e4",
        fen: "r11/12/12/8k3/12/12/12/12/12/2K9/12/12 w - - 0 1",
        want: Want::From("c3", &["c3c4", "c3d3", "c3d4", "c3d5", "c3e4"]),
    },
    Case {
        why: "the e12 rook sees the whole e-file: no king move onto it, though that rook could never take there",
        fen: "4r7/12/12/8k3/12/12/12/12/3K8/12/12/12 w - - 0 1",
        want: Want::From("d4", &["d4c3", "d4c4", "d4c5", "d4d3", "d4d5"]),
    },
    Case {
        why: "the d12 rook checks d4 down the open file: the king leaves the d-file",
        fen: "3r8/12/12/8k3/12/12/12/12/3K8/12/12/12 w - - 0 1",
        want: Want::Moves(&["d4c3", "d4c4", "d4c5", "d4e3", "d4e4", "d4e5"]),
    },
    Case {
        why: "from black's wall (g9) a rook takes into black's castle (h9) and is crowned there",
        fen: "12/12/12/6Rrk3/12/12/12/12/3K8/12/12/12 w - - 0 1",
        want: Want::After("g9h9", "12/12/12/7Qk3/12/12/12/12/3K8/12/12/12 b - - 0 1", "none"),
    },
    Case {
        why: "from f9, off the wall, the rook reaches g9 but may not take h9",
        fen: "12/12/12/5R1rk3/12/12/12/12/3K8/12/12/12 w - - 0 1",
        want: Want::Some(&["f9g9"], &["f9h9"]),
    },
    Case {
        why: "from its own castle (d5) a rook takes a rook on its own wall (d6), and stays a rook",
        fen: "12/12/12/8k3/12/12/3r8/3R8/3K8/12/12/12 w - - 0 1",
        want: Want::After("d5d6", "12/12/12/8k3/12/12/3R8/12/3K8/12/12/12 b - - 0 1", "none"),
    },
    Case {
        why: "from its own castle a rook may not take a rook off its wall (d8): the pieces block",
        fen: "12/12/12/8k3/3r8/12/12/3R8/3K8/12/12/12 w - - 0 1",
        want: Want::Some(&["d5d6", "d5d7"], &["d5d8"]),
    },
    Case {
        why: "a black rook inside white's castle is the king's to take, not the e2 rook's",
        fen: "12/12/12/8k3/12/12/12/4r7/3K8/12/4R7/12 w - - 0 1",
        want: Want::Some(&["d4e5", "e2e3", "e2e4"], &["e2e5"]),
    },
    Case {
        why: "a rook ending its move in black's castle becomes a queen, giving check",
        fen: "12/12/12/8k3/12/12/12/12/3K8/12/7R4/12 w - - 0 1",
        want: Want::After("h2h8", "12/12/12/8k3/7Q4/12/12/12/3K8/12/12/12 b - - 1 1", "none"),
    },
    Case {
        why: "black's rook entering white's castle is crowned a black queen",
        fen: "2r9/12/12/8k3/12/12/12/12/3K8/12/12/12 b - - 0 1",
        want: Want::After("c12c5", "12/12/12/8k3/12/12/12/2q9/3K8/12/12/12 w - - 1 2", "none"),
    },
    Case {
        why: "the d5 rook is pinned on the d-file by d10; it may not take d10 (not on its wall)",
        fen: "12/12/3r4k3/12/12/12/12/3R8/3K8/12/12/12 w - - 0 1",
        want: Want::From("d5", &["d5d6", "d5d7", "d5d8", "d5d9"]),
    },
    Case {
        why: "the king may not take e5, which the e12 rook sees, nor step where the e5 rook sees (rank 5, the e-file)",
        fen: "4r7/12/12/8k3/12/12/12/4r7/3K8/12/12/12 w - - 0 1",
        want: Want::Moves(&["d4c3", "d4c4", "d4d3"]),
    },
    Case {
        why: "the king takes with a knight's leap inside its castle (c3xd5)",
        fen: "12/12/12/8k3/12/12/12/3q8/12/2K9/12/12 w - - 0 1",
        want: Want::Some(&["c3d5"], &[]),
    },
    Case {
        why: "mate: the j10 king checked up the j-file, the h- and i-files holding the rest of its castle",
        fen: "12/12/9k2/12/12/12/12/12/3K8/12/12/7RRR2 b - - 0 1",
        want: Want::Over("white", "checkmate"),
    },
    Case {
        why: "the j-file rook away: not in check, every other castle cell seen: stalemate, a draw",
        fen: "12/12/9k2/R11/R11/12/12/12/3K8/12/12/7RR3 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "still mate with a black rook on a1: it may not take h1 (a1 is on no wall) and cannot reach the j-file",
        fen: "12/12/9k2/12/12/12/12/12/3K8/12/12/r6RRR2 b - - 0 1",
        want: Want::Over("white", "checkmate"),
    },
    Case {
        why: "bare kings: a draw",
        fen: "12/12/12/8k3/12/12/12/12/3K8/12/12/12 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "a black rook on white's wall (b4) takes the c4 rook in white's castle and is crowned there",
        fen: "12/12/12/8k3/12/12/12/12/1rRK8/12/12/12 b - - 0 1",
        want: Want::After("b4c4", "12/12/12/8k3/12/12/12/12/2qK8/12/12/12 w - - 0 2", "none"),
    },
];

#[test]
fn chad_hand_built_positions() {
    check(Variant::Chad, CASES, 20);
}

#[test]
fn chad_refuses_positions_it_cannot_have() {
    for fen in [
        // A pawn; a knight.
        "12/12/12/8k3/12/12/12/12/3K8/3P8/12/12 w - - 0 1",
        "12/12/12/8k3/12/12/12/12/3K8/3N8/12/12 w - - 0 1",
        // A king outside its castle.
        "12/12/12/8k3/12/12/12/12/12/12/3K8/12 w - - 0 1",
        // Castling rights.
        "12/12/12/8k3/12/12/12/12/3K8/12/12/12 w K - 0 1",
        // Black's king in check with white to move.
        "12/12/12/8k3/12/12/12/12/3K8/12/12/8R3 w - - 0 1",
    ] {
        assert!(parse_fen(Variant::Chad, fen).is_err(), "{fen} was read");
    }
}
