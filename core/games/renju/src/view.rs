//! The position for a person: a text board (X black, O white, `#` a point forbidden to the
//! colour to move) and the JSON view with the forbidden points and their kinds. Five in a
//! row hides nothing, so every view is the same. It never changes the state.

use serde_json::{json, Value};

use super::board::{Colour, Point};
use super::engine::State;
use super::forbidden::{forbidden_points, Foul};
use super::opening::Step;

fn forbidden(state: &State, colour: Colour) -> Vec<(Point, Foul)> {
    forbidden_points(&state.board, colour, state.config.rules.bans(colour))
}

fn forbidden_json(list: &[(Point, Foul)]) -> Value {
    Value::Array(
        list.iter()
            .map(|(p, f)| json!({"point": p.text(), "kind": f.name()}))
            .collect(),
    )
}

fn status(state: &State) -> String {
    if let Some(outcome) = &state.outcome {
        return format!("game over: {outcome}");
    }
    let colour = state.acting();
    let who = format!("p{} ({})", state.seat_of(colour) as u16 + 1, colour.name());
    match state.opening.as_ref().and_then(|o| o.due()) {
        Some(step) => format!("opening: {who}: {}", super::command::expected(step)),
        None => format!("{who} to move"),
    }
}

/// The text board, rank 15 at the top, with the status line below.
pub fn render(state: &State) -> String {
    let board = &state.board;
    let n = board.size();
    let marked: Vec<Point> = if state.outcome.is_none() && state.opening.is_none() {
        forbidden(state, state.to_move).into_iter().map(|(p, _)| p).collect()
    } else {
        Vec::new()
    };
    let files: String = (0..n).map(|x| format!(" {}", (b'a' + x) as char)).collect();
    let mut out = format!("   {files}\n");
    for y in (0..n).rev() {
        out.push_str(&format!("{:>2} ", y + 1));
        for x in 0..n {
            let p = Point::new(x, y);
            let c = match board.get(p) {
                Some(Colour::Black) => 'X',
                Some(Colour::White) => 'O',
                None if marked.contains(&p) => '#',
                None => '.',
            };
            out.push(if state.last == Some(p) { '(' } else { ' ' });
            out.push(c);
        }
        out.push_str(&format!(" {}\n", y + 1));
    }
    out.push_str(&format!("   {files}\n"));
    if let Some(progress) = &state.opening {
        if !progress.offers.is_empty() {
            let list: Vec<String> = progress.offers.iter().map(|p| p.text()).collect();
            out.push_str(&format!("fifth-move offers: {}\n", list.join(" ")));
        }
    }
    for claim in &state.claimable {
        out.push_str(&format!(
            "claimable: {}'s {} at {}\n",
            claim.colour.name(),
            claim.foul.name(),
            claim.point.text()
        ));
    }
    out.push_str(&status(state));
    out.push('\n');
    out
}

/// The JSON view: the stones, who is to move, the opening's progress, the claimable fouls,
/// and `forbidden`, black's forbidden points with their kinds (and `forbidden_white` where
/// white has bans too).
pub fn json(state: &State) -> Value {
    let stones = |c: Colour| -> Vec<String> { state.board.stones(c).iter().map(|p| p.text()).collect() };
    let opening = state.opening.as_ref().map(|o| {
        let due = match o.due() {
            Some(Step::Place { .. }) => "place",
            Some(Step::Swap { .. }) => "swap",
            Some(Step::Declare { .. }) => "declare",
            Some(Step::Offers(_)) => "offer",
            Some(Step::Choose) => "choose",
            Some(Step::Fork) => "fork",
            None => "none",
        };
        json!({
            "rule": o.rule.name(),
            "due": due,
            "declared": o.declared,
            "offers": o.offers.iter().map(|p| p.text()).collect::<Vec<_>>(),
        })
    });
    let mut value = json!({
        "size": state.board.size(),
        "black": stones(Colour::Black),
        "white": stones(Colour::White),
        "to_move": state.to_move.name(),
        "black_seat": format!("p{}", state.black_seat + 1),
        "last": state.last.map(|p| p.text()),
        "passes": state.passes,
        "opening": opening,
        "claimable": state.claimable.iter().map(|c| json!({
            "point": c.point.text(), "kind": c.foul.name(), "colour": c.colour.name()
        })).collect::<Vec<_>>(),
        "forbidden": forbidden_json(&forbidden(state, Colour::Black)),
        "outcome": state.outcome,
        "status": status(state),
    });
    if state.config.rules.white.any_barred() {
        value["forbidden_white"] = forbidden_json(&forbidden(state, Colour::White));
    }
    value
}
