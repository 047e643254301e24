//! Senet as Board Game Arena plays it (seed 004, see seeds/senet.md): the `Rules` engine and
//! the `senet` notation format. Everything is public information; nothing here is hidden.

mod board;
mod command;
mod notation;
mod position;
mod render;
mod state;
mod svg;
#[cfg(test)]
mod tests;

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};

use board::Board;
use command::Command;
use notation::SenetFormat;
use state::State;

/// The odds of a throw of 1, 2, 3, 4 and 5 in sixteenths (four two-sided sticks).
pub const THROW_WEIGHTS: [u64; 5] = [4, 6, 4, 1, 1];

#[derive(Debug, Clone, Copy)]
pub struct Senet;

pub static GAME: kifu_core::game::Erased<Senet> = kifu_core::game::Erased(Senet);
pub static FORMAT: SenetFormat = SenetFormat;

/// The game this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
}

/// Its notation formats beside kifu's own text format.
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    vec![&FORMAT]
}

impl Rules for Senet {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "senet"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Senet, Board Game Arena's rules: 30 squares, four throwing sticks, swaps and protected pairs"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        if setup.option("rules").is_some() {
            refuse!("senet has one rule set here, Board Game Arena's; the Kendall reconstruction is not offered");
        }
        setup.only_options(&[])?;
        match setup.start {
            None => Ok(State::new(Board::start(), 0, None)),
            Some(text) => position::parse(text).map_err(|e| RuleError::new(format!("start position: {}", e.reason))),
        }
    }

    fn turn(&self, state: &State) -> Turn {
        match (state.winner, state.throw) {
            (Some(seat), _) => Turn::over(Outcome::win(seat, "all five pieces borne off")),
            (None, None) => Turn::Chance,
            (None, Some(_)) => Turn::seat(state.seat),
        }
    }

    fn parse(&self, state: &State, _actor: Actor, text: &str) -> Result<Command, RuleError> {
        match (state.winner, state.throw) {
            (Some(seat), _) => refuse!("the game is over: {} has borne off all five pieces", Actor::Seat(seat)),
            (None, None) => command::parse_throw(text).map(Command::Throw),
            (None, Some(throw)) => command::parse_move(&state.board, state.seat, throw, text),
        }
    }

    fn format(&self, _state: &State, command: &Command) -> String {
        command::format(command)
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        if let Some(seat) = state.winner {
            refuse!("the game is over: {} has borne off all five pieces", Actor::Seat(seat));
        }
        match (state.throw, command) {
            (None, Command::Throw(throw)) => {
                if actor != Actor::Chance {
                    refuse!("the throw is chance's to enter, not {actor}'s");
                }
                if !(1..=5).contains(throw) {
                    refuse!("a throw is 1 to 5, not {throw}");
                }
                state.throw(*throw);
            }
            (None, _) => refuse!("{} must throw the sticks first", Actor::Seat(state.seat)),
            (Some(_), Command::Throw(_)) => {
                refuse!("{} has a throw to use before the next throw", Actor::Seat(state.seat))
            }
            (Some(throw), mv) => {
                if actor != Actor::Seat(state.seat) {
                    refuse!("it is {}'s move, not {actor}'s", Actor::Seat(state.seat));
                }
                let legal = state.board.moves(state.seat, throw);
                let text = command::format(mv);
                match mv {
                    Command::Move(m) if legal.contains(m) => state.play(Some(*m), &text),
                    Command::Pass if legal.is_empty() => state.play(None, &text),
                    _ => refuse!("{text} is not possible with a throw of {throw}"),
                }
            }
        }
        Ok(())
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        Some(match (state.winner, state.throw) {
            (Some(_), _) => Vec::new(),
            (None, None) => (1..=5).map(Command::Throw).collect(),
            (None, Some(throw)) => {
                let moves = state.board.moves(state.seat, throw);
                if moves.is_empty() {
                    vec![Command::Pass]
                } else {
                    moves.into_iter().map(Command::Move).collect()
                }
            }
        })
    }

    fn sample_chance(&self, _state: &State, rng: &mut ChanceRng) -> Command {
        Command::Throw(rng.weighted(&THROW_WEIGHTS) as u8 + 1)
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

/// This crate's games and formats alone, as a registry: what its notation writers replay their
/// own game's records with, and what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}
