//! Hostage chess (John Leslie, 1997): each position built to make one rule of
//! seeds/chess/hostage.md fire, or taken from the Wikipedia article's examples, its answer
//! reasoned from those rules before the engine was run. An exchange is written `N-B@f7` (the
//! prisoner given, the man released, the square), an airfield drop `N@f7`.

use super::{check, Case, Want};
use crate::variant::Variant;

/// The Fried Liver line of the article after 8...Qxd5: White holds n, p, p; Black holds B, N, P.
const FRIED_LIVER: &str = "r1b2b1r/ppp3pp/2n1k3/3qp3/8/5Q2/PPPP1PPP/RNB1K2R[] w KQ - (BNPnpp) 0 9";
/// After 9.(N-B)B*f7+: the black knight given waits in Black's airfield.
const AFTER_EXCHANGE: &str = "r1b2b1r/ppp2Bpp/2n1k3/3qp3/8/5Q2/PPPP1PPP/RNB1K2R[n] b KQ - (NPpp) 1 9";

const CASES: &[Case] = &[
    Case {
        why: "the article's 9.(N-B)B*f7+: the black knight goes to Black's airfield, the bishop drops with check",
        fen: FRIED_LIVER,
        want: Want::After("N-B@f7", AFTER_EXCHANGE, "none"),
    },
    Case {
        why: "a prisoner of equal or greater value buys a man back: a knight for the bishop, not a pawn",
        fen: FRIED_LIVER,
        want: Want::Some(
            &["N-B@f7", "N-N@a6", "N-P@a3", "P-P@a3"],
            &["P-B@f7", "P-N@a6", "P-P@a1", "N-P@h8"],
        ),
    },
    Case {
        why: "after the exchange Black is in check; an airfield drop cannot block a bishop next to the king",
        fen: AFTER_EXCHANGE,
        want: Want::Some(&["e6e7", "e6d6"], &["N@d6", "N@e5", "e6f7"]),
    },
    Case {
        why: "the value order: queen over rook over bishop and knight (equal) over pawn",
        fen: "4k3/8/8/8/8/8/8/4K3[] w - - (QRBNPqrbnp) 0 1",
        want: Want::Some(
            &[
                "Q-Q@d4", "Q-R@d4", "R-R@d4", "N-B@d4", "B-N@d4", "R-B@d4", "Q-P@d4", "P-P@d4",
            ],
            &["R-Q@d4", "B-R@d4", "N-R@d4", "P-N@d4", "P-B@d4"],
        ),
    },
    Case {
        why: "an exchange: the rook given goes to Black's airfield, the knight released drops on d4",
        fen: "4k3/8/8/8/8/8/8/4K3[] w - - (Nr) 0 1",
        want: Want::After("R-N@d4", "4k3/8/8/8/3N4/8/8/4K3[r] b - - 1 1", "none"),
    },
    Case {
        why: "a man in one's airfield drops on any empty square instead of a move",
        fen: "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
        want: Want::Some(&["N@a1", "N@h8", "N@e2", "e1d1"], &["N@e1", "N@e8"]),
    },
    Case {
        why: "a pawn is never dropped on the first or last rank",
        fen: "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1",
        want: Want::Some(&["P@a2", "P@h7", "P@d4"], &["P@a1", "P@h8", "P@d8"]),
    },
    Case {
        why: "a pawn dropped on its second rank may step two, as from its home",
        fen: "4k3/8/8/8/8/8/3P4/4K3[] w - - 0 1",
        want: Want::From("d2", &["d2d3", "d2d4"]),
    },
    Case {
        why: "a pawn promotes only to a piece of its side held by the opponent: here the rook",
        fen: "4k3/P7/8/8/8/8/8/4K3[] w - - (Rn) 0 1",
        want: Want::From("a7", &["a7a8r"]),
    },
    Case {
        why: "with none of its pieces held, a pawn on the seventh cannot move onto the last rank",
        fen: "4k3/P7/8/8/8/8/8/4K3[] w - - (n) 0 1",
        want: Want::From("a7", &[]),
    },
    Case {
        why: "the promoted rook comes out of Black's prison and the pawn goes in (check, not mate)",
        fen: "4k3/P7/8/8/8/8/8/4K3[] w - - (Rn) 0 1",
        want: Want::After("a7a8r", "R3k3/8/8/8/8/8/8/4K3[] b - - (Pn) 0 1", "none"),
    },
    Case {
        why: "a pawn on the seventh that cannot promote does not attack the last rank: no check",
        fen: "2k5/1P6/8/8/8/8/8/4K3[] b - - (p) 0 1",
        want: Want::Moves(&["c8b8", "c8d8", "c8b7", "c8c7", "c8d7"]),
    },
    Case {
        why: "the article's rule: Black may not take the queen, since a held queen lets b7 promote and check",
        fen: "2k3r1/1P6/8/8/8/8/6Q1/4K3[] b - - 0 1",
        want: Want::Some(&["g8g3", "g8f8", "c8d8"], &["g8g2", "c8b7"]),
    },
    Case {
        why: "with a white rook held the pawn checks; giving the rook away in an exchange ends the check",
        fen: "2k5/1P6/8/8/8/8/8/4K3[] b - - (Rp) 0 1",
        want: Want::Some(&["R-P@d5", "c8d7"], &[]),
    },
    Case {
        why: "castling passes f8, which the g7 pawn attacks only while it could promote (it cannot)",
        fen: "4k2r/6P1/8/8/8/8/8/4K3[] b k - 0 1",
        want: Want::Some(&["e8g8"], &[]),
    },
    Case {
        why: "the same with a white rook held: f8 is attacked and castling is refused",
        fen: "4k2r/6P1/8/8/8/8/8/4K3[] b k - (R) 0 1",
        want: Want::Some(&["e8f7"], &["e8g8"]),
    },
    Case {
        why: "a rook dropped on its corner does not regain castling (the reading chosen)",
        fen: "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1",
        want: Want::After("R@h1", "4k3/8/8/8/8/8/8/4K2R[] b - - 1 1", "none"),
    },
    Case {
        why: "a captured queen goes to the captor's prison as a queen",
        fen: "3Qk3/8/8/8/8/8/8/4K3[] b - - 0 1",
        want: Want::After("e8d8", "3k4/8/8/8/8/8/8/4K3[] w - - (Q) 0 2", "none"),
    },
    Case {
        why: "mate by an airfield drop beside the king",
        fen: "k7/8/1K6/8/8/8/8/8[Q] w - - 0 1",
        want: Want::After("Q@b7", "k7/1Q6/1K6/8/8/8/8/8[] b - - 1 1", "white"),
    },
    Case {
        why: "stalemate is a draw",
        fen: "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1",
        want: Want::Over("draw", "stalemate"),
    },
    Case {
        why: "no stalemate while a man waits in the airfield",
        fen: "k7/8/1Q6/8/8/8/8/4K3[p] b - - 0 1",
        want: Want::Some(&["P@d4"], &["P@d1"]),
    },
    Case {
        why: "bare kings and nothing held: a dead position",
        fen: "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        want: Want::Over("draw", "insufficient"),
    },
    Case {
        why: "bare kings with prisoners play on (Black can buy its pawn back)",
        fen: "4k3/8/8/8/8/8/8/4K3[] w - - (Np) 0 1",
        want: Want::After("e1d1", "4k3/8/8/8/8/8/8/3K4[] b - - (Np) 1 1", "none"),
    },
];

#[test]
fn hostage_hand_built_positions() {
    check(Variant::Hostage, CASES, 20);
}
