//! The horizontal cylinder (`cylinder` with `wrap=ranks`): ranks 1 and 8 are neighbours for
//! every piece but the pawn. Source: seed 004 (the horizontal cylinder joins ranks 1 and 8)
//! and seeds/chess/cylinder.md for the pawn and castling readings; each position built to make
//! the seam matter, every answer worked out by hand from those rules.

use super::{check, Case, Want};
use crate::fen::parse_fen;
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "a rook alone on the d-file reaches every other cell of it, each once, both ways round",
        fen: "7k/8/8/8/3R4/8/8/K7 w - - 0 1",
        want: Want::Moves(&[
            "d4a4", "d4b4", "d4c4", "d4e4", "d4f4", "d4g4", "d4h4", "d4d5", "d4d6", "d4d7", "d4d8", "d4d1", "d4d2",
            "d4d3", "a1a2", "a1b1", "a1b2", "a1a8", "a1b8",
        ]),
    },
    Case {
        why: "a king on a1 has five neighbours, a8 and b8 across the seam",
        fen: "8/8/8/8/4k3/8/8/K7 w - - 0 1",
        want: Want::Moves(&["a1a2", "a1b1", "a1b2", "a1a8", "a1b8"]),
    },
    Case {
        why: "the kings may not touch across the seam: b8 touches the c7 king",
        fen: "8/2k5/8/8/8/8/8/K7 w - - 0 1",
        want: Want::Moves(&["a1a2", "a1b1", "a1b2", "a1a8"]),
    },
    Case {
        why: "the e1 rook checks e8 across the seam; e7 stays on its line, d1 and f1 on its rank; Kxe1",
        fen: "4k3/8/8/8/8/8/8/K3R3 b - - 0 1",
        want: Want::Moves(&["e8d8", "e8f8", "e8d7", "e8f7", "e8e1"]),
    },
    Case {
        why: "no back-rank mate: the g8 king escapes to g1 or h1 (f1 touches the white king)",
        fen: "R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["g8g1", "g8h1"]),
    },
    Case {
        why: "the back-rank mate with a second rook holding rank 1",
        fen: "R5k1/5ppp/8/8/8/2K5/8/R7 b - - 0 1",
        want: Want::Over("white", "checkmate"),
    },
    Case {
        why: "a white pawn on a7 promotes on a8 as usual: it does not step across the seam",
        fen: "8/P7/8/4k3/8/8/8/4K3 w - - 0 1",
        want: Want::From("a7", &["a7a8q", "a7a8r", "a7a8b", "a7a8n"]),
    },
    Case {
        why: "a black pawn on b2 promotes on b1 pushing or taking on a1 and c1, never on rank 8",
        fen: "8/8/8/4k3/8/8/1p6/R1N1K3 b - - 0 1",
        want: Want::From(
            "b2",
            &[
                "b2b1q", "b2b1r", "b2b1b", "b2b1n", "b2a1q", "b2a1r", "b2a1b", "b2a1n", "b2c1q", "b2c1r", "b2c1b", "b2c1n",
            ],
        ),
    },
    Case {
        why: "a knight on g1 jumps to e2, f3, h3 and across the seam to e8, f7 and h7",
        fen: "8/8/8/3k4/8/8/8/K5N1 w - - 0 1",
        want: Want::From("g1", &["g1e2", "g1f3", "g1h3", "g1e8", "g1f7", "g1h7"]),
    },
    Case {
        why: "a bishop on a1 reaches e5 up the long diagonal and down across the seam (b8 c7 d6): once",
        fen: "8/8/8/2k5/8/8/8/B6K w - - 0 1",
        want: Want::From(
            "a1",
            &["a1b2", "a1c3", "a1d4", "a1e5", "a1f6", "a1g7", "a1h8", "a1b8", "a1c7", "a1d6", "a1f4", "a1g3", "a1h2"],
        ),
    },
    Case {
        why: "both castlings stand when nothing attacks the king's path",
        fen: "8/8/8/3k4/8/8/8/R3K2R w KQ - 0 1",
        want: Want::Some(&["e1g1", "e1c1"], &[]),
    },
    Case {
        why: "the f7 rook attacks f1 across the seam (f8, f1): no O-O, O-O-O stays",
        fen: "8/5r2/8/3k4/8/8/8/R3K2R w KQ - 0 1",
        want: Want::Some(&["e1c1"], &["e1g1", "e1f1", "e1f2"]),
    },
    Case {
        why: "the b7 bishop attacks d1 across the seam (c8, d1): no O-O-O, O-O stays",
        fen: "8/1b6/8/3k4/8/8/8/R3K2R w KQ - 0 1",
        want: Want::Some(&["e1g1"], &["e1c1", "e1d1", "e1e2"]),
    },
    Case {
        why: "the e7 rook checks e1 across the seam (e8, e1): no castling; the king steps off the file",
        fen: "8/4r3/8/3k4/8/8/4P3/R3K2R w KQ - 0 1",
        want: Want::Moves(&["e1d1", "e1f1", "e1d2", "e1f2", "e1d8", "e1f8"]),
    },
    Case {
        why: "en passant as in chess: exd6 takes the d5 pawn",
        fen: "8/1P4p1/7k/3pP3/8/8/6p1/R3K3 w Q d6 0 1",
        want: Want::After("e5d6", "8/1P4p1/3P3k/8/8/8/6p1/R3K3 b Q - 0 1", "none"),
    },
    Case {
        why: "b8=Q checks the c1 king across the seam; c2 is free, so it is no mate",
        fen: "8/1P6/8/8/8/8/8/2k1K3 w - - 0 1",
        want: Want::After("b7b8q", "1Q6/8/8/8/8/8/8/2k1K3 b - - 0 1", "none"),
    },
    Case {
        why: "answers to that check: Kc2, or Kxb8 across the seam (b8 is unguarded); b1, b2 lie on the queen's file round the seam, c8 and d8 on its rank, d1 and d2 touch the white king",
        fen: "1Q6/8/8/8/8/8/8/2k1K3 b - - 0 1",
        want: Want::Moves(&["c1c2", "c1b8"]),
    },
    Case {
        why: "the a1 rook takes the a8 rook straight across the seam, or walks up the a-file to it",
        fen: "r7/8/8/3k4/8/8/8/R3K3 w - - 0 1",
        want: Want::From("a1", &["a1b1", "a1c1", "a1d1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8"]),
    },
    Case {
        why: "the f2 knight checks e8 across the seam and guards d1: seven king moves",
        fen: "4k3/8/8/8/8/1K6/5N2/8 b - - 0 1",
        want: Want::Moves(&["e8d8", "e8f8", "e8d7", "e8e7", "e8f7", "e8e1", "e8f1"]),
    },
    Case {
        why: "mate across the seam: Qb1 checks a8; a7 and b8 the knight's, b7 and a1 the queen's, b1 guarded",
        fen: "k7/8/2N5/8/8/8/2K5/1Q6 b - - 0 1",
        want: Want::Over("white", "checkmate"),
    },
    Case {
        why: "stalemate: a7, b7, b8 the queen's and a1, b1 the h1 rook's across the seam",
        fen: "k7/8/1Q6/8/4K3/8/8/7R b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "two bare kings are a draw",
        fen: "8/8/8/3k4/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

#[test]
fn cylinder_ranks_hand_built_positions() {
    check(Variant::CylinderRanks, CASES, 20);
}

#[test]
fn cylinder_ranks_refuses_pawns_on_the_seam_ranks_and_touching_kings() {
    for fen in [
        // A white pawn on its first rank, a black one on its eighth.
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
        // Pawns on the rank they promote on.
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/p3K3 b - - 0 1",
        // The usual array: e1 and e8 touch across the seam.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        assert!(parse_fen(Variant::CylinderRanks, fen).is_err(), "{fen} was read");
    }
}
