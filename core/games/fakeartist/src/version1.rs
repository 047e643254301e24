//! Rules version 1, kept for the records made under it: the theme written in clear (hidden
//! from the fake by views only), no salt on `fake pN`, no `fake ?`, no reveal; and the state as
//! version 1 hashed it. It never decides anything version 2 decides differently on its own.

use serde::Serialize;

use super::notation::{self, Command};
use super::state::{Finished, Phase, State, Stroke, Theme};
use kifu_core::rules::Outcome;
use kifu_core::rules::RuleError;

/// Reads a command as version 1 did: `theme CATEGORY: WORD` in clear; salts, `fake ?`,
/// commitments, `unmask` and `reveal` are version 2's.
pub fn parse(text: &str) -> Result<Command, RuleError> {
    let text = text.trim();
    let (verb, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    if verb.eq_ignore_ascii_case("theme") {
        let Some((category, word)) = rest.split_once(':') else {
            kifu_core::refuse!("write the theme as 'theme CATEGORY: WORD' (the category is said aloud)");
        };
        if word.trim() == "?" {
            kifu_core::refuse!("the question master writes the word itself (theme CATEGORY: WORD)");
        }
        return Ok(Command::ThemeInClear {
            category: notation::words(category, "category")?,
            word: notation::words(word, "theme")?,
        });
    }
    match notation::parse(text)? {
        Command::Fake(None, _) => kifu_core::refuse!("rules version 1 has no unknown fake: fake pN"),
        Command::Fake(_, Some(_)) => kifu_core::refuse!("rules version 1 has no salted fake: fake pN"),
        Command::Unmask(_) | Command::Reveal { .. } => {
            kifu_core::refuse!("rules version 1 has no unmask and no reveal")
        }
        command => Ok(command),
    }
}

/// Version 1's theme: the word in clear.
#[derive(Serialize)]
struct ThemeV1<'a> {
    category: &'a str,
    word: &'a Option<String>,
}

impl<'a> From<&'a Theme> for ThemeV1<'a> {
    fn from(theme: &'a Theme) -> Self {
        ThemeV1 {
            category: &theme.category,
            word: &theme.word,
        }
    }
}

/// Version 1's phases, in their order (bincode encodes the variant's index).
#[derive(Serialize)]
enum PhaseV1<'a> {
    Master,
    Fake,
    Theme,
    First,
    Draw { turn: u8 },
    Vote { votes: &'a [Option<u8>] },
    Guess,
    Judge { guess: &'a str },
    Over { outcome: &'a Outcome },
}

#[derive(Serialize)]
struct FinishedV1<'a> {
    master: u8,
    fake: Option<u8>,
    theme: ThemeV1<'a>,
    suspect: Option<u8>,
    guess: &'a Option<String>,
    summary: &'a str,
}

impl<'a> From<&'a Finished> for FinishedV1<'a> {
    fn from(done: &'a Finished) -> Self {
        FinishedV1 {
            master: done.master,
            fake: done.fake,
            theme: ThemeV1::from(&done.theme),
            suspect: done.suspect,
            guess: &done.guess,
            summary: &done.summary,
        }
    }
}

#[derive(Serialize)]
struct StateV1<'a> {
    seats: u8,
    scores: &'a [u32],
    master: u8,
    fake: Option<u8>,
    theme: Option<ThemeV1<'a>>,
    first: u8,
    strokes: &'a [Stroke],
    phase: PhaseV1<'a>,
    finished: Vec<FinishedV1<'a>>,
}

/// The bytes version 1 hashed: its field layout (`encoded`, as every state hash), without
/// what version 2 added. A phase version 1 never reaches (unmask, reveal) gives no bytes.
pub fn hashed_state(state: &State) -> Vec<u8> {
    let phase = match &state.phase {
        Phase::Master => PhaseV1::Master,
        Phase::Fake => PhaseV1::Fake,
        Phase::Theme => PhaseV1::Theme,
        Phase::First => PhaseV1::First,
        Phase::Draw { turn } => PhaseV1::Draw { turn: *turn },
        Phase::Vote { votes } => PhaseV1::Vote { votes },
        Phase::Guess => PhaseV1::Guess,
        Phase::Judge { guess } => PhaseV1::Judge { guess },
        Phase::Over { outcome } => PhaseV1::Over { outcome },
        Phase::Unmask { .. } | Phase::Reveal { .. } => return Vec::new(),
    };
    let old = StateV1 {
        seats: state.seats,
        scores: &state.scores,
        master: state.master,
        fake: state.fake,
        theme: state.theme.as_ref().map(ThemeV1::from),
        first: state.first,
        strokes: &state.strokes,
        phase,
        finished: state.finished.iter().map(FinishedV1::from).collect(),
    };
    kifu_core::rules::encoded(&old)
}
