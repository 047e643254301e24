//! The Djambi board: 81 squares named a1..i9, the Labyrinth (e5) at the centre, pieces that
//! are alive (with the seat that controls them, or none) or dead (corpses). Plain data; it
//! knows how pieces stand, never what may be played.

use serde::{Deserialize, Serialize};

pub const SIZE: u8 = 9;
/// The central square, the Labyrinth (the "maze"): only a chief may stop there.
pub const MAZE: Square = Square(40);
/// The eight directions a piece moves in, as (file, rank) steps.
pub const DIRECTIONS: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The four squares beside a square that a reporter reaches.
pub const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The seats' colours in turn order: seat 0 red, 1 blue, 2 yellow, 3 green.
pub const COLOURS: [char; 4] = ['r', 'b', 'y', 'g'];
pub const COLOUR_NAMES: [&str; 4] = ["red", "blue", "yellow", "green"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square(pub u8);

impl Square {
    pub fn at(file: u8, rank: u8) -> Square {
        Square(rank * SIZE + file)
    }
    pub fn file(self) -> u8 {
        self.0 % SIZE
    }
    pub fn rank(self) -> u8 {
        self.0 / SIZE
    }
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SIZE * SIZE).map(Square)
    }
    /// The next square in a direction, if it is on the board.
    pub fn step(self, (df, dr): (i8, i8)) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        let inside = (0..SIZE as i8).contains(&file) && (0..SIZE as i8).contains(&rank);
        inside.then(|| Square::at(file as u8, rank as u8))
    }
    /// Reads `a1`..`i9`.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return None;
        };
        let file = (f as u32).checked_sub('a' as u32)?;
        let rank = (r as u32).checked_sub('1' as u32)?;
        (file < SIZE as u32 && rank < SIZE as u32).then(|| Square::at(file as u8, rank as u8))
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    Chief,
    Assassin,
    Reporter,
    Diplomat,
    Necromobile,
    Militant,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Chief,
        Kind::Assassin,
        Kind::Reporter,
        Kind::Diplomat,
        Kind::Necromobile,
        Kind::Militant,
    ];
    pub fn letter(self) -> char {
        match self {
            Kind::Chief => 'C',
            Kind::Assassin => 'A',
            Kind::Reporter => 'R',
            Kind::Diplomat => 'D',
            Kind::Necromobile => 'N',
            Kind::Militant => 'M',
        }
    }
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == letter)
    }
    pub fn name(self) -> &'static str {
        match self {
            Kind::Chief => "chief",
            Kind::Assassin => "assassin",
            Kind::Reporter => "reporter",
            Kind::Diplomat => "diplomat",
            Kind::Necromobile => "necromobile",
            Kind::Militant => "militant",
        }
    }
    /// The name with its article: "a chief", "an assassin".
    pub fn a(self) -> String {
        let article = if self == Kind::Assassin { "an" } else { "a" };
        format!("{article} {}", self.name())
    }
    /// How far the piece goes in one direction: militants two squares, the others any number.
    pub fn reach(self) -> u8 {
        if self == Kind::Militant {
            2
        } else {
            SIZE - 1
        }
    }
}

/// A piece on the board. A living piece is controlled by a seat, or by nobody (the pieces of a
/// player encircled while no chief was in power); a corpse belongs to nobody.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub kind: Kind,
    pub alive: bool,
    pub owner: Option<u8>,
}

impl Piece {
    pub fn living(kind: Kind, seat: u8) -> Piece {
        Piece {
            kind,
            alive: true,
            owner: Some(seat),
        }
    }
    pub fn corpse(kind: Kind) -> Piece {
        Piece {
            kind,
            alive: false,
            owner: None,
        }
    }
    /// Alive and controlled by a seat other than `seat`: what a killer or a diplomat may act on.
    pub fn is_enemy_of(self, seat: u8) -> bool {
        self.alive && self.owner.is_some_and(|o| o != seat)
    }
    /// The position text's two letters: the controller's colour (`n` for nobody, `x` for a
    /// corpse) and the kind.
    pub fn token(self) -> String {
        let colour = match (self.alive, self.owner) {
            (false, _) => 'x',
            (true, None) => 'n',
            (true, Some(seat)) => COLOURS[usize::from(seat)],
        };
        format!("{colour}{}", self.kind.letter())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    cells: Vec<Option<Piece>>,
}

impl Board {
    pub fn empty() -> Board {
        Board {
            cells: vec![None; usize::from(SIZE * SIZE)],
        }
    }

    /// The published start: each seat's nine pieces in a corner, the chief on the corner
    /// square (seeds/chess/djambi.md has the diagram).
    pub fn start() -> Board {
        // Rows outward from the corner: along the chief's rank first.
        const CORNER: [[Kind; 3]; 3] = [
            [Kind::Chief, Kind::Assassin, Kind::Militant],
            [Kind::Reporter, Kind::Diplomat, Kind::Militant],
            [Kind::Militant, Kind::Militant, Kind::Necromobile],
        ];
        // Red a1, blue i1, yellow i9, green a9: the turn goes round the board.
        let corners: [(u8, u8, i8, i8); 4] = [(0, 0, 1, 1), (8, 0, -1, 1), (8, 8, -1, -1), (0, 8, 1, -1)];
        let mut board = Board::empty();
        for (seat, (file, rank, df, dr)) in corners.into_iter().enumerate() {
            for (row, kinds) in CORNER.iter().enumerate() {
                for (column, kind) in kinds.iter().enumerate() {
                    let f = file as i8 + df * column as i8;
                    let r = rank as i8 + dr * row as i8;
                    board.put(Square::at(f as u8, r as u8), Some(Piece::living(*kind, seat as u8)));
                }
            }
        }
        board
    }

    pub fn at(&self, square: Square) -> Option<Piece> {
        self.cells[usize::from(square.0)]
    }
    pub fn put(&mut self, square: Square, piece: Option<Piece>) {
        self.cells[usize::from(square.0)] = piece;
    }
    pub fn is_empty(&self, square: Square) -> bool {
        self.at(square).is_none()
    }
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|s| self.at(s).map(|p| (s, p)))
    }
    /// The square of the living chief `seat` controls, if any.
    pub fn chief_of(&self, seat: u8) -> Option<Square> {
        self.pieces()
            .find(|(_, p)| p.kind == Kind::Chief && p.alive && p.owner == Some(seat))
            .map(|(s, _)| s)
    }
    /// The seat whose living chief stands in the Labyrinth: the player in power.
    pub fn in_power(&self) -> Option<u8> {
        self.at(MAZE)
            .filter(|p| p.alive && p.kind == Kind::Chief)
            .and_then(|p| p.owner)
    }

    /// The position text: ranks 9 down to 1 split by `/`, a two-letter token a piece, digits
    /// for runs of empty squares.
    pub fn write(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (0..SIZE).rev() {
            let mut text = String::new();
            let mut run = 0;
            for file in 0..SIZE {
                match self.at(Square::at(file, rank)) {
                    None => run += 1,
                    Some(piece) => {
                        if run > 0 {
                            text.push_str(&run.to_string());
                            run = 0;
                        }
                        text.push_str(&piece.token());
                    }
                }
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
            ranks.push(text);
        }
        ranks.join("/")
    }

    /// Reads the board part of the position text, saying what is wrong and where.
    pub fn parse(text: &str) -> Result<Board, String> {
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != usize::from(SIZE) {
            return Err(format!("the board has {} ranks, not 9", ranks.len()));
        }
        let mut board = Board::empty();
        for (row, line) in ranks.iter().enumerate() {
            let rank = SIZE - 1 - row as u8;
            let mut file = 0u8;
            let mut chars = line.chars();
            while let Some(c) = chars.next() {
                if let Some(run) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    file += run as u8;
                } else {
                    let letter = chars.next();
                    let kind = letter.and_then(Kind::from_letter).ok_or_else(|| {
                        format!(
                            "rank {}: '{c}{}' is not a piece (colour r, b, y, g, n or x, then C, A, R, D, N or M)",
                            rank + 1,
                            letter.map(String::from).unwrap_or_default()
                        )
                    })?;
                    let piece = match c {
                        'x' => Piece::corpse(kind),
                        'n' => Piece {
                            kind,
                            alive: true,
                            owner: None,
                        },
                        _ => match COLOURS.iter().position(|&k| k == c) {
                            Some(seat) => Piece::living(kind, seat as u8),
                            None => {
                                return Err(format!("rank {}: '{c}' is not a colour (r, b, y, g, n or x)", rank + 1))
                            }
                        },
                    };
                    if file >= SIZE {
                        return Err(format!("rank {} has more than 9 squares", rank + 1));
                    }
                    board.put(Square::at(file, rank), Some(piece));
                    file += 1;
                }
                if file > SIZE {
                    return Err(format!("rank {} has more than 9 squares", rank + 1));
                }
            }
            if file != SIZE {
                return Err(format!("rank {} has {file} squares, not 9", rank + 1));
            }
        }
        Ok(board)
    }
}
