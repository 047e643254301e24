//! Senet commands as text: a throw (`3`), a move (`14-17`, `27-off`) or `pass`, read
//! leniently and written canonically. Reading a move checks it against the moves the throw
//! allows and explains a refusal; it never changes the state.

use super::board::{Board, Dest, Move, HOUSE_OF_HAPPINESS, SQUARES, WATER};
use kifu_core::record::Actor;
use kifu_core::rules::RuleError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// What the four sticks showed: 1 to 5 (all dark counts 5).
    Throw(u8),
    Move(Move),
    /// No move is possible with this throw.
    Pass,
}

/// The canonical text: `3`, `14-17`, `27-off`, `pass`.
pub fn format(command: &Command) -> String {
    match command {
        Command::Throw(throw) => throw.to_string(),
        Command::Move(mv) => format!("{}-{}", mv.from, dest_text(mv.to)),
        Command::Pass => "pass".to_string(),
    }
}

pub fn dest_text(dest: Dest) -> String {
    match dest {
        Dest::Square(square) => square.to_string(),
        Dest::Off => "off".to_string(),
    }
}

/// Reads a throw: `3` or `throw 3`.
pub fn parse_throw(text: &str) -> Result<u8, RuleError> {
    let lower = text.trim().to_ascii_lowercase();
    let body = lower.strip_prefix("throw").unwrap_or(&lower).trim();
    match body.parse::<u64>() {
        Ok(n @ 1..=5) => Ok(n as u8),
        Ok(0) => Err(RuleError::new(
            "a throw counts the light sides, and all four dark counts 5: enter 5, not 0",
        )),
        _ => Err(RuleError::new(format!(
            "'{}' is not a throw: four sticks throw 1 to 5 (all dark counts 5)",
            text.trim()
        ))),
    }
}

/// Reads a move or a pass of `seat` holding `throw`: `14-17`, `14`, `move 14`, `14 17`,
/// `14>17`, `14 to 17`, `28-off`, `pass`. A lone square is enough when that piece has one move.
pub fn parse_move(board: &Board, seat: u8, throw: u8, text: &str) -> Result<Command, RuleError> {
    let lower = text.trim().to_ascii_lowercase();
    let body = lower.strip_prefix("move ").unwrap_or(&lower);
    let legal = board.moves(seat, throw);
    if body.trim() == "pass" {
        return match legal.first() {
            None => Ok(Command::Pass),
            Some(mv) => Err(RuleError::new(format!(
                "you cannot pass: {} is possible with a throw of {throw}",
                format(&Command::Move(*mv))
            ))),
        };
    }
    let spaced = body.replace("->", " ").replace(['-', '>'], " ");
    let words: Vec<&str> = spaced.split_whitespace().filter(|w| *w != "to").collect();
    let (from_text, to_text) = match words.as_slice() {
        [from] => (*from, None),
        [from, to] => (*from, Some(*to)),
        _ => {
            return Err(RuleError::new(format!(
                "'{}' is not a move: write the piece's square and where it goes, as '14-17' or '28-off', or 'pass'",
                text.trim()
            )))
        }
    };
    let from = parse_square(from_text)?;
    let to = match to_text {
        None => None,
        Some("off") => Some(Dest::Off),
        Some(word) => Some(Dest::Square(parse_square(word)?)),
    };
    let matching: Vec<Move> = legal
        .iter()
        .filter(|mv| mv.from == from && to.is_none_or(|to| mv.to == to))
        .copied()
        .collect();
    match matching.as_slice() {
        [mv] => Ok(Command::Move(*mv)),
        [] => Err(RuleError::new(refusal(board, seat, throw, &legal, from, to))),
        several => {
            let names: Vec<String> = several.iter().map(|mv| format(&Command::Move(*mv))).collect();
            Err(RuleError::new(format!(
                "the piece on {from} can move in more than one way: write {}",
                names.join(" or ")
            )))
        }
    }
}

fn parse_square(word: &str) -> Result<u8, RuleError> {
    match word.parse::<u8>() {
        Ok(square) if (1..=SQUARES).contains(&square) => Ok(square),
        _ => Err(RuleError::new(format!("'{word}' is not a square: squares are 1 to 30"))),
    }
}

/// Whether a move is a step back (the way out of the water is not).
pub fn is_step_back(mv: &Move) -> bool {
    matches!(mv.to, Dest::Square(to) if to < mv.from && mv.from != WATER)
}

/// Why the piece on `from` cannot go to `to` (or anywhere) with this throw.
fn refusal(board: &Board, seat: u8, throw: u8, legal: &[Move], from: u8, to: Option<Dest>) -> String {
    match board.at(from) {
        None => return format!("square {from} is empty"),
        Some(owner) if owner != seat => {
            return format!("square {from} holds {}'s piece, not yours", Actor::Seat(owner))
        }
        Some(_) => {}
    }
    let ahead = match board.forward_moves(seat, from, throw) {
        Err(why) => why,
        Ok(_) => format!("the piece on {from} cannot move"),
    };
    if legal.is_empty() {
        return format!("{ahead}, and no piece of yours can move with a throw of {throw}: enter 'pass'");
    }
    let stepping_back = legal.iter().all(is_step_back);
    if !stepping_back && to == Some(Dest::Square(from.saturating_sub(1))) {
        let example = legal.first().map(|mv| format(&Command::Move(*mv))).unwrap_or_default();
        return format!("a piece steps back only when no piece can move forward, and {example} is possible");
    }
    let own: Vec<String> = legal
        .iter()
        .filter(|mv| mv.from == from)
        .map(|mv| format(&Command::Move(*mv)))
        .collect();
    if !own.is_empty() && stepping_back {
        return format!(
            "{ahead}; no piece can move forward, so this one may only step back: {}",
            own.join(" or ")
        );
    }
    if !own.is_empty() {
        let to = to.map(dest_text).unwrap_or_default();
        return format!(
            "with a throw of {throw} the piece on {from} may play {}, not go to {to}",
            own.join(" or ")
        );
    }
    if !stepping_back {
        return ahead;
    }
    let back = if from > HOUSE_OF_HAPPINESS {
        "pieces on 27-30 never step back".to_string()
    } else if from == 1 {
        "square 1 has nothing behind it".to_string()
    } else {
        board
            .landing_refusal(seat, from - 1)
            .unwrap_or_else(|| format!("it cannot step back to {}", from - 1))
    };
    format!("{ahead}, and it cannot step back: {back}")
}
