//! Chess and its variants: one engine whose board geometry, piece movement and variant rules
//! are data, registered as one game per variant. Notation readers (PGN) call the pure
//! functions of the modules below; nothing in this folder reads files or clocks.
//!
//! Module map: `shape` (a board shape as data: grid, size, wrapping, holes), `geometry` (a
//! shape's move tables), `piece` (roles and their movement),
//! `variant` (rule switches per variant), `boards` (the other boards' shapes and set-ups),
//! `pawn_zones` (where pawns promote and to what), `position` (a position and making a move),
//! `movegen` (legal moves), `validate` (is a position legal), `fen` (FEN/EPD), `san` (SAN out,
//! lenient move reading), `uci` (UCI moves), `resolve` (a loose move to the one legal move),
//! `outcome` (game ends), `illegal` (the arbiter's record of an illegal move that stood),
//! `plies` (a record's moves on positions, for the notation writers), `perft`, `bitboard` (standard chess and Chess960 as
//! 64-bit sets: the fast path of `movegen` and `perft`, and the questions replay asks of a
//! position without listing its moves), `start`
//! (set-up, Chess960 numbering), `render`, `repetition` (what each rules version keeps for repetitions and what its state hash
//! covers), `derived` (what a state works out from its FEN and keeps: the position, its legal
//! moves, the position a move leads to), `named` (the commands other than moves, by name),
//! `rules` (the `Rules` face: commands, draws, results), `versions` (the earlier rules
//! versions kept for their records).

pub mod bitboard;
pub mod board_json;
pub mod boards;
mod command_text;
mod counters;
pub mod derived;
pub mod fairy;
pub mod fen;
pub mod geometry;
pub mod illegal;
pub mod movegen;
pub mod named;
pub mod notation;
pub mod outcome;
pub mod pawn_zones;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod plies;
pub mod position;
pub mod render;
pub mod repetition;
pub mod resolve;
pub mod rules;
pub mod san;
pub mod shape;
pub mod start;
pub mod svg;
pub mod uci;
pub mod validate;
pub mod variant;
mod versions;

#[cfg(test)]
mod tests;

pub use position::{Move, MoveKind, Position};
pub use resolve::{resolve, LooseMove, ResolveError};
pub use variant::Variant;

use kifu_core::game::Erased;
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
pub static EXTINCTION: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Extinction,
});
pub static LOSALAMOS: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::LosAlamos,
});
pub static DUNSANY: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Dunsany,
});
pub static CYLINDER: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Cylinder,
});
pub static GRID: Erased<ChessRules> = Erased(ChessRules { variant: Variant::Grid });
pub static GLINSKI: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Glinski,
});
pub static MONOCHROMATIC: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Monochromatic,
});
pub static PATROL: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Patrol,
});
pub static MADRASI: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Madrasi,
});
pub static ANDERNACH: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Andernach,
});
pub static ANTIANDERNACH: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::AntiAndernach,
});
pub static CIRCE: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Circe,
});
pub static KNIGHTRELAY: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::KnightRelay,
});
pub static BALBO: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Balbo,
});
pub static ALICE: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Alice,
});
pub static DOUBLECHESS: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::DoubleChess,
});
pub static CHAD: Erased<ChessRules> = Erased(ChessRules { variant: Variant::Chad });
pub static CONGO: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Congo,
});
pub static MASONIC: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Masonic,
});
pub static PLENDER: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Plender,
});
pub static CHESSENCE: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Chessence,
});
pub static DYNAMO: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Dynamo,
});
pub static PORTAL: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Portal,
});
pub static HOSTAGE: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Hostage,
});
pub static STRATOMIC: Erased<ChessRules> = Erased(ChessRules {
    variant: Variant::Stratomic,
});

/// Chess and every variant this crate registers, in the order `kifu games` lists them.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![
        &CHESS,
        &CHESS960,
        &CRAZYHOUSE,
        &ATOMIC,
        &ANTICHESS,
        &HORDE,
        &KINGOFTHEHILL,
        &THREECHECK,
        &RACINGKINGS,
        &EXTINCTION,
        &LOSALAMOS,
        &DUNSANY,
        &CYLINDER,
        &GRID,
        &GLINSKI,
        &MONOCHROMATIC,
        &PATROL,
        &MADRASI,
        &ANDERNACH,
        &ANTIANDERNACH,
        &CIRCE,
        &KNIGHTRELAY,
        &BALBO,
        &ALICE,
        &DOUBLECHESS,
        &CHAD,
        &CONGO,
        &MASONIC,
        &PLENDER,
        &CHESSENCE,
        &DYNAMO,
        &PORTAL,
        &HOSTAGE,
        &STRATOMIC,
    ]
}

/// The chess notations: PGN, FEN, EPD and UCI.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    vec![&notation::PGN, &notation::FEN, &notation::EPD, &notation::UCI]
}

/// This crate's games and formats alone, as a registry: what its notation writers replay their
/// own game's records with, and what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
