//! The position for a terminal and as JSON: the position text, a drawing of the squares the
//! pieces span when that is small, whose move it is and how the game ended. Derived, never
//! stored or hashed.

use serde_json::json;

use super::board::Square;
use super::state::State;
use super::text;
use kifu_core::record::Actor;

/// The widest and tallest span of squares drawn as a grid; a wider one is listed instead.
const DRAWN: i64 = 24;

pub fn render(state: &State) -> String {
    let pos = &state.position;
    let mut out = format!("position: {}\n", text::write(pos));
    let xs = pos.board.keys().map(|sq| sq.x);
    let ys = pos.board.keys().map(|sq| sq.y);
    if let (Some(x0), Some(x1), Some(y0), Some(y1)) = (xs.clone().min(), xs.max(), ys.clone().min(), ys.max()) {
        if x1 - x0 < DRAWN && y1 - y0 < DRAWN {
            for y in (y0..=y1).rev() {
                let row: Vec<String> = (x0..=x1)
                    .map(|x| {
                        pos.board
                            .get(&Square::new(x, y))
                            .map_or(".".to_string(), |p| p.letter().to_string())
                    })
                    .collect();
                out.push_str(&format!("{y:>5} {}\n", row.join(" ")));
            }
            out.push_str(&format!("      x from {x0} to {x1}\n"));
        } else {
            out.push_str(&format!(
                "the pieces span x {x0}..{x1} and y {y0}..{y1}, too far apart to draw: see the position's list\n"
            ));
        }
    }
    let side = pos.turn;
    let check = if pos.in_check(side) { " (in check)" } else { "" };
    if state.result.is_none() {
        out.push_str(&format!("{} to move{check}\n", side.name()));
    }
    if let Some(s) = state.draw_offer {
        out.push_str(&format!("draw offered by {}\n", Actor::Seat(s)));
    }
    if let Some(o) = &state.result {
        out.push_str(&format!("game over: {o}\n"));
    }
    out
}

pub fn json(state: &State) -> serde_json::Value {
    let pos = &state.position;
    let pieces: Vec<serde_json::Value> = pos
        .board
        .iter()
        .map(|(sq, p)| json!({"x": sq.x, "y": sq.y, "piece": p.letter().to_string()}))
        .collect();
    json!({
        "position": text::write(pos),
        "turn": pos.turn.name(),
        "check": pos.in_check(pos.turn),
        "pieces": pieces,
        "occurrences": state.occurrences(),
        "draw_offer": state.draw_offer,
        "result": state.result,
    })
}
