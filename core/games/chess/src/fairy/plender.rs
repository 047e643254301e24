//! Plender (PlunderChess, Jeff Knight, 1988): a capturer takes the captured piece's move as a
//! vest and may make that move once, later. The vests live in `Position::vests` only; nothing
//! here touches another variant. See seeds/chess/plender.md for every reading.

use crate::movegen::piece_moves;
use crate::piece::{Color, Piece, Role};
use crate::position::{Move, MoveKind, Position};

/// Whether a vest of `vest`'s move gives `wearer` some move it lacks. A pawn's vest is its
/// single step and its diagonal capture (no double step, no en passant), which a queen and a
/// king already have; a king's move is never borrowed (a king is never taken).
pub fn adds(wearer: Role, vest: Role) -> bool {
    use Role::*;
    match (wearer, vest) {
        (_, King) => false,
        (w, v) if w == v => false,
        (Queen, Rook | Bishop | Pawn) => false,
        (King, Pawn) => false,
        (Pawn | Knight | Bishop | Rook | Queen | King, Pawn | Knight | Bishop | Rook | Queen) => true,
        _ => false,
    }
}

/// The vest worn on `sq`, if any.
pub fn vest_at(pos: &Position, sq: u8) -> Option<Role> {
    pos.vests.get(sq as usize).and_then(|&code| Role::from_code(code))
}

/// Each square the piece of `color` on `sq` reaches by its vest's pattern (captures
/// included) and not by its own, as the vest's piece would move from there: sliders stop at
/// the first piece, a pawn vest steps and captures forward for `color`. A pawn wearer never
/// lands on its own first rank this way.
fn vest_targets(pos: &Position, sq: u8, color: Color, vest: Role) -> Vec<u8> {
    let Some(wearer) = Role::from_code(pos.board[sq as usize]) else {
        return Vec::new();
    };
    let mut own = pos.clone();
    own.turn = color;
    let mut own_targets = Vec::new();
    piece_moves(&own, sq, &mut |m: Move| own_targets.push(m.to));
    let mut probe = own.clone();
    probe.put(sq, Piece::new(color, vest).code());
    let mut targets = Vec::new();
    piece_moves(&probe, sq, &mut |m: Move| {
        let plain = m.kind == MoveKind::Normal && matches!(m.promotion, None | Some(Role::Queen));
        let first_rank = wearer == Role::Pawn && pos.geo.relative_rank(color, m.to) == 0;
        if plain && !first_rank && !own_targets.contains(&m.to) && !targets.contains(&m.to) {
            targets.push(m.to);
        }
    });
    targets
}

/// The side to move's vest moves; a pawn wearer reaching its last rank promotes as usual.
pub fn borrowed_moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let us = pos.turn;
    let last = pos.geo.height - 1;
    for (sq, role) in pos.pieces(us).collect::<Vec<_>>() {
        let Some(vest) = vest_at(pos, sq) else {
            continue;
        };
        for to in vest_targets(pos, sq, us, vest) {
            let promotes = role == Role::Pawn && pos.geo.relative_rank(us, to) == last;
            let promotions: &[Option<Role>] = if promotes {
                &[
                    Some(Role::Queen),
                    Some(Role::Rook),
                    Some(Role::Bishop),
                    Some(Role::Knight),
                ]
            } else {
                &[None]
            };
            for &promotion in promotions {
                emit(Move {
                    role,
                    from: sq,
                    to,
                    promotion,
                    kind: MoveKind::Borrowed,
                });
            }
        }
    }
}

/// Whether some vest move of `by` would take the piece on `sq`.
pub fn borrowed_attack(pos: &Position, sq: u8, by: Color) -> bool {
    pos.pieces(by)
        .any(|(from, _)| vest_at(pos, from).is_some_and(|vest| vest_targets(pos, from, by, vest).contains(&sq)))
}

/// After a move (not castling) lands: the mover's vest goes with it unless the move spent it
/// or the piece it became has that move already; a piece taken loses its vest; a capture
/// gives the capturer the taken piece's move whenever that adds a move (replacing any vest).
pub fn after_move(pos: &mut Position, m: &Move, taken: u8, taken_sq: u8) {
    let worn = take_vest(pos, m.from);
    take_vest(pos, taken_sq);
    let Some(now) = Role::from_code(pos.board[m.to as usize]) else {
        return;
    };
    let mut vest = worn.filter(|&v| m.kind != MoveKind::Borrowed && adds(now, v));
    if let Some(captured) = Role::from_code(taken).filter(|&r| adds(now, r)) {
        vest = Some(captured);
    }
    if let Some(slot) = pos.vests.get_mut(m.to as usize) {
        *slot = vest.map_or(0, |v| v as u8);
    }
}

/// Castling carries the king's and the rook's vests to their new squares.
pub fn after_castle(pos: &mut Position, king_from: u8, rook_from: u8, king_to: u8, rook_to: u8) {
    let king_vest = take_vest(pos, king_from);
    let rook_vest = take_vest(pos, rook_from);
    for (sq, vest) in [(king_to, king_vest), (rook_to, rook_vest)] {
        if let Some(slot) = pos.vests.get_mut(sq as usize) {
            *slot = vest.map_or(0, |v| v as u8);
        }
    }
}

fn take_vest(pos: &mut Position, sq: u8) -> Option<Role> {
    let slot = pos.vests.get_mut(sq as usize)?;
    let vest = Role::from_code(*slot);
    *slot = 0;
    vest
}

/// A pawn's vest move is written with its from-square (`c3xe4`), as is a plain pawn move to
/// a square some pawn's vest move also reaches.
pub fn pawn_move_needs_square(pos: &Position, m: &Move) -> bool {
    if pos.variant != crate::variant::Variant::Plender || m.role != Role::Pawn {
        return false;
    }
    m.kind == MoveKind::Borrowed
        || crate::movegen::legal_moves(pos)
            .iter()
            .any(|o| o.role == Role::Pawn && o.to == m.to && o.kind == MoveKind::Borrowed)
}

/// The FEN field of the vests: `(e4N,d5Q)`, each square with the letter of the borrowed
/// move's piece; `None` when no piece wears one.
pub fn fen_field(pos: &Position) -> Option<String> {
    let entries: Vec<String> = (0..pos.geo.squares() as u8)
        .filter_map(|sq| vest_at(pos, sq).map(|v| format!("{}{}", pos.geo.name(sq), v.letter())))
        .collect();
    (!entries.is_empty()).then(|| format!("({})", entries.join(",")))
}

/// Reads the vests field written by [`fen_field`].
pub fn read_fen_field(pos: &mut Position, text: &str) -> Result<(), String> {
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(|| format!("'{text}': the vests field is written like (e4N,d5Q)"))?;
    for entry in inner.split(',').filter(|e| !e.is_empty()) {
        let bad = || format!("'{entry}' in the vests field is not a square and a piece letter (like e4N)");
        let letter = entry.chars().last().ok_or_else(bad)?;
        let sq = pos
            .geo
            .parse_square(&entry[..entry.len() - letter.len_utf8()])
            .ok_or_else(bad)?;
        let role = match letter.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            _ => return Err(bad()),
        };
        let slot = pos.vests.get_mut(sq as usize).ok_or_else(bad)?;
        *slot = role as u8;
    }
    Ok(())
}

/// Why the vests of a position read from text cannot stand: one on an empty square, or one
/// that gives its wearer nothing new.
pub fn refusal(pos: &Position) -> Option<String> {
    (0..pos.geo.squares() as u8).find_map(|sq| {
        let vest = vest_at(pos, sq)?;
        match Role::from_code(pos.board[sq as usize]) {
            None => Some(format!("the vest on {} has no piece to wear it", pos.geo.name(sq))),
            Some(wearer) if !adds(wearer, vest) => Some(format!(
                "the {} on {} cannot wear a {} vest: it has that move already",
                format!("{wearer:?}").to_lowercase(),
                pos.geo.name(sq),
                format!("{vest:?}").to_lowercase()
            )),
            Some(_) => None,
        }
    })
}
