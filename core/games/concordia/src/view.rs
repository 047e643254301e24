//! Concordia shown as text and JSON: the board (city goods, houses, bonus tiles, colonists),
//! the market with its surcharges, and each player's storehouse, hand and score. Nothing in
//! the game is hidden from any seat (see seeds/concordia.md), so every view is the same.

use crate::actions::place_name;
use crate::cards;
use crate::scoring;
use crate::state::{seat_name, State};

pub fn render(state: &State) -> String {
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
        let hand: Vec<&str> = p.hand.iter().map(|c| cards::get(*c).name.as_str()).collect();
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
            hand.join(", "),
            p.discard.len(),
            if state.magnus == seat { "; Praefectus Magnus" } else { "" },
            if p.concordia { "; Concordia card" } else { "" },
            scoring::score(state, seat).total(),
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

/// The state, with each player's score by god beside it.
pub fn json(state: &State) -> serde_json::Value {
    let mut value = serde_json::to_value(state).unwrap_or(serde_json::Value::Null);
    let scores: Vec<scoring::Score> = (0..state.seats()).map(|s| scoring::score(state, s)).collect();
    if let Some(map) = value.as_object_mut() {
        map.insert("scores".into(), serde_json::to_value(scores).unwrap_or_default());
    }
    value
}
