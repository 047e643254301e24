//! Dice chess (Wikipedia's two-dice rules; one die with `-O dice=1`): before each move chance
//! rolls, and the move must be made with a piece type a die shows (1 pawn ... 6 king). Moves,
//! FEN and SAN are kifu-chess's; this module filters them by the roll and must never let a
//! move through that the roll does not allow.

mod roll;
#[cfg(test)]
mod tests;

use kifu_chess::fen::{parse_fen, parse_state_fen, to_fen};
use kifu_chess::movegen::{gen_pseudo, legal_moves};
use kifu_chess::outcome::insufficient_material;
use kifu_chess::piece::Role;
use kifu_chess::san::{move_to_san, move_to_san_plain, parse_move};
use kifu_chess::{Move, MoveKind, Position, Variant};
use kifu_core::chance::ChanceRng;
use kifu_core::record::Actor;
use kifu_core::refuse;
use kifu_core::rules::{Outcome, RuleError, Rules, Setup, Turn, View};
use serde::{Deserialize, Serialize};

pub use roll::Roll;

pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[derive(Debug, Clone, Copy)]
pub struct DiceChess;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The position; after a passed turn the side not to move may be in check.
    pub fen: String,
    /// How many dice a roll has (2, or 1 with `-O dice=1`).
    pub dice: u8,
    /// The roll the side to move must now move by; `None` while chance is to roll.
    pub roll: Option<Roll>,
    /// Turns passed in a row (no move the roll allows).
    pub passes: u32,
    pub result: Option<Outcome>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Roll(Roll),
    Move(Move),
    /// Taking the king a passed turn left in check.
    TakeKing(Move),
    Resign,
}

impl State {
    pub fn position(&self) -> Position {
        // Written by `to_fen` or checked at set-up; a passed turn may leave the side not to
        // move in check, which only the state reader accepts.
        parse_state_fen(Variant::Standard, &self.fen).unwrap_or_else(|_| Position::empty(Variant::Standard))
    }

    /// The moves the roll allows now, king captures first.
    pub fn options(&self, roll: &Roll) -> Vec<Command> {
        let pos = self.position();
        let mut out = Vec::new();
        if let Some(king) = pos.kings[pos.turn.other().index()] {
            let mut pseudo = Vec::new();
            gen_pseudo(&pos, &mut pseudo);
            out.extend(
                pseudo
                    .into_iter()
                    .filter(|m| m.to == king && m.kind == MoveKind::Normal && roll.allows(m.role, m.kind))
                    .map(Command::TakeKing),
            );
        }
        out.extend(
            legal_moves(&pos)
                .into_iter()
                .filter(|m| roll.allows(m.role, m.kind))
                .map(Command::Move),
        );
        out
    }

    /// The position text: the FEN, then the roll waiting to be used (`roll 3 5`) if any.
    pub fn text(&self) -> String {
        match &self.roll {
            Some(roll) => format!("{} roll {}", self.fen, roll.text()),
            None => self.fen.clone(),
        }
    }

    /// The game's end for the side to move, judged on every chess move (the roll aside).
    fn judge(&self) -> Option<Outcome> {
        let pos = self.position();
        let us = pos.turn;
        if legal_moves(&pos).is_empty() {
            return Some(if pos.in_check(us) {
                Outcome::win(us.other().index() as u8, "checkmate")
            } else {
                Outcome::draw("stalemate")
            });
        }
        if insufficient_material(&pos) {
            return Some(Outcome::draw("insufficient material"));
        }
        if pos.halfmove >= 150 {
            return Some(Outcome::draw("seventy-five moves without a capture or a pawn move"));
        }
        None
    }
}

impl Rules for DiceChess {
    type State = State;
    type Command = Command;

    fn name(&self) -> &'static str {
        "dicechess"
    }
    fn version(&self) -> u32 {
        1
    }
    fn describe(&self) -> &'static str {
        "Dice chess: two dice (or one, -O dice=1) rolled before each move name the piece types that may move"
    }
    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=2
    }
    fn options(&self) -> Vec<String> {
        vec!["dice".into()]
    }

    fn setup(&self, setup: &Setup) -> Result<State, RuleError> {
        setup.only_options(&["dice"])?;
        let dice = match setup.option("dice") {
            None | Some("2") => 2,
            Some("1") => 1,
            Some(other) => refuse!("option dice={other}: dice chess is played with 1 or 2 dice"),
        };
        let fen = setup.start.unwrap_or(STANDARD_FEN);
        let pos = parse_fen(Variant::Standard, fen).map_err(|e| RuleError::new(format!("start position: {e}")))?;
        let state = State {
            fen: to_fen(&pos),
            dice,
            roll: None,
            passes: 0,
            result: None,
        };
        if let Some(end) = state.judge() {
            refuse!("start position: the game is already over ({end})");
        }
        Ok(state)
    }

    fn turn(&self, state: &State) -> Turn {
        match (&state.result, &state.roll) {
            (Some(outcome), _) => Turn::over(outcome.clone()),
            (None, None) => Turn::Chance,
            (None, Some(_)) => Turn::seat(state.position().turn.index() as u8),
        }
    }

    fn parse(&self, state: &State, actor: Actor, text: &str) -> Result<Command, RuleError> {
        let text = text.trim();
        if actor == Actor::Chance {
            return Roll::read(text, state.dice).map(Command::Roll).map_err(RuleError::new);
        }
        if crate::player_seat(actor).is_none() {
            refuse!("only the players and chance act in dice chess");
        }
        if text == "resign" {
            return Ok(Command::Resign);
        }
        let Some(roll) = &state.roll else {
            refuse!("'{text}': the dice are rolled first");
        };
        let pos = state.position();
        let options = state.options(roll);
        let bare = text.trim_end_matches(['+', '#']);
        if let Some(take) = options
            .iter()
            .find(|c| matches!(c, Command::TakeKing(m) if move_to_san_plain(&pos, m) == bare))
        {
            return Ok(take.clone());
        }
        let m = parse_move(&pos, text).map_err(RuleError::new)?;
        if !options.contains(&Command::Move(m)) {
            refuse!(
                "{} is not allowed by the roll {}: {}",
                move_to_san(&pos, &m),
                roll.text(),
                roll.describe()
            );
        }
        Ok(Command::Move(m))
    }

    fn format(&self, state: &State, command: &Command) -> String {
        let pos = state.position();
        match command {
            Command::Roll(roll) => roll.text(),
            Command::Move(m) => move_to_san(&pos, m),
            Command::TakeKing(m) => format!("{}#", move_to_san_plain(&pos, m)),
            Command::Resign => "resign".into(),
        }
    }

    fn apply(&self, state: &mut State, actor: Actor, command: &Command) -> Result<(), RuleError> {
        let mut pos = state.position();
        match (actor, command) {
            (Actor::Chance, Command::Roll(roll)) => {
                if state.roll.is_some() {
                    refuse!("the dice are already rolled");
                }
                if state.options(roll).is_empty() {
                    // No move the roll allows: the turn passes, and with it any en passant.
                    state.passes += 1;
                    let us = pos.turn;
                    pos.turn = us.other();
                    pos.ep = None;
                    if us == kifu_chess::piece::Color::Black {
                        pos.fullmove += 1;
                    }
                    state.fen = to_fen(&pos);
                    state.result = state.judge();
                } else {
                    state.roll = Some(roll.clone());
                }
                Ok(())
            }
            (Actor::Seat(seat), command) if seat as usize == pos.turn.index() => {
                match command {
                    Command::Resign => {
                        state.result = Some(Outcome::win(1 - seat, format!("{} resigned", pos.turn.name())));
                        return Ok(());
                    }
                    Command::TakeKing(m) | Command::Move(m) => {
                        let Some(roll) = &state.roll else {
                            refuse!("the dice are rolled first");
                        };
                        if !state.options(roll).contains(command) {
                            refuse!("that move is not allowed by the roll {}", roll.text());
                        }
                        if matches!(command, Command::TakeKing(_)) {
                            let reason = format!("{} took the king", pos.turn.name());
                            state.result = Some(Outcome::win(seat, reason));
                            state.roll = None;
                            return Ok(());
                        }
                        pos.play(m);
                        state.fen = to_fen(&pos);
                        state.roll = None;
                        state.passes = 0;
                    }
                    Command::Roll(_) => refuse!("only chance rolls the dice"),
                }
                state.result = state.judge();
                Ok(())
            }
            (actor, _) => refuse!("{actor} may not act now"),
        }
    }

    fn legal(&self, state: &State) -> Option<Vec<Command>> {
        if state.result.is_some() {
            return Some(Vec::new());
        }
        Some(match &state.roll {
            None => Roll::all(state.dice).into_iter().map(Command::Roll).collect(),
            Some(roll) => state.options(roll),
        })
    }

    fn sample_chance(&self, state: &State, rng: &mut ChanceRng) -> Command {
        let dice = (0..state.dice).map(|_| rng.below(6) as u8 + 1).collect();
        Command::Roll(Roll::new(dice))
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
            "roll": state.roll.as_ref().map(Roll::text),
            "passes": state.passes,
        })
    }
}

/// The role a die face names: 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king.
pub fn face_role(face: u8) -> Option<Role> {
    Some(match face {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    })
}
