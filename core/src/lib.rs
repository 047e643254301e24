//! kifu-core, the kernel: the record model, the hash chain, chance, the `Rules` trait, replay,
//! verify, diff and the `Format` trait for notation files. A pure library: it never reads a
//! file, a clock or the network.
//!
//! The kernel knows no game: the games are crates of their own under `core/games/`, and the
//! `Registry` of them is handed to every kernel function that needs a game by name (the
//! registry crate `kifu-games` lists every game kifu ships).
//!
//! What it looks like in use, with every game registered, is shown in the registry crate
//! `kifu-games` (`core/registry`).

pub mod chance;
pub mod commitment;
pub mod diff;
pub mod format;
pub mod game;
pub mod parallel;
pub mod record;
pub mod registry;
pub mod replay;
pub mod rules;

pub use chance::ChanceRng;
pub use commitment::{Commitment, Opening};
pub use game::{Game, Match};
pub use record::{Actor, ChanceMode, Entry, Header, Record};
pub use registry::Registry;
pub use rules::{Outcome, RuleError, Rules, Setup, Turn, View};
