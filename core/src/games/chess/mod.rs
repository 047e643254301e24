//! Chess and its variants: one engine whose board geometry, piece movement and variant rules
//! are data, registered as one game per variant. Notation readers (PGN) call the pure
//! functions re-exported here; nothing in this folder reads files or clocks.

pub mod fen;
pub mod geometry;
pub mod movegen;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod resolve;
pub mod san;
pub mod uci;
pub mod validate;
pub mod variant;

#[cfg(test)]
mod tests;
