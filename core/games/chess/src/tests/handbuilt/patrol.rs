//! Patrol chess: a piece captures, and so checks, only while a friendly piece guards its
//! square. Source: chessvariants.com "Patrol Chess" and seeds/chess/patrol.md (kings are
//! pieces too: a king captures only when guarded); each position built to make the rule fire.

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "the unguarded a1 rook may not take on a5",
        fen: "4k3/8/8/p7/8/8/8/R3K3 w - - 0 1",
        want: Want::Moves(&[
            "a1a2", "a1a3", "a1a4", "a1b1", "a1c1", "a1d1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ]),
    },
    Case {
        why: "guarded by the b2 king, the a1 rook takes on a5",
        fen: "4k3/8/8/p7/8/8/1K6/R7 w - - 0 1",
        want: Want::Some(&["a1a5"], &[]),
    },
    Case {
        why: "an unguarded d2 pawn gives no check, and the unguarded king may not take it",
        fen: "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
        want: Want::Moves(&["e1d1", "e1e2", "e1f1", "e1f2"]),
    },
    Case {
        why: "d2 guarded by e3 checks; only king moves; the king, guarded by the h1 rook, takes d2 (e3 unguarded guards nothing)",
        fen: "4k3/8/8/8/8/4p3/3p4/4K2R w - - 0 1",
        want: Want::Moves(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    },
    Case {
        why: "without e3 no check: the rook moves, the guarded king takes d2, O-O is legal",
        fen: "4k3/8/8/8/8/8/3p4/4K2R w K - 0 1",
        want: Want::Some(&["e1d2", "e1g1", "h1h8"], &[]),
    },
    Case {
        why: "Qg7 guarded by the h6 king mates",
        fen: "7k/8/7K/8/8/8/6Q1/8 w - - 0 1",
        want: Want::After("g2g7", "7k/6Q1/7K/8/8/8/8/8 b - - 1 1", "white"),
    },
    Case {
        why: "Qg7 unguarded gives no check: the game goes on",
        fen: "7k/8/8/8/8/8/6Q1/K7 w - - 0 1",
        want: Want::After("g2g7", "7k/6Q1/8/8/8/8/8/K7 b - - 1 1", "none"),
    },
    Case {
        why: "beside the unguarded queen the king may go to g8 or h7, but not take it (itself unguarded)",
        fen: "7k/6Q1/8/8/8/8/8/K7 b - - 1 1",
        want: Want::Moves(&["h8g8", "h8h7"]),
    },
    Case {
        why: "the e4 pawn, guarded by d3, takes on d5 or f5",
        fen: "4k3/8/8/3p1p2/4P3/3P4/8/4K3 w - - 0 1",
        want: Want::Some(&["e4d5", "e4f5"], &[]),
    },
    Case {
        why: "the unguarded e4 pawn only steps",
        fen: "4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1",
        want: Want::Moves(&["e4e5", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

#[test]
fn patrol_hand_built_positions() {
    check(Variant::Patrol, CASES, 11);
}
