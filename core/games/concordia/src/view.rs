//! Concordia shown as text and JSON: the board (city goods, houses, bonus tiles, colonists),
//! the market with its surcharges, and each player's storehouse, hand and score. A hand is
//! shown only to its seat (and the full view): never its cards nor the score they make.

use crate::actions::place_name;
use crate::cards;
use crate::scoring;
use crate::state::{seat_name, State};
use kifu_core::rules::View;

/// Per seat: its hand is hidden from `view` (every other seat's for a seat, all for the
/// public; none for the full view).
pub fn hidden_hands(state: &State, view: View) -> Vec<bool> {
    (0..state.seats())
        .map(|seat| match view {
            View::Full => false,
            View::Seat(s) => s != seat,
            View::Public => true,
        })
        .collect()
}

/// A hand as `view` may see it: its cards, or only how many.
pub fn hand_text(state: &State, seat: u8, hidden: &[bool]) -> String {
    let hand = &state.players[usize::from(seat)].hand;
    if hidden.get(usize::from(seat)).copied().unwrap_or(false) {
        return format!("{} hidden card(s)", hand.len());
    }
    let names: Vec<&str> = hand.iter().map(|c| cards::get(*c).name.as_str()).collect();
    names.join(", ")
}

/// The score now, unless the hand it depends on is hidden.
pub fn score_text(state: &State, seat: u8, hidden: &[bool]) -> String {
    if hidden.get(usize::from(seat)).copied().unwrap_or(false) {
        "hidden (it counts the hand)".to_string()
    } else {
        scoring::score(state, seat).total().to_string()
    }
}

/// The text view; `hidden` says whose hand is not shown (see `hidden_hands`).
pub fn render(state: &State, hidden: &[bool]) -> String {
    let board = state.board();
    let mut out = format!("Concordia on the {} map\n", board.name);
    if !state.dealt {
        out.push_str("City goods not dealt yet.\n");
    }
    for (p, province) in board.provinces.iter().enumerate() {
        let tile = match (state.bonus_good(p), state.coin_side[p]) {
            (None, _) => "?".to_string(),
            (Some(g), false) => format!("bonus {}", g.name()),
            (Some(g), true) => format!("coins {}", g.bonus_coins()),
        };
        out.push_str(&format!("{} [{tile}]:", province.name));
        for c in &province.cities {
            let good = state.city_goods[*c].map(|g| g.name()).unwrap_or("?");
            let houses: Vec<String> = state.houses[*c].iter().map(|s| seat_name(*s)).collect();
            out.push_str(&format!(
                " {}({good}{}{})",
                board.cities[*c].code,
                if houses.is_empty() { "" } else { " " },
                houses.join(",")
            ));
        }
        out.push('\n');
    }
    out.push_str("Market:");
    for (slot, id) in state.display.iter().enumerate() {
        let card = cards::get(*id);
        let extra = cards::surcharge(slot);
        let mut cost: Vec<&str> = card.cost.iter().map(|g| g.name()).collect();
        cost.extend(extra.goods.iter().map(|g| g.name()));
        cost.extend(std::iter::repeat_n("any", extra.any as usize));
        out.push_str(&format!(" {}:{}({})", slot + 1, card.name, cost.join("+")));
    }
    let left: usize = state.decks.iter().map(Vec::len).sum();
    out.push_str(&format!("; {left} card(s) in the decks\n"));
    for (seat, p) in state.players.iter().enumerate() {
        let seat = seat as u8;
        let mark = if seat == state.current && state.over.is_none() {
            "*"
        } else {
            " "
        };
        let colonists: Vec<String> = p
            .colonists
            .iter()
            .map(|c| format!("{}:{}", c.kind.letter(), place_name(state, c.at)))
            .collect();
        let top = p.discard.last().map(|c| cards::get(*c).name.as_str()).unwrap_or("-");
        out.push_str(&format!(
            "{mark}{} {} sestertii; storehouse {} + colonists L{} S{} ({} free); houses left {}; board {}\n   hand {}; discard top {top} ({} played){}{}; score now {}\n",
            seat_name(seat),
            p.coins,
            p.goods.text(),
            p.stored[0],
            p.stored[1],
            p.room(),
            p.houses_left,
            colonists.join(" "),
            hand_text(state, seat, hidden),
            p.discard.len(),
            if state.magnus == seat { "; Praefectus Magnus" } else { "" },
            if p.concordia { "; Concordia card" } else { "" },
            score_text(state, seat, hidden),
        ));
    }
    if let Some(o) = &state.over {
        out.push_str(&format!("Game over: {o}\n"));
    } else if let Some(seat) = state.ended_by {
        out.push_str(&format!(
            "{} ended the game: {} final turn(s) left\n",
            seat_name(seat),
            state.final_turns
        ));
    }
    out
}

/// The state, with each player's score by god beside it; a hidden hand becomes its size
/// (`hand: null`, `hand_size`) and its score `null`.
pub fn json(state: &State, hidden: &[bool]) -> serde_json::Value {
    let mut value = serde_json::to_value(state).unwrap_or(serde_json::Value::Null);
    let is_hidden = |seat: u8| hidden.get(usize::from(seat)).copied().unwrap_or(false);
    let scores: Vec<Option<scoring::Score>> = (0..state.seats())
        .map(|s| (!is_hidden(s)).then(|| scoring::score(state, s)))
        .collect();
    let players = value.get_mut("players").and_then(|p| p.as_array_mut());
    for (seat, player) in players.into_iter().flatten().enumerate() {
        if let Some(p) = player.as_object_mut() {
            let size = state.players[seat].hand.len();
            p.insert("hand_size".into(), size.into());
            if is_hidden(seat as u8) {
                p.insert("hand".into(), serde_json::Value::Null);
            }
        }
    }
    if let Some(map) = value.as_object_mut() {
        map.insert("scores".into(), serde_json::to_value(scores).unwrap_or_default());
    }
    value
}
