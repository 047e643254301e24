//! Madrasi chess: a piece attacked by an enemy piece of its own kind is paralysed (no move,
//! no capture, no check), kings excepted. Source: chessvariants.com "Madrasi" and
//! seeds/chess/madrasi.md; each position built to make the rule fire.

use super::{check, Case, Want};
use crate::variant::Variant;

const KING_E1: &[&str] = &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"];

const CASES: &[Case] = &[
    Case {
        why: "rooks on a1 and a4 paralyse each other: king moves only, none attacked",
        fen: "4k3/8/8/8/r7/8/8/R3K3 w - - 0 1",
        want: Want::Moves(KING_E1),
    },
    Case {
        why: "queens on b3 and d5 paralyse each other",
        fen: "4k3/8/8/3q4/8/1Q6/8/4K3 w - - 0 1",
        want: Want::Moves(KING_E1),
    },
    Case {
        why: "a bishop does not paralyse a queen: Qxd5",
        fen: "4k3/8/8/3b4/8/1Q6/8/4K3 w - - 0 1",
        want: Want::Some(&["b3d5", "b3b8"], &[]),
    },
    Case {
        why: "pawns on e4 and d5 attack each other: both paralysed, e4 may not even step",
        fen: "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
        want: Want::Moves(KING_E1),
    },
    Case {
        why: "knights on b1 and c3 paralyse each other: c3 attacks neither d1 nor e2",
        fen: "4k3/8/8/8/8/2n5/8/1N2K3 w - - 0 1",
        want: Want::Moves(KING_E1),
    },
    Case {
        why: "the paralysed c3 knight does not check e2: all eight king steps",
        fen: "4k3/8/8/8/8/2n5/4K3/1N6 w - - 0 1",
        want: Want::Moves(&["e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3"]),
    },
    Case {
        why: "Qg7 guarded by the h6 king mates, as in chess",
        fen: "7k/8/7K/8/8/8/6Q1/8 w - - 0 1",
        want: Want::After("g2g7", "7k/6Q1/7K/8/8/8/8/8 b - - 1 1", "white"),
    },
    Case {
        why: "with a black queen on a1 the same Qg7 lands on its diagonal, paralysed: no check",
        fen: "7k/8/7K/8/8/8/6Q1/q7 w - - 0 1",
        want: Want::After("g2g7", "7k/6Q1/7K/8/8/8/8/q7 b - - 1 1", "none"),
    },
    Case {
        why: "then black: Kg8 only (h7 touches the white king; g7 is guarded; the a1 queen is paralysed)",
        fen: "7k/6Q1/7K/8/8/8/8/q7 b - - 1 1",
        want: Want::Moves(&["h8g8"]),
    },
    Case {
        why: "bare kings: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "the h1 and h8 rooks paralyse each other: no O-O, no rook move",
        fen: "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1",
        want: Want::Some(&["e1f1"], &["e1g1", "h1h2"]),
    },
    Case {
        why: "with h4 between them the rooks are free: O-O",
        fen: "4k2r/8/8/8/7P/8/8/4K2R w Kk - 0 1",
        want: Want::Some(&["e1g1", "h1h3"], &[]),
    },
    Case {
        why: "the free d6 knight checks e8 and holds f7",
        fen: "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8d7", "e8d8", "e8e7", "e8f8"]),
    },
    Case {
        why: "the b7 knight paralyses it: no check, f7 free, and b7 paralysed in turn",
        fen: "4k3/1n6/3N4/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]),
    },
    Case {
        why: "a pawn that just stepped two does not paralyse (the page's reading): exd6 e.p.",
        fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        want: Want::Some(&["e5d6", "e5e6"], &[]),
    },
    Case {
        why: "the f6 pawn attacks e5: paralysed, it cannot take en passant or step",
        fen: "4k3/8/5p2/3pP3/8/8/8/4K3 w - d6 0 1",
        want: Want::From("e5", &[]),
    },
    Case {
        why: "the d1 and h1 rooks paralyse each other: the e7 king may step onto the d-file",
        fen: "8/4k3/8/8/8/8/8/K2R3r b - - 0 1",
        want: Want::Moves(&["e7d6", "e7d7", "e7d8", "e7e6", "e7e8", "e7f6", "e7f7", "e7f8"]),
    },
    Case {
        why: "stalemate: the h2 rook paralysed by h1, the king's squares all the queen's",
        fen: "k7/8/1Q6/8/8/8/7r/4K2R b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "a new queen on b8 stands on the d6 queen's diagonal: paralysed, no check",
        fen: "7k/1P6/3q4/8/8/8/8/4K3 w - - 0 1",
        want: Want::After("b7b8q", "1Q5k/8/3q4/8/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "then g8 is free; the black queen is paralysed too",
        fen: "1Q5k/8/3q4/8/8/8/8/4K3 b - - 0 1",
        want: Want::Moves(&["h8g7", "h8g8", "h8h7"]),
    },
];

#[test]
fn madrasi_hand_built_positions() {
    check(Variant::Madrasi, CASES, 20);
}
