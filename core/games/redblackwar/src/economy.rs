//! The economic war expansion (seed 002): coins passed between kingdoms, the queen's greed,
//! the immortal gold coins of battle 3, the missile, and the four added situation cards.
//! Each function checks before it changes anything it keeps; it never fights a battle.

use super::cards::{seat_name, Card, Q};
use super::state::{Phase, Spy, State};
use kifu_core::rules::RuleError;

type Done = Result<(), RuleError>;

/// A kingdom still to lay its card down hands coins to another, before the last battle.
pub fn pay(state: &mut State, seat: u8, to: u8, amount: u32) -> Done {
    if state.battle >= state.last_battle {
        kifu_core::refuse!("coins may not move in the last battle (battle {})", state.battle);
    }
    if state.down[usize::from(seat)].is_some() {
        kifu_core::refuse!("{} has laid its card down: it pays before laying down", seat_name(seat));
    }
    if to == seat {
        kifu_core::refuse!("{} cannot pay itself", seat_name(seat));
    }
    if amount == 0 || amount > state.coins[usize::from(seat)] {
        kifu_core::refuse!(
            "{} cannot pay {amount} coins: it has {} (immortal coins cannot be passed on)",
            seat_name(seat),
            state.coins[usize::from(seat)]
        );
    }
    state.coins[usize::from(seat)] -= amount;
    state.coins[usize::from(to)] += amount;
    Ok(())
}

/// After a battle is fought: the lone Q's greed (not in the last battle, when coins may no
/// longer move) and the immortal coins of battle 3's winners; the missile fired is spent.
pub fn after_battle(state: &mut State, cards: &[Card; 4], winners: Option<[u8; 2]>) {
    if !state.economic {
        return;
    }
    let queens: Vec<usize> = (0..4).filter(|s| cards[*s] == Q).collect();
    if let [seat] = queens[..] {
        if state.battle < state.last_battle {
            state.coins[seat] += 3;
        }
    }
    if state.battle == 3 {
        for seat in winners.into_iter().flatten() {
            state.immortal[usize::from(seat)] += 1;
        }
    }
    if state.missile_fired {
        state.missile = None;
        state.missile_fired = false;
    }
    if state.spy.is_some_and(|spy| cards[usize::from(spy.victim)] == spy.card) {
        state.spy = None;
    }
}

/// Before a new battle: the reserve currency issues a coin to the flag holder.
pub fn before_battle(state: &mut State) {
    if state.reserve_left > 0 {
        state.reserve_left -= 1;
        state.coins[usize::from(state.flag)] += 1;
    }
}

/// Sanctions: the flag holder names a kingdom (itself included) and halves its coins.
pub fn sanction(state: &mut State, seat: u8) -> Done {
    state.coins[usize::from(seat)] /= 2;
    state.phase = Phase::Play;
    Ok(())
}

/// New weapon: the flag holder pays 2 coins for the missile if it has them.
pub fn new_weapon(state: &mut State) {
    let flag = usize::from(state.flag);
    if state.coins[flag] >= 2 {
        state.coins[flag] -= 2;
        state.missile = Some(state.flag);
    }
}

/// Espionage is due when the flag holder has a coin.
pub fn espionage(state: &mut State) {
    if state.coins[usize::from(state.flag)] >= 1 {
        state.phase = Phase::Spy;
    }
}

/// The flag holder pays `victim` a coin and makes one of its cards not yet used its spy.
pub fn spy(state: &mut State, victim: u8, card: Card) -> Done {
    let owner = state.flag;
    if victim == owner {
        kifu_core::refuse!("espionage names another kingdom, not the flag holder itself");
    }
    if !state.hand(victim).has(card) {
        kifu_core::refuse!(
            "{} has no {} left to turn (cards left: {})",
            seat_name(victim),
            card.code(),
            state.hand(victim).text()
        );
    }
    state.coins[usize::from(owner)] -= 1;
    state.coins[usize::from(victim)] += 1;
    state.spy = Some(Spy { owner, victim, card });
    state.phase = Phase::Play;
    Ok(())
}

/// Reserve currency: a coin to the flag holder now and before each of the next two battles.
pub fn reserve(state: &mut State) {
    state.coins[usize::from(state.flag)] += 1;
    state.reserve_left = 2;
}

/// The missile's holder fires it or holds it; then the cards are turned up.
pub fn missile(state: &mut State, fire: bool) -> Done {
    state.missile_fired = fire;
    state.phase = Phase::Open;
    Ok(())
}

/// Once the four cards are down: the missile's decision if it may be fired, else the open.
pub fn all_down(state: &mut State) {
    state.phase = match state.missile {
        Some(seat) if state.battle < state.last_battle => Phase::Missile { seat },
        _ => Phase::Open,
    };
}
