//! Chessence: men move as rooks, bishops or knights by the friendly men next to them or a
//! knight's move away; kings never move; reserve men enter on their side's start cells; no
//! legal move loses. Readings in seeds/chess/chessence.md. Each position built to make one
//! rule fire, its answer reasoned from those rules before the engine was run.

use super::{check, Case, Want};
use crate::variant::Variant;

const START: &str = "kp4/ppp2*/1pp1*1/2*3/1*2*1/3*2/1*1PP1/*2PPP/4PK[PPPppp] w - - 0 1";

const CASES: &[Case] = &[
    Case {
        why: "the start: d2 7, d3 11, e1 6, e2 2, e3 3, f2 7, no entry (every start cell is taken)",
        fen: START,
        want: Want::Moves(&[
            "d2d1", "d2c2", "d2b2", "d2c3", "d2b4", "d2a5", "d2c1", "d3c3", "d3e4", "d3f5", "d3c4", "d3c2", "d3b1",
            "d3b2", "d3b4", "d3c1", "d3c5", "d3f4", "e1d1", "e1c1", "e1b1", "e1a1", "e1c2", "e1f3", "e2f3", "e2d1",
            "e3e4", "e3f3", "e3f4", "f2f3", "f2f4", "f2f5", "f2f6", "f2f7", "f2d1", "f2e4",
        ]),
    },
    Case {
        why: "the king never moves",
        fen: START,
        want: Want::From("f1", &[]),
    },
    Case {
        why: "black's c7 at the start mirrors white's d3: rook, bishop and knight, eleven moves",
        fen: "kp4/ppp2*/1pp1*1/2*3/1*2*1/3*2/1*1PP1/*2PPP/4PK[PPPppp] b - - 0 1",
        want: Want::From(
            "c7",
            &[
                "c7d7", "c7b6", "c7a5", "c7d6", "c7d8", "c7e9", "c7e8", "c7e6", "c7d9", "c7d5", "c7a6",
            ],
        ),
    },
    Case {
        why: "two men side by side both move as rooks; slides stop before the holes d4, c6, b5",
        fen: "k5/5*/p3*1/2*3/1*P1*1/2P*2/1*4/*5/5K[] w - - 0 1",
        want: Want::Moves(&["c4c3", "c4c2", "c4c1", "c4b4", "c4a4", "c5d5"]),
    },
    Case {
        why: "two men corner to corner both move as bishops; c3's north-east diagonal starts at the hole d4",
        fen: "k5/5*/p3*1/2*3/1*2*1/3*2/1*P3/*P4/5K[] w - - 0 1",
        want: Want::Moves(&["b2a3", "b2c1", "b2a1", "c3b4", "c3a5", "c3d2", "c3e1"]),
    },
    Case {
        why: "two men a knight's move apart both move as knights, never onto a hole (a2, b3, e5)",
        fen: "k5/5*/p3*1/2*3/1*2*1/3*2/1*1P2/*5/2P2K[] w - - 0 1",
        want: Want::Moves(&["c1e2", "d3b2", "d3b4", "d3c5", "d3e1", "d3f2", "d3f4"]),
    },
    Case {
        why: "a rook boxed in by a hole: a1 is a rook but a2 is a hole and b1 a friend",
        fen: "k5/5*/p3*1/2*3/1*2*1/3*2/1*4/*5/PP3K[] w - - 0 1",
        want: Want::Moves(&["b1b2", "b1c1", "b1d1", "b1e1"]),
    },
    Case {
        why: "the king gives no power: e1 beside its king and a4 alone cannot move, so white loses",
        fen: "k5/5*/p3*1/2*3/1*2*1/P2*2/1*4/*5/4PK[] w - - 0 1",
        want: Want::Over("black", "no legal move"),
    },
    Case {
        why: "a lone man cannot move; with no reserve white has no move and loses (stalemate loses)",
        fen: "k4p/5*/4*1/2*3/1*2*1/2P*2/1*4/*5/5K[] w - - 0 1",
        want: Want::Over("black", "no legal move"),
    },
    Case {
        why: "enemy men give no power: c4 stands next to two black men and still cannot move",
        fen: "k5/5*/4*1/2*3/1*pp*1/2P*2/1*4/*5/5K[] w - - 0 1",
        want: Want::Over("black", "no legal move"),
    },
    Case {
        why: "a bare king with an empty reserve has no move and loses",
        fen: "k5/5*/p3*1/2*3/1*2*1/3*2/1*4/*5/5K[] w - - 0 1",
        want: Want::Over("black", "no legal move"),
    },
    Case {
        why: "a capture as in chess: the man is gone for good, the reserve unchanged",
        fen: "kp4/5*/4*1/2*3/1*P1*1/2P*2/1*4/*5/2p2K[p] w - - 0 1",
        want: Want::After("c4c1", "kp4/5*/4*1/2*3/1*P1*1/3*2/1*4/*5/2P2K[p] b - - 0 1", "none"),
    },
    Case {
        why: "check along the a-file: block with b7a7 or by entering a man on a8",
        fen: "k5/5*/1pp1*1/2*3/P*2*1/P2*2/1*4/*5/5K[p] b - - 0 1",
        want: Want::Moves(&["b7a7", "P@a8"]),
    },
    Case {
        why: "the same check with no reserve and no block: checkmate",
        fen: "k3pp/5*/4*1/2*3/P*2*1/P2*2/1*4/*5/5K[] b - - 0 1",
        want: Want::Over("white", "checkmate"),
    },
    Case {
        why: "a knight's check lives on its partner: take the checker b7 or its partner a5",
        fen: "k5/pp3*/1P2*1/2*3/P*2*1/3*2/1*4/*5/5K[] b - - 0 1",
        want: Want::Moves(&["a8a5", "b8b7"]),
    },
    Case {
        why: "a pinned man: a8 may slide down the a-file but not jump to b6 and open it",
        fen: "k5/pp3*/2p1*1/2*3/P*2*1/P2*2/1*4/*5/5K[] b - - 0 1",
        want: Want::Some(&["a8a7", "a8a6", "a8a5"], &["a8b6"]),
    },
    Case {
        why: "taking d1's partner ends its check on f1 and leaves black no move: white wins",
        fen: "k5/5*/4*1/2*3/1*P1*1/2P*2/1*4/*5/2pp1K[] w - - 0 1",
        want: Want::After("c4c1", "k5/5*/4*1/2*3/1*P1*1/3*2/1*4/*5/2Pp1K[] b - - 0 1", "white"),
    },
    Case {
        why: "a reserve man enters on the start cell d3 that is free, nowhere else",
        fen: "kp4/ppp2*/1pp1*1/2*3/1*2*1/3*2/1*P1P1/*2PPP/4PK[PPPppp] w - - 0 1",
        want: Want::Some(&["P@d3"], &["P@c4", "P@d1", "P@a1"]),
    },
    Case {
        why: "no men in reserve, no entry",
        fen: "kp4/ppp2*/1pp1*1/2*3/1*2*1/3*2/1*P1P1/*2PPP/4PK[ppp] w - - 0 1",
        want: Want::Some(&["c3b4"], &["P@d3"]),
    },
    Case {
        why: "black enters on its own start cell b7, never on white's f2",
        fen: "kp4/ppp2*/2pp*1/2*3/1*2*1/3*2/1*1PP1/*2PP1/4PK[Pp] b - - 0 1",
        want: Want::Some(&["P@b7"], &["P@f2", "P@d6"]),
    },
    Case {
        why: "a lone man and one in reserve: the only moves are the six entries",
        fen: "k5/5*/p3*1/2*3/1*2*1/3*2/1*4/*5/3P1K[P] w - - 0 1",
        want: Want::Moves(&["P@d2", "P@d3", "P@e1", "P@e2", "P@e3", "P@f2"]),
    },
    Case {
        why: "the entry spends the reserve; black's lone a7 then has no move and loses",
        fen: "k5/5*/p3*1/2*3/1*2*1/3*2/1*4/*5/3P1K[P] w - - 0 1",
        want: Want::After("P@e2", "k5/5*/p3*1/2*3/1*2*1/3*2/1*4/*3P1/3P1K[] b - - 0 1", "white"),
    },
    Case {
        why: "a plain move: the halfmove clock counts on (black, with a man in reserve, plays on)",
        fen: "k5/5*/p3*1/2*3/1*P1*1/2P*2/1*4/*5/5K[Pp] w - - 3 9",
        want: Want::After("c4a4", "k5/5*/p3*1/2*3/1*P1*1/P2*2/1*4/*5/5K[Pp] b - - 4 9", "none"),
    },
];

#[test]
fn chessence_positions() {
    check(Variant::Chessence, CASES, 20);
}
