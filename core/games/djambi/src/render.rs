//! How a Djambi position looks: a text board for a terminal and the state as JSON for the
//! pages. Djambi hides nothing; this module never changes a state.

use serde_json::json;

use super::board::{Square, COLOUR_NAMES, MAZE, SIZE};
use super::position;
use super::state::{seat_name, State, QUIET_LIMIT, SEATS};

pub fn render(state: &State) -> String {
    let mut out = String::new();
    for rank in (0..SIZE).rev() {
        let row: Vec<String> = (0..SIZE)
            .map(|file| {
                let square = Square::at(file, rank);
                match state.board.at(square) {
                    Some(piece) => piece.token(),
                    None if square == MAZE => "##".into(),
                    None => " .".into(),
                }
            })
            .collect();
        out.push_str(&format!("{} {}\n", rank + 1, row.join(" ")));
    }
    out.push_str("   a  b  c  d  e  f  g  h  i\n");
    out.push_str("  r red  b blue  y yellow  g green  n nobody's  x corpse  ## the Labyrinth\n");
    out.push_str("  C chief  A assassin  R reporter  D diplomat  N necromobile  M militant\n");
    let living: Vec<&str> = (0..SEATS)
        .filter(|s| state.alive(*s))
        .map(|s| COLOUR_NAMES[usize::from(s)])
        .collect();
    out.push_str(&format!("  in the game: {}\n", living.join(", ")));
    if let Some(ruler) = state.board.in_power() {
        out.push_str(&format!("  in power: {}\n", seat_name(ruler)));
    }
    out.push_str(&format!(
        "  move {}, {} without a kill (draw at {QUIET_LIMIT})\n",
        state.plies, state.quiet
    ));
    if let Some(last) = &state.last {
        out.push_str(&format!("  last move: {last}\n"));
    }
    match &state.outcome {
        Some(outcome) => out.push_str(&format!("  {outcome}\n")),
        None if state.to_move != state.regular => out.push_str(&format!(
            "  {} to move (in power, after {})\n",
            seat_name(state.to_move),
            seat_name(state.regular)
        )),
        None => out.push_str(&format!("  {} to move\n", seat_name(state.to_move))),
    }
    out
}

pub fn json(state: &State) -> serde_json::Value {
    let ranks: Vec<Vec<Option<String>>> = (0..SIZE)
        .rev()
        .map(|rank| {
            (0..SIZE)
                .map(|file| state.board.at(Square::at(file, rank)).map(|p| p.token()))
                .collect()
        })
        .collect();
    let living: Vec<&str> = (0..SEATS)
        .filter(|s| state.alive(*s))
        .map(|s| COLOUR_NAMES[usize::from(s)])
        .collect();
    json!({
        "position": position::write(state),
        "ranks": ranks,
        "maze": MAZE.to_string(),
        "to_move": COLOUR_NAMES[usize::from(state.to_move)],
        "seat": format!("p{}", state.to_move + 1),
        "extra_turn": state.to_move != state.regular,
        "in_power": state.board.in_power().map(|s| COLOUR_NAMES[usize::from(s)]),
        "in_the_game": living,
        "quiet": state.quiet,
        "plies": state.plies,
        "last_move": state.last,
        "outcome": state.outcome,
    })
}
