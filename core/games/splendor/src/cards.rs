//! The game's fixed data: the five gem colours and gold, the 90 development cards and the 10
//! nobles, read from the CSV copies in `data/`. It never changes during a game.

use std::sync::LazyLock;

/// White, blue, green, red, black (the five gems) and gold, in this order everywhere.
pub const COLOURS: usize = 5;
pub const GOLD: usize = 5;
/// One letter per colour, gold last: w u g r k y.
pub const LETTERS: [char; 6] = ['w', 'u', 'g', 'r', 'k', 'y'];
pub const NAMES: [&str; 6] = ["white", "blue", "green", "red", "black", "gold"];

/// A count per colour with gold last (tokens), or the first five only (costs, bonuses).
pub type Gems = [u8; 6];

pub fn total(gems: &Gems) -> u32 {
    gems.iter().map(|n| u32::from(*n)).sum()
}

/// `w2u1y1`-style text of a non-empty count; `-` for nothing.
pub fn gems_text(gems: &Gems) -> String {
    let text: String = gems
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(c, n)| format!("{}{n}", LETTERS[c]))
        .collect();
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}

/// Tokens as repeated letters (`uuy`), the notation's form.
pub fn letters(gems: &Gems) -> String {
    gems.iter()
        .enumerate()
        .flat_map(|(c, n)| std::iter::repeat_n(LETTERS[c], usize::from(*n)))
        .collect()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub id: u8,
    /// 1, 2 or 3.
    pub level: u8,
    /// The colour index of its bonus (0..5).
    pub bonus: usize,
    pub points: u8,
    pub cost: Gems,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Noble {
    pub id: u8,
    pub points: u8,
    /// Bonuses needed per colour.
    pub needs: Gems,
}

fn rows(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id,") && !l.trim().is_empty())
        .map(|l| l.split(',').map(str::trim).collect())
}

fn number(text: Option<&&str>) -> Option<u8> {
    text.and_then(|t| t.parse().ok())
}

fn cost(fields: &[&str]) -> Option<Gems> {
    let mut gems = [0; 6];
    for (c, slot) in gems.iter_mut().take(COLOURS).enumerate() {
        *slot = number(fields.get(c))?;
    }
    Some(gems)
}

fn parse_cards(text: &str) -> Option<Vec<Card>> {
    rows(text)
        .map(|f| {
            Some(Card {
                id: number(f.first())?,
                level: number(f.get(1))?,
                bonus: NAMES.iter().position(|n| Some(n) == f.get(2))?,
                points: number(f.get(3))?,
                cost: cost(f.get(4..)?)?,
            })
        })
        .collect()
}

fn parse_nobles(text: &str) -> Option<Vec<Noble>> {
    rows(text)
        .map(|f| {
            Some(Noble {
                id: number(f.first())?,
                points: number(f.get(1))?,
                needs: cost(f.get(2..)?)?,
            })
        })
        .collect()
}

static CARDS: LazyLock<Vec<Card>> =
    LazyLock::new(|| parse_cards(include_str!("../data/cards.csv")).unwrap_or_default());
static NOBLES: LazyLock<Vec<Noble>> =
    LazyLock::new(|| parse_nobles(include_str!("../data/nobles.csv")).unwrap_or_default());

/// True when the built-in data reads as 90 cards numbered 1..=90 (40, 30, 20 by level) and
/// 10 nobles numbered 1..=10.
pub fn data_is_valid() -> bool {
    let numbered = CARDS.iter().enumerate().all(|(i, c)| usize::from(c.id) == i + 1);
    let levels = [40, 30, 20]
        .iter()
        .enumerate()
        .all(|(l, n)| CARDS.iter().filter(|c| usize::from(c.level) == l + 1).count() == *n);
    let nobles = NOBLES.iter().enumerate().all(|(i, n)| usize::from(n.id) == i + 1);
    CARDS.len() == 90 && numbered && levels && NOBLES.len() == 10 && nobles
}

/// A card by its number (1..=90).
pub fn card(id: u8) -> Option<&'static Card> {
    CARDS.get(usize::from(id).checked_sub(1)?)
}

pub fn noble(id: u8) -> Option<&'static Noble> {
    NOBLES.get(usize::from(id).checked_sub(1)?)
}

/// The card numbers of a level, in order.
pub fn level_ids(level: u8) -> impl Iterator<Item = u8> {
    CARDS.iter().filter(move |c| c.level == level).map(|c| c.id)
}

pub fn all_nobles() -> impl Iterator<Item = u8> {
    NOBLES.iter().map(|n| n.id)
}

/// `#23 (L1 green, 1pt, costs w1u1r2)`.
pub fn describe(id: u8) -> String {
    match card(id) {
        Some(c) => format!(
            "#{id} (L{} {}, {}pt, costs {})",
            c.level,
            NAMES[c.bonus],
            c.points,
            gems_text(&c.cost)
        ),
        None => format!("#{id}"),
    }
}
