//! Single rules of seed 001 on hand-built positions, one personality card at a time, with
//! the seed's card examples (Architect, Prefect, Mercator, Colonist, Senator, Consul,
//! Tribune, specialist); the helpers that build the positions are shared with tests_scoring.

use std::collections::BTreeMap;

use crate::cards::{self, Kind};
use crate::goods::{Good, Goods};
use crate::map::RouteKind;
use crate::notation::{self, Command};
use crate::state::{self, Colonist, Place, State};
use crate::{market, turn};
use kifu_core::rules::{RuleError, Setup};

pub(crate) fn start(players: usize, options: &[(&str, &str)]) -> Result<State, RuleError> {
    let options: BTreeMap<String, String> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    state::start(&Setup {
        options: &options,
        players,
        start: None,
    })
}

/// A started Imperium game with every city a brick city, then the goods the test names, and
/// the display filled with deck I in list order.
pub(crate) fn game(players: usize) -> State {
    let mut s = start(players, &[("map", "imperium")]).expect("starts");
    let capital = s.board().capital;
    for c in 0..s.city_goods.len() {
        s.city_goods[c] = (c != capital).then_some(Good::Brick);
    }
    s.dealt = true;
    while s.draw_due() {
        let next = s.decks[s.drawing_deck().unwrap()][0];
        market::draw(&mut s, next).unwrap();
    }
    s
}

pub(crate) fn city(s: &State, name: &str) -> usize {
    s.board().city(name).unwrap_or_else(|| panic!("no city {name}"))
}

pub(crate) fn set_good(s: &mut State, name: &str, good: Good) {
    let c = city(s, name);
    s.city_goods[c] = Some(good);
}

pub(crate) fn house(s: &mut State, seat: u8, name: &str) {
    let c = city(s, name);
    s.houses[c].push(seat);
    s.players[usize::from(seat)].houses_left -= 1;
}

pub(crate) fn goods(list: &[(Good, u32)]) -> Goods {
    let mut g = Goods::default();
    list.iter().for_each(|(good, n)| g.add(*good, *n));
    g
}

/// Plays `text` for `seat` (made current first).
pub(crate) fn play(s: &mut State, seat: u8, text: &str) -> Result<(), RuleError> {
    s.current = seat;
    match notation::parse_play(s, seat, text)? {
        Command::Play { card, action } => turn::play(s, seat, card, &action),
        _ => unreachable!("parse_play gives plays"),
    }
}

pub(crate) fn give(s: &mut State, seat: u8, deck: u8, name: &str) {
    let id = cards::in_deck(deck, name).expect("a card");
    s.players[usize::from(seat)].hand.push(id);
}

#[test]
fn tribune_takes_back_the_cards_and_pays_one_per_card_over_three() {
    let mut s = game(3);
    for text in ["prefect cash", "senator", "mercator", "prefect cash"] {
        play(&mut s, 0, text).unwrap();
    }
    let before = s.players[0].coins;
    // Four cards played, the Tribune the fifth: two sestertii, and one colonist to Roma.
    s.players[0].goods.add(Good::Tool, 1);
    play(&mut s, 0, "tribune L").unwrap();
    let p = &s.players[0];
    assert_eq!(p.coins, before + 2);
    assert_eq!((p.hand.len(), p.discard.len()), (7, 0));
    assert_eq!(p.stored, [1, 2]);
    assert_eq!(p.colonists.len(), 3);
    assert_eq!(p.goods.count(Good::Food), 1);
}

#[test]
fn tribune_with_three_cards_or_fewer_pays_nothing_and_places_one_colonist_at_most() {
    let mut s = game(3);
    play(&mut s, 0, "mercator").unwrap();
    let before = s.players[0].coins;
    play(&mut s, 0, "tribune").unwrap();
    assert_eq!(s.players[0].coins, before);
    assert!(play(&mut s, 0, "tribune L S").is_err());
}

/// The seed's Architect example: red has a land colonist on Colonia-Novaria and two in Roma;
/// it moves the sea one Roma -> Massilia (1) and the land one Roma -> Aquileia-Vindobona (2), then builds in Massilia
/// (cloth: 5), Novaria (wine: 4) and Aquileia (food, two houses there already: 2 x 3 = 6).
#[test]
fn architect_seed_example_moves_three_steps_and_builds_three_houses() {
    let mut s = game(3);
    set_good(&mut s, "Massilia", Good::Cloth);
    set_good(&mut s, "Novaria", Good::Wine);
    set_good(&mut s, "Aquileia", Good::Food);
    set_good(&mut s, "ColoniaAgrippina", Good::Tool);
    house(&mut s, 0, "ColoniaAgrippina");
    house(&mut s, 1, "Aquileia");
    house(&mut s, 2, "Aquileia");
    let p = &mut s.players[0];
    p.colonists.push(Colonist {
        kind: RouteKind::Land,
        at: Place::Route(40),
    });
    p.coins = 20;
    p.goods = goods(&[(Good::Brick, 3), (Good::Cloth, 1), (Good::Wine, 1), (Good::Food, 1)]);
    assert!(
        play(&mut s.clone(), 0, "architect build ColoniaAgrippina").is_err(),
        "a second house there"
    );
    play(
        &mut s,
        0,
        "architect S:Roma>r38 L:Roma>r46 build Massilia Novaria Aquileia",
    )
    .unwrap();
    let p = &s.players[0];
    assert_eq!(p.coins, 20 - 5 - 4 - 6);
    assert_eq!(p.goods, Goods::default());
    assert_eq!(p.houses_left, 15 - 4);
    assert_eq!(s.houses[city(&s, "Aquileia")], [1, 2, 0]);
}

#[test]
fn architect_steps_are_limited_to_the_colonists_on_the_board() {
    let mut s = game(3);
    // Two colonists: Roma -> Massilia-Valentia by sea is 2 steps, then none left.
    assert!(play(&mut s.clone(), 0, "architect S:Roma>r20").is_ok());
    assert!(play(&mut s.clone(), 0, "architect S:Roma>r20 L:Roma>r42").is_err());
    let err = play(&mut s, 0, "architect S:Roma>r24 L:Roma>r39").unwrap_err();
    assert!(err.reason.contains("steps"), "{err}");
}

#[test]
fn a_colonist_passes_a_taken_route_but_may_not_stop_on_it() {
    let mut s = game(3);
    s.players[1].colonists.push(Colonist {
        kind: RouteKind::Land,
        at: Place::Route(42),
    });
    assert!(play(&mut s.clone(), 0, "architect L:Roma>r42").is_err());
    // Roma -> Novaria-Roma (taken) -> Novaria-Massilia: passing costs the step all the same.
    assert!(play(&mut s, 0, "architect L:Roma>r39").is_ok());
}

#[test]
fn land_colonists_keep_to_land_routes_and_sea_colonists_to_sea() {
    let mut s = game(3);
    assert!(play(&mut s.clone(), 0, "architect L:Roma>r38").is_err());
    assert!(play(&mut s, 0, "architect S:Roma>r43").is_err());
}

#[test]
fn houses_need_a_colonist_next_to_the_city_and_never_stand_in_roma() {
    let mut s = game(3);
    assert!(
        play(&mut s.clone(), 0, "architect build Massilia").is_err(),
        "colonists in Roma touch no city"
    );
    s.players[0].colonists[0].at = Place::Route(42);
    assert!(play(&mut s.clone(), 0, "architect build Roma").is_err());
    play(&mut s, 0, "architect build Novaria").unwrap();
    // A brick city: one food and one sestertius per house there.
    assert_eq!(s.players[0].coins, 4);
    assert_eq!(s.players[0].goods.count(Good::Food), 1);
}

#[test]
fn a_house_where_others_stand_costs_the_coins_times_the_houses() {
    let mut s = game(3);
    set_good(&mut s, "Novaria", Good::Tool);
    house(&mut s, 1, "Novaria");
    s.players[0].colonists[0].at = Place::Route(42);
    s.players[0].coins = 10;
    play(&mut s, 0, "architect build Novaria").unwrap();
    assert_eq!(s.players[0].coins, 10 - 3 * 2);
    assert_eq!(s.players[0].goods.count(Good::Tool), 0);
    assert_eq!(s.players[0].goods.count(Good::Brick), 0);
}

/// The seed's Prefect example: Syria produces; red and blue (Antiochia) get food, yellow
/// (Tyros) cloth, and the player cloth as the bonus.
#[test]
fn prefect_produces_the_bonus_and_a_good_per_house_then_the_tile_turns() {
    let mut s = game(3);
    set_good(&mut s, "Antiochia", Good::Food);
    set_good(&mut s, "Tyros", Good::Cloth);
    house(&mut s, 0, "Antiochia");
    house(&mut s, 1, "Antiochia");
    house(&mut s, 2, "Tyros");
    let before: Vec<Goods> = s.players.iter().map(|p| p.goods).collect();
    play(&mut s, 0, "prefect Syria").unwrap();
    let gained = |seat: usize, good: Good| s.players[seat].goods.count(good) - before[seat].count(good);
    assert_eq!((gained(0, Good::Cloth), gained(0, Good::Food)), (1, 1));
    assert_eq!(gained(1, Good::Food), 1);
    assert_eq!(gained(2, Good::Cloth), 1);
    let syria = s.board().provinces.iter().position(|p| p.name == "Syria").unwrap();
    assert!(s.coin_side[syria]);
    assert!(play(&mut s, 1, "prefect Syria").is_err(), "the tile shows coins now");
}

#[test]
fn prefect_cash_takes_every_coin_side_then_turns_them_back() {
    let mut s = game(3);
    set_good(&mut s, "Tyros", Good::Cloth);
    let names = ["Syria", "Gallia", "Hispania"];
    let idx: Vec<usize> = names
        .iter()
        .map(|n| s.board().provinces.iter().position(|p| p.name == *n).unwrap())
        .collect();
    idx.iter().for_each(|p| s.coin_side[*p] = true);
    play(&mut s, 0, "prefect cash").unwrap();
    // Syria's bonus is cloth (1), the others brick (2 each).
    assert_eq!(s.players[0].coins, 5 + 1 + 2 + 2);
    assert!(s.coin_side.iter().all(|c| !c));
}

#[test]
fn the_praefectus_magnus_doubles_the_bonus_and_passes_to_the_right() {
    let mut s = game(3);
    assert_eq!(s.magnus, 2);
    let before = s.players[2].goods.count(Good::Brick);
    play(&mut s, 2, "prefect Gallia").unwrap();
    assert_eq!(s.players[2].goods.count(Good::Brick), before + 2);
    assert_eq!(s.magnus, 1);
    // Taking coins leaves it where it is.
    play(&mut s, 1, "prefect cash").unwrap();
    assert_eq!(s.magnus, 1);
}

#[test]
fn a_diplomat_copying_a_prefect_uses_the_magnus_too() {
    let mut s = game(3);
    play(&mut s, 0, "prefect cash").unwrap();
    let before = s.players[2].goods.count(Good::Brick);
    play(&mut s, 2, "diplomat p1 prefect Gallia").unwrap();
    assert_eq!(s.players[2].goods.count(Good::Brick), before + 2);
    assert_eq!(s.magnus, 1);
}

#[test]
fn a_diplomat_copies_another_players_top_card_only_and_never_a_diplomat() {
    let mut s = game(3);
    assert!(
        play(&mut s.clone(), 1, "diplomat p1 prefect cash").is_err(),
        "p1 has played nothing"
    );
    play(&mut s, 0, "mercator").unwrap();
    assert!(
        play(&mut s.clone(), 0, "diplomat p1 mercator").is_err(),
        "not one's own card"
    );
    assert!(
        play(&mut s.clone(), 1, "diplomat p1 prefect cash").is_err(),
        "the top card is a Mercator"
    );
    let before = s.players[1].coins;
    play(&mut s, 1, "diplomat p1 mercator").unwrap();
    assert_eq!(s.players[1].coins, before + 3);
    assert!(play(&mut s, 2, "diplomat p2 diplomat").is_err());
}

/// The seed's Mercator example: 2 sestertii, +3, three wine sold (18) = 23, four bricks
/// bought (12) = 11; five free slots, so six bricks could not be bought.
#[test]
fn mercator_seed_example_sells_wine_and_buys_bricks_within_the_storehouse() {
    let mut s = game(3);
    let p = &mut s.players[0];
    p.coins = 2;
    p.goods = goods(&[(Good::Wine, 3), (Good::Food, 2), (Good::Tool, 1)]);
    assert_eq!(p.room(), 2, "five free once the wine is sold");
    assert!(play(&mut s.clone(), 0, "mercator sell 3 wine buy 6 brick").is_err());
    assert!(play(&mut s.clone(), 0, "mercator sell 3 wine buy 4 brick buy 1 food").is_err());
    assert!(play(&mut s.clone(), 0, "mercator sell 1 wine sell 1 wine").is_err());
    play(&mut s, 0, "mercator sell 3 wine buy 4 brick").unwrap();
    assert_eq!(s.players[0].coins, 11);
    assert_eq!(s.players[0].goods.count(Good::Brick), 4);
}

#[test]
fn a_bought_mercator_pays_five() {
    let mut s = game(3);
    s.players[0].hand.retain(|c| cards::get(*c).kind != Kind::Mercator);
    give(&mut s, 0, 1, "Mercator");
    play(&mut s, 0, "mercator").unwrap();
    assert_eq!(s.players[0].coins, 10);
}

/// The seed's Colonist example: two food and two tool pay for two colonists, one in Roma, one
/// in Massilia where red has a house; Novaria (no house) is refused.
#[test]
fn colonists_go_to_roma_or_own_cities_for_a_food_and_a_tool_each() {
    let mut s = game(3);
    give(&mut s, 0, 1, "Colonist");
    house(&mut s, 0, "Massilia");
    s.players[0].goods = goods(&[(Good::Food, 2), (Good::Tool, 3)]);
    assert!(play(&mut s.clone(), 0, "colonist L@Novaria").is_err());
    play(&mut s, 0, "colonist S@Roma L@Massilia").unwrap();
    let p = &s.players[0];
    assert_eq!(p.goods, goods(&[(Good::Tool, 1)]));
    assert_eq!((p.colonists.len(), p.stored), (4, [1, 1]));
}

#[test]
fn colonist_cash_pays_five_plus_the_colonists_and_the_storehouse_runs_out() {
    let mut s = game(3);
    give(&mut s, 0, 1, "Colonist");
    give(&mut s, 0, 2, "Colonist");
    play(&mut s, 0, "colonist/I cash").unwrap();
    assert_eq!(s.players[0].coins, 5 + 5 + 2);
    s.players[0].stored = [0, 2];
    s.players[0].goods.add(Good::Tool, 1);
    assert!(play(&mut s, 0, "colonist L@Roma").is_err());
}

/// The seed's Senator example: the Mercator in slot 1 (wine) and the Architect in slot 2
/// (tool and any good: a brick); the rest close up and two cards are due.
#[test]
fn senator_seed_example_buys_two_cards_paying_the_slot_surcharges() {
    let mut s = game(3);
    let mercator = cards::in_deck(1, "Mercator").unwrap();
    let architect = cards::in_deck(1, "Architect").unwrap();
    let rest: Vec<u8> = s
        .display
        .iter()
        .copied()
        .filter(|c| *c != mercator && *c != architect)
        .collect();
    s.display = [vec![mercator, architect], rest.clone()].concat();
    assert!(
        play(&mut s.clone(), 0, "senator 1 2").is_err(),
        "slot 2 asks a good of choice"
    );
    play(&mut s, 0, "senator 1 2:brick").unwrap();
    let p = &s.players[0];
    assert_eq!(p.goods, goods(&[(Good::Food, 2), (Good::Cloth, 1)]));
    assert!(p.hand.contains(&mercator) && p.hand.contains(&architect));
    assert_eq!(s.display, rest);
    assert!(s.draw_due());
}

#[test]
fn the_farmer_costs_brick_food_and_cloth_in_slot_four() {
    let mut s = game(3);
    let farmer = cards::in_deck(1, "Farmer").unwrap();
    s.display.retain(|c| *c != farmer);
    s.display.insert(3, farmer);
    s.players[0].goods = goods(&[(Good::Brick, 1), (Good::Food, 1), (Good::Cloth, 1)]);
    play(&mut s, 0, "senator 4").unwrap();
    assert_eq!(s.players[0].goods.total(), 0);
    assert!(play(&mut s, 1, "senator 1 2:food 3:food").is_err(), "three cards");
}

/// The seed's Consul example: the Colonist in slot 6 for one food, the slot's surcharge
/// (any good and cloth) ignored.
#[test]
fn consul_buys_one_card_for_its_own_cost_only() {
    let mut s = game(3);
    give(&mut s, 0, 2, "Consul");
    let colonist = cards::in_deck(1, "Colonist").unwrap();
    s.display.retain(|c| *c != colonist);
    s.display.insert(5, colonist);
    s.players[0].goods = goods(&[(Good::Food, 1)]);
    assert!(play(&mut s.clone(), 0, "consul 6 1").is_err());
    play(&mut s, 0, "consul 6").unwrap();
    assert_eq!(s.players[0].goods.total(), 0);
    assert!(s.players[0].hand.contains(&colonist));
}

/// The seed's specialist example: four houses in wine cities give four wine.
#[test]
fn a_specialist_yields_one_good_per_own_house_of_its_kind() {
    let mut s = game(3);
    for name in ["Massilia", "Novaria", "Tyros", "Athenae"] {
        set_good(&mut s, name, Good::Wine);
        house(&mut s, 0, name);
    }
    house(&mut s, 1, "Sinope");
    give(&mut s, 0, 2, "Vintner");
    s.players[0].goods = goods(&[(Good::Wine, 1)]);
    play(&mut s, 0, "vintner").unwrap();
    assert_eq!(s.players[0].goods.count(Good::Wine), 1 + 4);
    assert!(play(&mut s, 1, "weaver").is_err(), "p2 holds no Weaver");
}

#[test]
fn the_storehouse_fills_up_and_what_does_not_fit_is_lost() {
    let mut s = game(3);
    for name in ["Massilia", "Novaria", "Tyros", "Athenae"] {
        set_good(&mut s, name, Good::Wine);
        house(&mut s, 0, name);
    }
    give(&mut s, 0, 2, "Vintner");
    assert_eq!(s.players[0].room(), 2);
    play(&mut s, 0, "vintner").unwrap();
    assert_eq!(s.players[0].goods.total(), 8);
    assert_eq!(s.players[0].room(), 0);
}

/// p1 with room for 2 goods and houses in four wine cities.
fn overflowing() -> State {
    let mut s = game(3);
    for name in ["Massilia", "Novaria", "Tyros", "Athenae"] {
        set_good(&mut s, name, Good::Wine);
        house(&mut s, 0, name);
    }
    s.players[0].goods = goods(&[(Good::Brick, 3), (Good::Food, 3), (Good::Tool, 2)]);
    assert_eq!(s.players[0].room(), 0);
    s.players[0].goods = goods(&[(Good::Brick, 3), (Good::Food, 3)]);
    assert_eq!(s.players[0].room(), 2);
    s
}

#[test]
fn an_overflow_without_a_choice_keeps_the_most_valuable_goods() {
    let mut g = goods(&[(Good::Wine, 1)]);
    crate::goods::store(
        &mut g,
        2,
        &goods(&[(Good::Brick, 2), (Good::Cloth, 1), (Good::Food, 1)]),
        None,
        "p1",
    )
    .unwrap();
    assert_eq!(g, goods(&[(Good::Wine, 1), (Good::Cloth, 1), (Good::Food, 1)]));
}

#[test]
fn the_keep_choice_is_recorded_and_checked_against_the_room_and_the_gains() {
    let mut s = overflowing();
    give(&mut s, 0, 2, "Vintner");
    let before = s.clone();
    // Four wine gained, room for two: the entry may say which (here: all wine anyway).
    assert!(play(&mut s, 0, "vintner keep p1:wine")
        .unwrap_err()
        .to_string()
        .contains("exactly"));
    let mut s = before.clone();
    assert!(play(&mut s, 0, "vintner keep p1:wine,cloth")
        .unwrap_err()
        .to_string()
        .contains("gains only 0"));
    let mut s = before.clone();
    assert!(play(&mut s, 0, "vintner keep p2:wine,wine")
        .unwrap_err()
        .to_string()
        .contains("gains no goods"));
    let mut s = before.clone();
    play(&mut s, 0, "vintner keep p1:wine,wine").unwrap();
    assert_eq!(s.players[0].goods.count(Good::Wine), 2);
    assert_eq!(s.players[0].room(), 0);
}

#[test]
fn a_prefect_overflow_keeps_the_cheaper_good_when_the_entry_says_so() {
    let mut s = overflowing();
    // Massilia and Novaria: wine, plus a cloth city and a brick city in their province.
    let province = s.board().cities[city(&s, "Massilia")].province.unwrap();
    let name = s.board().provinces[province].name.clone();
    let others: Vec<usize> = s.board().provinces[province]
        .cities
        .iter()
        .copied()
        .filter(|c| !s.houses[*c].contains(&0))
        .collect();
    s.city_goods[others[0]] = Some(Good::Cloth);
    s.houses[others[0]].push(0);
    s.houses[others[0]].push(2);
    let in_province = s.board().provinces[province]
        .cities
        .iter()
        .filter(|c| s.houses[**c].contains(&0))
        .count();
    assert!(in_province >= 2, "p1 has houses in {name}");
    let before = s.clone();
    // Without a choice the cloths (bonus and house) are kept.
    play(&mut s, 0, &format!("prefect {name}")).unwrap();
    assert_eq!(s.players[0].goods.count(Good::Cloth), 2);
    assert_eq!(s.players[2].goods.count(Good::Cloth), 1 + 1, "p3's house yields too");
    let mut s = before.clone();
    play(&mut s, 0, &format!("prefect {name} keep p1:wine,cloth")).unwrap();
    assert_eq!(s.players[0].goods.count(Good::Cloth), 1);
    assert_eq!(s.players[0].goods.count(Good::Wine), 1);
    let mut s = before.clone();
    let refused = play(&mut s, 0, &format!("prefect {name} keep p1:wine,cloth p3:cloth"));
    assert!(
        refused.unwrap_err().to_string().contains("nothing to choose"),
        "p3's cloth fits"
    );
    // The choice is written back in the canonical form.
    let Command::Play { action, .. } =
        notation::parse_play(&before, 0, &format!("prefect {name} KEEP p1:c,w")).unwrap()
    else {
        unreachable!()
    };
    assert_eq!(
        notation::action_words(&before, &action).join(" "),
        format!("{name} keep p1:wine,cloth")
    );
}
