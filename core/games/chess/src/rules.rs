//! The `Rules` face of every chess variant: the game state (FEN, repetition history, draw
//! offer, result), commands (moves in SAN, resign, draw offer/accept/decline, draw claim, the
//! arbiter's `illegal MOVE`) and automatic game ends. It holds no chess logic of its own beyond
//! when a game is over and who may enter what: a player never enters an illegal move.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::fairy::horizontal_cylinder::{state_board, state_fen};
use super::fen::{parse_state_fen, to_epd};
use super::illegal::{self, IllegalMove};
use super::movegen::legal_moves;
use super::outcome::{position_result, result_after_illegal};
use super::position::{Move, Position};
use super::render::render_position;
use super::san::{move_to_san, parse_move};
use super::start::start_position;
use super::variant::Variant;
use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};

/// One chess variant as a registered game.
#[derive(Debug, Clone)]
pub struct ChessRules {
    pub variant: Variant,
}

/// A game in progress.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ChessState {
    /// The current position (followed by the board's name when an option chose another board
    /// than the game's own: see `fairy::horizontal_cylinder::state_fen`).
    pub fen: String,
    /// Repetition keys (FEN without clocks) since the last irreversible move, current last.
    pub history: Vec<String>,
    /// The seat whose draw offer is on the table.
    pub draw_offer: Option<u8>,
    /// How the game ended, once it has.
    pub result: Option<Outcome>,
    /// `fen` read into a position, kept so a move does not read the FEN again. Derived: never
    /// serialized, so it changes neither snapshots nor state hashes.
    #[serde(skip)]
    pub parsed: ParsedFen,
}

/// A cache of the position a state's FEN describes; always equal, as it is derived.
#[derive(Debug, Clone, Default)]
pub struct ParsedFen(OnceLock<Position>);

impl ParsedFen {
    fn of(pos: &Position) -> ParsedFen {
        ParsedFen(OnceLock::from(pos.clone()))
    }
}

impl PartialEq for ParsedFen {
    fn eq(&self, _: &ParsedFen) -> bool {
        true
    }
}

impl Eq for ParsedFen {}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Move(Move),
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw,
    /// The arbiter's record of a move that stood although it was illegal.
    Illegal(IllegalMove),
}

impl ChessRules {
    fn position(&self, state: &ChessState) -> Result<Position, RuleError> {
        if let Some(pos) = state.parsed.0.get() {
            return Ok(pos.clone());
        }
        let (variant, fen) = state_board(self.variant, &state.fen);
        let pos = parse_state_fen(variant, fen)
            .map_err(|e| RuleError::new(format!("the stored position is unreadable: {e}")))?;
        let _ = state.parsed.0.set(pos.clone());
        Ok(pos)
    }

    fn repetitions(state: &ChessState) -> usize {
        let current = state.history.last();
        state.history.iter().filter(|k| Some(*k) == current).count()
    }

    /// Why a draw can be claimed now, if it can.
    fn claim_reason(&self, state: &ChessState, pos: &Position) -> Option<&'static str> {
        if Self::repetitions(state) >= 3 {
            Some("threefold repetition, claimed")
        } else if pos.halfmove >= 100 && !self.variant.drops() {
            Some("fifty moves without a capture or a pawn move, claimed")
        } else {
            None
        }
    }

    /// Records the new position and any automatic end (after an illegal move, only the ends
    /// that do not ask for a legal move: see `result_after_illegal`).
    fn settle(&self, state: &mut ChessState, before: &Position, after: &Position, illegal: bool) {
        let irreversible = after.castles != before.castles || (after.halfmove == 0 && !self.variant.drops());
        if irreversible {
            state.history.clear();
        }
        state.fen = state_fen(self.variant, after);
        state.parsed = ParsedFen::of(after);
        state.history.push(to_epd(after));
        state.result = if illegal {
            result_after_illegal(after)
        } else {
            position_result(after)
        };
        if state.result.is_none() && Self::repetitions(state) >= 5 {
            state.result = Some(Outcome::draw("fivefold repetition"));
        }
    }
}

/// Whether `m` would take a king that is royal in the variant: possible only when an illegal
/// move that stood left that king in check, and never a move (FIDE 7.5 counts it illegal).
fn takes_royal_king(pos: &Position, m: &Move) -> bool {
    pos.variant.safety() != super::variant::Safety::None
        && pos.is_capture(m)
        && pos.piece_at(m.to).is_some_and(|p| p.role == super::piece::Role::King)
}

fn seat_of(actor: Actor) -> Option<u8> {
    match actor {
        Actor::Seat(s) => Some(s),
        _ => None,
    }
}

impl Rules for ChessRules {
    type State = ChessState;
    type Command = Command;

    fn name(&self) -> &'static str {
        self.variant.name()
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        self.variant.describe()
    }
    fn options(&self) -> Vec<String> {
        super::start::option_keys(self.variant)
            .iter()
            .map(|k| k.to_string())
            .collect()
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }

    fn setup(&self, setup: &Setup) -> Result<ChessState, RuleError> {
        let pos = start_position(self.variant, setup)?;
        let mut state = ChessState {
            fen: state_fen(self.variant, &pos),
            history: vec![to_epd(&pos)],
            draw_offer: None,
            result: None,
            parsed: ParsedFen::of(&pos),
        };
        state.result = position_result(&pos);
        Ok(state)
    }

    fn turn(&self, state: &ChessState) -> Turn {
        if let Some(o) = &state.result {
            return Turn::over(o.clone());
        }
        let black = state.fen.split_whitespace().nth(1) == Some("b");
        Turn::seat(u8::from(black))
    }

    fn parse(&self, state: &ChessState, actor: Actor, text: &str) -> Result<Command, RuleError> {
        if let Some(rest) = illegal::entry_move(text) {
            if actor != Actor::Arbiter {
                refuse!(
                    "only the arbiter records an illegal move that stood ('arbiter:{}'); a player's move must be legal",
                    text.trim()
                );
            }
            let pos = self.position(state)?;
            return illegal::parse(&pos, rest).map(Command::Illegal).map_err(RuleError::new);
        }
        if actor == Actor::Arbiter {
            refuse!(
                "the arbiter's entries in chess are 'illegal MOVE' (a move that stood although illegal) and 'correct SEQ REASON'"
            );
        }
        let words: Vec<String> = text.split_whitespace().map(str::to_ascii_lowercase).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match words.as_slice() {
            ["resign"] | ["resigns"] => return Ok(Command::Resign),
            ["draw", "offer"] | ["offer", "draw"] | ["offer"] | ["draw?"] => return Ok(Command::OfferDraw),
            ["draw", "accept"] | ["accept", "draw"] | ["accept"] => return Ok(Command::AcceptDraw),
            ["draw", "decline"] | ["decline", "draw"] | ["decline"] => return Ok(Command::DeclineDraw),
            ["draw", "claim"] | ["claim", "draw"] | ["claim"] => return Ok(Command::ClaimDraw),
            _ => {}
        }
        let pos = self.position(state)?;
        parse_move(&pos, text).map(Command::Move).map_err(RuleError::new)
    }

    fn format(&self, state: &ChessState, command: &Command) -> String {
        match command {
            Command::Move(m) => match self.position(state) {
                Ok(pos) => move_to_san(&pos, m),
                Err(_) => String::from("?"),
            },
            Command::Resign => "resign".to_string(),
            Command::OfferDraw => "draw offer".to_string(),
            Command::AcceptDraw => "draw accept".to_string(),
            Command::DeclineDraw => "draw decline".to_string(),
            Command::ClaimDraw => "draw claim".to_string(),
            Command::Illegal(m) => match self.position(state) {
                Ok(pos) => illegal::canonical(&pos, m),
                Err(_) => String::from("?"),
            },
        }
    }

    fn apply(&self, state: &mut ChessState, actor: Actor, command: &Command) -> Result<(), RuleError> {
        if let Some(o) = &state.result {
            refuse!("the game is over ({o})");
        }
        let pos = self.position(state)?;
        let mover = pos.turn.index() as u8;
        if let Command::Illegal(m) = command {
            if actor != Actor::Arbiter {
                refuse!(
                    "only the arbiter records an illegal move that stood ('arbiter:{}'); a player's move must be legal",
                    illegal::canonical(&pos, m)
                );
            }
            let after = illegal::make(&pos, m).map_err(RuleError::new)?;
            if state.draw_offer.is_some_and(|s| s != mover) {
                state.draw_offer = None;
            }
            self.settle(state, &pos, &after, true);
            return Ok(());
        }
        let Some(seat) = seat_of(actor) else {
            refuse!("only the players act in chess; {actor} cannot");
        };
        if seat != mover {
            refuse!("it is {}'s move", pos.turn.name());
        }
        let opponent_offer = state.draw_offer.filter(|&s| s != seat);
        match command {
            Command::Move(m) => {
                if !legal_moves(&pos).contains(m) {
                    refuse!("that move is not legal here");
                }
                if takes_royal_king(&pos, m) {
                    refuse!(
                        "a king is never taken: the {} king stands in check only because an illegal move stood; the arbiter may withdraw that move ('correct SEQ REASON')",
                        pos.turn.other().name()
                    );
                }
                let mut after = pos.clone();
                after.play(m);
                if opponent_offer.is_some() {
                    state.draw_offer = None;
                }
                self.settle(state, &pos, &after, false);
            }
            Command::Resign => {
                let winner = pos.turn.other();
                state.result = Some(Outcome::win(winner.index() as u8, format!("{} resigned", pos.turn.name())));
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
            // Made above, before the seat is asked for.
            Command::Illegal(_) => refuse!("only the arbiter records an illegal move"),
            Command::ClaimDraw => match self.claim_reason(state, &pos) {
                Some(reason) => state.result = Some(Outcome::draw(reason)),
                None => refuse!(
                    "no draw to claim: this position has occurred {} time(s) and the fifty-move count is {} of 100 half-moves",
                    Self::repetitions(state),
                    pos.halfmove
                ),
            },
        }
        Ok(())
    }

    fn legal(&self, state: &ChessState) -> Option<Vec<Command>> {
        if state.result.is_some() {
            return Some(Vec::new());
        }
        let pos = self.position(state).ok()?;
        let mut out: Vec<Command> = legal_moves(&pos)
            .into_iter()
            .filter(|m| !takes_royal_king(&pos, m))
            .map(Command::Move)
            .collect();
        out.push(Command::Resign);
        let seat = pos.turn.index() as u8;
        match state.draw_offer {
            None => out.push(Command::OfferDraw),
            Some(s) if s != seat => {
                out.push(Command::AcceptDraw);
                out.push(Command::DeclineDraw);
            }
            Some(_) => {}
        }
        if self.claim_reason(state, &pos).is_some() {
            out.push(Command::ClaimDraw);
        }
        Some(out)
    }

    /// An illegal move that stood is marked wherever the record is shown.
    fn remark(&self, state: &ChessState, _actor: Actor, command: &Command) -> Option<String> {
        match command {
            Command::Illegal(m) => self.position(state).ok().map(|pos| illegal::remark(&pos, m)),
            _ => None,
        }
    }

    /// Chess has no chance: `turn` is never `Chance`, so the kernel never calls this.
    fn sample_chance(&self, _state: &ChessState, _rng: &mut ChanceRng) -> Command {
        Command::Resign
    }

    /// The state as stored (FEN, repetition history, draw offer, result) and `board`, the
    /// position drawn out for a page (see `board_json`): derived, never hashed.
    fn state_json(&self, state: &ChessState, _view: View) -> serde_json::Value {
        let mut value = serde_json::to_value(state).unwrap_or(serde_json::Value::Null);
        if let Ok(pos) = self.position(state) {
            let moves: Vec<Move> = self
                .legal(state)
                .unwrap_or_default()
                .into_iter()
                .filter_map(|c| match c {
                    Command::Move(m) => Some(m),
                    _ => None,
                })
                .collect();
            value["board"] = super::board_json::board_json(&pos, &moves);
        }
        value
    }

    fn svg(&self, state: &ChessState, _view: View) -> Option<String> {
        self.position(state).ok().map(|pos| super::svg::svg(&pos))
    }

    fn render(&self, state: &ChessState, _view: View) -> String {
        let mut out = match self.position(state) {
            Ok(pos) => render_position(&pos),
            Err(e) => e.reason,
        };
        if let Some(s) = state.draw_offer {
            out.push_str(&format!("draw offered by {}\n", Actor::Seat(s)));
        }
        if let Some(o) = &state.result {
            out.push_str(&format!("game over: {o}\n"));
        }
        out
    }
}
