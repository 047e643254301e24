//! The 96-card deck of seed 000: card kinds, their text codes, and hands kept as counts per
//! kind plus a count of cards nobody has seen. It knows no battle, turn or deck accounting.

use serde::{Deserialize, Serialize};

/// How many kinds of card the deck has.
pub const KINDS: usize = 13;

/// A kind of card. The order is the order hands are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    M1,
    M2,
    M3,
    M4,
    M5,
    M6,
    M10,
    Scarecrow,
    Drummer,
    Winter,
    Heroine,
    Surrender,
    Bishop,
}

impl Card {
    pub const ALL: [Card; KINDS] = [
        Card::M1,
        Card::M2,
        Card::M3,
        Card::M4,
        Card::M5,
        Card::M6,
        Card::M10,
        Card::Scarecrow,
        Card::Drummer,
        Card::Winter,
        Card::Heroine,
        Card::Surrender,
        Card::Bishop,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// Copies in the deck, from seed 000's list of contents: mercenaries 1 x15, 2, 3, 4, 5, 6
    /// and 10 x8 each; scarecrow 15, drummer 6, bishop, surrender, winter and heroine 3 each.
    pub fn copies(self) -> u8 {
        match self {
            Card::M1 | Card::Scarecrow => 15,
            Card::M2 | Card::M3 | Card::M4 | Card::M5 | Card::M6 | Card::M10 => 8,
            Card::Drummer => 6,
            Card::Winter | Card::Heroine | Card::Surrender | Card::Bishop => 3,
        }
    }

    /// The printed value of a mercenary; `None` for the special cards.
    pub fn mercenary(self) -> Option<u32> {
        match self {
            Card::M1 => Some(1),
            Card::M2 => Some(2),
            Card::M3 => Some(3),
            Card::M4 => Some(4),
            Card::M5 => Some(5),
            Card::M6 => Some(6),
            Card::M10 => Some(10),
            _ => None,
        }
    }

    /// The canonical code: the value of a mercenary, a capital letter for a special card.
    pub fn code(self) -> &'static str {
        match self {
            Card::M1 => "1",
            Card::M2 => "2",
            Card::M3 => "3",
            Card::M4 => "4",
            Card::M5 => "5",
            Card::M6 => "6",
            Card::M10 => "10",
            Card::Scarecrow => "S",
            Card::Drummer => "D",
            Card::Winter => "W",
            Card::Heroine => "H",
            Card::Surrender => "R",
            Card::Bishop => "B",
        }
    }

    /// The name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Card::M1 => "mercenary 1",
            Card::M2 => "mercenary 2",
            Card::M3 => "mercenary 3",
            Card::M4 => "mercenary 4",
            Card::M5 => "mercenary 5",
            Card::M6 => "mercenary 6",
            Card::M10 => "mercenary 10",
            Card::Scarecrow => "scarecrow",
            Card::Drummer => "drummer",
            Card::Winter => "winter",
            Card::Heroine => "heroine",
            Card::Surrender => "surrender",
            Card::Bishop => "bishop",
        }
    }

    /// Reads a code or a name, in any case ("10", "w", "Winter", "m10").
    pub fn parse(text: &str) -> Option<Card> {
        let lower = text.trim().to_ascii_lowercase();
        let word = lower
            .strip_prefix('m')
            .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()));
        let word = word.unwrap_or(&lower);
        Card::ALL.into_iter().find(|card| {
            word == card.code().to_ascii_lowercase()
                || (card.mercenary().is_none() && word == card.name())
                || (*card == Card::Surrender && word == "resa")
        })
    }
}

/// A hand: how many of each kind are known to be in it, and how many cards nobody has seen.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub known: [u8; KINDS],
    pub unknown: u8,
}

impl Hand {
    pub fn len(&self) -> u32 {
        self.known.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(self.unknown)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn count(&self, card: Card) -> u8 {
        self.known[card.index()]
    }

    pub fn add(&mut self, card: Card) {
        self.known[card.index()] = self.known[card.index()].saturating_add(1);
    }

    /// Takes one known card of this kind out; false if there is none.
    pub fn take_known(&mut self, card: Card) -> bool {
        let slot = &mut self.known[card.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    pub fn known_mercenary(&self) -> bool {
        Card::ALL.iter().any(|c| c.mercenary().is_some() && self.count(*c) > 0)
    }

    /// The known cards in writing order, each repeated.
    pub fn cards(&self) -> Vec<Card> {
        Card::ALL
            .iter()
            .flat_map(|&c| std::iter::repeat_n(c, usize::from(self.count(c))))
            .collect()
    }

    /// The same number of cards, all unknown: what others may see of a hand.
    pub fn hidden(&self) -> Hand {
        Hand {
            known: [0; KINDS],
            unknown: u8::try_from(self.len()).unwrap_or(u8::MAX),
        }
    }

    /// The canonical text: known cards comma-separated in writing order, then `?N` for N
    /// unknown cards (`1,1,10,W,?4`); `-` for an empty hand.
    pub fn text(&self) -> String {
        let mut items: Vec<String> = self.cards().iter().map(|c| c.code().to_string()).collect();
        if self.unknown > 0 {
            items.push(format!("?{}", self.unknown));
        }
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(",")
        }
    }

    /// Reads the text of [`Hand::text`], leniently: items separated by commas or spaces, `?`
    /// alone for one unknown card, several `?N` items added up, `-` for nothing.
    pub fn parse(text: &str) -> Result<Hand, String> {
        let mut hand = Hand::default();
        for item in text
            .split([',', ' '])
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "-")
        {
            if let Some(count) = item.strip_prefix('?') {
                let n: u8 = if count.is_empty() {
                    1
                } else {
                    count
                        .parse()
                        .map_err(|_| format!("'{item}' is not a count of unknown cards (write ?10)"))?
                };
                hand.unknown = hand
                    .unknown
                    .checked_add(n)
                    .ok_or_else(|| format!("too many unknown cards in '{text}'"))?;
            } else {
                let card = Card::parse(item).ok_or_else(|| {
                    format!("'{item}' is not a card (1 2 3 4 5 6 10, S scarecrow, D drummer, W winter, H heroine, R surrender, B bishop)")
                })?;
                if hand.count(card) == u8::MAX {
                    return Err(format!("too many {} cards in '{text}'", card.name()));
                }
                hand.add(card);
            }
        }
        Ok(hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_96_cards_63_of_them_mercenaries() {
        let total: u32 = Card::ALL.iter().map(|c| u32::from(c.copies())).sum();
        let mercs: u32 = Card::ALL
            .iter()
            .filter(|c| c.mercenary().is_some())
            .map(|c| u32::from(c.copies()))
            .sum();
        assert_eq!((total, mercs), (96, 63));
    }

    #[test]
    fn codes_and_names_read_back() {
        for card in Card::ALL {
            assert_eq!(Card::parse(card.code()), Some(card));
            assert_eq!(Card::parse(&card.code().to_lowercase()), Some(card));
        }
        assert_eq!(Card::parse("Winter"), Some(Card::Winter));
        assert_eq!(Card::parse("m10"), Some(Card::M10));
        assert_eq!(Card::parse("7"), None);
        assert_eq!(Card::parse("mercenary"), None);
    }

    #[test]
    fn hand_text_round_trips() {
        let hand = Hand::parse("10, w 1 ?3 1 ?").unwrap();
        assert_eq!(hand.text(), "1,1,10,W,?4");
        assert_eq!(Hand::parse(&hand.text()).unwrap(), hand);
        assert_eq!(hand.len(), 8);
        assert_eq!(Hand::default().text(), "-");
        assert!(Hand::parse("?x").is_err());
        assert!(Hand::parse("11").is_err());
    }
}
