//! The state of a game of Splendor and its set-up: data and small queries only. What may be
//! entered lives in `turn` (the players' actions) and `market` (what chance reveals).

use serde::{Deserialize, Serialize};

use super::cards::{self, Gems, GOLD};
use kifu_core::rules::{Outcome, RuleError, Setup};

/// A reserved card. `card` is None when it was drawn blind and the record does not know it
/// (observed, entered as `draw ?`), or when a view hides another seat's blind reserve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reserved {
    pub level: u8,
    pub card: Option<u8>,
    /// Drawn from the top of a deck: hidden from the other seats.
    pub blind: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub tokens: Gems,
    /// Development cards bought, in order.
    pub cards: Vec<u8>,
    pub reserved: Vec<Reserved>,
    pub nobles: Vec<u8>,
}

impl Player {
    /// Bonuses per colour from the cards bought.
    pub fn bonuses(&self) -> Gems {
        let mut gems = [0; 6];
        for card in self.cards.iter().filter_map(|id| cards::card(*id)) {
            gems[card.bonus] += 1;
        }
        gems
    }

    pub fn points(&self) -> u32 {
        let from_cards: u32 = self
            .cards
            .iter()
            .filter_map(|id| cards::card(*id))
            .map(|c| u32::from(c.points))
            .sum();
        let from_nobles: u32 = self
            .nobles
            .iter()
            .filter_map(|id| cards::noble(*id))
            .map(|n| u32::from(n.points))
            .sum();
        from_cards + from_nobles
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The nobles and the first twelve cards are due (chance).
    Deal,
    /// The current seat takes its one action.
    Act,
    /// A market slot emptied by a purchase or reserve is refilled from its deck (chance).
    Refill {
        level: u8,
        slot: u8,
    },
    /// The current seat reserves blind: the top card of a deck is due (chance).
    Draw {
        level: u8,
    },
    /// The current seat holds more than ten tokens and returns this many.
    Discard {
        excess: u8,
    },
    /// Several nobles would visit the current seat: it chooses one.
    Noble {
        choices: Vec<u8>,
    },
    Over {
        outcome: Outcome,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<Player>,
    /// The supply of tokens per colour, gold last.
    pub supply: Gems,
    /// Face-up cards per level (index 0 is level 1), four slots each; None when the deck ran out.
    pub market: [[Option<u8>; 4]; 3],
    /// Cards left face down per level.
    pub deck_left: [u8; 3],
    /// Nobles still on the table.
    pub nobles: Vec<u8>,
    pub current: u8,
    /// Completed rounds (every seat has acted once more).
    pub round: u32,
    /// Someone has reached 15 points: the game ends when the round is complete.
    pub final_round: bool,
    /// Tokens the current seat took this turn (the discard rule looks at them).
    pub taken: Gems,
    /// Seats that passed one after another, having no action at all.
    pub passes: u8,
    pub phase: Phase,
    /// What the last turn came to, in words.
    pub last: Option<String>,
    /// The salt of the last salted blind draw: it keeps the state hash from telling the
    /// hidden reserves (no view but the full one holds it).
    pub salt: Option<[u8; 16]>,
}

impl State {
    pub fn seats(&self) -> u8 {
        self.players.len() as u8
    }

    pub fn player(&self, seat: u8) -> Result<&Player, RuleError> {
        match self.players.get(usize::from(seat)) {
            Some(p) => Ok(p),
            None => kifu_core::refuse!("there is no seat p{}", u16::from(seat) + 1),
        }
    }

    pub fn player_mut(&mut self, seat: u8) -> Result<&mut Player, RuleError> {
        match self.players.get_mut(usize::from(seat)) {
            Some(p) => Ok(p),
            None => kifu_core::refuse!("there is no seat p{}", u16::from(seat) + 1),
        }
    }

    /// Where a card is, if it is anywhere the record knows of: in the market, bought or
    /// reserved (known). None means it is still in its deck or an unknown blind reserve.
    pub fn whereabouts(&self, id: u8) -> Option<String> {
        if self.market.iter().flatten().any(|c| *c == Some(id)) {
            return Some("it is face up in the market".to_string());
        }
        for (seat, player) in self.players.iter().enumerate() {
            if player.cards.contains(&id) {
                return Some(format!("p{} has bought it", seat + 1));
            }
            if player.reserved.iter().any(|r| r.card == Some(id)) {
                return Some(format!("p{} has reserved it", seat + 1));
            }
        }
        None
    }

    /// Cards of a level nobody is known to hold: the deck and any unknown blind reserves.
    pub fn unaccounted(&self, level: u8) -> Vec<u8> {
        cards::level_ids(level)
            .filter(|id| self.whereabouts(*id).is_none())
            .collect()
    }
}

/// Tokens per gem colour by player count (7, less 3 with two players and 2 with three).
pub fn gems_for(players: usize) -> u8 {
    match players {
        2 => 4,
        3 => 5,
        _ => 7,
    }
}

/// The start: tokens by player count, empty market, the deal due.
pub fn start(setup: &Setup) -> Result<State, RuleError> {
    setup.only_options(&[])?;
    if setup.start.is_some() {
        kifu_core::refuse!("splendor has no set-up positions: every game starts from the deal");
    }
    if !cards::data_is_valid() {
        kifu_core::refuse!("the card data built into this kifu is unreadable");
    }
    let mut supply = [gems_for(setup.players); 6];
    supply[GOLD] = 5;
    Ok(State {
        players: vec![Player::default(); setup.players],
        supply,
        market: [[None; 4]; 3],
        deck_left: [40, 30, 20],
        nobles: Vec::new(),
        current: 0,
        round: 0,
        final_round: false,
        taken: [0; 6],
        passes: 0,
        phase: Phase::Deal,
        last: None,
        salt: None,
    })
}
