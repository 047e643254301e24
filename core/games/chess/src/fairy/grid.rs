//! Grid chess: the board is cut into 2x2 blocks and a move must cross at least one grid
//! line, that is end in another block than it began (castling: the king's step). A piece in
//! the king's block does not check it. Pure; it never changes a position.

use crate::position::{Move, MoveKind, Position};

/// The 2x2 block a square lies in.
fn block(pos: &Position, sq: u8) -> (u8, u8) {
    (pos.geo.file(sq) / 2, pos.geo.rank(sq) / 2)
}

pub fn allows(pos: &Position, m: &Move) -> bool {
    let to = if m.kind == MoveKind::Castle {
        let side = pos.castle_side(pos.turn, m.to);
        pos.castle_targets(pos.turn, side).0
    } else {
        m.to
    };
    block(pos, m.from) != block(pos, to)
}
