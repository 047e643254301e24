//! The 8x8x3 board: squares named level digit, file, rank (`1e2`), the men, and the position
//! (men, side to move, castling rights, en passant square, clocks). Plain data; no rules here.

use serde::{Deserialize, Serialize};

/// Levels 1 (bottom, White's) to 3 (top, Black's), stored 0 to 2.
pub const LEVELS: i8 = 3;
pub const SQUARES: usize = 192;

/// A square as its index: level * 64 + rank * 8 + file, each counted from 0.
pub type Square = u8;

pub fn square(level: i8, file: i8, rank: i8) -> Option<Square> {
    if (0..LEVELS).contains(&level) && (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((level as u8) * 64 + (rank as u8) * 8 + file as u8)
    } else {
        None
    }
}

pub fn level(s: Square) -> i8 {
    (s / 64) as i8
}
pub fn file(s: Square) -> i8 {
    (s % 8) as i8
}
pub fn rank(s: Square) -> i8 {
    ((s % 64) / 8) as i8
}

/// The square `(dl, df, dr)` away from `s`, if on the board.
pub fn offset(s: Square, dl: i8, df: i8, dr: i8) -> Option<Square> {
    square(level(s) + dl, file(s) + df, rank(s) + dr)
}

/// The square's name: level digit, file letter, rank digit (`1e2`).
pub fn name(s: Square) -> String {
    format!("{}{}{}", level(s) + 1, (b'a' + file(s) as u8) as char, rank(s) + 1)
}

/// Reads a square's name (`1e2`, exactly three characters).
pub fn parse_square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() != 3 {
        return None;
    }
    let level = b[0].checked_sub(b'1')? as i8;
    let file = b[1].checked_sub(b'a')? as i8;
    let rank = b[2].checked_sub(b'1')? as i8;
    square(level, file, rank)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
    pub fn seat(self) -> u8 {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
    /// The rank step of this side's pawns.
    pub fn forward(self) -> i8 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::King => 'K',
        }
    }
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c {
            'P' => Kind::Pawn,
            'N' => Kind::Knight,
            'B' => Kind::Bishop,
            'R' => Kind::Rook,
            'Q' => Kind::Queen,
            'K' => Kind::King,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Man {
    pub colour: Colour,
    pub kind: Kind,
}

impl Man {
    /// FEN's letter: upper case for White.
    pub fn letter(self) -> char {
        match self.colour {
            Colour::White => self.kind.letter(),
            Colour::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
    pub fn from_letter(c: char) -> Option<Man> {
        let kind = Kind::from_letter(c.to_ascii_uppercase())?;
        let colour = if c.is_ascii_uppercase() {
            Colour::White
        } else {
            Colour::Black
        };
        Some(Man { colour, kind })
    }
}

/// Castling rights as bits: White's king side, queen side, Black's king side, queen side.
pub const WHITE_SHORT: u8 = 1;
pub const WHITE_LONG: u8 = 2;
pub const BLACK_SHORT: u8 = 4;
pub const BLACK_LONG: u8 = 8;

/// A double step's trace: the square passed over (where a capture en passant lands) and the
/// square of the pawn that made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnPassant {
    pub passed: Square,
    pub pawn: Square,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// One entry a square, by index.
    pub men: Vec<Option<Man>>,
    pub to_move: Colour,
    pub castling: u8,
    pub en_passant: Option<EnPassant>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    pub fullmove: u32,
}

impl Position {
    pub fn empty() -> Position {
        Position {
            men: vec![None; SQUARES],
            to_move: Colour::White,
            castling: 0,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The standard array: White's on level 1, Black's on level 3, level 2 empty.
    pub fn start() -> Position {
        let mut pos = Position::empty();
        let back = [
            Kind::Rook,
            Kind::Knight,
            Kind::Bishop,
            Kind::Queen,
            Kind::King,
            Kind::Bishop,
            Kind::Knight,
            Kind::Rook,
        ];
        for (f, kind) in back.into_iter().enumerate() {
            let f = f as i8;
            pos.put(square(0, f, 0), Colour::White, kind);
            pos.put(square(0, f, 1), Colour::White, Kind::Pawn);
            pos.put(square(2, f, 6), Colour::Black, Kind::Pawn);
            pos.put(square(2, f, 7), Colour::Black, kind);
        }
        pos.castling = WHITE_SHORT | WHITE_LONG | BLACK_SHORT | BLACK_LONG;
        pos
    }

    fn put(&mut self, at: Option<Square>, colour: Colour, kind: Kind) {
        if let Some(s) = at {
            self.men[s as usize] = Some(Man { colour, kind });
        }
    }

    pub fn at(&self, s: Square) -> Option<Man> {
        self.men[s as usize]
    }

    pub fn king(&self, colour: Colour) -> Option<Square> {
        (0..SQUARES as u8).find(|&s| {
            self.at(s)
                == Some(Man {
                    colour,
                    kind: Kind::King,
                })
        })
    }
}

/// Where each side's king and rooks stand at the start (castling's squares), on its own level.
pub fn home_level(colour: Colour) -> i8 {
    match colour {
        Colour::White => 0,
        Colour::Black => 2,
    }
}
pub fn home_rank(colour: Colour) -> i8 {
    match colour {
        Colour::White => 0,
        Colour::Black => 7,
    }
}
