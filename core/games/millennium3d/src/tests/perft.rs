//! Perft from the start and from positions that bring each special move in, counted by the
//! engine and by the naive generator written in `naive.rs` from the rules alone. No published
//! figures exist for this game (none found), so the two independent counts are the check.

use super::naive::Naive;
use crate::board::Position;
use crate::fen;
use crate::moves::perft;

fn both(pos: &Position, depth: u32) -> (u64, u64) {
    (perft(pos, depth), Naive::from_position(pos).perft(depth))
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn start_perft_1_to_3_agrees_with_the_naive_generator() {
    let start = Position::start();
    // 100 at depth 1 is also counted by hand on the page: 8 pawns x 6 pushes, knights 7 each,
    // rooks 6, bishops 4, the queen 12, the king 6.
    for (depth, expected) in [(1, 100), (2, 9_992), (3, 1_061_917)] {
        let (engine, naive) = both(&start, depth);
        assert_eq!(engine, naive, "depth {depth}");
        assert_eq!(engine, expected, "depth {depth}");
    }
}

/// Positions that bring in castling under attack, promotions with capture, and en passant
/// after each of the three double steps; depth 3 by both generators.
const SPECIAL: [&str; 4] = [
    // Castling both ways for both, a black queen on level 2 watching squares of level 1.
    "8/8/8/8/8/8/8/R3K2R|8/8/8/3q4/8/8/8/8|r3k2r/8/8/8/8/8/8/8 w KQkq - 0 1",
    // A promotion by capture and by push, and en passant after a forward double step.
    "8/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|rn2k3/1P6/8/3pP3/8/8/8/8 w - 3d6 0 1",
    // En passant on level 2 after Black's vertical double step 3c7-1c7.
    "8/2p5/1P6/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/8 w - 2c7 0 1",
    // En passant after Black's slanting double step 3f7-1f5, taken from level 2.
    "8/8/8/5p2/8/8/8/4K3|8/8/8/6P1/8/8/8/8|4k3/8/8/8/8/8/8/8 w - 2f6 0 1",
];

#[test]
fn special_positions_agree_with_the_naive_generator_to_depth_3() {
    for text in SPECIAL {
        let pos = fen::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        for depth in 1..=3 {
            let (engine, naive) = both(&pos, depth);
            assert_eq!(engine, naive, "{text} depth {depth}");
        }
    }
}
