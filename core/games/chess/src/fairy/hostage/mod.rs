//! Hostage chess (John Leslie, 1997): a captured man waits in the capturer's prison; instead of
//! moving, a player exchanges a prisoner for one of their own men held by the opponent and drops
//! it, or drops a man from their airfield; a pawn promotes only to a man of its side held in the
//! opponent's prison, and goes there in its place. The airfields are `Position::pockets`, the
//! prisons `Position::prisons`; nothing here touches another variant. See seeds/chess/hostage.md.

pub mod fen_field;
pub mod notation;

use crate::fairy::bare_kings;
use crate::movegen::{castling_moves, piece_moves};
use crate::piece::{Color, Piece, Role, PROMOTED_BIT};
use crate::position::{Move, MoveKind, Position};

/// The roles a man may be exchanged or dropped as (every one but the king), pawn first.
pub const MEN: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// A man's value for exchanges: queen over rook over bishop and knight (equal) over pawn.
pub fn value(role: Role) -> u8 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        _ => 9,
    }
}

/// Whether a man of `color` and `role` is held in the opponent's prison.
pub fn held(pos: &Position, color: Color, role: Role) -> bool {
    pos.prisons[color.other().index()][role.index()] > 0
}

/// Whether `color`'s pawns may promote now: some piece of theirs is held by the opponent.
pub fn can_promote(pos: &Position, color: Color) -> bool {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .any(|r| held(pos, color, r))
}

/// Whether a man of `role` may be dropped on `sq`: the square is empty and a pawn never lands
/// on the first or last rank.
fn may_drop(pos: &Position, role: Role, sq: u8) -> bool {
    let rank = pos.geo.rank(sq);
    pos.board[sq as usize] == 0 && (role != Role::Pawn || (rank != 0 && rank != pos.geo.height - 1))
}

/// Every move of the side to move before king safety: the chess moves (a promotion only to a
/// man held by the opponent), castling, drops from the airfield and exchanges.
pub fn moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let us = pos.turn;
    for (sq, _) in pos.pieces(us) {
        piece_moves(pos, sq, &mut |m: Move| {
            if m.promotion.is_none_or(|p| held(pos, us, p)) {
                emit(m);
            }
        });
    }
    castling_moves(pos, emit);
    for to in 0..pos.geo.squares() as u8 {
        for role in MEN {
            if !may_drop(pos, role, to) {
                continue;
            }
            let drop = |kind| Move {
                role,
                from: to,
                to,
                promotion: None,
                kind,
            };
            if pos.pockets[us.index()][role.index()] > 0 {
                emit(drop(MoveKind::Drop));
            }
            if !held(pos, us, role) {
                continue;
            }
            for given in MEN {
                if pos.prisons[us.index()][given.index()] > 0 && value(given) >= value(role) {
                    emit(drop(MoveKind::Exchange(given)));
                }
            }
        }
    }
}

/// Whether `by` attacks `sq` as chess has it, except that a pawn attacks a square of its last
/// rank only while it could promote there (some piece of its side is held by the opponent).
pub fn attacked(pos: &Position, sq: u8, by: Color) -> bool {
    if !pos.attacked(sq, by) {
        return false;
    }
    if pos.geo.relative_rank(by, sq) != pos.geo.height - 1 || can_promote(pos, by) {
        return true;
    }
    // The pawns next to `sq` still block lines, so each becomes a pawn of the other side.
    let pawn = Piece::new(by, Role::Pawn).code();
    let mut probe = pos.clone();
    for &t in pos.geo.pawn_attacks(by.other(), sq) {
        if pos.board[t as usize] == pawn {
            probe.put(t, Piece::new(by.other(), Role::Pawn).code());
        }
    }
    probe.attacked(sq, by)
}

/// Makes a move: an exchange sends the given prisoner to the opponent's airfield and drops the
/// released man; a capture puts the taken man in the mover's prison; a promotion takes the new
/// piece from the opponent's prison and leaves the pawn there.
pub fn play(pos: &mut Position, m: &Move) {
    let us = pos.turn;
    let (u, t) = (us.index(), us.other().index());
    if let MoveKind::Exchange(given) = m.kind {
        pos.prisons[u][given.index()] = pos.prisons[u][given.index()].saturating_sub(1);
        pos.pockets[t][given.index()] = pos.pockets[t][given.index()].saturating_add(1);
        pos.prisons[t][m.role.index()] = pos.prisons[t][m.role.index()].saturating_sub(1);
        pos.pockets[u][m.role.index()] = pos.pockets[u][m.role.index()].saturating_add(1);
        return pos.play_on_board(&Move {
            kind: MoveKind::Drop,
            ..*m
        });
    }
    let taken = match m.kind {
        MoveKind::EnPassant => Some(Role::Pawn),
        MoveKind::Normal | MoveKind::DoublePush => Role::from_code(pos.board[m.to as usize]),
        _ => None,
    };
    let airfields = pos.pockets;
    pos.play_on_board(m);
    if m.kind != MoveKind::Drop {
        pos.pockets = airfields;
    }
    if let Some(role) = taken {
        pos.prisons[u][role.index()] = pos.prisons[u][role.index()].saturating_add(1);
    }
    if let Some(p) = m.promotion {
        pos.put(m.to, Piece::new(us, p).code());
        pos.prisons[t][p.index()] = pos.prisons[t][p.index()].saturating_sub(1);
        pos.prisons[t][Role::Pawn.index()] = pos.prisons[t][Role::Pawn.index()].saturating_add(1);
    }
}

/// Neither side can ever mate: bare kings and no man left in any prison or airfield.
pub fn dead(pos: &Position) -> bool {
    bare_kings(pos) && pos.pockets == [[0; 6]; 2] && pos.prisons == [[0; 6]; 2]
}

/// Why a position read from text cannot stand: Hostage chess marks no piece as promoted (a
/// promoted piece keeps its new role).
pub fn refusal(pos: &Position) -> Option<String> {
    pos.board
        .iter()
        .any(|&c| c & PROMOTED_BIT != 0)
        .then(|| "Hostage chess marks no piece as promoted ('~'): a promoted piece keeps its role".to_string())
}
