//! kifu-core: the record model, the hash chain, chance, the `Rules` trait and every game
//! engine with its notations. A pure library: it never reads a file, a clock or the network.
//!
//! The kernel (`record`, `chance`, `rules`, `game`, `replay`, `diff`) knows no game; each
//! game under `games/` knows the kernel and nothing of other games.
//!
//! Recording a game of Senet with seeded throws, then checking it as an auditor would:
//!
//! ```
//! use kifu_core::chance::commitment;
//! use kifu_core::record::{text, ChanceMode, Header, Record};
//! use kifu_core::replay::{verify_text, Replay, SeedCheck};
//! use kifu_core::Turn;
//!
//! let seed = b"a club night seed of 32 bytes!!!";
//! let mut header = Header::new("senet", 1, vec!["Ani".into(), "Hunefer".into()],
//!     ChanceMode::Seeded { commitment: commitment(seed) });
//! header.id = Some([0x42; 16]); // a store gives a random one
//! let mut replay = Replay::start(&header).unwrap();
//! replay.set_seed(seed).unwrap();
//! let mut record = Record::new(header);
//! loop {
//!     record.entries.extend(replay.draw_chance(None).unwrap()); // a throw
//!     if let Turn::Over { .. } = replay.turn() {
//!         break;
//!     }
//!     let first_move = replay.current().legal().unwrap()[0].clone();
//!     record.entries.push(replay.play(None, &first_move, None).unwrap());
//! }
//! record.entries.push(replay.reveal(None).unwrap()); // only once the game is over
//!
//! let file = text::write(&record);
//! let report = verify_text(&text::read(&file).unwrap());
//! assert!(report.failure.is_none());
//! assert_eq!(report.seed, SeedCheck::Checked);
//!
//! // One changed throw is found at its entry.
//! let throw = &record.entries[0].command;
//! let tampered = file.replacen(&format!("1 chance {throw} "), "1 chance 5 ", 1);
//! let tampered = if *throw == "5" { file.replacen("1 chance 5 ", "1 chance 4 ", 1) } else { tampered };
//! assert_eq!(text::read(&tampered).unwrap().check_chain().unwrap_err().seq, 1);
//! ```

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
