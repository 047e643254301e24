//! Dark chess in PGN (`--format darkchess-pgn`): the seven tag roster plus `Variant "Dark
//! chess"`, the moves numbered as chess's and the whole game in it (a file cannot hide part of
//! a record). The reading and writing are the crate's `pgn` module's.

use crate::pgn::{Numbering, SecretPgn};

pub static FORMAT: SecretPgn = SecretPgn {
    name: "darkchess-pgn",
    describe: "PGN for dark chess: the whole game, Variant \"Dark chess\"",
    games: &["darkchess"],
    variant: "Dark chess",
    variant_reads: &["darkchess", "fogofwar"],
    opening_chance: Some("key ?"),
    numbering: Numbering::PerMovePair,
};
