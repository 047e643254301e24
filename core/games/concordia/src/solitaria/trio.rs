//! Contrarius as a third player in a two-player game (seed 003's last section): the humans'
//! turns (p3 starts and is never answered; p1 is answered as in the solo game), the
//! Praefectus Magnus passing between the two humans only, the vetoes, the last turns and
//! the winner. It never decides Contrarius's reaction: the reaction module does.

use super::builds::CONTRARIUS;
use super::end;
use super::reaction;
use super::state::{Solo, Step};
use crate::cards::{self, CardId};
use crate::goods::Goods;
use crate::notation::Action;
use crate::scoring;
use crate::state::seat_name;
use crate::turn;
use kifu_core::rules::{Outcome, RuleError};

/// The seat answered by Contrarius (the second player) and the starting player.
pub const ANSWERED: u8 = 0;
pub const STARTER: u8 = 2;

/// The human seat after `seat`.
fn other(seat: u8) -> u8 {
    if seat == ANSWERED {
        STARTER
    } else {
        ANSWERED
    }
}

/// `seat` (p1 or p3) plays `card` by the base game's rules; Contrarius answers p1's card
/// (or the card p1's Diplomat copied), unless Contrarius ended the game.
pub fn play(solo: &mut Solo, seat: u8, card: CardId, action: &Action) -> Result<(), RuleError> {
    let Some(trio) = solo.trio.as_mut() else {
        kifu_core::refuse!("this is not the three-player game");
    };
    trio.last_roll = None;
    let base = &mut solo.base;
    if let Action::Diplomat { from: CONTRARIUS, .. } = action {
        kifu_core::refuse!("a Diplomat copies the other player's card, never Contrarius's (the base game's rule)");
    }
    // The kind and action Contrarius answers: a Diplomat's copied card and its action.
    let answered = match action {
        Action::Diplomat { from, action } => base
            .player(*from)?
            .discard
            .last()
            .map(|top| (cards::get(*top).kind, (**action).clone())),
        _ => Some((cards::get(card).kind, action.clone())),
    };
    let player = base.player_mut(seat)?;
    let Some(at) = player.hand.iter().position(|c| *c == card) else {
        kifu_core::refuse!("{} does not hold a {}", seat_name(seat), cards::get(card).name);
    };
    player.hand.remove(at);
    player.discard.push(card);
    let triggered = turn::act(base, seat, card, action)?;
    if base.magnus == CONTRARIUS {
        // The Praefectus Magnus passes between the two humans only.
        base.magnus = ANSWERED;
    }
    let me = &mut base.players[usize::from(CONTRARIUS)];
    me.goods = Goods::default();
    me.coins = 0;
    let ended_by = solo.ended_by;
    let Some(trio) = solo.trio.as_mut() else {
        return Ok(());
    };
    if ended_by.is_some() {
        trio.last_turns.retain(|s| *s != seat);
    } else if triggered {
        solo.ended_by = Some(seat);
        solo.base.players[usize::from(seat)].concordia = true;
        trio.last_turns = vec![other(seat)];
    }
    solo.base.current = trio.last_turns.first().copied().unwrap_or(other(seat));
    if seat == ANSWERED && solo.ended_by != Some(CONTRARIUS) {
        if let Some((kind, action)) = answered {
            solo.pending = reaction::steps_for(solo, kind, &action, false);
        }
    }
    reaction::settle(solo);
    Ok(())
}

/// Contrarius ended the game while answering p1: p3, then p1, play a last turn unanswered.
pub fn contrarius_ended(solo: &mut Solo) {
    if let Some(trio) = solo.trio.as_mut() {
        trio.last_turns = vec![STARTER, ANSWERED];
        solo.base.current = STARTER;
    }
}

/// A human's one veto: Contrarius's last roll is taken back and the die rolled again.
pub fn veto(solo: &mut Solo, seat: u8) -> Result<(), RuleError> {
    let who = seat_name(seat);
    let Some(trio) = solo.trio.as_mut() else {
        kifu_core::refuse!("vetoes belong to the three-player game only");
    };
    if seat == CONTRARIUS {
        kifu_core::refuse!("Contrarius has no veto");
    }
    if trio.vetoed.contains(&seat) {
        kifu_core::refuse!("{who} has used its one veto already");
    }
    let (Some((roll, queued)), false) = (trio.last_roll, solo.pending.is_empty()) else {
        kifu_core::refuse!("there is no roll of Contrarius's to veto now");
    };
    trio.last_roll = None;
    trio.vetoed.push(seat);
    if solo.pending.len() < queued {
        solo.pending.insert(0, roll);
    } else {
        solo.pending[0] = roll;
    }
    Ok(())
}

/// The humans who may veto now: Contrarius is to act on a roll, and they have a veto left.
pub fn may_veto(solo: &Solo) -> Vec<u8> {
    let Some(trio) = &solo.trio else {
        return Vec::new();
    };
    if trio.last_roll.is_none() {
        return Vec::new();
    }
    [ANSWERED, STARTER]
        .into_iter()
        .filter(|s| !trio.vetoed.contains(s))
        .collect()
}

/// Remembers a roll about to be decided, for a veto.
pub fn rolled(solo: &mut Solo, roll: Step) {
    let queued = solo.pending.len();
    if let Some(trio) = solo.trio.as_mut() {
        trio.last_roll = Some((roll, queued));
    }
}

/// The game is over: the end triggered, every last turn played, no reaction left.
pub fn finished(solo: &Solo) -> bool {
    match &solo.trio {
        Some(trio) => solo.ended_by.is_some() && trio.last_turns.is_empty() && solo.pending.is_empty(),
        None => false,
    }
}

/// Every seat's total: the gods for all three, Contrarius's track points added.
pub fn totals(solo: &Solo) -> [u32; 3] {
    let base = |seat| scoring::score(&solo.base, seat).total();
    [base(0), solo.points + base(CONTRARIUS), base(2)]
}

/// The highest total wins; among equals the Concordia card's holder, then the Praefectus
/// Magnus's holder, then the other human, Contrarius last.
pub fn outcome(solo: &Solo) -> Outcome {
    let totals = totals(solo);
    let best = totals.iter().copied().max().unwrap_or(0);
    let rank = |seat: u8| {
        let p = &solo.base.players[usize::from(seat)];
        (p.concordia, solo.base.magnus == seat, seat != CONTRARIUS)
    };
    let winner = (0..3u8)
        .filter(|s| totals[usize::from(*s)] == best)
        .max_by_key(|s| rank(*s))
        .unwrap_or(ANSWERED);
    Outcome::win(
        winner,
        format!(
            "final scores p1 {}, Contrarius {}, p3 {}",
            totals[0], totals[1], totals[2]
        ),
    )
}

/// Which of the two outcomes applies.
pub fn any_outcome(solo: &Solo) -> Outcome {
    if solo.trio.is_some() {
        outcome(solo)
    } else {
        end::outcome(solo)
    }
}
