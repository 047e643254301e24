//! Taluva (seed 004, see seeds/taluva.md): the `Rules` engine for 2-4 players: tiles drawn by
//! chance, laid or stacked on an axial hex plane, huts, extensions, temples and towers.

mod board;
mod build;
mod command;
mod hex;
mod render;
mod state;
mod svg;
#[cfg(test)]
mod tests;
mod tiles;

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

use state::{Command, Phase, State};

#[derive(Debug, Clone, Copy)]
pub struct Taluva;

pub static GAME: kifu_core::game::Erased<Taluva> = kifu_core::game::Erased(Taluva);

/// The game this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
}

/// Taluva has no notation format beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    Vec::new()
}

impl Rules for Taluva {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "taluva"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Taluva for 2-4: volcano tiles on a hex island, huts, temples and towers"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=4
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        if setup.start.is_some() {
            refuse!("taluva starts from the empty sea; it takes no start position");
        }
        if !(2..=4).contains(&setup.players) {
            refuse!("taluva is for 2 to 4 players, not {}", setup.players);
        }
        Ok(State::new(setup.players))
    }

    fn turn(&self, state: &State) -> Turn {
        match (&state.outcome, state.phase) {
            (Some(outcome), _) => Turn::over(outcome.clone()),
            (None, Phase::Draw) => Turn::Chance,
            (None, _) => Turn::seat(state.seat),
        }
    }

    fn parse(&self, state: &State, _actor: Actor, text: &str) -> Result<Command, RuleError> {
        if let Some(outcome) = &state.outcome {
            refuse!("the game is over: {outcome}");
        }
        command::parse(state, text).map_err(RuleError::new)
    }

    fn format(&self, _state: &State, command: &Command) -> String {
        command::format(command)
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        let text = command::format(command);
        state
            .apply(actor, *command, &text)
            .map_err(|e| RuleError::new(format!("{text}: {e}")))
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        Some(state.legal())
    }

    fn sample_chance(&self, state: &State, rng: &mut ChanceRng) -> Command {
        let weights: Vec<u64> = state.pool.iter().map(|n| u64::from(*n)).collect();
        Command::Draw(tiles::kind_at(rng.weighted(&weights)))
    }

    fn render(&self, state: &State, _view: View) -> String {
        render::render(state)
    }

    fn state_json(&self, state: &State, _view: View) -> serde_json::Value {
        render::json(state)
    }

    fn svg(&self, state: &State, _view: View) -> Option<String> {
        Some(svg::svg(state))
    }
}

/// This crate's game alone, as a registry: what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
