//! Single Solitaria rules, each on a position built by hand: where Contrarius builds and how
//! far it reaches, producing, the expert track, the campaign and both game ends.

use super::builds::{self, CONTRARIUS};
use super::dice::Die;
use super::end;
use super::reaction::{self, Reaction};
use super::state::Step;
use super::Solitaria;
use crate::goods::Good;
use crate::map::RouteKind;
use crate::state::Place;
use kifu_core::record::Actor;
use kifu_core::rules::{Rules, Turn};

use super::tests::{all_goods, contrarius, dealt, run};

#[test]
fn contrarius_reaches_only_as_far_as_its_colonist_count() {
    let mut solo = dealt(&[]);
    all_goods(&mut solo, Good::Brick);
    let roma = solo.base.board().capital;
    let far = (0..solo.base.board().cities.len())
        .find(|c| {
            *c != roma
                && solo
                    .base
                    .board()
                    .distance(
                        RouteKind::Land,
                        Place::City(roma),
                        solo.base
                            .board()
                            .routes_of(*c, RouteKind::Land)
                            .first()
                            .copied()
                            .unwrap_or(0),
                    )
                    .is_some_and(|d| d >= 4)
        })
        .expect("a far city");
    solo.base.city_goods[far] = Some(Good::Cloth);
    assert!(builds::choose(&solo.base, Good::Cloth, 15).is_none_or(|t| t.good != Good::Cloth));
}

#[test]
fn an_empty_city_is_preferred_to_one_with_houses() {
    let mut solo = dealt(&[]);
    all_goods(&mut solo, Good::Brick);
    let roma = solo.base.board().capital;
    let near: Vec<usize> = solo
        .base
        .board()
        .routes_of(roma, RouteKind::Land)
        .iter()
        .map(|r| {
            let route = &solo.base.board().routes[*r];
            if route.a == roma {
                route.b
            } else {
                route.a
            }
        })
        .collect();
    let (a, b) = (near[0], near[1]);
    solo.base.city_goods[a] = Some(Good::Food);
    solo.base.city_goods[b] = Some(Good::Food);
    solo.base.houses[a].push(0);
    assert_eq!(builds::choose(&solo.base, Good::Food, 15).unwrap().city, b);
    solo.base.houses[a].clear();
    let first = if solo.base.board().cities[a].name < solo.base.board().cities[b].name {
        a
    } else {
        b
    };
    assert_eq!(
        builds::choose(&solo.base, Good::Food, 15).unwrap().city,
        first,
        "by name"
    );
}

#[test]
fn a_new_province_is_preferred_then_the_name() {
    let mut solo = dealt(&[]);
    all_goods(&mut solo, Good::Brick);
    let board = solo.base.board();
    let roma = board.capital;
    let mut near: Vec<usize> = board.routes_of(roma, RouteKind::Land);
    near.extend(board.routes_of(roma, RouteKind::Sea));
    let near: Vec<usize> = near
        .iter()
        .map(|r| {
            let route = &board.routes[*r];
            if route.a == roma {
                route.b
            } else {
                route.a
            }
        })
        .collect();
    let pair = near
        .iter()
        .flat_map(|a| near.iter().map(move |b| (*a, *b)))
        .find(|(a, b)| {
            board.cities[*a].province != board.cities[*b].province && board.cities[*a].name < board.cities[*b].name
        })
        .expect("two provinces next to Roma");
    let (a, b) = pair;
    solo.base.city_goods[a] = Some(Good::Tool);
    solo.base.city_goods[b] = Some(Good::Tool);
    assert_eq!(builds::choose(&solo.base, Good::Tool, 15).unwrap().city, a);
    let other = board.provinces[board.cities[a].province.unwrap()]
        .cities
        .iter()
        .copied()
        .find(|c| *c != a)
        .unwrap();
    solo.base.houses[other].push(CONTRARIUS);
    assert_eq!(
        builds::choose(&solo.base, Good::Tool, 15).unwrap().city,
        b,
        "a's province is not new"
    );
}

#[test]
fn the_mercator_build_lets_the_player_produce_there() {
    let mut solo = dealt(&[]);
    all_goods(&mut solo, Good::Brick);
    let roma = solo.base.board().capital;
    let r = solo.base.board().routes_of(roma, RouteKind::Land)[0];
    let route = &solo.base.board().routes[r];
    let target = if route.a == roma { route.b } else { route.a };
    let province = solo.base.board().cities[target].province.unwrap();
    let mine = solo.base.board().provinces[province]
        .cities
        .iter()
        .copied()
        .find(|c| *c != target)
        .unwrap();
    solo.base.city_goods[target] = Some(Good::Cloth);
    solo.base.houses[mine].push(0);
    let bricks = solo.base.players[0].goods.count(Good::Brick);
    solo.pending = vec![Step::Build {
        good: Good::Cloth,
        produce: true,
        fallback: false,
    }];
    let due = reaction::expected(&solo).unwrap();
    reaction::react(&mut solo, &due).unwrap();
    assert!(solo.base.coin_side[province]);
    assert_eq!(solo.base.players[0].goods.count(Good::Brick), bricks + 1);
    assert_eq!(solo.base.players[1].goods.total(), 0);
}

#[test]
fn a_produced_province_turns_every_tile_back_only_with_three_coin_tiles() {
    for (coins, reset) in [(2usize, false), (3, true)] {
        let mut solo = dealt(&[]);
        all_goods(&mut solo, Good::Cloth);
        let due = {
            solo.pending = vec![Step::Build {
                good: Good::Cloth,
                produce: true,
                fallback: false,
            }];
            reaction::expected(&solo).unwrap()
        };
        let Reaction::Build { city, .. } = due else { panic!() };
        let province = solo.base.board().cities[city].province.unwrap();
        solo.base.coin_side[province] = true;
        let mut n = 1;
        for p in 0..solo.base.coin_side.len() {
            if n < coins && p != province {
                solo.base.coin_side[p] = true;
                n += 1;
            }
        }
        reaction::react(&mut solo, &due).unwrap();
        let count = solo.base.coin_side.iter().filter(|c| **c).count();
        assert_eq!(count, if reset { 0 } else { coins }, "{coins} coin tiles");
    }
}

#[test]
fn expert_passing_a_track_house_builds_it_by_the_black_die() {
    let mut solo = dealt(&[("level", "expert")]);
    solo.points = 8;
    solo.pending = vec![Step::Score(3)];
    run(&mut solo, Actor::Seat(1), "score 3").unwrap();
    assert_eq!(solo.track, vec![20, 30, 40, 50]);
    assert_eq!(solo.base.players[1].houses_left, 11);
    assert_eq!(reaction::die_due(&solo), Some(Die::Mercator));
}

#[test]
fn expert_with_an_empty_supply_builds_from_the_tracks_end() {
    let mut solo = dealt(&[("level", "expert")]);
    contrarius(&mut solo).houses_left = 0;
    solo.pending = vec![Step::Build {
        good: Good::Cloth,
        produce: false,
        fallback: false,
    }];
    let due = reaction::expected(&solo).unwrap();
    reaction::react(&mut solo, &due).unwrap();
    assert_eq!(solo.track, vec![10, 20, 30, 40]);
    assert_eq!(solo.base.players[1].houses_left, 0);
}

#[test]
fn campaign_points_drop_by_a_fifth_of_the_winning_margin() {
    assert_eq!(end::campaign_next(20, true, 10), Some(18), "the seed's example");
    assert_eq!(end::campaign_next(20, false, 30), Some(20));
    assert_eq!(end::campaign_next(3, true, 20), None, "campaign over");
}

#[test]
fn contrarius_building_its_last_house_gives_the_player_one_last_turn_unanswered() {
    let mut solo = dealt(&[]);
    contrarius(&mut solo).houses_left = 1;
    solo.pending = vec![Step::Build {
        good: Good::Cloth,
        produce: false,
        fallback: false,
    }];
    let due = reaction::expected(&solo).unwrap();
    reaction::react(&mut solo, &due).unwrap();
    assert!(solo.base.players[1].concordia);
    run(&mut solo, Actor::Seat(0), "mercator").unwrap();
    assert!(solo.pending.is_empty());
    let Turn::Over { outcome } = Solitaria.turn(&solo) else {
        panic!("over")
    };
    assert!(outcome.reason.contains("Contrarius"));
}

#[test]
fn the_player_ending_the_game_gets_contrarius_last_reaction_first() {
    let mut solo = dealt(&[]);
    solo.base.players[0].houses_left = 1;
    all_goods(&mut solo, Good::Brick);
    let roma = solo.base.board().capital;
    let r = solo.base.board().routes_of(roma, RouteKind::Land)[0];
    let route = solo.base.board().routes[r].clone();
    let target = if route.a == roma { route.b } else { route.a };
    let code = solo.base.board().cities[target].code.clone();
    run(
        &mut solo,
        Actor::Seat(0),
        &format!("architect L:Roma>r{r} build {code}"),
    )
    .unwrap();
    assert!(solo.base.players[0].concordia);
    assert_eq!(Solitaria.turn(&solo), Turn::Chance, "the blue die");
    run(&mut solo, Actor::Chance, "die architect 1").unwrap();
    run(&mut solo, Actor::Seat(1), "take 1").unwrap();
    assert!(matches!(Solitaria.turn(&solo), Turn::Over { .. }));
}

#[test]
fn a_tie_goes_to_the_concordia_card() {
    let mut solo = dealt(&[]);
    solo.base.players[0].concordia = true;
    solo.start_points = 0;
    let (p, c) = end::totals(&solo);
    if p >= c {
        solo.points += p - c;
    } else {
        solo.start_points = c - p;
    }
    assert_eq!(end::totals(&solo).0, end::totals(&solo).1);
    assert_eq!(end::outcome(&solo).winners, vec![0]);
}
