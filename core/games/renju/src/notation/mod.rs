//! Five-in-a-row notation files: plain coordinates, SGF (`GM[4]`), Piskvork `.psq`, RenjuNet
//! XML databases and Renlib `.lib` trees. This module holds what they share: the stones a
//! record placed, in order, and tidy header text. Formats never judge legality: the rules do
//! when the kernel plays a draft.

pub mod coords;
pub mod psq;
pub mod renjunet;
pub mod renlib;
pub mod result;
pub mod sgf;
mod xml;

#[cfg(test)]
mod tests;

use super::board::{Colour, Point};
use super::position::Position;
use kifu_core::format::{Draft, DraftMove, FormatError};
use kifu_core::record::Record;

/// The games these formats carry.
pub const GAMES: &[&str] = &["renju", "gomoku"];

/// Header text made fit for a kifu header: whitespace runs become one space, ends trimmed,
/// control characters dropped; `None` when nothing is left.
pub fn clean(text: &str) -> Option<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        None
    } else {
        Some(words.join(" "))
    }
}

/// What a record placed: the board size, the set-up position, who moved first, and each
/// stone in order (`None` for a pass). Swaps, offers, declarations and claims are not
/// moves on the board and are left out; the chosen fifth move is the fifth stone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stones {
    pub size: u8,
    pub start: Option<Position>,
    pub first: Colour,
    pub moves: Vec<Option<Point>>,
    /// The seat (0 or 1) holding black after the opening's swaps.
    pub black_seat: usize,
}

impl Stones {
    /// The colour of the stone at index `i` of `moves`.
    pub fn colour(&self, i: usize) -> Colour {
        match i % 2 {
            0 => self.first,
            _ => self.first.other(),
        }
    }
}

/// Reads the stones out of a record of `renju` or `gomoku`.
pub fn stones(record: &Record) -> Result<Stones, FormatError> {
    let header = &record.header;
    if !GAMES.contains(&header.game.as_str()) {
        return Err(FormatError::new(format!(
            "this format carries renju and gomoku, not {}",
            header.game
        )));
    }
    let size = match header.options.get("size") {
        Some(text) => text
            .parse::<u8>()
            .map_err(|_| FormatError::new(format!("option size={text} is not a board size")))?,
        None => 15,
    };
    let start = match &header.start {
        Some(text) => Some(Position::parse(text, size).map_err(FormatError::new)?),
        None => None,
    };
    let first = start.as_ref().map_or(Colour::Black, |p| p.to_move);
    let mut moves = Vec::new();
    let mut black_seat = 0;
    for entry in &record.entries {
        let text = entry.command.as_str();
        if text == "swap" {
            black_seat = 1 - black_seat;
        }
        let point = text.strip_prefix("choose ").unwrap_or(text);
        if text == "pass" {
            moves.push(None);
        } else if let Ok(p) = Point::parse(point, size) {
            moves.push(Some(p));
        }
    }
    Ok(Stones {
        size,
        start,
        first,
        moves,
        black_seat,
    })
}

/// A draft of a free-play game: `renju` on 15x15 unless told otherwise.
pub fn draft(game: &str, size: u8, line: usize) -> Draft {
    let mut draft = Draft {
        game: game.to_string(),
        line,
        ..Draft::default()
    };
    if size != 15 {
        draft.options.insert("size".into(), size.to_string());
    }
    draft
}

/// Adds a move typed as `text`, read from `line`.
pub fn push(draft: &mut Draft, text: String, line: usize) {
    draft.moves.push(DraftMove {
        actor: None,
        text,
        line,
    });
}

/// Puts a header value in, if it has any text.
pub fn tag(draft: &mut Draft, key: &str, value: &str) {
    if let Some(value) = clean(value) {
        draft.tags.insert(key.to_string(), value);
    }
}

/// The name of the player holding `colour` at the end, `?` where unknown.
pub fn player<'a>(record: &'a Record, stones: &Stones, colour: Colour) -> &'a str {
    let seat = match colour {
        Colour::Black => stones.black_seat,
        Colour::White => 1 - stones.black_seat,
    };
    record.header.players.get(seat).map_or("?", String::as_str)
}
