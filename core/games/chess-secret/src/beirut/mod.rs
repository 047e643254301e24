//! Beirut chess (Jim Winslow, 1992): standard chess where each side secretly makes one of its
//! men a bomb carrier and may, instead of moving, blow it up. The choice is a kernel
//! commitment; this module is the `Rules` face and must never hold a carrier in clear before
//! its detonation (the state hash would leak it).

mod blast;
mod state;
#[cfg(test)]
mod tests;

use kifu_chess::movegen::legal_moves;
use kifu_chess::piece::Color;
use kifu_chess::san::{move_to_san, parse_move};
use kifu_chess::{Move, Position};
use kifu_core::chance::ChanceRng;
use kifu_core::commitment::{parse_commit, parse_open};
use kifu_core::record::Actor;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};
use kifu_core::{refuse, Commitment, Opening};

pub use state::{Bomb, State, STANDARD_FEN};

#[derive(Debug, Clone, Copy)]
pub struct Beirut;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `commit HASH`: the side's secret carrier, as a commitment to its start square.
    Commit(Commitment),
    /// `open SALT SQUARE`: "Boom!", the carrier shown and set off.
    Detonate(Opening),
    Move(Move),
    /// `no-detonation`: the side to move, with no chess move, says it has no bomb that saves
    /// it; the game ends as checkmate or stalemate.
    NoDetonation,
    Resign,
}

fn seat_color(actor: Actor) -> Option<Color> {
    crate::player_seat(actor).map(|seat| if seat == 0 { Color::White } else { Color::Black })
}

impl Beirut {
    /// Ends the game where the side to move has no chess move and no bomb left to try.
    fn settle(state: &mut State, pos: &Position) {
        if state.result.is_some() {
            return;
        }
        let us = pos.turn;
        if !legal_moves(pos).is_empty() {
            if pos.halfmove >= 150 {
                state.result = Some(Outcome::draw("seventy-five moves without a capture or a pawn move"));
            }
        } else if !state.may_detonate(pos, us) {
            state.result = Some(Self::no_move_result(pos));
        }
    }

    fn no_move_result(pos: &Position) -> Outcome {
        if pos.in_check(pos.turn) {
            Outcome::win(pos.turn.other().index() as u8, "checkmate")
        } else {
            Outcome::draw("stalemate")
        }
    }
}

impl Rules for Beirut {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "beirut"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Beirut chess (Winslow 1992): each side's secret bomb carrier, committed at the start and set off instead of a move"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        let state = State::from_text(setup.start.unwrap_or(STANDARD_FEN))
            .map_err(|e| RuleError::new(format!("start position: {}", e.reason)))?;
        let pos = state.position();
        if pos.kings.iter().any(Option::is_none) {
            refuse!("start position: each side needs its king");
        }
        Ok(state)
    }

    fn turn(&self, state: &State) -> Turn {
        if let Some(outcome) = &state.result {
            return Turn::over(outcome.clone());
        }
        let unchosen: Vec<u8> = (0..2u8)
            .filter(|&s| state.bombs[s as usize] == Bomb::Unchosen)
            .collect();
        if !unchosen.is_empty() {
            return Turn::Simultaneous { seats: unchosen };
        }
        Turn::seat(state.position().turn.index() as u8)
    }

    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        let text = text.trim();
        if let Some(commit) = parse_commit(text) {
            return commit.map(Command::Commit);
        }
        if let Some(open) = parse_open(text) {
            return open.map(Command::Detonate);
        }
        if seat_color(actor).is_none() {
            refuse!("only the players act in Beirut chess");
        }
        match text {
            "no-detonation" => return Ok(Command::NoDetonation),
            "resign" => return Ok(Command::Resign),
            _ => {}
        }
        if state.bombs.contains(&Bomb::Unchosen) {
            refuse!("'{text}': first each side commits to its bomb carrier ('commit HASH')");
        }
        parse_move(&state.position(), text)
            .map(Command::Move)
            .map_err(RuleError::new)
    }

    fn format(&self, state: &State, command: &Command) -> String {
        match command {
            Command::Commit(c) => c.command(),
            Command::Detonate(o) => o.command(),
            Command::Move(m) => move_to_san(&state.position(), m),
            Command::NoDetonation => "no-detonation".into(),
            Command::Resign => "resign".into(),
        }
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        let Some(color) = seat_color(actor) else {
            refuse!("only the players act in Beirut chess");
        };
        let mut pos = state.position();
        if let Command::Commit(commitment) = command {
            if state.bombs[color.index()] != Bomb::Unchosen {
                refuse!("{} has already committed to its bomb carrier", color.name());
            }
            state.bombs[color.index()] = Bomb::Committed(*commitment);
            return Ok(());
        }
        if state.bombs.contains(&Bomb::Unchosen) {
            refuse!("both sides commit to their bomb carriers before play starts");
        }
        if pos.turn != color {
            refuse!("it is {}'s turn", pos.turn.name());
        }
        let stuck = legal_moves(&pos).is_empty();
        match command {
            Command::Commit(_) => {}
            Command::Detonate(opening) => blast::detonate(state, &mut pos, color, opening)?,
            Command::Move(m) => {
                if !legal_moves(&pos).contains(m) {
                    refuse!("{} is not a legal move here", move_to_san(&pos, m));
                }
                state.play(&mut pos, m);
            }
            Command::NoDetonation => {
                if !stuck {
                    refuse!(
                        "{} has chess moves: 'no-detonation' is only for a side left without one",
                        color.name()
                    );
                }
                state.result = Some(Self::no_move_result(&pos));
            }
            Command::Resign => {
                state.result = Some(Outcome::win(
                    color.other().index() as u8,
                    format!("{} resigned", color.name()),
                ))
            }
        }
        Self::settle(state, &pos);
        Ok(())
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        if state.result.is_some() {
            return Some(Vec::new());
        }
        if state.bombs.contains(&Bomb::Unchosen) {
            return None; // commitments cannot be listed
        }
        let pos = state.position();
        let mut all: Vec<Command> = legal_moves(&pos).into_iter().map(Command::Move).collect();
        if all.is_empty() {
            all.push(Command::NoDetonation);
        }
        Some(all)
    }

    fn sample_chance(&self, state: &State, _rng: &mut ChanceRng) -> Command {
        // Beirut has no chance; the kernel never asks (the turn is never `Chance`).
        let _ = state;
        Command::Resign
    }

    fn render(&self, state: &State, view: View) -> String {
        let _ = view; // nothing secret is in the state: the bombs are commitments
        let pos = state.position();
        let mut out = kifu_chess::render::render_position(&pos);
        out.push_str(&format!("\n{}\n", state.text()));
        match &state.result {
            Some(outcome) => out.push_str(&format!("{outcome}\n")),
            None => out.push_str(&format!("{}\n", self.turn(state))),
        }
        out
    }

    fn state_json(&self, state: &State, _view: View) -> serde_json::Value {
        let pos = state.position();
        let bomb = |b: &Bomb| match b {
            Bomb::Unchosen => serde_json::json!("unchosen"),
            Bomb::Committed(c) => serde_json::json!({"committed": c.command()}),
            Bomb::Detonated { carrier } => serde_json::json!({"detonated": state::name(&pos, *carrier)}),
        };
        serde_json::json!({
            "position": state.text(),
            "fen": state.fen,
            "bombs": {"white": bomb(&state.bombs[0]), "black": bomb(&state.bombs[1])},
        })
    }
}
