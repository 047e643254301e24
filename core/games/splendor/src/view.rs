//! What each eye may see: the position as text or JSON, with every blind reserve but the
//! viewer's own shown only by its level. It never changes the game.

use super::cards::{self, describe, gems_text};
use super::state::{Phase, State};
use kifu_core::rules::View;

/// The state with the blind reserves `view` may not see turned into unknown cards.
pub fn redacted(state: &State, view: View) -> State {
    let mut seen = state.clone();
    for (seat, player) in seen.players.iter_mut().enumerate() {
        let own = match view {
            View::Full => true,
            View::Seat(s) => usize::from(s) == seat,
            View::Public => false,
        };
        if !own {
            for r in player.reserved.iter_mut().filter(|r| r.blind) {
                r.card = None;
            }
        }
    }
    if view != View::Full {
        seen.salt = None;
    }
    seen
}

fn seat(s: usize) -> String {
    format!("p{}", s + 1)
}

/// What is due, in words: `p2 to act`, `a level 1 card is due to refill the market`.
pub fn status(state: &State) -> String {
    match &state.phase {
        Phase::Deal => "the deal is due".to_string(),
        Phase::Act => format!("{} to act", seat(usize::from(state.current))),
        Phase::Refill { level, .. } => format!("a level {level} card is due to refill the market"),
        Phase::Draw { level } => format!(
            "the top level {level} card is due to {}",
            seat(usize::from(state.current))
        ),
        Phase::Discard { excess } => format!("{} returns {excess} tokens", seat(usize::from(state.current))),
        Phase::Noble { choices } => {
            let list: Vec<String> = choices.iter().map(|n| format!("#{n}")).collect();
            format!(
                "{} chooses a noble ({})",
                seat(usize::from(state.current)),
                list.join(", ")
            )
        }
        Phase::Over { outcome } => format!("over: {outcome}"),
    }
}

pub fn render(state: &State, view: View) -> String {
    let state = redacted(state, view);
    let mut lines = Vec::new();
    let status = status(&state);
    let final_round = if state.final_round { ", final round" } else { "" };
    lines.push(format!("Splendor, round {}{final_round}: {status}", state.round + 1));
    let nobles: Vec<String> = state
        .nobles
        .iter()
        .filter_map(|id| cards::noble(*id))
        .map(|n| format!("#{} ({})", n.id, gems_text(&n.needs)))
        .collect();
    lines.push(format!(
        "nobles: {}",
        if nobles.is_empty() {
            "-".to_string()
        } else {
            nobles.join(", ")
        }
    ));
    lines.push(format!("supply: {}", gems_text(&state.supply)));
    for l in (0..3).rev() {
        let row: Vec<String> = state.market[l]
            .iter()
            .map(|c| c.map_or("(empty)".to_string(), describe))
            .collect();
        lines.push(format!(
            "L{} [{} in deck]: {}",
            l + 1,
            state.deck_left[l],
            row.join(" ")
        ));
    }
    for (s, p) in state.players.iter().enumerate() {
        let reserved: Vec<String> = p
            .reserved
            .iter()
            .map(|r| match r.card {
                Some(id) if r.blind => format!("{} (blind)", describe(id)),
                Some(id) => describe(id),
                None => format!("L{}?", r.level),
            })
            .collect();
        let nobles: Vec<String> = p.nobles.iter().map(|n| format!("#{n}")).collect();
        let mut line = format!(
            "{}: {} points, {} cards, bonuses {}, tokens {}",
            seat(s),
            p.points(),
            p.cards.len(),
            gems_text(&p.bonuses()),
            gems_text(&p.tokens)
        );
        if !reserved.is_empty() {
            line.push_str(&format!(", reserved {}", reserved.join(" ")));
        }
        if !nobles.is_empty() {
            line.push_str(&format!(", nobles {}", nobles.join(" ")));
        }
        lines.push(line);
    }
    if let Some(last) = &state.last {
        lines.push(format!("last: {last}"));
    }
    lines.join("\n")
}

pub fn json(state: &State, view: View) -> serde_json::Value {
    serde_json::to_value(redacted(state, view)).unwrap_or(serde_json::Value::Null)
}
