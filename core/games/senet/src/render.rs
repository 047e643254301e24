//! How a Senet position looks: the S-shaped board for a terminal and the state as JSON.
//! Senet hides nothing, so every view sees the same; this module never changes a state.

use serde_json::json;

use super::board::{SQUARES, WATER};
use super::position::{self, piece_letter};
use super::state::{State, EXTRA_THROWS};
use kifu_core::record::Actor;

/// The three rows as drawn, left to right: 1-10, then 20 down to 11, then 21-30.
fn rows() -> [Vec<u8>; 3] {
    [(1..=10).collect(), (11..=20).rev().collect(), (21..=SQUARES).collect()]
}

fn cell(state: &State, square: u8) -> String {
    let mark = match state.board.at(square) {
        Some(seat) => piece_letter(seat).to_ascii_uppercase(),
        None if square == WATER => '~',
        None => ' ',
    };
    format!("{square:>2} {mark}")
}

pub fn render(state: &State) -> String {
    let rule = format!("+{}", "----+".repeat(10));
    // Each line: its left margin, a rule (`Some`) or the next row of squares (`None`), its end.
    let lines = [
        ("    ", Some(&rule), ""),
        (" -> |", None, "|--."),
        ("    ", Some(&rule), "  |"),
        (" .--|", None, "|<-'"),
        (" |  ", Some(&rule), ""),
        (" '->|", None, "|--> off"),
        ("    ", Some(&rule), ""),
    ];
    let mut rows = rows().into_iter();
    let mut out = String::new();
    for (left, middle, right) in lines {
        let middle = match middle {
            Some(rule) => rule.clone(),
            None => {
                let row = rows.next().unwrap_or_default();
                let cells: Vec<String> = row.iter().map(|square| cell(state, *square)).collect();
                cells.join("|")
            }
        };
        out.push_str(&format!("{left}{middle}{right}\n"));
    }
    out.push_str("    26: stop here exactly   27 ~ water: back to 15, or off with a 4\n");
    out.push_str("    28: off with a 3   29: off with a 2   30: off with any throw\n\n");
    for seat in 0..2u8 {
        out.push_str(&format!(
            "    p{} ({}): {} on the board, {} borne off\n",
            seat + 1,
            piece_letter(seat).to_ascii_uppercase(),
            state.board.on_board(seat),
            state.board.borne_off(seat)
        ));
    }
    if let Some(last) = &state.last_move {
        out.push_str(&format!("    last move: {last}\n"));
    }
    let player = Actor::Seat(state.seat).to_string();
    let status = match (state.winner, state.throw) {
        (Some(seat), _) => format!("{} wins: all five pieces borne off", Actor::Seat(seat)),
        (None, None) => format!("{player} to throw the sticks"),
        (None, Some(throw)) if EXTRA_THROWS.contains(&throw) => {
            format!("{player} threw {throw} and moves, then throws again")
        }
        (None, Some(throw)) => format!("{player} threw {throw} and moves"),
    };
    out.push_str(&format!("    {status}\n"));
    out
}

pub fn json(state: &State) -> serde_json::Value {
    let squares: Vec<Option<String>> = (1..=SQUARES)
        .map(|square| state.board.at(square).map(|seat| Actor::Seat(seat).to_string()))
        .collect();
    let pieces = |seat: u8| -> Vec<u8> { (1..=SQUARES).filter(|s| state.board.at(*s) == Some(seat)).collect() };
    let phase = match (state.winner, state.throw) {
        (Some(_), _) => "over",
        (None, None) => "throw",
        (None, Some(_)) => "move",
    };
    json!({
        "position": position::write(state),
        "squares": squares,
        "pieces": { "p1": pieces(0), "p2": pieces(1) },
        "borne_off": { "p1": state.board.borne_off(0), "p2": state.board.borne_off(1) },
        "phase": phase,
        "seat": Actor::Seat(state.seat).to_string(),
        "throw": state.throw,
        "throws_again": state.throw.map(|t| EXTRA_THROWS.contains(&t)),
        "last_throw": state.last_throw,
        "last_move": state.last_move,
        "winner": state.winner.map(|seat| Actor::Seat(seat).to_string()),
    })
}
