//! Apocalypse (C. S. Elliott, 1976): knights and pawns on 5x5, both sides write their move in
//! secret and the two are shown and resolved together. Each move is a kernel commitment until
//! both are committed; this module must never take a move in clear before its opening.

mod board;
mod resolve;
#[cfg(test)]
mod tests;

use kifu_core::chance::ChanceRng;
use kifu_core::commitment::{parse_commit, parse_open};
use kifu_core::record::Actor;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};
use kifu_core::{refuse, Commitment, Opening};
use serde::{Deserialize, Serialize};

use board::{read_board, write_board, Board};
pub use board::{Declared, START};
use resolve::{outcome, resolve, Written};

#[derive(Debug, Clone, Copy)]
pub struct Apocalypse;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub board: Board,
    pub penalties: [u8; 2],
    /// This turn's commitments, per side.
    pub commits: [Option<Commitment>; 2],
    /// This turn's openings, per side, once made (the move's text as written).
    pub opened: [Option<String>; 2],
    /// Turns resolved so far.
    pub turns: u32,
    /// Why each side's move of the last turn was not played (its penalty), if it was not.
    pub last_illegal: [Option<String>; 2],
    pub result: Option<Outcome>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Commit(Commitment),
    Open(Opening),
    Resign,
}

impl State {
    /// The position text: the board (FEN-like, ranks 5 to 1), then each side's penalty points.
    pub fn text(&self) -> String {
        format!(
            "{} {} {}",
            write_board(&self.board),
            self.penalties[0],
            self.penalties[1]
        )
    }

    fn from_text(text: &str) -> Result<State, RuleError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let penalty = |t: &str| match t {
            "0" => Ok(0),
            "1" => Ok(1),
            _ => Err(RuleError::new(format!(
                "'{t}': a side's penalty points are 0 or 1 in a game going on"
            ))),
        };
        let (board, penalties) = match fields.as_slice() {
            [board] => (board, [0, 0]),
            [board, w, b] => (board, [penalty(w)?, penalty(b)?]),
            _ => refuse!("an Apocalypse position is the board, optionally followed by the two penalty counts"),
        };
        let state = State {
            board: read_board(board).map_err(RuleError::new)?,
            penalties,
            commits: [None, None],
            opened: [None, None],
            turns: 0,
            last_illegal: [None, None],
            result: None,
        };
        if let Some(end) = outcome(&state.board, &state.penalties) {
            refuse!("the position is already over ({end})");
        }
        Ok(state)
    }
}

fn side_of(actor: Actor) -> Option<usize> {
    crate::player_seat(actor).map(usize::from)
}

impl Rules for Apocalypse {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "apocalypse"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Apocalypse (Elliott 1976): horsemen and footmen on 5x5, both moves committed in secret, then opened and resolved together"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        State::from_text(setup.start.unwrap_or(START))
            .map_err(|e| RuleError::new(format!("start position: {}", e.reason)))
    }

    fn turn(&self, state: &State) -> Turn {
        if let Some(outcome) = &state.result {
            return Turn::over(outcome.clone());
        }
        let waiting: Vec<u8> = if state.commits.iter().any(Option::is_none) {
            (0..2u8).filter(|&s| state.commits[s as usize].is_none()).collect()
        } else {
            (0..2u8).filter(|&s| state.opened[s as usize].is_none()).collect()
        };
        Turn::Simultaneous { seats: waiting }
    }

    fn parse(&self, _state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        if side_of(actor).is_none() {
            refuse!("only the players act in Apocalypse");
        }
        if let Some(commit) = parse_commit(text) {
            return commit.map(Command::Commit);
        }
        if let Some(open) = parse_open(text) {
            return open.map(Command::Open);
        }
        if text.trim() == "resign" {
            return Ok(Command::Resign);
        }
        refuse!("'{}': a move is written in secret ('commit HASH', made by 'seal MOVE'), then shown ('open SALT MOVE'); or 'resign'", text.trim())
    }

    fn format(&self, _state: &State, command: &Command) -> String {
        match command {
            Command::Commit(c) => c.command(),
            Command::Open(o) => o.command(),
            Command::Resign => "resign".into(),
        }
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        let Some(side) = side_of(actor) else {
            refuse!("only the players act in Apocalypse");
        };
        let committing = state.commits.iter().any(Option::is_none);
        match command {
            Command::Resign => {
                state.result = Some(Outcome::win(
                    1 - side as u8,
                    format!("{} resigned", board::side_name(side)),
                ));
            }
            Command::Commit(c) => {
                if state.commits[side].is_some() {
                    refuse!("{} has already written its move this turn", board::side_name(side));
                }
                state.commits[side] = Some(*c);
            }
            Command::Open(opening) => {
                if committing {
                    refuse!("moves are shown only once both are written");
                }
                if state.opened[side].is_some() {
                    refuse!("{} has already shown its move this turn", board::side_name(side));
                }
                let Some(commitment) = state.commits[side] else {
                    refuse!("{} has written no move", board::side_name(side));
                };
                commitment.check(opening)?;
                state.opened[side] = Some(opening.choice.clone());
                if let [Some(white), Some(black)] = &state.opened {
                    let read = |t: &String| {
                        Declared::read(t)
                            .map(Written::Move)
                            .unwrap_or(Written::Unreadable(t.clone()))
                    };
                    let written = [read(white), read(black)];
                    let resolution = resolve(&mut state.board, &mut state.penalties, [&written[0], &written[1]]);
                    state.last_illegal = resolution.illegal;
                    state.commits = [None, None];
                    state.opened = [None, None];
                    state.turns += 1;
                    state.result = outcome(&state.board, &state.penalties);
                }
            }
        }
        Ok(())
    }

    fn legal(&self, _state: &State) -> Option<Vec<Command>> {
        None // every entry is a commitment or an opening: they need the secret
    }

    fn sample_chance(&self, _state: &State, _rng: &mut ChanceRng) -> Command {
        // Apocalypse has no chance; the kernel never asks (the turn is never `Chance`).
        Command::Resign
    }

    fn render(&self, state: &State, _view: View) -> String {
        // Nothing secret is in the state: written moves are commitments until shown.
        let mut out = String::new();
        for r in (0..board::SIZE).rev() {
            out.push_str(&format!("{} ", r + 1));
            for f in 0..board::SIZE {
                out.push(state.board[(r * board::SIZE + f) as usize].map_or('.', board::letter));
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str("  a b c d e\n");
        out.push_str(&format!("{}\n{}\n", state.text(), self.turn(state)));
        out
    }

    fn state_json(&self, state: &State, _view: View) -> serde_json::Value {
        serde_json::json!({
            "position": state.text(),
            "turns": state.turns,
            "written": state.commits.iter().map(Option::is_some).collect::<Vec<_>>(),
            "shown": state.opened,
            "last_illegal": state.last_illegal,
        })
    }
}
