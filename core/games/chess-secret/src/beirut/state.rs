//! Beirut's state: the chess position as FEN, which piece is which (the square each piece
//! started on, so a carrier named at the start can be found later), and each side's bomb as a
//! commitment only. It must never hold a bomb's square in clear before its detonation.

use kifu_chess::fen::{parse_fen, to_fen};
use kifu_chess::piece::{Color, Role};
use kifu_chess::{Move, MoveKind, Position, Variant};
use kifu_core::{Commitment, Outcome, RuleError};
use serde::{Deserialize, Serialize};

/// A side's bomb as the record knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bomb {
    /// Not yet chosen: the game waits for the side's commitment.
    Unchosen,
    /// Chosen in secret: only the commitment is known.
    Committed(Commitment),
    /// Gone off; the carrier's start square is public now.
    Detonated { carrier: u8 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The chess position in FEN (standard rules).
    pub fen: String,
    /// Per square (a1 = 0 ... h8 = 63): 0 when empty, else 1 + the square its piece started on.
    pub origins: Vec<u8>,
    /// White's bomb, then Black's.
    pub bombs: [Bomb; 2],
    /// Set when the game has ended.
    pub result: Option<Outcome>,
}

pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl State {
    /// The start from a FEN, optionally followed by the identity field (see [`State::text`]).
    pub fn from_text(text: &str) -> Result<State, RuleError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (fen, moved) = match fields.len() {
            6 => (fields.join(" "), None),
            7 => (fields[..6].join(" "), Some(fields[6])),
            n => {
                return Err(RuleError::new(format!(
                    "a Beirut position is a FEN (6 fields) and optionally the moved pieces' start squares (a 7th): {n} fields"
                )))
            }
        };
        let pos = parse_fen(Variant::Standard, &fen).map_err(RuleError::new)?;
        let mut origins = vec![0u8; 64];
        for sq in 0..64u8 {
            if pos.piece_at(sq).is_some() {
                origins[sq as usize] = sq + 1;
            }
        }
        if let Some(list) = moved.filter(|l| *l != "-") {
            for pair in list.split(',') {
                let (now, start) = pair
                    .split_once('<')
                    .ok_or_else(|| RuleError::new(format!("'{pair}': a moved piece is written NOW<START (f3<g1)")))?;
                let now = square(&pos, now)?;
                let start = square(&pos, start)?;
                if pos.piece_at(now).is_none() {
                    return Err(RuleError::new(format!(
                        "'{pair}': no piece stands on {}",
                        name(&pos, now)
                    )));
                }
                origins[now as usize] = start + 1;
            }
            let mut seen: Vec<u8> = origins.iter().copied().filter(|o| *o != 0).collect();
            seen.sort_unstable();
            if seen.windows(2).any(|w| w[0] == w[1]) {
                return Err(RuleError::new("two pieces are given the same start square"));
            }
        }
        Ok(State {
            fen,
            origins,
            bombs: [Bomb::Unchosen; 2],
            result: None,
        })
    }

    pub fn position(&self) -> Position {
        // The FEN was written by `to_fen` or checked at set-up: it always reads back.
        parse_fen(Variant::Standard, &self.fen).unwrap_or_else(|_| Position::empty(Variant::Standard))
    }

    /// The position text: the FEN, then the moved pieces as `NOW<START` (`-` for none), then
    /// the bombs, White's then Black's: `-` unchosen, `c` committed, or the carrier's start
    /// square once it went off (`x:g1`).
    pub fn text(&self) -> String {
        let pos = self.position();
        let moved: Vec<String> = (0..64u8)
            .filter(|&sq| self.origins[sq as usize] != 0 && self.origins[sq as usize] != sq + 1)
            .map(|sq| format!("{}<{}", name(&pos, sq), name(&pos, self.origins[sq as usize] - 1)))
            .collect();
        let moved = if moved.is_empty() {
            "-".to_string()
        } else {
            moved.join(",")
        };
        let bomb = |b: &Bomb| match b {
            Bomb::Unchosen => "-".to_string(),
            Bomb::Committed(_) => "c".to_string(),
            Bomb::Detonated { carrier } => format!("x:{}", name(&pos, *carrier)),
        };
        format!("{} {moved} {}/{}", self.fen, bomb(&self.bombs[0]), bomb(&self.bombs[1]))
    }

    /// Plays a chess move, carrying each piece's start square with it.
    pub fn play(&mut self, pos: &mut Position, m: &Move) {
        let mut next = vec![0u8; 64];
        if m.kind == MoveKind::Castle {
            let side = pos.castle_side(pos.turn, m.to);
            let (king_to, rook_to) = pos.castle_targets(pos.turn, side);
            next[king_to as usize] = self.origins[m.from as usize];
            next[rook_to as usize] = self.origins[m.to as usize];
        } else {
            next[m.to as usize] = self.origins[m.from as usize];
        }
        pos.play(m);
        for (sq, slot) in next.iter_mut().enumerate() {
            let untouched = sq != m.from as usize && sq != m.to as usize;
            if *slot == 0 && untouched && pos.piece_at(sq as u8).is_some() {
                *slot = self.origins[sq];
            }
        }
        self.origins = next;
        self.fen = to_fen(pos);
    }

    /// The square of the piece that started on `start`, if it is still on the board.
    pub fn carrier_square(&self, start: u8) -> Option<u8> {
        (0..64u8).find(|&sq| self.origins[sq as usize] == start + 1)
    }

    /// Whether `color` may still hold a bomb that can go off: committed and some man of its
    /// own (not the king) left to carry it.
    pub fn may_detonate(&self, pos: &Position, color: Color) -> bool {
        matches!(self.bombs[color.index()], Bomb::Committed(_)) && pos.pieces(color).any(|(_, role)| role != Role::King)
    }
}

pub fn name(pos: &Position, sq: u8) -> String {
    pos.geo.name(sq)
}

pub fn square(pos: &Position, text: &str) -> Result<u8, RuleError> {
    pos.geo
        .parse_square(text)
        .ok_or_else(|| RuleError::new(format!("'{text}' is not a square")))
}
