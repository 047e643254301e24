//! How a Tablut position looks: a text board for a terminal and the state as JSON for the
//! pages. Tablut hides nothing; this module never changes a state.

use serde_json::json;

use super::board::{Piece, Side, Square, SIZE, THRONE};
use super::state::State;
use kifu_core::record::Actor;

fn mark(state: &State, square: Square) -> char {
    match state.board.at(square) {
        Some(Piece::Black) => 'x',
        Some(Piece::White) => 'o',
        Some(Piece::King) => 'K',
        None if square == THRONE => '#',
        None if state.rules.is_fortress_corner(square) => '+',
        None if state.rules.is_camp(square) => ',',
        None if state.rules.is_escape(square) => '*',
        None => '.',
    }
}

pub fn render(state: &State) -> String {
    let mut out = String::new();
    for rank in (0..SIZE).rev() {
        let row: Vec<String> = (0..SIZE)
            .map(|file| mark(state, Square::at(file, rank)).to_string())
            .collect();
        out.push_str(&format!("{} {}\n", rank + 1, row.join(" ")));
    }
    out.push_str("  a b c d e f g h i\n");
    out.push_str("  x black  o white  K king  # throne  + corner  , camp  * escape\n");
    out.push_str(&format!(
        "  black {} soldiers, white {} soldiers, ply {}\n",
        state.soldiers(Piece::Black),
        state.soldiers(Piece::White),
        state.plies
    ));
    if let Some(last) = &state.last {
        out.push_str(&format!("  last move: {last}\n"));
    }
    match &state.outcome {
        Some(outcome) => out.push_str(&format!("  {outcome}\n")),
        None => out.push_str(&format!(
            "  {} ({}) to move\n",
            state.to_move.name(),
            Actor::Seat(state.to_move.seat())
        )),
    }
    out
}

pub fn json(state: &State) -> serde_json::Value {
    let squares: Vec<Vec<Option<char>>> = (0..SIZE)
        .rev()
        .map(|rank| {
            (0..SIZE)
                .map(|file| state.board.at(Square::at(file, rank)).map(|p| p.letter()))
                .collect()
        })
        .collect();
    let special = |test: &dyn Fn(Square) -> bool| -> Vec<String> {
        (0..(SIZE * SIZE) as u8)
            .map(Square)
            .filter(|s| test(*s))
            .map(|s| s.to_string())
            .collect()
    };
    json!({
        "position": state.board.write(),
        "ranks": squares,
        "rules": state.rules.options(),
        "throne": THRONE.to_string(),
        "escapes": special(&|s| state.rules.is_escape(s)),
        "camps": special(&|s| state.rules.is_camp(s)),
        "to_move": state.to_move.name(),
        "seat": Actor::Seat(state.to_move.seat()).to_string(),
        "plies": state.plies,
        "black_soldiers": state.soldiers(Piece::Black),
        "white_soldiers": state.soldiers(Piece::White),
        "last_move": state.last,
        "outcome": state.outcome,
        "black_seat": Actor::Seat(Side::Black.seat()).to_string(),
    })
}
