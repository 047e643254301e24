//! Tests of the Tablut engine and its notation: hand-built positions for each rule and each
//! rule set, pytablut's games as an oracle for the Ashton set, OpenTafl round trips, seeded
//! random playouts checked by the kernel's verifier.

mod notation;
mod oracle;
mod playout;
mod rules;
mod svg;

use std::collections::BTreeMap;

use super::board::{Board, Piece, Square, SIZE};
use super::state::State;
use super::Tablut;
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn};

/// A position from `(square, piece letter)` pairs: `t` black, `T` white, `K` the king.
fn board(pieces: &[(&str, char)]) -> String {
    let mut squares = vec![None; SIZE * SIZE];
    for (name, letter) in pieces {
        let square = Square::parse(name).expect("square");
        squares[usize::from(square.0)] = Some(match letter {
            't' => Piece::Black,
            'T' => Piece::White,
            _ => Piece::King,
        });
    }
    Board { squares }.write()
}

/// The game set up from options (`rules=linnaeus`, ...) and a start position.
fn game(options: &[(&str, &str)], start: Option<&str>) -> Result<State, RuleError> {
    let options: BTreeMap<String, String> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Tablut.setup(&Setup {
        options: &options,
        players: 2,
        start,
    })
}

/// Parses and applies `text` for the side to move; returns the canonical text.
fn play(state: &mut State, text: &str) -> Result<String, RuleError> {
    let actor = match Tablut.turn(state) {
        Turn::Seat { seat } => Actor::Seat(seat),
        turn => return Err(RuleError::new(format!("no one to move: {turn}"))),
    };
    let command = Tablut.parse(state, actor, text)?;
    let canonical = Tablut.format(state, &command);
    Tablut.apply(state, actor, &command)?;
    Ok(canonical)
}

/// The piece letter on a square, `.` for none.
fn at(state: &State, name: &str) -> char {
    state
        .board
        .at(Square::parse(name).expect("square"))
        .map(|p| p.letter())
        .unwrap_or('.')
}

/// The outcome's reason and winners, if over.
fn over(state: &State) -> Option<(Vec<u8>, String)> {
    state.outcome.as_ref().map(|o| (o.winners.clone(), o.reason.clone()))
}
