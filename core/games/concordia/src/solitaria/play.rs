//! The player's turn in Solitaria: a card from the hand, its action by the base game's rules
//! (the Prefect with Praefectus Magnus doubling the bonus, the Diplomat copying a face-up card
//! of Contrarius and turning it down), then the reaction it calls for and the game end.

use super::builds::CONTRARIUS;
use super::reaction;
use super::state::Solo;
use crate::cards::{self, CardId, Kind};
use crate::goods::Goods;
use crate::notation::Action;
use crate::turn;
use kifu_core::rules::RuleError;

/// The player plays `card`; for a Diplomat, `copied` is Contrarius's face-up card it copies.
pub fn play(solo: &mut Solo, card: CardId, copied: Option<CardId>, action: &Action) -> Result<(), RuleError> {
    if !solo.pending.is_empty() {
        kifu_core::refuse!("Contrarius's reaction comes first");
    }
    let base = &mut solo.base;
    let Some(at) = base.players[0].hand.iter().position(|c| *c == card) else {
        kifu_core::refuse!("p1 does not hold a {}", cards::get(card).name);
    };
    let acting = match copied {
        None if cards::get(card).kind == Kind::Diplomat => {
            kifu_core::refuse!("a Diplomat copies one of Contrarius's face-up cards (diplomat KIND ...)")
        }
        None => card,
        Some(c) => {
            let me = &mut base.players[usize::from(CONTRARIUS)];
            let Some(at) = me.hand.iter().position(|h| *h == c) else {
                kifu_core::refuse!("Contrarius has no face-up {} to copy", cards::get(c).name);
            };
            if cards::get(c).kind == Kind::Diplomat {
                kifu_core::refuse!("a Diplomat may not copy a Diplomat");
            }
            me.hand.remove(at);
            me.discard.push(c);
            c
        }
    };
    base.players[0].hand.remove(at);
    base.players[0].discard.push(card);
    base.magnus = if card == solo.magnus_card { 0 } else { CONTRARIUS };
    let triggered = turn::act(base, 0, acting, action)?;
    let me = &mut base.players[usize::from(CONTRARIUS)];
    me.goods = Goods::default();
    me.coins = 0;
    if solo.ended_by == Some(CONTRARIUS) {
        solo.base.over = Some(super::end::outcome(solo));
        return Ok(());
    }
    if triggered && solo.ended_by.is_none() {
        solo.ended_by = Some(0);
        solo.base.players[0].concordia = true;
    }
    solo.pending = reaction::steps_for(solo, cards::get(acting).kind, action, card == solo.magnus_card);
    reaction::settle(solo);
    Ok(())
}
