//! Plender (PlunderChess): a capturer borrows the taken piece's move as a vest, to make once;
//! the readings are in seeds/chess/plender.md. Each position built to make one rule fire,
//! its answer reasoned from those rules before the engine was run.

use super::{check, Case, Want, CHESS_START_MOVES};
use crate::fen::parse_fen;
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "the start: no vests, the twenty chess moves",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        want: Want::Moves(CHESS_START_MOVES),
    },
    Case {
        why: "a rook wearing a knight's vest: its ten moves and the two jumps",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - (a1N) 0 1",
        want: Want::From(
            "a1",
            &[
                "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "a1b3", "a1c2",
            ],
        ),
    },
    Case {
        why: "the jump spends the vest",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - (a1N) 0 1",
        want: Want::After("a1c2", "4k3/8/8/8/8/8/2R5/4K3 b - - 1 1", "none"),
    },
    Case {
        why: "after the vest is spent the rook has no jump left",
        fen: "4k3/8/8/8/8/8/2R5/4K3 w - - 0 1",
        want: Want::Some(&["c2c8", "c2a2"], &["c2e3", "c2a1", "c2b4", "c2d4", "c2a3", "c2e1"]),
    },
    Case {
        why: "a rook taking a knight puts on a knight's vest",
        fen: "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1",
        want: Want::After("a1a2", "4k3/8/8/8/8/8/R7/4K3 b - - (a2N) 0 1", "none"),
    },
    Case {
        why: "a queen taking a rook gains nothing: no vest",
        fen: "4k3/8/8/8/8/8/r7/Q3K3 w - - 0 1",
        want: Want::After("a1a2", "4k3/8/8/8/8/8/Q7/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a queen taking a knight wears the knight's vest",
        fen: "4k3/8/8/8/8/8/n7/Q3K3 w - - 0 1",
        want: Want::After("a1a2", "4k3/8/8/8/8/8/Q7/4K3 b - - (a2N) 0 1", "none"),
    },
    Case {
        why: "a knight taking a pawn wears the pawn's vest",
        fen: "4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1",
        want: Want::After("b1c3", "4k3/8/8/8/8/2N5/8/4K3 b - - (c3P) 0 1", "none"),
    },
    Case {
        why: "the pawn vest: one step forward and a forward diagonal capture, besides the eight jumps",
        fen: "4k3/8/8/8/3p4/2N5/8/4K3 w - - (c3P) 0 1",
        want: Want::From(
            "c3",
            &[
                "c3a2", "c3a4", "c3b1", "c3b5", "c3d1", "c3d5", "c3e2", "c3e4", "c3c4", "c3d4",
            ],
        ),
    },
    Case {
        why: "a vest gives check: the d6 rook's knight vest hits e8 and f7",
        fen: "4k3/8/3R4/8/8/8/8/4K3 b - - (d6N) 0 1",
        want: Want::Moves(&["e8e7", "e8f8"]),
    },
    Case {
        why: "the same rook without a vest: no check, f7 free",
        fen: "4k3/8/3R4/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8e7", "e8f7", "e8f8"]),
    },
    Case {
        why: "mate after a vest jump: the c7 rook leaps to e8",
        fen: "7k/2R3pp/8/8/8/8/8/4K3 w - - (c7N) 0 1",
        want: Want::After("c7e8", "4R2k/6pp/8/8/8/8/8/4K3 b - - 1 1", "white"),
    },
    Case {
        why: "stalemate is a draw",
        fen: "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "no stalemate when the king wears a knight's vest: it takes the queen",
        fen: "k7/8/1Q6/8/8/8/8/4K3 b - - (a8N) 0 1",
        want: Want::Moves(&["a8b6"]),
    },
    Case {
        why: "the king spends the knight vest, takes the queen's, and bare kings are drawn",
        fen: "k7/8/1Q6/8/8/8/8/4K3 b - - (a8N) 0 1",
        want: Want::After("a8b6", "8/8/1k6/8/8/8/8/4K3 w - - (b6Q) 0 2", "draw"),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "a new capture replaces the vest: knight's for bishop's",
        fen: "4k3/8/8/8/8/8/b7/R3K3 w - - (a1N) 0 1",
        want: Want::After("a1a2", "4k3/8/8/8/8/8/R7/4K3 b - - (a2B) 0 1", "none"),
    },
    Case {
        why: "a capture that gives nothing new keeps the old vest",
        fen: "4k3/8/8/8/8/8/r7/R3K3 w - - (a1N) 0 1",
        want: Want::After("a1a2", "4k3/8/8/8/8/8/R7/4K3 b - - (a2N) 0 1", "none"),
    },
    Case {
        why: "a vest jump that captures spends the knight's vest and puts on the bishop's",
        fen: "4k3/8/8/8/8/1b6/8/R3K3 w - - (a1N) 0 1",
        want: Want::After("a1b3", "4k3/8/8/8/8/1R6/8/4K3 b - - (b3B) 0 1", "none"),
    },
    Case {
        why: "a captured piece's vest goes with it",
        fen: "r3k3/8/8/8/8/8/8/R3K3 b - - (a1N) 0 1",
        want: Want::After("a8a1", "4k3/8/8/8/8/8/8/r3K3 w - - 0 2", "none"),
    },
    Case {
        why: "a pawn wearing a knight's vest: its step and eight jumps",
        fen: "4k3/8/8/8/4P3/8/8/4K3 w - - (e4N) 0 1",
        want: Want::From(
            "e4",
            &["e4e5", "e4d6", "e4f6", "e4c5", "e4g5", "e4c3", "e4g3", "e4d2", "e4f2"],
        ),
    },
    Case {
        why: "a pawn jumping to its last rank promotes",
        fen: "k7/8/4P3/8/8/8/8/4K3 w - - (e6N) 0 1",
        want: Want::From(
            "e6",
            &[
                "e6e7", "e6c7", "e6g7", "e6c5", "e6g5", "e6d4", "e6f4", "e6d8q", "e6d8r", "e6d8b", "e6d8n", "e6f8q",
                "e6f8r", "e6f8b", "e6f8n",
            ],
        ),
    },
    Case {
        why: "a pawn never jumps to its own first rank (a1 refused)",
        fen: "4k3/8/8/8/8/8/2P5/4K3 w - - (c2N) 0 1",
        want: Want::From("c2", &["c2c3", "c2c4", "c2a3", "c2b4", "c2d4", "c2e3"]),
    },
    Case {
        why: "castling carries the rook's vest to f1",
        fen: "4k3/8/8/8/8/8/8/4K2R w K - (h1N) 0 1",
        want: Want::After("e1g1", "4k3/8/8/8/8/8/8/5RK1 b - - (f1N) 1 1", "none"),
    },
];

#[test]
fn plender_hand_built_positions() {
    check(Variant::Plender, CASES, 20);
}

#[test]
fn plender_refuses_bad_vests() {
    for (fen, word) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - (a1N) 0 1", "no piece"),
        ("4k3/8/8/8/8/8/8/Q3K3 w - - (a1R) 0 1", "cannot wear"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - (a1X) 0 1", "not a square"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - (a1N 0 1", "vests field"),
    ] {
        let err = parse_fen(Variant::Plender, fen).err().unwrap_or_default();
        assert!(err.contains(word), "{fen}: '{err}' lacks '{word}'");
    }
    assert!(parse_fen(Variant::Standard, "4k3/8/8/8/8/8/8/R3K3 w - - (a1N) 0 1").is_err());
}
