//! Between battles: deals, the condottiere's choice of city (or passing the token), thrown-away
//! hands, the end of a round, the end of a game (bordering regions, most regions, the final
//! battle) and scoring over a series. It never scores a battle itself (see battle.rs).

use super::battle;
use super::cards::{Hand, KINDS};
use super::deck;
use super::map::map;
use super::state::{Phase, State};
use kifu_core::rules::{Outcome, RuleError};

fn seat_name(seat: u8) -> String {
    format!("p{}", u16::from(seat) + 1)
}

/// Applies a deal: one hand per seat (empty for seats that receive nothing).
pub fn deal(state: &mut State, hands: Vec<Hand>) -> Result<(), RuleError> {
    let Phase::Deal { counts, final_battle } = state.phase.clone() else {
        kifu_core::refuse!("no deal is due now");
    };
    if hands.len() != counts.len() {
        kifu_core::refuse!("the deal must give cards to the seats p1 to p{}", counts.len());
    }
    for (seat, (hand, due)) in hands.iter().zip(&counts).enumerate() {
        if hand.len() != u32::from(*due) {
            let why = if final_battle && *due == 0 {
                "only the players tied for most cities play the final battle".to_string()
            } else {
                format!("10 and 2 per city held: {due}")
            };
            kifu_core::refuse!("p{} receives {due} cards, not {} ({why})", seat + 1, hand.len());
        }
    }
    for (player, hand) in state.players.iter_mut().zip(hands) {
        player.hand = hand;
    }
    deck::check_known(state).map_err(RuleError::new)?;
    if final_battle {
        let tied: Vec<u8> = (0..state.seats())
            .filter(|&s| counts.get(usize::from(s)).is_some_and(|n| *n > 0))
            .collect();
        battle::begin(state, None, None, &tied);
    } else {
        state.round += 1;
        state.discard_open = false;
        state.phase = Phase::Choose;
    }
    Ok(())
}

/// Clears every card for a fresh shuffle of all 96 and makes the next deal due.
fn reset_cards(state: &mut State) {
    for player in &mut state.players {
        player.hand = Hand::default();
        player.discarded = Hand::default();
        player.row.clear();
        player.passed = false;
        player.committed = false;
    }
    state.pile = [0; KINDS];
    state.discard_open = false;
}

/// Ends the round: the last hand goes back and all 96 cards are dealt again.
pub fn new_round(state: &mut State) {
    reset_cards(state);
    state.phase = Phase::Deal {
        counts: state.round_counts(),
        final_battle: false,
    };
}

/// The condottiere names the city of the next battle.
pub fn choose(state: &mut State, seat: u8, city: u8) -> Result<(), RuleError> {
    let name = map().name(city).to_string();
    let defender = match state.owner.get(usize::from(city)).copied() {
        None => kifu_core::refuse!("there is no region {city} on the map"),
        Some(None) => None,
        Some(Some(owner)) if owner == seat => kifu_core::refuse!("{} holds {name} already", seat_name(seat)),
        Some(Some(owner)) if !state.options.attack => kifu_core::refuse!(
            "{name} is held by {}: held cities may be attacked only with the option attack=yes",
            seat_name(owner)
        ),
        Some(Some(owner)) => Some(owner),
    };
    let everyone: Vec<u8> = (0..state.seats()).collect();
    battle::begin(state, Some(city), defender, &everyone);
    Ok(())
}

/// The condottiere passes the choice: the token goes left.
pub fn pass_token(state: &mut State) {
    state.token = state.left(state.token);
}

/// Seats that may throw their hand away now: after a battle, holding cards and possibly no
/// mercenary.
pub fn discarders(state: &State) -> Vec<u8> {
    if !state.discard_open || state.phase != Phase::Choose {
        return Vec::new();
    }
    (0..state.seats())
        .filter(|&s| {
            state
                .player(s)
                .is_some_and(|p| !p.hand.is_empty() && deck::may_lack_mercenaries(state, &p.hand))
        })
        .collect()
}

/// Throws away a hand that holds no mercenary.
pub fn discard(state: &mut State, seat: u8) -> Result<(), RuleError> {
    let who = seat_name(seat);
    if state.phase != Phase::Choose || !state.discard_open {
        kifu_core::refuse!("a hand may be thrown away only after a battle, before the next city is chosen");
    }
    let Some(player) = state.player(seat) else {
        kifu_core::refuse!("there is no seat {who}");
    };
    if player.hand.is_empty() {
        kifu_core::refuse!("{who} holds no cards");
    }
    if player.hand.known_mercenary() {
        kifu_core::refuse!("{who} holds a mercenary and so may not throw the hand away");
    }
    if !deck::may_lack_mercenaries(state, &player.hand) {
        kifu_core::refuse!("{who}'s hand must hold a mercenary: too few special cards are left unaccounted for");
    }
    let player = state.player_mut(seat)?;
    let hand = std::mem::take(&mut player.hand);
    for card in hand.cards() {
        player.discarded.add(card);
    }
    player.discarded.unknown = player.discarded.unknown.saturating_add(hand.unknown);
    if state.holders().len() <= 1 {
        new_round(state);
    }
    Ok(())
}

/// What follows a battle: the city and the token, then the end of the game, of the round,
/// or the next choice.
pub fn after_battle(state: &mut State, city: Option<u8>, defender: Option<u8>, winner: Option<u8>) {
    let Some(city) = city else {
        final_result(state, winner);
        return;
    };
    let name = map().name(city).to_string();
    match (winner, defender) {
        (Some(w), _) => {
            if let Some(slot) = state.owner.get_mut(usize::from(city)) {
                *slot = Some(w);
            }
            state.token = w;
        }
        (None, Some(d)) => state.token = d,
        (None, None) => state.token = state.left(state.token),
    }
    if let Some(w) = winner {
        let group = map().largest_group(state.held(w));
        if group >= state.needed() {
            let reason = format!("holds {group} bordering cities (taking {name})");
            finish_game(state, Outcome::win(w, reason), Some(w));
            return;
        }
    }
    if state.owner.iter().all(Option::is_some) {
        let counts: Vec<u32> = (0..state.seats()).map(|s| state.cities(s)).collect();
        let top = counts.iter().copied().max().unwrap_or(0);
        let tied: Vec<u8> = (0..state.seats()).filter(|&s| counts[usize::from(s)] == top).collect();
        if let [one] = tied.as_slice() {
            let reason = format!("holds the most cities ({top}) when all are taken");
            finish_game(state, Outcome::win(*one, reason), None);
        } else {
            reset_cards(state);
            let deal: Vec<u8> = (0..state.seats())
                .map(|s| if tied.contains(&s) { (10 + 2 * top) as u8 } else { 0 })
                .collect();
            state.phase = Phase::Deal {
                counts: deal,
                final_battle: true,
            };
        }
        return;
    }
    if state.holders().len() <= 1 {
        new_round(state);
    } else {
        state.phase = Phase::Choose;
        state.discard_open = true;
    }
}

/// The final battle between the players tied for most cities decides; with no winner they
/// share the game.
fn final_result(state: &mut State, winner: Option<u8>) {
    match winner {
        Some(w) => finish_game(
            state,
            Outcome::win(w, "won the final battle between the tied players"),
            None,
        ),
        None => {
            let top = (0..state.seats()).map(|s| state.cities(s)).max().unwrap_or(0);
            let tied: Vec<u8> = (0..state.seats()).filter(|&s| state.cities(s) == top).collect();
            let outcome = Outcome {
                winners: tied,
                reason: "the final battle had no winner: the tied players share the game".into(),
            };
            finish_game(state, outcome, None);
        }
    }
}

/// Ends a game: over, or with scoring, adds the points (1 per city, 2 more to a winner by
/// bordering cities) and starts the next game until one player alone reaches the target.
fn finish_game(state: &mut State, outcome: Outcome, bonus: Option<u8>) {
    let Some(target) = state.options.target else {
        state.phase = Phase::Over { outcome };
        return;
    };
    for seat in 0..state.seats() {
        let points = state.cities(seat) + if bonus == Some(seat) { 2 } else { 0 };
        if let Some(total) = state.scores.get_mut(usize::from(seat)) {
            *total += points;
        }
    }
    let top = state.scores.iter().copied().max().unwrap_or(0);
    let leaders: Vec<u8> = (0..state.seats())
        .filter(|&s| state.scores.get(usize::from(s)) == Some(&top))
        .collect();
    state.last = Some(format!("game {} ended: {outcome}", state.game));
    match leaders.as_slice() {
        [one] if top >= target => {
            let reason = format!("reached {top} points (target {target}) over {} games", state.game);
            state.phase = Phase::Over {
                outcome: Outcome::win(*one, reason),
            };
        }
        _ => {
            state.owner.iter_mut().for_each(|o| *o = None);
            state.game += 1;
            state.round = 0;
            new_round(state);
        }
    }
}
