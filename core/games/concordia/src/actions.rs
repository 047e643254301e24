//! What each personality card does to the state, checked against the rules of seed 001:
//! Tribune, Architect (moves and houses), Prefect, Mercator, Colonist and the specialists.
//! It never decides whose turn it is nor draws a card: the turn and market modules do.

use crate::goods::{self, Good, Goods};
use crate::map::RouteKind;
use crate::state::{seat_name, Colonist, Place, State};
use kifu_core::rules::RuleError;

/// A colonist's move with the Architect: the colonist of `kind` standing at `from` ends on
/// route `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub kind: RouteKind,
    pub from: Place,
    pub to: usize,
}

/// One trade with the bank under a Mercator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trade {
    pub sell: bool,
    pub good: Good,
    pub count: u32,
}

/// The coins a house costs before the multiplier: 1 brick, 2 food, 3 tool, 4 wine, 5 cloth.
pub fn house_coins(good: Good) -> u32 {
    good.index() as u32 + 1
}

/// The goods a house costs: food in a brick city, else a brick and the city's good.
pub fn house_goods(good: Good) -> Vec<Good> {
    if good == Good::Brick {
        vec![Good::Food]
    } else {
        vec![Good::Brick, good]
    }
}

fn pay_goods(goods: &mut Goods, cost: &[Good], who: &str) -> Result<(), RuleError> {
    let mut need = Goods::default();
    cost.iter().for_each(|g| need.add(*g, 1));
    for good in Good::ALL {
        if goods.count(good) < need.count(good) {
            kifu_core::refuse!(
                "{who} has {} {} and needs {}",
                goods.count(good),
                good.name(),
                need.count(good)
            );
        }
    }
    for good in Good::ALL {
        goods.take(good, need.count(good), who)?;
    }
    Ok(())
}

pub fn pay(state: &mut State, seat: u8, cost: &[Good]) -> Result<(), RuleError> {
    let who = seat_name(seat);
    pay_goods(&mut state.player_mut(seat)?.goods, cost, &who)
}

fn pay_coins(state: &mut State, seat: u8, coins: u32) -> Result<(), RuleError> {
    let player = state.player_mut(seat)?;
    if player.coins < coins {
        kifu_core::refuse!("{} has {} sestertii and needs {coins}", seat_name(seat), player.coins);
    }
    player.coins -= coins;
    Ok(())
}

/// What each seat keeps of goods that do not all fit its storehouse, as the entry records it:
/// at most one choice per seat (`keep p1:cloth,wine p3:tool`).
pub type Keep = Vec<(u8, Goods)>;

/// Puts goods into a seat's storehouse up to its free slots, the seat's choice in `keep`
/// deciding what stays when they do not all fit (see `goods::store`).
pub fn gain(state: &mut State, seat: u8, gains: &Goods, keep: &Keep) -> Result<(), RuleError> {
    let who = seat_name(seat);
    let kept = keep.iter().find(|(s, _)| *s == seat).map(|(_, g)| g);
    let player = state.player_mut(seat)?;
    let room = player.room();
    goods::store(&mut player.goods, room, gains, kept, &who)
}

/// Refuses a choice for a seat that gains nothing in this action.
fn keep_only_for(keep: &Keep, gainers: &[u8]) -> Result<(), RuleError> {
    for (seat, _) in keep {
        if !gainers.contains(seat) {
            kifu_core::refuse!("keep {}: that seat gains no goods here", seat_name(*seat));
        }
    }
    Ok(())
}

fn kind_index(kind: RouteKind) -> usize {
    match kind {
        RouteKind::Land => 0,
        RouteKind::Sea => 1,
    }
}

/// Takes a colonist of `kind` from the storehouse for a food and a tool and sets it in `city`.
pub fn place_colonist(state: &mut State, seat: u8, kind: RouteKind, city: usize) -> Result<(), RuleError> {
    let board = state.board();
    let who = seat_name(seat);
    let Some(target) = board.cities.get(city) else {
        kifu_core::refuse!("there is no city {city}");
    };
    if city != board.capital && !state.houses[city].contains(&seat) {
        kifu_core::refuse!(
            "{who} has no house in {}: a new colonist goes to Roma or a city with one",
            target.code
        );
    }
    if state.player(seat)?.stored[kind_index(kind)] == 0 {
        let word = if kind == RouteKind::Land { "land" } else { "sea" };
        kifu_core::refuse!("{who} has no {word} colonist left in the storehouse");
    }
    pay(state, seat, &[Good::Food, Good::Tool])?;
    let player = state.player_mut(seat)?;
    player.stored[kind_index(kind)] -= 1;
    player.colonists.push(Colonist {
        kind,
        at: Place::City(city),
    });
    Ok(())
}

/// Tribune: every played card back to hand, a sestertius per card over three (the Tribune
/// counted), then at most one new colonist in Roma for a food and a tool.
pub fn tribune(state: &mut State, seat: u8, colonist: Option<RouteKind>) -> Result<(), RuleError> {
    let player = state.player_mut(seat)?;
    let played = player.discard.len() as u32;
    player.coins += played.saturating_sub(3);
    let back = std::mem::take(&mut player.discard);
    player.hand.extend(back);
    if state.interim && state.player(seat)?.interim.is_none() {
        crate::scoring::interim(state, seat);
    }
    if let Some(kind) = colonist {
        let capital = state.board().capital;
        place_colonist(state, seat, kind, capital)?;
    }
    Ok(())
}

/// Architect: moves colonists (steps at most the number of own colonists on the board, no
/// two colonists ending on one route), then builds houses in cities next to own colonists.
pub fn architect(state: &mut State, seat: u8, moves: &[Move], builds: &[usize]) -> Result<(), RuleError> {
    let board = state.board();
    let who = seat_name(seat);
    let points = state.player(seat)?.colonists.len() as u32;
    let mut moved = vec![false; points as usize];
    let mut used = 0;
    for m in moves {
        let player = state.player(seat)?;
        let Some(i) = (0..player.colonists.len())
            .find(|i| !moved[*i] && player.colonists[*i].kind == m.kind && player.colonists[*i].at == m.from)
        else {
            kifu_core::refuse!(
                "{who} has no {} colonist to move at {}",
                m.kind.letter(),
                place_name(state, m.from)
            );
        };
        let Some(steps) = board.distance(m.kind, m.from, m.to) else {
            kifu_core::refuse!(
                "a {} colonist at {} cannot reach route r{}",
                m.kind.letter(),
                place_name(state, m.from),
                m.to
            );
        };
        used += steps;
        moved[i] = true;
        state.player_mut(seat)?.colonists[i].at = Place::Route(m.to);
    }
    if used > points {
        kifu_core::refuse!("those moves take {used} steps and {who} has {points} (one per colonist on the board)");
    }
    for m in moves {
        let on: usize = state
            .players
            .iter()
            .map(|p| p.colonists.iter().filter(|c| c.at == Place::Route(m.to)).count())
            .sum();
        if on > 1 {
            kifu_core::refuse!(
                "route r{} is taken: a colonist may pass another but not stop beside it",
                m.to
            );
        }
    }
    for city in builds {
        build(state, seat, *city)?;
    }
    Ok(())
}

/// The coins and goods a house in `city` costs `seat` now, or why it may not build there.
pub fn house_cost(state: &State, seat: u8, city: usize) -> Result<(u32, Vec<Good>), RuleError> {
    let board = state.board();
    let Some(target) = board.cities.get(city) else {
        kifu_core::refuse!("there is no city {city}");
    };
    let Some(good) = state.city_goods[city] else {
        kifu_core::refuse!("no house may ever stand in {}", target.code);
    };
    let player = state.player(seat)?;
    if state.houses[city].contains(&seat) {
        kifu_core::refuse!("{} already has a house in {}", seat_name(seat), target.code);
    }
    if player.houses_left == 0 {
        kifu_core::refuse!("{} has built all 15 houses", seat_name(seat));
    }
    let next_to = player
        .colonists
        .iter()
        .any(|c| matches!(c.at, Place::Route(r) if board.touches(r, city)));
    if !next_to {
        kifu_core::refuse!("{} has no colonist on a route next to {}", seat_name(seat), target.code);
    }
    let houses = state.houses[city].len() as u32 + 1;
    Ok((house_coins(good) * houses, house_goods(good)))
}

/// Builds one house: the goods, and the city's coins times the houses there with this one.
pub fn build(state: &mut State, seat: u8, city: usize) -> Result<(), RuleError> {
    let (coins, goods) = house_cost(state, seat, city)?;
    pay(state, seat, &goods)?;
    pay_coins(state, seat, coins)?;
    state.houses[city].push(seat);
    state.player_mut(seat)?.houses_left -= 1;
    Ok(())
}

/// Prefect producing in a province: its bonus good to the player (two with the Praefectus
/// Magnus, which then passes to the right), then every house there yields its city's good.
pub fn produce(state: &mut State, seat: u8, province: usize, keep: &Keep) -> Result<(), RuleError> {
    let board = state.board();
    let Some(p) = board.provinces.get(province) else {
        kifu_core::refuse!("there is no province {province}");
    };
    if state.coin_side[province] {
        kifu_core::refuse!("{} has produced already: its bonus tile shows the coin side", p.name);
    }
    state.coin_side[province] = true;
    let mut gains = vec![Goods::default(); state.players.len()];
    if let Some(bonus) = state.bonus_good(province) {
        let n = if state.magnus == seat { 2 } else { 1 };
        gains[usize::from(seat)].add(bonus, n);
    }
    if state.magnus == seat {
        let seats = state.seats();
        state.magnus = (seat + seats - 1) % seats;
    }
    for city in &p.cities {
        if let Some(good) = state.city_goods[*city] {
            for owner in &state.houses[*city] {
                gains[usize::from(*owner)].add(good, 1);
            }
        }
    }
    let gainers: Vec<u8> = (0..state.seats())
        .filter(|s| gains[usize::from(*s)].total() > 0)
        .collect();
    keep_only_for(keep, &gainers)?;
    for (owner, g) in gains.iter().enumerate() {
        gain(state, owner as u8, g, keep)?;
    }
    Ok(())
}

/// Prefect taking coins: the coins on every bonus tile showing them, then all turn back.
pub fn prefect_cash(state: &mut State, seat: u8) -> Result<(), RuleError> {
    let coins: u32 = (0..state.coin_side.len())
        .filter(|p| state.coin_side[*p])
        .filter_map(|p| state.bonus_good(p))
        .map(Good::bonus_coins)
        .sum();
    state.coin_side.iter_mut().for_each(|c| *c = false);
    state.player_mut(seat)?.coins += coins;
    Ok(())
}

/// Mercator: its coins, then up to two kinds of goods sold or bought at the fixed prices.
pub fn mercator(state: &mut State, seat: u8, coins: u32, trades: &[Trade]) -> Result<(), RuleError> {
    if trades.len() > 2 {
        kifu_core::refuse!("a Mercator trades at most two kinds of goods");
    }
    if trades.len() == 2 && trades[0].good == trades[1].good {
        kifu_core::refuse!("the two trades must be in different goods");
    }
    let who = seat_name(seat);
    let player = state.player_mut(seat)?;
    player.coins += coins;
    for t in trades {
        if t.count == 0 {
            kifu_core::refuse!("a trade moves at least one good");
        }
        let price = t.good.price() * t.count;
        if t.sell {
            player.goods.take(t.good, t.count, &who)?;
            player.coins += price;
        } else {
            if player.coins < price {
                kifu_core::refuse!(
                    "{who} has {} sestertii and {} {} cost {price}",
                    player.coins,
                    t.count,
                    t.good.name()
                );
            }
            if player.room() < t.count {
                kifu_core::refuse!(
                    "{who}'s storehouse has room for {} more goods, not {}",
                    player.room(),
                    t.count
                );
            }
            player.coins -= price;
            player.goods.add(t.good, t.count);
        }
    }
    Ok(())
}

/// Colonist taking coins: five plus one per own colonist on the board.
pub fn colonist_cash(state: &mut State, seat: u8) -> Result<(), RuleError> {
    let player = state.player_mut(seat)?;
    player.coins += 5 + player.colonists.len() as u32;
    Ok(())
}

/// A specialist: one good of its kind per own house in a city of that good.
pub fn specialist(state: &mut State, seat: u8, good: Good, keep: &Keep) -> Result<(), RuleError> {
    let n = state
        .cities_of(seat)
        .filter(|c| state.city_goods[*c] == Some(good))
        .count() as u32;
    let mut gains = Goods::default();
    gains.add(good, n);
    keep_only_for(keep, &[seat])?;
    gain(state, seat, &gains, keep)
}

pub fn place_name(state: &State, place: Place) -> String {
    match place {
        Place::City(c) => state.board().cities.get(c).map(|c| c.code.clone()).unwrap_or_default(),
        Place::Route(r) => format!("r{r}"),
    }
}
