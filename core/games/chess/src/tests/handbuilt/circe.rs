//! Circe chess: a captured piece is reborn on its game-array square (pawns on their second
//! rank in the capture file, a queen on d1/d8, a rook, bishop or knight on the home square of
//! the capture square's colour) or vanishes if that square is taken. Source: chessvariants.com
//! "Circe Chess" (Pierre Monréal, 1967) and seeds/chess/circe.md; each position built to make
//! one rule fire (a1 is dark: a square is dark when file + rank, counted from 0, is even).

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "a rook taken on a5 (dark) is reborn on h8 (dark)",
        fen: "4k3/8/8/r7/8/8/8/R3K3 w - - 0 1",
        want: Want::After("a1a5", "4k2r/8/8/R7/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a rook taken on b5 (light) is reborn on a8 (light)",
        fen: "4k3/8/8/1r6/8/8/8/1R2K3 w - - 0 1",
        want: Want::After("b1b5", "r3k3/8/8/1R6/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a bishop taken on d4 (dark) is reborn on f8 (dark)",
        fen: "4k3/8/8/8/3b4/8/8/3RK3 w - - 0 1",
        want: Want::After("d1d4", "4kb2/8/8/8/3R4/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a knight taken on e5 (dark) is reborn on b8 (dark); the rook then checks",
        fen: "4k3/8/8/4n3/8/8/8/4RK2 w - - 0 1",
        want: Want::After("e1e5", "1n2k3/8/8/4R3/8/8/8/5K2 b - - 0 1", "none"),
    },
    Case {
        why: "a queen is reborn on d8 wherever taken (here the checking queen)",
        fen: "4k3/8/8/8/7q/8/8/4K2R w - - 0 1",
        want: Want::After("h1h4", "3qk3/8/8/8/7R/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a white pawn taken on c5 is reborn on c2",
        fen: "2r1k3/8/8/2P5/8/8/8/4K3 b - - 0 1",
        want: Want::After("c8c5", "4k3/8/8/2r5/8/8/2P5/4K3 w - - 0 2", "none"),
    },
    Case {
        why: "c2 taken by a knight: the pawn vanishes",
        fen: "2r1k3/8/8/2P5/8/8/2N5/4K3 b - - 0 1",
        want: Want::After("c8c5", "4k3/8/8/2r5/8/8/2N5/4K3 w - - 0 2", "none"),
    },
    Case {
        why: "a black pawn taken on d5 is reborn on d7",
        fen: "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
        want: Want::After("e4d5", "4k3/3p4/8/3P4/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "the king takes a knight on d2 (dark): reborn on b8",
        fen: "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1",
        want: Want::After("e1d2", "1n2k3/8/8/8/8/8/3K4/8 b - - 0 1", "none"),
    },
    Case {
        why: "Rxh6 would give the queen back on d8, checking d2: illegal; c1 and e3 stay on the queen's diagonal",
        fen: "4k3/8/7q/8/8/8/3K4/7R w - - 0 1",
        want: Want::Some(&["d2d1", "d2c2", "d2d3"], &["h1h6", "d2c1", "d2e3"]),
    },
    Case {
        why: "an ordinary mate: Rh8, the b6 king covering a7 and b7",
        fen: "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        want: Want::After("h1h8", "k6R/8/1K6/8/8/8/8/8 b - - 1 1", "white"),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "a rook taken on a2 (light) is reborn on a8, beside its king",
        fen: "1k6/8/8/8/8/8/r7/R3K3 w - - 0 1",
        want: Want::After("a1a2", "rk6/8/8/8/8/8/R7/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a bishop taken on e4 (light) is reborn on c8 (light); the rook then checks",
        fen: "4k3/8/8/8/4b3/8/8/4RK2 w - - 0 1",
        want: Want::After("e1e4", "2b1k3/8/8/8/4R3/8/8/5K2 b - - 0 1", "none"),
    },
    Case {
        why: "a white queen taken on g2 is reborn on d1",
        fen: "4k1r1/8/8/8/8/8/6Q1/4K3 b - - 0 1",
        want: Want::After("g8g2", "4k3/8/8/8/8/8/6r1/3QK3 w - - 0 2", "none"),
    },
    Case {
        why: "en passant: the pawn taken stood on d5, so it is reborn on d7",
        fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        want: Want::After("e5d6", "4k3/3p4/3P4/8/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a white rook taken on h5 (light) is reborn on h1 (light)",
        fen: "4k3/8/8/r6R/8/8/8/4K3 b - - 0 1",
        want: Want::After("a5h5", "4k3/8/8/7r/8/8/8/4K2R w - - 0 2", "none"),
    },
    Case {
        why: "a rook reborn on a1 gets no queenside right back; the h1 rook keeps its own",
        fen: "4k3/8/8/R6r/8/8/8/4K2R b K - 0 1",
        want: Want::After("h5a5", "4k3/8/8/r7/8/8/8/R3K2R w K - 0 2", "none"),
    },
    Case {
        why: "Rxd4 would give the pawn back on d7, checking e6: illegal",
        fen: "7k/8/4K3/8/3p4/8/8/3R4 w - - 0 1",
        want: Want::Some(&["d1d3", "d1a1"], &["d1d4"]),
    },
    Case {
        why: "d8 taken by a rook: the checking queen, taken, vanishes",
        fen: "3rk3/8/8/8/7q/8/8/4K2R w - - 0 1",
        want: Want::After("h1h4", "3rk3/8/8/8/7R/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "stalemate is a draw",
        fen: "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
];

#[test]
fn circe_hand_built_positions() {
    check(Variant::Circe, CASES, 21);
}
