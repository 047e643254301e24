//! Colours, piece roles and their movement as data (slides and leaps), plus the one-byte
//! square code the board stores. It knows nothing of boards or rules.

/// A side. White is seat 0 (p1), black seat 1 (p2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The side a FEN letter (a piece, a castling right) names: upper case for white.
    pub fn of_letter(c: char) -> Color {
        if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// What a piece is. The discriminants are the low four bits of a square code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    Pawn = 1,
    Knight = 2,
    Bishop = 3,
    Rook = 4,
    Queen = 5,
    King = 6,
    /// Congo's pieces (see `fairy::congo`): none of them stands on any other variant's board.
    Lion = 7,
    Zebra = 8,
    Giraffe = 9,
    Elephant = 10,
    Crocodile = 11,
    Monkey = 12,
    Superpawn = 13,
    /// Stratomic's nuclea (nuclear missile, see `fairy::stratomic`): on no other board.
    Nuclea = 14,
}

/// Every role of standard chess, pawn first (the order pockets are kept in).
pub const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The leaper table a role jumps with (which rays it slides along is the geometry's
/// [`super::geometry::Geometry::slides`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leap {
    None,
    Knight,
    King,
}

impl Role {
    pub fn index(self) -> usize {
        self as usize - 1
    }
    pub fn from_code(code: u8) -> Option<Role> {
        match code & ROLE_BITS {
            1 => Some(Role::Pawn),
            2 => Some(Role::Knight),
            3 => Some(Role::Bishop),
            4 => Some(Role::Rook),
            5 => Some(Role::Queen),
            6 => Some(Role::King),
            7 => Some(Role::Lion),
            8 => Some(Role::Zebra),
            9 => Some(Role::Giraffe),
            10 => Some(Role::Elephant),
            11 => Some(Role::Crocodile),
            12 => Some(Role::Monkey),
            13 => Some(Role::Superpawn),
            14 => Some(Role::Nuclea),
            _ => None,
        }
    }
    pub fn leap(self) -> Leap {
        match self {
            Role::Knight => Leap::Knight,
            Role::King | Role::Nuclea => Leap::King,
            _ => Leap::None,
        }
    }
    /// The upper-case English letter (`P` for a pawn).
    pub fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Lion => 'L',
            Role::Zebra => 'Z',
            Role::Giraffe => 'G',
            Role::Elephant => 'E',
            Role::Crocodile => 'C',
            Role::Monkey => 'M',
            Role::Superpawn => 'S',
            Role::Nuclea => 'U',
        }
    }
    /// A role from an English letter of either case.
    pub fn from_letter(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            'L' => Some(Role::Lion),
            'Z' => Some(Role::Zebra),
            'G' => Some(Role::Giraffe),
            'E' => Some(Role::Elephant),
            'C' => Some(Role::Crocodile),
            'M' => Some(Role::Monkey),
            'S' => Some(Role::Superpawn),
            'U' => Some(Role::Nuclea),
            _ => None,
        }
    }
    /// A role from a figurine of either colour.
    pub fn from_figurine(c: char) -> Option<Role> {
        match c {
            '♔' | '♚' => Some(Role::King),
            '♕' | '♛' => Some(Role::Queen),
            '♖' | '♜' => Some(Role::Rook),
            '♗' | '♝' => Some(Role::Bishop),
            '♘' | '♞' => Some(Role::Knight),
            '♙' | '♟' => Some(Role::Pawn),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::Lion => "lion",
            Role::Zebra => "zebra",
            Role::Giraffe => "giraffe",
            Role::Elephant => "elephant",
            Role::Crocodile => "crocodile",
            Role::Monkey => "monkey",
            Role::Superpawn => "superpawn",
            Role::Nuclea => "nuclea",
        }
    }
}

/// A piece on a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

/// The square code bits holding the role.
pub const ROLE_BITS: u8 = 15;
/// The square code bit for black.
pub const BLACK_BIT: u8 = 16;
/// The square code bit for a piece that was a pawn before promotion (crazyhouse).
pub const PROMOTED_BIT: u8 = 32;
/// The square code bit for a piece standing on the second board (Alice chess).
pub const BOARD_B_BIT: u8 = 64;

impl Piece {
    pub fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
    /// The square code: 0 is empty; role in the low bits, [`BLACK_BIT`] for black.
    pub fn code(self) -> u8 {
        self.role as u8 | if self.color == Color::Black { BLACK_BIT } else { 0 }
    }
    pub fn from_code(code: u8) -> Option<Piece> {
        let role = Role::from_code(code)?;
        let color = if code & BLACK_BIT != 0 {
            Color::Black
        } else {
            Color::White
        };
        Some(Piece { color, role })
    }
    /// The FEN letter: upper case for white.
    pub fn fen_char(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        let color = Color::of_letter(c);
        Some(Piece { color, role })
    }
}

/// The code with the promoted and board markers stripped: what the piece is and whose.
pub fn plain(code: u8) -> u8 {
    code & !(PROMOTED_BIT | BOARD_B_BIT)
}
