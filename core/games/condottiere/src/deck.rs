//! Deck accounting for one round: which cards of the 96 are known to be somewhere (played,
//! thrown away, known in a hand) and so whether a card can still come out of an unknown hand.
//! It only answers questions; it never moves a card.

use super::cards::{Card, Hand, KINDS};
use super::state::State;

/// Cards of each kind known to be somewhere this round.
pub fn accounted(state: &State) -> [u8; KINDS] {
    let mut counts = state.pile;
    for player in &state.players {
        for card in Card::ALL {
            let i = card.index();
            counts[i] = counts[i]
                .saturating_add(player.hand.count(card))
                .saturating_add(player.discarded.count(card));
        }
        for card in &player.row {
            counts[card.index()] = counts[card.index()].saturating_add(1);
        }
    }
    counts
}

/// Copies of a kind nobody has accounted for this round.
pub fn unaccounted(state: &State, card: Card) -> u8 {
    card.copies().saturating_sub(accounted(state)[card.index()])
}

/// Whether an unknown card of `hand` may be `card`.
pub fn possible(state: &State, hand: &Hand, card: Card) -> bool {
    hand.unknown > 0 && unaccounted(state, card) > 0
}

/// Why `card` cannot come from the unknown part of a hand, in words.
pub fn why_impossible(state: &State, card: Card) -> String {
    let mut played = state.pile[card.index()];
    let mut in_hands = 0u8;
    let mut thrown = 0u8;
    for player in &state.players {
        played = played.saturating_add(player.row.iter().filter(|c| **c == card).count() as u8);
        in_hands = in_hands.saturating_add(player.hand.count(card));
        thrown = thrown.saturating_add(player.discarded.count(card));
    }
    let mut parts = vec![format!("{played} played")];
    if in_hands > 0 {
        parts.push(format!("{in_hands} known in hands"));
    }
    if thrown > 0 {
        parts.push(format!("{thrown} in thrown-away hands"));
    }
    format!(
        "the deck has {} {} cards and all are accounted for this round ({})",
        card.copies(),
        card.name(),
        parts.join(", ")
    )
}

/// Whether a hand may hold no mercenary at all: its known cards are all special, and enough
/// special cards are unaccounted for to fill its unknown ones.
pub fn may_lack_mercenaries(state: &State, hand: &Hand) -> bool {
    if hand.known_mercenary() {
        return false;
    }
    let specials: u32 = Card::ALL
        .iter()
        .filter(|c| c.mercenary().is_none())
        .map(|&c| u32::from(unaccounted(state, c)))
        .sum();
    specials >= u32::from(hand.unknown)
}

/// Checks that dealt or shown hands fit the deck: no kind known more often than it exists.
pub fn check_known(state: &State) -> Result<(), String> {
    let counts = accounted(state);
    for card in Card::ALL {
        if counts[card.index()] > card.copies() {
            return Err(format!(
                "the deck has only {} {} cards, that would make {} this round",
                card.copies(),
                card.name(),
                counts[card.index()]
            ));
        }
    }
    Ok(())
}
