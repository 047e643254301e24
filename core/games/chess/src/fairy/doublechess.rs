//! Double chess (Hayward, 1916) on 16x12: two armies a side, each king royal, pawns stepping
//! up to four from home, castling by each king with the rooks of its own half. The board,
//! set-up and these three mechanisms as data and hooks; it never touches another variant.

use std::sync::OnceLock;

use crate::geometry::Geometry;
use crate::piece::{Color, Piece, Role};
use crate::position::{Move, MoveKind, Position};
use crate::shape::Shape;

/// How far a pawn may step from its home cell.
pub const MAX_PAWN_STEP: usize = 4;

/// The king's home file of each army (e and m) and its rooks' files, queenside then kingside.
const KING_FILES: [u8; 2] = [4, 12];
const ROOK_FILES: [[u8; 2]; 2] = [[0, 7], [8, 15]];

/// The 16x12 board, pawns at home on their second rank.
pub fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::build(&Shape::rect(16, 12)))
}

/// Two standard arrays side by side; castling rights in Shredder letters, one per rook.
pub const START: &str =
    "rnbqkbnrrnbqkbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBQKBNR w AHIPahip - 0 1";

fn home_rank(geo: &Geometry, color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => geo.height - 1,
    }
}

/// Castling right slot `army * 2 + side` (side 0 toward the a-file): its rook's home square
/// and its king's home square.
fn slot_squares(geo: &Geometry, color: Color, slot: usize) -> (u8, u8) {
    let rank = home_rank(geo, color) * geo.width;
    (rank + ROOK_FILES[slot / 2][slot % 2], rank + KING_FILES[slot / 2])
}

/// Whether any of `color`'s kings is attacked (every king is royal).
pub fn any_king_attacked(pos: &Position, color: Color) -> bool {
    pos.pieces(color)
        .any(|(sq, role)| role == Role::King && pos.attacked(sq, color.other()))
}

/// Reads the castling field: file letters of the rooks that may still castle (`AHIPahip` at
/// the start); each needs its rook and its half's king on their home squares.
pub fn read_castling(pos: &mut Position, text: &str) -> Result<(), String> {
    if text == "-" {
        return Ok(());
    }
    let geo = pos.geo;
    for c in text.chars() {
        let color = Color::of_letter(c);
        let file = geo.file_of(c.to_ascii_lowercase());
        let slot = (0..4)
            .find(|&s| Some(ROOK_FILES[s / 2][s % 2]) == file)
            .ok_or_else(|| {
                format!("castling right '{c}': double chess castles with the rooks of files a, h, i and p only")
            })?;
        let (rook, king) = slot_squares(geo, color, slot);
        if pos.piece_at(rook) != Some(Piece::new(color, Role::Rook)) {
            return Err(format!(
                "castling right '{c}' but no {} rook stands on {}",
                color.name(),
                geo.name(rook)
            ));
        }
        if pos.piece_at(king) != Some(Piece::new(color, Role::King)) {
            return Err(format!(
                "castling right '{c}' but no {} king stands on {}",
                color.name(),
                geo.name(king)
            ));
        }
        let right = &mut pos.army_castles[color.index()][slot];
        if right.is_some() {
            return Err(format!("castling right '{c}' is given twice"));
        }
        *right = Some(rook);
    }
    Ok(())
}

/// The castling field as written: white's rook files upper case, then black's.
pub fn castling_text(pos: &Position) -> String {
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        for rook in pos.army_castles[color.index()].iter().flatten() {
            let letter = pos.geo.file_char(pos.geo.file(*rook));
            out.push(if color == Color::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// The square of the pawn of `mover` that passed over `sq` on its last move: the first piece
/// ahead of `sq` in the mover's direction, over at most two more empty cells.
pub fn passed_pawn(pos: &Position, mover: Color, sq: u8) -> Option<u8> {
    let mut cur = pos.geo.forward(mover, sq)?;
    for _ in 0..MAX_PAWN_STEP - 2 {
        if pos.board[cur as usize] != 0 {
            break;
        }
        cur = pos.geo.forward(mover, cur)?;
    }
    Some(cur)
}

/// The moves chess's own generator does not make here: pawn steps of three and four from
/// home, en passant onto the passed cells beyond the first, and castling.
pub fn extra_moves<F: FnMut(Move)>(pos: &Position, emit: &mut F) {
    let geo = pos.geo;
    let us = pos.turn;
    let mv = |role, from, to, kind| Move {
        role,
        from,
        to,
        promotion: None,
        kind,
    };
    for (sq, role) in pos.pieces(us) {
        if role != Role::Pawn || !crate::geometry::holds(&geo.pawn_home[us.index()], sq) {
            continue;
        }
        let mut cur = sq;
        for step in 1..=MAX_PAWN_STEP {
            match geo.forward(us, cur).filter(|&t| pos.board[t as usize] == 0) {
                Some(t) => cur = t,
                None => break,
            }
            if step >= 3 {
                emit(mv(Role::Pawn, sq, cur, MoveKind::DoublePush));
            }
        }
    }
    if let Some(ep) = pos.ep {
        let them = us.other();
        let mut passed = geo.forward(them, ep);
        while let Some(t) = passed.filter(|&t| pos.board[t as usize] == 0) {
            for &from in geo.pawn_attacks(them, t) {
                if pos.piece_at(from) == Some(Piece::new(us, Role::Pawn)) {
                    emit(mv(Role::Pawn, from, t, MoveKind::EnPassant));
                }
            }
            passed = geo.forward(them, t);
        }
    }
    for slot in 0..4 {
        let Some(rook) = pos.army_castles[us.index()][slot] else {
            continue;
        };
        let (_, king) = slot_squares(geo, us, slot);
        let target = if slot % 2 == 0 { king - 2 } else { king + 2 };
        let (lo, hi) = (rook.min(king), rook.max(king));
        let clear = (lo + 1..hi).all(|sq| pos.board[sq as usize] == 0);
        if clear && super::castle_path_safe(pos, king, target) {
            emit(mv(Role::King, king, target, MoveKind::Normal));
        }
    }
}

/// After a move: a king's two-file step from home was castling, so its rook hops over it; a
/// king leaving home or a rook leaving (or taken on) its home square ends those rights.
pub fn after_move(pos: &mut Position, m: &Move) {
    let us = pos.turn;
    if m.role == Role::King && pos.geo.file(m.from).abs_diff(pos.geo.file(m.to)) == 2 {
        let toward_a = m.to < m.from;
        let slot = (0..4).find(|&s| slot_squares(pos.geo, us, s).1 == m.from && (s % 2 == 0) == toward_a);
        if let Some((rook, _)) = slot.map(|s| slot_squares(pos.geo, us, s)) {
            let code = pos.board[rook as usize];
            pos.put(rook, 0);
            // The square the king crossed.
            pos.put(m.from.min(m.to) + 1, code);
        }
    }
    for color in [Color::White, Color::Black] {
        for slot in 0..4 {
            let (rook, king) = slot_squares(pos.geo, color, slot);
            if [rook, king].iter().any(|&sq| sq == m.from || sq == m.to) {
                pos.army_castles[color.index()][slot] = None;
            }
        }
    }
}
