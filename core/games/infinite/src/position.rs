//! A position (the pieces, the side to move, castling rights, the en passant square, the
//! clocks) and the making of a move already found legal. It never decides legality itself.

use serde::{Deserialize, Serialize};

use super::attack::attackers;
use super::board::{king_of, Board, Kind, Piece, Side, Square};

/// The castling rights, in the order of the position text's `KQkq`.
pub const CASTLINGS: [Castling; 4] = [
    Castling::new(Side::White, true),
    Castling::new(Side::White, false),
    Castling::new(Side::Black, true),
    Castling::new(Side::Black, false),
];

/// One castling: the king from (5, home rank) two squares toward the rook on file 8 (king
/// side) or file 1 (queen side), the rook to the square the king crossed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Castling {
    pub side: Side,
    pub king_side: bool,
}

impl Castling {
    pub const fn new(side: Side, king_side: bool) -> Castling {
        Castling { side, king_side }
    }
    pub fn letter(self) -> char {
        let c = if self.king_side { 'K' } else { 'Q' };
        match self.side {
            Side::White => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }
    pub fn king_from(self) -> Square {
        Square::new(5, self.side.home_rank())
    }
    pub fn king_to(self) -> Square {
        Square::new(if self.king_side { 7 } else { 3 }, self.side.home_rank())
    }
    pub fn rook_from(self) -> Square {
        Square::new(if self.king_side { 8 } else { 1 }, self.side.home_rank())
    }
    pub fn rook_to(self) -> Square {
        Square::new(if self.king_side { 6 } else { 4 }, self.side.home_rank())
    }
    /// The squares between king and rook, which must be empty.
    pub fn between(self) -> Vec<Square> {
        let files: &[i64] = if self.king_side { &[6, 7] } else { &[2, 3, 4] };
        files.iter().map(|&x| Square::new(x, self.side.home_rank())).collect()
    }
    /// The square the king crosses, which must not be attacked.
    pub fn crossed(self) -> Square {
        self.rook_to()
    }
    pub fn index(self) -> usize {
        CASTLINGS.iter().position(|&c| c == self).unwrap_or(0)
    }
}

/// What a legal move does besides carrying a piece from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    Plain,
    /// A pawn's first two-square step.
    DoubleStep,
    /// A pawn takes the pawn on this square, which just stepped past the square moved to.
    EnPassant(Square),
    Castle(Castling),
}

/// A move: from, to, and the piece a pawn becomes on its promotion line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Kind>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub board: Board,
    pub turn: Side,
    /// `KQkq`: see [`CASTLINGS`].
    pub castling: [bool; 4],
    /// The square a pawn that just made its two-square step passed over, kept only when a
    /// legal en passant capture to it exists.
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove: u32,
    pub fullmove: u64,
}

impl Position {
    /// The standard set-up, a1 at (1,1) and h8 at (8,8), white to move, every castling right.
    pub fn start() -> Position {
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
        let mut board = Board::new();
        for (i, kind) in back.into_iter().enumerate() {
            let x = i as i64 + 1;
            board.insert(Square::new(x, 1), Piece::new(Side::White, kind));
            board.insert(Square::new(x, 2), Piece::new(Side::White, Kind::Pawn));
            board.insert(Square::new(x, 7), Piece::new(Side::Black, Kind::Pawn));
            board.insert(Square::new(x, 8), Piece::new(Side::Black, kind));
        }
        Position {
            board,
            turn: Side::White,
            castling: [true; 4],
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// Whether `side`'s king is attacked.
    pub fn in_check(&self, side: Side) -> bool {
        !self.checkers(side).is_empty()
    }

    /// The squares of the pieces giving check to `side`'s king.
    pub fn checkers(&self, side: Side) -> Vec<Square> {
        match king_of(&self.board, side) {
            Some(king) => attackers(&self.board, king, side.other()),
            None => Vec::new(),
        }
    }

    /// Makes a move already found legal, of the kind found. The en passant square it leaves
    /// is only provisional: [`super::moves::play`] clears it when no legal capture uses it.
    pub fn play(&mut self, m: &Move, kind: MoveKind) {
        let Some(mut piece) = self.board.remove(&m.from) else {
            return;
        };
        let captured = self.board.remove(&m.to);
        match kind {
            MoveKind::EnPassant(taken) => {
                self.board.remove(&taken);
            }
            MoveKind::Castle(c) => {
                if let Some(rook) = self.board.remove(&c.rook_from()) {
                    self.board.insert(c.rook_to(), rook);
                }
            }
            MoveKind::Plain | MoveKind::DoubleStep => {}
        }
        if let Some(promoted) = m.promotion {
            piece.kind = promoted;
        }
        self.board.insert(m.to, piece);
        for c in CASTLINGS {
            let king_moved = piece.kind == Kind::King && c.side == piece.side;
            let rook_gone = m.from == c.rook_from() || m.to == c.rook_from();
            if king_moved || rook_gone {
                self.castling[c.index()] = false;
            }
        }
        self.en_passant = match kind {
            MoveKind::DoubleStep => Some(Square::new(m.from.x, m.from.y + piece.side.forward())),
            _ => None,
        };
        let irreversible = piece.kind == Kind::Pawn || captured.is_some();
        self.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.turn == Side::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.turn = self.turn.other();
    }
}
