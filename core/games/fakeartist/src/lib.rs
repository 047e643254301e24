//! A Fake Artist Goes to New York (seed 004) recorded at the table or dealt from a seed: who
//! acts, what may be entered, and what each seat sees of the entries. See seeds/fakeartist.md
//! for the rules as enforced.

mod notation;
mod round;
mod secret;
mod state;
mod svg;
mod version1;
mod view;

#[cfg(test)]
mod tests;

use notation::Command;
use state::{Phase, State};

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

/// The game at one rules version: 2 for new records (the theme committed and revealed, the
/// fake's entry salted), 1 kept for the records made under it (see `version1`).
#[derive(Debug, Clone, Copy)]
pub struct FakeArtist {
    version: u32,
}

impl FakeArtist {
    /// The rules new records are made with.
    pub const CURRENT: FakeArtist = FakeArtist { version: 2 };
}

pub static GAME: kifu_core::game::Erased<FakeArtist> = kifu_core::game::Erased(FakeArtist::CURRENT);
/// Version 1, for the records made under it.
static VERSION_1: kifu_core::game::Erased<FakeArtist> = kifu_core::game::Erased(FakeArtist { version: 1 });

/// The game this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
}

/// Its notation formats beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    Vec::new()
}

impl Rules for FakeArtist {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "fakeartist"
    }
    fn version(&self) -> u32 {
        self.version
    }
    fn at_version(&self, version: u32) -> Option<&'static dyn kifu_core::Game> {
        (version == 1).then_some(&VERSION_1 as &'static dyn kifu_core::Game)
    }
    fn hashed_state(&self, state: &State) -> Vec<u8> {
        if self.version == 1 {
            return version1::hashed_state(state);
        }
        kifu_core::rules::encoded(state)
    }
    fn describe(&self) -> &'static str {
        "A Fake Artist Goes to New York (seed 004): a secret theme, two laps of strokes, the vote and the guess; to 5 points"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        5..=10
    }
    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        state::start(setup)
    }
    fn turn(&self, state: &State) -> Turn {
        match &state.phase {
            Phase::Master => Turn::Simultaneous {
                seats: (0..state.seats).collect(),
            },
            Phase::Fake => Turn::Chance,
            Phase::Theme | Phase::First | Phase::Judge { .. } | Phase::Reveal { .. } => Turn::seat(state.master),
            Phase::Draw { .. } => Turn::seat(state.drawer().unwrap_or(state.master)),
            Phase::Vote { votes } => {
                let mut seats: Vec<u8> = state
                    .artists()
                    .into_iter()
                    .filter(|s| votes[usize::from(*s)].is_none())
                    .collect();
                seats.sort_unstable();
                Turn::Simultaneous { seats }
            }
            Phase::Unmask { .. } => Turn::Simultaneous {
                seats: state.artists_by_seat(),
            },
            Phase::Guess => Turn::seat(state.fake.unwrap_or(state.master)),
            Phase::Over { outcome } => Turn::over(outcome.clone()),
        }
    }
    fn parse(&self, _state: &State, _actor: Actor, text: &str) -> Result<Command, RuleError> {
        if self.version == 1 {
            return version1::parse(text);
        }
        notation::parse(text)
    }
    fn format(&self, _state: &State, command: &Command) -> String {
        notation::format(command)
    }
    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        round::apply(state, actor, command, self.version)
    }
    /// Listed where the choices are seats; the theme, the strokes, the guess and the reveal
    /// are free text.
    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        match &state.phase {
            Phase::Master => Some((0..state.seats).map(Command::Master).collect()),
            Phase::Fake if self.version == 1 => Some(
                state
                    .artists()
                    .into_iter()
                    .map(|s| Command::Fake(Some(s), None))
                    .collect(),
            ),
            Phase::Fake => Some(
                state
                    .artists_by_seat()
                    .into_iter()
                    .map(|s| Command::Fake(Some(s), None))
                    .chain([Command::Fake(None, None)])
                    .collect(),
            ),
            Phase::First => Some(state.artists().into_iter().map(Command::First).collect()),
            Phase::Judge { .. } => Some(vec![Command::Judge(true), Command::Judge(false)]),
            Phase::Vote { .. } => Some(state.artists().into_iter().map(Command::Vote).collect()),
            Phase::Unmask { .. } => Some(state.artists_by_seat().into_iter().map(Command::Unmask).collect()),
            Phase::Over { .. } => Some(Vec::new()),
            Phase::Theme | Phase::Draw { .. } | Phase::Guess | Phase::Reveal { .. } => None,
        }
    }
    /// A voter may name any artist but themself; an artist may own up only for themself.
    fn legal_for(&self, state: &State, actor: Actor) -> Option<Vec<Command>> {
        let all = self.legal(state)?;
        match (&state.phase, actor) {
            (Phase::Vote { .. }, Actor::Seat(voter)) => {
                Some(all.into_iter().filter(|c| *c != Command::Vote(voter)).collect())
            }
            (Phase::Unmask { .. }, Actor::Seat(seat)) => {
                Some(all.into_iter().filter(|c| *c == Command::Unmask(seat)).collect())
            }
            _ => Some(all),
        }
    }
    /// Deals the blank paper to one artist at random (uniform over the artists in seat order),
    /// then draws the 16 bytes of salt written with it.
    fn sample_chance(&self, state: &State, rng: &mut ChanceRng) -> Command {
        if self.version == 1 {
            // Version 1: uniform over the artists in drawing order, no salt.
            let artists = state.artists();
            let pick = rng.below(artists.len().max(1) as u64) as usize;
            return Command::Fake(Some(artists.get(pick).copied().unwrap_or(0)), None);
        }
        let artists = state.artists_by_seat();
        let pick = rng.below(artists.len().max(1) as u64) as usize;
        let mut salt = [0u8; 16];
        salt[..8].copy_from_slice(&rng.next_u64().to_le_bytes());
        salt[8..].copy_from_slice(&rng.next_u64().to_le_bytes());
        Command::Fake(Some(artists.get(pick).copied().unwrap_or(0)), Some(salt))
    }
    /// Who is fake shows only to that seat (the theme is a commitment: nothing to hide).
    fn redact(&self, state: &State, _actor: Actor, command: &Command, view: View) -> String {
        match command {
            Command::Fake(Some(seat), _) if view != View::Full && view != View::Seat(*seat) => "fake ?".to_string(),
            Command::ThemeInClear { category, .. } if !view::sees_word(state, view) => format!("theme {category}: ?"),
            _ => notation::format(command),
        }
    }
    fn render(&self, state: &State, view: View) -> String {
        view::render(state, view)
    }
    fn state_json(&self, state: &State, view: View) -> serde_json::Value {
        view::json(state, view)
    }
    fn svg(&self, state: &State, _view: View) -> Option<String> {
        Some(svg::svg(state))
    }
}

/// This crate's games and formats alone, as a registry: what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
