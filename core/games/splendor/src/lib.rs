//! Splendor (seed 004) recorded at the table or dealt from a seed: who acts, what may be
//! entered and the dispatch of each command to the module that owns it. It holds no rule of
//! its own beyond who may enter what; see seeds/splendor.md for the rules as enforced.

mod cards;
mod market;
mod notation;
mod state;
mod svg;
mod turn;
mod view;

#[cfg(test)]
mod tests;

use notation::Command;
use state::{Phase, State};

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

/// Splendor at one rules version: 2 for new records (blind draws salted), 1 kept for the
/// records made under it (bare draws only; see `hashed_state`).
#[derive(Debug, Clone, Copy)]
pub struct Splendor {
    version: u32,
}

impl Splendor {
    /// The rules new records are made with.
    pub const CURRENT: Splendor = Splendor { version: 2 };
}

pub static GAME: kifu_core::game::Erased<Splendor> = kifu_core::game::Erased(Splendor::CURRENT);
/// Version 1, for the records made under it.
static VERSION_1: kifu_core::game::Erased<Splendor> = kifu_core::game::Erased(Splendor { version: 1 });

/// The game this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
}

/// Its notation formats beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    Vec::new()
}

fn apply(state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
    if let Phase::Over { outcome } = &state.phase {
        kifu_core::refuse!("the game is over ({outcome})");
    }
    let chance_due = match &state.phase {
        Phase::Deal => {
            Some("the nobles and cards are dealt first (chance enters deal nobles:.. L1:.. L2:.. L3:..)".to_string())
        }
        Phase::Refill { level, .. } => Some(format!(
            "a level {level} card is due to refill the market first (chance enters refill N)"
        )),
        Phase::Draw { level } => Some(format!(
            "the top level {level} card is due to p{} first (chance enters draw N, or draw ?)",
            state.current + 1
        )),
        _ => None,
    };
    match (actor, chance_due) {
        (Actor::Chance, Some(_)) => {}
        (Actor::Chance, None) => kifu_core::refuse!("nothing is due from chance: p{} is to act", state.current + 1),
        (_, Some(due)) => kifu_core::refuse!("{due}"),
        (Actor::Seat(s), None) if s != state.current => {
            kifu_core::refuse!("it is p{}'s turn, not p{}'s", state.current + 1, u16::from(s) + 1)
        }
        (Actor::Seat(_), None) => {}
        (other, None) => kifu_core::refuse!("{other} may not enter this: it is a player's command"),
    }
    match (command, state.phase.clone()) {
        (Command::Deal { nobles, market }, Phase::Deal) => market::deal(state, nobles, market),
        (Command::Refill(id), Phase::Refill { level, slot }) => market::refill(state, level, slot, *id),
        (Command::Draw(id, salt), Phase::Draw { level }) => market::draw(state, level, *id, *salt),
        (_, Phase::Deal) => kifu_core::refuse!("the deal is due: deal nobles:.. L1:.. L2:.. L3:.."),
        (_, Phase::Refill { level, .. }) => kifu_core::refuse!("a level {level} card is due: refill N"),
        (_, Phase::Draw { level }) => kifu_core::refuse!("the top level {level} card is due: draw N, or draw ?"),
        (Command::Discard(gems), Phase::Discard { excess }) => turn::discard(state, excess, gems),
        (_, Phase::Discard { excess }) => kifu_core::refuse!(
            "p{} holds more than 10 tokens and returns {excess} first (discard ...)",
            state.current + 1
        ),
        (Command::Noble(id), Phase::Noble { choices }) => turn::noble(state, &choices, *id),
        (_, Phase::Noble { .. }) => {
            kifu_core::refuse!("p{} chooses the visiting noble first (noble N)", state.current + 1)
        }
        (Command::Take(gems), _) => turn::take(state, gems),
        (Command::Reserve(id), _) => turn::reserve(state, *id),
        (Command::ReserveBlind(level), _) => turn::reserve_blind(state, *level),
        (Command::Buy(id, pay), _) => turn::buy(state, *id, *pay),
        (Command::Pass, _) => turn::pass(state),
        _ => kifu_core::refuse!("that cannot be entered now"),
    }
}

fn legal(state: &State) -> Option<Vec<Command>> {
    Some(match &state.phase {
        Phase::Over { .. } => Vec::new(),
        Phase::Deal | Phase::Refill { .. } | Phase::Draw { .. } => return market::outcomes(state),
        Phase::Act => {
            let list = turn::actions(state);
            if list.is_empty() {
                vec![Command::Pass]
            } else {
                list
            }
        }
        Phase::Discard { excess } => turn::discards(state, *excess)
            .into_iter()
            .map(Command::Discard)
            .collect(),
        Phase::Noble { choices } => choices.iter().map(|n| Command::Noble(*n)).collect(),
    })
}

impl Rules for Splendor {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "splendor"
    }
    fn version(&self) -> u32 {
        self.version
    }
    fn at_version(&self, version: u32) -> Option<&'static dyn kifu_core::Game> {
        (version == 1).then_some(&VERSION_1 as &'static dyn kifu_core::Game)
    }
    /// Version 1 hashed the state without `salt` (declared last, and never set at version 1).
    fn hashed_state(&self, state: &State) -> Vec<u8> {
        let mut bytes = kifu_core::rules::encoded(state);
        if self.version == 1 {
            bytes.truncate(bytes.len() - kifu_core::rules::encoded(&state.salt).len());
        }
        bytes
    }
    fn describe(&self) -> &'static str {
        "Splendor (seed 004): gem tokens, development cards and nobles; blind reserves hidden, the market dealt at the table or from a seed"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=4
    }
    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        state::start(setup)
    }
    fn turn(&self, state: &State) -> Turn {
        match &state.phase {
            Phase::Deal | Phase::Refill { .. } | Phase::Draw { .. } => Turn::Chance,
            Phase::Over { outcome } => Turn::over(outcome.clone()),
            _ => Turn::seat(state.current),
        }
    }
    fn parse(&self, state: &State, _actor: Actor, text: &str) -> Result<Command, RuleError> {
        match notation::parse(state, text)? {
            Command::Draw(_, Some(_)) if self.version == 1 => {
                kifu_core::refuse!("rules version 1 has no salted draws: draw N, or draw ?")
            }
            command => Ok(command),
        }
    }
    fn format(&self, _state: &State, command: &Command) -> String {
        notation::format(command)
    }
    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        apply(state, actor, command)
    }
    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        legal(state)
    }
    fn sample_chance(&self, state: &State, rng: &mut ChanceRng) -> Command {
        match market::sample(state, rng) {
            Command::Draw(id, _) if self.version == 1 => Command::Draw(id, None),
            command => command,
        }
    }
    /// A card drawn blind shows only to the seat reserving it (and the arbiter).
    fn redact(&self, state: &State, _actor: Actor, command: &Command, view: View) -> String {
        match command {
            Command::Draw(Some(_), _) if view != View::Full && view != View::Seat(state.current) => {
                notation::format(&Command::Draw(None, None))
            }
            _ => notation::format(command),
        }
    }
    fn render(&self, state: &State, view: View) -> String {
        view::render(state, view)
    }
    fn state_json(&self, state: &State, view: View) -> serde_json::Value {
        view::json(state, view)
    }

    fn svg(&self, state: &State, view: View) -> Option<String> {
        Some(svg::svg(state, view))
    }
}

/// This crate's games and formats alone, as a registry: what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
