//! The state of a game of A Fake Artist Goes to New York: the scores, the round being played
//! and the rounds finished. Data and small queries only; `round` holds what may happen.

use serde::{Deserialize, Serialize};

use super::secret::{Commitment, Salt};
use kifu_core::rules::{Outcome, RuleError, Setup};

/// The canvas is CANVAS x CANVAS units, (0,0) top left.
pub const CANVAS: u16 = 1000;
/// Points that win the game.
pub const TARGET: u32 = 5;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Theme {
    /// Said aloud to everyone.
    pub category: String,
    /// The commitment to the written word (`None` when the record does not hold one).
    pub commitment: Option<Commitment>,
    /// The word, once the question master reveals it at the end of the round.
    pub word: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stroke {
    pub seat: u8,
    pub points: Vec<(u16, u16)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The first question master is named (any seat, or the arbiter).
    Master,
    /// Chance deals the papers: which artist is the fake.
    Fake,
    /// The question master writes the theme.
    Theme,
    /// The question master names who draws first.
    First,
    /// The artists draw: `turn` counts strokes made, two laps of the artists.
    Draw {
        turn: u8,
    },
    /// Every artist votes once; votes per seat.
    Vote {
        votes: Vec<Option<u8>>,
    },
    /// The record does not know who the fake is: the fake owns up (`unmask pN`).
    Unmask {
        suspect: Option<u8>,
    },
    /// The fake artist, caught, guesses the theme.
    Guess,
    /// The question master judges the guess.
    Judge {
        guess: String,
    },
    /// The question master reveals the theme; then the round is scored.
    Reveal {
        ending: Ending,
    },
    Over {
        outcome: Outcome,
    },
}

/// How the round came out, known before the theme is revealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The seat with most votes; None on a tie.
    pub suspect: Option<u8>,
    pub guess: Option<String>,
    /// The question master's judgement of the guess (recorded, not checked).
    pub judged_right: Option<bool>,
    pub fake_wins: bool,
    pub how: String,
}

/// How a finished round came out, shown to everyone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    pub master: u8,
    pub fake: Option<u8>,
    pub theme: Theme,
    /// The seat with most votes; None on a tie.
    pub suspect: Option<u8>,
    pub guess: Option<String>,
    /// The question master's judgement of the guess (recorded, not checked).
    pub judged_right: Option<bool>,
    pub summary: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub seats: u8,
    pub scores: Vec<u32>,
    pub master: u8,
    /// None until chance deals it, when the record does not know it (`fake ?`) until the fake
    /// owns up, and in views that may not see it.
    pub fake: Option<u8>,
    /// The salt entered with `fake pN` (seeded: drawn with it); no view but the full one holds it.
    pub fake_salt: Option<Salt>,
    /// Whether everyone knows who the fake is (caught by the vote, or owned up).
    pub fake_public: bool,
    pub theme: Option<Theme>,
    /// The artist drawing first.
    pub first: u8,
    pub strokes: Vec<Stroke>,
    pub phase: Phase,
    pub finished: Vec<Finished>,
}

impl State {
    /// The artists (every seat but the question master) in drawing order from `first`.
    pub fn artists(&self) -> Vec<u8> {
        (0..self.seats)
            .map(|i| (self.first + i) % self.seats)
            .filter(|s| *s != self.master)
            .collect()
    }

    /// The artists in seat order (p1 first).
    pub fn artists_by_seat(&self) -> Vec<u8> {
        (0..self.seats).filter(|s| *s != self.master).collect()
    }

    pub fn check_seat(&self, seat: u8) -> Result<u8, RuleError> {
        if seat >= self.seats {
            kifu_core::refuse!("p{} is not in this game (p1 to p{})", u16::from(seat) + 1, self.seats);
        }
        Ok(seat)
    }

    /// Who draws now, in the drawing phase.
    pub fn drawer(&self) -> Option<u8> {
        match self.phase {
            Phase::Draw { turn } => {
                let artists = self.artists();
                artists.get(usize::from(turn) % artists.len().max(1)).copied()
            }
            _ => None,
        }
    }
}

pub fn start(setup: &Setup) -> Result<State, RuleError> {
    setup.only_options(&[])?;
    if setup.start.is_some() {
        kifu_core::refuse!("fakeartist has no set-up positions");
    }
    Ok(State {
        seats: setup.players as u8,
        scores: vec![0; setup.players],
        master: 0,
        fake: None,
        fake_salt: None,
        fake_public: false,
        theme: None,
        first: 0,
        strokes: Vec::new(),
        phase: Phase::Master,
        finished: Vec::new(),
    })
}
