//! The crate's tests: the rules' examples, the notation and PGN, perft against a naive
//! generator written from the rules alone, and random playouts.

mod naive;
mod perft;
mod playout;
mod rules;
mod text;

use std::collections::{BTreeMap, BTreeSet};

use kifu_core::record::Actor;
use kifu_core::rules::{Rules, Setup};

use crate::board::{name, parse_square};
use crate::{Command, Millennium3d, State};

/// The game from a position text (`None`: the start).
pub fn game(start: Option<&str>) -> State {
    let options = BTreeMap::new();
    Millennium3d
        .setup(&Setup {
            options: &options,
            players: 2,
            start,
        })
        .unwrap_or_else(|e| panic!("{start:?}: {e}"))
}

/// Plays `text` for the side to move, giving the canonical text or the refusal.
pub fn play(state: &mut State, text: &str) -> Result<String, String> {
    let actor = Actor::Seat(state.position.to_move.seat());
    let command = Millennium3d.parse(state, actor, text).map_err(|e| e.reason)?;
    let canonical = Millennium3d.format(state, &command);
    Millennium3d.apply(state, actor, &command).map_err(|e| e.reason)?;
    Ok(canonical)
}

/// Plays each move, panicking with the move on a refusal.
pub fn play_all(state: &mut State, moves: &str) {
    for text in moves.split_whitespace() {
        play(state, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// Every legal move's text.
pub fn sans(state: &State) -> BTreeSet<String> {
    Millennium3d
        .legal(state)
        .unwrap_or_default()
        .iter()
        .map(|c| Millennium3d.format(state, c))
        .collect()
}

/// The squares the man on `from` may move to.
pub fn targets(state: &State, from: &str) -> BTreeSet<String> {
    let from = parse_square(from).expect("a square");
    Millennium3d
        .legal(state)
        .unwrap_or_default()
        .iter()
        .filter_map(|c| match c {
            Command::Move(m, _) if m.from == from => Some(name(m.to)),
            _ => None,
        })
        .collect()
}

pub fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}
