//! Millennium 3D Chess (William L. D'Agostino, 2001; seeds/chess/millennium3d.md): the `Rules`
//! engine on three stacked 8x8 levels and its PGN. Everything is public; nothing is hidden.

pub mod board;
mod command;
pub mod fen;
pub mod moves;
pub mod notation;
mod pgn;
mod render;
mod state;
mod svg;
#[cfg(test)]
mod tests;

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};

pub use command::Command;
pub use pgn::Millennium3dPgn;
pub use state::State;

#[derive(Debug, Clone, Copy)]
pub struct Millennium3d;

pub static GAME: kifu_core::game::Erased<Millennium3d> = kifu_core::game::Erased(Millennium3d);
pub static FORMAT: Millennium3dPgn = Millennium3dPgn;

/// The game this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
}

/// Its notation formats beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    vec![&FORMAT]
}

/// This crate's game and format alone, as a registry: what its PGN writer replays records
/// with, and what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}

fn over(outcome: &Outcome) -> RuleError {
    RuleError::new(format!("the game is over: {outcome}"))
}

impl Rules for Millennium3d {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "millennium3d"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Millennium 3D Chess (D'Agostino, 2001): three stacked 8x8 levels, each square named with its level (1e4)"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        let position = match setup.start {
            None => board::Position::start(),
            Some(text) => fen::parse(text).map_err(|e| RuleError::new(format!("start position: {e}")))?,
        };
        Ok(State::new(position))
    }

    fn turn(&self, state: &State) -> Turn {
        match &state.result {
            Some(outcome) => Turn::over(outcome.clone()),
            None => Turn::seat(state.position.to_move.seat()),
        }
    }

    fn parse(&self, state: &State, _actor: Actor, text: &str) -> Result<Command, RuleError> {
        if let Some(outcome) = &state.result {
            return Err(over(outcome));
        }
        command::parse(&state.position, text)
    }

    fn format(&self, _state: &State, command: &Command) -> String {
        match command {
            Command::Move(_, text) => text.clone(),
            Command::Resign => "resign".into(),
        }
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        if let Some(outcome) = &state.result {
            return Err(over(outcome));
        }
        let us = state.position.to_move;
        if actor != Actor::Seat(us.seat()) {
            refuse!("it is {}'s move ({}), not {actor}'s", Actor::Seat(us.seat()), us.name());
        }
        match command {
            Command::Resign => state.resign(),
            // A move command is made by `parse` or `legal` from this position's legal moves.
            Command::Move(m, _) => state.play(m),
        }
        Ok(())
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        Some(match state.result {
            Some(_) => Vec::new(),
            None => command::all_moves(&state.position),
        })
    }

    fn sample_chance(&self, _state: &State, _rng: &mut ChanceRng) -> Command {
        // Never called: the game has no chance (`turn` is never `Chance`).
        Command::Resign
    }

    fn render(&self, state: &State, _view: View) -> String {
        render::text(state)
    }

    fn state_json(&self, state: &State, _view: View) -> serde_json::Value {
        render::json(state)
    }

    fn svg(&self, state: &State, _view: View) -> Option<String> {
        Some(svg::svg(state))
    }
}
