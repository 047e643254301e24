//! Kriegspiel: chess in which each player sees only their own men and an umpire, who sees
//! both boards, refuses illegal attempts and announces captures, checks and pawn tries. The
//! record holds the whole game, every attempt (refused ones too) salted from the game's key;
//! the announcements (`umpire`) and what each seat sees (`view`) are derived, never stored.

pub mod attempts;
pub mod pgn;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_oracle;
pub mod umpire;
mod view;

use kifu_chess::fen::{parse_fen, parse_state_fen, to_epd, to_fen};
use kifu_chess::movegen::legal_moves;
use kifu_chess::outcome::insufficient_material;
use kifu_chess::validate::validate;
use kifu_chess::{Position, Variant};
use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};
use serde::{Deserialize, Serialize};

use crate::darkchess::salt::{self, Salt};
use attempts::{as_legal, attempts, Attempt};

pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Half-moves without a capture or a pawn move that draw the game (FIDE's fifty moves).
pub const QUIET_PLIES_DRAW: u32 = 100;
/// Times one position occurs that draw the game.
pub const REPETITIONS_DRAW: usize = 3;

#[derive(Debug, Clone, Copy)]
pub struct Kriegspiel;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The real position (FEN).
    pub fen: String,
    /// The attempts (UCI) the umpire refused in this position: none may be tried again here.
    pub refused: Vec<String>,
    /// The EPD of every position since the last capture or pawn move, the current one last.
    pub since_irreversible: Vec<String>,
    pub result: Option<Outcome>,
    /// Whether chance has entered the key (the game's first entry).
    pub keyed: bool,
    /// The game's key, if it has one (`key ?` gives none): held by no view but the arbiter's.
    pub key: Option<Salt>,
    /// Attempts made so far, refused ones included: the next one's salt is made from the key
    /// and this count.
    pub tried: u32,
    /// The position before the last attempt and that attempt (UCI), from which `show` derives
    /// the last announcement.
    pub last: Option<(String, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The game's key, by chance, first (`key HEX`, or `key ?` for none).
    Key(Option<Salt>),
    /// An attempt and its salt (`e2e4 salt=HEX`).
    Try(Attempt, Option<Salt>),
    Resign,
}

/// A side's name as a sentence starts it (seat 0 White, 1 Black).
fn side(seat: usize) -> &'static str {
    if seat == 0 {
        "White"
    } else {
        "Black"
    }
}

impl State {
    pub fn position(&self) -> Position {
        parse_state_fen(Variant::Standard, &self.fen).unwrap_or_else(|_| Position::empty(Variant::Standard))
    }

    /// How the game stands in `pos`, in open-spiel's order: insufficient material, threefold
    /// repetition, checkmate or stalemate, fifty moves.
    fn judge(&self, pos: &Position) -> Option<Outcome> {
        if insufficient_material(pos) {
            return Some(Outcome::draw("insufficient material"));
        }
        let key = to_epd(pos);
        if self.since_irreversible.iter().filter(|k| **k == key).count() >= REPETITIONS_DRAW {
            return Some(Outcome::draw("threefold repetition"));
        }
        let us = pos.turn.index();
        if legal_moves(pos).is_empty() {
            return Some(if pos.in_check(pos.turn) {
                Outcome::win(1 - us as u8, "checkmate")
            } else {
                Outcome::draw(format!("stalemate: {} has no move", side(us)))
            });
        }
        if pos.halfmove >= QUIET_PLIES_DRAW {
            return Some(Outcome::draw("fifty moves without a capture or a pawn move"));
        }
        None
    }

    /// Moves to `pos`, after a legal move (or at set-up).
    fn enter(&mut self, pos: &Position) {
        self.fen = to_fen(pos);
        if pos.halfmove == 0 {
            self.since_irreversible.clear();
        }
        self.since_irreversible.push(to_epd(pos));
        self.refused.clear();
        self.result = self.judge(pos);
    }

    /// The attempts the side to move may still make.
    fn open_attempts(&self, pos: &Position) -> Vec<Attempt> {
        let mut all = attempts(pos);
        all.retain(|a| !self.refused.contains(&a.uci(pos.geo)));
        all
    }
}

impl Rules for Kriegspiel {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "kriegspiel"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Kriegspiel: each side sees only its own men; the umpire refuses illegal attempts and announces captures, checks and pawn tries"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        let fen = setup.start.unwrap_or(STANDARD_FEN);
        let pos = parse_fen(Variant::Standard, fen).map_err(|e| RuleError::new(format!("start position: {e}")))?;
        validate(&pos).map_err(|e| RuleError::new(format!("start position: {e}")))?;
        let mut state = State {
            fen: String::new(),
            refused: Vec::new(),
            since_irreversible: Vec::new(),
            result: None,
            keyed: false,
            key: None,
            tried: 0,
            last: None,
        };
        state.enter(&pos);
        if let Some(end) = &state.result {
            refuse!("start position: the game is already over ({end})");
        }
        Ok(state)
    }

    fn turn(&self, state: &State) -> Turn {
        match &state.result {
            Some(outcome) => Turn::over(outcome.clone()),
            None if !state.keyed => Turn::Chance,
            None => Turn::seat(state.position().turn.index() as u8),
        }
    }

    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        let text = text.trim();
        if actor == Actor::Chance {
            return salt::read_key_entry(text).map(Command::Key);
        }
        if crate::player_seat(actor).is_none() {
            refuse!("only the players and chance (the key) act in Kriegspiel");
        }
        if text == "resign" {
            return Ok(Command::Resign);
        }
        let (typed, salt) = salt::split(text)?;
        let salt = salt.or_else(|| state.key.map(|key| salt::from_key(&key, state.tried)));
        let pos = state.position();
        let attempt = attempts::read(&pos, &attempts(&pos), typed).map_err(RuleError::new)?;
        if state.refused.contains(&attempt.uci(pos.geo)) {
            refuse!(
                "{} was refused as illegal in this position already",
                attempt.uci(pos.geo)
            );
        }
        Ok(Command::Try(attempt, salt))
    }

    fn format(&self, _state: &State, command: &Command) -> String {
        match command {
            Command::Try(attempt, salt) => {
                let uci = attempt.uci(Variant::Standard.geometry());
                match salt {
                    Some(salt) => format!("{uci} salt={}", salt::hex(salt)),
                    None => uci,
                }
            }
            Command::Key(Some(key)) => format!("key {}", salt::hex(key)),
            Command::Key(None) => "key ?".into(),
            Command::Resign => "resign".into(),
        }
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        if state.result.is_some() {
            refuse!("the game is over");
        }
        if let Command::Key(key) = command {
            return salt::take_key(&mut state.keyed, &mut state.key, actor, *key);
        }
        salt::key_first(state.keyed)?;
        let mut pos = state.position();
        let us = pos.turn.index();
        if actor != Actor::Seat(us as u8) {
            refuse!("it is {}'s move", side(us));
        }
        match command {
            Command::Key(_) => {}
            Command::Resign => {
                state.result = Some(Outcome::win(1 - us as u8, format!("{} resigned", side(us))));
            }
            Command::Try(attempt, _) => {
                let uci = attempt.uci(pos.geo);
                if !state.open_attempts(&pos).contains(attempt) {
                    refuse!("{uci} is not an attempt open here");
                }
                state.tried += 1;
                state.last = Some((state.fen.clone(), uci.clone()));
                match as_legal(&pos, &legal_moves(&pos), attempt) {
                    None => state.refused.push(uci),
                    Some(m) => {
                        pos.play(&m);
                        state.enter(&pos);
                    }
                }
            }
        }
        Ok(())
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        if state.result.is_some() {
            return Some(Vec::new());
        }
        if !state.keyed {
            // A key is any 16 bytes; the one listed is "no key".
            return Some(vec![Command::Key(None)]);
        }
        let salt = state.key.map(|key| salt::from_key(&key, state.tried));
        Some(
            state
                .open_attempts(&state.position())
                .into_iter()
                .map(|a| Command::Try(a, salt))
                .collect(),
        )
    }

    fn redact(&self, state: &State, actor: Actor, command: &Command, view: View) -> String {
        view::log_text(state, self.format(state, command), actor, command, view)
    }

    /// The key: 16 bytes, each `below(256)`.
    fn sample_chance(&self, _state: &State, rng: &mut ChanceRng) -> Command {
        Command::Key(Some(salt::draw_key(rng)))
    }

    fn render(&self, state: &State, view: View) -> String {
        view::render(state, &self.turn(state), view)
    }

    fn state_json(&self, state: &State, view: View) -> serde_json::Value {
        view::json(state, view)
    }

    fn svg(&self, state: &State, view: View) -> Option<String> {
        Some(view::svg(state, view))
    }
}
