//! Knight-relay chess (Charosh's version): a piece other than a king or knight that a friendly
//! knight guards may also move and capture as a knight (a pawn never so to its first or last
//! rank); knights neither capture nor are captured, so never check; no en passant. Sources:
//! Wikipedia "Knight relay chess", chessvariants.com "N-Relay Chess" and
//! seeds/chess/knightrelay.md; each position built to make one rule fire.

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "the start: 20 chess moves, and the d2 and e2 pawns guarded by b1 and g1 jump too",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        want: Want::Moves(&[
            "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "f2f4", "g2g3",
            "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3", "d2b3", "d2c4", "d2e4", "d2f3", "e2c3", "e2d4",
            "e2f4", "e2g3",
        ]),
    },
    Case {
        why: "a knight never captures: b1 goes to a3 and d2, not c3",
        fen: "4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1",
        want: Want::From("b1", &["b1a3", "b1d2"]),
    },
    Case {
        why: "a knight is never captured: the d4 pawn only steps",
        fen: "4k3/8/8/8/3p4/4N3/8/4K3 b - - 0 1",
        want: Want::From("d4", &["d4d3"]),
    },
    Case {
        why: "the d6 knight gives no check: the e8 king has all five squares",
        fen: "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]),
    },
    Case {
        why: "the a1 rook, guarded by the c2 knight, also jumps to b3",
        fen: "4k3/8/8/8/8/8/2N5/R3K3 w - - 0 1",
        want: Want::From(
            "a1",
            &[
                "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "a1b3",
            ],
        ),
    },
    Case {
        why: "and takes on b3 with the lent move",
        fen: "4k3/8/8/8/8/1p6/2N5/R3K3 w - - 0 1",
        want: Want::Some(&["a1b3"], &[]),
    },
    Case {
        why: "an unguarded rook has its own moves only",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        want: Want::From(
            "a1",
            &[
                "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1",
            ],
        ),
    },
    Case {
        why: "the e7 pawn guarded by c6 promotes, and jumps to d5, f5, g6 but not to c8 or g8",
        fen: "k7/4P3/2N5/8/8/8/8/4K3 w - - 0 1",
        want: Want::From("e7", &["e7e8b", "e7e8n", "e7e8q", "e7e8r", "e7d5", "e7f5", "e7g6"]),
    },
    Case {
        why: "the d3 pawn guarded by e5 jumps back to b2 and f2 but not to c1 or e1",
        fen: "4k3/8/8/4N3/8/3P4/8/4K3 w - - 0 1",
        want: Want::From("d3", &["d3b2", "d3b4", "d3c5", "d3d4", "d3f2", "d3f4"]),
    },
    Case {
        why: "a pawn on its second rank steps two, as one brought back there may",
        fen: "4k3/8/8/8/8/8/5P2/4K3 w - - 0 1",
        want: Want::From("f2", &["f2f3", "f2f4"]),
    },
    Case {
        why: "the e3 pawn guarded by d1 takes on d5 as a knight, and never to f1",
        fen: "4k3/8/8/3p4/8/4P3/8/3NK3 w - - 0 1",
        want: Want::From("e3", &["e3c2", "e3c4", "e3d5", "e3e4", "e3f5", "e3g2", "e3g4"]),
    },
    Case {
        why: "the king gets no lent moves from the d3 knight",
        fen: "4k3/8/8/8/8/3N4/8/4K3 w - - 0 1",
        want: Want::From("e1", &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    },
    Case {
        why: "no en passant: the double step writes no square",
        fen: "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
        want: Want::After("d7d5", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "none"),
    },
    Case {
        why: "then e5 only steps",
        fen: "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2",
        want: Want::From("e5", &["e5e6"]),
    },
    Case {
        why: "the knight cannot take the checking a1 rook: king moves only",
        fen: "4k3/8/8/8/8/8/2N5/r3K3 w - - 0 1",
        want: Want::Moves(&["e1d2", "e1e2", "e1f2"]),
    },
    Case {
        why: "black's h8 rook, guarded by the g6 knight, also jumps to f7",
        fen: "4k2r/8/6n1/8/8/8/8/4K3 b - - 0 1",
        want: Want::From(
            "h8",
            &[
                "h8h7", "h8h6", "h8h5", "h8h4", "h8h3", "h8h2", "h8h1", "h8g8", "h8f8", "h8f7",
            ],
        ),
    },
    Case {
        why: "the d6 rook guarded by b5 checks e8 by a lent jump and holds f7: Ke7 or Kf8 only",
        fen: "4k3/7p/3R4/1N6/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8e7", "e8f8"]),
    },
    Case {
        why: "Re8 mates on the back rank",
        fen: "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
        want: Want::After("e1e8", "4R1k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", "white"),
    },
    Case {
        why: "stalemate is a draw",
        fen: "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

#[test]
fn knightrelay_hand_built_positions() {
    check(Variant::KnightRelay, CASES, 20);
}
