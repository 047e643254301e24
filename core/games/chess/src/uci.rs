//! UCI move text, read and written: `e2e4`, `e7e8q`, drops `N@f3`; castling as the king's
//! two-square step in standard chess and as king-takes-rook in Chess960 (both read). It never
//! accepts a move that is not legal in the position.

use super::movegen::legal_moves;
use super::piece::Role;
use super::position::{Move, MoveKind, Position};
use super::variant::Variant;

/// Whether castling prints as the king's step (`e1g1`) rather than king-takes-rook.
fn king_step_castling(pos: &Position, m: &Move) -> bool {
    if pos.variant == Variant::Chess960 {
        return false;
    }
    let geo = pos.geo;
    let inset = pos.variant.castling_inset();
    let corner = geo.file(m.to) == inset || geo.file(m.to) == geo.width - 1 - inset;
    geo.file(m.from) == geo.width / 2 && corner
}

/// The UCI text of a legal move.
pub fn move_to_uci(pos: &Position, m: &Move) -> String {
    if pos.variant == Variant::Congo {
        return super::fairy::congo::notation::uci(pos, m);
    }
    if let MoveKind::Portal(exit) = m.kind {
        return super::fairy::portal::notation::uci(pos, m, exit);
    }
    if let MoveKind::Exchange(given) = m.kind {
        return super::fairy::hostage::notation::text(pos, m, given);
    }
    if m.kind == MoveKind::Launch {
        return super::fairy::stratomic::notation::text(pos, m);
    }
    let geo = pos.geo;
    match m.kind {
        MoveKind::Drop => format!("{}@{}", m.role.letter(), geo.name(m.to)),
        MoveKind::Dynamo(_) => super::fairy::dynamo::notation::uci(pos, m),
        MoveKind::Castle if king_step_castling(pos, m) => {
            let (kt, _) = pos.castle_targets(pos.turn, pos.castle_side(pos.turn, m.to));
            format!("{}{}", geo.name(m.from), geo.name(kt))
        }
        _ => {
            let promo = m
                .promotion
                .map(|r| r.letter().to_ascii_lowercase().to_string())
                .unwrap_or_default();
            format!("{}{}{}", geo.name(m.from), geo.name(m.to), promo)
        }
    }
}

/// Reads a UCI move and finds it among the legal moves.
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, String> {
    parse_uci_among(pos, &legal_moves(pos), text)
}

/// As [`parse_uci`], with the position's legal moves already generated.
pub fn parse_uci_among(pos: &Position, legal: &[Move], text: &str) -> Result<Move, String> {
    let text = text.trim();
    if pos.variant == Variant::Congo {
        return super::fairy::congo::notation::find(pos, text)
            .filter(|m| super::fairy::congo::notation::uci(pos, m).eq_ignore_ascii_case(text))
            .ok_or_else(|| format!("'{text}' is not a legal move here"));
    }
    if pos.variant == Variant::Dynamo && super::fairy::dynamo::notation::looks_dynamo(text) {
        return super::fairy::dynamo::notation::find(pos, legal, text)
            .ok_or_else(|| format!("'{text}' is not a legal push, pull or exit here"));
    }
    if pos.variant == Variant::Portal {
        if let Some(found) = super::fairy::portal::notation::parse(pos, legal, text) {
            return found;
        }
    }
    if pos.variant == Variant::Hostage {
        if let Some(found) = super::fairy::hostage::notation::parse(pos, legal, text) {
            return found;
        }
    }
    if pos.variant == Variant::Stratomic {
        if let Some(found) = super::fairy::stratomic::notation::parse(pos, legal, text) {
            return found;
        }
    }
    let geo = pos.geo;
    if let Some((piece, square)) = text.split_once('@') {
        let role = if piece.is_empty() {
            Role::Pawn
        } else {
            let mut chars = piece.chars();
            match (chars.next().and_then(Role::from_letter), chars.next()) {
                (Some(r), None) => r,
                _ => return Err(format!("'{piece}' is not a piece letter")),
            }
        };
        let to = geo
            .parse_square(square)
            .ok_or_else(|| format!("'{square}' is not a square"))?;
        return legal
            .iter()
            .copied()
            .find(|m| m.kind == MoveKind::Drop && m.role == role && m.to == to)
            .ok_or_else(|| format!("a {} cannot be dropped on {square} now", role.name()));
    }
    let (from, to, promo) = split_squares(pos, text).ok_or_else(|| format!("'{text}' is not a UCI move"))?;
    let promotion = match promo {
        Some(c) => Some(Role::from_letter(c).ok_or_else(|| format!("'{c}' is not a promotion piece"))?),
        None => None,
    };
    let exact = legal.iter().find(|m| {
        !matches!(m.kind, MoveKind::Drop | MoveKind::Launch) && m.from == from && m.to == to && m.promotion == promotion
    });
    if let Some(m) = exact {
        return Ok(*m);
    }
    let castle = legal.iter().find(|m| {
        m.kind == MoveKind::Castle && m.from == from && {
            let (kt, _) = pos.castle_targets(pos.turn, pos.castle_side(pos.turn, m.to));
            kt == to && geo.file(from).abs_diff(geo.file(to)) >= 2
        }
    });
    if let Some(m) = castle {
        return Ok(*m);
    }
    if promotion.is_none()
        && legal
            .iter()
            .any(|m| m.from == from && m.to == to && m.promotion.is_some())
    {
        return Err(format!("'{text}' promotes: add the piece, as in {text}q"));
    }
    Err(format!("{text} is not a legal move here"))
}

/// Splits `e2e4`/`e7e8q` into squares and the promotion letter (board-size aware).
pub fn split_squares(pos: &Position, text: &str) -> Option<(u8, u8, Option<char>)> {
    let geo = pos.geo;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut squares = Vec::new();
    while squares.len() < 2 {
        let start = i;
        if !chars.get(i)?.is_ascii_lowercase() {
            return None;
        }
        i += 1;
        while chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
            i += 1;
        }
        let name: String = chars[start..i].iter().collect();
        squares.push(geo.parse_square(&name)?);
    }
    let promo = match chars.len() - i {
        0 => None,
        1 => Some(chars[i]),
        _ => return None,
    };
    Some((squares[0], squares[1], promo))
}
