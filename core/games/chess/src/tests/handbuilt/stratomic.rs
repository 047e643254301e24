//! Stratomic (Montay-Marsais, 1972): each position built to make one rule of
//! seeds/chess/stratomic.md fire, its answer reasoned from those rules before the engine was
//! run. A launch is written `Ua2@e9` (the nuclea's square, `@`, the target), castling as the
//! king's two-square step (`f2h2`), a promotion to a nuclea with `u`.

use super::{check, Case, Want};
use crate::variant::Variant;

/// A lone white nuclea on a2 beside its king's rank, nothing taken yet.
const LONE_NUCLEA: &str = "10/4k5/10/10/10/10/10/10/U4K4/10 w - - 0 1";
/// The same once a piece other than a pawn has been taken.
const LONE_NUCLEA_ARMED: &str = "10/4k5/10/10/10/10/10/10/U4K4/10 w - - (armed) 0 1";
/// Castling on the second rank, the nuclea beside the rooks.
const CASTLING: &str = "10/u3k4u/10/10/10/10/10/10/UR3K2RU/10 w KQ - 0 1";

const CASES: &[Case] = &[
    Case {
        why: "the start: ten pawns step one or two, knights, bishops, queen, king, rooks and nuclea may drop to the empty first rank",
        fen: crate::fairy::stratomic::START,
        want: Want::Moves(&[
            "a3a4", "a3a5", "b3b4", "b3b5", "c3c4", "c3c5", "d3d4", "d3d5", "e3e4", "e3e5", "f3f4", "f3f5", "g3g4",
            "g3g5", "h3h4", "h3h5", "i3i4", "i3i5", "j3j4", "j3j5", "c2a1", "c2e1", "c2b4", "c2d4", "h2f1", "h2j1",
            "h2g4", "h2i4", "a2a1", "a2b1", "j2j1", "j2i1", "f2e1", "f2f1", "f2g1", "e2d1", "e2e1", "e2f1", "b2b1",
            "i2i1", "d2c1", "d2e1", "g2f1", "g2h1",
        ]),
    },
    Case {
        why: "before any piece but a pawn is taken, a nuclea only steps as a king",
        fen: LONE_NUCLEA,
        want: Want::Some(&["a2a1", "a2b1", "a2a3", "a2b3", "a2b2"], &["Ua2@e9", "Ua2@a2", "Ua2@b3"]),
    },
    Case {
        why: "once armed, a nuclea may be launched onto any square, its own and the enemy king's included",
        fen: LONE_NUCLEA_ARMED,
        want: Want::Some(&["Ua2@a2", "Ua2@j10", "Ua2@e9", "Ua2@b3", "a2b3"], &[]),
    },
    Case {
        why: "a nuclea attacked by an enemy piece (a knight) may not be launched, only step",
        fen: "10/4k5/10/10/10/10/10/2n7/U4K4/10 w - - (armed) 0 1",
        want: Want::Some(&["a2a1", "a2b2"], &["Ua2@e9", "Ua2@a2"]),
    },
    Case {
        why: "an enemy nuclea beside it attacks it as a king would: no launch, but it may take",
        fen: "10/4k5/10/10/10/10/10/1u8/U4K4/10 w - - (armed) 0 1",
        want: Want::Some(&["a2b3"], &["Ua2@e5", "Ua2@b3"]),
    },
    Case {
        why: "a nuclea steps and takes as a king: not onto its own pawn",
        fen: "10/4k5/10/10/4p5/4U5/3P6/10/5K4/10 w - - 0 1",
        want: Want::From("e5", &["e5d6", "e5e6", "e5f6", "e5d5", "e5f5", "e5e4", "e5f4"]),
    },
    Case {
        why: "a launch blows away every piece on the target and around it, the nuclea itself too; the king survives",
        fen: "10/3rkq4/4p5/3P6/10/10/10/10/U5K3/10 w - - (armed) 0 1",
        want: Want::After("Ua2@e9", "10/4k5/10/3P6/10/10/10/10/6K3/10 b - - (armed) 0 1", "none"),
    },
    Case {
        why: "a launch onto one's own king destroys one's own men around it; bare kings are then a draw",
        fen: "10/4k5/10/10/10/10/10/5PP3/U4NK3/10 w - - (armed) 0 1",
        want: Want::After("Ua2@g2", "10/4k5/10/10/10/10/10/10/6K3/10 b - - (armed) 0 1", "draw"),
    },
    Case {
        why: "in check from a rook, a launch answers only if its blast takes the rook",
        fen: "10/4k5/10/10/10/10/10/10/U4K3r/10 w - - (armed) 0 1",
        want: Want::Some(
            &["Ua2@j2", "Ua2@i3", "Ua2@i1", "Ua2@j3"],
            &["Ua2@h2", "Ua2@g2", "Ua2@e5", "a2b2"],
        ),
    },
    Case {
        why: "a launch may not blow away the only piece shielding one's king, unless the attacker goes too",
        fen: "10/4k5/10/10/10/10/4r5/4B5/U3K5/10 w - - (armed) 0 1",
        want: Want::Some(&["Ua2@e3", "Ua2@d3", "Ua2@e1"], &["Ua2@e2", "Ua2@d2", "Ua2@f2"]),
    },
    Case {
        why: "a launch that strips the blocker gives mate: the rooks hold the tenth and ninth ranks",
        fen: "R3b4k/1R8/10/10/10/10/10/10/10/K1U7 w - - (armed) 0 1",
        want: Want::After("Uc1@e9", "R8k/1R8/10/10/10/10/10/10/10/K9 b - - (armed) 0 1", "white"),
    },
    Case {
        why: "a pawn promotes on the ninth rank, not the tenth, to any piece but a king, a nuclea included",
        fen: "10/4k5/P9/10/10/10/10/10/5K4/10 w - - 0 1",
        want: Want::From("a8", &["a8a9q", "a8a9r", "a8a9b", "a8a9n", "a8a9u"]),
    },
    Case {
        why: "promotion to a nuclea",
        fen: "10/4k5/P9/10/10/10/10/10/5K4/10 w - - 0 1",
        want: Want::After("a8a9u", "10/U3k5/10/10/10/10/10/10/5K4/10 b - - 0 1", "none"),
    },
    Case {
        why: "a pawn steps two from the third rank only",
        fen: "10/4k5/10/10/10/10/3P6/4P5/5K4/10 w - - 0 1",
        want: Want::Some(&["e3e4", "e3e5", "d4d5"], &["d4d6"]),
    },
    Case {
        why: "en passant after a black double step from the eighth rank; taking a pawn does not arm the launches",
        fen: "10/4k5/10/10/4Pp4/10/10/10/5K4/10 w - f7 0 2",
        want: Want::After("e6f7", "10/4k5/10/5P4/10/10/10/10/5K4/10 b - - 0 2", "none"),
    },
    Case {
        why: "taking a knight arms the launches for both sides",
        fen: "10/4k5/10/10/10/10/3n6/4P5/5K4/10 w - - 0 1",
        want: Want::After("e3d4", "10/4k5/10/10/10/10/3P6/10/5K4/10 b - - (armed) 0 1", "none"),
    },
    Case {
        why: "taking a pawn does not",
        fen: "10/4k5/10/10/10/10/3p6/4P5/5K4/10 w - - 0 1",
        want: Want::After("e3d4", "10/4k5/10/10/10/10/3P6/10/5K4/10 b - - 0 1", "none"),
    },
    Case {
        why: "a nuclea gives check as a king would; the king takes it, which arms the launches",
        fen: "10/4k5/10/10/10/10/10/10/4uK4/10 w - - 0 1",
        want: Want::After("f2e2", "10/4k5/10/10/10/10/10/10/4K5/10 b - - (armed) 0 1", "draw"),
    },
    Case {
        why: "a king may not step next to an enemy nuclea",
        fen: "10/4k5/10/10/10/10/10/3u6/10/5K4 w - - 0 1",
        want: Want::From("f1", &["f1e1", "f1g1", "f1f2", "f1g2"]),
    },
    Case {
        why: "castling on the second rank: the king from f2 two squares towards either rook",
        fen: CASTLING,
        want: Want::Some(&["f2h2", "f2d2"], &["f2i2", "f2b2"]),
    },
    Case {
        why: "short castling puts the rook on g2, the nuclea on j2 stays",
        fen: CASTLING,
        want: Want::After("f2h2", "10/u3k4u/10/10/10/10/10/10/UR4RK1U/10 b - - 1 1", "none"),
    },
    Case {
        why: "long castling puts the king on d2 and the rook on e2",
        fen: CASTLING,
        want: Want::After("f2d2", "10/u3k4u/10/10/10/10/10/10/U2KR3RU/10 b - - 1 1", "none"),
    },
    Case {
        why: "no castling across a square a rook attacks (g2), the other side still",
        fen: "10/4k5/10/10/6r3/10/10/10/UR3K2RU/10 w KQ - 0 1",
        want: Want::Some(&["f2d2"], &["f2h2"]),
    },
    Case {
        why: "checkmate in the corner of the 10x10 board",
        fen: "9k/8Q1/7K2/10/10/10/10/10/10/10 b - - 0 1",
        want: Want::Over("white", "checkmate"),
    },
    Case {
        why: "stalemate is a draw",
        fen: "9k/7Q2/10/10/10/10/10/10/10/K9 b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
];

#[test]
fn stratomic_hand_built_positions() {
    check(Variant::Stratomic, CASES, 20);
}
