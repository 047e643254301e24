//! Hand-built positions of the economic war expansion: coins and payments, the queen's greed,
//! immortal coins, the final count, the four added situation cards (with the seed's two
//! espionage examples) and seeded wars with the expansion that end and verify.

use super::cards::Card;
use super::state::{Phase, State};
use super::tests::{battle, enter, war};
use super::tests_games::play_seeded;
use kifu_core::record::Actor;
use kifu_core::rules::{Rules, Turn};

const ECONOMIC: [(&str, &str); 1] = [("expansion", "economic-war")];

fn economic() -> State {
    war(&ECONOMIC)
}

fn chance(state: &mut State, text: &str) {
    enter(state, Actor::Chance, text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn lay(state: &mut State, cards: [&str; 4]) {
    for (seat, card) in cards.iter().enumerate() {
        enter(state, Actor::Seat(seat as u8), card).unwrap_or_else(|e| panic!("p{} {card}: {e}", seat + 1));
    }
}

/// A state at battle `number` just before its situation card (p1 holds the flag).
fn before_situation(number: u8) -> State {
    let mut state = economic();
    state.battle = number;
    state.phase = Phase::Situation;
    state
}

#[test]
fn each_kingdom_starts_with_seven_coins_and_the_option_is_checked() {
    assert_eq!(economic().coins, [7; 4]);
    assert_eq!(war(&[]).coins, [0; 4]);
    let setup = |options: &[(&str, &str)]| {
        let options = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        super::RedBlackWar::CURRENT
            .setup(&kifu_core::rules::Setup {
                options: &options,
                players: 4,
                start: None,
            })
            .map(|_| ())
            .map_err(|e| e.reason)
    };
    let standard = setup(&[("expansion", "economic-war"), ("deck", "playing-cards")]).unwrap_err();
    assert!(standard.contains("troop deck"), "{standard}");
    assert!(setup(&[("expansion", "gold")])
        .unwrap_err()
        .contains("unknown expansion"));
}

#[test]
fn a_kingdom_pays_coins_before_laying_down_and_never_more_than_it_has() {
    let mut state = economic();
    enter(&mut state, Actor::Seat(0), "pay:p2,3").unwrap();
    assert_eq!(state.coins, [4, 10, 7, 7]);
    assert!(enter(&mut state, Actor::Seat(0), "pay:p2,5")
        .unwrap_err()
        .contains("it has 4"));
    assert!(enter(&mut state, Actor::Seat(0), "pay:p1,1")
        .unwrap_err()
        .contains("cannot pay itself"));
    assert!(enter(&mut state, Actor::Seat(0), "pay:p3,0").is_err());
    enter(&mut state, Actor::Seat(0), "5").unwrap();
    let after = enter(&mut state, Actor::Seat(0), "pay:p3,1").unwrap_err();
    assert!(after.contains("laid its card down"), "{after}");
    assert_eq!(state.coins, [4, 10, 7, 7], "refusals change nothing");
    let mut base = war(&[]);
    assert!(enter(&mut base, Actor::Seat(0), "pay:p2,1")
        .unwrap_err()
        .contains("economic war"));
}

#[test]
fn coins_do_not_move_in_the_last_battle() {
    let mut state = economic();
    state.battle = state.last_battle;
    let refused = enter(&mut state, Actor::Seat(1), "pay:p1,1").unwrap_err();
    assert!(refused.contains("last battle"), "{refused}");
    let legal = super::legal_for(&state, 1);
    assert!(legal.iter().all(|c| !matches!(c, super::Command::Pay(..))));
}

#[test]
fn a_lone_queen_takes_three_coins_and_two_queens_take_none() {
    let mut state = economic();
    battle(&mut state, ["Q", "5", "6", "2"]);
    assert_eq!(state.coins, [10, 7, 7, 7]);
    battle(&mut state, ["8", "Q", "7", "Q"]);
    assert_eq!(state.coins, [10, 7, 7, 7], "two Qs: neither is alone");
    let mut base = war(&[]);
    battle(&mut base, ["Q", "5", "6", "2"]);
    assert_eq!(base.coins, [0; 4]);
}

#[test]
fn the_queen_takes_nothing_in_the_last_battle() {
    let mut state = economic();
    state.battle = state.last_battle;
    battle(&mut state, ["Q", "5", "6", "2"]);
    assert_eq!(state.coins, [7; 4]);
}

#[test]
fn battle_three_winners_take_an_immortal_coin_each() {
    let mut state = economic();
    battle(&mut state, ["2", "3", "4", "5"]); // p2+p4 8 against 6
    battle(&mut state, ["3", "2", "5", "4"]);
    assert_eq!(state.immortal, [0; 4]);
    battle(&mut state, ["9", "6", "8", "7"]); // battle 3: p1+p3 17 against 13
    assert_eq!(state.immortal, [1, 0, 1, 0]);
    battle(&mut state, ["10", "9", "11", "8"]);
    assert_eq!(state.immortal, [1, 0, 1, 0], "only battle 3 gives them");
}

#[test]
fn the_final_count_adds_a_spoil_for_every_two_coins_immortal_included() {
    let mut state = economic();
    state.battle = state.last_battle;
    state.spoils = [10, 11, 9, 0];
    state.coins = [3, 0, 5, 1];
    state.immortal = [1, 0, 0, 1];
    assert_eq!((0..4).map(|s| state.score(s)).collect::<Vec<_>>(), vec![12, 11, 11, 1]);
    for seat in 0..4u8 {
        state.used[usize::from(seat)] = super::cards::Cards::troop(false);
    }
    for seat in 0..4 {
        state.used[seat].remove(Card::rank(2));
    }
    battle(&mut state, ["2", "2", "2", "2"]); // drawn: nobody gains
    let Turn::Over { outcome } = super::RedBlackWar::CURRENT.turn(&state) else {
        panic!("not over")
    };
    assert_eq!(outcome.winners, vec![0], "{outcome}: p1 has 10 spoils and 4 coins");
}

#[test]
fn the_economic_war_turns_up_situations_before_battles_seven_ten_and_fourteen() {
    let mut state = economic();
    for number in 1..=6u8 {
        let n = number.to_string();
        battle(&mut state, [n.as_str(); 4]);
    }
    assert_eq!(state.phase, Phase::Situation);
    assert_eq!(state.situations_left().len(), 10);
    chance(&mut state, "situation promotion");
    for number in 7..=9u8 {
        let n = number.to_string();
        battle(&mut state, [n.as_str(); 4]);
    }
    assert_eq!((state.battle, &state.phase), (10, &Phase::Situation));
    let mut base = war(&[]);
    base.battle = 7;
    base.phase = Phase::Situation;
    let refused = enter(&mut base, Actor::Chance, "situation reserve").unwrap_err();
    assert!(refused.contains("economic war"), "{refused}");
}

#[test]
fn sanctions_halve_a_kingdoms_coins_rounding_down() {
    let mut state = before_situation(7);
    state.coins = [7, 5, 7, 7];
    chance(&mut state, "situation sanctions");
    assert_eq!(state.phase, Phase::Sanction);
    assert!(enter(&mut state, Actor::Seat(1), "sanction:p2")
        .unwrap_err()
        .contains("p1's decision"));
    state.immortal[1] = 1;
    enter(&mut state, Actor::Seat(0), "sanction:p2").unwrap();
    assert_eq!(state.coins, [7, 2, 7, 7], "5 coins become 2");
    assert_eq!(state.immortal[1], 1, "immortal coins are not sanctioned");
    assert_eq!(state.phase, Phase::Play);
}

#[test]
fn the_new_weapon_costs_the_flag_two_coins_and_does_nothing_without_them() {
    let mut state = before_situation(7);
    chance(&mut state, "situation weapon");
    assert_eq!((state.coins[0], state.missile), (5, Some(0)));
    let mut poor = before_situation(7);
    poor.coins[0] = 1;
    chance(&mut poor, "situation weapon");
    assert_eq!((poor.coins[0], poor.missile), (1, None));
}

#[test]
fn the_missile_adds_fifteen_to_its_alliance_once_and_not_in_the_last_battle() {
    let mut state = economic();
    state.battle = 8;
    state.missile = Some(2); // p3, allied with p1
    lay(&mut state, ["2", "9", "3", "8"]);
    assert_eq!(state.phase, Phase::Missile { seat: 2 });
    assert!(
        enter(&mut state, Actor::Chance, "open").is_err(),
        "the missile's decision comes first"
    );
    enter(&mut state, Actor::Seat(2), "fire").unwrap();
    chance(&mut state, "open");
    assert_eq!(state.spoils, [2, 0, 1, 0], "5+15 beat 17; the 2 takes the extra spoil");
    assert_eq!(state.missile, None, "fired, it is gone");
    let mut last = economic();
    last.battle = last.last_battle;
    last.missile = Some(2);
    lay(&mut last, ["2", "9", "3", "8"]);
    assert_eq!(last.phase, Phase::Open, "no missile in the last battle");
}

#[test]
fn a_missile_held_stays_for_a_later_battle() {
    let mut state = economic();
    state.battle = 8;
    state.missile = Some(2);
    lay(&mut state, ["2", "9", "3", "8"]);
    enter(&mut state, Actor::Seat(2), "hold").unwrap();
    chance(&mut state, "open");
    assert_eq!(state.spoils, [0, 1, 0, 2]);
    assert_eq!(state.missile, Some(2));
}

/// Espionage before battle 7: p1 (Black, the flag) turns Red's (p2's) 11.
fn red_eleven_spies_for_black() -> State {
    let mut state = before_situation(7);
    chance(&mut state, "situation espionage");
    assert_eq!(state.phase, Phase::Spy);
    enter(&mut state, Actor::Seat(0), "spy:p2,11").unwrap();
    assert_eq!(state.coins, [6, 8, 7, 7], "Black pays Red a coin");
    state
}

#[test]
fn seed_espionage_example_the_spy_eleven_fights_for_black_and_gray() {
    let mut state = red_eleven_spies_for_black();
    // Red 11 (spy), Pink 18, Black 3, Gray 5: Red-Pink 18, Black-Gray 11+3+5 = 19.
    battle(&mut state, ["3", "11", "5", "18"]);
    assert_eq!(
        state.spoils,
        [2, 0, 1, 0],
        "Black-Gray win; Black's 3 under Gray's 5 takes the extra"
    );
    assert_eq!(state.flag, 0);
    assert_eq!(state.spy, None, "the spy is spent once played");
}

#[test]
fn seed_espionage_example_sixteen_does_not_boost_the_spy_and_red_takes_the_extra() {
    let mut state = red_eleven_spies_for_black();
    battle(&mut state, ["4", "5", "6", "7"]); // battle 7 goes by
    assert_eq!(state.battle, 8);
    let before = state.spoils;
    // Red 11 (spy), Pink 16, Black 2, Gray 2: Red-Pink 16 against 11+2+2 = 15.
    battle(&mut state, ["2", "11", "2", "16"]);
    assert_eq!(state.spoils[1] - before[1], 2, "Red's 11 under Pink's 16: one more");
    assert_eq!(state.spoils[3] - before[3], 1);
    assert_eq!(state.flag, 1);
}

#[test]
fn espionage_needs_a_coin_another_kingdom_and_a_card_in_its_hand() {
    let mut poor = before_situation(7);
    poor.coins[0] = 0;
    chance(&mut poor, "situation espionage");
    assert_eq!(poor.phase, Phase::Play, "no coin: no espionage");
    let mut state = before_situation(7);
    state.used[1].add(Card::rank(11));
    chance(&mut state, "situation espionage");
    assert!(enter(&mut state, Actor::Seat(0), "spy:p1,11")
        .unwrap_err()
        .contains("another kingdom"));
    assert!(enter(&mut state, Actor::Seat(0), "spy:p2,11")
        .unwrap_err()
        .contains("no 11 left"));
    assert_eq!(state.coins, [7; 4]);
    enter(&mut state, Actor::Seat(0), "spy:p2,Q").unwrap();
}

#[test]
fn a_spy_card_cannot_be_laid_down_by_redeployment() {
    let mut state = red_eleven_spies_for_black();
    state.used[1] = super::cards::Cards(0b111);
    state.phase = Phase::Redeploy { order: vec![1] };
    let refused = enter(&mut state, Actor::Seat(1), "redeploy:1,2/11,12").unwrap_err();
    assert!(refused.contains("spy"), "{refused}");
    let legal = super::legal_for(&state, 1);
    assert!(!legal
        .iter()
        .any(|c| matches!(c, super::Command::Redeploy(_, down) if down.contains(&c_(11)))));
    enter(&mut state, Actor::Seat(1), "redeploy:1,2/12,13").unwrap();
}

fn c_(rank: u8) -> Card {
    Card::rank(rank)
}

#[test]
fn the_reserve_currency_issues_a_coin_now_and_before_the_next_two_battles() {
    let mut state = before_situation(7);
    chance(&mut state, "situation reserve");
    assert_eq!(state.coins, [8, 7, 7, 7]);
    battle(&mut state, ["2", "9", "3", "8"]); // p2+p4 win; p4's 8 takes the flag
    assert_eq!(
        state.coins,
        [8, 7, 7, 8],
        "before battle 8 the new flag holder issues one"
    );
    battle(&mut state, ["4", "5", "6", "7"]);
    assert_eq!(state.flag, 1);
    assert_eq!(state.coins, [8, 8, 7, 8]);
    battle(&mut state, ["10", "11", "12", "13"]);
    assert_eq!(state.coins.iter().sum::<u32>(), 31, "three coins in all");
    assert_eq!(state.phase, Phase::Situation, "battle 10's card");
}

#[test]
fn seeded_economic_wars_end_and_verify() {
    let mut kinds = std::collections::BTreeSet::new();
    for round in 0..8u8 {
        let seed = format!("economic war {round}");
        let (record, end) = play_seeded(seed.as_bytes(), &ECONOMIC);
        let Turn::Over { outcome } = &end else { panic!("{end}") };
        assert_eq!(outcome.winners.len(), 1, "{outcome}");
        let situations: Vec<&str> = record
            .entries
            .iter()
            .filter_map(|e| e.command.strip_prefix("situation "))
            .collect();
        assert_eq!(situations.len(), 3, "three situation cards: {situations:?}");
        for entry in &record.entries {
            let word = entry.command.split([':', ' ']).next().unwrap_or("");
            kinds.insert(word.to_string());
        }
    }
    for kind in ["pay", "situation"] {
        assert!(kinds.contains(kind), "no {kind} in eight wars: {kinds:?}");
    }
}
