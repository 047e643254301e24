//! Perft on a [`Board`]: copy-make down the tree, the last ply counted by sets without
//! listing its moves. It never falls back to the general engine; `mod.rs` decides when the
//! board applies.

use super::board::Board;
use super::legal::{generate, Count};
use crate::position::Move;

/// Leaf count of the legal move tree `depth` plies deep.
pub fn perft(board: &Board, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    count(board, depth, &mut buffers)
}

fn count(board: &Board, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let mut leaves = Count(0);
        generate(board, &mut leaves);
        return leaves.0;
    }
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    moves.clear();
    generate(board, moves);
    let mut total = 0;
    for m in moves.iter() {
        let mut next = board.clone();
        next.play(m);
        total += count(&next, depth - 1, rest);
    }
    total
}
