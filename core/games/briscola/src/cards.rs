//! The 40-card Italian deck of seed 004: suits, ranks, card points, the order of strength and
//! the text codes; hands as known cards plus a count of unseen ones. It knows no trick or turn.

use serde::{Deserialize, Serialize};

/// The four suits: coins (denari), cups (coppe), swords (spade), batons (bastoni).
pub const SUITS: [char; 4] = ['d', 'c', 's', 'b'];
const SUIT_NAMES: [&str; 4] = ["coins", "cups", "swords", "batons"];
/// Rank codes in number order: 1 (ace) to 7, then jack (8), knight (9), king (10).
const RANKS: [char; 10] = ['A', '2', '3', '4', '5', '6', '7', 'J', 'N', 'K'];
const RANK_NAMES: [&str; 10] = [
    "ace", "two", "three", "four", "five", "six", "seven", "jack", "knight", "king",
];

/// One card: `suit * 10 + rank`, rank 0 the ace and 9 the king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Card(pub u8);

impl Card {
    pub fn new(suit: u8, rank: u8) -> Card {
        Card(suit * 10 + rank)
    }
    pub fn all() -> impl Iterator<Item = Card> {
        (0..40).map(Card)
    }
    pub fn suit(self) -> u8 {
        self.0 / 10
    }
    pub fn rank(self) -> u8 {
        self.0 % 10
    }
    /// The number printed on the card: 1 to 7, the jack 8, the knight 9, the king 10.
    pub fn number(self) -> u8 {
        self.rank() + 1
    }
    /// Card points (seed 004): ace 11, three 10, king 4, knight 3, jack 2, the rest 0.
    pub fn points(self) -> u32 {
        match self.rank() {
            0 => 11,
            2 => 10,
            9 => 4,
            8 => 3,
            7 => 2,
            _ => 0,
        }
    }
    /// Strength in a trick: points first, then the number (seeds/briscola.md, reading 2).
    pub fn strength(self) -> (u32, u8) {
        (self.points(), self.number())
    }
    pub fn code(self) -> String {
        format!("{}{}", RANKS[usize::from(self.rank())], SUITS[usize::from(self.suit())])
    }
    pub fn name(self) -> String {
        format!(
            "the {} of {}",
            RANK_NAMES[usize::from(self.rank())],
            SUIT_NAMES[usize::from(self.suit())]
        )
    }
    pub fn suit_name(suit: u8) -> &'static str {
        SUIT_NAMES.get(usize::from(suit)).copied().unwrap_or("?")
    }
    /// Reads `Ad`, `1d`, `kb`, `10b` (the king), `Js`, `8s` (the jack).
    pub fn parse(text: &str) -> Result<Card, String> {
        let text = text.trim();
        let bad = || format!("'{text}' is not a card (rank A 2-7 J N K or 1-10, then suit d c s b, as Ad or 3b)");
        let mut chars: Vec<char> = text.chars().collect();
        let suit_char = chars.pop().ok_or_else(bad)?.to_ascii_lowercase();
        let suit = SUITS.iter().position(|s| *s == suit_char).ok_or_else(bad)?;
        let rank_text: String = chars.iter().collect::<String>().to_ascii_uppercase();
        let rank = match rank_text.parse::<u8>() {
            Ok(n) if (1..=10).contains(&n) => n - 1,
            _ => {
                let mut one = rank_text.chars();
                match (one.next(), one.next()) {
                    (Some(c), None) => RANKS.iter().position(|r| *r == c).ok_or_else(bad)? as u8,
                    _ => return Err(bad()),
                }
            }
        };
        Ok(Card::new(suit as u8, rank))
    }
}

/// A set of cards as 40 bits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cards(pub u64);

impl Cards {
    pub fn has(self, card: Card) -> bool {
        self.0 >> card.0 & 1 == 1
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
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn list(self) -> Vec<Card> {
        Card::all().filter(|c| self.has(*c)).collect()
    }
    pub fn points(self) -> u32 {
        self.list().iter().map(|c| c.points()).sum()
    }
}

/// A hand: the cards known to be in it and how many nobody has seen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub known: Cards,
    pub unknown: u8,
}

impl Hand {
    pub fn len(&self) -> u32 {
        self.known.len() + u32::from(self.unknown)
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The same number of cards, none of them shown.
    pub fn hidden(&self) -> Hand {
        Hand {
            known: Cards::default(),
            unknown: self.len() as u8,
        }
    }
    /// `Ad,3b,?2`; `-` for an empty hand.
    pub fn text(&self) -> String {
        let mut items: Vec<String> = self.known.list().iter().map(|c| c.code()).collect();
        if self.unknown > 0 {
            items.push(format!("?{}", self.unknown));
        }
        if items.is_empty() {
            "-".into()
        } else {
            items.join(",")
        }
    }
    /// Reads [`Hand::text`]: cards and `?`/`?N` items separated by commas.
    pub fn parse(text: &str) -> Result<Hand, String> {
        let mut hand = Hand::default();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty() && *s != "-") {
            if let Some(count) = item.strip_prefix('?') {
                let n: u8 = if count.is_empty() {
                    1
                } else {
                    count
                        .parse()
                        .ok()
                        .filter(|n| *n <= 40)
                        .ok_or_else(|| format!("'{item}' is not a count of unseen cards (write ?3)"))?
                };
                hand.unknown = hand.unknown.saturating_add(n).min(40);
            } else {
                let card = Card::parse(item)?;
                if hand.known.has(card) {
                    return Err(format!("{} is named twice in '{text}'", card.code()));
                }
                hand.known.add(card);
            }
        }
        Ok(hand)
    }
}
