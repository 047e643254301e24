//! The standard-chess fast path: standard chess and Chess960 on the plain 8x8 board as 64-bit
//! sets, for perft and the legal move lists (`movegen` calls it first). It must give exactly
//! the general engine's moves in its order; any position it cannot represent exactly is left
//! to the general engine.
//!
//! `attacks` (attack sets and line tables), `board` (the sets, read from a `Position`, and
//! making a move), `legal` (legal moves by checks and pins), `probe` (questions about the legal
//! moves answered without listing them), `order` (the general engine's order of moves), `perft`.

pub mod attacks;
pub mod board;
pub mod legal;
pub mod order;
pub mod perft;
pub mod probe;

pub use board::Board;

use crate::piece::Role;
use crate::position::{Move, Position};

/// Fills `out` (cleared first) with the legal moves of a standard-chess or Chess960 position
/// by the fast path, in the general engine's order; `false` (and `out` untouched) when the
/// position is not one it plays (see [`Board::from_position`]).
pub fn gen_legal(pos: &Position, out: &mut Vec<Move>) -> bool {
    let Some(board) = Board::from_position(pos) else {
        return false;
    };
    out.clear();
    let mut ordered = order::Ordered::default();
    legal::generate(&board, &mut ordered);
    ordered.write(&board, out);
    true
}

/// Fills `out` (cleared first) with the legal moves of `board` in the generator's own order
/// (pieces by kind, not the general engine's order): for callers that use the moves as a set
/// and never list them.
pub fn gen_legal_unordered(board: &Board, out: &mut Vec<Move>) {
    out.clear();
    legal::generate(board, out);
}

/// SAN's check mark for `m`, a legal move of a standard-chess or Chess960 position (as the
/// fast path's sets): `#` when it mates (the only end with a winner there), `+` when it
/// checks, none otherwise; `None` if `m` leaves the side to move without one king.
pub fn check_mark(board: &Board, m: &Move) -> Option<Option<char>> {
    play_marked(board, m).map(|(_, mark)| mark)
}

/// The sets after `m` and its check mark, as [`check_mark`] gives it (`None` when it gives
/// none).
pub fn play_marked(board: &Board, m: &Move) -> Option<(probe::Sets, Option<char>)> {
    let mut board = board.clone();
    board.play(m);
    if board.pieces(board.turn, Role::King).count_ones() != 1 {
        return None;
    }
    let sets = probe::Sets::of(board);
    let mark = if !sets.in_check() {
        None
    } else if probe::has_legal_move(&sets) {
        Some('+')
    } else {
        Some('#')
    };
    Some((sets, mark))
}

/// How many legal moves by the fast path, or `None` when the position is not one it plays.
pub fn count_legal(pos: &Position) -> Option<u64> {
    let mut count = legal::Count(0);
    legal::generate(&Board::from_position(pos)?, &mut count);
    Some(count.0)
}

/// Perft by the fast path, or `None` when the position is not one it plays.
pub fn perft(pos: &Position, depth: u32) -> Option<u64> {
    Some(perft::perft(&Board::from_position(pos)?, depth))
}
