//! What each eye may see: the fake artist's seat only by that seat (and by all once caught,
//! owned up or the round over), the fake's salt by the full view only, and the position as
//! text and JSON. The theme's word is never in the record before its reveal. It never changes
//! the game.

use serde_json::Value;

use super::secret;
use super::state::{Phase, State};
use kifu_core::rules::View;

/// Whether `view` may see who the fake artist is.
pub fn sees_fake(state: &State, view: View) -> bool {
    match view {
        View::Full => true,
        View::Seat(s) => state.fake_public || state.fake == Some(s),
        View::Public => state.fake_public,
    }
}

/// Whether `view` may see a theme's word written in clear (rules version 1): the question
/// master and every true artist. (At version 2 the word is only known once revealed.)
pub fn sees_word(state: &State, view: View) -> bool {
    match view {
        View::Full => true,
        View::Seat(s) => s == state.master || (state.fake.is_some() && state.fake != Some(s)),
        View::Public => false,
    }
}

pub fn redacted(state: &State, view: View) -> State {
    let mut seen = state.clone();
    if !sees_fake(state, view) {
        seen.fake = None;
    }
    if !sees_word(state, view) {
        if let Some(theme) = seen.theme.as_mut().filter(|t| t.commitment.is_none()) {
            theme.word = None;
        }
    }
    if view != View::Full {
        seen.fake_salt = None;
    }
    seen
}

fn name(seat: u8) -> String {
    format!("p{}", u16::from(seat) + 1)
}

/// The redacted state (the drawing is `Rules::svg`, not part of it).
pub fn json(state: &State, view: View) -> Value {
    serde_json::to_value(redacted(state, view)).unwrap_or(Value::Null)
}

pub fn render(state: &State, view: View) -> String {
    let seen = redacted(state, view);
    let mut lines = vec![format!(
        "A Fake Artist Goes to New York, round {}: {}",
        seen.finished.len() + 1,
        super::round::waiting(&seen, &seen.phase)
    )];
    let scores: Vec<String> = seen
        .scores
        .iter()
        .enumerate()
        .map(|(s, n)| format!("p{} {n}", s + 1))
        .collect();
    lines.push(format!("scores: {} (first to 5)", scores.join(", ")));
    if seen.phase != Phase::Master {
        lines.push(format!("question master: {}", name(seen.master)));
    }
    if let Some(theme) = &seen.theme {
        let written = match (&theme.word, &theme.commitment) {
            (Some(word), _) => word.clone(),
            (None, Some(c)) => format!("? (committed #{})", secret::hex(&c[..8])),
            (None, None) => "? (not recorded)".to_string(),
        };
        lines.push(format!("theme: {}: {written}", theme.category));
    }
    if let Some(fake) = seen.fake {
        lines.push(format!("fake artist: {}", name(fake)));
    }
    for (i, stroke) in seen.strokes.iter().enumerate() {
        lines.push(format!(
            "stroke {} by {}: {} points",
            i + 1,
            name(stroke.seat),
            stroke.points.len()
        ));
    }
    if let Phase::Vote { votes } = &seen.phase {
        let cast: Vec<String> = votes
            .iter()
            .enumerate()
            .filter_map(|(s, v)| v.map(|t| format!("p{} for {}", s + 1, name(t))))
            .collect();
        lines.push(format!(
            "votes: {}",
            if cast.is_empty() { "-".into() } else { cast.join(", ") }
        ));
    }
    for (i, round) in seen.finished.iter().enumerate() {
        lines.push(format!(
            "round {}: {}: {} ({})",
            i + 1,
            round.theme.category,
            round.theme.word.as_deref().unwrap_or("?"),
            round.summary
        ));
    }
    lines.push("the drawing: kifu show ID --svg".into());
    lines.join("\n")
}
