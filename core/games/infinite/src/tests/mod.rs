//! Tests of Infinite chess: the rules' own examples by hand (`rules`, `endings`), a second
//! move generator written naively from the rules (`naive`), and seeded random games (`playout`).

mod endings;
mod naive;
mod playout;
mod rules;

use std::collections::BTreeMap;

use crate::state::State;
use crate::{Command, Infinite};
use kifu_core::record::Actor;
use kifu_core::rules::{Rules, Setup, Turn};

/// A game from the standard set-up, or from a position text.
pub fn start(text: Option<&str>) -> State {
    try_start(text).unwrap_or_else(|e| panic!("{e}"))
}

pub fn try_start(text: Option<&str>) -> Result<State, String> {
    let options = BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: text,
    };
    Infinite.setup(&setup).map_err(|e| e.reason)
}

/// Enters `text` for the side to move: its canonical text (which reads back as itself), or
/// the reason it was refused (the state then unchanged).
pub fn play(state: &mut State, text: &str) -> Result<String, String> {
    let actor = Actor::Seat(state.position.turn.seat());
    let command = Infinite.parse(state, actor, text).map_err(|e| e.reason)?;
    let canonical = Infinite.format(state, &command);
    assert_eq!(
        Infinite.parse(state, actor, &canonical).as_ref(),
        Ok(&command),
        "{canonical}"
    );
    let mut next = state.clone();
    Infinite.apply(&mut next, actor, &command).map_err(|e| e.reason)?;
    *state = next;
    Ok(canonical)
}

/// Plays moves that must all be legal.
pub fn play_all(state: &mut State, moves: &[&str]) {
    for m in moves {
        play(state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// The canonical texts of the listed moves (not resign or the draws).
pub fn listed(state: &State) -> Vec<String> {
    Infinite
        .legal(state)
        .unwrap_or_default()
        .iter()
        .filter(|c| matches!(c, Command::Move(_)))
        .map(|c| Infinite.format(state, c))
        .collect()
}

pub fn over(state: &State) -> Option<String> {
    match Infinite.turn(state) {
        Turn::Over { outcome } => Some(outcome.to_string()),
        _ => None,
    }
}
