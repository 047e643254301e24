//! Djambi, Jean Anesto's "Machiavelli's chessboard" (seed 004, see seeds/chess/djambi.md): four
//! players on 9x9, the Labyrinth, corpses, and the surrender of a killed chief's pieces. The
//! `Rules` engine only; records are kept in kifu's own text format. Nothing is hidden.

mod board;
mod moves;
mod notation;
mod position;
mod render;
mod state;
#[cfg(test)]
mod tests;

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

use notation::Command;
use state::{seat_name, State};

#[derive(Debug, Clone, Copy)]
pub struct Djambi;

pub static GAME: kifu_core::game::Erased<Djambi> = kifu_core::game::Erased(Djambi);

/// The game this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
}

/// Its notation formats beside kifu's own text format: none (records are kifu text).
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    Vec::new()
}

impl Rules for Djambi {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "djambi"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Djambi (Machiavelli's chessboard): four players on 9x9, the Labyrinth, corpses and surrendered pieces"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        4..=4
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        let text = setup.start.unwrap_or(position::START);
        position::parse(text).map_err(|e| RuleError::new(format!("start position: {e}")))
    }

    fn turn(&self, state: &State) -> Turn {
        match &state.outcome {
            Some(outcome) => Turn::over(outcome.clone()),
            None => Turn::seat(state.to_move),
        }
    }

    fn parse(&self, state: &State, _actor: Actor, text: &str) -> Result<Command, RuleError> {
        if let Some(outcome) = &state.outcome {
            refuse!("the game is over: {outcome}");
        }
        notation::parse(state, text)
    }

    fn format(&self, _state: &State, command: &Command) -> String {
        notation::format(command)
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        if let Some(outcome) = &state.outcome {
            refuse!("the game is over: {outcome}");
        }
        if actor != Actor::Seat(state.to_move) {
            refuse!("it is {}'s move, not {actor}'s", seat_name(state.to_move));
        }
        let legal = state.legal();
        let text = notation::format(command);
        match command {
            Command::Move(mv) if legal.contains(mv) => state.play(Some(mv), &text),
            Command::Pass if legal.is_empty() => state.play(None, &text),
            Command::Pass => refuse!("{} may pass only with no move left", seat_name(state.to_move)),
            Command::Move(_) => refuse!("{text} is not a legal move here"),
        }
        Ok(())
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        if state.outcome.is_some() {
            return Some(Vec::new());
        }
        let moves = state.legal();
        Some(if moves.is_empty() {
            vec![Command::Pass]
        } else {
            moves.into_iter().map(Command::Move).collect()
        })
    }

    fn sample_chance(&self, _state: &State, _rng: &mut ChanceRng) -> Command {
        // Djambi has no chance; the kernel never asks (the turn is never Chance).
        Command::Pass
    }

    fn render(&self, state: &State, _view: View) -> String {
        render::render(state)
    }

    fn state_json(&self, state: &State, _view: View) -> serde_json::Value {
        render::json(state)
    }
}

/// This crate's game alone, as a registry: what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
