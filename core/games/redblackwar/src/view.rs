//! What each eye may see: a card laid down is known only to its own kingdom (and the full
//! view) until chance turns the four up; everything else in Red-Black War is public.
//! It never changes the war.

use serde_json::{json, Value};

use super::cards::{seat_label, seat_name};
use super::state::{Phase, State};
use kifu_core::rules::View;

/// The state with the cards face down that `view` may not see taken away.
pub fn redacted(state: &State, view: View) -> State {
    let mut seen = state.clone();
    for (seat, (down, salt)) in seen.down.iter_mut().zip(seen.down_salt.iter_mut()).enumerate() {
        let own = view == View::Full || view == View::Seat(seat as u8);
        if !own {
            *down = None;
            *salt = None;
        }
    }
    if view != View::Full {
        seen.key = None;
    }
    seen
}

/// What is due, in words.
pub fn due(state: &State, phase: &Phase) -> String {
    match phase {
        Phase::Key => "chance draws the war's secret key (key HEX, or key ? with none)".to_string(),
        Phase::Situation => format!("a situation card is turned up before battle {}", state.battle),
        Phase::GiveHorn { candidates } => {
            let names: Vec<String> = candidates.iter().map(|s| seat_name(*s)).collect();
            format!(
                "{} gives the comeback horn to one of {} (give:pN)",
                seat_name(state.flag),
                names.join(", ")
            )
        }
        Phase::Sanction => format!("{} halves one kingdom's coins (sanction:pN)", seat_name(state.flag)),
        Phase::Spy => format!(
            "{} pays a kingdom a coin and turns one of its cards (spy:pN,CARD)",
            seat_name(state.flag)
        ),
        Phase::Missile { seat } => format!("{} fires the missile or holds it (fire, hold)", seat_name(*seat)),
        Phase::Take => format!("{} takes a spoil from another kingdom (take:pN)", seat_name(state.flag)),
        Phase::Redeploy { order } => format!(
            "{} redeploys: two used cards back, two others down (redeploy:A,B/C,D)",
            order.first().map_or("?".into(), |s| seat_name(*s))
        ),
        Phase::Play => {
            let waiting: Vec<String> = (0..4u8)
                .filter(|s| state.down[usize::from(*s)].is_none())
                .map(seat_name)
                .collect();
            format!("battle {}: {} to lay a card down", state.battle, waiting.join(", "))
        }
        Phase::Open => "the four cards are turned up (open)".into(),
        Phase::Horn { seat } => format!("{} blows the horn or keeps it (blow, keep)", seat_name(*seat)),
        Phase::Stake { seat } => format!("{} decides J's great battle (x1, x2, x3)", seat_name(*seat)),
        Phase::Ally { seat } => format!("{} decides K's diplomacy (ally:pN)", seat_name(*seat)),
        Phase::Rank { tied } => {
            let names: Vec<String> = tied.iter().map(|s| seat_name(*s)).collect();
            format!(
                "{} orders the kingdoms tied for first: {}",
                seat_name(state.flag),
                names.join(", ")
            )
        }
        Phase::Over { outcome } => format!("over: {outcome}"),
    }
}

pub fn render(state: &State, view: View) -> String {
    let seen = redacted(state, view);
    let mut lines = Vec::new();
    let deck = if seen.playing_cards { ", standard deck" } else { "" };
    lines.push(format!(
        "Red-Black War{deck}, battle {} of {}, at stake {} (carried {}, fresh {})",
        seen.battle,
        seen.last_battle,
        seen.carried + seen.fresh,
        seen.carried,
        seen.fresh
    ));
    for seat in 0..4u8 {
        let s = usize::from(seat);
        let mut line = format!(
            "{}: spoils {}, ally {}, hand [{}]",
            seat_label(seat),
            seen.spoils[s],
            seat_name(seen.allies[s]),
            seen.hand(seat).text()
        );
        if seen.flag == seat {
            line.push_str(", flag");
        }
        if seen.horn == Some(seat) {
            line.push_str(", horn");
        }
        if seen.economic {
            line.push_str(&format!(", coins {}", seen.coins[s]));
            if seen.immortal[s] > 0 {
                line.push_str(&format!(" (+{} immortal)", seen.immortal[s]));
            }
        }
        if seen.missile == Some(seat) {
            line.push_str(", missile");
        }
        match (&seen.open, state.down[s], seen.down[s]) {
            (Some(cards), _, _) => line.push_str(&format!(", turned up {}", cards[s].code())),
            (None, _, Some(card)) => line.push_str(&format!(", laid down {}", card.code())),
            (None, Some(_), None) => line.push_str(", laid down (hidden)"),
            _ => {}
        }
        lines.push(line);
    }
    if !seen.situations.is_empty() {
        let names: Vec<&str> = seen.situations.iter().map(|s| s.code()).collect();
        let promotion = if seen.promotion { " (promotion in force)" } else { "" };
        lines.push(format!("situations: {}{promotion}", names.join(", ")));
    }
    if let Some(spy) = seen.spy {
        lines.push(format!(
            "spy: {}'s {} fights for {}",
            seat_name(spy.victim),
            spy.card.code(),
            seat_name(spy.owner)
        ));
    }
    if let Some(last) = &seen.last {
        lines.push(format!("last: {last}"));
    }
    lines.push(due(&seen, &seen.phase));
    lines.join("\n")
}

/// The JSON view: the redacted state, which seats have laid down, and what is due.
pub fn json(state: &State, view: View) -> Value {
    let seen = redacted(state, view);
    let mut value = serde_json::to_value(&seen).unwrap_or(Value::Null);
    if let Some(object) = value.as_object_mut() {
        let laid: Vec<bool> = state.down.iter().map(Option::is_some).collect();
        object.insert("laid_down".into(), json!(laid));
        object.insert("status".into(), json!(due(&seen, &seen.phase)));
    }
    value
}
