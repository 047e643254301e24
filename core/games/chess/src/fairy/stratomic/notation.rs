//! How Stratomic writes a launch: `U`, the nuclea's square, `@` and the target square
//! (`Ua2@e5`), the same in SAN and UCI, so that a launch onto a neighbouring square never
//! reads as the nuclea's step there (`Ub3`, `a2b3`). It reads and writes that form only.

use crate::position::{Move, MoveKind, Position};

/// The text of a launch (SAN without the check mark, and UCI).
pub fn text(pos: &Position, m: &Move) -> String {
    format!("U{}@{}", pos.geo.name(m.from), pos.geo.name(m.to))
}

/// Reads a launch; `None` when the text is not written as one (then it is read as any other
/// move).
pub fn parse(pos: &Position, legal: &[Move], text: &str) -> Option<Result<Move, String>> {
    let plain = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let (launcher, target) = plain.split_once('@')?;
    let from_text = launcher.strip_prefix(['U', 'u'])?;
    let geo = pos.geo;
    let (Some(from), Some(to)) = (
        geo.parse_square(&from_text.to_ascii_lowercase()),
        geo.parse_square(&target.to_ascii_lowercase()),
    ) else {
        return Some(Err(format!(
            "'{text}' is not a launch: write U, the nuclea's square, '@' and the target square (Ua2@e5)"
        )));
    };
    let found = legal
        .iter()
        .find(|m| m.kind == MoveKind::Launch && m.from == from && m.to == to)
        .copied();
    Some(found.ok_or_else(|| {
        let why = if pos
            .piece_at(from)
            .is_none_or(|p| p.color != pos.turn || p.role != crate::piece::Role::Nuclea)
        {
            format!("no {} nuclea stands on {}", pos.turn.name(), geo.name(from))
        } else if !pos.nuclear_armed {
            "no piece other than a pawn has been taken yet".to_string()
        } else if super::attacked(pos, from, pos.turn.other()) {
            format!("the nuclea on {} is attacked", geo.name(from))
        } else {
            format!("it would leave the {} king in check", pos.turn.name())
        };
        format!("the launch {} is not legal here: {why}", plain)
    }))
}
