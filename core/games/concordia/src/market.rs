//! The card market: the display of seven cards with its surcharge per slot, buying with a
//! Senator or Consul, and the draws that refill it; also the city goods dealt at set-up.
//! It never chooses a card: draws come from chance entries, purchases from the players.

use crate::actions::pay;
use crate::cards::{self, CardId};
use crate::goods::Good;
use crate::state::State;
use kifu_core::rules::RuleError;

/// One card bought: its display slot (0-based) and the goods paid for the slot's "any good".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Purchase {
    pub slot: usize,
    pub any: Vec<Good>,
}

/// What a card in `slot` costs: its own goods, and (Senator) the slot's surcharge with the
/// "any" goods named by the buyer.
pub fn price(state: &State, purchase: &Purchase, surcharge: bool) -> Result<Vec<Good>, RuleError> {
    let Some(id) = state.display.get(purchase.slot) else {
        kifu_core::refuse!("the display has no slot {}", purchase.slot + 1);
    };
    let mut cost = cards::get(*id).cost.clone();
    let extra = if surcharge {
        cards::surcharge(purchase.slot)
    } else {
        cards::Surcharge::default()
    };
    if purchase.any.len() as u32 != extra.any {
        if extra.any == 0 {
            kifu_core::refuse!("slot {} asks no good of the buyer's choice", purchase.slot + 1);
        }
        kifu_core::refuse!(
            "slot {} asks {} good(s) of the buyer's choice: write them as {}:GOOD",
            purchase.slot + 1,
            extra.any,
            purchase.slot + 1
        );
    }
    cost.extend(extra.goods);
    cost.extend(purchase.any.iter().copied());
    Ok(cost)
}

/// Buys cards into `seat`'s hand: at most two with a Senator (paying the surcharges), one
/// with a Consul (card cost only). The display closes up to the left afterwards. Returns
/// whether the last card of the market was bought (the game's end).
pub fn buy(state: &mut State, seat: u8, purchases: &[Purchase], senator: bool) -> Result<bool, RuleError> {
    let most = if senator { 2 } else { 1 };
    if purchases.len() > most {
        kifu_core::refuse!(
            "a {} buys at most {most} card(s)",
            if senator { "Senator" } else { "Consul" }
        );
    }
    if purchases.len() == 2 && purchases[0].slot == purchases[1].slot {
        kifu_core::refuse!("the same slot cannot be bought twice");
    }
    let mut bought: Vec<CardId> = Vec::new();
    for p in purchases {
        let cost = price(state, p, senator)?;
        pay(state, seat, &cost)?;
        bought.push(state.display[p.slot]);
    }
    let mut slots: Vec<usize> = purchases.iter().map(|p| p.slot).collect();
    slots.sort_unstable();
    for slot in slots.iter().rev() {
        state.display.remove(*slot);
    }
    state.player_mut(seat)?.hand.extend(bought);
    let market_empty = state.display.is_empty() && state.decks.iter().all(Vec::is_empty);
    Ok(!purchases.is_empty() && market_empty)
}

/// A card drawn onto the display's first empty slot from the lowest deck not yet used up.
pub fn draw(state: &mut State, card: CardId) -> Result<(), RuleError> {
    if !state.draw_due() {
        kifu_core::refuse!("no card is due on the display");
    }
    let Some(deck) = state.drawing_deck() else {
        kifu_core::refuse!("the decks are used up");
    };
    let Some(at) = state.decks[deck].iter().position(|c| *c == card) else {
        kifu_core::refuse!(
            "deck {} has no {} left to draw",
            cards::NUMERALS[deck],
            cards::get(card).name
        );
    };
    state.decks[deck].remove(at);
    state.display.push(card);
    Ok(())
}

/// The goods of every city but Roma, in the order of the map's city list: each tile letter's
/// mix dealt among that letter's cities.
pub fn deal_cities(state: &mut State, goods: &[Good]) -> Result<(), RuleError> {
    if state.dealt {
        kifu_core::refuse!("the city goods are dealt already");
    }
    let board = state.board();
    let cities: Vec<usize> = (0..board.cities.len()).filter(|c| *c != board.capital).collect();
    if goods.len() != cities.len() {
        kifu_core::refuse!(
            "the {} map has {} cities besides Roma, and {} goods were given",
            board.name,
            cities.len(),
            goods.len()
        );
    }
    for (letter, mix) in &board.tiles {
        for good in Good::ALL {
            let dealt = cities
                .iter()
                .zip(goods)
                .filter(|(c, g)| board.cities[**c].letter == Some(*letter) && **g == good)
                .count();
            let tiles = mix.iter().filter(|g| **g == good).count();
            if dealt > tiles {
                kifu_core::refuse!(
                    "letter {letter} has {tiles} {} tile(s) and {dealt} were dealt",
                    good.name()
                );
            }
        }
    }
    for (city, good) in cities.iter().zip(goods) {
        state.city_goods[*city] = Some(*good);
    }
    state.dealt = true;
    Ok(())
}

/// The seeded deal: each letter's tiles shuffled and laid on its cities in list order.
pub fn sample_cities(state: &State, rng: &mut kifu_core::chance::ChanceRng) -> Vec<Good> {
    let board = state.board();
    let mut piles: Vec<(char, Vec<Good>)> = board.tiles.clone();
    for (_, pile) in piles.iter_mut() {
        rng.shuffle(pile);
    }
    (0..board.cities.len())
        .filter(|c| *c != board.capital)
        .filter_map(|c| {
            let letter = board.cities[c].letter?;
            piles.iter_mut().find(|(l, _)| *l == letter)?.1.pop()
        })
        .collect()
}
