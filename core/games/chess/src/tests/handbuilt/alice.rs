//! Alice chess, beside `tests/alice.rs`: a board-B rook's moves that must land on free
//! squares of board A, and the draws. Sources: chessvariants.com "Alice Chess" and FFISH.md
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
];

#[test]
fn alice_hand_built_positions() {
    check(Variant::Alice, CASES, 3);
}
