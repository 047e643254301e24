//! The set-up position notation: `b:h8,i9 w:h9 to:b` (black stones, white stones, the
//! colour to move; each part optional, `to` defaulting to black when the counts are equal
//! and to white when black has one stone more). It reads and writes text only.

use super::board::{Board, Colour, Point};

/// A set-up position: the stones and the colour to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub board: Board,
    pub to_move: Colour,
}

fn colour_word(text: &str) -> Option<Colour> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" | "x" => Some(Colour::Black),
        "w" | "white" | "o" => Some(Colour::White),
        _ => None,
    }
}

impl Position {
    /// Reads the notation on a board of `size`.
    pub fn parse(text: &str, size: u8) -> Result<Position, String> {
        let mut board = Board::new(size);
        let mut to_move = None;
        for part in text.split_whitespace() {
            let (key, list) = part
                .split_once(':')
                .ok_or_else(|| format!("set-up part '{part}' is not 'b:points', 'w:points' or 'to:colour'"))?;
            if key.eq_ignore_ascii_case("to") {
                to_move = Some(colour_word(list).ok_or_else(|| format!("set-up 'to:{list}' is not b or w"))?);
                continue;
            }
            let colour = colour_word(key).ok_or_else(|| format!("set-up part '{part}': '{key}' is not b or w"))?;
            for item in list.split(',').filter(|s| !s.is_empty()) {
                let p = Point::parse(item, size).map_err(|e| format!("set-up: {e}"))?;
                if board.get(p).is_some() {
                    return Err(format!("set-up: {} is given twice", p.text()));
                }
                board.set(p, Some(colour));
            }
        }
        let black = board.stones(Colour::Black).len();
        let white = board.stones(Colour::White).len();
        let to_move = match to_move {
            Some(c) => c,
            None if black == white + 1 => Colour::White,
            None => Colour::Black,
        };
        Ok(Position { board, to_move })
    }

    /// The canonical text: `b:` and `w:` lists row by row from a1, then `to:`.
    pub fn text(&self) -> String {
        let list = |c: Colour| {
            self.board
                .stones(c)
                .iter()
                .map(|p| p.text())
                .collect::<Vec<_>>()
                .join(",")
        };
        let to = match self.to_move {
            Colour::Black => "b",
            Colour::White => "w",
        };
        format!("b:{} w:{} to:{to}", list(Colour::Black), list(Colour::White))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_defaults_and_round_trips() {
        let pos = Position::parse("b:h8,i9 w:h9", 15).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.to_move, Colour::White);
        assert_eq!(pos.text(), "b:h8,i9 w:h9 to:w");
        assert_eq!(Position::parse(&pos.text(), 15), Ok(pos));
        let pos = Position::parse("W:a1 to:black", 15).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.text(), "b: w:a1 to:b");
        assert!(Position::parse("b:h8,h8", 15).unwrap_err().contains("twice"));
        assert!(Position::parse("b:z9", 15).is_err());
        assert!(Position::parse("h8", 15).is_err());
        assert!(Position::parse("to:grey", 15).is_err());
    }
}
