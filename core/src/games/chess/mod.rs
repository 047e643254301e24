//! Chess and its variants: one engine whose board geometry, piece movement and variant rules
//! are data, registered as one game per variant. Notation readers (PGN) call the pure
//! functions of the modules below; nothing in this folder reads files or clocks.
//!
//! Module map: `shape` (a board shape as data: grid, size, wrapping, holes), `geometry` (a
//! shape's move tables), `piece` (roles and their movement),
//! `variant` (rule switches per variant), `position` (a position and making a move),
//! `movegen` (legal moves), `validate` (is a position legal), `fen` (FEN/EPD), `san` (SAN out,
//! lenient move reading), `uci` (UCI moves), `resolve` (a loose move to the one legal move),
//! `outcome` (game ends), `illegal` (the arbiter's record of an illegal move that stood),
//! `plies` (a record's moves on positions, for the notation writers), `perft`, `start`
//! (set-up, Chess960 numbering), `render`, `rules` (the `Rules` face: commands, draws, results).

pub mod board_json;
pub mod fen;
pub mod geometry;
pub mod illegal;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod plies;
pub mod position;
pub mod render;
pub mod resolve;
pub mod rules;
pub mod san;
pub mod shape;
pub mod start;
pub mod svg;
pub mod uci;
pub mod validate;
pub mod variant;

#[cfg(test)]
mod tests;

pub use position::{Move, MoveKind, Position};
pub use resolve::{resolve, LooseMove, ResolveError};
pub use variant::Variant;

use crate::game::Erased;
use rules::ChessRules;

pub static CHESS: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Standard,
});
pub static CHESS960: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Chess960,
});
pub static CRAZYHOUSE: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Crazyhouse,
});
pub static ATOMIC: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Atomic,
});
pub static ANTICHESS: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Antichess,
});
pub static HORDE: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Horde,
});
pub static KINGOFTHEHILL: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::KingOfTheHill,
});
pub static THREECHECK: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::ThreeCheck,
});
pub static RACINGKINGS: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::RacingKings,
});
