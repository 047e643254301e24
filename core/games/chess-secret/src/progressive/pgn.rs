//! Progressive chess in PGN (`--format progressive-pgn`): the seven tag roster plus
//! `Variant "Progressive (Scottish)"`, and one move number per series (`3. Nf3 Bc4 d3`), as
//! progressive games are printed. The reading and writing are the crate's `pgn` module's.

use crate::pgn::{Numbering, SecretPgn};

pub static FORMAT: SecretPgn = SecretPgn {
    name: "progressive-pgn",
    describe: "PGN for progressive chess: a move number per series, Variant \"Progressive (Scottish)\"",
    games: &["progressive"],
    variant: "Progressive (Scottish)",
    variant_reads: &["progressive"],
    opening_chance: None,
    numbering: Numbering::PerSeries,
};
