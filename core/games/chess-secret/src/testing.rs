//! What the games' tests share: a header for a two-player record of one of this crate's games
//! and the outcome of a replay that has ended. Test code only; never part of a game.

use kifu_core::record::{ChanceMode, Header};
use kifu_core::replay::Replay;
use kifu_core::{Outcome, Turn};

/// A header for `game` (rules version 1) between two players, with a fixed id and an optional
/// start position.
pub fn header(game: &str, start: Option<&str>, chance: ChanceMode) -> Header {
    let mut header = Header::new(game, 1, vec!["White".into(), "Black".into()], chance);
    header.id = Some(fixed_id(game));
    header.start = start.map(str::to_string);
    header
}

/// A fixed record id per game: the name's bytes, repeated to 16.
fn fixed_id(game: &str) -> [u8; 16] {
    let mut id = [0u8; 16];
    for (slot, b) in id.iter_mut().zip(game.bytes().cycle()) {
        *slot = b;
    }
    id
}

/// The outcome, once the game replayed so far is over.
pub fn over(replay: &Replay) -> Option<Outcome> {
    match replay.turn() {
        Turn::Over { outcome } => Some(outcome),
        _ => None,
    }
}
