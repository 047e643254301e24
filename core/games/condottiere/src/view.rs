//! What each eye may see: the position as text or JSON, with every hand (and thrown-away hand)
//! but the viewer's own shown only as a number of cards. It never changes the game.

use serde_json::{json, Value};

use super::battle;
use super::cards::{Card, Hand};
use super::map::map;
use super::round;
use super::state::{Phase, State};
use kifu_core::rules::View;

/// The state with the hands `view` may not see turned into counts of unknown cards.
pub fn redacted(state: &State, view: View) -> State {
    let mut seen = state.clone();
    for (seat, player) in seen.players.iter_mut().enumerate() {
        let visible = match view {
            View::Full => true,
            View::Seat(s) => usize::from(s) == seat,
            View::Public => false,
        };
        if !visible {
            player.hand = player.hand.hidden();
            player.discarded = player.discarded.hidden();
        }
    }
    seen
}

fn seat(s: u8) -> String {
    format!("p{}", u16::from(s) + 1)
}

pub fn render(state: &State, view: View) -> String {
    let state = redacted(state, view);
    let mut lines = Vec::new();
    let mut title = format!(
        "Condottiere, round {}, condottiere token: {}",
        state.round,
        seat(state.token)
    );
    if let Some(target) = state.options.target {
        let scores: Vec<String> = state
            .scores
            .iter()
            .enumerate()
            .map(|(s, v)| format!("p{} {v}", s + 1))
            .collect();
        title.push_str(&format!(
            "; game {} of a series to {target} points ({})",
            state.game,
            scores.join(", ")
        ));
    }
    lines.push(title);
    let mut held = Vec::new();
    let mut free = Vec::new();
    for (region, owner) in state.owner.iter().enumerate() {
        let name = map().name(region as u8);
        match owner {
            Some(o) => held.push(format!("{name} {}", seat(*o))),
            None => free.push(name.to_string()),
        }
    }
    lines.push(format!(
        "held: {}",
        if held.is_empty() {
            "none".into()
        } else {
            held.join(", ")
        }
    ));
    lines.push(format!(
        "free: {}",
        if free.is_empty() {
            "none".into()
        } else {
            free.join(", ")
        }
    ));
    let in_battle = matches!(state.phase, Phase::Battle { .. });
    for (s, player) in state.players.iter().enumerate() {
        let s = s as u8;
        let mut line = format!(
            "{}: {} cards [{}], {} {}",
            seat(s),
            player.hand.len(),
            player.hand.text(),
            state.cities(s),
            if state.cities(s) == 1 { "city" } else { "cities" }
        );
        if in_battle {
            let row: Vec<&str> = player.row.iter().map(|c| c.code()).collect();
            line.push_str(&format!(", army [{}] = {}", row.join(" "), battle::strength(&state, s)));
            if player.passed {
                line.push_str(", out");
            }
        }
        if !player.discarded.is_empty() {
            line.push_str(&format!(", threw away [{}]", player.discarded.text()));
        }
        lines.push(line);
    }
    let pile = Hand {
        known: state.pile,
        unknown: 0,
    };
    if !pile.is_empty() {
        lines.push(format!("set aside this round: {}", pile.text()));
    }
    if let Some(last) = &state.last {
        lines.push(format!("last battle: {last}"));
    }
    lines.push(status(&state));
    lines.join("\n")
}

/// The last line of the text view: what is due now, in words.
fn status(state: &State) -> String {
    match &state.phase {
        Phase::Deal { final_battle: true, .. } => "deal due for the final battle".to_string(),
        Phase::Deal { .. } => "deal due".to_string(),
        Phase::Choose => {
            let mut text = format!("{} chooses the next city or passes", seat(state.token));
            let throwers = round::discarders(state);
            if !throwers.is_empty() {
                let names: Vec<String> = throwers.iter().map(|s| seat(*s)).collect();
                text.push_str(&format!("; may throw a hand away: {}", names.join(", ")));
            }
            text
        }
        Phase::Battle {
            city,
            defender,
            current,
        } => {
            let place = city.map_or("final battle".to_string(), |c| format!("battle for {}", map().name(c)));
            let defends = defender.map_or(String::new(), |d| format!(" defended by {}", seat(d)));
            let weather = if battle::winter(state) { ", winter" } else { "" };
            format!("{place}{defends}{weather}: {} to play or pass", seat(*current))
        }
        Phase::Over { outcome } => format!("over: {outcome}"),
    }
}

/// The JSON view: the state with the hands `view` may not see hidden, and what a drawing of it
/// needs besides: the map (its regions in index order and their borders), the cards (in the
/// order hands count them: the serde name, the code and the name), each seat's strength in
/// the battle, whether winter holds, and what is due now in words. The additions are derived:
/// they are never part of the state, a snapshot or a hash.
pub fn json(state: &State, view: View) -> Value {
    let seen = redacted(state, view);
    let mut value = serde_json::to_value(&seen).unwrap_or(Value::Null);
    let Some(object) = value.as_object_mut() else {
        return value;
    };
    let regions = map();
    object.insert(
        "map".into(),
        json!({ "regions": regions.names, "borders": regions.borders() }),
    );
    let cards: Vec<Value> = Card::ALL
        .iter()
        .map(|c| json!({ "id": c, "code": c.code(), "name": c.name() }))
        .collect();
    object.insert("cards".into(), Value::Array(cards));
    let strength: Vec<u32> = (0..seen.seats()).map(|s| battle::strength(&seen, s)).collect();
    object.insert("strength".into(), json!(strength));
    object.insert("winter".into(), json!(battle::winter(&seen)));
    object.insert("status".into(), json!(status(&seen)));
    value
}
