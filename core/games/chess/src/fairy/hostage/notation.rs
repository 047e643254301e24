//! How Hostage chess writes an exchange: the prisoner given, `-`, the man released, `@` and
//! the square it drops on (`N-B@f7`, `P-P@d2`), the same in SAN and UCI; the published
//! `(N-B)B*f7` and `(P-P)*d2` are read too. Airfield drops are crazyhouse's `B@f7`. It reads
//! and writes those forms only.

use crate::piece::Role;
use crate::position::{Move, MoveKind, Position};

/// The text of an exchange (SAN without the check mark, and UCI).
pub fn text(pos: &Position, m: &Move, given: Role) -> String {
    format!("{}-{}@{}", given.letter(), m.role.letter(), pos.geo.name(m.to))
}

/// Reads an exchange in either form; `None` when the text is not written as one (then it is
/// read as any other move).
pub fn parse(pos: &Position, legal: &[Move], text: &str) -> Option<Result<Move, String>> {
    let plain = text.trim().trim_end_matches(['+', '#', '!', '?']).replace('*', "@");
    let (given, released, square) = match plain.strip_prefix('(') {
        Some(rest) => {
            let (pair, after) = rest.split_once(')')?;
            let (given, released) = pair.split_once('-')?;
            let (letter, square) = after.split_once('@')?;
            if !letter.is_empty() && !letter.eq_ignore_ascii_case(released) {
                return Some(Err(format!(
                    "'{text}': the man dropped must be the one released ({released})"
                )));
            }
            (given.to_string(), released.to_string(), square.to_string())
        }
        None => {
            let (pair, square) = plain.split_once('@')?;
            let (given, released) = pair.split_once('-')?;
            (given.to_string(), released.to_string(), square.to_string())
        }
    };
    let role = |letter: &str| {
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Role::from_letter(c.to_ascii_uppercase()),
            _ => None,
        }
    };
    let bad = || {
        format!(
            "'{text}' is not an exchange: write the prisoner given, '-', the man released, '@' and a square (N-B@f7)"
        )
    };
    let (Some(given), Some(released), Some(to)) = (
        role(&given),
        role(&released),
        pos.geo.parse_square(&square.to_ascii_lowercase()),
    ) else {
        return Some(Err(bad()));
    };
    let found = legal
        .iter()
        .find(|m| m.kind == MoveKind::Exchange(given) && m.role == released && m.to == to)
        .copied();
    Some(found.ok_or_else(|| {
        format!(
            "the exchange {}-{}@{} is not legal here",
            given.letter(),
            released.letter(),
            pos.geo.name(to)
        )
    }))
}
