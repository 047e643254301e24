//! Knightmare Chess's state: the position (FEN), whose turn it is and which players have
//! played their one card in it, the captured pieces a card may return, the continuing
//! cards in play. Nothing in it is secret (hands are not recorded), so it hides nothing.

use kifu_chess::fen::{parse_fen, parse_state_fen, to_fen};
use kifu_chess::piece::{Color, Piece, Role};
use kifu_chess::{Position, Variant};
use kifu_core::{Outcome, RuleError};
use serde::{Deserialize, Serialize};

pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The kinds a captured piece is counted as, in the order the counts are kept and written.
pub const POOLED: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// Captured pieces per owner (White, Black) and kind ([`POOLED`] order).
pub type Pools = [[u8; 5]; 2];

/// A continuing-effect card beside the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlay {
    pub seat: u8,
    pub name: String,
}

/// What a regular move of this turn changed, kept so a card may take it back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BeforeMove {
    pub fen: String,
    pub captured: Pools,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The position. While the mover's regular move is still to come its side is to move;
    /// once made (or a card stood for it), the other side is.
    pub fen: String,
    /// The seat whose turn it is (0 White, 1 Black).
    pub mover: u8,
    /// Whether each seat has played its card in this turn (one each at most).
    pub played: [bool; 2],
    /// Captured (lost, not dead) pieces, which a card may return.
    pub captured: Pools,
    /// Continuing-effect cards in play, in the order played.
    pub in_play: Vec<InPlay>,
    /// The position before this turn's regular move, while a card may still take it back.
    pub before_move: Option<BeforeMove>,
    pub result: Option<Outcome>,
}

pub fn color_of(seat: u8) -> Color {
    if seat == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// A side's name as a sentence starts it: `White`, `Black`.
pub fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

pub fn pool_index(role: Role) -> Option<usize> {
    POOLED.iter().position(|r| *r == role)
}

impl State {
    /// The start: a FEN, optionally followed by the captured pieces (see [`State::text`]).
    pub fn from_text(text: &str) -> Result<State, RuleError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (fen, pools) = match fields.len() {
            6 => (fields.join(" "), None),
            7 => (fields[..6].join(" "), Some(fields[6])),
            n => {
                return Err(RuleError::new(format!(
                    "a Knightmare position is a FEN (6 fields) and optionally the captured pieces (a 7th, as PPn or -): {n} fields"
                )))
            }
        };
        let pos = parse_fen(Variant::Standard, &fen).map_err(RuleError::new)?;
        let captured = match pools {
            None => [[0; 5]; 2],
            Some(text) => read_pools(text).map_err(RuleError::new)?,
        };
        Ok(State {
            fen: to_fen(&pos),
            mover: pos.turn.index() as u8,
            played: [false; 2],
            captured,
            in_play: Vec::new(),
            before_move: None,
            result: None,
        })
    }

    pub fn position(&self) -> Position {
        // Written by `to_fen` after a check: it always reads back. The side not to move may
        // stand in check while the mover's turn is under way (its card gave check).
        parse_state_fen(Variant::Standard, &self.fen).unwrap_or_else(|_| Position::empty(Variant::Standard))
    }

    /// Whether the mover's regular move of this turn is made (or a card stood for it).
    pub fn moved(&self, pos: &Position) -> bool {
        pos.turn.index() as u8 != self.mover
    }

    /// The other seat's turn begins: its card slots are fresh, nothing can be taken back.
    pub fn begin_turn(&mut self, seat: u8) {
        self.mover = seat;
        self.played = [false; 2];
        self.before_move = None;
    }

    /// Adds a lost piece to its owner's captured pieces (a king is never lost).
    pub fn lose(&mut self, piece: Piece) {
        if let Some(kind) = pool_index(piece.role) {
            let n = &mut self.captured[piece.color.index()][kind];
            *n = n.saturating_add(1);
        }
    }

    /// The position text: the FEN and the captured pieces a card may return (`-` for none).
    pub fn text(&self) -> String {
        format!("{} {}", self.fen, pools_text(&self.captured))
    }

    /// The seats that may enter something now.
    pub fn acting(&self, pos: &Position) -> Vec<u8> {
        let other = 1 - self.mover;
        let mut seats = if self.moved(pos) {
            // The other side may move (opening its turn) or play a card; so may the mover play
            // one, in this turn or (its card here spent) in the next.
            vec![other, self.mover]
        } else {
            let mut s = vec![self.mover];
            if !self.played[other as usize] {
                s.push(other);
            }
            s
        };
        seats.sort_unstable();
        seats
    }
}

/// `PPn`: White's captured pieces in upper case, Black's in lower, kinds in pawn-to-queen
/// order; `-` for none.
pub fn pools_text(pools: &Pools) -> String {
    let mut s = String::new();
    for (owner, counts) in pools.iter().enumerate() {
        for (kind, &n) in POOLED.iter().zip(counts) {
            let letter = kind.letter();
            let letter = if owner == 0 {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            s.extend(std::iter::repeat_n(letter, n as usize));
        }
    }
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

fn read_pools(text: &str) -> Result<Pools, String> {
    let mut pools = [[0u8; 5]; 2];
    if text == "-" {
        return Ok(pools);
    }
    for c in text.chars() {
        let role = Role::from_letter(c).and_then(pool_index);
        let Some(kind) = role.filter(|_| c.is_ascii_alphabetic()) else {
            return Err(format!(
                "'{c}' in the captured pieces '{text}': only P N B R Q (White's) and p n b r q (Black's)"
            ));
        };
        let owner = usize::from(c.is_ascii_lowercase());
        if pools[owner][kind] == u8::MAX {
            return Err(format!("more than {} captured pieces of one kind in '{text}'", u8::MAX));
        }
        pools[owner][kind] += 1;
    }
    if pools_text(&pools) != text {
        return Err(format!(
            "the captured pieces '{text}' are written White's first, each side pawn to queen ('{}')",
            pools_text(&pools)
        ));
    }
    Ok(pools)
}
