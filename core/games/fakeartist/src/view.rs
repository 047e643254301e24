//! What each eye may see: the fake artist's seat only by that seat (and by all once caught or
//! once the round is over), the theme's word by the question master and the true artists, and
//! the position as text and JSON. It never changes the game.

use serde_json::Value;

use super::state::{Phase, State};
use kifu_core::rules::View;

/// Whether `view` may see who the fake artist is.
pub fn sees_fake(state: &State, view: View) -> bool {
    let caught = matches!(state.phase, Phase::Guess | Phase::Judge { .. });
    match view {
        View::Full => true,
        View::Seat(s) => caught || state.fake == Some(s),
        View::Public => caught,
    }
}

/// Whether `view` may see the theme's word: the question master and every true artist.
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
        if let Some(theme) = seen.theme.as_mut() {
            theme.word = None;
        }
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
        lines.push(format!(
            "theme: {}: {}",
            theme.category,
            theme.word.as_deref().unwrap_or("?")
        ));
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
