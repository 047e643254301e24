//! Sides, pieces, squares with integer coordinates and the board as a sorted map of the few
//! squares that hold a piece. It knows nothing of moves or rules; it never iterates a HashMap.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The farthest coordinate kifu keeps, either way on either axis: 10^15. Every difference of
/// two coordinates then fits an `i64` with room to spare; a square beyond it is refused by name.
pub const LIMIT: i64 = 1_000_000_000_000_000;

/// A side. White is seat 0 (p1), black seat 1 (p2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    pub fn seat(self) -> u8 {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
    /// The way this side's pawns go along y.
    pub fn forward(self) -> i64 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }
    /// The rank this side's pawns start on and may step two squares from.
    pub fn pawn_rank(self) -> i64 {
        match self {
            Side::White => 2,
            Side::Black => 7,
        }
    }
    /// The line this side's pawns promote on (reached, not crossed).
    pub fn promotion_rank(self) -> i64 {
        match self {
            Side::White => 8,
            Side::Black => 1,
        }
    }
    /// The rank this side's king and rooks start on (castling).
    pub fn home_rank(self) -> i64 {
        match self {
            Side::White => 1,
            Side::Black => 8,
        }
    }
}

/// What a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Kind {
    /// The upper-case letter of the notation and the position text.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
        }
    }
    /// Whether it slides along rank and file lines.
    pub fn slides_straight(self) -> bool {
        matches!(self, Kind::Queen | Kind::Rook)
    }
    /// Whether it slides along diagonals.
    pub fn slides_diagonally(self) -> bool {
        matches!(self, Kind::Queen | Kind::Bishop)
    }
}

/// What a pawn may promote to.
pub const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }
    /// Its letter in the position text: upper case white, lower case black.
    pub fn letter(self) -> char {
        match self.side {
            Side::White => self.kind.letter(),
            Side::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
    pub fn describe(self) -> String {
        format!("{} {}", self.side.name(), self.kind.name())
    }
}

/// A square: a pair of integers within ±[`LIMIT`]. a1 is (1,1), h8 is (8,8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    pub x: i64,
    pub y: i64,
}

impl Square {
    pub const fn new(x: i64, y: i64) -> Square {
        Square { x, y }
    }
    /// The square `k` steps of (dx, dy) away, if it is within the kept coordinates.
    pub fn offset(self, dx: i64, dy: i64, k: i64) -> Option<Square> {
        let x = self.x.checked_add(dx.checked_mul(k)?)?;
        let y = self.y.checked_add(dy.checked_mul(k)?)?;
        within(x, y).then_some(Square { x, y })
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// Whether both coordinates are within ±[`LIMIT`].
pub fn within(x: i64, y: i64) -> bool {
    (-LIMIT..=LIMIT).contains(&x) && (-LIMIT..=LIMIT).contains(&y)
}

/// The unit step from `from` toward `to` and the number of steps, when they share a rank, a
/// file or a diagonal (and differ); `None` otherwise.
pub fn line_between(from: Square, to: Square) -> Option<((i64, i64), i64)> {
    let dx = to.x - from.x;
    let dy = to.y - from.y;
    if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return None;
    }
    Some(((dx.signum(), dy.signum()), dx.abs().max(dy.abs())))
}

/// The pieces on the board, by square. Only occupied squares are kept.
pub type Board = BTreeMap<Square, Piece>;

/// Whether no piece stands strictly between two squares on one line, however far apart: the
/// pieces are looked through, never the squares.
pub fn clear_between(board: &Board, from: Square, to: Square) -> bool {
    let Some((step, steps)) = line_between(from, to) else {
        return false;
    };
    !board
        .keys()
        .any(|&sq| line_between(from, sq).is_some_and(|(s, k)| s == step && k < steps))
}

/// The square of `side`'s king, if it has one.
pub fn king_of(board: &Board, side: Side) -> Option<Square> {
    board
        .iter()
        .find(|(_, p)| p.side == side && p.kind == Kind::King)
        .map(|(sq, _)| *sq)
}
