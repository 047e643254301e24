//! What each command does to the war: laying down and turning up, the horn, the decisions of
//! J and K, the situation cards and the end. Each function checks before it changes anything
//! it keeps; the kernel discards the state of a refused command anyway.

use super::battle;
use super::cards::{seat_name, Card, J, K};
use super::economy;
use super::notation::Salt;
use super::state::{Phase, Situation, State};
use kifu_core::rules::{Outcome, RuleError};

type Done = Result<(), RuleError>;

pub fn play(state: &mut State, seat: u8, card: Card, salt: Option<Salt>) -> Done {
    if state.down[usize::from(seat)].is_some() {
        kifu_core::refuse!("{} has already laid a card down in this battle", seat_name(seat));
    }
    if !state.hand(seat).has(card) {
        kifu_core::refuse!(
            "{} has no {} left: it was used already (cards left: {})",
            seat_name(seat),
            card.code(),
            state.hand(seat).text()
        );
    }
    state.down[usize::from(seat)] = Some(card);
    state.down_salt[usize::from(seat)] = salt;
    if state.down.iter().all(Option::is_some) {
        economy::all_down(state);
    }
    Ok(())
}

pub fn open(state: &mut State, cards: [Card; 4]) -> Done {
    for seat in 0..4u8 {
        let down = state.down[usize::from(seat)];
        if down != Some(cards[usize::from(seat)]) {
            kifu_core::refuse!(
                "{} did not lay down {}: open must turn up the cards laid down",
                seat_name(seat),
                cards[usize::from(seat)].code()
            );
        }
    }
    state.open = Some(cards);
    match state.horn {
        Some(seat) if state.battle < state.last_battle => state.phase = Phase::Horn { seat },
        _ => resolve(state),
    }
    Ok(())
}

pub fn horn(state: &mut State, blow: bool) -> Done {
    state.horn_blown = blow;
    resolve(state);
    Ok(())
}

/// Fights the battle turned up, then asks for J's and K's decisions or ends the battle.
fn resolve(state: &mut State) {
    let Some(cards) = state.open else { return };
    let result = battle::fight(state, &cards);
    for seat in 0..4 {
        state.spoils[seat] += result.gains[seat];
    }
    state.last_gain = result.gains;
    if result.winners.is_some() {
        state.carried = 0;
    } else {
        state.carried += state.fresh;
    }
    state.fresh = 1;
    if let Some(extra) = result.extra {
        state.flag = extra;
    }
    if state.horn_blown {
        state.horn = None;
    }
    economy::after_battle(state, &cards, result.winners);
    state.last = Some(result.text);
    after_stake(state, lone(&cards, J).filter(|_| state.battle < state.last_battle));
}

fn lone(cards: &[Card; 4], kind: Card) -> Option<u8> {
    let seats: Vec<u8> = (0..4u8).filter(|s| cards[usize::from(*s)] == kind).collect();
    (seats.len() == 1).then(|| seats[0])
}

/// Goes to J's decision if due, else to K's.
fn after_stake(state: &mut State, j: Option<u8>) {
    if let Some(seat) = j {
        state.phase = Phase::Stake { seat };
        return;
    }
    let k = state.open.and_then(|cards| lone(&cards, K));
    let effective = state.battle > 2 && state.battle + 1 < state.last_battle;
    match k {
        Some(seat) if effective => state.phase = Phase::Ally { seat },
        _ => end_battle(state),
    }
}

pub fn stake(state: &mut State, times: u8) -> Done {
    state.fresh = u32::from(times);
    after_stake(state, None);
    Ok(())
}

pub fn ally(state: &mut State, seat: u8, partner: u8) -> Done {
    if partner == seat {
        kifu_core::refuse!("{} cannot ally with itself: name another kingdom", seat_name(seat));
    }
    let rest: Vec<u8> = (0..4u8).filter(|s| *s != seat && *s != partner).collect();
    state.allies[usize::from(seat)] = partner;
    state.allies[usize::from(partner)] = seat;
    state.allies[usize::from(rest[0])] = rest[1];
    state.allies[usize::from(rest[1])] = rest[0];
    end_battle(state);
    Ok(())
}

/// The cards turned up are used; the next battle, a situation card or the end follows.
fn end_battle(state: &mut State) {
    if let Some(cards) = state.open.take() {
        for (seat, card) in cards.iter().enumerate() {
            state.used[seat].add(*card);
        }
    }
    state.down = [None; 4];
    state.down_salt = [None; 4];
    state.horn_blown = false;
    if state.battle >= state.last_battle {
        finish(state);
        return;
    }
    state.battle += 1;
    state.phase = Phase::Play;
    economy::before_battle(state);
    if state.playing_cards {
        if state.battle == 7 {
            hegemony(state);
        }
    } else if state.situation_battles().contains(&state.battle) {
        state.phase = Phase::Situation;
    }
}

pub fn situation(state: &mut State, card: Situation) -> Done {
    if state.situations.contains(&card) {
        kifu_core::refuse!("the situation card {} is already turned up", card.code());
    }
    if !state.situations_left().contains(&card) {
        kifu_core::refuse!(
            "the situation card {} belongs to the economic war expansion",
            card.code()
        );
    }
    state.situations.push(card);
    state.phase = Phase::Play;
    match card {
        Situation::Noblesse => {
            for seat in 0..4 {
                let used = state.used[seat];
                let count = used.list().iter().filter(|c| c.is_high()).count() as u32;
                state.spoils[seat] += count + u32::from(used.has(K));
            }
        }
        Situation::Promotion => state.promotion = true,
        Situation::Comeback => {
            let least = state.spoils.iter().copied().min().unwrap_or(0);
            let candidates: Vec<u8> = (0..4u8).filter(|s| state.spoils[usize::from(*s)] == least).collect();
            if candidates.len() == 1 {
                state.horn = Some(candidates[0]);
            } else {
                state.phase = Phase::GiveHorn { candidates };
            }
        }
        Situation::Blitz => state.last_battle = 18,
        Situation::Hegemony => hegemony(state),
        Situation::Redeploy => {
            state.phase = Phase::Redeploy {
                order: state.round_from_flag(),
            }
        }
        Situation::Sanctions => state.phase = Phase::Sanction,
        Situation::NewWeapon => economy::new_weapon(state),
        Situation::Espionage => economy::espionage(state),
        Situation::Reserve => economy::reserve(state),
    }
    Ok(())
}

/// Hegemony: the flag holder takes a spoil, if any other kingdom has one.
fn hegemony(state: &mut State) {
    let flag = state.flag;
    if (0..4u8).any(|s| s != flag && state.spoils[usize::from(s)] > 0) {
        state.phase = Phase::Take;
    }
}

pub fn give(state: &mut State, candidates: &[u8], seat: u8) -> Done {
    if !candidates.contains(&seat) {
        let names: Vec<String> = candidates.iter().map(|s| seat_name(*s)).collect();
        kifu_core::refuse!(
            "{} does not hold the fewest spoils: give the horn to one of {}",
            seat_name(seat),
            names.join(", ")
        );
    }
    state.horn = Some(seat);
    state.phase = Phase::Play;
    Ok(())
}

pub fn take(state: &mut State, from: u8) -> Done {
    if from == state.flag {
        kifu_core::refuse!("the flag holder takes a spoil from another kingdom, not from itself");
    }
    if state.spoils[usize::from(from)] == 0 {
        kifu_core::refuse!("{} has no spoils to take", seat_name(from));
    }
    state.spoils[usize::from(from)] -= 1;
    state.spoils[usize::from(state.flag)] += 1;
    state.phase = Phase::Play;
    Ok(())
}

pub fn redeploy(state: &mut State, order: &[u8], back: [Card; 2], down: [Card; 2]) -> Done {
    let seat = order[0];
    let used = state.used[usize::from(seat)];
    let hand = state.hand(seat);
    if back[0] == back[1] || down[0] == down[1] {
        kifu_core::refuse!("redeploy takes back two different cards and lays down two different cards");
    }
    for card in back {
        if !used.has(card) {
            kifu_core::refuse!(
                "{} has not used {}: it cannot take it back",
                seat_name(seat),
                card.code()
            );
        }
    }
    for card in down {
        if state.spy.is_some_and(|spy| spy.victim == seat && spy.card == card) {
            kifu_core::refuse!("{} is a spy: it cannot be laid down by redeployment", card.code());
        }
        if !hand.has(card) {
            kifu_core::refuse!(
                "{} does not hold {}: it lays down two cards from its hand ({})",
                seat_name(seat),
                card.code(),
                hand.text()
            );
        }
    }
    let cards = &mut state.used[usize::from(seat)];
    back.iter().for_each(|c| cards.remove(*c));
    down.iter().for_each(|c| cards.add(*c));
    state.phase = if order.len() > 1 {
        Phase::Redeploy {
            order: order[1..].to_vec(),
        }
    } else {
        Phase::Play
    };
    Ok(())
}

/// Ranks by spoils, then by the last battle's gain; a tie for first left is the flag's to order.
fn finish(state: &mut State) {
    let key = |s: u8| (state.score(s), state.last_gain[usize::from(s)]);
    let best = (0..4u8).map(key).max().unwrap_or((0, 0));
    let tied: Vec<u8> = (0..4u8).filter(|s| key(*s) == best).collect();
    if tied.len() == 1 {
        state.phase = Phase::Over {
            outcome: outcome(state, tied[0], "most spoils"),
        };
    } else {
        state.phase = Phase::Rank { tied };
    }
}

fn outcome(state: &State, winner: u8, how: &str) -> Outcome {
    let spoils: Vec<String> = (0..4u8)
        .map(|s| format!("{} {}", seat_name(s), state.score(s)))
        .collect();
    Outcome::win(
        winner,
        format!("{how} after {} battles ({})", state.battle, spoils.join(", ")),
    )
}

pub fn rank(state: &mut State, tied: &[u8], order: &[u8]) -> Done {
    let mut sorted = order.to_vec();
    sorted.sort_unstable();
    if sorted != tied {
        let names: Vec<String> = tied.iter().map(|s| seat_name(*s)).collect();
        kifu_core::refuse!("rank orders exactly the kingdoms tied for first: {}", names.join(", "));
    }
    state.phase = Phase::Over {
        outcome: outcome(state, order[0], "first by the flag holder's choice among equals"),
    };
    Ok(())
}
