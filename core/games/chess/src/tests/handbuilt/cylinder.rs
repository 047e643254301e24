//! Cylinder chess (vertical cylinder): the a- and h-files are neighbours for every piece.
//! Source: chessvariants.com "Cylindrical Chess" and seeds/chess/cylinder.md (castling on the
//! board as drawn, never across the seam); each position built to make the seam matter.

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "a rook runs left across the seam and stops before its own king",
        fen: "4k3/8/8/8/8/8/8/3RK3 w - - 0 1",
        want: Want::Moves(&[
            "d1c1", "d1b1", "d1a1", "d1h1", "d1g1", "d1f1", "d1d2", "d1d3", "d1d4", "d1d5", "d1d6", "d1d7", "d1d8",
            "e1d2", "e1e2", "e1f1", "e1f2",
        ]),
    },
    Case {
        why: "a rook alone on its rank reaches b1-h1 both ways round: each move once",
        fen: "7k/8/8/8/8/8/4K3/R7 w - - 0 1",
        want: Want::Moves(&[
            "a1b1", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1", "a1h1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7",
            "a1a8", "e2d1", "e2e1", "e2f1", "e2d2", "e2f2", "e2d3", "e2e3", "e2f3",
        ]),
    },
    Case {
        why: "a bishop on a1: the long diagonal and, across the seam, h2-b8 (e5 reached both ways, once)",
        fen: "4k3/8/8/8/8/8/8/B3K3 w - - 0 1",
        want: Want::Moves(&[
            "a1b2", "a1c3", "a1d4", "a1e5", "a1f6", "a1g7", "a1h8", "a1h2", "a1g3", "a1f4", "a1d6", "a1c7", "a1b8",
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ]),
    },
    Case {
        why: "a knight on a1 jumps to b3, c2 and across the seam to h3 and g2",
        fen: "4k3/8/8/8/8/8/8/N3K3 w - - 0 1",
        want: Want::Moves(&["a1b3", "a1c2", "a1g2", "a1h3", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    },
    Case {
        why: "a king on a1 has five neighbours, h1 and h2 among them",
        fen: "4k3/8/8/8/8/8/8/K7 w - - 0 1",
        want: Want::Moves(&["a1a2", "a1b1", "a1b2", "a1h1", "a1h2"]),
    },
    Case {
        why: "the kings may not touch across the seam: a2 and h2 touch the h3 king",
        fen: "8/8/8/8/8/7k/8/K7 w - - 0 1",
        want: Want::Moves(&["a1b1", "a1b2", "a1h1"]),
    },
    Case {
        why: "a black pawn on a7 takes on h6 across the seam",
        fen: "4k3/p7/7P/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["a7a6", "a7a5", "a7h6", "e8d8", "e8d7", "e8e7", "e8f7", "e8f8"]),
    },
    Case {
        why: "a rook on b8 checks h8 through a8 (d8 blocks the other way): h7, g7 or a7 across the seam",
        fen: "1R1n3k/8/8/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["h8a7", "h8g7", "h8h7"]),
    },
    Case {
        why: "the c6 bishop attacks f1 across the seam (b5 a4 h3 g2): no O-O, O-O-O stays",
        fen: "4k3/8/2b5/8/8/8/8/R3K2R w KQ - 0 1",
        want: Want::Some(&["e1c1", "e1d1"], &["e1g1", "e1f1"]),
    },
    Case {
        why: "a back-rank check that is no mate here: the a8 king escapes to h7 across the seam",
        fen: "k7/pp6/8/8/8/8/8/2K1R3 w - - 0 1",
        want: Want::After("e1e8", "k3R3/pp6/8/8/8/8/8/2K5 b - - 1 1", "none"),
    },
    Case {
        why: "the only answer to that check is Kh7",
        fen: "k3R3/pp6/8/8/8/8/8/2K5 b - - 1 1",
        want: Want::Moves(&["a8h7"]),
    },
    Case {
        why: "with a pawn on h7 too it is mate: b8 and h8 attacked by the rank-8 rook",
        fen: "k7/pp5p/8/8/8/8/8/2K1R3 w - - 0 1",
        want: Want::After("e1e8", "k3R3/pp5p/8/8/8/8/8/2K5 b - - 1 1", "white"),
    },
    Case {
        why: "the h2 pawn steps, takes on g3 and on a3 across the seam; f2 is the g3 pawn's",
        fen: "4k3/8/8/8/8/p5p1/7P/4K3 w - - 0 1",
        want: Want::Moves(&["h2h3", "h2h4", "h2g3", "h2a3", "e1d1", "e1d2", "e1e2", "e1f1"]),
    },
    Case {
        why: "a knight on h4 has eight jumps, four of them across the seam",
        fen: "4k3/8/8/8/7N/8/8/4K3 w - - 0 1",
        want: Want::Moves(&[
            "h4g6", "h4g2", "h4f5", "h4f3", "h4a6", "h4a2", "h4b5", "h4b3", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ]),
    },
    Case {
        why: "the e4 bishop checks a8 through f5 g6 h7 (b7 blocks the other way): Kb8, Ka7 or Kh8",
        fen: "k7/1p6/8/8/4B3/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["a8b8", "a8a7", "a8h8"]),
    },
    Case {
        why: "stalemate: Qc7 covers a7, b7, b8 and h7 (across the seam), Kg7 covers h8",
        fen: "k7/2Q3K1/8/8/8/8/8/8 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "the f7 bishop attacks d1 across the seam (g6 h5 a4 b3 c2): no O-O-O, O-O stays",
        fen: "4k3/5b2/8/8/8/8/8/R3K2R w KQ - 0 1",
        want: Want::Some(&["e1g1", "e1f1"], &["e1c1", "e1d1"]),
    },
    Case {
        why: "the h7 pawn promotes by a step or by taking the a8 rook across the seam",
        fen: "r3k3/7P/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::From(
            "h7",
            &["h7a8b", "h7a8n", "h7a8q", "h7a8r", "h7h8b", "h7h8n", "h7h8q", "h7h8r"],
        ),
    },
    Case {
        why: "the h1 king takes the checking a1 rook across the seam; g1 and a2 are the rook's",
        fen: "4k3/8/8/8/8/8/8/r6K w - - 0 1",
        want: Want::Moves(&["h1a1", "h1g2", "h1h2"]),
    },
];

#[test]
fn cylinder_hand_built_positions() {
    check(Variant::Cylinder, CASES, 20);
}
