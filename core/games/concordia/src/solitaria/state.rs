//! The state of a Solitaria game: the base game's position (seat p1 the player, seat p2
//! Contrarius) and what only the solo game has: Contrarius's points, the expert track, the
//! reactions still due. Data only.

use serde::{Deserialize, Serialize};

use super::dice::Die;
use crate::cards::CardId;
use crate::goods::Good;
use crate::map::RouteKind;
use crate::state::State;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
    Standard,
    Veteran,
    Expert,
    // Later levels come last: the order is the encoding, and records made before they were
    // added must keep their state hashes.
    /// The veteran's opening with a second house, next to the second colonist.
    StrongVeteran,
    /// The expert's score track with its houses closer together (every 9 or 8 points).
    StrongExpert,
}

impl Level {
    pub fn word(self) -> &'static str {
        match self {
            Level::Standard => "standard",
            Level::Veteran => "veteran",
            Level::StrongVeteran => "strong-veteran",
            Level::Expert => "expert",
            Level::StrongExpert => "strong-expert",
        }
    }
    pub fn veteran(self) -> bool {
        matches!(self, Level::Veteran | Level::StrongVeteran)
    }
    pub fn expert(self) -> bool {
        matches!(self, Level::Expert | Level::StrongExpert)
    }
}

/// One part of Contrarius's reaction still to come, first in the queue first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// A die is to be rolled; what it decides follows from the die. `produce`: the build
    /// it leads to activates its province (the Mercator reaction).
    Roll {
        die: Die,
        produce: bool,
        fallback: bool,
    },
    Score(u32),
    Build {
        good: Good,
        produce: bool,
        fallback: bool,
    },
    /// A new colonist in Roma (the kind the die showed; the other if none is left).
    Colonist {
        kind: RouteKind,
        fallback: bool,
    },
    /// The card at this display slot (0-based; the first if the slot is empty).
    Take {
        slot: usize,
        fallback: bool,
    },
}

/// Contrarius as a third player in a two-player game (seed 003, "세 번째 플레이어로서
/// Contrarius"): p1 the second player (Solitaria cards, answered by Contrarius), p2
/// Contrarius, p3 the starting player (base cards, never answered).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Trio {
    /// The human seats (0 or 2) that have used their one veto.
    pub vetoed: Vec<u8>,
    /// The roll a veto would take back: the step it was, and the queue's length then.
    pub last_roll: Option<(Step, usize)>,
    /// Once the game end is triggered: the seats still to play their last turn, in order.
    pub last_turns: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solo {
    pub base: State,
    pub level: Level,
    /// The player's starting points (added to the final score).
    pub start_points: u32,
    pub campaign: bool,
    /// Contrarius's points on the score track, won by its reactions.
    pub points: u32,
    /// Expert: the score-track spaces still holding one of Contrarius's houses.
    pub track: Vec<u32>,
    /// The player's Prefect with Praefectus Magnus.
    pub magnus_card: CardId,
    pub pending: Vec<Step>,
    /// Contrarius has taken the display's first specialist at set-up.
    pub specialist_taken: bool,
    /// Who triggered the game end (0 the player, 1 Contrarius, 2 the third game's p3).
    pub ended_by: Option<u8>,
    /// The three-player game (three header players), if this is one.
    pub trio: Option<Trio>,
}
