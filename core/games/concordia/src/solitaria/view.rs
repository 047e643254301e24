//! Solitaria shown as text and JSON: the base game's board, market and storehouses, then
//! Contrarius's points, cards (face up and turned down), the expert track and the reaction
//! still due. Contrarius's cards lie face up; the player's hand (and the total it makes) is
//! shown only to p1 and the full view.

use super::builds::CONTRARIUS;
use super::end;
use super::reaction;
use super::state::Solo;
use crate::cards;
use kifu_core::rules::View;

/// Whose hand `view` may not see: the player's unless the view is p1's or the full one;
/// never Contrarius's, whose cards lie face up.
pub fn hidden_hands(solo: &Solo, view: View) -> Vec<bool> {
    let mut hidden = crate::view::hidden_hands(&solo.base, view);
    hidden[usize::from(CONTRARIUS)] = false;
    hidden
}

pub fn render(solo: &Solo, view: View) -> String {
    let hidden = hidden_hands(solo, view);
    let mut out = crate::view::render(&solo.base, &hidden).replacen("Concordia on", "Concordia Solitaria on", 1);
    for line in contrarius_lines(solo, &hidden) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// What Solitaria adds to the base game's picture: the level, Contrarius's points and cards,
/// the expert track, the reaction or die due, the totals now (the player's only if its hand
/// is seen).
pub fn contrarius_lines(solo: &Solo, hidden: &[bool]) -> Vec<String> {
    let me = &solo.base.players[usize::from(CONTRARIUS)];
    let names = |ids: &[u8]| {
        ids.iter()
            .map(|c| cards::get(*c).name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let opening = match &solo.trio {
        Some(trio) => format!(
            "Contrarius as a third player (p3 starts, p1 is answered); level {}; vetoes used: {}",
            solo.level.word(),
            if trio.vetoed.is_empty() {
                "none".to_string()
            } else {
                trio.vetoed
                    .iter()
                    .map(|s| crate::state::seat_name(*s))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ),
        None => format!(
            "Level {}; p1 started at {} points{}",
            solo.level.word(),
            solo.start_points,
            if solo.campaign { " (campaign)" } else { "" }
        ),
    };
    let mut lines = vec![
        opening,
        format!(
            "Contrarius (p2): {} points on the track; face up: {}; turned down: {}",
            solo.points,
            names(&me.hand),
            names(&me.discard)
        ),
    ];
    if !solo.track.is_empty() {
        let spaces: Vec<String> = solo.track.iter().map(|t| t.to_string()).collect();
        lines.push(format!("Houses on the score track at {}", spaces.join(", ")));
    }
    if let Some(r) = reaction::expected(solo) {
        lines.push(format!(
            "Contrarius must: {}",
            super::notation::reaction_words(&solo.base, &r)
        ));
    }
    if let Some(d) = reaction::die_due(solo) {
        lines.push(format!("Roll the {} die", d.word()));
    }
    let shown = |seat: usize, total: u32| {
        if hidden[seat] {
            "hidden (it counts the hand)".to_string()
        } else {
            total.to_string()
        }
    };
    if solo.trio.is_some() {
        let [p1, c, p3] = super::trio::totals(solo);
        lines.push(format!(
            "Totals now: p1 {}, Contrarius {c}, p3 {}",
            shown(0, p1),
            shown(2, p3)
        ));
    } else {
        let (p, c) = end::totals(solo);
        lines.push(format!("Totals now: p1 {}, Contrarius {c}", shown(0, p)));
    }
    lines
}

pub fn json(solo: &Solo, view: View) -> serde_json::Value {
    let hidden = hidden_hands(solo, view);
    let mut value = serde_json::to_value(solo).unwrap_or(serde_json::Value::Null);
    let totals = match solo.trio {
        Some(_) => {
            let [p1, c, p3] = super::trio::totals(solo);
            serde_json::json!({ "p1": (!hidden[0]).then_some(p1), "contrarius": c, "p3": (!hidden[2]).then_some(p3) })
        }
        None => {
            let (p, c) = end::totals(solo);
            serde_json::json!({ "p1": (!hidden[0]).then_some(p), "contrarius": c })
        }
    };
    if let Some(map) = value.as_object_mut() {
        map.insert("base".into(), crate::view::json(&solo.base, &hidden));
        map.insert("totals".into(), totals);
    }
    value
}
