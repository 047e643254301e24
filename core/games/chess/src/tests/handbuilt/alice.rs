//! Alice chess, beside `tests/alice.rs`: pieces invisible across the boards, landing squares
//! that must be free on the other board, checks on one board only, castling, a mate, draws. Sources: chessvariants.com "Alice Chess" and FFISH.md
//! (fixtures/chess/oracle); answers reasoned from the rules.

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "a rook on B a1 runs along B's empty first rank, but may not land on e1 (A's king)",
        fen: "4k3/8/8/8/8/8/8/|R3K3 w - - 0 1",
        want: Want::From(
            "a1",
            &[
                "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "a1f1", "a1g1", "a1h1",
            ],
        ),
    },
    Case {
        why: "bare kings, one on each board: a dead position",
        fen: "4k3/8/8/8/8/8/8/4|K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "75 moves without a capture or a pawn move: a draw",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - 150 90",
        want: Want::Over("draw", "seventy-five"),
    },
    Case {
        why: "a knight on B a5 is invisible on A: the A rook passes a5 but may not land there, nor take it",
        fen: "4k3/8/8/|n7/8/8/8/R3K3 w - - 0 1",
        want: Want::From(
            "a1",
            &["a1a2", "a1a3", "a1a4", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1"],
        ),
    },
    Case {
        why: "a knight on B d6 checks the king on B e8 and holds f7",
        fen: "4|k3/8/3|N4/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8d7", "e8d8", "e8e7", "e8f8"]),
    },
    Case {
        why: "a knight on A f6 gives the B king no check, but it may not pass to A d7, attacked there",
        fen: "4|k3/8/5N2/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8d8", "e8e7", "e8f7", "e8f8"]),
    },
    Case {
        why: "a rook on B e1 does not check the A king, but e7 on B is its: the king may not pass there",
        fen: "4k3/8/8/8/8/8/8/4|R1K1 b - - 0 1",
        want: Want::Moves(&["e8d7", "e8d8", "e8f7", "e8f8"]),
    },
    Case {
        why: "a pawn on B a3 forbids a2-a3 (the landing square) but not the double step",
        fen: "4k3/8/8/8/8/|p7/P7/4K3 w - - 0 1",
        want: Want::From("a2", &["a2a4"]),
    },
    Case {
        why: "a knight on B d1, the rook's landing square, forbids O-O-O and Kd1",
        fen: "4k3/8/8/8/8/8/8/R2|NK3 w Q - 0 1",
        want: Want::Some(&["e1f1"], &["e1c1", "e1d1"]),
    },
    Case {
        why: "a knight on B b1 does not matter: O-O-O",
        fen: "4k3/8/8/8/8/8/8/R|N2K3 w Q - 0 1",
        want: Want::Some(&["e1c1"], &[]),
    },
    Case {
        why: "the B rook's Re8 lands on A e8: mate on A, g8 being the rook's there",
        fen: "7k/6pp/8/8/8/8/8/4|R1K1 w - - 0 1",
        want: Want::After("e1e8", "4R2k/6pp/8/8/8/8/8/6K1 b - - 1 1", "white"),
    },
    Case {
        why: "K+N v K, the knight on B: a dead position",
        fen: "4k3/8/8/8/8/8/8/1|N2K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

#[test]
fn alice_hand_built_positions() {
    check(Variant::Alice, CASES, 12);
}
