//! Single rules of seed 001, each on a hand-built position: every personality card, the
//! storehouse limit, the market's costs, each god's scoring, the game end, and the seed's
//! worked examples (the 114-point score line by line, the Architect, Prefect, Mercator,
//! Senator, Consul and Tribune examples).

use std::collections::BTreeMap;

use crate::cards::{self, Kind};
use crate::goods::{Good, Goods};
use crate::map::{self, RouteKind};
use crate::notation::{self, Command};
use crate::scoring;
use crate::state::{self, Colonist, Place, State};
use crate::{market, turn};
use kifu_core::rules::{RuleError, Setup};

fn start(players: usize, options: &[(&str, &str)]) -> Result<State, RuleError> {
    let options: BTreeMap<String, String> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    state::start(&Setup {
        options: &options,
        players,
        start: None,
    })
}

/// A started Imperium game with every city a brick city, then the goods the test names, and
/// the display filled with deck I in list order.
fn game(players: usize) -> State {
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

fn city(s: &State, name: &str) -> usize {
    s.board().city(name).unwrap_or_else(|| panic!("no city {name}"))
}

fn set_good(s: &mut State, name: &str, good: Good) {
    let c = city(s, name);
    s.city_goods[c] = Some(good);
}

fn house(s: &mut State, seat: u8, name: &str) {
    let c = city(s, name);
    s.houses[c].push(seat);
    s.players[usize::from(seat)].houses_left -= 1;
}

fn goods(list: &[(Good, u32)]) -> Goods {
    let mut g = Goods::default();
    list.iter().for_each(|(good, n)| g.add(*good, *n));
    g
}

/// Plays `text` for `seat` (made current first).
fn play(s: &mut State, seat: u8, text: &str) -> Result<(), RuleError> {
    s.current = seat;
    match notation::parse_play(s, seat, text)? {
        Command::Play { card, action } => turn::play(s, seat, card, &action),
        _ => unreachable!("parse_play gives plays"),
    }
}

fn give(s: &mut State, seat: u8, deck: u8, name: &str) {
    let id = cards::in_deck(deck, name).expect("a card");
    s.players[usize::from(seat)].hand.push(id);
}

#[test]
fn the_seeds_worked_example_scores_114_line_by_line() {
    let mut s = game(3);
    // 12 houses in 7 provinces: brick 3, food 4, tool 3, cloth 2.
    let built = [
        ("Londinium", Good::Brick),
        ("Massilia", Good::Food),
        ("Lutetia", Good::Brick),
        ("Valentia", Good::Food),
        ("Olisipo", Good::Tool),
        ("Vindobona", Good::Food),
        ("Novaria", Good::Food),
        ("Aquileia", Good::Tool),
        ("Syracusae", Good::Brick),
        ("Carthago", Good::Cloth),
        ("Athenae", Good::Tool),
        ("Dyrrhachium", Good::Cloth),
    ];
    for (name, good) in built {
        set_good(&mut s, name, good);
        house(&mut s, 0, name);
    }
    let p = &mut s.players[0];
    p.coins = 13;
    p.goods = goods(&[(Good::Cloth, 1), (Good::Tool, 3), (Good::Brick, 1)]);
    // Five colonists on the board.
    p.colonists.extend([Place::Route(1), Place::Route(5), Place::Route(9)].map(|at| Colonist {
        kind: RouteKind::Land,
        at,
    }));
    p.concordia = true;
    // Starting hand: Vesta 1, Jupiter 2, Saturnus 2, Mercurius 1, Mars 1; bought: two
    // Prefects (Saturnus), a Mercator (Mercurius), two Colonists (Mars), the Farmer.
    give(&mut s, 0, 1, "Prefect");
    give(&mut s, 0, 2, "Prefect");
    give(&mut s, 0, 1, "Mercator");
    give(&mut s, 0, 1, "Colonist");
    give(&mut s, 0, 2, "Colonist");
    give(&mut s, 0, 1, "Farmer");
    let score = scoring::score(&s, 0);
    assert_eq!(s.players[0].goods.value() + 13, 38, "Vesta: 7 + 15 + 3 + 13");
    assert_eq!(score.vesta, 3);
    assert_eq!(score.jupiter, 18, "9 houses outside brick cities x 2 cards");
    assert_eq!(score.saturnus, 28, "7 provinces x 4 cards");
    assert_eq!(score.mercurius, 16, "4 kinds (8) x 2 cards");
    assert_eq!(score.mars, 30, "5 colonists (10) x 3 cards");
    assert_eq!(score.minerva, 12, "Farmer: 3 x 4 food cities");
    assert_eq!(score.concordia, 7);
    assert_eq!(score.total(), 114);
}

#[test]
fn the_maps_hold_the_counts_the_data_promises() {
    let imperium = map::map("imperium").unwrap();
    let italia = map::map("italia").unwrap();
    assert_eq!((imperium.cities.len(), imperium.routes.len(), imperium.provinces.len()), (31, 79, 12));
    assert_eq!((italia.cities.len(), italia.routes.len(), italia.provinces.len()), (26, 63, 11));
    let land = |m: &map::Map| m.routes.iter().filter(|r| r.kind == RouteKind::Land).count();
    assert_eq!((land(imperium), land(italia)), (44, 40));
    assert_eq!(imperium.cities[imperium.capital].code, "Roma");
    assert_eq!(cards::all().len(), 7 + 30);
    assert_eq!((1..=5).map(|d| cards::deck(d).len()).collect::<Vec<_>>(), [8, 7, 6, 5, 4]);
}

#[test]
fn setup_gives_coins_by_seat_goods_colonists_and_the_magnus_to_the_last_seat() {
    let s = start(4, &[]).unwrap();
    assert_eq!(s.map, "imperium");
    assert_eq!(s.players.iter().map(|p| p.coins).collect::<Vec<_>>(), [5, 6, 7, 8]);
    let p = &s.players[0];
    assert_eq!(p.goods, goods(&[(Good::Brick, 1), (Good::Food, 2), (Good::Tool, 1), (Good::Wine, 1), (Good::Cloth, 1)]));
    assert_eq!((p.colonists.len(), p.stored, p.room()), (2, [2, 2], 2));
    assert_eq!(p.hand.len(), 7);
    assert_eq!(s.magnus, 3);
    assert_eq!(s.decks.len(), 4, "decks I..IV for four players");
    assert_eq!(start(2, &[]).unwrap().map, "italia");
    assert!(start(2, &[("map", "imperium")]).is_err());
    assert!(start(5, &[("map", "italia")]).is_err());
    assert!(start(3, &[("map", "atlantis")]).is_err());
    assert!(start(3, &[("interim", "maybe")]).is_err());
}

#[test]
fn the_display_surcharges_run_none_any_any_cloth_cloth_any_cloth_cloth_cloth() {
    let text: Vec<String> = (0..7)
        .map(|slot| {
            let s = cards::surcharge(slot);
            format!("{}{}", s.goods.iter().map(|g| g.name()).collect::<Vec<_>>().join("+"), "+any".repeat(s.any as usize))
        })
        .collect();
    assert_eq!(text, ["", "+any", "+any", "cloth", "cloth", "cloth+any", "cloth+cloth"]);
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
    assert!(play(&mut s.clone(), 0, "architect build ColoniaAgrippina").is_err(), "a second house there");
    play(&mut s, 0, "architect S:Roma>r38 L:Roma>r46 build Massilia Novaria Aquileia").unwrap();
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
    assert!(play(&mut s.clone(), 0, "architect build Massilia").is_err(), "colonists in Roma touch no city");
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
    assert!(play(&mut s.clone(), 1, "diplomat p1 prefect cash").is_err(), "p1 has played nothing");
    play(&mut s, 0, "mercator").unwrap();
    assert!(play(&mut s.clone(), 0, "diplomat p1 mercator").is_err(), "not one's own card");
    assert!(play(&mut s.clone(), 1, "diplomat p1 prefect cash").is_err(), "the top card is a Mercator");
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
    let rest: Vec<u8> = s.display.iter().copied().filter(|c| *c != mercator && *c != architect).collect();
    s.display = [vec![mercator, architect], rest.clone()].concat();
    assert!(play(&mut s.clone(), 0, "senator 1 2").is_err(), "slot 2 asks a good of choice");
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
    // Production beyond the room keeps the most valuable goods.
    let mut g = Goods::default();
    let lost = crate::goods::store(&mut g, 2, &goods(&[(Good::Brick, 2), (Good::Cloth, 1), (Good::Food, 1)]));
    assert_eq!(g, goods(&[(Good::Cloth, 1), (Good::Food, 1)]));
    assert_eq!(lost, goods(&[(Good::Brick, 2)]));
}

#[test]
fn each_god_scores_its_own_measure() {
    let mut s = game(3);
    set_good(&mut s, "Massilia", Good::Cloth);
    set_good(&mut s, "Carthago", Good::Cloth);
    house(&mut s, 0, "Massilia");
    house(&mut s, 0, "Lutetia");
    house(&mut s, 0, "Carthago");
    s.players[0].coins = 19;
    s.players[0].goods = goods(&[(Good::Brick, 1)]);
    // Vesta: (19 + 3) / 10 = 2; Jupiter: 2 non-brick houses; Saturnus: Gallia, Mauretania;
    // Mercurius: brick and cloth = 4; Mars: 2 colonists = 4.
    assert_eq!(scoring::per_card(&s, 0), [2, 2, 2, 4, 4, 0]);
    give(&mut s, 0, 2, "Weaver");
    let score = scoring::score(&s, 0);
    assert_eq!(score.minerva, 10, "Weaver: 5 x 2 cloth cities");
    // The starting hand: Senator (Vesta), Architect and Diplomat (Jupiter), two Prefects
    // (Saturnus), Mercator (Mercurius), Tribune (Mars).
    assert_eq!((score.vesta, score.jupiter, score.saturnus, score.mercurius, score.mars), (2, 4, 4, 4, 4));
}

#[test]
fn buying_the_last_card_ends_the_game_after_everyone_elses_final_turn() {
    let mut s = game(3);
    s.decks.iter_mut().for_each(Vec::clear);
    let last = s.display[0];
    s.display = vec![last];
    let cost = cards::get(last).cost.clone();
    cost.iter().for_each(|g| s.players[1].goods.add(*g, 1));
    play(&mut s, 1, "senator 1").unwrap();
    assert!(s.players[1].concordia);
    assert_eq!((s.ended_by, s.final_turns), (Some(1), 2));
    play(&mut s, 2, "prefect cash").unwrap();
    assert!(s.over.is_none());
    play(&mut s, 0, "prefect cash").unwrap();
    assert!(s.over.is_some());
    assert_eq!(scoring::score(&s, 1).concordia, 7);
}

#[test]
fn the_fifteenth_house_ends_the_game() {
    let mut s = game(3);
    s.players[0].houses_left = 1;
    s.players[0].colonists[0].at = Place::Route(42);
    play(&mut s, 0, "architect build Novaria").unwrap();
    assert_eq!(s.ended_by, Some(0));
    assert!(s.players[0].concordia);
    assert!(play(&mut s.clone(), 1, "architect build Novaria").is_err(), "no colonist there");
}

#[test]
fn a_tie_goes_to_the_magnus_holder_then_in_the_order_it_passes() {
    let mut s = game(3);
    s.over = None;
    // All three score the same; the magnus is with p3, so p3 wins; then with p1, p1 wins.
    assert_eq!(scoring::outcome(&s).winners, [2]);
    s.magnus = 0;
    assert_eq!(scoring::outcome(&s).winners, [0]);
    // p1 and p3 tie ahead of p2, magnus with p2: it would pass to p1 first.
    s.players[1].coins = 0;
    s.magnus = 1;
    assert_eq!(scoring::outcome(&s).winners, [0]);
}

#[test]
fn interim_scoring_pays_two_to_the_highest_and_one_to_the_next() {
    let mut s = game(3);
    s.interim = true;
    set_good(&mut s, "Massilia", Good::Cloth);
    house(&mut s, 2, "Massilia");
    house(&mut s, 1, "Lutetia");
    for seat in 0..3 {
        let before = s.players[usize::from(seat)].coins;
        play(&mut s, seat, "tribune").unwrap();
        assert!(s.players[usize::from(seat)].interim.is_some());
        if seat < 2 {
            assert_eq!(s.players[usize::from(seat)].coins, before);
        }
    }
    let interim: Vec<u32> = s.players.iter().map(|p| p.interim.unwrap()).collect();
    assert!(interim[2] > interim[1] && interim[1] > interim[0], "{interim:?}");
    assert_eq!(s.players.iter().map(|p| p.coins).collect::<Vec<_>>(), [5, 6 + 1, 7 + 2]);
}

#[test]
fn observed_city_goods_must_fit_the_tiles_of_each_letter() {
    let mut s = start(3, &[]).unwrap();
    assert!(market::deal_cities(&mut s.clone(), &[Good::Brick; 5]).is_err(), "too few");
    assert!(market::deal_cities(&mut s.clone(), &[Good::Cloth; 30]).is_err(), "one cloth per letter");
    let example = match &crate::legal::legal(&s)[0] {
        Command::Cities(g) => g.clone(),
        _ => unreachable!(),
    };
    market::deal_cities(&mut s, &example).unwrap();
    assert!(s.draw_due());
    let deck_ii = cards::in_deck(2, "Weaver").unwrap();
    assert!(market::draw(&mut s, deck_ii).is_err(), "deck I is drawn first");
}

#[test]
fn every_play_is_written_back_as_it_parses() {
    let mut s = game(3);
    house(&mut s, 0, "Massilia");
    give(&mut s, 0, 1, "Colonist");
    give(&mut s, 0, 2, "Consul");
    give(&mut s, 0, 1, "Mercator");
    play(&mut s.clone(), 1, "prefect cash").unwrap();
    s.players[1].discard.push(cards::in_deck(1, "Prefect").unwrap());
    for text in [
        "tribune L",
        "architect S:Roma>r38 L:Roma>r42 build Novaria",
        "prefect Syria",
        "prefect cash",
        "mercator/s sell 1 wine buy 2 brick",
        "mercator/I",
        "colonist L@Massilia S@Roma",
        "colonist cash",
        "senator 1 2:food",
        "consul 6",
        "diplomat p2 prefect cash",
    ] {
        s.current = 0;
        let command = notation::parse_play(&s, 0, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(notation::format(&s, &command), text);
    }
    assert!(notation::parse_play(&s, 0, "mercator").is_err(), "two Mercators of different decks");
    let chance = notation::parse_chance(&s, "cities bfc").unwrap();
    assert_eq!(notation::format(&s, &chance), "cities bfc");
}
