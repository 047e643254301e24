//! Andernach and anti-Andernach chess: after a capture (Andernach) or a move that captures
//! nothing (anti-Andernach) the piece that moved, if not a king, turns to the other side's
//! colour on its arrival square (a promoted pawn as the piece it became). Castling changes
//! nothing (the king moved). A pawn that changed colour after its double step opens no en
//! passant. Checks are ordinary.

use crate::piece::{Role, BLACK_BIT};
use crate::position::{Move, Position};
use crate::variant::Variant;

pub fn after_move(pos: &mut Position, m: &Move, taken: u8) {
    let captured = taken != 0;
    let turns = match pos.variant {
        Variant::Andernach => captured,
        _ => !captured,
    };
    if !turns || m.role == Role::King {
        return;
    }
    let code = pos.board[m.to as usize];
    pos.put(m.to, code ^ BLACK_BIT);
    pos.ep = None;
}
