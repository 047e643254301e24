//! Andernach and anti-Andernach chess: a capturing piece (not a king) changes colour; in
//! anti-Andernach a piece that does not capture changes colour instead. A move may not leave
//! the mover's king attacked, by the changed piece too. Source: chessvariants.com
//! "Andernach Chess" / the Schwalbe keywords, and seeds/chess/andernach.md; each position
//! built to make the rule fire.

use super::{check, Case, Want};
use crate::variant::Variant;

const ANDERNACH: &[Case] = &[
    Case {
        why: "a capturing pawn turns black",
        fen: "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
        want: Want::After("e4d5", "4k3/8/8/3p4/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a capture-promotion turns the new queen black",
        fen: "4k2r/6P1/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::After("g7h8q", "4k2q/8/8/8/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a capturing king keeps its colour (bare kings then: dead)",
        fen: "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
        want: Want::After("e1d2", "4k3/8/8/8/8/8/3K4/8 b - - 0 1", "draw"),
    },
    Case {
        why: "Nxf3 would leave a black knight on f3 attacking e1: illegal; e2 is the pawn's",
        fen: "4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1",
        want: Want::Moves(&["e1d1", "e1d2", "e1f1", "e1f2", "g1e2", "g1h3"]),
    },
    Case {
        why: "a black capture turns the rook white",
        fen: "4k3/8/8/8/3r4/8/3P4/4K3 b - - 0 1",
        want: Want::After("d4d2", "4k3/8/8/8/8/8/3R4/4K3 w - - 0 2", "none"),
    },
    Case {
        why: "Rxe5 would make a white rook checking e8: illegal for black",
        fen: "4k3/8/8/r3P3/8/8/8/4K3 b - - 0 1",
        want: Want::Some(&["a5a8", "a5d5"], &["a5e5"]),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

const ANTI: &[Case] = &[
    Case {
        why: "a quiet rook move turns the rook black",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        want: Want::After("a1a4", "4k3/8/8/8/r7/8/8/4K3 b - - 1 1", "none"),
    },
    Case {
        why: "the rook may not stop on b1, c1 or d1, where as a black rook it would check e1",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        want: Want::Moves(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ]),
    },
    Case {
        why: "a capture keeps the colour",
        fen: "4k3/8/8/p7/8/8/8/R3K3 w - - 0 1",
        want: Want::After("a1a5", "4k3/8/8/R7/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a quiet black move turns the rook white",
        fen: "r3k3/8/8/8/8/8/8/4K3 b - - 0 1",
        want: Want::After("a8a5", "4k3/8/8/R7/8/8/8/4K3 w - - 1 2", "none"),
    },
    Case {
        why: "a quiet promotion gives a black queen on a8",
        fen: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::After("a7a8q", "q3k3/8/8/8/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

#[test]
fn andernach_hand_built_positions() {
    check(Variant::Andernach, ANDERNACH, 7);
}

#[test]
fn antiandernach_hand_built_positions() {
    check(Variant::AntiAndernach, ANTI, 6);
}
