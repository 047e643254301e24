//! Dynamo chess's notation of push, pull and exit moves (plain moves and castling are written
//! as in chess). SAN: the mover's letter (none for a pawn), its square, its landing (its own
//! square again when it stays, `x` when it leaves the board), then `/`, the other piece's
//! square and landing (`x` over the edge); a pawn promoting is marked `=Q` after its landing:
//! `Bf1f1/e2a6`, `Ra1a3/a3a5`, `Ra3x/a6x`, `Nb1x`. UCI: the same without the letter, the
//! promotion as a lower-case letter (`f1f1/e2a6`, `a1a1/a7a8q`). Reading takes either,
//! marks ignored. Pure.

use super::effect;
use crate::movegen::legal_moves;
use crate::piece::Role;
use crate::position::{Move, MoveKind, Position};

/// A dynamo move's squares as written: the mover's square and landing, the other piece's
/// square and landing (`None` for over the edge), the promotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Written {
    letter: Option<char>,
    from: u8,
    to: Option<u8>,
    other: Option<(u8, Option<u8>)>,
    promotion: Option<Role>,
    /// Which part the promotion was written after: 0 the mover's, 1 the other piece's.
    promoted_part: usize,
}

/// The parts of a legal dynamo move; `None` for any other move.
fn written(pos: &Position, m: &Move) -> Option<Written> {
    let e = effect(pos, m)?;
    let mover_promotes = m.role == Role::Pawn
        && e.mover_to
            .is_some_and(|t| crate::geometry::holds(&pos.geo.promotion[pos.turn.index()], t));
    Some(Written {
        letter: (m.role != Role::Pawn).then(|| m.role.letter()),
        from: m.from,
        to: e.mover_to,
        other: e.other,
        promotion: m.promotion,
        promoted_part: usize::from(m.promotion.is_some() && !mover_promotes),
    })
}

fn text(pos: &Position, w: &Written, san: bool) -> String {
    let geo = pos.geo;
    let landing = |sq: Option<u8>| sq.map_or("x".to_string(), |s| geo.name(s));
    let promo = |part: usize| match w.promotion {
        Some(r) if part == w.promoted_part && san => format!("={}", r.letter()),
        Some(r) if part == w.promoted_part => r.letter().to_ascii_lowercase().to_string(),
        _ => String::new(),
    };
    let mut s = String::new();
    if san {
        s.extend(w.letter);
    }
    s.push_str(&geo.name(w.from));
    s.push_str(&landing(w.to));
    s.push_str(&promo(0));
    if let Some((sq, lands)) = w.other {
        s.push('/');
        s.push_str(&geo.name(sq));
        s.push_str(&landing(lands));
        s.push_str(&promo(1));
    }
    s
}

/// The SAN of a legal dynamo move (push, pull or exit), without a check mark.
pub fn san(pos: &Position, m: &Move) -> String {
    written(pos, m).map(|w| text(pos, &w, true)).unwrap_or_default()
}

/// The UCI text of a legal dynamo move.
pub fn uci(pos: &Position, m: &Move) -> String {
    written(pos, m).map(|w| text(pos, &w, false)).unwrap_or_default()
}

/// Whether `text` is written as a dynamo move (a `/`, or a landing `x` at its end).
pub fn looks_dynamo(text: &str) -> bool {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    t.contains('/') || (t.ends_with('x') && t.len() > 2)
}

/// Reads one part (`e2a6`, `e7e8=Q`, `e7e8q`, `a3x`) into its square, landing and promotion.
fn read_part(pos: &Position, part: &str) -> Option<(u8, Option<u8>, Option<Role>)> {
    let geo = pos.geo;
    let (body, promotion) = match part.split_once('=') {
        Some((body, p)) => (body, Some(p)),
        None => match part.chars().last() {
            Some(c) if "qrbnQRBN".contains(c) && part.len() > 3 => {
                (&part[..part.len() - 1], Some(&part[part.len() - 1..]))
            }
            _ => (part, None),
        },
    };
    let promotion = match promotion {
        Some(p) => {
            let mut chars = p.chars();
            match (
                chars.next().and_then(|c| Role::from_letter(c.to_ascii_uppercase())),
                chars.next(),
            ) {
                (Some(r), None) => Some(r),
                _ => return None,
            }
        }
        None => None,
    };
    let (from, to) = if let Some(from) = body.strip_suffix('x') {
        (geo.parse_square(from)?, None)
    } else {
        let digits_end = |s: &str| {
            let rest = s.get(1..)?;
            let n = rest.chars().take_while(|c| c.is_ascii_digit()).count();
            Some(1 + n)
        };
        let cut = digits_end(body)?;
        (geo.parse_square(&body[..cut])?, Some(geo.parse_square(&body[cut..])?))
    };
    Some((from, to, promotion))
}

fn read(pos: &Position, text: &str) -> Option<Written> {
    let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if !text.is_ascii() {
        return None;
    }
    let (letter, rest) = match text.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (Some(c), &text[1..]),
        _ => (None, text),
    };
    let (mover, other) = match rest.split_once('/') {
        Some((a, b)) => (a, Some(b)),
        None => (rest, None),
    };
    let (from, to, mover_promotion) = read_part(pos, mover)?;
    let other = match other {
        Some(part) => Some(read_part(pos, part)?),
        None => None,
    };
    let other_promotion = other.and_then(|o| o.2);
    if mover_promotion.is_some() && other_promotion.is_some() {
        return None;
    }
    Some(Written {
        letter: letter.filter(|&c| c != 'P'),
        from,
        to,
        other: other.map(|(sq, lands, _)| (sq, lands)),
        promotion: mover_promotion.or(other_promotion),
        promoted_part: usize::from(other_promotion.is_some()),
    })
}

/// The legal dynamo move written `text` (SAN or UCI as above), if any.
pub fn find(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let wanted = read(pos, text)?;
    legal
        .iter()
        .copied()
        .filter(|m| matches!(m.kind, MoveKind::Dynamo(_)))
        .find(|m| {
            written(pos, m).is_some_and(|w| {
                w.from == wanted.from
                    && w.to == wanted.to
                    && w.other == wanted.other
                    && w.promotion == wanted.promotion
                    && (wanted.promotion.is_none() || w.promoted_part == wanted.promoted_part)
                    && wanted.letter.is_none_or(|c| Some(c) == w.letter)
            })
        })
}

/// The legal dynamo move written `text` among the position's legal moves.
pub fn find_legal(pos: &Position, text: &str) -> Option<Move> {
    find(pos, &legal_moves(pos), text)
}
