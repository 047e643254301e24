//! kifu-core: the record model, the hash chain, chance, the `Rules` trait and every game
//! engine with its notations. A pure library: it never reads a file, a clock or the network.
//!
//! The kernel (`record`, `chance`, `rules`, `game`, `replay`, `diff`) knows no game; each
//! game under `games/` knows the kernel and nothing of other games.

pub mod chance;
pub mod diff;
pub mod format;
pub mod game;
pub mod games;
pub mod record;
pub mod replay;
pub mod rules;

pub use chance::ChanceRng;
pub use game::{Game, Match};
pub use record::{Actor, ChanceMode, Entry, Header, Record};
pub use rules::{Outcome, RuleError, Rules, Setup, Turn, View};
