//! The contract every game engine meets. An engine is a set of pure functions over its own
//! state type; it never reads clocks, files or randomness other than the `ChanceRng` it is given.

use std::collections::BTreeMap;

use serde::{de::DeserializeOwned, Serialize};

use crate::chance::ChanceRng;
use crate::record::Actor;

/// Why a command was refused, in plain words for the person at the table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct RuleError {
    pub reason: String,
}

impl RuleError {
    pub fn new(reason: impl Into<String>) -> Self {
        RuleError { reason: reason.into() }
    }
}

/// Shorthand for `Err(RuleError::new(format!(...)))`.
#[macro_export]
macro_rules! refuse {
    ($($arg:tt)*) => {
        return Err($crate::rules::RuleError::new(format!($($arg)*)))
    };
}

/// How a finished game ended. No winners means a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Outcome {
    /// Seats (0-based) of the winners; empty for a draw.
    pub winners: Vec<u8>,
    /// Why the game ended, in words ("all five pieces borne off").
    pub reason: String,
}

impl Outcome {
    pub fn win(seat: u8, reason: impl Into<String>) -> Self {
        Outcome {
            winners: vec![seat],
            reason: reason.into(),
        }
    }
    pub fn draw(reason: impl Into<String>) -> Self {
        Outcome {
            winners: Vec::new(),
            reason: reason.into(),
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.winners.is_empty() {
            write!(f, "draw: {}", self.reason)
        } else {
            let names: Vec<String> = self.winners.iter().map(|s| Actor::Seat(*s).to_string()).collect();
            let verb = if names.len() == 1 { "wins" } else { "win" };
            write!(f, "{} {verb}: {}", names.join(" and "), self.reason)
        }
    }
}

/// Who is to act next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Turn {
    /// One seat (0-based) acts.
    Seat { seat: u8 },
    /// Several seats act at once (secret simultaneous moves); any of them may enter next.
    Simultaneous { seats: Vec<u8> },
    /// A random outcome is due: a throw, a roll, a shuffle, a deal.
    Chance,
    /// The game has ended.
    Over { outcome: Outcome },
}

impl Turn {
    pub fn seat(seat: u8) -> Self {
        Turn::Seat { seat }
    }
    pub fn over(outcome: Outcome) -> Self {
        Turn::Over { outcome }
    }
}

impl std::fmt::Display for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Turn::Seat { seat } => write!(f, "{} to act", Actor::Seat(*seat)),
            Turn::Simultaneous { seats } => {
                let names: Vec<String> = seats.iter().map(|s| Actor::Seat(*s).to_string()).collect();
                write!(f, "{} to act at once", names.join(", "))
            }
            Turn::Chance => write!(f, "chance to act"),
            Turn::Over { outcome } => write!(f, "over, {outcome}"),
        }
    }
}

/// Whose eyes a rendering is for: hidden information is redacted for all but `Full`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// Everything the record knows (the arbiter's view).
    Full,
    /// What one seat (0-based) may see.
    Seat(u8),
    /// What a spectator may see.
    Public,
}

/// What a game starts from: the header's options, its player count and an optional set-up
/// position in the game's own position notation.
#[derive(Debug, Clone, Copy)]
pub struct Setup<'a> {
    pub options: &'a BTreeMap<String, String>,
    pub players: usize,
    pub start: Option<&'a str>,
}

impl Setup<'_> {
    /// The value of an option, if set.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }

    /// Refuses any option not in `known`, naming it.
    pub fn only_options(&self, known: &[&str]) -> Result<(), RuleError> {
        for key in self.options.keys() {
            if !known.contains(&key.as_str()) {
                let list = if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                };
                refuse!("unknown option '{key}' (this game takes: {list})");
            }
        }
        Ok(())
    }
}

/// A game engine. The kernel drives it through the type-erased [`crate::game::Game`].
///
/// Contract: every function is deterministic in its inputs. `apply` may leave the state in
/// any condition when it returns an error: the kernel discards that state. `format` gives the
/// one canonical text of a command (single line, no `;`, no surrounding spaces), and `parse`
/// must accept it back in the same position.
/// A value as snapshots and state hashes encode it (bincode, standard configuration). A struct
/// is its fields' encodings one after another, so a game whose newer rules version added fields
/// at the end can hash a state for the older version by cutting their encoding off.
pub fn encoded<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    bincode::serde::encode_to_vec(value, bincode::config::standard()).unwrap_or_default()
}

pub trait Rules: Clone + Send + Sync + 'static {
    type State: Clone + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Command: Clone;

    /// The registry name: lower case, no spaces ("senet", "chess960").
    fn name(&self) -> &'static str;
    /// The rules version; bumped whenever what is legal or who wins changes.
    fn version(&self) -> u32;
    /// One line for `kifu games`.
    fn describe(&self) -> &'static str;
    /// How many players the game takes; the first is the default.
    fn players(&self) -> std::ops::RangeInclusive<usize>;
    /// The option keys `setup` takes (what `only_options` is given), for listings.
    fn options(&self) -> Vec<String> {
        Vec::new()
    }
    /// The starting state, from options and an optional set-up position.
    fn setup(&self, setup: &Setup) -> Result<Self::State, RuleError>;
    fn turn(&self, state: &Self::State) -> Turn;
    /// Reads a command typed by `actor` in this position (lenient forms welcome).
    fn parse(&self, state: &Self::State, actor: Actor, text: &str) -> Result<Self::Command, RuleError>;
    /// As `parse`, for a command the kernel formats and applies next in this same state (an
    /// entry being entered or checked): a game may keep in the state's derived part what it
    /// found (never anything a snapshot or the state hash covers), so that `format` and
    /// `apply` need not work it out again. It returns what `parse` returns. The default is
    /// `parse`.
    fn parse_to_apply(&self, state: &mut Self::State, actor: Actor, text: &str) -> Result<Self::Command, RuleError> {
        self.parse(state, actor, text)
    }
    /// The canonical text of a command, in the position before it is applied.
    fn format(&self, state: &Self::State, command: &Self::Command) -> String;
    /// Appends `format`'s text to `out`, for a caller that reuses one buffer (a replay's
    /// check of each stored entry). The default appends what `format` returns.
    fn format_into(&self, state: &Self::State, command: &Self::Command, out: &mut String) {
        out.push_str(&self.format(state, command));
    }
    fn apply(&self, state: &mut Self::State, actor: Actor, command: &Self::Command) -> Result<(), RuleError>;
    /// Whether `apply` leaves the state exactly as it was whenever it refuses a command (it
    /// checks everything before it changes anything). A game that says so has a new entry
    /// applied to its state in place; any other, to a copy kept only if the entry stands. The
    /// default, `false`, is always safe.
    fn apply_keeps_state_on_refusal(&self) -> bool {
        false
    }
    /// Every command that may be entered now, chance outcomes included when chance is to act;
    /// `None` where the moves cannot be listed.
    fn legal(&self, state: &Self::State) -> Option<Vec<Self::Command>>;
    /// What `actor` may enter now, when several seats act at once (`Turn::Simultaneous`) and
    /// they may not all enter the same things. The default is `legal` for everyone.
    fn legal_for(&self, state: &Self::State, actor: Actor) -> Option<Vec<Self::Command>> {
        let _ = actor;
        self.legal(state)
    }
    /// The text of `command` (made by `actor` in `state`, before it applied) as `view` may see
    /// it in a log: a deal shows the viewer's own hand only. The default hides nothing.
    fn redact(&self, state: &Self::State, actor: Actor, command: &Self::Command, view: View) -> String {
        let _ = (actor, view);
        self.format(state, command)
    }
    /// A mark the game puts beside `command` (made by `actor` in `state`, before it applied)
    /// wherever the record is shown: an irregularity that stands, such as an illegal move the
    /// arbiter recorded. The default marks nothing.
    fn remark(&self, state: &Self::State, actor: Actor, command: &Self::Command) -> Option<String> {
        let _ = (state, actor, command);
        None
    }
    /// The bytes a state hash covers. By default the state's snapshot (bincode, standard
    /// configuration); a game whose state keeps more than a hash must commit to (chess keeps
    /// every position since the last irreversible move for repetitions) gives a form of
    /// constant size that still determines everything the rules will decide.
    fn hashed_state(&self, state: &Self::State) -> Vec<u8> {
        encoded(state)
    }
    /// Hands `hash` the bytes `hashed_state` gives and returns what it made (the kernel's state
    /// hash). A game whose hashed bytes are few may write them on the stack rather than into a
    /// `Vec`; they must be exactly `hashed_state`'s. By default `hashed_state` itself.
    fn with_hashed_state<T>(&self, state: &Self::State, hash: impl FnOnce(&[u8]) -> T) -> T {
        hash(&self.hashed_state(state))
    }
    /// The same game at an earlier rules version, for the records made under it: they replay
    /// and verify with that version's rules and hashes. `None` (the default) when this kifu
    /// does not keep that version.
    fn at_version(&self, version: u32) -> Option<&'static dyn crate::game::Game> {
        let _ = version;
        None
    }
    /// Draws the chance outcome due now. Called only when `turn` is `Chance`.
    fn sample_chance(&self, state: &Self::State, rng: &mut ChanceRng) -> Self::Command;
    /// The position as text for a terminal.
    fn render(&self, state: &Self::State, view: View) -> String;
    /// The position as JSON for a view; the default shows the whole state (override to redact).
    fn state_json(&self, state: &Self::State, view: View) -> serde_json::Value {
        let _ = view;
        serde_json::to_value(state).unwrap_or(serde_json::Value::Null)
    }
    /// The position as a standalone SVG picture for a view, if the game draws one: what `kifu
    /// show --svg` writes and the service's pages show. Each cell a move can name is a
    /// `<g data-cell="NAME">` so a page can map a tap to it.
    fn svg(&self, state: &Self::State, view: View) -> Option<String> {
        let _ = (state, view);
        None
    }
}
