//! The commands offered as legal in a position: every chance outcome, and for the player a
//! list of plays that each apply (complete for most cards; a sample for the Architect,
//! Mercator, Colonist and Senator, whose combinations are too many to list). Never a rule.

use crate::actions::{Move, Trade};
use crate::cards::{self, CardId, Kind};
use crate::goods::Good;
use crate::map::RouteKind;
use crate::market::Purchase;
use crate::notation::{Action, Command};
use crate::state::State;

/// The actions a card of `kind` might do for `seat`, unchecked (`diplomat`: copying already).
pub(crate) fn candidates(state: &State, seat: u8, kind: Kind, diplomat: bool) -> Vec<Action> {
    let board = state.board();
    let p = &state.players[usize::from(seat)];
    let mut list = Vec::new();
    match kind {
        Kind::Tribune => {
            list.push(Action::Tribune(None));
            list.push(Action::Tribune(Some(RouteKind::Land)));
            list.push(Action::Tribune(Some(RouteKind::Sea)));
        }
        Kind::Architect => {
            let builds: Vec<usize> = (0..board.cities.len()).collect();
            list.extend(builds.iter().map(|c| Action::Architect {
                moves: Vec::new(),
                builds: vec![*c],
            }));
            let points = p.colonists.len() as u32;
            for c in &p.colonists {
                for to in 0..board.routes.len() {
                    let Some(d) = board.distance(c.kind, c.at, to) else {
                        continue;
                    };
                    if d == 0 || d > points || state.route_taken(to) {
                        continue;
                    }
                    let m = Move {
                        kind: c.kind,
                        from: c.at,
                        to,
                    };
                    let r = &board.routes[to];
                    for b in [None, Some(r.a), Some(r.b)] {
                        list.push(Action::Architect {
                            moves: vec![m.clone()],
                            builds: b.into_iter().collect(),
                        });
                    }
                }
            }
        }
        Kind::Prefect => {
            list.extend((0..board.provinces.len()).map(|p| Action::Produce(p, Vec::new())));
            list.push(Action::PrefectCash);
        }
        Kind::Mercator => {
            list.push(Action::Mercator(Vec::new()));
            for good in Good::ALL {
                let have = p.goods.count(good);
                if have > 0 {
                    list.push(Action::Mercator(vec![trade(true, good, have)]));
                }
                for n in [1, 2] {
                    list.push(Action::Mercator(vec![trade(false, good, n)]));
                }
                for other in Good::ALL.iter().filter(|o| **o != good && p.goods.count(**o) > 0) {
                    let sell = trade(true, *other, p.goods.count(*other));
                    list.push(Action::Mercator(vec![sell, trade(false, good, 1)]));
                }
            }
        }
        Kind::Colonist => {
            list.push(Action::ColonistCash);
            let mut cities: Vec<usize> = state.cities_of(seat).collect();
            cities.push(board.capital);
            for c in cities {
                for k in [RouteKind::Land, RouteKind::Sea] {
                    list.push(Action::Colonists(vec![(k, c)]));
                }
            }
        }
        Kind::Diplomat => {
            if diplomat {
                return list;
            }
            for from in 0..state.seats() {
                let Some(top) = state.players[usize::from(from)].discard.last() else {
                    continue;
                };
                let copied = cards::get(*top).kind;
                if from == seat || copied == Kind::Diplomat {
                    continue;
                }
                for a in candidates(state, seat, copied, true) {
                    list.push(Action::Diplomat {
                        from,
                        action: Box::new(a),
                    });
                }
            }
        }
        Kind::Senator | Kind::Consul => {
            list.push(Action::Buy(Vec::new()));
            for slot in 0..state.display.len() {
                let any = if kind == Kind::Senator {
                    cards::surcharge(slot).any
                } else {
                    0
                };
                for good in Good::ALL {
                    let purchase = Purchase {
                        slot,
                        any: vec![good; any as usize],
                    };
                    list.push(Action::Buy(vec![purchase]));
                    if any == 0 {
                        break;
                    }
                }
            }
        }
        Kind::Specialist(_) => list.push(Action::Specialist(Vec::new())),
    }
    list
}

fn trade(sell: bool, good: Good, count: u32) -> Trade {
    Trade { sell, good, count }
}

/// Every chance outcome due now, or the plays offered to the player to move.
pub fn legal(state: &State) -> Vec<Command> {
    if state.over.is_some() {
        return Vec::new();
    }
    if !state.dealt {
        // The deal is listed as one example outcome: the goods laid in tile order.
        let board = state.board();
        let mut piles = board.tiles.clone();
        let goods = (0..board.cities.len())
            .filter(|c| *c != board.capital)
            .filter_map(|c| {
                let letter = board.cities[c].letter?;
                piles.iter_mut().find(|(l, _)| *l == letter)?.1.pop()
            })
            .collect();
        return vec![Command::Cities(goods)];
    }
    if state.draw_due() {
        let mut ids: Vec<CardId> = state.drawing_deck().map(|d| state.decks[d].clone()).unwrap_or_default();
        ids.sort_unstable();
        ids.dedup();
        return ids.into_iter().map(Command::Draw).collect();
    }
    let seat = state.current;
    let mut kinds: Vec<CardId> = state.players[usize::from(seat)].hand.clone();
    kinds.sort_unstable();
    kinds.dedup();
    let mut list = Vec::new();
    for card in kinds {
        for action in candidates(state, seat, cards::get(card).kind, false) {
            let mut trial = state.clone();
            if crate::turn::play(&mut trial, seat, card, &action).is_ok() {
                list.push(Command::Play { card, action });
            }
        }
    }
    list
}
