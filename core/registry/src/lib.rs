//! kifu-games, the registry: every game kifu ships, by registry name, and every notation
//! format beside kifu's own. It only lists what the game crates export; it holds no rules,
//! and nothing in the kernel depends on it (the kernel is handed its `Registry`).
//!
//! Recording a game of Senet with seeded throws, then checking it as an auditor would:
//!
//! ```
//! use kifu_core::chance::commitment;
//! use kifu_core::record::{text, ChanceMode, Header, Record};
//! use kifu_core::replay::{verify_text, Replay, SeedCheck};
//! use kifu_core::Turn;
//! use kifu_games::registry;
//!
//! let seed = b"a club night seed of 32 bytes!!!";
//! let mut header = Header::new("senet", 1, vec!["Ani".into(), "Hunefer".into()],
//!     ChanceMode::Seeded { commitment: commitment(seed) });
//! header.id = Some([0x42; 16]); // a store gives a random one
//! let mut replay = Replay::start(registry(), &header).unwrap();
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
//! let report = verify_text(registry(), &text::read(&file).unwrap());
//! assert!(report.failure.is_none());
//! assert_eq!(report.seed, SeedCheck::Checked);
//!
//! // One changed throw is found at its entry.
//! let throw = &record.entries[0].command;
//! let tampered = file.replacen(&format!("1 chance {throw} "), "1 chance 5 ", 1);
//! let tampered = if *throw == "5" { file.replacen("1 chance 5 ", "1 chance 4 ", 1) } else { tampered };
//! assert_eq!(text::read(&tampered).unwrap().check_chain().unwrap_err().seq, 1);
//! ```

use std::sync::LazyLock;

use kifu_core::format::Format;
use kifu_core::game::Game;
use kifu_core::Registry;

/// Every game and format kifu ships, made once.
static REGISTRY: LazyLock<Registry> = LazyLock::new(|| Registry::new(all(), formats()));

/// The registry of every game and format kifu ships: what the store, the service and the CLI
/// hand to the kernel.
pub fn registry() -> &'static Registry {
    &REGISTRY
}

/// Every game, in the order `kifu games` lists them.
pub fn all() -> Vec<&'static dyn Game> {
    [
        kifu_chess::games(),
        kifu_chess_secret::games(),
        kifu_infinite::games(),
        kifu_millennium3d::games(),
        kifu_senet::games(),
        kifu_renju::games(),
        kifu_condottiere::games(),
        kifu_briscola::games(),
        kifu_splendor::games(),
        kifu_fakeartist::games(),
        kifu_concordia::games(),
        kifu_tablut::games(),
        kifu_redblackwar::games(),
        kifu_taluva::games(),
        kifu_djambi::games(),
    ]
    .concat()
}

/// A game by its registry name.
pub fn find(name: &str) -> Option<&'static dyn Game> {
    registry().find(name)
}

/// Every notation format beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn Format> {
    [
        kifu_chess::formats(),
        kifu_chess_secret::formats(),
        kifu_infinite::formats(),
        kifu_millennium3d::formats(),
        kifu_senet::formats(),
        kifu_renju::formats(),
        kifu_condottiere::formats(),
        kifu_briscola::formats(),
        kifu_splendor::formats(),
        kifu_fakeartist::formats(),
        kifu_concordia::formats(),
        kifu_tablut::formats(),
        kifu_redblackwar::formats(),
        kifu_taluva::formats(),
        kifu_djambi::formats(),
    ]
    .concat()
}

/// A format by name.
pub fn format(name: &str) -> Option<&'static dyn Format> {
    registry().format(name)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use kifu_core::rules::Setup;

    /// What a game lists as its options is what its set-up takes: an unknown key is refused
    /// naming exactly the listed ones.
    #[test]
    fn listed_options_are_the_ones_set_up_takes() {
        for game in super::all() {
            let options = BTreeMap::from([("no-such-option".to_string(), "1".to_string())]);
            let setup = Setup {
                options: &options,
                players: *game.players().start(),
                start: None,
            };
            let Err(error) = game.start(&setup) else {
                panic!("{} took an unknown option", game.name())
            };
            let listed = game.options();
            let expected = if listed.is_empty() {
                "none".to_string()
            } else {
                listed.join(", ")
            };
            assert!(
                error.reason.ends_with(&format!("(this game takes: {expected})")),
                "{}: {} (listed: {expected})",
                game.name(),
                error.reason
            );
        }
    }
}
