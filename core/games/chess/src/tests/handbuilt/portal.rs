//! Portal chess (Mike Hidden's porthole chess): each position built to make one rule of
//! seeds/chess/portal.md fire, its answer reasoned from those rules before the engine was
//! run. A porthole move is written in UCI as from, entry and exit (`b1c3f6`).

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "the start: the b2 pawn steps, or enters c3 diagonally and leaves by any of the seven other portholes",
        fen: crate::fairy::portal::START,
        want: Want::From(
            "b2",
            &[
                "b2b3", "b2b4", "b2c3f3", "b2c3a4", "b2c3h4", "b2c3a5", "b2c3h5", "b2c3c6", "b2c3f6",
            ],
        ),
    },
    Case {
        why: "the start: a porthole stops a pawn's step and double step (c3, a4); the knights jump in",
        fen: crate::fairy::portal::START,
        want: Want::Some(
            &["a2a3", "b1c3c6", "g1f3f6", "g1f3c3", "e2f3a5"],
            &["a2a4", "c2c3", "c2c4", "f2f3", "h2h4", "b1c3c3"],
        ),
    },
    Case {
        why: "a rook's slide stops at a porthole, which it enters and leaves by h8",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - (a4,h8) 0 1",
        want: Want::From("a1", &["a1a2", "a1a3", "a1a4h8", "a1b1", "a1c1", "a1d1"]),
    },
    Case {
        why: "no open exit (the other porthole holds the black king): a4 cannot be entered and still blocks",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - (a4,e8) 0 1",
        want: Want::From("a1", &["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"]),
    },
    Case {
        why: "back-rank check: the king's one way out is into the h1 porthole and out at d4",
        fen: "6k1/5ppp/8/8/8/8/5PPP/4r1K1 w - - (h1,d4) 0 1",
        want: Want::Moves(&["g1h1d4"]),
    },
    Case {
        why: "the same without portholes is mate",
        fen: "6k1/5ppp/8/8/8/8/5PPP/4r1K1 w - - 0 1",
        want: Want::Over("black", "checkmate"),
    },
    Case {
        why: "the escape: the king lands on d4, the h1 token moves to g1 where the king stood",
        fen: "6k1/5ppp/8/8/8/8/5PPP/4r1K1 w - - (h1,d4) 0 1",
        want: Want::After("g1h1d4", "6k1/5ppp/8/8/3K4/8/5PPP/4r3 b - - (g1,d4) 1 1", "none"),
    },
    Case {
        why: "a king on a porthole is not in check when the taker would have no open exit",
        fen: "4k3/8/8/8/8/8/4R3/K7 b - - (e8,a1) 0 1",
        want: Want::Moves(&["e8d8", "e8f8", "e8d7", "e8f7"]),
    },
    Case {
        why: "a knight next to a king on a porthole, with no open exit: no check, black plays on",
        fen: "6rk/5Npp/8/8/8/8/8/K7 b - - (h8,a1) 0 1",
        want: Want::Some(&["g8f8", "g7g6", "h7h6"], &["h8g8"]),
    },
    Case {
        why: "the same knight with an open porthole on d4: smothered mate",
        fen: "6rk/5Npp/8/8/8/8/8/K7 b - - (h8,d4) 0 1",
        want: Want::Over("white", "checkmate"),
    },
    Case {
        why: "a pawn never steps onto a porthole; it enters one diagonally",
        fen: "4k3/8/8/8/8/8/4P3/4K3 w - - (e3,d3,a5) 0 1",
        want: Want::From("e2", &["e2d3e3", "e2d3a5"]),
    },
    Case {
        why: "a pawn never leaves by a porthole on its first or last rank",
        fen: "4k3/8/8/8/8/8/4P3/4K3 w - - (d3,a8,h1,c5) 0 1",
        want: Want::From("e2", &["e2e3", "e2e4", "e2d3c5"]),
    },
    Case {
        why: "the entered token moves to the square the pawn came from",
        fen: "4k3/8/8/8/8/8/4P3/4K3 w - - (d3,a8,h1,c5) 0 1",
        want: Want::After("e2d3c5", "4k3/8/8/2P5/8/8/8/4K3 b - - (h1,e2,c5,a8) 0 1", "none"),
    },
    Case {
        why: "a knight standing on a porthole enters another: two tokens lie on a1",
        fen: "4k3/8/8/8/8/8/8/N3K3 w - - (a1,b3,h5) 0 1",
        want: Want::After("a1b3h5", "4k3/8/8/7N/8/8/8/4K3 b - - (a1,a1,h5) 1 1", "none"),
    },
    Case {
        why: "entering a square of two tokens takes the top one away; the dormant one stays",
        fen: "4k3/8/8/8/R7/8/8/4K3 w - - (a1,a1,h5) 0 1",
        want: Want::After("a4a1h5", "4k3/8/8/7R/8/8/8/4K3 b - - (a1,a4,h5) 1 1", "none"),
    },
    Case {
        why: "a piece leaving a porthole by a plain move leaves the token where it lies",
        fen: "4k3/8/8/8/8/8/8/N3K3 w - - (a1,h5) 0 1",
        want: Want::After("a1b3", "4k3/8/8/8/8/1N6/8/4K3 b - - (a1,h5) 1 1", "none"),
    },
    Case {
        why: "taking an enemy on a porthole: the bishop takes on b2, leaves by g6 with check",
        fen: "4k3/8/8/8/8/8/1n6/B3K3 w - - (b2,g6) 0 1",
        want: Want::After("a1b2g6", "4k3/8/6B1/8/8/8/8/4K3 b - - (a1,g6) 0 1", "none"),
    },
    Case {
        why: "a porthole shields the king: the e7 rook's file stops at e4, e2 is safe",
        fen: "k7/4r3/8/8/8/8/8/4K3 w - - (e4,a8) 0 1",
        want: Want::Moves(&["e1d1", "e1f1", "e1d2", "e1e2", "e1f2"]),
    },
    Case {
        why: "castling: a porthole on b1 stops the long castling only",
        fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - (b1,h4) 0 1",
        want: Want::Some(&["e1g1"], &["e1c1"]),
    },
    Case {
        why: "castling: a porthole on the rook's destination f1 stops the short castling only",
        fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - (f1,h4) 0 1",
        want: Want::Some(&["e1c1"], &["e1g1"]),
    },
    Case {
        why: "no en passant: the double step leaves no en passant square",
        fen: "4k3/8/8/8/3p4/8/4P3/4K3 w - - (h3,a6) 0 1",
        want: Want::After("e2e4", "4k3/8/8/8/3pP3/8/8/4K3 b - - (h3,a6) 0 1", "none"),
    },
    Case {
        why: "no en passant: the d4 pawn only steps",
        fen: "4k3/8/8/8/3pP3/8/8/4K3 b - - (h3,a6) 0 1",
        want: Want::From("d4", &["d4d3"]),
    },
    Case {
        why: "a pawn promotes by stepping onto the last rank, not by entering a porthole there",
        fen: "4k3/P7/8/8/8/8/8/4K3 w - - (h4,b8) 0 1",
        want: Want::From("a7", &["a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8h4"]),
    },
    Case {
        why: "stalemate is a draw",
        fen: "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "no stalemate with portholes: the king enters b8 (attacked, but it only passes) and leaves at h1",
        fen: "k7/8/1Q6/8/8/8/8/4K3 b - - (b8,h1) 0 1",
        want: Want::Moves(&["a8b8h1"]),
    },
    Case {
        why: "mate by a rook arriving through a porthole on the back rank",
        fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - (a4,e8) 0 1",
        want: Want::After("a1a4e8", "4R1k1/5ppp/8/8/8/8/8/6K1 b - - (a1,e8) 1 1", "white"),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - (d4,e5) 0 1",
        want: Want::Over("draw", "insufficient"),
    },
];

#[test]
fn portal_hand_built_positions() {
    check(Variant::Portal, CASES, 20);
}
