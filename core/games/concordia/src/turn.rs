//! One turn of Concordia: the card leaves the hand for the discard pile, its action is done,
//! then the game end (last card bought, 15th house) and the next player. It never reads a
//! command's text: the notation hands it parsed actions.

use crate::actions;
use crate::cards::{self, CardId, Kind};
use crate::market;
use crate::notation::Action;
use crate::scoring;
use crate::state::{seat_name, State};
use kifu_core::rules::RuleError;

/// Does `action` as the card `card` would (a Diplomat hands in the copied card).
/// Returns whether the game's end was triggered.
pub fn act(state: &mut State, seat: u8, card: CardId, action: &Action) -> Result<bool, RuleError> {
    let kind = cards::get(card).kind;
    let fits = matches!(
        (kind, action),
        (Kind::Tribune, Action::Tribune(_))
            | (Kind::Architect, Action::Architect { .. })
            | (Kind::Prefect, Action::Produce(..) | Action::PrefectCash)
            | (Kind::Mercator, Action::Mercator(_))
            | (Kind::Colonist, Action::Colonists(_) | Action::ColonistCash)
            | (Kind::Diplomat, Action::Diplomat { .. })
            | (Kind::Senator | Kind::Consul, Action::Buy(_))
            | (Kind::Specialist(_), Action::Specialist(_))
    );
    if !fits {
        kifu_core::refuse!("a {} cannot do that", cards::get(card).name);
    }
    let mut ended = false;
    match action {
        Action::Tribune(colonist) => actions::tribune(state, seat, *colonist)?,
        Action::Architect { moves, builds } => actions::architect(state, seat, moves, builds)?,
        Action::Produce(p, keep) => actions::produce(state, seat, *p, keep)?,
        Action::PrefectCash => actions::prefect_cash(state, seat)?,
        Action::Mercator(trades) => actions::mercator(state, seat, cards::get(card).coins, trades)?,
        Action::Colonists(list) => {
            for (kind, city) in list {
                actions::place_colonist(state, seat, *kind, *city)?;
            }
        }
        Action::ColonistCash => actions::colonist_cash(state, seat)?,
        Action::Diplomat { from, action } => {
            let Some(top) = state.player(*from)?.discard.last().copied() else {
                kifu_core::refuse!("{} has no played card to copy", seat_name(*from));
            };
            if *from == seat || cards::get(top).kind == Kind::Diplomat {
                kifu_core::refuse!("a Diplomat copies another player's top card, never a Diplomat");
            }
            ended = act(state, seat, top, action)?;
        }
        Action::Buy(list) => ended = market::buy(state, seat, list, kind == Kind::Senator)?,
        Action::Specialist(keep) => {
            if let Kind::Specialist(good) = kind {
                actions::specialist(state, seat, good, keep)?;
            }
        }
    }
    Ok(ended || state.player(seat)?.houses_left == 0)
}

/// Plays `card` from `seat`'s hand, then ends the turn.
pub fn play(state: &mut State, seat: u8, card: CardId, action: &Action) -> Result<(), RuleError> {
    let player = state.player_mut(seat)?;
    let Some(at) = player.hand.iter().position(|c| *c == card) else {
        kifu_core::refuse!("{} does not hold a {}", seat_name(seat), cards::get(card).name);
    };
    player.hand.remove(at);
    player.discard.push(card);
    let triggered = act(state, seat, card, action)?;
    end_turn(state, seat, triggered);
    Ok(())
}

fn end_turn(state: &mut State, seat: u8, triggered: bool) {
    let seats = state.seats();
    if state.ended_by.is_some() {
        state.final_turns = state.final_turns.saturating_sub(1);
    } else if triggered {
        state.ended_by = Some(seat);
        state.players[usize::from(seat)].concordia = true;
        state.final_turns = u32::from(seats) - 1;
    }
    if state.ended_by.is_some() && state.final_turns == 0 {
        state.over = Some(scoring::outcome(state));
    }
    state.current = (seat + 1) % seats;
}
