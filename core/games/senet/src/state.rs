//! The state of a Senet game between entries: the board, who acts, the throw in hand and
//! what happened last. It changes only through `throw` and `play`, which assume legality.

use serde::{Deserialize, Serialize};

use super::board::{Board, Dest, Move};
use kifu_core::record::Actor;

/// Throws after which the same player throws again.
pub const EXTRA_THROWS: [u8; 3] = [1, 4, 5];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub board: Board,
    /// The seat (0 or 1) whose turn it is: to throw when `throw` is `None`, else to move.
    pub seat: u8,
    /// The throw waiting to be used.
    pub throw: Option<u8>,
    /// The last throw made, for the display.
    pub last_throw: Option<u8>,
    /// The last move made, with its seat and throw, for the display ("p1 3:14-17").
    pub last_move: Option<String>,
    /// The seat that bore off all its pieces.
    pub winner: Option<u8>,
}

impl State {
    pub fn new(board: Board, seat: u8, throw: Option<u8>) -> State {
        State {
            board,
            seat,
            throw,
            last_throw: throw,
            last_move: None,
            winner: None,
        }
    }

    /// The throw is made: the seat to act now moves with it.
    pub fn throw(&mut self, throw: u8) {
        self.throw = Some(throw);
        self.last_throw = Some(throw);
    }

    /// The move (or pass, `None`) for the throw in hand is made; `text` is its canonical form.
    pub fn play(&mut self, mv: Option<Move>, text: &str) {
        if let Some(mv) = mv {
            self.board.play(mv);
            if mv.to == Dest::Off && self.board.on_board(self.seat) == 0 {
                self.winner = Some(self.seat);
            }
        }
        let throw = self.throw.map(|t| format!("{t}:")).unwrap_or_default();
        self.last_move = Some(format!("{} {throw}{text}", Actor::Seat(self.seat)));
        let again = self.throw.is_some_and(|t| EXTRA_THROWS.contains(&t));
        if !again {
            self.seat = if self.seat == 0 { 1 } else { 0 };
        }
        self.throw = None;
    }
}
