//! The commands offered as legal in a position: every chance outcome, and for the player a
//! list of plays that each apply: exact for every card but the Architect and the Colonist
//! (samples: their combinations grow exponentially) and the storehouse choice (only the
//! default is listed). Never a rule.

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
            // Every trade that might apply alone, then every ordered pair in two goods.
            // An upper bound of the coins a buy may use: a bought Mercator's 5 and every good sold.
            let cash = p.coins + 5 + p.goods.value();
            let mut single = Vec::new();
            for good in Good::ALL {
                single.extend((1..=p.goods.count(good)).map(|n| trade(true, good, n)));
                let most = (cash / good.price()).min(crate::goods::STOREHOUSE_SLOTS);
                single.extend((1..=most).map(|n| trade(false, good, n)));
            }
            list.push(Action::Mercator(Vec::new()));
            for first in &single {
                list.push(Action::Mercator(vec![*first]));
                for second in single.iter().filter(|t| t.good != first.good) {
                    list.push(Action::Mercator(vec![*first, *second]));
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
            // No card, one card, or (Senator) two cards in either order, each with every
            // choice of its surcharge's free goods.
            let choices = |slot: usize| -> Vec<Purchase> {
                let any = if kind == Kind::Senator {
                    cards::surcharge(slot).any
                } else {
                    0
                };
                any_goods(any).into_iter().map(|any| Purchase { slot, any }).collect()
            };
            list.push(Action::Buy(Vec::new()));
            for slot in 0..state.display.len() {
                for first in choices(slot) {
                    list.push(Action::Buy(vec![first.clone()]));
                    if kind == Kind::Consul {
                        continue;
                    }
                    for other in (0..state.display.len()).filter(|o| *o != slot) {
                        for second in choices(other) {
                            list.push(Action::Buy(vec![first.clone(), second]));
                        }
                    }
                }
            }
        }
        Kind::Specialist(_) => list.push(Action::Specialist(Vec::new())),
    }
    list
}

/// Every choice of `any` goods of the buyer's choice, as the notation writes them (in the
/// order of `Good::ALL`).
fn any_goods(any: u32) -> Vec<Vec<Good>> {
    let mut choices = vec![Vec::new()];
    for _ in 0..any {
        choices = choices
            .into_iter()
            .flat_map(|chosen: Vec<Good>| {
                let from = chosen.last().map_or(0, |g| g.index());
                Good::ALL[from..].iter().map(move |g| {
                    let mut next = chosen.clone();
                    next.push(*g);
                    next
                })
            })
            .collect();
    }
    choices
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
