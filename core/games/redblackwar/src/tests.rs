//! Hand-built positions: every worked example of seed 002 (checked against the seed's own
//! figures), the specials, J's and K's decisions, the situation cards and refusals.

use std::collections::BTreeMap;

use super::battle::{alliance_sum, attacks, fight, Attack};
use super::cards::{Card, J, K, Q};
use super::notation::parse;
use super::state::{Phase, State};
use super::RedBlackWar;
use kifu_core::record::Actor;
use kifu_core::rules::{Rules, Setup, Turn, View};

pub(crate) fn war(options: &[(&str, &str)]) -> State {
    let options: BTreeMap<String, String> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    RedBlackWar::CURRENT
        .setup(&Setup {
            options: &options,
            players: 4,
            start: None,
        })
        .map(|mut state| {
            enter(&mut state, Actor::Chance, "key ?").expect("no key");
            state
        })
        .expect("sets up")
}

pub(crate) fn enter(state: &mut State, actor: Actor, text: &str) -> Result<(), String> {
    let command = parse(state, text).map_err(|e| e.reason)?;
    let mut next = state.clone();
    RedBlackWar::CURRENT
        .apply(&mut next, actor, &command)
        .map_err(|e| e.reason)?;
    *state = next;
    Ok(())
}

/// Lays the four cards down (p1 to p4) and turns them up.
pub(crate) fn battle(state: &mut State, cards: [&str; 4]) {
    for (seat, card) in cards.iter().enumerate() {
        enter(state, Actor::Seat(seat as u8), card).unwrap_or_else(|e| panic!("p{} {card}: {e}", seat + 1));
    }
    enter(state, Actor::Chance, "open").expect("opens");
}

pub(crate) fn c(text: &str) -> Card {
    Card::parse(text).expect("a card")
}

fn n(v: i32) -> Attack {
    Attack::Of(v)
}

/// p1 and p3 are allies, p2 and p4: the attacks of `cards` in battle `number`.
fn attacks_in(number: u8, cards: [&str; 4]) -> [Attack; 4] {
    let mut state = war(&[]);
    state.battle = number;
    attacks(&state, &cards.map(c))
}

#[test]
fn seed_example_two_draws_then_eight_and_nine_beat_three_and_eleven() {
    let mut state = war(&[]);
    battle(&mut state, ["5", "J", "6", "2"]); // J's retreat: drawn
    assert_eq!(state.phase, Phase::Stake { seat: 1 });
    enter(&mut state, Actor::Seat(1), "x1").unwrap();
    battle(&mut state, ["6", "5", "5", "6"]); // 11 against 11: drawn
    assert_eq!(state.carried, 2);
    battle(&mut state, ["8", "3", "9", "11"]);
    assert_eq!(state.spoils, [4, 0, 3, 0], "9 wins the 3 at stake, 8 one more");
    assert_eq!(state.flag, 0, "the extra spoil takes the flag");
    assert_eq!(state.carried, 0);
}

#[test]
fn seed_example_four_from_battle_five_is_a_five_so_one_stays_one() {
    assert_eq!(attacks_in(5, ["1", "2", "4", "2"])[0], n(1));
    assert_eq!(attacks_in(5, ["1", "2", "4", "2"])[2], n(5));
    assert_eq!(
        attacks_in(4, ["1", "2", "4", "2"])[0],
        n(11),
        "before battle 5 the 4 is a 4"
    );
}

#[test]
fn seed_example_four_and_sixteen_in_battle_five_make_twenty_one() {
    assert_eq!(attacks_in(5, ["4", "2", "16", "2"])[0], n(21));
}

#[test]
fn seed_example_thirteen_and_sixteen_in_battle_ten_make_sixteen() {
    assert_eq!(attacks_in(10, ["13", "2", "16", "2"])[0], n(16));
    assert_eq!(attacks_in(9, ["13", "2", "16", "2"])[0], n(29));
}

#[test]
fn seed_example_a_demoted_ten_beside_sixteen_makes_twenty_one() {
    let mut state = war(&[]);
    state.battle = 6;
    state.used[0].add(c("8"));
    assert_eq!(attacks(&state, &["10", "2", "16", "2"].map(c))[0], n(21));
}

#[test]
fn seed_example_queen_and_king_against_eighteen_and_king_is_drawn() {
    let mut state = war(&[]);
    let result = fight(&state, &[Q, c("18"), K, K]);
    assert_eq!(result.winners, None);
    state.battle = 3;
    let result = fight(&state, &[c("2"), c("18"), Q, Q]);
    assert_eq!(result.winners, None, "two minus infinities are equal");
}

#[test]
fn seed_example_great_battle_triples_one_spoil_only() {
    let mut state = war(&[]);
    battle(&mut state, ["5", "6", "6", "5"]);
    battle(&mut state, ["6", "7", "7", "6"]);
    battle(&mut state, ["7", "8", "8", "7"]);
    battle(&mut state, ["J", "9", "9", "2"]); // retreat: the fourth draw
    assert_eq!(state.phase, Phase::Stake { seat: 0 });
    enter(&mut state, Actor::Seat(0), "x3").unwrap();
    assert_eq!(state.carried + state.fresh, 7, "4 + 1*3, not (4+1)*3");
    battle(&mut state, ["18", "1", "17", "3"]);
    assert_eq!(
        &state.spoils[..],
        &[7, 0, 8, 0],
        "35 beats 11 + 3; 17 is the lower card"
    );
}

#[test]
fn seed_example_noblesse_pays_four_for_j_q_and_k() {
    let mut state = war(&[]);
    for card in [J, Q, K] {
        state.used[1].add(card);
    }
    state.used[2].add(J);
    state.phase = Phase::Situation;
    enter(&mut state, Actor::Chance, "situation noblesse").unwrap();
    assert_eq!(state.spoils, [0, 4, 1, 0]);
}

#[test]
fn ace_recruit_beside_a_low_card_is_eleven() {
    assert_eq!(attacks_in(1, ["1", "2", "3", "2"])[0], n(11));
    assert_eq!(attacks_in(1, ["1", "2", "5", "2"])[0], n(1));
    assert_eq!(
        attacks_in(1, ["1", "2", "1", "2"])[..],
        [n(11), n(2), n(11), n(2)],
        "each 1 sees the other's 1"
    );
}

#[test]
fn two_sevens_are_twenty_four_each() {
    assert_eq!(attacks_in(3, ["7", "2", "7", "2"])[..], [n(24), n(2), n(24), n(2)]);
}

#[test]
fn the_sixteen_boosts_only_in_battles_five_to_ten() {
    assert_eq!(attacks_in(4, ["3", "2", "16", "2"])[0], n(3));
    assert_eq!(attacks_in(11, ["3", "2", "16", "2"])[0], n(3));
    assert_eq!(attacks_in(7, ["3", "2", "16", "2"])[0], n(19));
}

#[test]
fn promotion_raises_ten_to_sixteen_and_moves_the_boost_to_fourteen() {
    let mut state = war(&[]);
    state.promotion = true;
    state.battle = 10;
    state.used[0].add(c("7"));
    let seen = attacks(&state, &["10", "13", "14", "17"].map(c));
    assert_eq!(seen[0], n(12 + 16), "10's special ignored, +2, and 14 beside it boosts");
    assert_eq!(seen[1], n(15), "13 does not retire after promotion");
    assert_eq!(seen[3], n(18));
    let boost = attacks(&state, &["3", "2", "16", "2"].map(c));
    assert_eq!(boost[0], n(3), "16 no longer boosts");
}

#[test]
fn a_king_makes_its_alliance_infinite_even_beside_a_queen() {
    assert_eq!(alliance_sum(&[(Q, Attack::Minus), (K, Attack::Plus)], 0), Attack::Plus);
    assert_eq!(alliance_sum(&[(Q, Attack::Minus), (c("18"), n(18))], 20), Attack::Minus);
    assert_eq!(alliance_sum(&[(c("3"), n(3)), (c("4"), n(4))], 20), n(27));
}

#[test]
fn a_j_does_not_retreat_beside_a_queen_or_king() {
    let state = war(&[]);
    let result = fight(&state, &[J, c("18"), K, c("17")]);
    assert_eq!(result.winners, Some([0, 2]));
    assert_eq!(result.extra, Some(0), "J's 0 is the lower card");
}

#[test]
fn equal_cards_of_the_winners_earn_no_extra_and_keep_the_flag() {
    let mut state = war(&[]);
    state.flag = 3;
    let result = fight(&state, &[c("9"), c("2"), c("9"), c("3")]);
    assert_eq!(result.gains, [1, 0, 1, 0]);
    battle(&mut state, ["9", "2", "9", "3"]);
    assert_eq!(state.flag, 3);
}

#[test]
fn two_js_mean_no_decision() {
    let mut state = war(&[]);
    battle(&mut state, ["J", "J", "3", "4"]);
    assert_eq!(state.phase, Phase::Play);
    assert_eq!(state.battle, 2);
}

#[test]
fn the_king_decides_new_alliances_after_the_j() {
    let mut state = war(&[]);
    battle(&mut state, ["5", "6", "7", "8"]);
    battle(&mut state, ["6", "7", "8", "9"]);
    battle(&mut state, ["J", "K", "2", "3"]);
    assert_eq!(state.phase, Phase::Stake { seat: 0 });
    assert!(enter(&mut state, Actor::Seat(1), "ally:p1")
        .unwrap_err()
        .contains("p1's decision"));
    enter(&mut state, Actor::Seat(0), "x2").unwrap();
    assert_eq!(state.phase, Phase::Ally { seat: 1 });
    enter(&mut state, Actor::Seat(1), "ally:p1").unwrap();
    assert_eq!(state.allies, [1, 0, 3, 2]);
    assert_eq!(state.fresh, 2);
}

#[test]
fn the_king_has_no_say_in_the_first_two_battles() {
    let mut state = war(&[]);
    battle(&mut state, ["5", "K", "7", "8"]);
    assert_eq!(state.phase, Phase::Play);
}

#[test]
fn a_card_already_used_is_refused_and_a_seat_plays_once() {
    let mut state = war(&[]);
    battle(&mut state, ["5", "6", "7", "8"]);
    let error = enter(&mut state, Actor::Seat(0), "5").unwrap_err();
    assert!(error.contains("p1 has no 5 left"), "{error}");
    enter(&mut state, Actor::Seat(0), "6").unwrap();
    let error = enter(&mut state, Actor::Seat(0), "7").unwrap_err();
    assert!(error.contains("already laid a card down"), "{error}");
}

#[test]
fn cards_out_of_the_deck_and_strangers_are_refused() {
    let mut state = war(&[]);
    assert!(enter(&mut state, Actor::Seat(0), "19")
        .unwrap_err()
        .contains("not a card of the deck"));
    assert!(enter(&mut state, Actor::Seat(4), "5")
        .unwrap_err()
        .contains("p5 is not a player"));
    let mut small = war(&[("deck", "playing-cards")]);
    assert!(enter(&mut small, Actor::Seat(0), "11")
        .unwrap_err()
        .contains("standard-deck war"));
    enter(&mut small, Actor::Seat(0), "A").unwrap();
}

#[test]
fn open_must_state_the_cards_laid_down() {
    let mut state = war(&[]);
    for (seat, card) in ["5", "6", "7", "8"].iter().enumerate() {
        enter(&mut state, Actor::Seat(seat as u8), card).unwrap();
    }
    let error = enter(&mut state, Actor::Chance, "open 5 6 7 9").unwrap_err();
    assert!(error.contains("p4 did not lay down 9"), "{error}");
    assert!(enter(&mut state, Actor::Seat(0), "open 5 6 7 8").is_err());
    enter(&mut state, Actor::Chance, "open 5 6 7 8").unwrap();
}

#[test]
fn seats_still_to_play_act_at_once_and_the_views_hide_cards_down() {
    let mut state = war(&[]);
    enter(&mut state, Actor::Seat(2), "K").unwrap();
    assert_eq!(
        RedBlackWar::CURRENT.turn(&state),
        Turn::Simultaneous { seats: vec![0, 1, 3] }
    );
    let command = parse(&state, "Q").unwrap();
    assert_eq!(
        RedBlackWar::CURRENT.redact(&state, Actor::Seat(0), &command, View::Seat(1)),
        "?"
    );
    assert_eq!(
        RedBlackWar::CURRENT.redact(&state, Actor::Seat(0), &command, View::Seat(0)),
        "Q"
    );
    assert!(!RedBlackWar::CURRENT
        .render(&state, View::Seat(0))
        .contains("laid down K"));
    assert!(RedBlackWar::CURRENT
        .render(&state, View::Seat(2))
        .contains("laid down K"));
    let json = RedBlackWar::CURRENT.state_json(&state, View::Public);
    assert_eq!(json["down"][2], serde_json::Value::Null);
    assert_eq!(json["laid_down"][2], true);
}

#[test]
fn comeback_gives_the_horn_and_it_adds_twenty_once() {
    let mut state = war(&[]);
    state.spoils = [3, 0, 2, 1];
    state.phase = Phase::Situation;
    enter(&mut state, Actor::Chance, "situation comeback").unwrap();
    assert_eq!(state.horn, Some(1));
    battle(&mut state, ["10", "2", "9", "3"]);
    assert_eq!(state.phase, Phase::Horn { seat: 1 });
    enter(&mut state, Actor::Seat(1), "blow").unwrap();
    assert_eq!(state.spoils, [3, 2, 2, 2], "5 + 20 beats 19; p2's 2 earns the extra");
    assert_eq!(state.horn, None);
}

#[test]
fn a_tie_for_the_horn_is_the_flag_holders_to_settle() {
    let mut state = war(&[]);
    state.spoils = [3, 0, 2, 0];
    state.phase = Phase::Situation;
    enter(&mut state, Actor::Chance, "situation comeback").unwrap();
    assert_eq!(state.phase, Phase::GiveHorn { candidates: vec![1, 3] });
    assert!(enter(&mut state, Actor::Seat(0), "give:p3")
        .unwrap_err()
        .contains("fewest spoils"));
    enter(&mut state, Actor::Seat(0), "give:p4").unwrap();
    assert_eq!(state.horn, Some(3));
}

#[test]
fn hegemony_takes_a_spoil_from_a_kingdom_that_has_one() {
    let mut state = war(&[]);
    state.spoils = [0, 0, 2, 0];
    state.phase = Phase::Situation;
    enter(&mut state, Actor::Chance, "situation hegemony").unwrap();
    assert!(enter(&mut state, Actor::Seat(0), "take:p2")
        .unwrap_err()
        .contains("no spoils"));
    enter(&mut state, Actor::Seat(0), "take:p3").unwrap();
    assert_eq!(state.spoils, [1, 0, 1, 0]);
}

#[test]
fn blitz_ends_the_war_at_battle_eighteen() {
    let mut state = war(&[]);
    state.phase = Phase::Situation;
    enter(&mut state, Actor::Chance, "situation blitz").unwrap();
    assert_eq!(state.last_battle, 18);
    let error = enter(&mut state, Actor::Chance, "situation blitz").unwrap_err();
    assert!(error.contains("cannot be entered now"), "{error}");
}

#[test]
fn redeploy_swaps_two_used_cards_for_two_in_hand() {
    let mut state = war(&[]);
    for card in ["1", "2", "3"] {
        state.used.iter_mut().for_each(|u| u.add(c(card)));
    }
    state.flag = 2;
    state.phase = Phase::Situation;
    enter(&mut state, Actor::Chance, "situation redeploy").unwrap();
    assert_eq!(
        RedBlackWar::CURRENT.turn(&state),
        Turn::seat(2),
        "the flag holder first"
    );
    assert!(enter(&mut state, Actor::Seat(2), "redeploy:1,5/12,K")
        .unwrap_err()
        .contains("has not used 5"));
    assert!(enter(&mut state, Actor::Seat(2), "redeploy:1,2/3,K")
        .unwrap_err()
        .contains("does not hold 3"));
    enter(&mut state, Actor::Seat(2), "redeploy:1,2/12,K").unwrap();
    assert!(state.hand(2).has(c("1")) && !state.hand(2).has(K));
    assert_eq!(RedBlackWar::CURRENT.turn(&state), Turn::seat(3));
}

#[test]
fn the_standard_deck_applies_hegemony_before_battle_seven_and_ends_after_thirteen() {
    let mut state = war(&[("deck", "playing-cards")]);
    let rounds = [
        ["2", "3", "4", "5"],
        ["3", "2", "5", "4"],
        ["4", "5", "2", "3"],
        ["5", "4", "3", "2"],
        ["6", "7", "8", "9"],
        ["7", "6", "9", "8"],
    ];
    for cards in rounds {
        battle(&mut state, cards);
    }
    assert_eq!(state.battle, 7);
    assert_eq!(state.phase, Phase::Take, "hegemony with no situation card");
    assert!(state.situations.is_empty());
    let flag = state.flag;
    let from = (0..4u8)
        .find(|s| *s != flag && state.spoils[usize::from(*s)] > 0)
        .unwrap();
    enter(&mut state, Actor::Seat(flag), &format!("take:p{}", from + 1)).unwrap();
    for cards in [
        ["8", "9", "6", "7"],
        ["9", "8", "7", "6"],
        ["10", "10", "10", "10"],
        ["1", "1", "1", "1"],
    ] {
        battle(&mut state, cards);
    }
    battle(&mut state, ["J", "Q", "K", "J"]);
    assert_eq!(
        state.phase,
        Phase::Ally { seat: 2 },
        "two Js: no J decision; K decides in battle 11"
    );
    enter(&mut state, Actor::Seat(2), "ally:p1").unwrap();
    battle(&mut state, ["Q", "J", "Q", "K"]);
    assert_eq!(
        state.phase,
        Phase::Stake { seat: 1 },
        "no K decision in the last two battles"
    );
    enter(&mut state, Actor::Seat(1), "x1").unwrap();
    assert_eq!(state.battle, 13);
    battle(&mut state, ["K", "K", "J", "Q"]);
    assert!(
        matches!(state.phase, Phase::Over { .. } | Phase::Rank { .. }),
        "{:?}",
        state.phase
    );
}

#[test]
fn a_tie_for_first_goes_to_the_last_battle_then_to_the_flag() {
    let mut state = war(&[]);
    state.battle = 21;
    state.used = [super::cards::Cards(((1 << 21) - 1) & !(1 << 4)); 4];
    state.spoils = [5, 5, 5, 5];
    battle(&mut state, ["5", "5", "5", "5"]);
    assert_eq!(state.phase, Phase::Rank { tied: vec![0, 1, 2, 3] });
    assert!(enter(&mut state, Actor::Seat(0), "rank:p2,p1")
        .unwrap_err()
        .contains("exactly"));
    enter(&mut state, Actor::Seat(0), "rank:p3,p1,p2,p4").unwrap();
    let Turn::Over { outcome } = RedBlackWar::CURRENT.turn(&state) else {
        panic!()
    };
    assert_eq!(outcome.winners, vec![2]);

    let mut state = war(&[]);
    state.battle = 21;
    let all = (1u32 << 21) - 1;
    state.used = [2, 5, 3, 6].map(|rank: u32| super::cards::Cards(all & !(1 << (rank - 1))));
    state.spoils = [5, 7, 9, 5];
    battle(&mut state, ["2", "5", "3", "6"]);
    assert_eq!(state.spoils, [5, 9, 9, 6], "p2's 5 beside p4's 6 wins 1 and the extra");
    let Turn::Over { outcome } = RedBlackWar::CURRENT.turn(&state) else {
        panic!("{:?}", state.phase)
    };
    assert_eq!(outcome.winners, vec![1], "p2 won more in the last battle than p3");
}

#[test]
fn options_and_player_counts_are_checked() {
    let options = BTreeMap::from([("expansion".to_string(), "economic-war".to_string())]);
    let setup = Setup {
        options: &options,
        players: 4,
        start: None,
    };
    assert!(RedBlackWar::CURRENT.setup(&setup).is_ok_and(|war| war.economic));
    let none = BTreeMap::new();
    let three = Setup {
        options: &none,
        players: 3,
        start: None,
    };
    assert!(RedBlackWar::CURRENT
        .setup(&three)
        .unwrap_err()
        .reason
        .contains("four kingdoms"));
}

/// The `data-cell` names of a picture, checked to be SVG with a viewBox and no inline style.
fn svg_cells(doc: &roxmltree::Document) -> Vec<String> {
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(doc.root_element().attribute("viewBox").is_some());
    doc.descendants()
        .filter_map(|n| n.attribute("data-cell").map(String::from))
        .collect()
}

/// The text drawn inside each `<g class="down">`: the cards laid down as the picture shows them.
fn laid_down(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("down"))
        .map(|g| {
            g.descendants()
                .filter(|n| n.is_text())
                .filter_map(|n| n.text())
                .collect()
        })
        .collect()
}

#[test]
fn the_picture_shows_a_card_laid_down_to_its_own_kingdom_only() {
    let mut state = war(&[]);
    assert_eq!(state.phase, Phase::Play);
    enter(&mut state, Actor::Seat(0), "11").unwrap();
    let own = RedBlackWar::CURRENT.svg(&state, View::Seat(0)).unwrap();
    let doc = roxmltree::Document::parse(&own).expect("XML");
    assert!(!own.contains("style="));
    assert_eq!(laid_down(&doc), ["11"]);
    assert!(svg_cells(&doc).is_empty(), "p1 has laid down: nothing more to name");
    for view in [View::Seat(1), View::Public] {
        let other = RedBlackWar::CURRENT.svg(&state, view).unwrap();
        let doc = roxmltree::Document::parse(&other).expect("XML");
        assert_eq!(laid_down(&doc), [""], "{view:?} sees p1's card face down");
    }
    let p2 = RedBlackWar::CURRENT.svg(&state, View::Seat(1)).unwrap();
    let names = svg_cells(&roxmltree::Document::parse(&p2).unwrap());
    assert_eq!(names.len(), 21, "p2's whole troop: 1-18, J, Q, K");
    assert_eq!((names[0].as_str(), names[20].as_str()), ("1", "K"));
}
