//! Congo: the pieces' moves, the lion's castle and flying capture, the monkey's chains, the
//! river's drowning, the game's ends. Sources: Demian and Christian Freeling's rules
//! (mindsports.nl), the pbmserv rules page and seeds/chess/congo.md; each answer counted from
//! those rules by hand before the engine was run.

use super::{check, Case, Want};
use crate::variant::Variant;

const CASES: &[Case] = &[
    Case {
        why: "the start: giraffe a3 c3 (jumps), elephants c3 e3 (jumps), zebra f3, pawns 2+3*5+2",
        fen: "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w - - 0 1",
        want: Want::Moves(&[
            "a1a3", "a1c3", "c1c3", "e1e3", "g1f3", "a2a3", "a2b3", "b2a3", "b2b3", "b2c3", "c2b3", "c2c3", "c2d3",
            "d2c3", "d2d3", "d2e3", "e2d3", "e2e3", "e2f3", "f2e3", "f2f3", "f2g3", "g2f3", "g2g3",
        ]),
    },
    Case {
        why: "a lion on d2 reaches its whole castle, and the other lion up the open d-file",
        fen: "3l3/p6/7/7/7/3L3/7 w - - 0 1",
        want: Want::Moves(&["d2c1", "d2d1", "d2e1", "d2c2", "d2e2", "d2c3", "d2d3", "d2e3", "d2d7"]),
    },
    Case {
        why: "a lion on c3 may not step to the b-file or into the river",
        fen: "3l3/p6/7/7/2L4/7/7 w - - 0 1",
        want: Want::Moves(&["c3c2", "c3d2", "c3d3"]),
    },
    Case {
        why: "lions on c3 and e5 see each other across d4: the flying capture on the diagonal",
        fen: "7/p6/4l2/7/2L4/7/7 w - - 0 1",
        want: Want::Moves(&["c3c2", "c3d2", "c3d3", "c3e5"]),
    },
    Case {
        why: "a pawn on d4 blocks the diagonal; it takes the lion itself on e5 (pawns take forward)",
        fen: "7/p6/4l2/3P3/2L4/7/7 w - - 0 1",
        want: Want::Some(&["d4e5", "d4d5", "d4c5"], &["c3e5"]),
    },
    Case {
        why: "taking the lion wins at once; the pawn that left the river does not drown",
        fen: "7/p6/4l2/3P3/2L4/7/7 w - - 0 1",
        want: Want::After("d4e5", "7/p6/4P2/7/2L4/7/7 b - - 0 1", "white"),
    },
    Case {
        why: "the lion's flying capture ends the game",
        fen: "7/p6/4l2/7/2L4/7/7 w - - 0 1",
        want: Want::After("c3e5", "7/p6/4L2/7/7/7/7 b - - 0 1", "white"),
    },
    Case {
        why: "the zebra is a knight: not onto its own pawn (b2) or lion (c1), takes on f4",
        fen: "3l3/7/7/5p1/3Z3/1P5/2L4 w - - 0 1",
        want: Want::From("d3", &["d3b4", "d3c5", "d3e1", "d3e5", "d3f2", "d3f4"]),
    },
    Case {
        why: "the giraffe steps without taking (not d4) and jumps two, taking (d5 over d4)",
        fen: "4l2/7/3p3/3p3/3G3/7/2L4 w - - 0 1",
        want: Want::From(
            "d3",
            &[
                "d3c2", "d3c3", "d3c4", "d3d2", "d3e2", "d3e3", "d3e4", "d3b1", "d3b3", "d3b5", "d3d1", "d3d5", "d3f1",
                "d3f3", "d3f5",
            ],
        ),
    },
    Case {
        why: "the elephant: one or two squares orthogonally, jumping its own pawn, taking on f3",
        fen: "4l2/7/7/3P3/3E1p1/7/2L4 w - - 0 1",
        want: Want::From("d3", &["d3d5", "d3c3", "d3b3", "d3e3", "d3f3", "d3d2", "d3d1"]),
    },
    Case {
        why: "a crocodile on a1: king steps, and up the file as a rook into the river, no further",
        fen: "3l3/7/7/7/7/7/C2L3 w - - 0 1",
        want: Want::From("a1", &["a1a2", "a1b1", "a1b2", "a1a3", "a1a4"]),
    },
    Case {
        why: "a crocodile in the river slides along it (to f4, taking) but not up or down it",
        fen: "3l3/7/7/P1C2p1/7/7/3L3 w - - 0 1",
        want: Want::From(
            "c4",
            &[
                "c4b3", "c4b4", "c4b5", "c4c3", "c4c5", "c4d3", "c4d4", "c4d5", "c4e4", "c4f4",
            ],
        ),
    },
    Case {
        why: "black's crocodile on e6 slides down towards the river, not past it",
        fen: "3l3/4c2/7/7/7/7/3L3 b - - 0 1",
        want: Want::From("e6", &["e6d5", "e6d6", "e6e5", "e6e7", "e6f5", "e6f6", "e6f7", "e6e4"]),
    },
    Case {
        why: "a crocodile's slide stops at a piece: b2 blocks the b-file",
        fen: "3l3/7/7/7/7/1P5/1C1L3 w - - 0 1",
        want: Want::From("b1", &["b1a1", "b1a2", "b1c1", "b1c2"]),
    },
    Case {
        why: "the monkey steps without taking and takes by jumping: over c3 to b4",
        fen: "3l3/7/7/7/2p4/3M3/3L3 w - - 0 1",
        want: Want::From("d2", &["d2c1", "d2e1", "d2c2", "d2e2", "d2d3", "d2e3", "d2b4"]),
    },
    Case {
        why: "the monkey may stop after one jump (b5) or go on over b6 to b7",
        fen: "3l3/1p5/7/2p4/3M3/7/3L3 w - - 0 1",
        want: Want::From(
            "d3",
            &["d3c2", "d3d2", "d3e2", "d3c3", "d3e3", "d3d4", "d3e4", "d3b5", "d3b5b7"],
        ),
    },
    Case {
        why: "the pieces a chain jumped leave the board when it ends",
        fen: "3l3/1p5/7/2p4/3M3/7/3L3 w - - 0 1",
        want: Want::After("d3b5b7", "1M1l3/7/7/7/7/7/3L3 b - - 0 1", "none"),
    },
    Case {
        why: "taking the lion ends the chain: no going on over f6 to g6",
        fen: "7/5p1/3l3/2M4/7/7/3L3 w - - 0 1",
        want: Want::Some(&["c4e6"], &["c4e6g6"]),
    },
    Case {
        why: "the monkey that took the lion wins; it left the river, so it is safe too",
        fen: "7/5p1/3l3/2M4/7/7/3L3 w - - 0 1",
        want: Want::After("c4e6", "7/4Mp1/7/7/7/7/3L3 b - - 0 1", "white"),
    },
    Case {
        why: "no jump over a friend (b3), nor onto a taken square (c4 beyond c3)",
        fen: "3l3/7/7/2p4/1Pp4/2M4/3L3 w - - 0 1",
        want: Want::From("c2", &["c2b1", "c2c1", "c2b2", "c2d2", "c2d3"]),
    },
    Case {
        why: "a pawn steps or takes straight or diagonally forward: takes c3, not onto its d3 friend",
        fen: "3l3/7/7/7/2pP3/2P4/3L3 w - - 0 1",
        want: Want::From("c2", &["c2b3", "c2c3"]),
    },
    Case {
        why: "past the river a pawn may also go one or two squares straight back",
        fen: "3l3/7/3P3/7/7/7/3L3 w - - 0 1",
        want: Want::From("d5", &["d5c6", "d5d6", "d5e6", "d5d4", "d5d3"]),
    },
    Case {
        why: "the way back is not jumped: a friend on d4 stops both",
        fen: "3l3/7/3P3/3P3/7/7/3L3 w - - 0 1",
        want: Want::From("d5", &["d5c6", "d5d6", "d5e6"]),
    },
    Case {
        why: "a pawn in the river is not past it: forward only",
        fen: "3l3/7/7/3P3/7/7/3L3 w - - 0 1",
        want: Want::From("d4", &["d4c5", "d4d5", "d4e5"]),
    },
    Case {
        why: "a pawn reaching the last rank becomes a superpawn (also taking the lion on d7)",
        fen: "3l3/2P4/7/7/7/7/3L3 w - - 0 1",
        want: Want::From("c6", &["c6b7s", "c6c7s", "c6d7s", "c6c5", "c6c4"]),
    },
    Case {
        why: "promotion puts a superpawn on c7",
        fen: "3l3/2P4/7/7/7/7/3L3 w - - 0 1",
        want: Want::After("c6c7s", "2Sl3/7/7/7/7/7/3L3 b - - 0 1", "none"),
    },
    Case {
        why: "the superpawn: forward and sideways, and one or two back straight or diagonally",
        fen: "3l3/7/3S3/7/7/7/3L3 w - - 0 1",
        want: Want::From(
            "d5",
            &[
                "d5c6", "d5d6", "d5e6", "d5c5", "d5e5", "d5d4", "d5d3", "d5c4", "d5b3", "d5e4", "d5f3",
            ],
        ),
    },
    Case {
        why: "a giraffe left in the river drowns when its side moves another piece",
        fen: "3l3/7/7/1G5/7/7/3L3 w - - 0 1",
        want: Want::After("d1d2", "3l3/7/7/7/7/3L3/7 b - - 0 1", "none"),
    },
    Case {
        why: "moving along the river is staying in it: the giraffe drowns on d4",
        fen: "3l3/7/7/1G5/7/7/3L3 w - - 0 1",
        want: Want::After("b4d4", "3l3/7/7/7/7/7/3L3 b - - 0 1", "none"),
    },
    Case {
        why: "leaving the river saves the giraffe",
        fen: "3l3/7/7/1G5/7/7/3L3 w - - 0 1",
        want: Want::After("b4b6", "3l3/1G5/7/7/7/7/3L3 b - - 1 1", "none"),
    },
    Case {
        why: "a crocodile never drowns",
        fen: "3l3/7/7/C6/7/7/3L3 w - - 0 1",
        want: Want::After("d1d2", "3l3/7/7/C6/7/3L3/7 b - - 1 1", "none"),
    },
    Case {
        why: "a piece entering the river is safe until its side's next move",
        fen: "3l3/7/7/7/1G5/7/3L3 w - - 0 1",
        want: Want::After("b3b4", "3l3/7/7/1G5/7/7/3L3 b - - 1 1", "none"),
    },
    Case {
        why: "black's pawn in the river drowns when black moves its lion",
        fen: "3l3/7/7/3p3/7/7/2L4 b - - 0 1",
        want: Want::After("d7e7", "4l2/7/7/7/7/7/2L4 w - - 0 2", "draw"),
    },
    Case {
        why: "a side without its lion has lost",
        fen: "7/7/7/7/7/7/3L3 b - - 0 1",
        want: Want::Over("white", "lion"),
    },
    Case {
        why: "only the two lions, not on one open line: a draw",
        fen: "3l3/7/7/7/7/7/2L4 w - - 0 1",
        want: Want::Over("draw", "lions"),
    },
    Case {
        why: "only the two lions, facing on the open d-file: the side to move may take",
        fen: "3l3/7/7/7/7/7/3L3 w - - 0 1",
        want: Want::Moves(&["d1c1", "d1e1", "d1c2", "d1d2", "d1e2", "d1d7"]),
    },
    Case {
        why: "a side with no move loses (no stalemate): white's monkeys fill the board",
        fen: "MMMlMMM/MMMMMMM/MMMMMMM/MMMMMMM/MMMMMMM/MMMMMMM/MMLMMMM w - - 0 1",
        want: Want::Over("black", "no move"),
    },
];

#[test]
fn congo_hand_built_positions() {
    check(Variant::Congo, CASES, 20);
}
