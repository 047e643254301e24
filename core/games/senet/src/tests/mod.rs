//! Tests of the Senet engine and notation: hand-built positions for each rule, seeded
//! playouts checked by the kernel's verifier, and notation round trips.

mod notation;
mod oracle;
mod playout;
mod rules;

use std::collections::BTreeMap;

use super::position;
use super::state::State;
use super::Senet;
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn};

/// A position from the squares of each side, who acts and the throw in hand.
fn position(x: &[u8], o: &[u8], side: &str) -> State {
    let mut squares = String::new();
    for square in 1..=30u8 {
        squares.push(if x.contains(&square) {
            'x'
        } else if o.contains(&square) {
            'o'
        } else {
            '.'
        });
    }
    position::parse(&format!("{squares} {side}")).expect("test position")
}

fn start() -> State {
    let options = BTreeMap::new();
    Senet
        .setup(&Setup {
            options: &options,
            players: 2,
            start: None,
        })
        .expect("standard start")
}

/// The canonical texts of every legal command.
fn legal(state: &State) -> Vec<String> {
    Senet
        .legal(state)
        .unwrap_or_default()
        .iter()
        .map(|c| Senet.format(state, c))
        .collect()
}

/// Parses and applies `text` as whoever is to act; returns the canonical text.
fn play(state: &mut State, text: &str) -> Result<String, RuleError> {
    let actor = match Senet.turn(state) {
        Turn::Seat { seat } => Actor::Seat(seat),
        _ => Actor::Chance,
    };
    let command = Senet.parse(state, actor, text)?;
    let canonical = Senet.format(state, &command);
    Senet.apply(state, actor, &command)?;
    Ok(canonical)
}

/// Who holds each listed square: `x`, `o` or `.`.
fn squares(state: &State, list: &[u8]) -> String {
    list.iter()
        .map(|s| match state.board.at(*s) {
            Some(0) => 'x',
            Some(_) => 'o',
            None => '.',
        })
        .collect()
}
