//! Every game kifu knows, by registry name, and every notation format beside kifu's own.

pub mod chess;
pub mod condottiere;
pub mod renju;
pub mod senet;

use crate::format::Format;
use crate::game::Game;

/// Every game, in the order `kifu games` lists them.
pub fn all() -> Vec<&'static dyn Game> {
    vec![
        &chess::CHESS,
        &chess::CHESS960,
        &chess::CRAZYHOUSE,
        &chess::ATOMIC,
        &chess::ANTICHESS,
        &chess::HORDE,
        &chess::KINGOFTHEHILL,
        &chess::THREECHECK,
        &chess::RACINGKINGS,
        &senet::GAME,
        &renju::GAME,
        &renju::GOMOKU,
        &condottiere::GAME,
    ]
}

/// A game by its registry name.
pub fn find(name: &str) -> Option<&'static dyn Game> {
    all().into_iter().find(|g| g.name() == name)
}

/// Every notation format beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn Format> {
    vec![
        &chess::notation::PGN,
        &chess::notation::FEN,
        &chess::notation::EPD,
        &chess::notation::UCI,
        &senet::FORMAT,
        &renju::notation::coords::FORMAT,
        &renju::notation::sgf::FORMAT,
        &renju::notation::psq::FORMAT,
        &renju::notation::renjunet::FORMAT,
        &renju::notation::renlib::FORMAT,
    ]
}

/// A format by name.
pub fn format(name: &str) -> Option<&'static dyn Format> {
    formats().into_iter().find(|f| f.name() == name)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::rules::Setup;

    /// What a game lists as its options is what its set-up takes: an unknown key is refused
    /// naming exactly the listed ones.
    #[test]
    fn listed_options_are_the_ones_set_up_takes() {
        for game in super::all() {
            let options = BTreeMap::from([("no-such-option".to_string(), "1".to_string())]);
            let setup = Setup {
                options: &options,
                players: *game.players().start(),
                start: None,
            };
            let Err(error) = game.start(&setup) else {
                panic!("{} took an unknown option", game.name())
            };
            let listed = game.options();
            let expected = if listed.is_empty() {
                "none".to_string()
            } else {
                listed.join(", ")
            };
            assert!(
                error.reason.ends_with(&format!("(this game takes: {expected})")),
                "{}: {} (listed: {expected})",
                game.name(),
                error.reason
            );
        }
    }
}
