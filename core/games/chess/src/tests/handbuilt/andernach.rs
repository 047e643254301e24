//! Andernach and anti-Andernach chess: a capturing piece (not a king) changes colour; in
//! anti-Andernach a piece that does not capture changes colour instead. A move may not leave
//! the mover's king attacked, by the changed piece too. Source: chessvariants.com
//! "Andernach Chess" / the Schwalbe keywords, and seeds/chess/andernach.md; each position
//! built to make the rule fire.

use super::{check, Case, Want, CHESS_START_MOVES};
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
    Case {
        why: "en passant: the capturing pawn turns black on d6",
        fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        want: Want::After("e5d6", "4k3/8/3p4/8/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "a quiet Re8 mates on the back rank as in chess",
        fen: "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
        want: Want::After("e1e8", "4R1k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", "white"),
    },
    Case {
        why: "Rxe8 hands black the rook: no mate",
        fen: "4r1k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
        want: Want::After("e1e8", "4r1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "none"),
    },
    Case {
        why: "Rxa8 turns the rook black: both queenside rights are gone",
        fen: "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1",
        want: Want::After("a1a8", "r3k3/8/8/8/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "Nxd6 would make a white knight checking e8: illegal; the seven quiet jumps stay",
        fen: "4k3/8/3P4/8/4n3/8/8/4K3 b - - 0 1",
        want: Want::From("e4", &["e4c3", "e4c5", "e4d2", "e4f2", "e4f6", "e4g3", "e4g5"]),
    },
    Case {
        why: "a black capture-promotion gives a white queen on h1",
        fen: "4k3/8/8/8/8/8/6p1/4K2R b - - 0 1",
        want: Want::After("g2h1q", "4k3/8/8/8/8/8/8/4K2Q w - - 0 2", "none"),
    },
    Case {
        why: "stalemate is a draw",
        fen: "k7/2P5/1K6/8/8/8/8/8 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "the d2 bishop, pinned by b4, may not take it (a black bishop on b4 checks e1)",
        fen: "4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1",
        want: Want::Moves(&["d2c3", "e1d1", "e1e2", "e1f1", "e1f2"]),
    },
    Case {
        why: "Re8 mates: Rxe8 would turn the rook white, still checking h8",
        fen: "r6k/6pp/8/8/8/8/8/4R1K1 w - - 0 1",
        want: Want::After("e1e8", "r3R2k/6pp/8/8/8/8/8/6K1 b - - 1 1", "white"),
    },
    Case {
        why: "the start: 20 moves, no capture possible",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        want: Want::Moves(CHESS_START_MOVES),
    },
    Case {
        why: "Bxd5 turns the bishop black and uncovers the e1 rook's check",
        fen: "4k3/8/8/3p4/4B3/8/8/4RK2 w - - 0 1",
        want: Want::After("e4d5", "4k3/8/8/3b4/8/8/8/4RK2 b - - 0 1", "none"),
    },
    Case {
        why: "black takes en passant and the pawn turns white on e3",
        fen: "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
        want: Want::After("d4e3", "4k3/8/8/8/8/4P3/8/4K3 w - - 0 2", "none"),
    },
    Case {
        why: "a quiet move keeps the colour",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        want: Want::After("a1a5", "4k3/8/8/R7/8/8/8/4K3 b - - 1 1", "none"),
    },
    Case {
        why: "Rxa1 would leave a black rook on a1, still checking: only king moves",
        fen: "4k3/R7/8/8/8/8/8/r3K3 w - - 0 1",
        want: Want::Moves(&["e1d2", "e1e2", "e1f2"]),
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
    Case {
        why: "Rxe8 keeps the rook white: back-rank mate",
        fen: "4n1k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
        want: Want::After("e1e8", "4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "white"),
    },
    Case {
        why: "a quiet Re8 turns the rook black: no mate",
        fen: "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
        want: Want::After("e1e8", "4r1k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", "none"),
    },
    Case {
        why: "a double step turns the pawn black and opens no en passant",
        fen: "4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1",
        want: Want::After("e2e4", "4k3/8/8/3p4/4p3/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "d2-d3 would make a black pawn checking e2: only d2-d4",
        fen: "4k3/8/8/8/8/8/3PK3/8 w - - 0 1",
        want: Want::From("d2", &["d2d4"]),
    },
    Case {
        why: "a capture-promotion keeps the queen white, checking e8",
        fen: "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::After("a7b8q", "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1", "none"),
    },
    Case {
        why: "black's O-O-O: the rook keeps its colour",
        fen: "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
        want: Want::After("e8c8", "2kr4/8/8/8/8/8/8/4K3 w - - 1 2", "none"),
    },
    Case {
        why: "the a1 rook turns black on a4: white's queenside right goes, black's stays",
        fen: "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1",
        want: Want::After("a1a4", "r3k3/8/8/8/r7/8/8/4K3 b q - 1 1", "none"),
    },
    Case {
        why: "the e4 knight may not land on d2 or g3, where as a black knight it would check f1",
        fen: "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1",
        want: Want::From("e4", &["e4c3", "e4c5", "e4d6", "e4f2", "e4f6", "e4g5"]),
    },
    Case {
        why: "black's b1 knight: on c3 or d2 it would be a white knight checking e4",
        fen: "8/8/8/8/4k3/8/8/1n2K3 b - - 0 1",
        want: Want::From("b1", &["b1a3"]),
    },
    Case {
        why: "stalemate is a draw",
        fen: "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "a king's quiet move keeps its colour",
        fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        want: Want::After("e1e2", "4k3/8/8/8/8/8/4K3/8 b - - 1 1", "draw"),
    },
    Case {
        why: "the pinned d2 bishop may take b4 (keeping its colour) but not go to c3 (black, checking)",
        fen: "4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1",
        want: Want::From("d2", &["d2b4"]),
    },
    Case {
        why: "a quiet black queen move gives white a queen",
        fen: "q3k3/8/8/8/8/8/8/4K3 b - - 0 1",
        want: Want::After("a8a2", "4k3/8/8/8/8/8/Q7/4K3 w - - 1 2", "none"),
    },
    Case {
        why: "Qh5 is no check: the queen arrives black",
        fen: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        want: Want::After("d1h5", "4k3/8/8/7q/8/8/8/4K3 b - - 1 1", "none"),
    },
];

#[test]
fn andernach_hand_built_positions() {
    check(Variant::Andernach, ANDERNACH, 21);
}

#[test]
fn antiandernach_hand_built_positions() {
    check(Variant::AntiAndernach, ANTI, 20);
}
