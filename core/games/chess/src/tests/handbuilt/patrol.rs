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
    Case {
        why: "the unguarded e5 pawn may not take en passant",
        fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        want: Want::From("e5", &["e5e6"]),
    },
    Case {
        why: "guarded by the f4 pawn, e5 takes en passant",
        fen: "4k3/8/8/3pP3/5P2/8/8/4K3 w - d6 0 1",
        want: Want::Some(&["e5d6"], &[]),
    },
    Case {
        why: "the unguarded b6 king attacks nothing: the a8 king may step beside it",
        fen: "k7/8/1K6/8/8/8/8/8 b - - 0 1",
        want: Want::Moves(&["a8a7", "a8b7", "a8b8"]),
    },
    Case {
        why: "Rh8 unguarded is no check, so no mate",
        fen: "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        want: Want::After("h1h8", "k6R/8/1K6/8/8/8/8/8 b - - 1 1", "none"),
    },
    Case {
        why: "Rh8 guarded by the g6 knight checks, but the unguarded b6 king leaves a7 and b7 free",
        fen: "k7/8/1K4N1/8/8/8/8/7R w - - 0 1",
        want: Want::After("h1h8", "k6R/8/1K4N1/8/8/8/8/8 b - - 1 1", "none"),
    },
    Case {
        why: "then: Ka7 or Kb7 (b8 is on the guarded rook's rank)",
        fen: "k6R/8/1K4N1/8/8/8/8/8 b - - 1 1",
        want: Want::Moves(&["a8a7", "a8b7"]),
    },
    Case {
        why: "the unguarded f5 rook attacks nothing: O-O and the f-file are free",
        fen: "4k3/8/8/5r2/8/8/8/4K2R w K - 0 1",
        want: Want::Some(&["e1g1", "e1f1", "e1f2"], &[]),
    },
    Case {
        why: "guarded by the g6 pawn the f5 rook holds f1 and f2: no O-O",
        fen: "4k3/8/6p1/5r2/8/8/8/4K2R w K - 0 1",
        want: Want::Some(&["e1d1", "e1e2"], &["e1g1", "e1f1", "e1f2"]),
    },
    Case {
        why: "stalemate: queen and king guard each other and cover g8, g7 and h7",
        fen: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
];

#[test]
fn patrol_hand_built_positions() {
    check(Variant::Patrol, CASES, 20);
}
