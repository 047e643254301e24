//! Rules tests on chosen positions: special cards, passing, the token, running out of cards,
//! thrown-away hands, rounds, the end of a game, the optional rules, notation and views.

use super::cards::{Card, Hand};
use super::map::map;
use super::state::{Phase, State};
use super::*;
use kifu_core::game::Game;
use kifu_core::rules::Outcome;

fn setup(players: usize, options: &[(&str, &str)]) -> Result<State, RuleError> {
    let options = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Condottiere.setup(&Setup {
        options: &options,
        players,
        start: None,
    })
}

fn actor(name: &str) -> Actor {
    Actor::parse(name).expect("an actor")
}

/// Parses, checks the canonical text reads back, and applies; panics on refusal.
fn act(state: &mut State, who: &str, text: &str) {
    let command = Condottiere
        .parse(state, actor(who), text)
        .unwrap_or_else(|e| panic!("{who} '{text}': {e}"));
    let canonical = Condottiere.format(state, &command);
    assert_eq!(
        Condottiere.parse(state, actor(who), &canonical).ok(),
        Some(command.clone())
    );
    Condottiere
        .apply(state, actor(who), &command)
        .unwrap_or_else(|e| panic!("{who} '{text}': {e}"));
}

/// The reason a command is refused (on a copy: the state is untouched).
fn refused(state: &State, who: &str, text: &str) -> String {
    let mut copy = state.clone();
    let result = Condottiere
        .parse(&copy, actor(who), text)
        .and_then(|c| Condottiere.apply(&mut copy, actor(who), &c));
    result.expect_err("refused").reason
}

fn region(name: &str) -> u8 {
    map().find(name).expect("a region")
}

fn hand(text: &str) -> Hand {
    Hand::parse(text).expect("a hand")
}

/// Three players with known hands, p1 holding the token, Genova chosen.
fn three_in_genova(p1: &str, p2: &str, p3: &str) -> State {
    let mut state = setup(3, &[]).expect("setup");
    act(&mut state, "chance", &format!("deal p1:{p1} p2:{p2} p3:{p3}"));
    act(&mut state, "p1", "choose Genova");
    state
}

const TEN_A: &str = "10,10,S,1,1,1,1,1,1,1";
const TEN_B: &str = "W,2,2,2,2,2,2,2,2,3";
const TEN_C: &str = "3,3,3,3,3,3,3,4,4,4";

#[test]
fn scarecrow_takes_back_a_mercenary_played_before_winter() {
    let mut state = three_in_genova(TEN_A, TEN_B, TEN_C);
    act(&mut state, "p1", "play 10");
    act(&mut state, "p2", "winter");
    act(&mut state, "p3", "4");
    assert!(refused(&state, "p1", "S:4").contains("p1 has no mercenary 4 in front of them"));
    assert!(refused(&state, "p1", "S:W").contains("takes back only a mercenary"));
    assert!(refused(&state, "p1", "play 1:10").contains("only the scarecrow takes a card back"));
    act(&mut state, "p1", "scarecrow 10");
    assert_eq!(state.players[0].hand.count(Card::M10), 2);
    assert_eq!(state.players[0].row, vec![Card::Scarecrow]);
    assert!(battle::winter(&state), "the winter stays in play");
    act(&mut state, "p2", "pass");
    act(&mut state, "p3", "pass");
    act(&mut state, "p1", "10");
    assert_eq!(battle::strength(&state, 0), 1);
    act(&mut state, "p1", "pass");
    // 1 against 1: a tie takes nothing and the token goes left.
    assert_eq!(state.owner[usize::from(region("Genova"))], None);
    assert_eq!((state.token, &state.phase), (1, &Phase::Choose));
    assert_eq!(state.pile[Card::Scarecrow.index()], 1);
}

#[test]
fn surrender_ends_the_battle_at_once_for_the_strongest() {
    let mut state = three_in_genova(TEN_A, "R,2,2,2,2,2,2,2,2,3", TEN_C);
    act(&mut state, "p1", "10");
    act(&mut state, "p2", "surrender");
    assert_eq!(state.owner[usize::from(region("Genova"))], Some(0));
    assert_eq!((state.token, &state.phase), (0, &Phase::Choose));
    assert_eq!(state.players[2].hand.len(), 10, "p3 never played");
}

#[test]
fn the_bishop_ends_the_battle_with_no_winner() {
    let mut state = three_in_genova(TEN_A, "B,2,2,2,2,2,2,2,2,3", TEN_C);
    act(&mut state, "p1", "10");
    act(&mut state, "p2", "B");
    assert_eq!(state.owner[usize::from(region("Genova"))], None);
    assert_eq!(state.token, 1);
    assert!(state.last.as_deref().unwrap_or("").contains("bishop"));
}

#[test]
fn a_pass_is_final_and_the_last_player_plays_on_alone() {
    let mut state = three_in_genova(TEN_A, TEN_B, TEN_C);
    act(&mut state, "p1", "pass");
    act(&mut state, "p2", "2");
    act(&mut state, "p3", "pass");
    assert_eq!(Condottiere.turn(&state), Turn::seat(1));
    act(&mut state, "p2", "2");
    assert!(refused(&state, "p1", "10").contains("it is p2's turn"));
    act(&mut state, "p2", "pass");
    assert_eq!(state.owner[usize::from(region("Genova"))], Some(1));
    assert_eq!(state.token, 1);
}

#[test]
fn an_empty_battle_takes_nothing_and_the_token_goes_left() {
    let mut state = three_in_genova(TEN_A, TEN_B, TEN_C);
    for who in ["p1", "p2", "p3"] {
        act(&mut state, who, "pass");
    }
    assert_eq!(state.owner.iter().flatten().count(), 0);
    assert_eq!(state.token, 1);
    // The same city may be chosen again; the condottiere may also pass the choice.
    act(&mut state, "p2", "pass");
    assert_eq!(state.token, 2);
    assert!(refused(&state, "p2", "Genova").contains("only the condottiere (p3)"));
    act(&mut state, "p3", "Genova");
    assert_eq!(Condottiere.turn(&state), Turn::seat(2), "the chooser plays first");
}

#[test]
fn a_winner_out_of_cards_takes_the_token_and_chooses_but_sits_out() {
    let mut state = three_in_genova(TEN_A, TEN_B, TEN_C);
    state.players[0].hand = hand("10");
    act(&mut state, "p1", "10");
    act(&mut state, "p2", "pass");
    act(&mut state, "p3", "pass");
    assert_eq!((state.token, state.owner[usize::from(region("Genova"))]), (0, Some(0)));
    act(&mut state, "p1", "choose Torino");
    assert_eq!(Condottiere.turn(&state), Turn::seat(1));
}

#[test]
fn a_hand_without_mercenaries_may_be_thrown_away_after_a_battle() {
    let mut state = three_in_genova(TEN_A, TEN_B, TEN_C);
    state.players[1].hand = hand("S,D,W");
    act(&mut state, "p1", "10");
    assert!(refused(&state, "p2", "discard").contains("only after a battle"));
    act(&mut state, "p2", "pass");
    act(&mut state, "p3", "pass");
    act(&mut state, "p1", "pass");
    assert_eq!(Condottiere.turn(&state), Turn::Simultaneous { seats: vec![0, 1, 2] });
    assert!(refused(&state, "p3", "discard").contains("holds a mercenary"));
    assert!(refused(&state, "p2", "choose Torino").contains("only the condottiere (p1)"));
    act(&mut state, "p2", "discard");
    assert!(state.players[1].hand.is_empty());
    assert_eq!(state.players[1].discarded, hand("S,D,W"));
    assert_eq!(Condottiere.turn(&state), Turn::Simultaneous { seats: vec![0, 2] });
    act(&mut state, "p1", "pass");
    assert_eq!(Condottiere.turn(&state), Turn::Simultaneous { seats: vec![0, 1, 2] });
    act(&mut state, "p2", "Torino");
    assert_eq!(Condottiere.turn(&state), Turn::seat(2));
    let public = view::render(&state, View::Public);
    assert!(
        public.contains("threw away [?3]") && !public.contains("S,D,W"),
        "{public}"
    );
}

#[test]
fn the_round_ends_when_one_player_holds_cards_and_three_cities_deal_16() {
    let mut state = three_in_genova(TEN_A, TEN_B, TEN_C);
    state.owner[usize::from(region("Parma"))] = Some(0);
    state.owner[usize::from(region("Venezia"))] = Some(0);
    act(&mut state, "p1", "pass");
    act(&mut state, "p2", "pass");
    act(&mut state, "p3", "pass");
    act(&mut state, "p2", "choose Siena");
    state.players[0].hand = hand("10");
    state.players[1].hand = hand("2");
    act(&mut state, "p2", "2");
    act(&mut state, "p3", "pass");
    act(&mut state, "p1", "10");
    // p1 holds Parma, Venezia and Siena: 10 + 3 x 2 = 16 cards, as in the seed's example.
    assert_eq!(state.owner[usize::from(region("Siena"))], Some(0));
    assert_eq!(
        state.phase,
        Phase::Deal {
            counts: vec![16, 10, 10],
            final_battle: false
        }
    );
    assert!(state.players.iter().all(|p| p.hand.is_empty() && p.row.is_empty()));
    assert_eq!(state.pile, [0; cards::KINDS]);
    assert!(refused(&state, "chance", "deal ?10 ?10 ?10").contains("p1 receives 16 cards, not 10"));
    act(&mut state, "chance", "deal ?16 ?10 ?10");
    assert_eq!((state.round, state.token), (2, 0));
}

fn owned(state: &mut State, seat: u8, names: &[&str]) {
    for name in names {
        state.owner[usize::from(region(name))] = Some(seat);
    }
}

#[test]
fn three_bordering_cities_win_with_four_players_four_with_three() {
    for (players, over) in [(4, true), (3, false)] {
        let mut state = setup(players, &[]).expect("setup");
        act(&mut state, "chance", "deal");
        owned(&mut state, 0, &["Genova", "Lucca", "Bologna"]);
        act(&mut state, "p1", "choose Parma");
        act(&mut state, "p1", "10");
        for seat in 2..=players {
            act(&mut state, &format!("p{seat}"), "pass");
        }
        act(&mut state, "p1", "pass");
        assert_eq!(matches!(state.phase, Phase::Over { .. }), over, "{players} players");
        if over {
            assert_eq!(
                Condottiere.turn(&state),
                Turn::over(Outcome::win(0, "holds 3 bordering cities (taking Parma)"))
            );
        }
    }
}

#[test]
fn the_bigger_kingdom_needs_one_more_city() {
    assert_eq!(setup(4, &[("bigger", "yes")]).expect("setup").needed(), 4);
    assert_eq!(setup(3, &[("bigger", "yes")]).expect("setup").needed(), 5);
    assert_eq!(setup(6, &[]).expect("setup").needed(), 3);
    assert_eq!(setup(2, &[]).expect("setup").needed(), 4);
}

/// Three players: p1 holds six cities, p2 five and p3 five, none with four bordering; Torino
/// is the last free city.
fn all_but_torino() -> State {
    let mut state = setup(3, &[]).expect("setup");
    act(&mut state, "chance", "deal");
    owned(
        &mut state,
        0,
        &["Milano", "Spoleto", "Lucca", "Urbino", "Venezia", "Genova"],
    );
    owned(&mut state, 1, &["Mantova", "Bologna", "Roma", "Napoli", "Modena"]);
    owned(&mut state, 2, &["Ferrara", "Parma", "Firenze", "Siena", "Ancona"]);
    state
}

#[test]
fn with_every_city_taken_the_most_cities_win() {
    let mut state = all_but_torino();
    // Torino borders p1's Genova and Milano: taking it gives p1 four bordering cities.
    let mut bordering = state.clone();
    act(&mut bordering, "p1", "choose Torino");
    act(&mut bordering, "p1", "10");
    for who in ["p2", "p3", "p1"] {
        act(&mut bordering, who, "pass");
    }
    assert_eq!(
        Condottiere.turn(&bordering),
        Turn::over(Outcome::win(0, "holds 4 bordering cities (taking Torino)"))
    );
    // p2 with Ancona too (groups of three at most) takes Torino: 7 cities against 6 and 4.
    owned(&mut state, 1, &["Ancona"]);
    act(&mut state, "p1", "choose Torino");
    act(&mut state, "p1", "pass");
    act(&mut state, "p2", "10");
    act(&mut state, "p3", "pass");
    act(&mut state, "p2", "pass");
    assert_eq!(
        Condottiere.turn(&state),
        Turn::over(Outcome::win(1, "holds the most cities (7) when all are taken"))
    );
}

#[test]
fn tied_players_fight_a_final_battle() {
    let mut state = all_but_torino();
    act(&mut state, "p1", "choose Torino");
    act(&mut state, "p1", "pass");
    act(&mut state, "p2", "10");
    act(&mut state, "p3", "pass");
    act(&mut state, "p2", "pass");
    let due = Phase::Deal {
        counts: vec![22, 22, 0],
        final_battle: true,
    };
    assert_eq!(state.phase, due);
    assert_eq!(Condottiere.legal(&state).map(|l| l.len()), Some(1));
    assert!(refused(&state, "chance", "deal p1:?22 p2:?22 p3:?10").contains("only the players tied"));
    let mut shared = state.clone();
    act(&mut state, "chance", "deal p1:?22 p2:?22");
    // p2 holds the token after taking Torino, and opens the final battle.
    assert_eq!(Condottiere.turn(&state), Turn::seat(1));
    act(&mut state, "p2", "pass");
    act(&mut state, "p1", "H");
    act(&mut state, "p1", "pass");
    assert_eq!(
        Condottiere.turn(&state),
        Turn::over(Outcome::win(0, "won the final battle between the tied players"))
    );
    act(&mut shared, "chance", "deal");
    act(&mut shared, "p2", "pass");
    act(&mut shared, "p1", "pass");
    match Condottiere.turn(&shared) {
        Turn::Over { outcome } => assert_eq!(outcome.winners, vec![0, 1]),
        other => panic!("{other}"),
    }
}

#[test]
fn held_cities_may_be_attacked_only_with_the_option() {
    let mut plain = setup(3, &[]).expect("setup");
    act(&mut plain, "chance", "deal");
    owned(&mut plain, 1, &["Genova"]);
    owned(&mut plain, 0, &["Torino"]);
    assert!(refused(&plain, "p1", "choose Genova").contains("attack=yes"));
    assert!(refused(&plain, "p1", "choose Torino").contains("p1 holds Torino already"));
    assert!(!Condottiere
        .legal(&plain)
        .unwrap_or_default()
        .contains(&Command::Choose(region("Genova"))));

    let mut state = setup(3, &[("attack", "yes")]).expect("setup");
    act(&mut state, "chance", "deal");
    owned(&mut state, 1, &["Genova"]);
    let start = state.clone();
    // The defender passes freely until its first card, even after everyone else passed.
    act(&mut state, "p1", "choose Genova");
    act(&mut state, "p1", "10");
    act(&mut state, "p2", "pass");
    act(&mut state, "p3", "pass");
    act(&mut state, "p1", "pass");
    assert_eq!(Condottiere.turn(&state), Turn::seat(1));
    act(&mut state, "p2", "10");
    assert_eq!(Condottiere.turn(&state), Turn::seat(1), "p2 plays on alone");
    act(&mut state, "p2", "pass");
    assert_eq!(
        state.owner[usize::from(region("Genova"))],
        Some(1),
        "a tie leaves the city"
    );
    assert_eq!(state.token, 1, "with no winner the defender takes the token");

    let mut taken = start.clone();
    act(&mut taken, "p1", "choose Genova");
    act(&mut taken, "p1", "10");
    act(&mut taken, "p2", "pass");
    act(&mut taken, "p3", "pass");
    act(&mut taken, "p1", "pass");
    act(&mut taken, "p2", "pass");
    assert_eq!((taken.owner[usize::from(region("Genova"))], taken.token), (Some(0), 0));

    let mut bishop = start.clone();
    bishop.players[2].hand = hand("B,R,1");
    act(&mut bishop, "p1", "choose Genova");
    act(&mut bishop, "p1", "10");
    act(&mut bishop, "p2", "pass");
    let mut surrender = bishop.clone();
    act(&mut bishop, "p3", "B");
    assert_eq!(
        (bishop.owner[usize::from(region("Genova"))], bishop.token),
        (Some(1), 1)
    );
    act(&mut surrender, "p3", "R");
    assert_eq!(surrender.owner[usize::from(region("Genova"))], Some(0));
}

#[test]
fn options_are_checked() {
    assert!(setup(3, &[("target", "20")]).is_ok());
    let reason = |options: &[(&str, &str)]| setup(3, options).expect_err("refused").reason;
    assert!(reason(&[("target", "20"), ("attack", "yes")]).contains("not to play scoring"));
    assert!(reason(&[("target", "x")]).contains("target=20"));
    assert!(reason(&[("bigger", "maybe")]).contains("bigger=yes"));
    assert!(reason(&[("speed", "1")]).contains("unknown option 'speed'"));
}

#[test]
fn scoring_adds_cities_and_a_bonus_and_starts_the_next_game() {
    let mut state = setup(4, &[("target", "20")]).expect("setup");
    act(&mut state, "chance", "deal");
    owned(&mut state, 0, &["Genova", "Lucca", "Bologna"]);
    owned(&mut state, 1, &["Roma"]);
    act(&mut state, "p1", "choose Parma");
    act(&mut state, "p1", "10");
    for who in ["p2", "p3", "p4", "p1"] {
        act(&mut state, who, "pass");
    }
    assert_eq!(state.scores, vec![6, 1, 0, 0]);
    assert_eq!(state.game, 2);
    assert!(state.owner.iter().all(Option::is_none));
    assert_eq!(
        state.phase,
        Phase::Deal {
            counts: vec![10; 4],
            final_battle: false
        }
    );
}

#[test]
fn deals_must_fit_the_deck() {
    let state = setup(2, &[]).expect("setup");
    let four_bishops = "deal p1:B,B,B,1,1,1,1,1,1,1 p2:B,?9";
    assert!(refused(&state, "chance", four_bishops).contains("the deck has only 3 bishop cards"));
    assert!(refused(&state, "chance", "deal p1:?10 p1:?10").contains("p1 is dealt twice"));
    assert!(refused(&state, "p1", "deal").contains("deals are entered by chance"));
    assert!(refused(&state, "chance", "deal ?10").contains("the deal names 1 hands, 2 players"));
    assert!(refused(&state, "p1", "choose Genova").contains("dealt first"));
}

#[test]
fn notation_reads_lenient_forms_and_writes_one_canonical_text() {
    let mut state = setup(3, &[]).expect("setup");
    let canonical = |state: &State, who: &str, text: &str| {
        let command = Condottiere.parse(state, actor(who), text).expect("parses");
        Condottiere.format(state, &command)
    };
    assert_eq!(
        canonical(&state, "chance", "deal ?10 ?10 ?10"),
        "deal p1:?10 p2:?10 p3:?10"
    );
    assert_eq!(
        canonical(&state, "chance", "deal p2:w,1,10,?7 p1:?,?9 p3:?10"),
        "deal p1:?10 p2:1,10,W,?7 p3:?10"
    );
    act(&mut state, "chance", &format!("deal p1:{TEN_A} p2:{TEN_B} p3:{TEN_C}"));
    assert_eq!(canonical(&state, "p1", "  gen "), "choose Genova");
    assert_eq!(canonical(&state, "p1", "attack FIRENZE"), "choose Firenze");
    assert_eq!(canonical(&state, "p1", "Pass"), "pass");
    assert_eq!(canonical(&state, "p1", "b"), "choose Bologna");
    assert_eq!(canonical(&state, "p1", "r"), "choose Roma");
    assert_eq!(canonical(&state, "p1", "scarecrow>10"), "play S:10");
    assert_eq!(canonical(&state, "p1", "play heroine"), "play H");
    assert_eq!(canonical(&state, "p1", "resa"), "play R");
    assert_eq!(canonical(&state, "arbiter", "show p2: 10 b"), "show p2:10,B");
    assert_eq!(canonical(&state, "p1", "show 10,S"), "show p1:10,S");
    for bad in [
        "",
        "play",
        "play 7",
        "choose Pisa",
        "hello",
        "show",
        "show p9:1",
        "deal p1:x",
    ] {
        assert!(Condottiere.parse(&state, actor("p1"), bad).is_err(), "{bad}");
    }
    assert!(refused(&state, "arbiter", "pass").contains("the arbiter may only enter"));
    assert!(refused(&state, "p2", "show p1:10").contains("only their own cards"));
}

#[test]
fn legal_commands_all_apply_and_hands_stay_secret_in_views() {
    let mut state = three_in_genova(TEN_A, TEN_B, TEN_C);
    act(&mut state, "p1", "10");
    act(&mut state, "p2", "2");
    act(&mut state, "p3", "3");
    let legal = Condottiere.legal(&state).expect("listed");
    let texts: Vec<String> = legal.iter().map(|c| Condottiere.format(&state, c)).collect();
    assert_eq!(texts, ["pass", "play 1", "play 10", "play S", "play S:10"]);
    for command in &legal {
        let mut copy = state.clone();
        Condottiere
            .apply(&mut copy, actor("p1"), command)
            .expect("a legal command applies");
    }
    assert!(refused(&state, "p1", "bishop").contains("p1 holds no bishop (hand: 1,1,1,1,1,1,1,10,S)"));
    let mine = Condottiere.render(&state, View::Seat(0));
    assert!(mine.contains("[1,1,1,1,1,1,1,10,S]") && !mine.contains("2,2,2") && mine.contains("p2: 9 cards [?9]"));
    let known_cards = |view: View| -> Vec<u64> {
        let json = Condottiere.state_json(&state, view);
        let players = json["players"].as_array().cloned().unwrap_or_default();
        players
            .iter()
            .map(|p| {
                p["hand"]["known"]
                    .as_array()
                    .map_or(0, |k| k.iter().filter_map(|v| v.as_u64()).sum())
            })
            .collect()
    };
    assert_eq!(known_cards(View::Public), [0, 0, 0]);
    assert_eq!(known_cards(View::Seat(1)), [0, 9, 0]);
    assert_eq!(known_cards(View::Full), [9, 9, 9]);
}

#[test]
fn the_json_view_carries_the_map_the_cards_and_the_battle() {
    let mut state = three_in_genova(TEN_A, TEN_B, TEN_C);
    act(&mut state, "p1", "10");
    let json = Condottiere.state_json(&state, View::Public);
    let regions = json["map"]["regions"].as_array().expect("regions");
    assert_eq!(regions.len(), 17);
    assert_eq!(json["map"]["borders"].as_array().map(Vec::len), Some(34));
    let genova = map().find("Genova").expect("Genova");
    let torino = map().find("Torino").expect("Torino");
    assert!(json["map"]["borders"]
        .as_array()
        .is_some_and(|b| b.contains(&serde_json::json!([genova.min(torino), genova.max(torino)]))));
    let cards = json["cards"].as_array().expect("cards");
    assert_eq!(cards.len(), 13);
    assert_eq!(
        cards[6],
        serde_json::json!({"id": "M10", "code": "10", "name": "mercenary 10"})
    );
    assert_eq!(json["players"][0]["row"], serde_json::json!(["M10"]));
    assert_eq!(json["strength"], serde_json::json!([10, 0, 0]));
    assert_eq!(json["winter"], false);
    assert!(
        json["status"]
            .as_str()
            .is_some_and(|s| s.starts_with("battle for Genova")),
        "{}",
        json["status"]
    );
    // The additions are the view's only: the state and its hash do not hold them.
    assert!(serde_json::to_value(&state).is_ok_and(|v| v.get("map").is_none()));
}

#[test]
fn a_snapshot_restores_the_same_game() {
    let options = std::collections::BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 3,
        start: None,
    };
    let mut game = GAME.start(&setup).expect("starts");
    game.apply(actor("chance"), &format!("deal p1:{TEN_A} p2:{TEN_B} p3:{TEN_C}"))
        .expect("deal");
    game.apply(actor("p1"), "choose Genova").expect("choose");
    game.apply(actor("p1"), "10").expect("play");
    let restored = GAME.restore(&game.snapshot()).expect("restores");
    assert_eq!(restored.state_hash(), game.state_hash());
    assert_eq!(restored.render(View::Full), game.render(View::Full));
    assert!(GAME.restore(b"not a snapshot").is_err());
}

#[test]
fn a_player_shows_their_own_cards_within_what_the_deck_allows() {
    let mut state = setup(3, &[]).expect("setup");
    act(&mut state, "chance", "deal p1:10,10,?8 p2:?10 p3:?10");
    act(&mut state, "p1", "show 10,10,10,W");
    assert_eq!(state.players[0].hand.text(), "10,10,10,W,?6");
    assert!(refused(&state, "p1", "show 1,1,1,1,1,1,1").contains("cannot hold all"));
    act(&mut state, "arbiter", "show p2:10,10,10,10,10");
    assert!(refused(&state, "arbiter", "show p3:10").contains("the deck has 8 mercenary 10 cards"));
}
