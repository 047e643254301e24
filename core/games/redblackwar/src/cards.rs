//! The troop cards (1 to 18, J, Q, K; 1 to 10, J, Q, K with a standard deck), sets of them as
//! bit masks and the kingdoms' names. It knows no rule of battle.

use serde::{Deserialize, Serialize};

/// A troop card: 0 to 17 are the ranks 1 to 18, then J, Q, K.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card(pub u8);

pub const J: Card = Card(18);
pub const Q: Card = Card(19);
pub const K: Card = Card(20);

impl Card {
    pub fn rank(rank: u8) -> Card {
        Card(rank - 1)
    }
    /// The number of a plain card (1 to 18); `None` for J, Q and K.
    pub fn number(self) -> Option<u8> {
        (self.0 < 18).then_some(self.0 + 1)
    }
    pub fn is_high(self) -> bool {
        self.0 >= 18
    }
    pub fn code(self) -> String {
        match self {
            J => "J".into(),
            Q => "Q".into(),
            K => "K".into(),
            _ => (self.0 + 1).to_string(),
        }
    }
    /// Reads `1` to `18` (`A` for 1), `J`, `Q`, `K` (any case); whether it is in the deck
    /// in use is the caller's question.
    pub fn parse(text: &str) -> Option<Card> {
        match text.to_ascii_uppercase().as_str() {
            "J" => Some(J),
            "Q" => Some(Q),
            "K" => Some(K),
            "A" => Some(Card(0)),
            digits => digits
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=18).contains(n))
                .map(Card::rank),
        }
    }
}

/// A set of troop cards.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cards(pub u32);

impl Cards {
    /// A kingdom's full troop: 21 cards, or 13 (1 to 10, J, Q, K) with a standard deck.
    pub fn troop(playing_cards: bool) -> Cards {
        if playing_cards {
            Cards(0x3ff | (0x7 << 18))
        } else {
            Cards((1 << 21) - 1)
        }
    }
    pub fn has(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }
    pub fn add(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn list(self) -> Vec<Card> {
        (0..21).map(Card).filter(|c| self.has(*c)).collect()
    }
    pub fn text(self) -> String {
        let codes: Vec<String> = self.list().into_iter().map(Card::code).collect();
        codes.join(" ")
    }
}

/// The kingdom of each seat: p1 Black, p2 Red, p3 Gray, p4 Pink (spades, hearts, clubs,
/// diamonds with a standard deck).
pub const KINGDOMS: [&str; 4] = ["Black", "Red", "Gray", "Pink"];

pub fn seat_name(seat: u8) -> String {
    format!("p{}", seat + 1)
}

pub fn seat_label(seat: u8) -> String {
    format!("p{} ({})", seat + 1, KINGDOMS.get(usize::from(seat)).unwrap_or(&"?"))
}
