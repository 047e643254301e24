//! Extinction chess: a side that loses every piece of one kind (king, queen, rook, bishop,
//! knight or pawn) loses; no check; promotion to a king allowed. Sources: FFISH.md
//! ("Extinction", examples probed on Fairy-Stockfish) and chessvariants.com "Extinction
//! Chess" (R. Wayne Schmittberger, 1985); the others built to make one rule fire.

use super::{check, Case, Want, CHESS_START_MOVES};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "the start: 16 pawn moves and 4 knight moves, as in chess",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        want: Want::Moves(CHESS_START_MOVES),
    },
    Case {
        why: "FFISH.md: no check, the attacked king's side may play a pawn and castle",
        fen: "qrbnk3/p7/8/8/8/8/PNBQ4/r3K2R w K - 0 1",
        want: Want::Some(&["a2a3", "e1g1"], &[]),
    },
    Case {
        why: "no check: the king may step onto squares the a1 rook attacks",
        fen: "qrbnk3/p7/8/8/8/8/PNBQ4/r3K3 w - - 0 1",
        want: Want::From("e1", &["e1d1", "e1e2", "e1f1", "e1f2"]),
    },
    Case {
        why: "FFISH.md: castling through the attacked f1, both sides",
        fen: "qrbnkr2/p7/8/8/8/8/PNBQ4/R3K2R w KQ - 0 1",
        want: Want::Some(&["e1g1", "e1c1"], &[]),
    },
    Case {
        why: "FFISH.md: castling into the attacked g1",
        fen: "qrbnk1r1/p7/8/8/8/8/PNBQ4/R3K2R w KQ - 0 1",
        want: Want::After("e1g1", "qrbnk1r1/p7/8/8/8/8/PNBQ4/R4RK1 b - - 1 1", "none"),
    },
    Case {
        why: "queenside castling across d1, attacked by the d7 rook",
        fen: "qrbnk3/p2r4/8/8/8/8/PNB1Q3/R3K3 w Q - 0 1",
        want: Want::After("e1c1", "qrbnk3/p2r4/8/8/8/8/PNB1Q3/2KR4 b - - 1 1", "none"),
    },
    Case {
        why: "FFISH.md: promotion to any piece, the king included",
        fen: "qrbnk3/p6P/8/8/8/8/PNBQ4/R3K3 w - - 0 1",
        want: Want::From("h7", &["h7h8b", "h7h8k", "h7h8n", "h7h8q", "h7h8r"]),
    },
    Case {
        why: "promoting to a king while a pawn is left: the game goes on",
        fen: "qrbnk3/p6P/8/8/8/8/PNBQ4/R3K3 w - - 0 1",
        want: Want::After("h7h8k", "qrbnk2K/p7/8/8/8/8/PNBQ4/R3K3 b - - 0 1", "none"),
    },
    Case {
        why: "two kings: taking one of them is no win",
        fen: "qrbnk2K/p7/8/8/8/8/PNBQ4/r3K2R b - - 0 1",
        want: Want::After("a1e1", "qrbnk2K/p7/8/8/8/8/PNBQ4/4r2R w - - 0 2", "none"),
    },
    Case {
        why: "FFISH.md: the queen takes one of white's two kings, the game goes on",
        fen: "qrbnk3/p7/8/8/8/8/PNBQ4/R3K2K b - - 0 1",
        want: Want::After("a8h1", "1rbnk3/p7/8/8/8/8/PNBQ4/R3K2q w - - 0 2", "none"),
    },
    Case {
        why: "taking the only king wins (kings are not royal, only a kind)",
        fen: "qrbnk3/p7/8/8/8/8/PNBQ4/r3K2R b K - 0 1",
        want: Want::After("a1e1", "qrbnk3/p7/8/8/8/8/PNBQ4/4r2R w - - 0 2", "black"),
    },
    Case {
        why: "taking the last queen wins",
        fen: "qrbnk3/p7/8/3Q4/8/8/PNB5/R3K3 w - - 0 1",
        want: Want::After("d5a8", "Qrbnk3/p7/8/8/8/8/PNB5/R3K3 b - - 0 1", "white"),
    },
    Case {
        why: "taking the last knight wins",
        fen: "qrbnk3/p7/2N5/8/8/8/P1BQ4/R3K3 w - - 0 1",
        want: Want::After("c6d8", "qrbNk3/p7/8/8/8/8/P1BQ4/R3K3 b - - 0 1", "white"),
    },
    Case {
        why: "FFISH.md: promoting one's own last pawn loses (pawns extinct)",
        fen: "qrbnk3/p6P/8/8/8/8/1NBQ4/R3K3 w - - 0 1",
        want: Want::After("h7h8q", "qrbnk2Q/p7/8/8/8/8/1NBQ4/R3K3 b - - 0 1", "black"),
    },
    Case {
        why: "the same for black: h2h1q leaves black without a pawn",
        fen: "qrbnk3/8/8/8/8/8/PNBQ3p/R3K3 b - - 0 1",
        want: Want::After("h2h1q", "qrbnk3/8/8/8/8/8/PNBQ4/R3K2q w - - 0 2", "white"),
    },
    Case {
        why: "FFISH.md: both sides extinct at once, the mover loses",
        fen: "qrb1k2n/p5P1/8/8/8/8/1NBQ4/R3K3 w - - 0 1",
        want: Want::After("g7h8n", "qrb1k2N/p7/8/8/8/8/1NBQ4/R3K3 b - - 0 1", "black"),
    },
    Case {
        why: "FFISH.md: en passant as in chess (the d6 square is written)",
        fen: "qrbnk3/3p4/8/4P3/8/8/PNBQ4/R3K3 b - - 0 1",
        want: Want::After("d7d5", "qrbnk3/8/8/3pP3/8/8/PNBQ4/R3K3 w - d6 0 2", "none"),
    },
    Case {
        why: "en passant takes black's last pawn: white wins",
        fen: "qrbnk3/8/8/3pP3/8/8/PNBQ4/R3K3 w - d6 0 2",
        want: Want::After("e5d6", "qrbnk3/8/3P4/8/8/8/PNBQ4/R3K3 b - - 0 2", "white"),
    },
    Case {
        why: "a position already missing a kind is over: black has no queen",
        fen: "1rbnk3/p7/8/8/8/8/PNBQ4/R3K3 w - - 0 1",
        want: Want::Over("white", "queen"),
    },
    Case {
        why: "the king may walk into the h1 rook's line, and no castling right is given",
        fen: "qrbnk3/p7/8/8/8/8/PNBQ4/R3K2r w - - 0 1",
        want: Want::Some(&["e1f1", "e1f2", "a1d1"], &["e1g1", "a1h1"]),
    },
    Case {
        why: "taking the last bishop wins",
        fen: "qr1nk3/p7/8/5b2/8/8/PNBQ4/R3K3 w - - 0 1",
        want: Want::After("c2f5", "qr1nk3/p7/8/5B2/8/8/PN1Q4/R3K3 b - - 0 1", "white"),
    },
    Case {
        why: "taking the last rook wins",
        fen: "q1bnk2r/p7/8/8/8/8/PNBQ4/4K2R w - - 0 1",
        want: Want::After("h1h8", "q1bnk2R/p7/8/8/8/8/PNBQ4/4K3 b - - 0 1", "white"),
    },
    Case {
        why: "every kind still on the board and 75 moves without capture or pawn move: a draw",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 150 100",
        want: Want::Over("draw", "seventy-five"),
    },
    Case {
        why: "the 150th quiet half-move draws",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 149 100",
        want: Want::After(
            "g1f3",
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 150 100",
            "draw",
        ),
    },
    Case {
        why: "stalemate with every kind on the board: white's pawns blocked head-on, every piece walled in by its own",
        fen: "rnbqk3/8/8/8/p1p1p1p1/PpPpPpPp/RP1P1PRP/KN4BQ w - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
];

#[test]
fn extinction_hand_built_positions() {
    check(Variant::Extinction, CASES, 25);
}
