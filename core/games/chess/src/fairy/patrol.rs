//! Patrol chess: a piece may capture (en passant included), and so give check, only while a
//! piece of its own side guards the square it stands on. Guarding is the ordinary attack of
//! the friendly piece (a guard need not itself be guarded). Pure.

use crate::position::{Move, Position};

pub fn allows(pos: &Position, m: &Move) -> bool {
    !pos.is_capture(m) || pos.attacked(m.from, pos.turn)
}
