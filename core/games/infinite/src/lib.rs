//! Infinite chess (seeds/chess/infinite.md): the standard set on an unbounded board of integer
//! squares, as infinitechess.org's "Classical" plays it. The `Rules` engine only; records are
//! kept in kifu's own text format. Pure: no clock, no randomness, no HashMap iterated.

mod attack;
pub mod board;
pub mod moves;
mod notation;
pub mod position;
mod render;
mod state;
mod svg;
#[cfg(test)]
mod tests;
pub mod text;

use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};

use position::{Move, Position};
use state::State;

#[derive(Debug, Clone, Copy)]
pub struct Infinite;

pub static GAME: kifu_core::game::Erased<Infinite> = kifu_core::game::Erased(Infinite);

/// The game this crate registers.
pub fn games() -> Vec<&'static dyn kifu_core::Game> {
    vec![&GAME]
}

/// Its notation formats beside kifu's own text format: none (a record is kifu text).
pub fn formats() -> Vec<&'static dyn kifu_core::format::Format> {
    Vec::new()
}

/// This crate's game alone, as a registry: what its tests hand the kernel.
pub fn registry() -> &'static kifu_core::Registry {
    static REGISTRY: std::sync::LazyLock<kifu_core::Registry> =
        std::sync::LazyLock::new(|| kifu_core::Registry::new(games(), formats()));
    &REGISTRY
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Move(Move),
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw,
}

impl Rules for Infinite {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "infinite"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Infinite chess (infinitechess.org's Classical): the standard set on an unbounded board, squares (x,y)"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        let position = match setup.start {
            None => Position::start(),
            Some(text) => text::parse(text).map_err(|e| RuleError::new(format!("start position: {e}")))?,
        };
        Ok(State::new(position))
    }

    fn turn(&self, state: &State) -> Turn {
        match &state.result {
            Some(o) => Turn::over(o.clone()),
            None => Turn::seat(state.position.turn.seat()),
        }
    }

    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        if actor == Actor::Arbiter {
            refuse!("the arbiter's only entry in infinite chess is 'correct SEQ REASON'");
        }
        if let Some(o) = &state.result {
            refuse!("the game is over ({o})");
        }
        let words: Vec<String> = text.split_whitespace().map(str::to_ascii_lowercase).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match words.as_slice() {
            ["resign"] | ["resigns"] => return Ok(Command::Resign),
            ["draw", "offer"] | ["offer", "draw"] => return Ok(Command::OfferDraw),
            ["draw", "accept"] | ["accept", "draw"] => return Ok(Command::AcceptDraw),
            ["draw", "decline"] | ["decline", "draw"] => return Ok(Command::DeclineDraw),
            ["draw", "claim"] | ["claim", "draw"] => return Ok(Command::ClaimDraw),
            _ => {}
        }
        notation::read(&state.position, text)
            .map(|(m, _)| Command::Move(m))
            .map_err(RuleError::new)
    }

    fn format(&self, state: &State, command: &Command) -> String {
        match command {
            // A command here was found legal when read or listed: its kind is enough.
            Command::Move(m) => match moves::reaches(&state.position, m) {
                Ok(kind) => notation::write(&state.position, m, kind),
                Err(_) => format!("{}-{}", m.from, m.to),
            },
            Command::Resign => "resign".into(),
            Command::OfferDraw => "draw offer".into(),
            Command::AcceptDraw => "draw accept".into(),
            Command::DeclineDraw => "draw decline".into(),
            Command::ClaimDraw => "draw claim".into(),
        }
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        if let Some(o) = &state.result {
            refuse!("the game is over ({o})");
        }
        let side = state.position.turn;
        let Actor::Seat(seat) = actor else {
            refuse!("only the players move in infinite chess; {actor} cannot");
        };
        if seat != side.seat() {
            refuse!("it is {}'s move", side.name());
        }
        let opponent_offer = state.draw_offer.filter(|&s| s != seat);
        match command {
            Command::Move(m) => {
                let kind = moves::legal(&state.position, m).map_err(RuleError::new)?;
                if opponent_offer.is_some() {
                    state.draw_offer = None;
                }
                state.after_move(m, kind);
            }
            Command::Resign => {
                state.result = Some(Outcome::win(side.other().seat(), format!("{} resigned", side.name())));
            }
            Command::OfferDraw => {
                if state.draw_offer.is_some() {
                    refuse!("a draw offer is already on the table");
                }
                state.draw_offer = Some(seat);
            }
            Command::AcceptDraw => {
                if opponent_offer.is_none() {
                    refuse!("there is no draw offer to accept");
                }
                state.result = Some(Outcome::draw("agreed"));
            }
            Command::DeclineDraw => {
                if opponent_offer.is_none() {
                    refuse!("there is no draw offer to decline");
                }
                state.draw_offer = None;
            }
            Command::ClaimDraw => match state.claim() {
                Some(reason) => state.result = Some(Outcome::draw(reason)),
                None => refuse!(
                    "no draw to claim: this position has stood {} time(s) and the fifty-move count is {} of 100 half-moves",
                    state.occurrences(),
                    state.position.halfmove
                ),
            },
        }
        Ok(())
    }

    /// Every legal move but a slider's quiet moves farther than eight squares when not in
    /// check (see `moves`), then resign and the draw commands that apply.
    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        if state.result.is_some() {
            return Some(Vec::new());
        }
        let mut out: Vec<Command> = moves::listed(&state.position).into_iter().map(Command::Move).collect();
        out.push(Command::Resign);
        let seat = state.position.turn.seat();
        match state.draw_offer {
            None => out.push(Command::OfferDraw),
            Some(s) if s != seat => {
                out.push(Command::AcceptDraw);
                out.push(Command::DeclineDraw);
            }
            Some(_) => {}
        }
        if state.claim().is_some() {
            out.push(Command::ClaimDraw);
        }
        Some(out)
    }

    /// Infinite chess has no chance: `turn` is never `Chance`, so the kernel never calls this.
    fn sample_chance(&self, _state: &State, _rng: &mut ChanceRng) -> Command {
        Command::Resign
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
