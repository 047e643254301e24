//! The 9x9 Tablut board: squares named a1..i9 (a1 bottom-left), the three kinds of piece, and
//! OpenTafl's position records (`/3ttt3/.../`, rank 9 first). Knows no rule set.

use serde::{Deserialize, Serialize};

pub const SIZE: usize = 9;
pub const THRONE: Square = Square(4 * 9 + 4);
/// The Tablut start as OpenTafl writes it: black (attackers) `t`, white `T`, the king `K`.
pub const START: &str = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(pub u8);

impl Square {
    pub fn at(file: usize, rank: usize) -> Square {
        Square((rank * SIZE + file) as u8)
    }
    pub fn file(self) -> usize {
        usize::from(self.0) % SIZE
    }
    pub fn rank(self) -> usize {
        usize::from(self.0) / SIZE
    }
    /// The square one step in direction (df, dr), if on the board.
    pub fn step(self, (df, dr): (i32, i32)) -> Option<Square> {
        let file = self.file() as i32 + df;
        let rank = self.rank() as i32 + dr;
        let inside = (0..SIZE as i32).contains(&file) && (0..SIZE as i32).contains(&rank);
        inside.then(|| Square::at(file as usize, rank as usize))
    }
    pub fn is_corner(self) -> bool {
        matches!((self.file(), self.rank()), (0 | 8, 0 | 8))
    }
    pub fn is_edge(self) -> bool {
        self.file() == 0 || self.file() == 8 || self.rank() == 0 || self.rank() == 8
    }
    /// Reads `e5`; `None` for anything else.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        let file = (file.to_ascii_lowercase() as usize).checked_sub('a' as usize)?;
        (file < SIZE && (1..=SIZE).contains(&rank)).then(|| Square::at(file, rank - 1))
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank() + 1)
    }
}

/// The four directions a piece moves and captures in.
pub const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Black,
    White,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
    /// The seat playing this side: black (the attackers) is p1, white p2.
    pub fn seat(self) -> u8 {
        match self {
            Side::Black => 0,
            Side::White => 1,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Piece {
    /// A black soldier (an attacker), `t`.
    Black,
    /// A white soldier (a defender), `T`.
    White,
    /// The white king, `K`.
    King,
}

impl Piece {
    pub fn side(self) -> Side {
        match self {
            Piece::Black => Side::Black,
            Piece::White | Piece::King => Side::White,
        }
    }
    pub fn letter(self) -> char {
        match self {
            Piece::Black => 't',
            Piece::White => 'T',
            Piece::King => 'K',
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// 81 squares, a1 first, rank by rank.
    pub squares: Vec<Option<Piece>>,
}

impl Board {
    pub fn at(&self, square: Square) -> Option<Piece> {
        self.squares[usize::from(square.0)]
    }
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.squares[usize::from(square.0)] = piece;
    }
    pub fn king(&self) -> Option<Square> {
        self.all()
            .find(|(_, piece)| *piece == Piece::King)
            .map(|(square, _)| square)
    }
    /// Every occupied square with its piece, a1 first.
    pub fn all(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(|(index, piece)| piece.map(|p| (Square(index as u8), p)))
    }
    pub fn count(&self, piece: Piece) -> usize {
        self.all().filter(|(_, p)| *p == piece).count()
    }

    /// Reads an OpenTafl position record: nine ranks from 9 down to 1 between slashes.
    pub fn parse(text: &str) -> Result<Board, String> {
        let inner = text
            .trim()
            .strip_prefix('/')
            .and_then(|t| t.strip_suffix('/'))
            .ok_or_else(|| {
                format!(
                    "'{}' is not a position record: it starts and ends with '/'",
                    text.trim()
                )
            })?;
        let rows: Vec<&str> = inner.split('/').collect();
        if rows.len() != SIZE {
            return Err(format!("a Tablut position has 9 ranks, not {}", rows.len()));
        }
        let mut squares = vec![None; SIZE * SIZE];
        for (index, row) in rows.iter().enumerate() {
            let rank = SIZE - 1 - index;
            let mut file = 0;
            let mut digits = String::new();
            let flush = |digits: &mut String, file: &mut usize| -> Result<(), String> {
                if !digits.is_empty() {
                    let run: usize = digits.parse().map_err(|_| format!("rank {}: bad count", rank + 1))?;
                    if run == 0 {
                        return Err(format!("rank {}: an empty run of 0", rank + 1));
                    }
                    *file += run;
                    digits.clear();
                }
                Ok(())
            };
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                flush(&mut digits, &mut file)?;
                let piece = match ch {
                    't' => Piece::Black,
                    'T' => Piece::White,
                    'K' => Piece::King,
                    other => {
                        return Err(format!(
                            "rank {}: '{other}' is no Tablut piece (t black, T white, K king)",
                            rank + 1
                        ))
                    }
                };
                if file >= SIZE {
                    return Err(format!("rank {} has more than 9 squares", rank + 1));
                }
                squares[rank * SIZE + file] = Some(piece);
                file += 1;
            }
            flush(&mut digits, &mut file)?;
            if file != SIZE {
                return Err(format!("rank {} has {file} squares, not 9", rank + 1));
            }
        }
        let board = Board { squares };
        match board.count(Piece::King) {
            1 => Ok(board),
            n => Err(format!("a position needs exactly one king, not {n}")),
        }
    }

    /// The OpenTafl position record.
    pub fn write(&self) -> String {
        let mut out = String::from("/");
        for rank in (0..SIZE).rev() {
            let mut empty = 0;
            for file in 0..SIZE {
                match self.at(Square::at(file, rank)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(piece.letter());
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out.push('/');
        }
        out
    }
}
