//! Tablut (seed 004, see seeds/tablut.md): the `Rules` engine under three rule sets (the
//! seed's, Linnaeus's, Ashton's as pytablut plays it) and OpenTafl notation. Nothing is hidden.

mod board;
mod command;
mod moves;
mod notation;
mod render;
mod ruleset;
mod state;
mod svg;
#[cfg(test)]
mod tests;

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{RuleError, Rules, Setup, Turn, View};

use board::{Board, START};
use moves::Move;
use notation::OpenTaflFormat;
use ruleset::RuleSet;
use state::State;

#[derive(Debug, Clone, Copy)]
pub struct Tablut;

pub static GAME: kifu_core::game::Erased<Tablut> = kifu_core::game::Erased(Tablut);
pub static FORMAT: OpenTaflFormat = OpenTaflFormat;

/// The game this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
}

/// Its notation formats beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    vec![&FORMAT]
}

impl Rules for Tablut {
    type State = State;
    type Command = Move;

    fn name(&self) -> &'static str {
        "tablut"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Tablut 9x9: the seed's rules, or rules=linnaeus / rules=ashton; OpenTafl notation"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }
    fn options(&self) -> Vec<String> {
        ruleset::OPTIONS.iter().map(|s| s.to_string()).collect()
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        let rules = RuleSet::from_options(setup.options).map_err(RuleError::new)?;
        let text = setup.start.unwrap_or(START);
        let board = Board::parse(text).map_err(|e| RuleError::new(format!("start position: {e}")))?;
        if let Some(king) = board.king().filter(|k| rules.is_escape(*k)) {
            refuse!("start position: the king already stands on an escape square, {king}");
        }
        let misplaced = board
            .all()
            .find(|(s, p)| (*s == board::THRONE || rules.is_fortress_corner(*s)) && *p != board::Piece::King);
        if let Some((square, _)) = misplaced {
            refuse!("start position: only the king may stand on {square}");
        }
        Ok(State::new(rules, board, rules.first()))
    }

    fn turn(&self, state: &State) -> Turn {
        match &state.outcome {
            Some(outcome) => Turn::over(outcome.clone()),
            None => Turn::seat(state.to_move.seat()),
        }
    }

    fn parse(&self, state: &State, _actor: Actor, text: &str) -> Result<Move, RuleError> {
        if let Some(outcome) = &state.outcome {
            refuse!("the game is over: {outcome}");
        }
        command::parse(state, text)
    }

    fn format(&self, state: &State, command: &Move) -> String {
        command::format(state, *command)
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Move) -> Result<(), RuleError> {
        if let Some(outcome) = &state.outcome {
            refuse!("the game is over: {outcome}");
        }
        let seat = Actor::Seat(state.to_move.seat());
        if actor != seat {
            refuse!("it is {seat}'s move ({}), not {actor}'s", state.to_move.name());
        }
        if !state.legal().contains(command) {
            refuse!("{}-{} is not a legal move here", command.from, command.to);
        }
        let text = command::format(state, *command);
        state.play(*command, &text);
        Ok(())
    }

    fn legal(&self, state: &State) -> Option<Vec<Move>> {
        Some(state.legal())
    }

    fn sample_chance(&self, state: &State, _rng: &mut ChanceRng) -> Move {
        // Tablut has no chance; the kernel never asks (the turn is never Chance).
        state.legal().first().copied().unwrap_or(Move {
            from: board::THRONE,
            to: board::THRONE,
        })
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

/// This crate's game and format alone, as a registry: what its notation writer replays its
/// records with, and what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
