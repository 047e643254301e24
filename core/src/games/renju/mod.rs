//! Five in a row: Renju and the gomoku / omok rule sets on one engine, with forbidden points
//! by the RIF definitions, fouls, set-up positions, notations and the opening rules.

pub mod board;
pub mod command;
pub mod config;
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
pub static GAME: crate::game::Erased<FiveInRow> = crate::game::Erased(FiveInRow {
    variant: Variant::Renju,
});

/// Gomoku / omok: the rule set by option (`rules=freestyle|standard|omok`, bans per colour).
pub static GOMOKU: crate::game::Erased<FiveInRow> = crate::game::Erased(FiveInRow {
    variant: Variant::Gomoku,
});
