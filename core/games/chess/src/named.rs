//! The chess commands other than moves by the words that name them (`resign`, `draw offer`,
//! `accept`, ...), read in any case. It never reads a move: a text with a digit is not one.

use super::rules::Command;

/// The commands other than moves, by the one or two words (any case) that name them.
const NAMED: [(&str, &str, Command); 15] = [
    ("resign", "", Command::Resign),
    ("resigns", "", Command::Resign),
    ("draw", "offer", Command::OfferDraw),
    ("offer", "draw", Command::OfferDraw),
    ("offer", "", Command::OfferDraw),
    ("draw?", "", Command::OfferDraw),
    ("draw", "accept", Command::AcceptDraw),
    ("accept", "draw", Command::AcceptDraw),
    ("accept", "", Command::AcceptDraw),
    ("draw", "decline", Command::DeclineDraw),
    ("decline", "draw", Command::DeclineDraw),
    ("decline", "", Command::DeclineDraw),
    ("draw", "claim", Command::ClaimDraw),
    ("claim", "draw", Command::ClaimDraw),
    ("claim", "", Command::ClaimDraw),
];

/// The command other than a move that `text` names (see [`NAMED`]), if any.
pub(crate) fn named_command(text: &str) -> Option<Command> {
    // None of the names has a digit, and every move but castling has one: most texts end here.
    if text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let second = words.next().unwrap_or("");
    if words.next().is_some() {
        return None;
    }
    NAMED
        .iter()
        .find(|(a, b, _)| first.eq_ignore_ascii_case(a) && second.eq_ignore_ascii_case(b))
        .map(|(_, _, command)| command.clone())
}
