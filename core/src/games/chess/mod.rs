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
pub mod render;
pub mod resolve;
pub mod rules;
pub mod san;
pub mod start;
pub mod uci;
pub mod validate;
pub mod variant;

#[cfg(test)]
mod tests;

use crate::game::Erased;
use rules::ChessRules;
use variant::Variant;

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
