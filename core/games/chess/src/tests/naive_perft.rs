//! What the naive move generators of the fairy variants share: counting a generator's tree
//! and comparing it with the engine's perft at depths 1 to 3. The generators themselves stay
//! apart, each written from its variant's rules alone.

use crate::variant::Variant;

/// Leaf count `depth` plies deep of the tree a naive generator's `legal` gives.
fn count<B>(board: &B, depth: u32, legal: fn(&B) -> Vec<B>) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal(board).iter().map(|next| count(next, depth - 1, legal)).sum()
}

/// Asserts the engine and the naive generator count the same leaves at depths 1 to 3 from
/// every position, and prints the counts.
pub(super) fn assert_agrees<B>(variant: Variant, fens: &[&str], read: fn(&str) -> B, legal: fn(&B) -> Vec<B>) {
    for fen in fens {
        let board = read(fen);
        for depth in 1..=3 {
            let naive = count(&board, depth, legal);
            let engine = crate::perft::perft(variant, fen, depth).unwrap_or_else(|e| panic!("{fen}: {e}"));
            println!("{fen} depth {depth}: {engine}");
            assert_eq!(engine, naive, "{fen} depth {depth}");
        }
    }
}
