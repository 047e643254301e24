//! Plain coordinates: `h8 i9 h7` or `h8i9h7` (a1 bottom left, files a-o on 15x15), with
//! optional move numbers (`1.`) and `pass`. Games are separated by blank lines and read as
//! free-play Renju. It reads and writes text only.

use super::{draft, push, stones};
use kifu_core::format::{Draft, Format, FormatError};
use kifu_core::record::Record;

pub struct Coords;

pub static FORMAT: Coords = Coords;

/// The moves of one line, as typed (`h8`, `pass`).
pub(super) fn tokens(text: &str, line: usize) -> Result<Vec<String>, FormatError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == ';' {
            i += 1;
        } else if c.is_ascii_digit() {
            // A move number such as `12.`.
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            if chars.get(i) != Some(&'.') {
                return Err(FormatError::at_line(line, "a number that is not a move number ('12.')"));
            }
            i += 1;
        } else if chars.len() >= i + 4 && chars[i..i + 4].iter().collect::<String>().eq_ignore_ascii_case("pass") {
            out.push("pass".to_string());
            i += 4;
        } else if c.is_ascii_alphabetic() {
            let mut j = i + 1;
            while j < chars.len() && j < i + 3 && chars[j].is_ascii_digit() {
                j += 1;
            }
            if j == i + 1 {
                return Err(FormatError::at_line(
                    line,
                    format!("'{c}' is not followed by a rank number"),
                ));
            }
            // Two digits make a rank only up to 26; `a13` is a13, `a1b` is a1 then b.
            let digits: String = chars[i + 1..j].iter().collect();
            if digits.len() == 2 && digits.parse::<u32>().unwrap_or(99) > 26 {
                j -= 1;
            }
            out.push(chars[i..j].iter().collect::<String>().to_ascii_lowercase());
            i = j;
        } else {
            return Err(FormatError::at_line(line, format!("'{c}' is not part of a coordinate")));
        }
    }
    Ok(out)
}

impl Format for Coords {
    fn name(&self) -> &'static str {
        "coords"
    }
    fn describe(&self) -> &'static str {
        "plain coordinates (h8 i9 h7, a1 bottom left), one game per paragraph"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["txt", "coords"]
    }
    fn games(&self) -> &'static [&'static str] {
        super::GAMES
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        let mut games = Vec::new();
        let mut current: Option<Result<Draft, FormatError>> = None;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            if line.trim().is_empty() {
                games.extend(current.take());
                continue;
            }
            let slot = current.get_or_insert_with(|| Ok(draft("renju", 15, number)));
            if let Ok(game) = slot {
                match tokens(line, number) {
                    Ok(moves) => moves.into_iter().for_each(|m| push(game, m, number)),
                    Err(e) => *slot = Err(e),
                }
            }
        }
        games.extend(current);
        games
    }

    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let stones = stones(record)?;
        if stones.size != 15 || stones.start.is_some() {
            return Err(FormatError::new(
                "plain coordinates hold only a 15x15 game from the empty board",
            ));
        }
        let moves: Vec<String> = stones
            .moves
            .iter()
            .map(|m| m.map_or("pass".to_string(), |p| p.text()))
            .collect();
        Ok(format!("{}\n", moves.join(" ")))
    }
}
