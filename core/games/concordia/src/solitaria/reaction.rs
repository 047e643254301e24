//! Contrarius's reactions: the steps a played card calls for, their fallbacks (seed 003's
//! supplementary rules), the one entry Contrarius must make now, and doing it. An entry that
//! is not what the dice and the rules require is refused; nothing here reads a command's text.

use super::builds::{self, CONTRARIUS};
use super::dice::{Die, Face};
use super::state::{Solo, Step};
use crate::actions::Move;
use crate::cards::Kind;
use crate::goods::Goods;
use crate::map::RouteKind;
use crate::notation::Action;
use crate::state::{Colonist, Place};
use kifu_core::rules::RuleError;

/// What Contrarius does in one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reaction {
    Score(u32),
    Build {
        city: usize,
        mv: Option<Move>,
    },
    Colonist(RouteKind),
    /// The card at this display slot (0-based).
    Take(usize),
}

/// The reaction steps to the player's card of `kind` doing `action` (`magnus`: the Prefect
/// with Praefectus Magnus).
pub fn steps_for(solo: &Solo, kind: Kind, action: &Action, magnus: bool) -> Vec<Step> {
    let roll = |die, produce| Step::Roll {
        die,
        produce,
        fallback: false,
    };
    match (kind, action) {
        (Kind::Prefect, Action::Produce(p, _)) => {
            let board = solo.base.board();
            let houses = solo
                .base
                .cities_of(CONTRARIUS)
                .filter(|c| board.cities[*c].province == Some(*p))
                .count() as u32;
            vec![Step::Score(houses.max(if magnus { 2 } else { 1 }))]
        }
        (Kind::Prefect, _) | (Kind::Colonist, Action::ColonistCash) => vec![Step::Score(2)],
        (Kind::Mercator, _) => vec![roll(Die::Mercator, true)],
        (Kind::Architect, _) => vec![roll(Die::Architect, false)],
        (Kind::Senator | Kind::Consul, _) => vec![roll(Die::Senator, false)],
        (Kind::Tribune, _) => vec![
            Step::Build {
                good: builds::best_specialist(&solo.base),
                produce: false,
                fallback: false,
            },
            roll(Die::Tribune, false),
        ],
        (Kind::Colonist, _) => vec![roll(Die::Tribune, false)],
        (Kind::Specialist(_), _) => vec![Step::Score(3)],
        (Kind::Diplomat, _) => Vec::new(),
    }
}

/// The die due now, if the first step waits for one.
pub fn die_due(solo: &Solo) -> Option<Die> {
    match solo.pending.first() {
        Some(Step::Roll { die, .. }) if !solo.base.draw_due() => Some(*die),
        _ => None,
    }
}

/// Turns the rolled die into the step it decides.
pub fn roll(solo: &mut Solo, die: Die, face: Face) -> Result<(), RuleError> {
    let Some(Step::Roll { produce, fallback, .. }) = solo.pending.first().copied() else {
        kifu_core::refuse!("no die is due now");
    };
    let step = solo.pending[0];
    super::trio::rolled(solo, step);
    let build = |good| Step::Build {
        good,
        produce,
        fallback,
    };
    solo.pending[0] = match (die, face) {
        (_, Face::Good(g)) => build(g),
        (_, Face::S) => build(builds::best_specialist(&solo.base)),
        (_, Face::Slot(n)) => Step::Take {
            slot: usize::from(n.saturating_sub(1)),
            fallback,
        },
        (_, Face::Land) => Step::Colonist {
            kind: RouteKind::Land,
            fallback,
        },
        (_, Face::Sea) => Step::Colonist {
            kind: RouteKind::Sea,
            fallback,
        },
        (_, Face::Card) => Step::Take { slot: 0, fallback },
    };
    settle(solo);
    Ok(())
}

fn houses(solo: &Solo) -> u32 {
    solo.base.players[usize::from(CONTRARIUS)].houses_left + solo.track.len() as u32
}

/// Applies the fallbacks to the first step until it is one Contrarius can do (or a roll),
/// gives Contrarius its set-up specialist once the display is first full, and ends a game
/// the player ended once the last reaction is done.
pub fn settle(solo: &mut Solo) {
    loop {
        let solo_done = solo.trio.is_none() && solo.pending.is_empty() && solo.ended_by == Some(0);
        if solo.base.over.is_none() && (solo_done || super::trio::finished(solo)) {
            solo.base.over = Some(super::trio::any_outcome(solo));
        }
        if solo.base.over.is_some() || !solo.base.dealt || solo.base.draw_due() {
            return;
        }
        if !solo.specialist_taken {
            solo.specialist_taken = true;
            let first = solo
                .base
                .display
                .iter()
                .position(|c| matches!(crate::cards::get(*c).kind, Kind::Specialist(_)));
            if let Some(at) = first {
                let card = solo.base.display.remove(at);
                solo.base.players[usize::from(CONTRARIUS)].hand.push(card);
            }
            continue;
        }
        let Some(step) = solo.pending.first().copied() else {
            return;
        };
        let replacement = match step {
            Step::Build { good, fallback, .. } if builds::choose(&solo.base, good, houses(solo)).is_none() => {
                (!fallback).then_some(Step::Roll {
                    die: Die::Tribune,
                    produce: false,
                    fallback: true,
                })
            }
            Step::Colonist { kind, fallback } if builds::colonist_kind(&solo.base, kind).is_none() => {
                Some(Step::Take { slot: 0, fallback })
            }
            Step::Take { fallback, .. } if solo.base.display.is_empty() => (!fallback).then_some(Step::Roll {
                die: Die::Senator,
                produce: false,
                fallback: true,
            }),
            _ => return,
        };
        match replacement {
            Some(s) => solo.pending[0] = s,
            None => {
                solo.pending.remove(0);
            }
        }
    }
}

/// The entry Contrarius must make now, if it is Contrarius's turn.
pub fn expected(solo: &Solo) -> Option<Reaction> {
    if solo.base.over.is_some() || solo.base.draw_due() {
        return None;
    }
    match solo.pending.first()? {
        Step::Roll { .. } => None,
        Step::Score(n) => Some(Reaction::Score(*n)),
        Step::Build { good, .. } => {
            let target = builds::choose(&solo.base, *good, houses(solo))?;
            Some(Reaction::Build {
                city: target.city,
                mv: target.mv,
            })
        }
        Step::Colonist { kind, .. } => builds::colonist_kind(&solo.base, *kind).map(Reaction::Colonist),
        Step::Take { slot, .. } => {
            let slot = if *slot < solo.base.display.len() { *slot } else { 0 };
            Some(Reaction::Take(slot))
        }
    }
}

/// Production in `province` for the player's houses (both humans' in the three-player
/// game), caused by Contrarius building there after a Mercator; if it has produced already,
/// every tile turns back when three or more show coins.
fn activate(solo: &mut Solo, province: usize) -> Result<(), RuleError> {
    let humans: &[u8] = if solo.trio.is_some() { &[0, 2] } else { &[0] };
    let base = &mut solo.base;
    if !base.coin_side[province] {
        base.coin_side[province] = true;
        for seat in humans {
            let mut gains = Goods::default();
            for city in &base.board().provinces[province].cities {
                if let (Some(good), true) = (base.city_goods[*city], base.houses[*city].contains(seat)) {
                    gains.add(good, 1);
                }
            }
            crate::actions::gain(base, *seat, &gains, &Vec::new())?;
        }
    } else if base.coin_side.iter().filter(|c| **c).count() >= 3 {
        base.coin_side.iter_mut().for_each(|c| *c = false);
    }
    Ok(())
}

/// Does Contrarius's entry, which must be `expected`.
pub fn react(solo: &mut Solo, given: &Reaction) -> Result<(), RuleError> {
    let Some(due) = expected(solo) else {
        kifu_core::refuse!("Contrarius has nothing to do now");
    };
    if *given != due {
        kifu_core::refuse!(
            "Contrarius must {}, not {}",
            super::notation::reaction_words(&solo.base, &due),
            super::notation::reaction_words(&solo.base, given)
        );
    }
    let step = solo.pending.remove(0);
    if let Some(trio) = solo.trio.as_mut() {
        trio.last_roll = None;
    }
    let me = usize::from(CONTRARIUS);
    match due {
        Reaction::Score(n) => {
            solo.points += n;
            let passed: Vec<u32> = solo.track.iter().copied().filter(|t| *t <= solo.points).collect();
            solo.track.retain(|t| *t > solo.points);
            for _ in &passed {
                solo.base.players[me].houses_left += 1;
                solo.pending.insert(
                    0,
                    Step::Roll {
                        die: Die::Mercator,
                        produce: false,
                        fallback: false,
                    },
                );
            }
        }
        Reaction::Build { city, mv } => {
            let player = &mut solo.base.players[me];
            if let Some(m) = mv {
                if let Some(c) = player.colonists.iter_mut().find(|c| c.kind == m.kind && c.at == m.from) {
                    c.at = Place::Route(m.to);
                }
            }
            if player.houses_left == 0 {
                // The expert track's last house comes into the supply.
                if solo.track.pop().is_some() {
                    player.houses_left += 1;
                }
            }
            player.houses_left -= 1;
            solo.base.houses[city].push(CONTRARIUS);
            if let (Step::Build { produce: true, .. }, Some(p)) = (step, solo.base.board().cities[city].province) {
                activate(solo, p)?;
            }
        }
        Reaction::Colonist(kind) => {
            let capital = solo.base.board().capital;
            let player = &mut solo.base.players[me];
            player.stored[if kind == RouteKind::Land { 0 } else { 1 }] -= 1;
            player.colonists.push(Colonist {
                kind,
                at: Place::City(capital),
            });
        }
        Reaction::Take(slot) => {
            let card = solo.base.display.remove(slot);
            solo.base.players[me].hand.push(card);
        }
    }
    let all_built = solo.base.players[me].houses_left == 0 && solo.track.is_empty();
    let market_empty = solo.base.display.is_empty() && solo.base.decks.iter().all(|d| d.is_empty());
    if solo.ended_by.is_none() && (all_built || market_empty) {
        solo.ended_by = Some(CONTRARIUS);
        solo.base.players[me].concordia = true;
        solo.pending.clear();
        super::trio::contrarius_ended(solo);
    }
    settle(solo);
    Ok(())
}
