//! Extinction chess: a side left without any piece of one of the six kinds (king, queen,
//! rook, bishop, knight, pawn) loses; kings are not royal, so check does not exist.
//! Pure.

use crate::piece::{Color, ROLES};
use crate::position::Position;
use kifu_core::rules::Outcome;

/// The first kind `color` has none of, if any.
pub fn extinct(pos: &Position, color: Color) -> Option<crate::piece::Role> {
    ROLES
        .into_iter()
        .find(|&r| !pos.pieces(color).any(|(_, role)| role == r))
}

/// The side that just moved loses if it has lost a kind (promoting its last pawn, or both
/// sides extinct at once); else the side to move, if it has.
pub fn result(pos: &Position) -> Option<Outcome> {
    let us = pos.turn;
    for color in [us.other(), us] {
        if let Some(role) = extinct(pos, color) {
            return Some(Outcome::win(
                color.other().index() as u8,
                format!("{} has no {} left", color.name(), role.name()),
            ));
        }
    }
    None
}
