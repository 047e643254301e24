//! The move notation: the inventor's algebraic notation, each square prefaced by its level
//! digit (`N2d1`, `1e4`, `ex3d5`, `O-O`, `3a8=Q`). A rival that reaches the same square is told
//! apart by the from-file (`Nb2d1`) or else the whole from-square (`N1b1-2d1`, `1e3-2e4`,
//! `2e4x3d5`). Reading also takes the long form (`1e2-1e4`, `1e2x2d3`, `1e21e4`). Pure.

use crate::board::{file, name, Kind, Position};
use crate::moves::{legal_moves, Move, Special};

/// The SAN of a legal move among `legal` (the position's legal moves), without check marks.
pub fn san(pos: &Position, m: &Move, legal: &[Move]) -> String {
    if m.special == Special::Castle {
        return if file(m.to) == 6 { "O-O".into() } else { "O-O-O".into() };
    }
    let kind = pos.at(m.from).map(|man| man.kind).unwrap_or(Kind::Pawn);
    let capture = pos.at(m.to).is_some() || m.special == Special::EnPassant;
    let rivals: Vec<&Move> = legal
        .iter()
        .filter(|o| o.to == m.to && o.from != m.from && pos.at(o.from).map(|man| man.kind) == Some(kind))
        .collect();
    let mut s = String::new();
    if kind != Kind::Pawn {
        s.push(kind.letter());
    }
    let by_file = rivals.iter().all(|o| file(o.from) != file(m.from));
    let whole_square = !rivals.is_empty() && (!by_file || (kind == Kind::Pawn && !capture));
    if whole_square {
        s.push_str(&name(m.from));
        s.push(if capture { 'x' } else { '-' });
    } else {
        if !rivals.is_empty() || (kind == Kind::Pawn && capture) {
            s.push((b'a' + file(m.from) as u8) as char);
        }
        if capture {
            s.push('x');
        }
    }
    s.push_str(&name(m.to));
    if let Some(p) = m.promotion {
        s.push('=');
        s.push(p.letter());
    }
    s
}

/// The long form: from-square, `-` or `x`, to-square, `=X` for a promotion.
pub fn long(pos: &Position, m: &Move) -> String {
    let capture = pos.at(m.to).is_some() || m.special == Special::EnPassant;
    let mut s = format!("{}{}{}", name(m.from), if capture { 'x' } else { '-' }, name(m.to));
    if let Some(p) = m.promotion {
        s.push('=');
        s.push(p.letter());
    }
    s
}

/// The legal move written `text` (SAN or long form; marks `+`, `#`, `!`, `?` ignored), with
/// the position's legal moves it was found among.
pub fn find(pos: &Position, text: &str) -> (Option<Move>, Vec<Move>) {
    let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let legal = legal_moves(pos);
    let found = legal.iter().copied().find(|m| {
        let long = long(pos, m);
        long == text
            || long.replacen(['-', 'x'], "", 1) == text
            || (text.contains(&name(m.to)) || text.starts_with("O-O")) && san(pos, m, &legal) == text
    });
    (found, legal)
}
