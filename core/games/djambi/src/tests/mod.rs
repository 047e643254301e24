//! Tests of the Djambi engine: hand-built positions for each rule (from the published rules'
//! own descriptions), a second move generator written from the rules alone, seeded random
//! games checked by the kernel's verifier and the kifu text format, notation round trips.

mod naive;
mod notation;
mod playout;
mod rules;
mod turns;

use super::board::{Board, Kind, Piece, Square};
use super::position;
use super::state::State;
use super::Djambi;
use kifu_core::record::Actor;
use kifu_core::rules::Rules;

fn sq(name: &str) -> Square {
    Square::parse(name).expect(name)
}

/// A position from `(square, token)` pairs (`rC` a red chief, `xM` a dead militant, `nA`
/// nobody's assassin) and the rest of the position text (`r r 0 0`).
fn at(pieces: &[(&str, &str)], rest: &str) -> State {
    let mut board = Board::empty();
    for (square, token) in pieces {
        let parsed = Board::parse(&format!("{token}8/9/9/9/9/9/9/9/9")).expect(token);
        board.put(sq(square), parsed.at(sq("a9")));
    }
    let text = format!("{} {rest}", board.write());
    position::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn start() -> State {
    position::parse(position::START).expect("start")
}

/// Plays `text` for the seat to move; the reason when refused.
fn play(state: &State, text: &str) -> Result<State, String> {
    let mut after = state.clone();
    let actor = Actor::Seat(state.to_move);
    let command = Djambi.parse(&after, actor, text).map_err(|e| e.reason)?;
    Djambi.apply(&mut after, actor, &command).map_err(|e| e.reason)?;
    Ok(after)
}

fn played(state: &State, moves: &[&str]) -> State {
    moves
        .iter()
        .fold(state.clone(), |s, m| play(&s, m).unwrap_or_else(|e| panic!("{m}: {e}")))
}

fn refused(state: &State, text: &str) -> String {
    match play(state, text) {
        Ok(_) => panic!("{text} was accepted"),
        Err(reason) => reason,
    }
}

/// The canonical texts of every legal command.
fn legal(state: &State) -> Vec<String> {
    Djambi
        .legal(state)
        .expect("listed")
        .iter()
        .map(|c| Djambi.format(state, c))
        .collect()
}

fn piece(state: &State, square: &str) -> Option<Piece> {
    state.board.at(sq(square))
}

fn living(kind: Kind, seat: u8) -> Option<Piece> {
    Some(Piece::living(kind, seat))
}

fn corpse(kind: Kind) -> Option<Piece> {
    Some(Piece::corpse(kind))
}
