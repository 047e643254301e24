//! The type-erased face of a game, so the store and the CLI can drive any game by name
//! through canonical command text. It adds no rules of its own.

use crate::chance::ChanceRng;
use crate::record::Actor;
use crate::rules::{RuleError, Rules, Setup, Turn, View};

/// A game as the registry lists it.
pub trait Game: Send + Sync {
    fn name(&self) -> &'static str;
    fn version(&self) -> u32;
    fn describe(&self) -> &'static str;
    fn players(&self) -> std::ops::RangeInclusive<usize>;
    /// The option keys the game takes.
    fn options(&self) -> Vec<String>;
    /// This game at an earlier rules version, if kept (see `Rules::at_version`).
    fn at_version(&self, version: u32) -> Option<&'static dyn Game> {
        let _ = version;
        None
    }
    /// A game in progress from its start.
    fn start(&self, setup: &Setup) -> Result<Box<dyn Match>, RuleError>;
    /// A game in progress from a snapshot made by [`Match::snapshot`].
    fn restore(&self, snapshot: &[u8]) -> Result<Box<dyn Match>, RuleError>;
}

/// A game in progress: the rules and one state.
pub trait Match: Send + Sync {
    fn turn(&self) -> Turn;
    /// Parses `text` as `actor`'s command, applies it and returns its canonical text.
    /// On error the match must be discarded: its state is unspecified.
    fn apply(&mut self, actor: Actor, text: &str) -> Result<String, RuleError> {
        self.apply_remarked(actor, text).map(|(canonical, _)| canonical)
    }
    /// As [`Match::apply`], with the game's remark on the entry, if it makes one (an
    /// irregularity that stands, see `Rules::remark`).
    fn apply_remarked(&mut self, actor: Actor, text: &str) -> Result<(String, Option<String>), RuleError> {
        let mut canonical = String::new();
        let remark = self.apply_into(actor, text, &mut canonical)?;
        Ok((canonical, remark))
    }
    /// As [`Match::apply_remarked`], writing the canonical text into `canonical` (cleared
    /// first) rather than into a new string: a replay checking stored entries reuses one.
    fn apply_into(&mut self, actor: Actor, text: &str, canonical: &mut String) -> Result<Option<String>, RuleError>;
    /// The canonical texts of every command that may be entered now, if they can be listed.
    fn legal(&self) -> Option<Vec<String>>;
    /// Every (actor, command) that may be entered now: for a simultaneous turn, each acting
    /// seat's own list; `None` if the commands cannot be listed.
    fn legal_actions(&self) -> Option<Vec<(Actor, String)>>;
    /// An entry's command, due now and made by `actor`, as `view` may see it in a log;
    /// text the game cannot read is returned as it is.
    fn redact(&self, actor: Actor, text: &str, view: View) -> String;
    /// The canonical text of the chance outcome drawn from `rng`.
    fn sample_chance(&self, rng: &mut ChanceRng) -> String;
    fn render(&self, view: View) -> String;
    fn state_json(&self, view: View) -> serde_json::Value;
    /// The position as an SVG picture for a view, if the game draws one (see `Rules::svg`).
    fn svg(&self, view: View) -> Option<String> {
        let _ = view;
        None
    }
    /// The state's bytes (bincode, standard configuration): what snapshots keep and hashes cover.
    fn snapshot(&self) -> Vec<u8>;
    /// blake3 of what the rules hash (`Rules::hashed_state`; by default the snapshot).
    fn state_hash(&self) -> [u8; 32] {
        *blake3::hash(&self.snapshot()).as_bytes()
    }
    fn clone_box(&self) -> Box<dyn Match>;
    /// Whether a refused `apply_remarked` leaves the match as it was (see
    /// `Rules::apply_keeps_state_on_refusal`), so that it may be applied to in place.
    fn keeps_state_on_refusal(&self) -> bool {
        false
    }
}

/// Wraps a `Rules` value for the registry (`static SENET: Erased<Senet> = Erased(Senet);`).
pub struct Erased<R: Rules>(pub R);

struct Live<R: Rules> {
    rules: R,
    state: R::State,
}

impl<R: Rules> Game for Erased<R> {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn version(&self) -> u32 {
        self.0.version()
    }
    fn describe(&self) -> &'static str {
        self.0.describe()
    }
    fn at_version(&self, version: u32) -> Option<&'static dyn Game> {
        self.0.at_version(version)
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        self.0.players()
    }
    fn options(&self) -> Vec<String> {
        self.0.options()
    }
    fn start(&self, setup: &Setup) -> Result<Box<dyn Match>, RuleError> {
        let range = self.0.players();
        if !range.contains(&setup.players) {
            let takes = if range.start() == range.end() {
                format!("exactly {}", range.start())
            } else {
                format!("{} to {}", range.start(), range.end())
            };
            return Err(RuleError::new(format!(
                "{} takes {takes} players, not {}",
                self.0.name(),
                setup.players
            )));
        }
        let state = self.0.setup(setup)?;
        Ok(Box::new(Live {
            rules: self.0.clone(),
            state,
        }))
    }
    fn restore(&self, snapshot: &[u8]) -> Result<Box<dyn Match>, RuleError> {
        let (state, _) = bincode::serde::decode_from_slice::<R::State, _>(snapshot, bincode::config::standard())
            .map_err(|e| RuleError::new(format!("snapshot cannot be read: {e}")))?;
        Ok(Box::new(Live {
            rules: self.0.clone(),
            state,
        }))
    }
}

impl<R: Rules> Match for Live<R> {
    fn turn(&self) -> Turn {
        self.rules.turn(&self.state)
    }
    fn apply_into(&mut self, actor: Actor, text: &str, canonical: &mut String) -> Result<Option<String>, RuleError> {
        let command = self.rules.parse_to_apply(&mut self.state, actor, text)?;
        canonical.clear();
        self.rules.format_into(&self.state, &command, canonical);
        crate::record::check_command_text(canonical)
            .map_err(|e| RuleError::new(format!("the game wrote an unusable command: {e}")))?;
        let remark = self.rules.remark(&self.state, actor, &command);
        self.rules.apply(&mut self.state, actor, &command)?;
        Ok(remark)
    }
    fn legal(&self) -> Option<Vec<String>> {
        let commands = self.rules.legal(&self.state)?;
        Some(commands.iter().map(|c| self.rules.format(&self.state, c)).collect())
    }
    fn legal_actions(&self) -> Option<Vec<(Actor, String)>> {
        let texts = |actor: Actor, commands: Vec<R::Command>| -> Vec<(Actor, String)> {
            commands
                .iter()
                .map(|c| (actor, self.rules.format(&self.state, c)))
                .collect()
        };
        match self.rules.turn(&self.state) {
            Turn::Over { .. } => Some(Vec::new()),
            Turn::Chance => Some(texts(Actor::Chance, self.rules.legal(&self.state)?)),
            Turn::Seat { seat } => Some(texts(Actor::Seat(seat), self.rules.legal(&self.state)?)),
            Turn::Simultaneous { seats } => {
                let mut all = Vec::new();
                for seat in seats {
                    all.extend(texts(
                        Actor::Seat(seat),
                        self.rules.legal_for(&self.state, Actor::Seat(seat))?,
                    ));
                }
                Some(all)
            }
        }
    }
    fn redact(&self, actor: Actor, text: &str, view: View) -> String {
        match self.rules.parse(&self.state, actor, text) {
            Ok(command) => self.rules.redact(&self.state, actor, &command, view),
            Err(_) => text.to_string(),
        }
    }
    fn sample_chance(&self, rng: &mut ChanceRng) -> String {
        let command = self.rules.sample_chance(&self.state, rng);
        self.rules.format(&self.state, &command)
    }
    fn render(&self, view: View) -> String {
        self.rules.render(&self.state, view)
    }
    fn state_json(&self, view: View) -> serde_json::Value {
        self.rules.state_json(&self.state, view)
    }
    fn svg(&self, view: View) -> Option<String> {
        self.rules.svg(&self.state, view)
    }
    fn snapshot(&self) -> Vec<u8> {
        crate::rules::encoded(&self.state)
    }
    fn state_hash(&self) -> [u8; 32] {
        self.rules
            .with_hashed_state(&self.state, |bytes| *blake3::hash(bytes).as_bytes())
    }
    fn clone_box(&self) -> Box<dyn Match> {
        Box::new(Live {
            rules: self.rules.clone(),
            state: self.state.clone(),
        })
    }
    fn keeps_state_on_refusal(&self) -> bool {
        self.rules.apply_keeps_state_on_refusal()
    }
}
