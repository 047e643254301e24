//! Dark chess (fog of war): chess without check, won by taking the king, where each side sees
//! only its own pieces and the squares they could move to. The record holds the whole game,
//! each move salted from the game's key (`salt`); what a seat or the public sees is derived per
//! view (`sight`), never stored, and a log shows a seat only its own moves. Boards, FEN and SAN
//! pieces come from kifu-chess.

pub(crate) mod moves;
pub mod pgn;
pub mod salt;
pub mod sight;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_oracle;
mod view;

use kifu_chess::fen::parse_state_fen;
use kifu_chess::piece::Color;
use kifu_chess::uci::{move_to_uci, parse_uci_among};
use kifu_chess::{Move, Position, Variant};
use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};
use serde::{Deserialize, Serialize};

use salt::Salt;

pub use moves::{moves, moves_of};

pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Half-moves without a capture or a pawn move that draw the game (open-spiel's rule).
pub const QUIET_PLIES_DRAW: u32 = 100;
/// Times one position (pieces, side to move, castling, en passant) occurs that draw the game.
pub const REPETITIONS_DRAW: usize = 3;

#[derive(Debug, Clone, Copy)]
pub struct DarkChess;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The position (after a king was taken: the position before that capture), its en
    /// passant square written whenever the side to move can take en passant.
    pub fen: String,
    /// The capture of a king that ended the game, in UCI, made on `fen`.
    pub king_taken: Option<String>,
    /// The first four FEN fields of every position since the last capture or pawn move, the
    /// current one last: threefold repetition counts them.
    pub since_irreversible: Vec<String>,
    pub result: Option<Outcome>,
    /// Whether chance has entered the key (the game's first entry).
    pub keyed: bool,
    /// The game's key, if it has one (`key ?` gives none): held by no view but the arbiter's.
    pub key: Option<Salt>,
    /// Moves made so far: the next move's salt is made from the key and this count.
    pub plies: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The game's key, by chance, first (`key HEX`, or `key ?` for none).
    Key(Option<Salt>),
    /// A move and its salt (`e4 salt=HEX`).
    Move(Move, Option<Salt>),
    Resign,
}

/// A side's name as a sentence starts it.
fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The first four FEN fields: what makes two positions the same for repetition.
fn repetition_key(fen: &str) -> String {
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

impl State {
    /// The position now; after a king was taken, the board without it.
    pub fn position(&self) -> Position {
        let mut pos = self.before_end();
        if let Some(m) = self
            .king_taken
            .as_ref()
            .and_then(|uci| parse_uci_among(&pos, &moves(&pos), uci).ok())
        {
            pos.play(&m);
        }
        pos
    }

    /// The position `fen` holds (written by `sight::full_fen` or checked at set-up).
    fn before_end(&self) -> Position {
        parse_state_fen(Variant::Standard, &self.fen).unwrap_or_else(|_| Position::empty(Variant::Standard))
    }

    /// How the game stands after a move to `pos` (not a king's capture): a draw or nothing.
    fn judge(&self, pos: &Position) -> Option<Outcome> {
        let key = repetition_key(&self.fen);
        if self.since_irreversible.iter().filter(|k| **k == key).count() >= REPETITIONS_DRAW {
            return Some(Outcome::draw("threefold repetition"));
        }
        if moves(pos).is_empty() {
            return Some(Outcome::draw(format!("stalemate: {} has no move", side(pos.turn))));
        }
        if pos.halfmove >= QUIET_PLIES_DRAW {
            return Some(Outcome::draw("fifty moves without a capture or a pawn move"));
        }
        None
    }

    /// Moves to `pos`, after a move that did not take a king.
    fn enter(&mut self, pos: &Position) {
        self.fen = sight::full_fen(pos);
        if pos.halfmove == 0 {
            self.since_irreversible.clear();
        }
        self.since_irreversible.push(repetition_key(&self.fen));
        self.result = self.judge(pos);
    }
}

impl Rules for DarkChess {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "darkchess"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Dark chess (fog of war): each side sees only the squares its pieces can move to; take the king to win"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&[])?;
        let fen = setup.start.unwrap_or(STANDARD_FEN);
        // Either side's king may stand attacked: only kings, pawns and en passant are checked.
        let pos =
            parse_state_fen(Variant::Standard, fen).map_err(|e| RuleError::new(format!("start position: {e}")))?;
        let mut state = State {
            fen: String::new(),
            king_taken: None,
            since_irreversible: Vec::new(),
            result: None,
            keyed: false,
            key: None,
            plies: 0,
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
            None => Turn::seat(state.before_end().turn.index() as u8),
        }
    }

    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        let text = text.trim();
        if actor == Actor::Chance {
            return salt::read_key_entry(text).map(Command::Key);
        }
        if crate::player_seat(actor).is_none() {
            refuse!("only the players and chance (the key) act in dark chess");
        }
        if text == "resign" {
            return Ok(Command::Resign);
        }
        let (typed, salt) = salt::split(text)?;
        let salt = salt.or_else(|| state.key.map(|key| salt::from_key(&key, state.plies)));
        let pos = state.before_end();
        let m = moves::read(&pos, &moves(&pos), typed).map_err(RuleError::new)?;
        Ok(Command::Move(m, salt))
    }

    fn format(&self, state: &State, command: &Command) -> String {
        match command {
            Command::Move(m, salt) => {
                let pos = state.before_end();
                let san = moves::san(&pos, &moves(&pos), m);
                match salt {
                    Some(salt) => format!("{san} salt={}", salt::hex(salt)),
                    None => san,
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
        let mut pos = state.before_end();
        let us = pos.turn;
        if actor != Actor::Seat(us.index() as u8) {
            refuse!("it is {}'s move", us.name());
        }
        match command {
            Command::Resign => {
                state.result = Some(Outcome::win(us.other().index() as u8, format!("{} resigned", side(us))));
            }
            Command::Key(_) => {}
            Command::Move(m, _) => {
                if !moves(&pos).contains(m) {
                    refuse!("{} is not a move here", move_to_uci(&pos, m));
                }
                if moves::takes_king(&pos, m) {
                    state.plies += 1;
                    state.king_taken = Some(move_to_uci(&pos, m));
                    state.result = Some(Outcome::win(us.index() as u8, format!("{} took the king", side(us))));
                    return Ok(());
                }
                pos.play(m);
                state.plies += 1;
                state.enter(&pos);
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
        let salt = state.key.map(|key| salt::from_key(&key, state.plies));
        Some(
            moves(&state.before_end())
                .into_iter()
                .map(|m| Command::Move(m, salt))
                .collect(),
        )
    }

    fn redact(&self, state: &State, actor: Actor, command: &Command, view: View) -> String {
        view::log_text(self.format(state, command), actor, command, view)
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
