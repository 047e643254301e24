//! The standard-chess fast path: standard chess and Chess960 on the plain 8x8 board as 64-bit
//! sets, for perft and legal move lists. It must give exactly the general engine's moves
//! (`movegen`); any position it cannot represent exactly is left to the general engine.
//!
//! `attacks` (attack sets and line tables), `board` (the sets, read from a `Position`, and
//! making a move), `legal` (legal moves by checks and pins), `perft`.

pub mod attacks;
pub mod board;
pub mod legal;
pub mod perft;

pub use board::Board;

use crate::position::{Move, Position};

/// The legal moves of a standard-chess or Chess960 position by the fast path, or `None`
/// when the position is not one it plays (see [`Board::from_position`]).
pub fn legal_moves(pos: &Position) -> Option<Vec<Move>> {
    let board = Board::from_position(pos)?;
    let mut moves = Vec::with_capacity(64);
    legal::generate(&board, &mut moves);
    Some(moves)
}

/// Perft by the fast path, or `None` when the position is not one it plays.
pub fn perft(pos: &Position, depth: u32) -> Option<u64> {
    Some(perft::perft(&Board::from_position(pos)?, depth))
}
