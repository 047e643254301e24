//! Moves as text: `R(1,1)-(1,1000)`, `N(2,1)x(3,3)`, `(5,2)-(5,4)` for a pawn, `(3,7)-(3,8)=Q`,
//! `O-O` and `O-O-O`, with `+` or `#` after a check or a mate. Reading is lenient (the piece's
//! square may be left out when one piece of that kind can go there: `R(1,1000)`, `(5,4)`); the
//! legality of what is read is decided by `moves::legal`, never here.

use super::board::{Kind, Side, Square};
use super::moves::{gives_check, has_legal_move, legal, pieces_of, play};
use super::position::{Castling, Move, MoveKind, Position};
use super::text::coordinate;

/// The canonical text of a legal move in `pos`.
pub fn write(pos: &Position, m: &Move, kind: MoveKind) -> String {
    let suffix = if !gives_check(pos, m, kind) {
        ""
    } else if has_legal_move(&play(pos, m, kind)) {
        "+"
    } else {
        "#"
    };
    let body = match kind {
        MoveKind::Castle(c) if c.king_side => "O-O".to_string(),
        MoveKind::Castle(_) => "O-O-O".to_string(),
        _ => {
            let piece = pos.board.get(&m.from).map(|p| p.kind).unwrap_or(Kind::Pawn);
            let letter = if piece == Kind::Pawn {
                String::new()
            } else {
                piece.letter().to_string()
            };
            let takes = pos.board.contains_key(&m.to) || matches!(kind, MoveKind::EnPassant(_));
            let promotion = m.promotion.map(|k| format!("={}", k.letter())).unwrap_or_default();
            format!("{letter}{}{}{}{promotion}", m.from, if takes { 'x' } else { '-' }, m.to)
        }
    };
    format!("{body}{suffix}")
}

/// A move typed in `pos`, read leniently and found legal, with what it does.
pub fn read(pos: &Position, text: &str) -> Result<(Move, MoveKind), String> {
    let typed = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if let Some(c) = castling_word(pos.turn, typed) {
        let m = Move {
            from: c.king_from(),
            to: c.king_to(),
            promotion: None,
        };
        return legal(pos, &m).map(|kind| (m, kind));
    }
    let parts = split(typed)?;
    let m = match parts.from {
        Some(from) => {
            if let (Some(kind), Some(piece)) = (parts.kind, pos.board.get(&from)) {
                if piece.kind != kind {
                    return Err(format!("{from} holds a {}, not a {}", piece.describe(), kind.name()));
                }
            }
            Move {
                from,
                to: parts.to,
                promotion: parts.promotion,
            }
        }
        None => only_mover(pos, parts.kind.unwrap_or(Kind::Pawn), parts.to, parts.promotion)?,
    };
    let kind = legal(pos, &m)?;
    let takes = pos.board.contains_key(&m.to) || matches!(kind, MoveKind::EnPassant(_));
    if parts.capture_marked && !takes {
        return Err(format!("'x' marks a capture, but {} is empty", m.to));
    }
    Ok((m, kind))
}

fn castling_word(side: Side, typed: &str) -> Option<Castling> {
    match typed {
        "O-O" | "0-0" => Some(Castling::new(side, true)),
        "O-O-O" | "0-0-0" => Some(Castling::new(side, false)),
        _ => None,
    }
}

/// The one piece of `kind` that may legally go to `to`.
fn only_mover(pos: &Position, kind: Kind, to: Square, promotion: Option<Kind>) -> Result<Move, String> {
    let side = pos.turn;
    let candidates = pieces_of(&pos.board, side, kind);
    let mut reasons = Vec::new();
    let mut movers = Vec::new();
    for from in candidates {
        let m = Move { from, to, promotion };
        match legal(pos, &m) {
            Ok(_) => movers.push(m),
            Err(e) => reasons.push(e),
        }
    }
    match (movers.as_slice(), reasons.as_slice()) {
        ([m], _) => Ok(*m),
        ([], []) => Err(format!("{} has no {}", side.name(), kind.name())),
        ([], [reason]) => Err(reason.clone()),
        ([], _) => Err(format!("no {} {} can go to {to}", side.name(), kind.name())),
        (many, _) => {
            let names: Vec<String> = many.iter().map(|m| m.from.to_string()).collect();
            Err(format!(
                "{} {}s can go to {to} (from {}): name the square it leaves, as {}{}-{to}",
                many.len(),
                kind.name(),
                names.join(", "),
                if kind == Kind::Pawn {
                    String::new()
                } else {
                    kind.letter().to_string()
                },
                many[0].from
            ))
        }
    }
}

/// A typed move taken apart.
struct Parts {
    kind: Option<Kind>,
    from: Option<Square>,
    capture_marked: bool,
    to: Square,
    promotion: Option<Kind>,
}

fn split(typed: &str) -> Result<Parts, String> {
    let mut rest = typed;
    let mut kind = None;
    if let Some(first) = rest.chars().next().filter(|c| c.is_ascii_uppercase()) {
        kind = Some(
            Kind::from_letter(first)
                .ok_or_else(|| format!("'{first}' is no piece (K, Q, R, B, N, or none for a pawn)"))?,
        );
        rest = &rest[1..];
    }
    // `Rx(0,4)`: a capture with the piece's square left out.
    let mut capture_marked = false;
    if rest.starts_with("x(") {
        rest = &rest[1..];
        capture_marked = true;
    }
    let (first, after) = bracketed(rest)?;
    rest = after;
    if let Some(r) = rest.strip_prefix('-') {
        rest = r;
    } else if let Some(r) = rest.strip_prefix('x') {
        rest = r;
        capture_marked = true;
    }
    let (from, to) = if rest.starts_with('(') {
        let (second, after) = bracketed(rest)?;
        rest = after;
        (Some(first), second)
    } else {
        (None, first)
    };
    let rest = rest.strip_prefix('=').unwrap_or(rest);
    let promotion = match rest {
        "" => None,
        letter if letter.len() == 1 => Some(
            Kind::from_letter(letter.chars().next().unwrap_or('?'))
                .ok_or_else(|| format!("'{letter}' is no piece to promote to"))?,
        ),
        other => {
            return Err(format!(
                "'{other}' after the squares is not a promotion (=Q, =R, =B, =N)"
            ))
        }
    };
    Ok(Parts {
        kind,
        from,
        capture_marked,
        to,
        promotion,
    })
}

/// `(x,y)` at the start of `text`, and what follows it.
fn bracketed(text: &str) -> Result<(Square, &str), String> {
    let inner = text
        .strip_prefix('(')
        .ok_or("a square is written (x,y), as (5,4) or R(1,1)-(1,1000)")?;
    let close = inner.find(')').ok_or("a square's ')' is missing")?;
    let (x, y) = inner[..close]
        .split_once(',')
        .ok_or_else(|| format!("'({})' is not a square (x,y)", &inner[..close]))?;
    Ok((
        Square::new(coordinate(x.trim())?, coordinate(y.trim())?),
        &inner[close + 1..],
    ))
}
