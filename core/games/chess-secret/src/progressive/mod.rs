//! Scottish progressive chess: White makes one move, Black two, White three, ...; a check
//! ends the series. A turn is several entries, one a move, the same seat acting again until
//! its series ends. Moves, FEN and SAN come from kifu-chess; this module only counts series
//! and must never let the other side move before a series has ended.

pub mod pgn;
mod series;
#[cfg(test)]
mod tests;

use kifu_chess::fen::parse_fen;
use kifu_chess::outcome::insufficient_material;
use kifu_chess::san::{move_to_san, parse_move};
use kifu_chess::{Move, Position, Variant};
use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};
use serde::{Deserialize, Serialize};

pub use series::STANDARD_FEN;

/// Series in a row without a capture or a pawn move that draw the game.
pub const QUIET_SERIES_DRAW: u32 = 10;

#[derive(Debug, Clone, Copy)]
pub struct Progressive;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The position, the side to move being the one whose series is going on; no en passant
    /// square (see `ep_targets`).
    pub fen: String,
    /// The length of the series going on (1 for White's first).
    pub series: u32,
    /// Moves made in it so far.
    pub made: u32,
    /// Squares a pawn skipped with a double step in the opponent's last series and that pawn
    /// has not moved since: en passant targets for this series' first move only.
    pub ep_targets: Vec<u8>,
    /// Double steps made in this series so far, as (landing square, skipped square).
    pub double_steps: Vec<(u8, u8)>,
    /// Series ended in a row without a capture or a pawn move, and whether this one had one.
    pub quiet_series: u32,
    pub active: bool,
    pub result: Option<Outcome>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Move(Move),
    Resign,
}

impl Rules for Progressive {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "progressive"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Scottish progressive chess: series of 1, 2, 3, ... moves, a check ending the series"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        series::start(setup.start).map_err(|e| RuleError::new(format!("start position: {}", e.reason)))
    }

    fn turn(&self, state: &State) -> Turn {
        match &state.result {
            Some(outcome) => Turn::over(outcome.clone()),
            None => Turn::seat(state.position().turn.index() as u8),
        }
    }

    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        if crate::player_seat(actor).is_none() {
            refuse!("only the players act in progressive chess");
        }
        if text.trim() == "resign" {
            return Ok(Command::Resign);
        }
        let options = state.options();
        let mut last_error = format!("'{}' is not a legal move here", text.trim());
        for pos in state.positions() {
            match parse_move(&pos, text) {
                Ok(m) if options.iter().any(|(_, o)| *o == m) => return Ok(Command::Move(m)),
                Ok(_) => {}
                Err(e) => last_error = e,
            }
        }
        Err(RuleError::new(last_error))
    }

    fn format(&self, state: &State, command: &Command) -> String {
        match command {
            Command::Resign => "resign".into(),
            Command::Move(m) => {
                let pos = state
                    .options()
                    .into_iter()
                    .find(|(_, o)| o == m)
                    .map(|(pos, _)| pos)
                    .unwrap_or_else(|| state.position());
                move_to_san(&pos, m)
            }
        }
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        let Some(seat) = crate::player_seat(actor) else {
            refuse!("only the players act in progressive chess");
        };
        let pos = state.position();
        if pos.turn.index() as u8 != seat {
            refuse!("it is {}'s series", pos.turn.name());
        }
        match command {
            Command::Resign => {
                state.result = Some(Outcome::win(1 - seat, format!("{} resigned", pos.turn.name())));
                Ok(())
            }
            Command::Move(m) => {
                let Some((mut pos, _)) = state.options().into_iter().find(|(_, o)| o == m) else {
                    refuse!("{} is not a legal move here", move_to_san(&pos, m));
                };
                state.play(&mut pos, m);
                state.result = state.judge();
                Ok(())
            }
        }
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        if state.result.is_some() {
            return Some(Vec::new());
        }
        Some(state.options().into_iter().map(|(_, m)| Command::Move(m)).collect())
    }

    fn sample_chance(&self, _state: &State, _rng: &mut ChanceRng) -> Command {
        // Progressive chess has no chance; the kernel never asks (the turn is never `Chance`).
        Command::Resign
    }

    fn render(&self, state: &State, _view: View) -> String {
        let mut out = kifu_chess::render::render_position(&state.position());
        out.push_str(&format!("\n{}\n{}\n", state.text(), self.turn(state)));
        out
    }

    fn state_json(&self, state: &State, _view: View) -> serde_json::Value {
        serde_json::json!({
            "position": state.text(),
            "fen": state.fen,
            "series": state.series,
            "made": state.made,
        })
    }
}

impl State {
    pub fn position(&self) -> Position {
        // The FEN was written by `to_fen` or checked at set-up: it always reads back.
        parse_fen(Variant::Standard, &self.fen).unwrap_or_else(|_| Position::empty(Variant::Standard))
    }

    /// The game's end with the side to move about to play, if it ended.
    fn judge(&self) -> Option<Outcome> {
        let pos = self.position();
        if self.options().is_empty() {
            return Some(if pos.in_check(pos.turn) {
                Outcome::win(pos.turn.other().index() as u8, "checkmate")
            } else {
                Outcome::draw("progressive stalemate: no legal move")
            });
        }
        if insufficient_material(&pos) {
            return Some(Outcome::draw("insufficient material"));
        }
        if self.quiet_series >= QUIET_SERIES_DRAW {
            return Some(Outcome::draw(format!(
                "{QUIET_SERIES_DRAW} series in a row without a capture or a pawn move"
            )));
        }
        None
    }
}
