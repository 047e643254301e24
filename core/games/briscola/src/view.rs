//! What each eye may see: hands but the viewer's own as counts, and in chiamata the partner
//! only once the called card is played (or to the partner). It never changes the game.

use serde_json::{json, Value};

use super::cards::Card;
use super::play::seat_name;
use super::state::{Phase, State};
use kifu_core::rules::View;

/// The state with what `view` may not see hidden.
pub fn redacted(state: &State, view: View) -> State {
    let mut seen = state.clone();
    for (seat, hand) in seen.hands.iter_mut().enumerate() {
        let visible = match view {
            View::Full => true,
            View::Seat(s) => usize::from(s) == seat,
            View::Public => false,
        };
        if !visible {
            *hand = hand.hidden();
        }
    }
    let knows_partner =
        state.revealed || view == View::Full || matches!(view, View::Seat(s) if Some(s) == state.partner);
    if !knows_partner {
        seen.partner = None;
    }
    if view != View::Full {
        seen.salt = None;
    }
    seen
}

pub fn render(state: &State, view: View) -> String {
    let state = redacted(state, view);
    let mut lines = Vec::new();
    let title = if state.chiamata {
        "Briscola Chiamata"
    } else {
        "Briscola"
    };
    let trump = state
        .trump
        .map_or("not yet named".to_string(), |s| Card::suit_name(s).to_string());
    lines.push(format!("{title}, trick {}, briscola suit: {trump}", state.tricks + 1));
    if !state.chiamata {
        let turned = state.turned.map_or("taken".to_string(), Card::code);
        lines.push(format!("stock: {} face down, turned up: {turned}", state.stock));
    }
    if let Some((seat, points)) = state.bid {
        lines.push(format!("bid: {} for {points}", seat_name(seat)));
    }
    if let Some(card) = state.called {
        let partner = match state.partner {
            Some(p) if state.bid.is_some_and(|(c, _)| c == p) => "the caller plays alone".to_string(),
            Some(p) => format!("partner {}", seat_name(p)),
            None => "partner unknown".to_string(),
        };
        lines.push(format!("called: {} ({partner})", card.code()));
    }
    for (seat, hand) in state.hands.iter().enumerate() {
        let seat = seat as u8;
        let mut line = format!(
            "{}: hand [{}], taken {} points",
            seat_name(seat),
            hand.text(),
            state.points(seat)
        );
        if state
            .teams
            .iter()
            .filter(|t| **t == state.teams[usize::from(seat)])
            .count()
            > 1
            && !state.chiamata
        {
            line.push_str(&format!(", team {}", state.teams[usize::from(seat)] + 1));
        }
        if let Some(points) = state.match_points.get(usize::from(seat)) {
            line.push_str(&format!(", match points {points:+}"));
        }
        lines.push(line);
    }
    if state.chiamata {
        let totals: Vec<String> = (0..state.seats())
            .map(|s| format!("{} {}", seat_name(s), state.match_totals[usize::from(s)]))
            .collect();
        lines.push(format!(
            "match: {} after {} hands (to {}); this hand opened by {}",
            totals.join(", "),
            state.hands_played,
            state.target,
            seat_name(state.opener)
        ));
    }
    if !state.trick.is_empty() {
        let played: Vec<String> = state
            .trick
            .iter()
            .map(|(s, c)| format!("{} {}", seat_name(*s), c.code()))
            .collect();
        lines.push(format!("on the table: {}", played.join(", ")));
    }
    if let Some(last) = &state.last {
        lines.push(format!("last: {last}"));
    }
    lines.push(status(&state));
    lines.join("\n")
}

pub fn status(state: &State) -> String {
    match &state.phase {
        Phase::Deal => "deal due".into(),
        Phase::Auction { current } => format!("{} bids or passes", seat_name(*current)),
        Phase::Call { caller } => format!("{} names the called card", seat_name(*caller)),
        Phase::Play { current } => format!("{} to play", seat_name(*current)),
        Phase::Draw { order } => {
            let names: Vec<String> = order.iter().map(|s| seat_name(*s)).collect();
            format!("draw due: {}", names.join(", "))
        }
        Phase::Over { outcome } => format!("over: {outcome}"),
    }
}

/// The JSON view: the redacted state, each seat's card points and what is due in words.
pub fn json(state: &State, view: View) -> Value {
    let seen = redacted(state, view);
    let mut value = serde_json::to_value(&seen).unwrap_or(Value::Null);
    if let Some(object) = value.as_object_mut() {
        let points: Vec<u32> = (0..seen.seats()).map(|s| seen.points(s)).collect();
        object.insert("card_points".into(), json!(points));
        object.insert("status".into(), json!(status(&seen)));
    }
    value
}
