//! What chance reveals: the opening deal of nobles and market, each card turned up to refill
//! the market, and each card drawn blind for a reserve, checked against what the decks can
//! still hold (observed) or drawn from them (seeded). It never takes a player's action.

use super::cards::{self, describe};
use super::notation::{Command, Salt};
use super::state::{Phase, Reserved, State};
use super::turn;
use kifu_core::chance::ChanceRng;
use kifu_core::rules::RuleError;

/// Refuses a card that is not of `level` or that the record already places somewhere.
fn still_in_deck(state: &State, id: u8, level: u8) -> Result<(), RuleError> {
    let Some(card) = cards::card(id) else {
        kifu_core::refuse!("there is no card {id} in the game: the development cards are numbered 1 to 90");
    };
    if card.level != level {
        kifu_core::refuse!(
            "{} is a level {} card; it cannot come from the level {level} deck",
            describe(id),
            card.level
        );
    }
    if let Some(w) = state.whereabouts(id) {
        kifu_core::refuse!("{} cannot come from the level {level} deck: {w}", describe(id));
    }
    Ok(())
}

pub fn deal(state: &mut State, nobles: &[u8], market: &[Vec<u8>; 3]) -> Result<(), RuleError> {
    let wanted = state.players.len() + 1;
    if nobles.len() != wanted {
        kifu_core::refuse!(
            "{} players play with {wanted} nobles shown, not {}",
            state.players.len(),
            nobles.len()
        );
    }
    for (i, id) in nobles.iter().enumerate() {
        if cards::noble(*id).is_none() {
            kifu_core::refuse!("there is no noble {id}: the nobles are numbered 1 to 10");
        }
        if nobles[..i].contains(id) {
            kifu_core::refuse!("noble {id} is dealt twice");
        }
    }
    for (l, row) in market.iter().enumerate() {
        let level = l as u8 + 1;
        if row.len() != 4 {
            kifu_core::refuse!("level {level} shows 4 cards, not {}", row.len());
        }
        for (slot, id) in row.iter().enumerate() {
            still_in_deck(state, *id, level)?;
            state.market[l][slot] = Some(*id);
            state.deck_left[l] -= 1;
        }
    }
    state.nobles = nobles.to_vec();
    state.phase = Phase::Act;
    Ok(())
}

pub fn refill(state: &mut State, level: u8, slot: u8, id: u8) -> Result<(), RuleError> {
    still_in_deck(state, id, level)?;
    let l = usize::from(level - 1);
    state.market[l][usize::from(slot)] = Some(id);
    state.deck_left[l] -= 1;
    state.phase = Phase::Act;
    turn::proceed(state)
}

pub fn draw(state: &mut State, level: u8, id: Option<u8>, salt: Option<Salt>) -> Result<(), RuleError> {
    if let Some(id) = id {
        still_in_deck(state, id, level)?;
    }
    if salt.is_some() {
        state.salt = salt;
    }
    let l = usize::from(level - 1);
    state.deck_left[l] -= 1;
    state.player_mut(state.current)?.reserved.push(Reserved {
        level,
        card: id,
        blind: true,
    });
    state.phase = Phase::Act;
    turn::proceed(state)
}

fn pick(rng: &mut ChanceRng, mut ids: Vec<u8>, count: usize) -> Vec<u8> {
    rng.shuffle(&mut ids);
    ids.truncate(count);
    ids
}

/// The chance outcome due, drawn from what the decks hold (in a seeded game every card's
/// place is known, so the cards nobody holds are exactly the decks).
pub fn sample(state: &State, rng: &mut ChanceRng) -> Command {
    match &state.phase {
        Phase::Deal => {
            let mut nobles = pick(rng, cards::all_nobles().collect(), state.players.len() + 1);
            nobles.sort_unstable();
            let market = [1, 2, 3].map(|level| pick(rng, state.unaccounted(level), 4));
            Command::Deal { nobles, market }
        }
        Phase::Refill { level, .. } => match pick(rng, state.unaccounted(*level), 1).first() {
            Some(id) => Command::Refill(*id),
            None => Command::Pass,
        },
        Phase::Draw { level } => {
            let id = pick(rng, state.unaccounted(*level), 1).first().copied();
            let mut salt = [0u8; 16];
            salt[..8].copy_from_slice(&rng.next_u64().to_le_bytes());
            salt[8..].copy_from_slice(&rng.next_u64().to_le_bytes());
            Command::Draw(id, id.map(|_| salt))
        }
        _ => Command::Pass,
    }
}

/// What chance may enter now; None at the deal (too many to list).
pub fn outcomes(state: &State) -> Option<Vec<Command>> {
    match &state.phase {
        Phase::Deal => None,
        Phase::Refill { level, .. } => Some(state.unaccounted(*level).into_iter().map(Command::Refill).collect()),
        Phase::Draw { level } => {
            let mut list = vec![Command::Draw(None, None)];
            list.extend(
                state
                    .unaccounted(*level)
                    .into_iter()
                    .map(|id| Command::Draw(Some(id), None)),
            );
            Some(list)
        }
        _ => Some(Vec::new()),
    }
}
