//! The boards of the variants played on other cells than the 8x8 square: each one's shape as
//! data (size, holes, pawn homes), its geometry built once, and its start position. It holds
//! no rules beyond the board.

use std::sync::OnceLock;

use super::geometry::Geometry;
use super::shape::Shape;

/// Balbo's board: ten ranks of 3, 5, 7, 9, 11, 11, 9, 7, 5 and 3 cells, each centred on the
/// f-file of an 11x10 grid (the other grid squares are holes): 70 cells. White's pawns start
/// on c3 to i3 and black's on c8 to i8, and may step two from there.
pub fn balbo_shape() -> Shape {
    const HALF_WIDTH: [i16; 10] = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1];
    let mut shape = Shape::rect(11, 10);
    shape.holes = (0..110u8)
        .filter(|&sq| (i16::from(sq % 11) - 5).abs() > HALF_WIDTH[usize::from(sq / 11)])
        .collect();
    shape.pawn_home = (2 * 11 + 2..=2 * 11 + 8).collect();
    shape
}

/// Balbo's board as move tables, built once.
pub fn balbo() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::build(&balbo_shape()))
}

/// Balbo's set-up (chessvariants.com, after Pritchard): white Ke1 Qg1 Bf1 Bf2 Ne2 Ng2 Rd2
/// Rh2 and pawns c3 to i3; black the same on the tenth, ninth and eighth ranks.
pub const BALBO_START: &str =
    "****kbq****/***rnbnr***/**ppppppp**/*9*/11/11/*9*/**PPPPPPP**/***RNBNR***/****KBQ**** w - - 0 1";
