//! Scoring and the rest of seed 001 on hand-built positions: the worked example (114 points)
//! line by line, each god's measure, the game end, the tie-break, interim scoring, set-up,
//! the market's surcharges, the data's counts, observed chance and the notation.

use super::tests::{game, give, goods, house, play, set_good, start};
use crate::cards;
use crate::goods::Good;
use crate::map::{self, RouteKind};
use crate::market;
use crate::notation::{self, Command};
use crate::scoring;
use crate::state::{Colonist, Place};

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
    p.colonists
        .extend([Place::Route(1), Place::Route(5), Place::Route(9)].map(|at| Colonist {
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
    assert_eq!(
        (imperium.cities.len(), imperium.routes.len(), imperium.provinces.len()),
        (31, 79, 12)
    );
    assert_eq!(
        (italia.cities.len(), italia.routes.len(), italia.provinces.len()),
        (26, 63, 11)
    );
    let land = |m: &map::Map| m.routes.iter().filter(|r| r.kind == RouteKind::Land).count();
    assert_eq!((land(imperium), land(italia)), (44, 40));
    assert_eq!(imperium.cities[imperium.capital].code, "Roma");
    assert_eq!(cards::all().len(), 7 + 30);
    assert_eq!(
        (1..=5).map(|d| cards::deck(d).len()).collect::<Vec<_>>(),
        [8, 7, 6, 5, 4]
    );
}

#[test]
fn setup_gives_coins_by_seat_goods_colonists_and_the_magnus_to_the_last_seat() {
    let s = start(4, &[]).unwrap();
    assert_eq!(s.map, "imperium");
    assert_eq!(s.players.iter().map(|p| p.coins).collect::<Vec<_>>(), [5, 6, 7, 8]);
    let p = &s.players[0];
    assert_eq!(
        p.goods,
        goods(&[
            (Good::Brick, 1),
            (Good::Food, 2),
            (Good::Tool, 1),
            (Good::Wine, 1),
            (Good::Cloth, 1)
        ])
    );
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
            format!(
                "{}{}",
                s.goods.iter().map(|g| g.name()).collect::<Vec<_>>().join("+"),
                "+any".repeat(s.any as usize)
            )
        })
        .collect();
    assert_eq!(text, ["", "+any", "+any", "cloth", "cloth", "cloth+any", "cloth+cloth"]);
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
    assert_eq!(
        (score.vesta, score.jupiter, score.saturnus, score.mercurius, score.mars),
        (2, 4, 4, 4, 4)
    );
}

#[test]
fn vesta_counts_coins_and_goods_at_their_prices_per_ten_rounded_down() {
    let mut s = game(3);
    s.players[0].goods = goods(&[]);
    s.players[0].coins = 39;
    assert_eq!(scoring::per_card(&s, 0)[0], 3, "39 / 10");
    s.players[0].goods = goods(&[(Good::Brick, 1)]);
    assert_eq!(scoring::per_card(&s, 0)[0], 4, "(39 + 3) / 10");
    s.players[0].goods = goods(&[(Good::Cloth, 1), (Good::Wine, 1), (Good::Tool, 1), (Good::Food, 1)]);
    s.players[0].coins = 0;
    assert_eq!(scoring::per_card(&s, 0)[0], 2, "7 + 6 + 5 + 4 = 22");
}

#[test]
fn jupiter_counts_houses_outside_brick_cities_only() {
    let mut s = game(3);
    house(&mut s, 0, "Londinium");
    house(&mut s, 0, "Lutetia");
    assert_eq!(scoring::per_card(&s, 0)[1], 0, "two brick cities");
    set_good(&mut s, "Lutetia", Good::Food);
    set_good(&mut s, "Massilia", Good::Cloth);
    house(&mut s, 0, "Massilia");
    assert_eq!(scoring::per_card(&s, 0)[1], 2);
    assert_eq!(scoring::per_card(&s, 1)[1], 0, "another seat's houses do not count");
}

#[test]
fn saturnus_counts_each_province_with_an_own_house_once() {
    let mut s = game(3);
    house(&mut s, 0, "Lutetia");
    house(&mut s, 0, "Massilia");
    house(&mut s, 0, "Burdigala");
    assert_eq!(scoring::per_card(&s, 0)[2], 1, "three houses in Gallia");
    house(&mut s, 0, "Londinium");
    assert_eq!(scoring::per_card(&s, 0)[2], 2, "and Britannia");
}

#[test]
fn mercurius_gives_two_per_kind_of_good_the_own_cities_produce() {
    let mut s = game(3);
    house(&mut s, 0, "Lutetia");
    house(&mut s, 0, "Londinium");
    assert_eq!(scoring::per_card(&s, 0)[3], 2, "brick twice is one kind");
    set_good(&mut s, "Massilia", Good::Wine);
    set_good(&mut s, "Carthago", Good::Cloth);
    house(&mut s, 0, "Massilia");
    house(&mut s, 0, "Carthago");
    assert_eq!(scoring::per_card(&s, 0)[3], 6, "brick, wine, cloth");
}

#[test]
fn mars_gives_two_per_colonist_on_the_board_not_in_the_storehouse() {
    let mut s = game(3);
    assert_eq!(scoring::per_card(&s, 0)[4], 4, "the two in Roma");
    s.players[0].stored = [0, 0];
    assert_eq!(scoring::per_card(&s, 0)[4], 4, "stored colonists never count");
    s.players[0].colonists.push(Colonist {
        kind: RouteKind::Land,
        at: Place::Route(42),
    });
    assert_eq!(scoring::per_card(&s, 0)[4], 6);
}

#[test]
fn minerva_pays_each_specialist_per_own_house_of_its_good() {
    let mut s = game(3);
    set_good(&mut s, "Massilia", Good::Food);
    house(&mut s, 0, "Massilia");
    house(&mut s, 0, "Lutetia");
    house(&mut s, 0, "Londinium");
    s.players[0].hand.clear();
    give(&mut s, 0, 1, "Mason");
    assert_eq!(scoring::score(&s, 0).minerva, 3 * 2, "Mason: 3 per brick city");
    give(&mut s, 0, 1, "Farmer");
    assert_eq!(scoring::score(&s, 0).minerva, 3 * 2 + 3, "Farmer: 3 per food city");
    set_good(&mut s, "Londinium", Good::Wine);
    give(&mut s, 0, 2, "Vintner");
    assert_eq!(scoring::score(&s, 0).minerva, 3 + 3 + 4, "Vintner: 4 per wine city");
    set_good(&mut s, "Lutetia", Good::Cloth);
    give(&mut s, 0, 2, "Weaver");
    assert_eq!(
        scoring::score(&s, 0).minerva,
        3 + 4 + 5,
        "Weaver: 5; no brick city left for the Mason"
    );
    set_good(&mut s, "Massilia", Good::Tool);
    give(&mut s, 0, 1, "Smith");
    assert_eq!(
        scoring::score(&s, 0).minerva,
        3 + 4 + 5,
        "Smith: 3 per tool city, the Farmer 0 now"
    );
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
    assert!(
        play(&mut s.clone(), 1, "architect build Novaria").is_err(),
        "no colonist there"
    );
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
    assert!(
        market::deal_cities(&mut s.clone(), &[Good::Brick; 5]).is_err(),
        "too few"
    );
    assert!(
        market::deal_cities(&mut s.clone(), &[Good::Cloth; 30]).is_err(),
        "one cloth per letter"
    );
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
    assert!(
        notation::parse_play(&s, 0, "mercator").is_err(),
        "two Mercators of different decks"
    );
    let chance = notation::parse_chance(&s, "cities bfc").unwrap();
    assert_eq!(notation::format(&s, &chance), "cities bfc");
}

/// The plays of one card `legal` lists in `s`, as text.
fn listed(s: &crate::state::State, word: &str) -> std::collections::BTreeSet<String> {
    crate::legal::legal(s)
        .iter()
        .map(|c| notation::format(s, c))
        .filter(|t| t.split(' ').next() == Some(word))
        .collect()
}

/// Every text in `texts` that parses and applies for p1 in `s`.
fn accepted(s: &crate::state::State, texts: Vec<String>) -> std::collections::BTreeSet<String> {
    texts
        .into_iter()
        .filter(|t| play(&mut s.clone(), 0, t).is_ok())
        .collect()
}

#[test]
fn legal_lists_every_mercator_play_that_applies_and_no_other() {
    let mut s = game(3);
    s.players[0].coins = 9;
    s.players[0].goods = goods(&[(Good::Wine, 2), (Good::Brick, 1)]);
    let names = ["brick", "food", "tool", "wine", "cloth"];
    let mut trades = Vec::new();
    for verb in ["sell", "buy"] {
        for n in 1..=13 {
            for g in names {
                trades.push(format!("{verb} {n} {g}"));
            }
        }
    }
    let mut texts = vec!["mercator".to_string()];
    for a in &trades {
        texts.push(format!("mercator {a}"));
        for b in &trades {
            texts.push(format!("mercator {a} {b}"));
        }
    }
    let brute = accepted(&s, texts);
    assert!(
        brute.contains("mercator sell 2 wine buy 4 brick"),
        "3 + 12 coins buy 4 bricks? {}",
        brute.len()
    );
    assert_eq!(listed(&s, "mercator"), brute);
}

#[test]
fn legal_lists_every_senator_and_consul_purchase_that_applies_and_no_other() {
    let mut s = game(3);
    s.players[0].goods = goods(&[
        (Good::Cloth, 3),
        (Good::Food, 2),
        (Good::Tool, 2),
        (Good::Brick, 2),
        (Good::Wine, 1),
    ]);
    give(&mut s, 0, 2, "Consul");
    let mut one = Vec::new();
    for slot in 1..=7 {
        one.push(slot.to_string());
        for g in ["brick", "food", "tool", "wine", "cloth"] {
            one.push(format!("{slot}:{g}"));
        }
    }
    for card in ["senator", "consul"] {
        let mut texts = vec![card.to_string()];
        for a in &one {
            texts.push(format!("{card} {a}"));
            for b in &one {
                texts.push(format!("{card} {a} {b}"));
            }
        }
        let brute = accepted(&s, texts);
        assert!(brute.len() > 7, "{card}: {brute:?}");
        assert_eq!(listed(&s, card), brute, "{card}");
    }
}
