//! The chess rules versions kept for the records made under them (versions 1 and 2), one game
//! a variant each, found by `Rules::at_version`. Their rules are `rules.rs`'s, with the
//! version's own repetitions and state hash (`repetition`); nothing here plays a move.

use kifu_core::game::{Erased, Game};

use super::variant::{Variant, VARIANTS};

/// One chess variant at rules version 2, kept so that the records made under it replay and
/// verify with their own state hashes (see `at_version`). It plays exactly as version 3.
#[derive(Debug, Clone)]
pub struct ChessRulesV2 {
    pub variant: Variant,
}

/// One chess variant at rules version 1, kept as version 2 is. It plays exactly as version 3.
#[derive(Debug, Clone)]
pub struct ChessRulesV1 {
    pub variant: Variant,
}

/// Every variant at a kept rules version, in `VARIANTS` order.
macro_rules! every_variant {
    ($rules:ident) => {{
        let mut games = [const {
            Erased($rules {
                variant: Variant::Standard,
            })
        }; VARIANTS.len()];
        let mut i = 0;
        while i < VARIANTS.len() {
            games[i] = Erased($rules { variant: VARIANTS[i] });
            i += 1;
        }
        games
    }};
}

static VERSION_1: [Erased<ChessRulesV1>; VARIANTS.len()] = every_variant!(ChessRulesV1);
static VERSION_2: [Erased<ChessRulesV2>; VARIANTS.len()] = every_variant!(ChessRulesV2);

/// A variant's game at an earlier rules version, if this kifu keeps it (versions 1 and 2).
pub(crate) fn at_version(variant: Variant, version: u32) -> Option<&'static dyn Game> {
    let i = VARIANTS.iter().position(|&v| v == variant)?;
    match version {
        1 => Some(&VERSION_1[i]),
        2 => Some(&VERSION_2[i]),
        _ => None,
    }
}
