//! Where Contrarius builds (seed 003, "Contrarius는 어디에 건설하는가?"): the city for a good,
//! the fallback through the goods, and the colonist move that reaches it. Pure queries: it
//! never changes the position.

use crate::actions::Move;
use crate::goods::Good;
use crate::map::RouteKind;
use crate::state::{Place, State};

pub const CONTRARIUS: u8 = 1;

/// A house Contrarius must build: the city and the move of one colonist onto a free route
/// next to it (None when a colonist already stands next to it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub city: usize,
    pub good: Good,
    pub mv: Option<Move>,
}

/// The goods tried in turn from `good`: cloth > wine > tool > food > brick, then cloth again.
pub fn goods_from(good: Good) -> Vec<Good> {
    let order = [Good::Cloth, Good::Wine, Good::Tool, Good::Food, Good::Brick];
    let at = order.iter().position(|g| *g == good).unwrap_or(0);
    (0..5).map(|k| order[(at + k) % 5]).collect()
}

/// The shortest way for one of Contrarius's colonists to stand next to `city`: (steps, move).
/// Ties: the colonist listed first, then the lowest route id.
fn reach(state: &State, city: usize) -> Option<(u32, Option<Move>)> {
    let board = state.board();
    let me = &state.players[usize::from(CONTRARIUS)];
    if me
        .colonists
        .iter()
        .any(|c| matches!(c.at, Place::Route(r) if board.touches(r, city)))
    {
        return Some((0, None));
    }
    let budget = me.colonists.len() as u32;
    let mut best: Option<(u32, Move)> = None;
    for colonist in &me.colonists {
        for route in board.routes_of(city, colonist.kind) {
            if state.route_taken(route) {
                continue;
            }
            let Some(steps) = board.distance(colonist.kind, colonist.at, route) else {
                continue;
            };
            if steps <= budget && best.as_ref().is_none_or(|(s, _)| steps < *s) {
                let mv = Move {
                    kind: colonist.kind,
                    from: colonist.at,
                    to: route,
                };
                best = Some((steps, mv));
            }
        }
    }
    best.map(|(s, m)| (s, Some(m)))
}

/// The city of `good` Contrarius builds in, by rules 1-4, if any.
fn city_for(state: &State, good: Good) -> Option<Target> {
    let board = state.board();
    let me = CONTRARIUS;
    let mut options: Vec<(usize, Option<Move>)> = (0..board.cities.len())
        .filter(|c| state.city_goods[*c] == Some(good) && !state.houses[*c].contains(&me))
        .filter_map(|c| reach(state, c).map(|(_, mv)| (c, mv)))
        .collect();
    if options.iter().any(|(c, _)| state.houses[*c].is_empty()) {
        options.retain(|(c, _)| state.houses[*c].is_empty());
    }
    let own_provinces: Vec<Option<usize>> = state.cities_of(me).map(|c| board.cities[c].province).collect();
    let is_new = |c: &usize| !own_provinces.contains(&board.cities[*c].province);
    if options.iter().any(|(c, _)| is_new(c)) {
        options.retain(|(c, _)| is_new(c));
    }
    options.sort_by(|a, b| board.cities[a.0].name.cmp(&board.cities[b.0].name));
    options.into_iter().next().map(|(city, mv)| Target { city, good, mv })
}

/// Where Contrarius builds for the good `good`, trying the next goods in turn; None if it
/// has no house left or no city of any good is open to it.
pub fn choose(state: &State, good: Good, houses: u32) -> Option<Target> {
    if houses == 0 {
        return None;
    }
    goods_from(good).into_iter().find_map(|g| city_for(state, g))
}

/// The good of Contrarius's best specialist (Weaver > Vintner > Smith > Farmer > Mason);
/// cloth if it holds none (a reading).
pub fn best_specialist(state: &State) -> Good {
    let me = &state.players[usize::from(CONTRARIUS)];
    me.cards()
        .filter_map(|id| match crate::cards::get(id).kind {
            crate::cards::Kind::Specialist(g) => Some(g),
            _ => None,
        })
        .max()
        .unwrap_or(Good::Cloth)
}

/// The kind of colonist Contrarius places: the die's kind, the other if none is left.
pub fn colonist_kind(state: &State, wanted: RouteKind) -> Option<RouteKind> {
    let stored = state.players[usize::from(CONTRARIUS)].stored;
    let index = |k: RouteKind| if k == RouteKind::Land { 0 } else { 1 };
    let other = if wanted == RouteKind::Land {
        RouteKind::Sea
    } else {
        RouteKind::Land
    };
    [wanted, other].into_iter().find(|k| stored[index(*k)] > 0)
}
