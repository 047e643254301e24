//! Five in a row: Renju and the gomoku / omok rule sets on one engine, with forbidden points
//! by the RIF definitions, fouls, set-up positions, notations and the opening rules.

pub mod board;
pub mod forbidden;
pub mod position;
pub mod ruleset;

#[cfg(test)]
mod tests_forbidden;
