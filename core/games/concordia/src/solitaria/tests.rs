//! Single Solitaria rules, each on a position built by hand: the dice, set-up and the levels,
//! and every reaction of Contrarius with its fallbacks. The helpers here build such positions
//! for tests_builds.rs too.

use std::collections::BTreeMap;

use super::builds::{self, CONTRARIUS};
use super::dice::{self, Die, Face};
use super::reaction::{self, Reaction};
use super::setup;
use super::state::{Solo, Step};
use super::{apply, Solitaria};
use crate::cards::{self, Kind};
use crate::goods::Good;
use crate::map::RouteKind;
use crate::state::{Colonist, Place};
use kifu_core::record::Actor;
use kifu_core::rules::{RuleError, Rules, Setup, Turn};

fn start(options: &[(&str, &str)]) -> Result<Solo, RuleError> {
    let opts: BTreeMap<String, String> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    setup::start(&Setup {
        options: &opts,
        players: 2,
        start: None,
    })
}

pub(super) fn run(solo: &mut Solo, actor: Actor, text: &str) -> Result<(), RuleError> {
    let command = Solitaria.parse(solo, actor, text)?;
    apply(solo, actor, &command)
}

/// Cities dealt in tile order and the display filled from the decks in list order.
pub(super) fn dealt(options: &[(&str, &str)]) -> Solo {
    let mut solo = start(options).expect("set-up");
    while Solitaria.turn(&solo) == Turn::Chance {
        let first = Solitaria.legal(&solo).expect("listed")[0].clone();
        apply(&mut solo, Actor::Chance, &first).expect("chance");
    }
    solo
}

fn reason(result: Result<(), RuleError>) -> String {
    result.expect_err("refused").reason
}

pub(super) fn contrarius(solo: &mut Solo) -> &mut crate::state::Player {
    &mut solo.base.players[usize::from(CONTRARIUS)]
}

/// Every city one good, so a test decides which cities offer which good.
pub(super) fn all_goods(solo: &mut Solo, good: Good) {
    let capital = solo.base.board().capital;
    for (c, g) in solo.base.city_goods.iter_mut().enumerate() {
        *g = (c != capital).then_some(good);
    }
}

fn play_card(solo: &mut Solo, kind: Kind, text: &str) -> Result<(), RuleError> {
    let id = (0..cards::all().len() as u8)
        .find(|c| cards::get(*c).kind == kind)
        .expect("a card");
    if !solo.base.players[0].hand.iter().any(|c| cards::get(*c).kind == kind) {
        solo.base.players[0].hand.push(id);
    }
    run(solo, Actor::Seat(0), text)
}

#[test]
fn the_good_dice_show_five_goods_and_s() {
    for die in [Die::Mercator, Die::Senator] {
        let faces = die.faces();
        assert_eq!(faces.len(), 6);
        assert!(faces.contains(&Face::S) && faces.contains(&Face::Good(Good::Brick)));
    }
    assert_eq!(Die::Architect.faces(), (1..=5).map(Face::Slot).collect::<Vec<_>>());
    assert_eq!(Die::Tribune.faces(), vec![Face::Land, Face::Sea, Face::Card]);
}

#[test]
fn a_roll_of_the_wrong_die_or_face_is_refused_with_the_reason() {
    let err = dice::parse(&["senator", "cloth"], Some(Die::Mercator)).unwrap_err();
    assert!(err.reason.contains("mercator die is due"), "{}", err.reason);
    let err = dice::parse(&["architect", "6"], Some(Die::Architect)).unwrap_err();
    assert!(err.reason.contains("no face '6'"), "{}", err.reason);
    assert!(dice::parse(&["tribune", "card"], None).is_err());
}

#[test]
fn the_goods_fall_back_from_the_die_down_to_brick_then_cloth() {
    let order = builds::goods_from(Good::Food);
    assert_eq!(
        order,
        vec![Good::Food, Good::Brick, Good::Cloth, Good::Wine, Good::Tool]
    );
}

#[test]
fn set_up_gives_contrarius_five_cards_and_the_first_specialist() {
    let solo = dealt(&[]);
    let me = &solo.base.players[usize::from(CONTRARIUS)];
    assert_eq!(me.hand.len(), 6);
    assert!(matches!(cards::get(me.hand[5]).kind, Kind::Specialist(_)));
    assert_eq!(solo.base.display.len(), 7);
    assert_eq!(solo.base.players[0].coins, 6);
    assert_eq!(me.coins, 0);
    assert_eq!(me.goods.total(), 0);
}

#[test]
fn levels_set_the_players_starting_points() {
    assert_eq!(start(&[]).unwrap().start_points, 20);
    assert_eq!(start(&[("level", "veteran")]).unwrap().start_points, 10);
    assert_eq!(start(&[("level", "expert")]).unwrap().start_points, 0);
    assert_eq!(start(&[("level", "strong-veteran")]).unwrap().start_points, 10);
    assert_eq!(start(&[("level", "strong-expert")]).unwrap().start_points, 0);
    assert_eq!(start(&[("points", "40")]).unwrap().start_points, 40);
    assert!(reason(start(&[("level", "hard")]).map(|_| ())).contains("option level"));
    assert!(reason(start(&[("campaign", "yes"), ("level", "expert")]).map(|_| ())).contains("standard"));
    assert!(reason(start(&[("colour", "red")]).map(|_| ())).contains("colour"));
}

#[test]
fn expert_puts_five_houses_on_the_track() {
    let solo = start(&[("level", "expert")]).unwrap();
    assert_eq!(solo.track, vec![10, 20, 30, 40, 50]);
    assert_eq!(solo.base.players[1].houses_left, 10);
}

#[test]
fn a_prefect_producing_scores_contrarius_a_point_a_house_at_least_one() {
    let mut solo = dealt(&[]);
    let province = solo.base.board().provinces[0].name.clone();
    play_card(&mut solo, Kind::Prefect, &format!("prefect {province}")).unwrap();
    assert_eq!(reaction::expected(&solo), Some(Reaction::Score(1)));
    let err = reason(run(&mut solo, Actor::Seat(1), "score 2"));
    assert!(err.contains("Contrarius must score 1, not score 2"), "{err}");
    run(&mut solo, Actor::Seat(1), "score 1").unwrap();
    assert_eq!(solo.points, 1);
}

#[test]
fn the_seed_magnus_example_two_points_for_one_house_three_for_three() {
    for (houses, points) in [(1usize, 2u32), (3, 3)] {
        let mut solo = dealt(&[]);
        let cities = solo.base.board().provinces[2].cities.clone();
        for c in cities.iter().take(houses) {
            solo.base.houses[*c].push(CONTRARIUS);
        }
        let province = solo.base.board().provinces[2].name.clone();
        let bonus = solo.base.bonus_good(2).unwrap();
        let before = solo.base.players[0].goods.count(bonus);
        run(&mut solo, Actor::Seat(0), &format!("magnus {province}")).unwrap();
        assert_eq!(solo.base.players[0].goods.count(bonus), before + 2, "two bonus goods");
        assert_eq!(reaction::expected(&solo), Some(Reaction::Score(points)));
        assert_eq!(contrarius(&mut solo).goods.total(), 0, "Contrarius never takes goods");
    }
}

#[test]
fn a_plain_prefect_gives_one_bonus_good_and_magnus_is_its_own_card() {
    let mut solo = dealt(&[]);
    let province = solo.base.board().provinces[2].name.clone();
    let bonus = solo.base.bonus_good(2).unwrap();
    let before = solo.base.players[0].goods.count(bonus);
    run(&mut solo, Actor::Seat(0), &format!("prefect {province}")).unwrap();
    assert_eq!(solo.base.players[0].goods.count(bonus), before + 1);
    assert!(solo.base.players[0].hand.contains(&solo.magnus_card));
}

#[test]
fn prefect_cash_and_colonist_cash_score_two_and_a_specialist_three() {
    for (kind, text, points) in [
        (Kind::Prefect, "prefect cash", 2),
        (Kind::Colonist, "colonist cash", 2),
        (Kind::Specialist(Good::Wine), "vintner", 3),
    ] {
        let mut solo = dealt(&[]);
        play_card(&mut solo, kind, text).unwrap();
        assert_eq!(reaction::expected(&solo), Some(Reaction::Score(points)), "{text}");
    }
}

#[test]
fn a_mercator_calls_for_the_black_die_and_a_house_of_its_good() {
    let mut solo = dealt(&[]);
    run(&mut solo, Actor::Seat(0), "mercator").unwrap();
    assert_eq!(Solitaria.turn(&solo), Turn::Chance);
    let err = reason(run(&mut solo, Actor::Chance, "die senator wine"));
    assert!(err.contains("mercator die is due"), "{err}");
    assert!(reason(run(&mut solo, Actor::Seat(1), "score 1")).contains("chance is due"));
    run(&mut solo, Actor::Chance, "die mercator wine").unwrap();
    let Some(Reaction::Build { city, .. }) = reaction::expected(&solo) else {
        panic!("a build is due");
    };
    assert_eq!(solo.base.city_goods[city], Some(Good::Wine));
}

#[test]
fn contrarius_build_with_the_wrong_city_is_refused_naming_the_right_one() {
    let mut solo = dealt(&[]);
    run(&mut solo, Actor::Seat(0), "mercator").unwrap();
    run(&mut solo, Actor::Chance, "die mercator cloth").unwrap();
    let due = reaction::expected(&solo).unwrap();
    let text = super::notation::reaction_words(&solo.base, &due);
    let err = reason(run(&mut solo, Actor::Seat(1), "build Roma"));
    assert!(err.contains(&format!("Contrarius must {text}")), "{err}");
    run(&mut solo, Actor::Seat(1), &text).unwrap();
    assert_eq!(solo.base.players[1].houses_left, 14);
    assert_eq!(Solitaria.turn(&solo), Turn::seat(0));
}

#[test]
fn s_on_the_white_die_means_the_best_specialists_good() {
    let mut solo = dealt(&[]);
    let best = builds::best_specialist(&solo.base);
    run(&mut solo, Actor::Seat(0), "senator").unwrap();
    run(&mut solo, Actor::Chance, "die senator S").unwrap();
    assert!(matches!(solo.pending[0], Step::Build { good, .. } if good == best));
}

#[test]
fn the_best_specialist_goes_weaver_first_then_vintner() {
    let mut solo = dealt(&[]);
    let spec = |g| {
        (0..cards::all().len() as u8)
            .find(|c| cards::get(*c).kind == Kind::Specialist(g))
            .unwrap()
    };
    contrarius(&mut solo).hand = vec![spec(Good::Brick), spec(Good::Wine), spec(Good::Food)];
    assert_eq!(builds::best_specialist(&solo.base), Good::Wine);
    contrarius(&mut solo).hand.push(spec(Good::Cloth));
    assert_eq!(builds::best_specialist(&solo.base), Good::Cloth);
}

#[test]
fn an_architect_rolls_the_blue_die_for_the_card_taken() {
    let mut solo = dealt(&[]);
    run(&mut solo, Actor::Seat(0), "architect").unwrap();
    run(&mut solo, Actor::Chance, "die architect 3").unwrap();
    let third = solo.base.display[2];
    run(&mut solo, Actor::Seat(1), "take 3").unwrap();
    assert!(solo.base.players[1].hand.contains(&third));
    assert_eq!(Solitaria.turn(&solo), Turn::Chance, "the display is refilled");
}

#[test]
fn a_slot_past_the_display_takes_the_first_card() {
    let mut solo = dealt(&[]);
    solo.base.decks.iter_mut().for_each(|d| d.clear());
    solo.base.display.truncate(2);
    solo.pending = vec![Step::Take {
        slot: 4,
        fallback: false,
    }];
    assert_eq!(reaction::expected(&solo), Some(Reaction::Take(0)));
}

#[test]
fn no_card_at_all_means_a_build_by_the_white_die() {
    let mut solo = dealt(&[]);
    solo.base.decks.iter_mut().for_each(|d| d.clear());
    solo.base.display.clear();
    solo.pending = vec![Step::Take {
        slot: 0,
        fallback: false,
    }];
    reaction::settle(&mut solo);
    assert_eq!(reaction::die_due(&solo), Some(Die::Senator));
}

#[test]
fn a_tribune_builds_for_the_best_specialist_then_rolls_the_red_die() {
    let mut solo = dealt(&[]);
    run(&mut solo, Actor::Seat(0), "tribune").unwrap();
    let best = builds::best_specialist(&solo.base);
    let Some(Reaction::Build { city, .. }) = reaction::expected(&solo) else {
        panic!("a build first");
    };
    assert_eq!(solo.base.city_goods[city], Some(best));
    let text = super::notation::reaction_words(&solo.base, &reaction::expected(&solo).unwrap());
    run(&mut solo, Actor::Seat(1), &text).unwrap();
    assert_eq!(reaction::die_due(&solo), Some(Die::Tribune));
}

#[test]
fn the_red_die_places_a_colonist_in_roma() {
    let mut solo = dealt(&[]);
    play_card(&mut solo, Kind::Colonist, "colonist").unwrap();
    run(&mut solo, Actor::Chance, "die tribune sea").unwrap();
    run(&mut solo, Actor::Seat(1), "colonist S").unwrap();
    let me = &solo.base.players[1];
    assert_eq!(me.stored, [2, 1]);
    let roma = solo.base.board().capital;
    assert_eq!(
        me.colonists.last(),
        Some(&Colonist {
            kind: RouteKind::Sea,
            at: Place::City(roma)
        })
    );
}

#[test]
fn no_land_colonist_left_means_a_sea_one() {
    let mut solo = dealt(&[]);
    contrarius(&mut solo).stored = [0, 2];
    solo.pending = vec![Step::Colonist {
        kind: RouteKind::Land,
        fallback: false,
    }];
    assert_eq!(reaction::expected(&solo), Some(Reaction::Colonist(RouteKind::Sea)));
}

#[test]
fn all_six_colonists_out_means_the_first_card() {
    let mut solo = dealt(&[]);
    contrarius(&mut solo).stored = [0, 0];
    solo.pending = vec![Step::Colonist {
        kind: RouteKind::Land,
        fallback: false,
    }];
    reaction::settle(&mut solo);
    assert_eq!(reaction::expected(&solo), Some(Reaction::Take(0)));
}

#[test]
fn the_card_face_of_the_red_die_takes_the_first_card() {
    let mut solo = dealt(&[]);
    play_card(&mut solo, Kind::Colonist, "colonist").unwrap();
    run(&mut solo, Actor::Chance, "die tribune card").unwrap();
    assert_eq!(reaction::expected(&solo), Some(Reaction::Take(0)));
}

#[test]
fn no_city_open_means_a_colonist_by_the_red_die_instead() {
    let mut solo = dealt(&[]);
    contrarius(&mut solo).colonists.clear();
    solo.pending = vec![Step::Build {
        good: Good::Cloth,
        produce: false,
        fallback: false,
    }];
    reaction::settle(&mut solo);
    assert_eq!(reaction::die_due(&solo), Some(Die::Tribune));
}

#[test]
fn a_diplomat_copies_a_face_up_card_once_and_contrarius_reacts_to_it() {
    let mut solo = dealt(&[]);
    run(&mut solo, Actor::Seat(0), "diplomat prefect cash").unwrap();
    assert_eq!(reaction::expected(&solo), Some(Reaction::Score(2)));
    let me = &solo.base.players[1];
    assert!(me.discard.iter().any(|c| cards::get(*c).kind == Kind::Prefect));
    assert!(!me.hand.iter().any(|c| cards::get(*c).kind == Kind::Prefect));
    run(&mut solo, Actor::Seat(1), "score 2").unwrap();
    run(&mut solo, Actor::Seat(0), "tribune").unwrap();
    while Solitaria.turn(&solo) != Turn::seat(0) {
        let first = Solitaria.legal(&solo).unwrap()[0].clone();
        let actor = match Solitaria.turn(&solo) {
            Turn::Seat { seat } => Actor::Seat(seat),
            _ => Actor::Chance,
        };
        apply(&mut solo, actor, &first).unwrap();
    }
    let err = reason(run(&mut solo, Actor::Seat(0), "diplomat prefect cash"));
    assert!(err.contains("no face-up prefect"), "{err}");
}

/// With a starting Mercator (3 coins) and a bought one (5) face up, the notation names the
/// deck, each copy is offered and applies as written (a CI tamper sweep once met a listed
/// copy of the second that the text read back as the first).
#[test]
fn a_diplomat_names_the_deck_of_the_copy_when_two_of_a_kind_lie_face_up() {
    let mut solo = dealt(&[]);
    let bought = crate::cards::deck(2)
        .into_iter()
        .find(|c| cards::get(*c).kind == Kind::Mercator)
        .expect("a Mercator in deck II");
    contrarius(&mut solo).hand.push(bought);
    let texts: Vec<String> = Solitaria
        .legal(&solo)
        .unwrap()
        .iter()
        .map(|c| Solitaria.format(&solo, c))
        .filter(|t| t.starts_with("diplomat mercator"))
        .collect();
    assert!(texts.iter().any(|t| t.starts_with("diplomat mercator/s")), "{texts:?}");
    assert!(texts.iter().any(|t| t.starts_with("diplomat mercator/II")), "{texts:?}");
    for text in &texts {
        let mut trial = solo.clone();
        run(&mut trial, Actor::Seat(0), text).unwrap_or_else(|e| panic!("{text}: {}", e.reason));
    }
    let coins = solo.base.players[0].coins;
    let mut second = solo.clone();
    run(&mut second, Actor::Seat(0), "diplomat mercator/II").unwrap();
    assert_eq!(second.base.players[0].coins, coins + 5);
    let mut first = solo.clone();
    run(&mut first, Actor::Seat(0), "diplomat mercator").unwrap();
    assert_eq!(
        first.base.players[0].coins,
        coins + 3,
        "no deck: the first face-up, as before"
    );
    let err = reason(run(&mut solo.clone(), Actor::Seat(0), "diplomat mercator/IV"));
    assert!(err.contains("no face-up mercator/IV"), "{err}");
}

#[test]
fn turned_down_cards_still_score_for_contrarius() {
    let mut solo = dealt(&[]);
    let before = crate::scoring::score(&solo.base, 1).total();
    run(&mut solo, Actor::Seat(0), "diplomat prefect cash").unwrap();
    assert_eq!(crate::scoring::score(&solo.base, 1).total(), before);
}

#[test]
fn whose_turn_is_enforced_with_the_reason() {
    let mut solo = dealt(&[]);
    assert!(reason(run(&mut solo, Actor::Seat(1), "score 1")).contains("p1's turn"));
    run(&mut solo, Actor::Seat(0), "prefect cash").unwrap();
    assert!(reason(run(&mut solo, Actor::Seat(0), "tribune")).contains("Contrarius"));
}

#[test]
fn the_expert_tracks_hold_five_houses_every_ten_nine_or_eight_points() {
    let track = |options: &[(&str, &str)]| start(options).unwrap().track;
    assert_eq!(track(&[("level", "expert")]), [10, 20, 30, 40, 50]);
    assert_eq!(track(&[("level", "strong-expert")]), [9, 18, 27, 36, 45]);
    assert_eq!(
        track(&[("level", "strong-expert"), ("spacing", "8")]),
        [8, 16, 24, 32, 40]
    );
    assert_eq!(
        start(&[("level", "strong-expert")]).unwrap().base.players[1].houses_left,
        10
    );
    assert!(track(&[("level", "veteran")]).is_empty());
    assert!(reason(start(&[("level", "strong-expert"), ("spacing", "7")]).map(|_| ())).contains("9 or 8"));
    assert!(reason(start(&[("level", "expert"), ("spacing", "9")]).map(|_| ())).contains("strong-expert"));
}

#[test]
fn strong_veteran_opens_with_a_second_house_next_to_the_second_colonist() {
    let plain = dealt(&[("level", "veteran")]);
    let strong = dealt(&[("level", "strong-veteran")]);
    assert_eq!(strong.base.players[1].houses_left, 13);
    assert_eq!(strong.base.players[1].colonists, plain.base.players[1].colonists);
    let board = strong.base.board();
    let houses: Vec<usize> = strong.base.cities_of(1).collect();
    assert_eq!(houses.len(), 2);
    assert!(houses.contains(&plain.base.cities_of(1).next().unwrap()));
    // Each house stands at an end of a route holding one of its colonists.
    for city in houses {
        assert!(strong.base.players[1].colonists.iter().any(|c| match c.at {
            Place::Route(r) => board.routes[r].a == city || board.routes[r].b == city,
            Place::City(_) => false,
        }));
    }
}

#[test]
fn veteran_opens_with_a_house_next_to_roma_and_colonists_on_routes() {
    let solo = dealt(&[("level", "veteran")]);
    let me = &solo.base.players[1];
    assert_eq!(me.houses_left, 14);
    let board = solo.base.board();
    let house = solo.base.cities_of(1).next().expect("a house");
    let best_near = (0..board.cities.len())
        .filter(|c| {
            board
                .routes
                .iter()
                .any(|r| (r.a == board.capital && r.b == *c) || (r.b == board.capital && r.a == *c))
        })
        .filter_map(|c| solo.base.city_goods[c])
        .max();
    assert_eq!(solo.base.city_goods[house], best_near);
    assert!(me.colonists.iter().all(|c| matches!(c.at, Place::Route(_))));
}

#[test]
fn the_picture_adds_contrarius_under_the_players() {
    let solo = dealt(&[]);
    let svg = Solitaria.svg(&solo, kifu_core::rules::View::Public).expect("a picture");
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    assert!(doc.root_element().attribute("viewBox").is_some());
    let cells = doc.descendants().filter(|n| n.attribute("data-cell").is_some()).count();
    let board = solo.base.board();
    assert_eq!(
        cells,
        solo.base.display.len() + board.provinces.len() + board.cities.len()
    );
    assert!(svg.contains("Contrarius (p2): "), "{svg}");
    assert!(
        svg.contains("Totals now: p1 hidden"),
        "the public does not see p1's hand"
    );
    assert!(svg.contains("7 hidden card(s)"));
    let mine = Solitaria
        .svg(&solo, kifu_core::rules::View::Seat(0))
        .expect("a picture");
    assert!(mine.contains("hand Tribune"), "p1 sees its hand");
    assert!(!mine.contains("Totals now: p1 hidden"));
    let contrarius = Solitaria.render(&solo, kifu_core::rules::View::Public);
    assert!(
        contrarius.contains("face up: Tribune"),
        "Contrarius's cards lie face up:\n{contrarius}"
    );
}
