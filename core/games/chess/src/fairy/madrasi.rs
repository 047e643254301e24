//! Madrasi chess: a piece attacked by an enemy piece of the same kind is paralysed: it cannot
//! move, capture or give check, though it still paralyses. Kings are never paralysed and never
//! paralyse. Attack here is the ordinary pattern of the enemy piece (a paralysed piece still
//! attacks for this purpose). Pure.

use crate::geometry::meet;
use crate::piece::{Color, Role};
use crate::position::{Move, MoveKind, Position};

/// Whether the piece on `sq` is paralysed.
pub fn paralysed(pos: &Position, sq: u8) -> bool {
    let Some(piece) = pos.piece_at(sq) else {
        return false;
    };
    piece.role != Role::King && observed_by_kind(pos, sq, piece.color.other(), piece.role)
}

/// Whether a piece of `by` of role `role` attacks `sq` by its ordinary pattern.
fn observed_by_kind(pos: &Position, sq: u8, by: Color, role: Role) -> bool {
    let geo = pos.geo;
    let s = sq as usize;
    let theirs = &pos.occupied[by.index()];
    let kind = &pos.by_role[role.index()];
    match role {
        Role::Pawn => meet(&geo.pawn_bits[by.other().index() * geo.squares() + s], kind, theirs),
        Role::Knight => meet(&geo.knight_bits[s], kind, theirs),
        Role::King => false,
        _ => geo.slides(role).any(|d| {
            geo.ray(sq, d)
                .iter()
                .find(|&&t| pos.board[t as usize] != 0)
                .is_some_and(|&t| pos.is_color(t, by) && pos.piece_at(t).is_some_and(|p| p.role == role))
        }),
    }
}

pub fn allows(pos: &Position, m: &Move) -> bool {
    if m.kind == MoveKind::Castle {
        return !paralysed(pos, m.to);
    }
    !paralysed(pos, m.from)
}
