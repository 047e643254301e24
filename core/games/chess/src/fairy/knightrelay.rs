//! Knight-relay chess, Mannis Charosh's original rules (1972): a piece other than a king or a
//! knight that a friendly knight guards may also move and capture as a knight, but a pawn
//! never so onto its first or last rank; knights neither capture nor can be captured (so they
//! never give check); there is no en passant. A pawn back on its home rank may step two
//! again. Pure.

use crate::geometry::meet;
use crate::piece::Role;
use crate::position::{Move, MoveKind, Position};

pub fn allows(pos: &Position, m: &Move) -> bool {
    if m.kind == MoveKind::EnPassant {
        return false;
    }
    if !pos.is_capture(m) {
        return true;
    }
    let target = pos.piece_at(m.to).map(|p| p.role);
    m.role != Role::Knight && target != Some(Role::Knight)
}

/// Whether a knight of the piece's own side guards `sq`.
fn relayed(pos: &Position, sq: u8) -> bool {
    let us = pos.turn;
    meet(
        &pos.geo.knight_bits[sq as usize],
        &pos.by_role[Role::Knight.index()],
        &pos.occupied[us.index()],
    )
}

/// The knight moves lent to the side to move's guarded pieces.
pub fn relayed_moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let geo = pos.geo;
    let us = pos.turn;
    for (sq, role) in pos.pieces(us).collect::<Vec<_>>() {
        if matches!(role, Role::King | Role::Knight) || !relayed(pos, sq) {
            continue;
        }
        for &t in geo.knight.get(sq as usize) {
            if pos.is_color(t, us) {
                continue;
            }
            let rank = geo.relative_rank(us, t);
            if role == Role::Pawn && (rank == 0 || rank == geo.height - 1) {
                continue;
            }
            emit(Move {
                role,
                from: sq,
                to: t,
                promotion: None,
                kind: MoveKind::Normal,
            });
        }
    }
}

/// Whether a pawn move is written with its from-square in SAN (`e6g5`, `e6xg5`): a lent
/// knight move, or a plain pawn move to a square a lent pawn move also reaches.
pub fn pawn_move_needs_square(pos: &Position, m: &Move) -> bool {
    if pos.variant != crate::variant::Variant::KnightRelay || m.role != Role::Pawn {
        return false;
    }
    let lent = |o: &Move| pos.geo.knight.get(o.from as usize).contains(&o.to);
    lent(m)
        || crate::movegen::legal_moves(pos)
            .iter()
            .any(|o| o.role == Role::Pawn && o.to == m.to && lent(o))
}
