//! Congo's move notation. SAN: the piece letter (none for a pawn), the from-square's file,
//! rank or both when another piece of the kind reaches the same square (a pawn's file always
//! when it takes), `x` for a capture, the square, `=S` for promotion; a monkey's jumps as
//! `M`, its square and each landing square after an `x` (`Mc3xe5xc7`). UCI: from- and
//! to-square, `s` for promotion, a monkey's jumps as its square and every landing square
//! (`c3e5c7`). Reading takes either form exactly. Pure.

use super::route;
use crate::movegen::legal_moves;
use crate::piece::Role;
use crate::position::{Move, MoveKind, Position};

/// The SAN of a legal Congo move, without a mark for the game's end.
pub fn san(pos: &Position, m: &Move) -> String {
    let geo = pos.geo;
    let mut s = String::new();
    if m.role != Role::Pawn {
        s.push(m.role.letter());
    }
    if let MoveKind::Jumps(_) = m.kind {
        s.push_str(&geo.name(m.from));
        for land in route(pos, m).landings {
            s.push('x');
            s.push_str(&geo.name(land));
        }
        return s;
    }
    let capture = pos.board[m.to as usize] != 0;
    let rivals: Vec<u8> = legal_moves(pos)
        .iter()
        .filter(|o| o.role == m.role && o.to == m.to && o.from != m.from && !matches!(o.kind, MoveKind::Jumps(_)))
        .map(|o| o.from)
        .collect();
    if !rivals.is_empty() {
        s.push_str(&crate::san::from_hint(geo, m.from, &rivals));
    } else if capture && m.role == Role::Pawn {
        s.push(geo.file_char(geo.file(m.from)));
    }
    if capture {
        s.push('x');
    }
    s.push_str(&geo.name(m.to));
    if let Some(p) = m.promotion {
        s.push('=');
        s.push(p.letter());
    }
    s
}

/// The UCI text of a legal Congo move.
pub fn uci(pos: &Position, m: &Move) -> String {
    let geo = pos.geo;
    let mut s = geo.name(m.from);
    match m.kind {
        MoveKind::Jumps(_) => {
            for land in route(pos, m).landings {
                s.push_str(&geo.name(land));
            }
        }
        _ => {
            s.push_str(&geo.name(m.to));
            if let Some(p) = m.promotion {
                s.push(p.letter().to_ascii_lowercase());
            }
        }
    }
    s
}

/// The legal move written `text` in SAN (marks `+`, `#`, `!`, `?` ignored) or UCI, if any.
pub fn find(pos: &Position, text: &str) -> Option<Move> {
    let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
    legal_moves(pos)
        .into_iter()
        .find(|m| san(pos, m) == text || uci(pos, m).eq_ignore_ascii_case(text))
}
