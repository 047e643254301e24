//! The arbiter's `illegal MOVE` entry in chess and its variants: the side to move made this move
//! although it is illegal, the opponent did not claim it and the arbiter did not catch it before
//! the next move, so it stands (FIDE Laws 7.5; in rapid and blitz Appendix A.4.2). This module
//! reads the entry, checks that the move was illegal and leaves a position play can go on from,
//! and makes it as a plain piece transfer. It never lets a legal move through as illegal, and
//! never decides who may enter one (the rules allow the arbiter only).

use super::geometry::holds;
use super::piece::{Color, Role};
use super::position::{Move, MoveKind, Position};
use super::san::move_to_san;
use super::uci::{parse_uci, split_squares};
use super::validate::validate_irregular;
use super::variant::Safety;

/// The word that opens the entry.
pub const KEYWORD: &str = "illegal";

/// What the PGN export writes after such a move.
pub const PGN_COMMENT: &str = "illegal move, stood (FIDE 7.5)";

/// A move from one square to another that the side to move made although it is illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMove {
    pub from: u8,
    pub to: u8,
    /// The piece a pawn reaching its last rank became.
    pub promotion: Option<Role>,
}

/// The move text of an entry, if `text` is one: what follows the keyword `illegal`.
/// Only the start is trimmed before the keyword is looked for, so a move's text (every entry
/// a replay reads comes here first) is not trimmed at both ends for nothing.
pub fn entry_move(text: &str) -> Option<&str> {
    let rest = text.trim_start().strip_prefix(KEYWORD)?;
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| rest.trim())
}

/// Reads the move as typed: `e1g1`, `e1-g1`, `Ke1-g1`, `Nb1xd5`, `e7e8q`, `e7-e8=Q`. A piece
/// letter, if given, must name the piece on the from-square.
pub fn parse(pos: &Position, text: &str) -> Result<IllegalMove, String> {
    let usage = "write the move as 'illegal e1g1': the from-square, the to-square and a promotion piece if any";
    let word = text.trim();
    if word.is_empty() {
        return Err(format!(
            "'{KEYWORD}' takes its move in the same command, as in '{KEYWORD} e1g1' (quoted whole on a command line)"
        ));
    }
    if word.split_whitespace().count() > 1 {
        return Err(format!("'{word}': {usage}"));
    }
    if word.contains('@') {
        return Err(format!(
            "'{word}': only a move from one square to another can be recorded as illegal, not a drop"
        ));
    }
    let mut chars: Vec<char> = word
        .chars()
        .map(|c| Role::from_figurine(c).map(|r| r.letter()).unwrap_or(c))
        .collect();
    while chars.last().is_some_and(|c| matches!(c, '+' | '#' | '!' | '?')) {
        chars.pop();
    }
    let letter = match chars.first() {
        Some(c) if c.is_ascii_uppercase() => {
            let role = Role::from_letter(*c).ok_or_else(|| format!("'{word}': '{c}' is not a piece letter"))?;
            chars.remove(0);
            Some(role)
        }
        _ => None,
    };
    let body: String = chars
        .iter()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':' | '=' | '/'))
        .collect::<String>()
        .to_ascii_lowercase();
    let (from, to, promo) = split_squares(pos, &body).ok_or_else(|| format!("'{word}': {usage}"))?;
    let promotion = match promo {
        Some(c) => Some(Role::from_letter(c).ok_or_else(|| format!("'{word}': '{c}' is not a promotion piece"))?),
        None => None,
    };
    if let (Some(role), Some(piece)) = (letter, pos.piece_at(from)) {
        if role != piece.role {
            return Err(format!(
                "'{word}': {} holds a {}, not a {}",
                pos.geo.name(from),
                piece.role.name(),
                role.name()
            ));
        }
    }
    Ok(IllegalMove { from, to, promotion })
}

/// The entry's canonical text: `illegal` and the move in UCI form (`illegal e1g1`, `illegal e7e8q`).
pub fn canonical(pos: &Position, m: &IllegalMove) -> String {
    format!("{KEYWORD} {}", squares_text(pos, m))
}

fn squares_text(pos: &Position, m: &IllegalMove) -> String {
    let promo = m
        .promotion
        .map(|r| r.letter().to_ascii_lowercase().to_string())
        .unwrap_or_default();
    format!("{}{}{promo}", pos.geo.name(m.from), pos.geo.name(m.to))
}

/// Whether a variant's kings are royal (every variant but antichess): a side that has one may
/// not lose it.
fn royal_kings(pos: &Position) -> bool {
    pos.variant.safety() != Safety::None
}

/// Checks that the move was illegal and can stand, and makes it: the position after. The move
/// is a plain transfer made as the variant makes a move (a capture takes what stands on the
/// to-square, into the pocket in crazyhouse, exploding in atomic; a king or rook that moves loses
/// its castling); it never castles, never takes en passant and never opens an en passant capture.
pub fn make(pos: &Position, m: &IllegalMove) -> Result<Position, String> {
    let geo = pos.geo;
    let us = pos.turn;
    let (from, to) = (geo.name(m.from), geo.name(m.to));
    let piece = match pos.piece_at(m.from) {
        Some(p) if p.color == us => p,
        Some(p) => {
            return Err(format!(
                "{from} holds a {} {}: the side to move is {}",
                p.color.name(),
                p.role.name(),
                us.name()
            ))
        }
        None => {
            return Err(format!(
                "there is no piece on {from}: the side to move is {}",
                us.name()
            ))
        }
    };
    if m.from == m.to {
        return Err(format!("a move from {from} to {from} moves nothing"));
    }
    if let Ok(legal) = parse_uci(pos, &squares_text(pos, m)) {
        return Err(format!(
            "{} is a legal move here ({}): enter it as {}'s move, not as an illegal one",
            squares_text(pos, m),
            move_to_san(pos, &legal),
            us.name()
        ));
    }
    if let Some(target) = pos.piece_at(m.to) {
        if target.color == us {
            return Err(format!(
                "{to} holds a {} {}: a piece never takes one of its own side",
                us.name(),
                target.role.name()
            ));
        }
        if target.role == Role::King && royal_kings(pos) {
            return Err(format!(
                "that takes the {} king: a side left without its king cannot play on, so it cannot stand",
                target.color.name()
            ));
        }
    }
    check_promotion(pos, m, piece.role)?;
    let mut after = pos.clone();
    after.play(&Move {
        role: piece.role,
        from: m.from,
        to: m.to,
        promotion: m.promotion,
        kind: MoveKind::Normal,
    });
    if royal_kings(pos) {
        for color in [Color::White, Color::Black] {
            if pos.kings[color.index()].is_some() && after.kings[color.index()].is_none() {
                return Err(format!(
                    "that leaves {} without a king: a side left without its king cannot play on, so it cannot stand",
                    color.name()
                ));
            }
        }
    }
    validate_irregular(&after).map_err(|e| format!("the position it leaves cannot stand: {e}"))?;
    Ok(after)
}

/// A pawn reaching its last rank is replaced (by a queen when the player left it, FIDE 7.5.2:
/// the record names the piece that stood); nothing else promotes.
fn check_promotion(pos: &Position, m: &IllegalMove, role: Role) -> Result<(), String> {
    let last = role == Role::Pawn && holds(&pos.geo.promotion[pos.turn.index()], m.to);
    let text = squares_text(pos, m);
    match (last, m.promotion) {
        (true, None) => Err(format!(
            "a pawn reaching the last rank is replaced by a piece (a queen when the player left the pawn there, FIDE 7.5.2): name it, as in '{KEYWORD} {text}q'"
        )),
        (false, Some(_)) => Err(format!(
            "only a pawn reaching its last rank promotes: leave the piece out of '{text}'"
        )),
        (true, Some(Role::Pawn)) => Err("a pawn does not promote to a pawn".into()),
        (true, Some(Role::King)) if !pos.variant.promote_to_king() => {
            Err(format!("a pawn does not promote to a king in {}", pos.variant.name()))
        }
        _ => Ok(()),
    }
}

/// The move written SAN-like for a game score: the piece letter (none for a pawn), the whole
/// from-square, `x` for a capture, the to-square, `=Q` for a promotion, `+` when the side to
/// move after it is in check (`Ke1g1`, `Nb1xd5`, `e7e8=Q+`). `after` is the position it left.
pub fn written(pos: &Position, m: &IllegalMove, after: &Position) -> String {
    let geo = pos.geo;
    let mut s = String::new();
    if let Some(piece) = pos.piece_at(m.from).filter(|p| p.role != Role::Pawn) {
        s.push(piece.role.letter());
    }
    s.push_str(&geo.name(m.from));
    if pos.board[m.to as usize] != 0 {
        s.push('x');
    }
    s.push_str(&geo.name(m.to));
    if let Some(p) = m.promotion {
        s.push('=');
        s.push(p.letter());
    }
    if after.in_check(after.turn) {
        s.push('+');
    }
    s
}

/// The mark shown beside the entry wherever the record is shown.
pub fn remark(pos: &Position, m: &IllegalMove) -> String {
    let text = match make(pos, m) {
        Ok(after) => written(pos, m, &after),
        Err(_) => squares_text(pos, m),
    };
    format!("illegal move {text} by {}, stood (FIDE 7.5)", pos.turn.name())
}
