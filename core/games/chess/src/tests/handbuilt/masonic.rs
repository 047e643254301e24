//! Masonic chess (Dekle, 1983) on the 8x8 brick board, even-numbered ranks shifted half a
//! brick right. Source: the published rules as on Wikipedia and chessvariants.com (Pritchard's
//! encyclopedia), seeds/chess/masonic.md for the readings; every answer worked out by hand
//! from those rules (bricks sharing an edge: two beside, two above, two below; diagonals: the
//! brick beside each of the two above or below, away from the other).

use super::{check, Case, Want};
use crate::fen::parse_fen;
use crate::variant::Variant;

const START: &str = crate::fairy::masonic::START;

const CASES: &[Case] = &[
    Case {
        why: "at the start a knight reaches the three bricks of rank 3 a rook step and an onward diagonal away",
        fen: START,
        want: Want::From("b1", &["b1a3", "b1c3", "b1d3"]),
    },
    Case {
        why: "at the start a bishop is hemmed in: its diagonals and all its one steps meet its own men",
        fen: START,
        want: Want::From("c1", &[]),
    },
    Case {
        why: "a rook on d4 runs along rank 4 and the four cants to the board's edge",
        fen: "k7/8/8/8/3R4/8/8/7K w - - 0 1",
        want: Want::From(
            "d4",
            &[
                "d4e4", "d4f4", "d4g4", "d4h4", "d4c4", "d4b4", "d4a4", "d4e5", "d4e6", "d4f7", "d4f8", "d4d5", "d4c6",
                "d4c7", "d4b8", "d4e3", "d4e2", "d4f1", "d4d3", "d4c2", "d4c1",
            ],
        ),
    },
    Case {
        why: "a bishop on d4 runs along its four side diagonals and steps once to each of its six neighbours",
        fen: "k7/8/8/8/3B4/8/8/7K w - - 0 1",
        want: Want::From(
            "d4",
            &[
                "d4f5", "d4g6", "d4c5", "d4a6", "d4f3", "d4g2", "d4c3", "d4a2", "d4e4", "d4c4", "d4e5", "d4d5",
                "d4e3", "d4d3",
            ],
        ),
    },
    Case {
        why: "a knight on d4 has twelve leaps: up or down two cants, up or down a cant then a side diagonal, sideways then a diagonal",
        fen: "k7/8/8/8/3N4/8/8/7K w - - 0 1",
        want: Want::From(
            "d4",
            &[
                "d4e6", "d4c6", "d4f6", "d4b6", "d4g5", "d4g3", "d4b5", "d4b3", "d4e2", "d4c2", "d4f2", "d4b2",
            ],
        ),
    },
    Case {
        why: "no piece reaches the brick two ranks straight above or below (Beasley's note): not the knight",
        fen: "k7/8/8/8/3N4/8/8/7K w - - 0 1",
        want: Want::Some(&["d4e6", "d4c6", "d4g5", "d4b5"], &["d4d6", "d4d2", "d4d5"]),
    },
    Case {
        why: "a lone king on d4 steps to its six neighbours and four side diagonals",
        fen: "k7/8/8/8/3K4/8/8/8 w - - 0 1",
        want: Want::Moves(&[
            "d4e4", "d4c4", "d4e5", "d4d5", "d4e3", "d4d3", "d4f5", "d4c5", "d4f3", "d4c3",
        ]),
    },
    Case {
        why: "a pawn at home on e2 steps to either brick above (e3, f3) or twice along either cant (d4, f4)",
        fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        want: Want::From("e2", &["e2e3", "e2f3", "e2d4", "e2f4"]),
    },
    Case {
        why: "a pawn off its home rank (d3) steps once, to c4 or d4",
        fen: "4k3/8/8/8/8/3P4/8/4K3 w - - 0 1",
        want: Want::From("d3", &["d3c4", "d3d4"]),
    },
    Case {
        why: "a pawn does not take what stands on a brick above it (e3); it takes on a forward diagonal (g3)",
        fen: "4k3/8/8/8/8/4n1p1/4P3/4K3 w - - 0 1",
        want: Want::From("e2", &["e2f3", "e2f4", "e2g3"]),
    },
    Case {
        why: "a double step needs both bricks of its cant empty: c2 cannot go through c3 to b4",
        fen: "4k3/8/8/8/8/2r5/2P5/4K3 w - - 0 1",
        want: Want::From("c2", &["c2d3", "c2d4"]),
    },
    Case {
        why: "on the right end of a shifted rank (h2) only the upper left brick is above",
        fen: "4k3/8/8/8/8/8/7P/4K3 w - - 0 1",
        want: Want::From("h2", &["h2h3", "h2g4"]),
    },
    Case {
        why: "a pawn may stand on a3 (the brick below-left of it is off the board, but it is no first rank)",
        fen: "4k3/8/8/8/8/P7/8/4K3 w - - 0 1",
        want: Want::From("a3", &["a3a4"]),
    },
    Case {
        why: "a pawn on b7 promotes on either brick above (a8, b8) or by taking on c8, to Q, R, B or N",
        fen: "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::From(
            "b7",
            &[
                "b7a8q", "b7a8r", "b7a8b", "b7a8n", "b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7c8q", "b7c8r", "b7c8b",
                "b7c8n",
            ],
        ),
    },
    Case {
        why: "promotion on b8: the pawn becomes a queen there",
        fen: "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::After("b7b8q", "1Qr1k3/8/8/8/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "black's double step d7-e5 passes d6, which a white pawn on f5 attacks: d6 is the en passant cell",
        fen: "4k3/3p4/8/5P2/8/8/8/4K3 b - - 0 1",
        want: Want::After("d7e5", "4k3/8/8/4pP2/8/8/8/4K3 w - d6 0 2", "none"),
    },
    Case {
        why: "en passant: f5 takes on d6 and the e5 pawn that passed it is removed",
        fen: "4k3/8/8/4pP2/8/8/8/4K3 w - d6 0 2",
        want: Want::After("f5d6", "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2", "none"),
    },
    Case {
        why: "reading: a passed cell that could be either of two black pawns' (e5 from d7, d5 from an empty e7) opens no en passant",
        fen: "4k3/3p4/8/3p1P2/8/8/8/4K3 b - - 0 1",
        want: Want::After("d7e5", "4k3/8/8/3ppP2/8/8/8/4K3 w - - 0 2", "none"),
    },
    Case {
        why: "castling both ways along rank 1, a straight line: king to g1 or c1, besides its six steps",
        fen: "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        want: Want::From("e1", &["e1f1", "e1d1", "e1e2", "e1d2", "e1f2", "e1c2", "e1g1", "e1c1"]),
    },
    Case {
        why: "a rook on h6 sees f1 and f2 down its cant: no castling kingside, no step to f1 or f2",
        fen: "4k3/8/7r/8/8/8/8/R3K2R w KQ - 0 1",
        want: Want::From("e1", &["e1d1", "e1e2", "e1d2", "e1c2", "e1c1"]),
    },
    Case {
        why: "a knight on d3 checks e1: the king goes where the knight does not reach (not f1, f2)",
        fen: "4k3/8/8/8/8/3n4/8/4K3 w - - 0 1",
        want: Want::Moves(&["e1d1", "e1e2", "e1d2", "e1c2"]),
    },
    Case {
        why: "a bishop's one rook step guards: the king on e1 may not step to e2 or d2 beside the e3 bishop",
        fen: "4k3/8/8/8/8/4b3/8/4K3 w - - 0 1",
        want: Want::Moves(&["e1f1", "e1d1"]),
    },
    Case {
        why: "a bishop on e7 checks e8 by its one step: the king takes it or goes to g7",
        fen: "4k3/4B3/8/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8e7", "e8g7"]),
    },
    Case {
        why: "a rook on e2 pinned along the e1-f3 cant may only take the pinner",
        fen: "4k3/8/8/8/8/5r2/4R3/4K3 w - - 0 1",
        want: Want::From("e2", &["e2f3"]),
    },
    Case {
        why: "after 1. a3 h6 the h8 rook looks down the h8-e1 cant (h7, g6, g5, f4, f3, e2): the e2 pawn may only step along it (found when a record test assumed e2-e3 legal; checked by hand)",
        fen: "rnbqkbnr/ppppppp1/7p/8/8/P7/1PPPPPPP/RNBQKBNR w KQkq - 0 2",
        want: Want::From("e2", &["e2f3", "e2f4"]),
    },
    Case {
        why: "checkmate in the corner: the b7 queen, guarded by the b6 king, covers a8's four escapes",
        fen: "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
        want: Want::Over("white", "checkmate"),
    },
    Case {
        why: "stalemate: the c6 queen and a6 king cover b8, b7, a7 and c7, and a8 is not attacked",
        fen: "k7/8/K1Q5/8/8/8/8/8 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "bare kings cannot mate: a draw",
        fen: "k7/8/8/8/8/8/8/7K w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

#[test]
fn masonic_hand_built_positions() {
    check(Variant::Masonic, CASES, 20);
}

#[test]
fn masonic_refuses_positions_it_cannot_have() {
    for fen in [
        // A white pawn on the first rank.
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        // An en passant cell no double step passed (no pawn beyond d6).
        "4k3/8/8/5P2/8/8/8/4K3 w - d6 0 1",
        // Black's king in check with white to move (the e7 bishop's one step).
        "4k3/4B3/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert!(parse_fen(Variant::Masonic, fen).is_err(), "{fen} was read");
    }
}
