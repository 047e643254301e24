//! The state of a game of Condottiere and its set-up from the header's options. It holds
//! data and small queries only; what may happen next lives in the battle and round modules.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Hand, KINDS};
use super::map::map;
use kifu_core::rules::{Outcome, RuleError, Setup};

/// The optional rules of seed 000, from the header's options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Scoring over several games: the total that wins (`target=N`).
    pub target: Option<u32>,
    /// The bigger kingdom: one more bordering region to win (`bigger=yes`).
    pub bigger: bool,
    /// Attacking held cities (`attack=yes`).
    pub attack: bool,
}

/// One seat's cards: the hand, the cards in front of it in the battle, and what it threw away.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub hand: Hand,
    /// Cards played in the current battle, in order (scarecrowed mercenaries removed).
    pub row: Vec<Card>,
    /// Out of the current battle: passed, or never in it.
    pub passed: bool,
    /// Has played a card in the current battle (ends a defender's free passes).
    pub committed: bool,
    /// Hands thrown away this round for holding no mercenary (face down).
    pub discarded: Hand,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Cards are due: how many each seat receives (0 for none); `final_battle` when only the
    /// players tied for most regions receive them.
    Deal {
        counts: Vec<u8>,
        final_battle: bool,
    },
    /// The condottiere chooses the next city or passes the token; after a battle, players
    /// with no mercenary may also throw their hands away.
    Choose,
    /// A battle: for a city, or (`city` None) the final battle between tied players.
    Battle {
        city: Option<u8>,
        defender: Option<u8>,
        current: u8,
    },
    Over {
        outcome: Outcome,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    /// Who holds each region of the map.
    pub owner: Vec<Option<u8>>,
    /// The condottiere token's holder.
    pub token: u8,
    pub players: Vec<Player>,
    /// Cards thrown away after this round's battles.
    pub pile: [u8; KINDS],
    pub phase: Phase,
    /// Hands may be thrown away (a battle has ended and the next has not started).
    pub discard_open: bool,
    /// Rounds dealt in this game, and games played (over 1 only when scoring).
    pub round: u32,
    pub game: u32,
    /// Totals over the games, when scoring.
    pub scores: Vec<u32>,
    /// What the last battle came to, in words.
    pub last: Option<String>,
}

impl State {
    pub fn seats(&self) -> u8 {
        self.players.len() as u8
    }

    /// The seat to the left (next clockwise).
    pub fn left(&self, seat: u8) -> u8 {
        (seat + 1) % self.seats()
    }

    pub fn player(&self, seat: u8) -> Option<&Player> {
        self.players.get(usize::from(seat))
    }

    pub fn player_mut(&mut self, seat: u8) -> Result<&mut Player, RuleError> {
        match self.players.get_mut(usize::from(seat)) {
            Some(p) => Ok(p),
            None => kifu_core::refuse!("there is no seat p{}", u16::from(seat) + 1),
        }
    }

    /// Regions held by a seat, as a bit set.
    pub fn held(&self, seat: u8) -> u32 {
        self.owner
            .iter()
            .enumerate()
            .filter(|(_, o)| **o == Some(seat))
            .fold(0, |set, (i, _)| set | (1 << i))
    }

    pub fn cities(&self, seat: u8) -> u32 {
        self.held(seat).count_ones()
    }

    /// Bordering regions needed to win: 3 with four to six players, 4 with two or three,
    /// one more with the bigger kingdom.
    pub fn needed(&self) -> u32 {
        let base = if self.seats() <= 3 { 4 } else { 3 };
        base + u32::from(self.options.bigger)
    }

    /// Seats still holding cards.
    pub fn holders(&self) -> Vec<u8> {
        (0..self.seats())
            .filter(|&s| self.player(s).is_some_and(|p| !p.hand.is_empty()))
            .collect()
    }

    /// A deal at the start of a round: 10 cards each and 2 more per city held.
    pub fn round_counts(&self) -> Vec<u8> {
        (0..self.seats()).map(|s| (10 + 2 * self.cities(s)) as u8).collect()
    }
}

fn yes_no(setup: &Setup, key: &str) -> Result<bool, RuleError> {
    match setup.option(key) {
        None | Some("no") | Some("off") | Some("0") => Ok(false),
        Some("yes") | Some("on") | Some("1") => Ok(true),
        Some(other) => kifu_core::refuse!("option {key}={other}: write {key}=yes or {key}=no"),
    }
}

/// The options a game takes.
pub const OPTIONS: &[&str] = &["target", "bigger", "attack"];

/// The start: an empty map, p1 holding the token (seat the youngest player as p1), and the
/// first deal due.
pub fn start(setup: &Setup) -> Result<State, RuleError> {
    setup.only_options(OPTIONS)?;
    if setup.start.is_some() {
        kifu_core::refuse!("condottiere has no set-up positions: every game starts from an empty map");
    }
    if !map().is_valid() {
        kifu_core::refuse!("the map data built into this kifu is unreadable");
    }
    let target = match setup.option("target") {
        None => None,
        Some(text) => match text.parse::<u32>() {
            Ok(n) if (1..=1000).contains(&n) => Some(n),
            _ => kifu_core::refuse!("option target={text}: write the points that win a series, as target=20"),
        },
    };
    let options = Options {
        target,
        bigger: yes_no(setup, "bigger")?,
        attack: yes_no(setup, "attack")?,
    };
    if options.target.is_some() && options.attack {
        kifu_core::refuse!("seed 000 says not to play scoring (target) together with attacking held cities (attack)");
    }
    let seats = setup.players;
    let mut state = State {
        options,
        owner: vec![None; map().len()],
        token: 0,
        players: vec![Player::default(); seats],
        pile: [0; KINDS],
        phase: Phase::Choose,
        discard_open: false,
        round: 0,
        game: 1,
        scores: vec![0; seats],
        last: None,
    };
    state.phase = Phase::Deal {
        counts: state.round_counts(),
        final_battle: false,
    };
    Ok(state)
}
