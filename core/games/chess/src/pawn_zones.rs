//! Where pawns promote, to what, and where a pawn can never stand, per variant: the standard
//! choice on every last cell of a file, or a board's own table (Balbo's promotion by file).
//! It reads the board's geometry only and never looks at a position.

use super::geometry::{holds, Geometry};
use super::piece::{Color, Role};
use super::variant::Variant;

const STANDARD: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
const MINOR: [Role; 2] = [Role::Bishop, Role::Knight];

/// What a pawn of `color` arriving on `sq` may promote to; empty when it does not promote
/// there (then it stays a pawn).
#[inline]
pub fn promotion_roles(variant: Variant, geo: &Geometry, color: Color, sq: u8) -> &'static [Role] {
    if !holds(&geo.promotion[color.index()], sq) {
        return &[];
    }
    match variant {
        // The ends of the d- to h-files promote as usual, of the c- and i-files to a minor
        // piece only, of the a-, b-, j- and k-files not at all.
        Variant::Balbo => match geo.file(sq) {
            3..=7 => &STANDARD,
            2 | 8 => &MINOR,
            _ => &[],
        },
        _ => variant.promotion_roles(),
    }
}

/// Whether a pawn of `color` can never stand on `sq`: behind its home cells or on a cell where
/// it promotes.
pub fn pawn_never_stands(variant: Variant, geo: &Geometry, color: Color, sq: u8) -> bool {
    let behind_home = match variant {
        // Balbo's pawns start on the third rank and never go back: its first two ranks, whose
        // cells have none behind them on the narrow board, and those alone.
        Variant::Balbo => geo.relative_rank(color, sq) < 2,
        // Masonic: a brick at either end of a rank has one brick below it, not two; the
        // first rank is the one behind the home cells.
        Variant::Masonic => geo.relative_rank(color, sq) == 0,
        // Stratomic: behind the third rank, or on the ninth or tenth.
        Variant::Stratomic => super::fairy::stratomic::pawn_never_stands(geo, color, sq),
        // The first rank is, in general, a cell with no cell behind it that is not a pawn
        // home (Glinski's b1 and k1 are both).
        _ => {
            // (On the horizontal cylinder every cell has one behind it: there the first rank.)
            let back =
                geo.forward(color.other(), sq).is_none() || (geo.wrap_ranks && geo.relative_rank(color, sq) == 0);
            let first = back && !holds(&geo.pawn_home[color.index()], sq);
            let horde_first = variant.pawns_on_first_rank(color) && geo.relative_rank(color, sq) == 0;
            first && !horde_first
        }
    };
    behind_home || !promotion_roles(variant, geo, color, sq).is_empty()
}
