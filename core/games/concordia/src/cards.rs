//! The personality cards: the seven of every starting hand and the 30 of the market decks
//! I-V, loaded from the project's data file, with their gods. It never moves a card.

use std::sync::LazyLock;

use serde::Deserialize;

use crate::goods::Good;

/// The cards, copied from ../shared/data/concordia_cards_rules.json (yav/concordia
/// src/Cards.hs at commit cc25ffb, checked against photos of the cards and the board's
/// pantheon table; see that folder's README.md).
const CARDS_JSON: &str = include_str!("../data/concordia_cards_rules.json");

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, Deserialize)]
pub enum God {
    Vesta,
    Jupiter,
    Saturnus,
    Mercurius,
    Mars,
    Minerva,
}

/// What a card does when played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, Deserialize)]
pub enum Kind {
    Tribune,
    Architect,
    Prefect,
    Mercator,
    Colonist,
    Diplomat,
    Senator,
    Consul,
    /// Mason, Farmer, Smith, Vintner, Weaver: one good of this kind per own house on it.
    Specialist(Good),
}

impl Kind {
    /// The word that plays it in the notation.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Tribune => "tribune",
            Kind::Architect => "architect",
            Kind::Prefect => "prefect",
            Kind::Mercator => "mercator",
            Kind::Colonist => "colonist",
            Kind::Diplomat => "diplomat",
            Kind::Senator => "senator",
            Kind::Consul => "consul",
            Kind::Specialist(g) => ["mason", "farmer", "smith", "vintner", "weaver"][g.index()],
        }
    }

    pub fn parse(word: &str) -> Option<Kind> {
        let w = word.to_ascii_lowercase();
        let plain = [
            Kind::Tribune,
            Kind::Architect,
            Kind::Prefect,
            Kind::Mercator,
            Kind::Colonist,
            Kind::Diplomat,
            Kind::Senator,
            Kind::Consul,
        ];
        plain
            .into_iter()
            .chain(Good::ALL.map(Kind::Specialist))
            .find(|k| k.word() == w)
    }
}

#[derive(Debug, Clone)]
pub struct Card {
    pub kind: Kind,
    pub god: God,
    /// What buying it costs (beside the display slot's surcharge).
    pub cost: Vec<Good>,
    /// A Mercator's coins (3 for the starting one, 5 for a bought one).
    pub coins: u32,
    /// Minerva points per own house on the specialist's good.
    pub minerva: u32,
    /// 0 for the starting hand, 1..=5 for decks I..V.
    pub deck: u8,
    /// The name as printed ("Mercator", "Farmer").
    pub name: String,
}

/// A card by its index in [`all`]: the seven starting cards first, then decks I..V in order.
pub type CardId = u8;

#[derive(Deserialize)]
struct RawCard {
    name: String,
    god: God,
    cost: Vec<String>,
    #[serde(default)]
    coins: u32,
    #[serde(default)]
    vp_per_city: u32,
}

#[derive(Deserialize)]
struct RawCards {
    starting_hand: Vec<RawCard>,
    market_decks: std::collections::BTreeMap<String, Vec<RawCard>>,
    market_display_extra_cost: Vec<Vec<String>>,
}

pub const NUMERALS: [&str; 5] = ["I", "II", "III", "IV", "V"];

fn card(raw: &RawCard, deck: u8) -> Card {
    let kind = match raw.name.as_str() {
        "Mason" => Kind::Specialist(Good::Brick),
        "Farmer" => Kind::Specialist(Good::Food),
        "Smith" => Kind::Specialist(Good::Tool),
        "Vintner" => Kind::Specialist(Good::Wine),
        "Weaver" => Kind::Specialist(Good::Cloth),
        other => Kind::parse(other).expect("a known card name in the bundled data"),
    };
    Card {
        kind,
        god: raw.god,
        cost: raw.cost.iter().map(|g| Good::parse(g).expect("a known good")).collect(),
        coins: raw.coins,
        minerva: raw.vp_per_city,
        deck,
        name: raw.name.clone(),
    }
}

/// One slot's surcharge on the market display: goods, and how many goods of the buyer's choice.
#[derive(Debug, Clone, Default)]
pub struct Surcharge {
    pub goods: Vec<Good>,
    pub any: u32,
}

struct Data {
    cards: Vec<Card>,
    surcharges: Vec<Surcharge>,
}

static DATA: LazyLock<Data> = LazyLock::new(|| {
    let raw: RawCards = serde_json::from_str(CARDS_JSON).expect("the bundled card data parses");
    let mut cards: Vec<Card> = raw.starting_hand.iter().map(|c| card(c, 0)).collect();
    for (i, numeral) in NUMERALS.iter().enumerate() {
        let deck = raw.market_decks.get(*numeral).expect("decks I..V");
        cards.extend(deck.iter().map(|c| card(c, i as u8 + 1)));
    }
    let surcharges = raw
        .market_display_extra_cost
        .iter()
        .map(|slot| Surcharge {
            goods: slot.iter().filter_map(|g| Good::parse(g)).collect(),
            any: slot.iter().filter(|g| *g == "any").count() as u32,
        })
        .collect();
    Data { cards, surcharges }
});

pub fn all() -> &'static [Card] {
    &DATA.cards
}

pub fn get(id: CardId) -> &'static Card {
    &DATA.cards[usize::from(id)]
}

/// The surcharge of display slot `slot` (0-based, 0..7).
pub fn surcharge(slot: usize) -> Surcharge {
    DATA.surcharges.get(slot).cloned().unwrap_or_default()
}

/// The seven starting cards' ids.
pub fn starting_hand() -> Vec<CardId> {
    (0..all().len() as u8).filter(|i| get(*i).deck == 0).collect()
}

/// The ids of market deck `deck` (1..=5).
pub fn deck(deck: u8) -> Vec<CardId> {
    (0..all().len() as u8).filter(|i| get(*i).deck == deck).collect()
}

/// The card of deck `deck` with this name (names are unique within a deck).
pub fn in_deck(deck: u8, name: &str) -> Option<CardId> {
    let n = name.to_ascii_lowercase();
    self::deck(deck)
        .into_iter()
        .find(|i| get(*i).name.to_ascii_lowercase() == n)
}
