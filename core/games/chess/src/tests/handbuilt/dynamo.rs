//! Dynamo chess: no captures; pushes, pulls and pieces leaving the board; check is a threat to
//! take the king off. The readings are in seeds/chess/dynamo.md. Each position is one of the
//! published examples (chessvariants.com's knight and rook, the Wikipedia article's rook and
//! queen, the vchess rules page's check and mate diagrams) or built to make one rule fire, its
//! answer reasoned from those rules before the engine was run. Moves are in the UCI-like form
//! of the seeds page: `from to`, then `/` and the other piece's `from to` (`x`: off the board).

use super::{check, Case, Want};
use crate::fen::parse_fen;
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "the start: a pawn pushed by the g1 knight (which stays or follows), slid by the f1 \
              bishop up to a6 or off, by the queen up to h5; the a1 rook can leave the board; the \
              king never leaves, no pawn moves diagonally to an empty square",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        want: Want::Some(
            &[
                "e2e4",
                "g1g1/e2c3",
                "g1e2/e2c3",
                "f1f1/e2a6",
                "f1f1/e2x",
                "f1a6/e2x",
                "d1d1/e2h5",
                "d1e2/e2f3",
                "b1d2/d2f3",
                "e1e1/d2c3",
                "e1d2/d2c3",
                "a1x",
            ],
            &["e2d3", "e1x", "e2e2/e3e4", "f1e2/e2e3"],
        ),
    },
    Case {
        why: "chessvariants.com's knight on a1 pushing the piece on b3 to c5 (staying or following), \
              its pull over the edge, its step and its exit",
        fen: "4k3/8/8/8/8/1n6/8/N3K3 w - - 0 1",
        want: Want::From("a1", &["a1c2", "a1x", "a1a1/b3c5", "a1b3/b3c5", "a1x/b3a1"]),
    },
    Case {
        why: "a rook pushes the first piece ahead any distance on, or off, and follows it short of \
              its landing; leaving the board downwards it pulls the bishop down after it (not to \
              a5, where the bishop would check the white king)",
        fen: "4k3/8/b7/8/8/8/8/R3K3 w - - 0 1",
        want: Want::Some(
            &[
                "a1a1/a6a7",
                "a1a6/a6a7",
                "a1a3/a6a8",
                "a1a7/a6a8",
                "a1a1/a6x",
                "a1a8/a6x",
                "a1a5",
                "a1x/a6x",
                "a1x/a6a1",
                "a1x/a6a4",
            ],
            &[
                "a1a7/a6a7",
                "a1a8/a6a8",
                "a1a6",
                "a1a1/a6a6",
                "a1a2/a6a1",
                "a1x/a6a5",
                "a1a1/a6a5",
            ],
        ),
    },
    Case {
        why: "the Wikipedia rook on h3 pulling the queen on h6 as it moves away, or standing; both \
              over the edge; a queen pulled to h4 or h1 would check the white king, so not those",
        fen: "4k3/8/7q/8/8/7R/8/4K3 w - - 0 1",
        want: Want::Some(
            &[
                "h3h2/h6h3",
                "h3h1/h6h2",
                "h3h3/h6h5",
                "h3x/h6x",
                "h3x/h6h2",
                "h3h2/h6h5",
            ],
            &["h3h2/h6h4", "h3x/h6h1", "h3h3/h6h4", "h3h3/h6h3", "h3h2/h6h2"],
        ),
    },
    Case {
        why: "a bishop in the open leaves the board by any of four diagonals: one move",
        fen: "4k3/8/8/3B4/8/8/8/4K3 w - - 0 1",
        want: Want::From(
            "d5",
            &[
                "d5e6", "d5f7", "d5g8", "d5c6", "d5b7", "d5a8", "d5e4", "d5f3", "d5g2", "d5h1", "d5c4", "d5b3", "d5a2",
                "d5x",
            ],
        ),
    },
    Case {
        why: "a king in the corner steps but never leaves the board",
        fen: "4k3/8/8/8/8/8/8/K7 w - - 0 1",
        want: Want::From("a1", &["a1a2", "a1b1", "a1b2"]),
    },
    Case {
        why: "a king pushes the piece it touches one step on (staying or following) and pulls it by \
              stepping away",
        fen: "4k3/8/8/3n4/3K4/8/8/8 w - - 0 1",
        want: Want::From(
            "d4",
            &[
                "d4c3",
                "d4c4",
                "d4c5",
                "d4d3",
                "d4e3",
                "d4e4",
                "d4e5",
                "d4d4/d5d6",
                "d4d5/d5d6",
                "d4d3/d5d4",
            ],
        ),
    },
    Case {
        why: "a pawn pushes a friend straight ahead and an enemy along a diagonal it attacks, \
              staying or following, and pulls nothing",
        fen: "4k3/8/8/3bNn2/4P3/8/8/4K3 w - - 0 1",
        want: Want::From(
            "e4",
            &[
                "e4e4/e5e6",
                "e4e5/e5e6",
                "e4e4/d5c6",
                "e4d5/d5c6",
                "e4e4/f5g6",
                "e4f5/f5g6",
            ],
        ),
    },
    Case {
        why: "a pawn never pushes an enemy straight ahead nor a friend on its diagonal",
        fen: "4k3/8/8/3Bn3/4P3/8/8/4K3 w - - 0 1",
        want: Want::From("e4", &[]),
    },
    Case {
        why: "a pawn pushes an enemy on its diagonal off the board",
        fen: "4k3/8/8/8/8/7n/6P1/4K3 w - - 0 1",
        want: Want::From("g2", &["g2g3", "g2g4", "g2g2/h3x", "g2h3/h3x"]),
    },
    Case {
        why: "a pawn pushed onto its last rank promotes (the mover names the piece); the new queen \
              checks along the eighth rank",
        fen: "4k3/P7/8/8/8/8/8/R3K3 w - - 0 1",
        want: Want::After("a1a1/a7a8q", "Q3k3/8/8/8/8/8/8/R3K3 b - - 1 1", "none"),
    },
    Case {
        why: "an enemy pawn pushed onto its own last rank promotes too, to what the mover names; \
              the push must name one (a queen or rook there would check the white king)",
        fen: "4k3/1R6/8/8/8/8/1p6/4K3 w - - 0 1",
        want: Want::Some(
            &["b7b7/b2b1n", "b7b2/b2b1b", "b7b1/b2x", "b7b7/b2x"],
            &["b7b7/b2b1", "b7b7/b2b1q", "b7b2/b2b1r"],
        ),
    },
    Case {
        why: "the knight on b1 made a black knight",
        fen: "4k3/1R6/8/8/8/8/1p6/4K3 w - - 0 1",
        want: Want::After("b7b7/b2b1n", "4k3/1R6/8/8/8/8/8/1n2K3 b - - 1 1", "none"),
    },
    Case {
        why: "a pawn pulled onto its last rank by a knight leaving the board promotes; as a queen or \
              rook on a1 it would check the white king along the first rank",
        fen: "4k3/8/8/8/8/1p6/8/N3K3 w - - 0 1",
        want: Want::Some(&["a1x/b3a1n", "a1x/b3a1b"], &["a1x/b3a1", "a1x/b3a1q", "a1x/b3a1r"]),
    },
    Case {
        why: "a pawn pushed onto its own first rank stays a pawn",
        fen: "2r1k3/8/8/8/8/8/2P5/4K3 b - - 0 1",
        want: Want::After("c8c8/c2c1", "2r1k3/8/8/8/8/8/8/2P1K3 w - - 1 2", "none"),
    },
    Case {
        why: "a pawn on its first rank steps one square, never two",
        fen: "4k3/8/8/8/8/8/8/2P1K3 w - - 0 1",
        want: Want::From("c1", &["c1c2"]),
    },
    Case {
        why: "the vchess check: the a4 queen can leave the board pulling the d7 king with it; a \
              block or a king step answers it, a pawn move elsewhere does not",
        fen: "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b KQ - 0 1",
        want: Want::Some(&["c7c6", "b7b5", "b8c6", "d7e6"], &["h7h6", "g8f6", "a7a6"]),
    },
    Case {
        why: "the vchess dynamo mate: pushing the g4 queen does not help, every flight square can \
              be pushed off",
        fen: "8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1",
        want: Want::Over("white", "checkmate"),
    },
    Case {
        why: "stalemate: the h8 king is not in check and every square it can step to is",
        fen: "7k/8/6Q1/8/8/8/8/K7 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "a knight checks by threatening to push the king off; d2, a chess-attacked square, is \
              safe (the push would land the king on b1)",
        fen: "4k3/8/8/8/8/5n2/8/4K3 w - - 0 1",
        want: Want::Moves(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    },
    Case {
        why: "a rook on the king's rank is no check when the h1 rook stops the push and the a1 \
              knight the pull: castling stands (in chess the king would be in check)",
        fen: "4k3/8/8/8/8/8/8/Nr2K2R w K - 0 1",
        want: Want::Some(&["e1g1", "e1d1"], &[]),
    },
    Case {
        why: "castling through dynamo check is refused: a king on f1 would be pushed off by the f8 rook",
        fen: "5rk1/8/8/8/8/8/8/4K2R w K - 0 1",
        want: Want::Some(&["e1d1"], &["e1g1"]),
    },
    Case {
        why: "a rook that pushes, even standing, loses its castling; the pushed-off rook takes its \
              side's with it; the clock restarts when a piece leaves the board",
        fen: "4k2r/8/8/8/8/8/8/4K2R b Kk - 0 1",
        want: Want::After("h8h8/h1x", "4k2r/8/8/8/8/8/8/4K3 w - - 0 2", "none"),
    },
    Case {
        why: "a piece never pushes its own king off the board, but may push it along",
        fen: "8/7k/8/8/8/2Q5/1K6/8 w - - 0 1",
        want: Want::Some(&["c3c3/b2a1", "c3b2/b2a1"], &["c3c3/b2x"]),
    },
    Case {
        why: "a double step leaves no en passant square",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        want: Want::After(
            "e2e4",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "none",
        ),
    },
    Case {
        why: "the seventy-five-move rule: the 150th quiet half-move draws",
        fen: "4k3/8/8/8/8/8/8/R3K3 w - - 149 80",
        want: Want::After("a1a2", "4k3/8/8/8/8/8/R7/4K3 b - - 150 80", "draw"),
    },
    Case {
        why: "a piece pushed off the board restarts the clock, and the game goes on",
        fen: "4k3/8/8/8/8/8/n7/R3K3 w - - 149 80",
        want: Want::After("a1a1/a2x", "4k3/8/8/8/8/8/8/R3K3 b - - 0 80", "none"),
    },
];

#[test]
fn dynamo_hand_built_positions() {
    check(Variant::Dynamo, CASES, 20);
}

#[test]
fn dynamo_refuses_en_passant_and_reads_first_rank_pawns() {
    let err = parse_fen(
        Variant::Dynamo,
        "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
    )
    .err()
    .unwrap_or_default();
    assert!(err.contains("en passant"), "{err}");
    assert!(parse_fen(Variant::Dynamo, "4k3/8/8/8/8/8/8/2P1K3 w - - 0 1").is_ok());
    assert!(parse_fen(Variant::Standard, "4k3/8/8/8/8/8/8/2P1K3 w - - 0 1").is_err());
    assert!(parse_fen(Variant::Dynamo, "2P1k3/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
}
