//! Five in a row: Renju and the gomoku / omok rule sets on one engine, with forbidden points
//! by the RIF definitions, fouls, set-up positions, notations and the opening rules.

pub mod board;
pub mod command;
pub mod config;
mod crowding;
pub mod engine;
pub mod forbidden;
pub mod notation;
pub mod opening;
pub mod position;
pub mod ruleset;
pub mod svg;
pub mod view;

#[cfg(test)]
mod tests_engine;
#[cfg(test)]
mod tests_forbidden;

use engine::{FiveInRow, Variant};

/// Renju: the RIF rules, black alone barred from 3-3, 4-4 and overlines.
pub static GAME: kifu_core::game::Erased<FiveInRow> = kifu_core::game::Erased(FiveInRow {
    variant: Variant::Renju,
});

/// Gomoku / omok: the rule set by option (`rules=freestyle|standard|omok`, bans per colour).
pub static GOMOKU: kifu_core::game::Erased<FiveInRow> = kifu_core::game::Erased(FiveInRow {
    variant: Variant::Gomoku,
});

/// Renju and gomoku, in the order `kifu games` lists them.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME, &GOMOKU]
}

/// The five-in-a-row notations: plain coordinates, SGF, Piskvork, RenjuNet and Renlib.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    vec![
        &notation::coords::FORMAT,
        &notation::sgf::FORMAT,
        &notation::psq::FORMAT,
        &notation::renjunet::FORMAT,
        &notation::renlib::FORMAT,
    ]
}

/// This crate's games and formats alone, as a registry: what its notation writers replay their
/// own game's records with, and what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
