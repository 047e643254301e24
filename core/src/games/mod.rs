//! Every game kifu knows, by registry name, and every notation format beside kifu's own.

use crate::format::Format;
use crate::game::Game;

pub mod chess;

/// Every game, in the order `kifu games` lists them.
pub fn all() -> Vec<&'static dyn Game> {
    vec![]
}

/// A game by its registry name.
pub fn find(name: &str) -> Option<&'static dyn Game> {
    all().into_iter().find(|g| g.name() == name)
}

/// Every notation format beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn Format> {
    vec![]
}

/// A format by name.
pub fn format(name: &str) -> Option<&'static dyn Format> {
    formats().into_iter().find(|f| f.name() == name)
}
