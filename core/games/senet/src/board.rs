//! The Senet board and the movement rules of one throw: where a piece may go, what it meets,
//! which moves the player has. Pure functions over the squares; it knows nothing of turns.

use serde::{Deserialize, Serialize};

/// Squares on the track, numbered 1 to 30 along the S.
pub const SQUARES: u8 = 30;
/// Pieces each player starts with.
pub const PIECES: u8 = 5;
/// The square a piece must stop on before going further.
pub const HOUSE_OF_HAPPINESS: u8 = 26;
/// The water: a piece here goes back or waits for a 4.
pub const WATER: u8 = 27;
/// Where a piece taken out of the water goes back to.
pub const REBIRTH: u8 = 15;

/// Where a move ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dest {
    Square(u8),
    /// Borne off the board.
    Off,
}

/// One move of one piece; `from` is its square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub from: u8,
    pub to: Dest,
}

/// Which seat (0 or 1) holds each square; index 0 is square 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub squares: [Option<u8>; SQUARES as usize],
}

impl Board {
    /// The standard start: p1 on the odd squares 1-9, p2 on the even squares 2-10.
    pub fn start() -> Board {
        let mut squares = [None; SQUARES as usize];
        for (index, square) in squares.iter_mut().take(10).enumerate() {
            *square = Some((index % 2) as u8);
        }
        Board { squares }
    }

    /// Who holds square `square` (1-based); `None` when empty or off the track.
    pub fn at(&self, square: u8) -> Option<u8> {
        let index = usize::from(square).checked_sub(1)?;
        self.squares.get(index).copied().flatten()
    }

    pub fn set(&mut self, square: u8, seat: Option<u8>) {
        if let Some(slot) = usize::from(square)
            .checked_sub(1)
            .and_then(|index| self.squares.get_mut(index))
        {
            *slot = seat;
        }
    }

    /// How many of a seat's pieces are on the board.
    pub fn on_board(&self, seat: u8) -> u8 {
        self.squares.iter().filter(|s| **s == Some(seat)).count() as u8
    }

    /// How many of a seat's pieces have been borne off.
    pub fn borne_off(&self, seat: u8) -> u8 {
        PIECES.saturating_sub(self.on_board(seat))
    }

    /// A piece is protected when a piece of the same side stands next to it along the track;
    /// squares 27-30 take no part in protection.
    pub fn protected(&self, square: u8) -> bool {
        let Some(owner) = self.at(square) else {
            return false;
        };
        let guards = |other: u8| (1..=HOUSE_OF_HAPPINESS).contains(&other) && self.at(other) == Some(owner);
        square <= HOUSE_OF_HAPPINESS && (guards(square - 1) || guards(square + 1))
    }

    /// Why `seat` may not land on `square`, or `None` if it may.
    pub fn landing_refusal(&self, seat: u8, square: u8) -> Option<String> {
        match self.at(square) {
            None => None,
            Some(owner) if owner == seat => Some(format!("square {square} is taken by your own piece")),
            Some(_) if self.protected(square) => Some(format!(
                "the piece on square {square} is protected by a neighbour of its own side"
            )),
            Some(_) => None,
        }
    }

    /// Where a piece coming out of the water goes: square 15, or if that is taken the
    /// nearest empty square before it.
    pub fn rebirth_square(&self) -> Option<u8> {
        (1..=REBIRTH).rev().find(|square| self.at(*square).is_none())
    }

    /// The forward move (bear-offs and the way back out of the water included) of the piece
    /// on `from` with `throw`, or why there is none. The piece must be `seat`'s.
    pub fn forward_moves(&self, seat: u8, from: u8, throw: u8) -> Result<Vec<Move>, String> {
        let off = Move { from, to: Dest::Off };
        match from {
            WATER => {
                let mut moves = Vec::new();
                if throw == 4 {
                    moves.push(off);
                }
                if let Some(back) = self.rebirth_square() {
                    moves.push(Move {
                        from,
                        to: Dest::Square(back),
                    });
                }
                Ok(moves)
            }
            28 if throw == 3 => Ok(vec![off]),
            28 => Err("a piece on square 28 bears off only with a throw of 3".into()),
            29 if throw == 2 => Ok(vec![off]),
            29 => Err("a piece on square 29 bears off only with a throw of 2".into()),
            30 => Ok(vec![off]),
            HOUSE_OF_HAPPINESS if throw == 5 => Ok(vec![off]),
            _ => {
                let to = from.saturating_add(throw);
                if from < HOUSE_OF_HAPPINESS && to > HOUSE_OF_HAPPINESS {
                    return Err(format!(
                        "no piece may pass square 26 without stopping on it ({from} + {throw} = {to})"
                    ));
                }
                match self.landing_refusal(seat, to) {
                    Some(why) => Err(why),
                    None => Ok(vec![Move {
                        from,
                        to: Dest::Square(to),
                    }]),
                }
            }
        }
    }

    /// Every move `seat` has with `throw`: the forward moves if there are any, else every
    /// one-square step back, else nothing (the player must pass).
    pub fn moves(&self, seat: u8, throw: u8) -> Vec<Move> {
        let own: Vec<u8> = (1..=SQUARES).filter(|s| self.at(*s) == Some(seat)).collect();
        let forward: Vec<Move> = own
            .iter()
            .filter_map(|from| self.forward_moves(seat, *from, throw).ok())
            .flatten()
            .collect();
        if !forward.is_empty() {
            return forward;
        }
        own.iter()
            .filter(|from| (2..=HOUSE_OF_HAPPINESS).contains(*from))
            .filter(|from| self.landing_refusal(seat, *from - 1).is_none())
            .map(|from| Move {
                from: *from,
                to: Dest::Square(*from - 1),
            })
            .collect()
    }

    /// Plays a move already known to be legal: a piece met on the landing square changes
    /// place with the mover, except that a piece met on 28-30 goes to the water if it is empty.
    pub fn play(&mut self, mv: Move) {
        let Some(seat) = self.at(mv.from) else {
            return;
        };
        self.set(mv.from, None);
        let Dest::Square(to) = mv.to else {
            return;
        };
        if let Some(met) = self.at(to) {
            let refuge = if (28..=30).contains(&to) && self.at(WATER).is_none() {
                WATER
            } else {
                mv.from
            };
            self.set(refuge, Some(met));
        }
        self.set(to, Some(seat));
    }
}
