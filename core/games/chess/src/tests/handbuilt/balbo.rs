//! Balbo's game, beside `tests/balbo.rs`: pieces on the edges of the 70-cell board and a draw.
//! Source: seeds/chess/balbo.md (the board's rows of 3, 5, 7, 9, 11, 11, 9, 7, 5, 3 cells);
//! answers reasoned from the board's shape.

use super::{check, Case, Want};
use crate::variant::Variant;

const KINGS: &str = "****k2****/***5***/**7**/*9*/11/11/*9*/**7**/***5***/****K2**** w - - 0 1";

const CASES: &[Case] = &[
    Case {
        why: "the e1 king: d1 is no cell, so f1, d2, e2, f2",
        fen: KINGS,
        want: Want::From("e1", &["e1d2", "e1e2", "e1f1", "e1f2"]),
    },
    Case {
        why: "a knight on e1 jumps to d3, f3 and g2 (c2 and the rest are off the board)",
        fen: "****k2****/***5***/**7**/*9*/11/11/*9*/**7**/***5***/****N1K**** w - - 0 1",
        want: Want::From("e1", &["e1d3", "e1f3", "e1g2"]),
    },
    Case {
        why: "a rook on a5: a6 above (a7 and a4 are no cells) and the whole fifth row",
        fen: "****k2****/***5***/**7**/*9*/11/R10/*9*/**7**/***5***/****K2**** w - - 0 1",
        want: Want::From(
            "a5",
            &[
                "a5a6", "a5b5", "a5c5", "a5d5", "a5e5", "a5f5", "a5g5", "a5h5", "a5i5", "a5j5", "a5k5",
            ],
        ),
    },
    Case {
        why: "K+R v K, 75 moves without capture or pawn move: a draw",
        fen: "****k2****/***5***/**7**/*9*/11/R10/*9*/**7**/***5***/****K2**** w - - 150 90",
        want: Want::Over("draw", "seventy-five"),
    },
];

#[test]
fn balbo_hand_built_positions() {
    check(Variant::Balbo, CASES, 4);
}
