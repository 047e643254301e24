//! One battle: who may act in what order, playing a card (with winter, drummer, scarecrow,
//! heroine, surrender and bishop), passing, the strength of each army and the result. What
//! follows a battle (the token, the map, the end of a round or game) is the round module's.

use super::cards::Card;
use super::deck;
use super::map::map;
use super::round;
use super::state::{Phase, State};
use kifu_core::rules::RuleError;

/// The strength of an army: mercenaries at face value (1 each under winter), all doubled if
/// the army has a drummer, plus 10 per heroine whatever the weather or drums.
pub fn strength_of(row: &[Card], winter: bool) -> u32 {
    let drummer = row.contains(&Card::Drummer);
    row.iter()
        .map(|card| match card.mercenary() {
            Some(value) => {
                let base = if winter { 1 } else { value };
                if drummer {
                    base * 2
                } else {
                    base
                }
            }
            None if *card == Card::Heroine => 10,
            None => 0,
        })
        .sum()
}

/// Whether a winter card lies anywhere in the current battle.
pub fn winter(state: &State) -> bool {
    state.players.iter().any(|p| p.row.contains(&Card::Winter))
}

pub fn strength(state: &State, seat: u8) -> u32 {
    state.player(seat).map_or(0, |p| strength_of(&p.row, winter(state)))
}

fn active(state: &State, seat: u8) -> bool {
    state.player(seat).is_some_and(|p| !p.passed && !p.hand.is_empty())
}

/// Starts a battle among `participants` (those without cards stay out); the condottiere
/// plays first if able, then play goes left.
pub fn begin(state: &mut State, city: Option<u8>, defender: Option<u8>, participants: &[u8]) {
    for (seat, player) in state.players.iter_mut().enumerate() {
        player.row.clear();
        player.committed = false;
        player.passed = player.hand.is_empty() || !participants.contains(&(seat as u8));
    }
    state.discard_open = false;
    let n = state.seats();
    let first = (0..n).map(|k| (state.token + k) % n).find(|&s| active(state, s));
    match first {
        Some(current) => {
            state.phase = Phase::Battle {
                city,
                defender,
                current,
            }
        }
        None => {
            state.phase = Phase::Battle {
                city,
                defender,
                current: state.token,
            };
            resolve(state, false);
        }
    }
}

/// Plays a card from `seat`'s hand; for the scarecrow, `back` is the mercenary it takes back.
pub fn play(state: &mut State, seat: u8, card: Card, back: Option<Card>) -> Result<(), RuleError> {
    let who = format!("p{}", u16::from(seat) + 1);
    let Some(player) = state.player(seat) else {
        kifu_core::refuse!("there is no seat {who}");
    };
    if let Some(target) = back {
        if card != Card::Scarecrow {
            kifu_core::refuse!("only the scarecrow takes a card back, not the {}", card.name());
        }
        if target.mercenary().is_none() {
            kifu_core::refuse!("the scarecrow takes back only a mercenary, not the {}", target.name());
        }
        if !player.row.contains(&target) {
            kifu_core::refuse!("{who} has no {} in front of them in this battle", target.name());
        }
    }
    let from_known = player.hand.count(card) > 0;
    if !from_known {
        if player.hand.unknown == 0 {
            kifu_core::refuse!("{who} holds no {} (hand: {})", card.name(), player.hand.text());
        }
        if !deck::possible(state, &player.hand, card) {
            kifu_core::refuse!(
                "{who} cannot play a {}: {}",
                card.name(),
                deck::why_impossible(state, card)
            );
        }
    }
    let player = state.player_mut(seat)?;
    if from_known {
        player.hand.take_known(card);
    } else {
        player.hand.unknown -= 1;
    }
    if let Some(target) = back {
        if let Some(at) = player.row.iter().rposition(|c| *c == target) {
            player.row.remove(at);
            player.hand.add(target);
        }
    }
    player.row.push(card);
    player.committed = true;
    match card {
        Card::Surrender => resolve(state, false),
        Card::Bishop => resolve(state, true),
        _ => advance(state, seat, false),
    }
    Ok(())
}

/// Passes: final for the battle, except a defender's passes before their first card.
pub fn pass(state: &mut State, seat: u8) -> Result<(), RuleError> {
    let free = matches!(state.phase, Phase::Battle { defender: Some(d), .. } if d == seat)
        && state.player(seat).is_some_and(|p| !p.committed);
    if !free {
        state.player_mut(seat)?.passed = true;
    }
    advance(state, seat, free);
    Ok(())
}

/// Hands the turn to the next player on the left still in the battle (the one who just acted
/// last of all), or ends the battle. After a defender's free pass, the defender is asked
/// again only when someone else is still in.
fn advance(state: &mut State, from: u8, free_pass: bool) {
    let n = state.seats();
    let next = (1..=n)
        .map(|k| (from + k) % n)
        .find(|&s| active(state, s) && !(free_pass && s == from));
    match (next, &mut state.phase) {
        (Some(seat), Phase::Battle { current, .. }) => *current = seat,
        _ => resolve(state, false),
    }
}

/// Ends the battle: the single strongest army above nothing wins (no one after a bishop);
/// every card in front of the players goes to the round's pile.
fn resolve(state: &mut State, bishop: bool) {
    let Phase::Battle { city, defender, .. } = state.phase.clone() else {
        return;
    };
    let strengths: Vec<u32> = (0..state.seats()).map(|s| strength(state, s)).collect();
    let top = strengths.iter().copied().max().unwrap_or(0);
    let leaders: Vec<u8> = (0..state.seats())
        .filter(|&s| strengths[usize::from(s)] == top)
        .collect();
    let winner = match leaders.as_slice() {
        [one] if !bishop && top > 0 => Some(*one),
        _ => None,
    };
    let place = city.map_or("the final battle".to_string(), |c| map().name(c).to_string());
    let armies: Vec<String> = strengths
        .iter()
        .enumerate()
        .map(|(s, v)| format!("p{} {v}", s + 1))
        .collect();
    let how = match winner {
        _ if bishop => format!("{place}: the bishop ended the battle with no winner"),
        Some(w) => format!("{place}: p{} won ({})", u16::from(w) + 1, armies.join(", ")),
        None if top == 0 => format!("{place}: no army, no winner"),
        None => format!("{place}: tie, no winner ({})", armies.join(", ")),
    };
    for player in &mut state.players {
        for card in player.row.drain(..) {
            state.pile[card.index()] = state.pile[card.index()].saturating_add(1);
        }
        player.passed = false;
        player.committed = false;
    }
    state.last = Some(how);
    round::after_battle(state, city, defender, winner);
}

#[cfg(test)]
mod tests {
    use super::*;
    use Card::*;

    #[test]
    fn seed_example_winter_makes_36_points_8() {
        // Seed 000: 10 x2, 5, 4 x2 and 1 x3 make 36; under winter they make 8.
        let row = [M10, M10, M5, M4, M4, M1, M1, M1];
        assert_eq!(strength_of(&row, false), 36);
        assert_eq!(strength_of(&row, true), 8);
    }

    #[test]
    fn seed_example_drummer_makes_21_points_42_and_6_with_winter() {
        // Seed 000: three mercenaries worth 21 become 42 with a drummer, 6 with winter too.
        let row = [M10, M10, M1, Drummer];
        assert_eq!(strength_of(&row[..3], false), 21);
        assert_eq!(strength_of(&row, false), 42);
        assert_eq!(strength_of(&row, true), 6);
        let two_drums = [M10, M10, M1, Drummer, Drummer];
        assert_eq!(strength_of(&two_drums, false), 42);
    }

    #[test]
    fn the_heroine_is_ten_whatever_the_weather() {
        assert_eq!(strength_of(&[Heroine], false), 10);
        assert_eq!(strength_of(&[Heroine, Drummer, M3], true), 12);
        assert_eq!(strength_of(&[Heroine, Heroine, M6], true), 21);
        assert_eq!(strength_of(&[Scarecrow, Winter, Bishop], false), 0);
    }
}
