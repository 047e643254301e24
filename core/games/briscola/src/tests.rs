//! Rules tests on chosen positions: the deck, the order of strength in a trick, drawing,
//! accounting of unseen hands, the end of a hand, the chiamata auction and secret partner,
//! redaction and the notation.

use super::cards::{Card, Cards};
use super::state::{Phase, State};
use super::*;
use kifu_core::rules::Outcome;

fn game(chiamata: bool) -> Briscola {
    Briscola { chiamata, version: 2 }
}

fn setup(players: usize, chiamata: bool, options: &[(&str, &str)]) -> Result<State, RuleError> {
    let options = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    game(chiamata).setup(&Setup {
        options: &options,
        players,
        start: None,
    })
}

fn actor(name: &str) -> Actor {
    Actor::parse(name).expect("an actor")
}

fn card(code: &str) -> Card {
    Card::parse(code).expect("a card")
}

/// Parses, checks the canonical text reads back, and applies; panics on refusal.
fn act(state: &mut State, who: &str, text: &str) {
    let rules = game(state.chiamata);
    let command = rules
        .parse(state, actor(who), text)
        .unwrap_or_else(|e| panic!("{who} '{text}': {e}"));
    let canonical = rules.format(state, &command);
    assert_eq!(rules.parse(state, actor(who), &canonical).ok(), Some(command.clone()));
    rules
        .apply(state, actor(who), &command)
        .unwrap_or_else(|e| panic!("{who} '{text}': {e}"));
}

/// The reason a command is refused; the state given is untouched.
fn refused(state: &State, who: &str, text: &str) -> String {
    let rules = game(state.chiamata);
    let mut copy = state.clone();
    let result = rules
        .parse(&copy, actor(who), text)
        .and_then(|c| rules.apply(&mut copy, actor(who), &c));
    result.expect_err("refused").reason
}

fn winner(trick: &[(u8, &str)], trump: &str) -> u8 {
    let trick: Vec<(u8, Card)> = trick.iter().map(|(s, c)| (*s, card(c))).collect();
    play::trick_winner(&trick, Some(card(&format!("A{trump}")).suit()))
}

fn over(state: &State) -> Outcome {
    match &state.phase {
        Phase::Over { outcome } => outcome.clone(),
        other => panic!("not over: {other:?}"),
    }
}

#[test]
fn the_deck_holds_120_card_points_as_the_seed_says() {
    let all = Cards((1 << 40) - 1);
    assert_eq!(all.len(), 40);
    assert_eq!(all.points(), 120);
    // Three players take out a 2, six take out all four: the points stay 120.
    let three = setup(3, false, &[]).unwrap();
    assert_eq!((three.deck.len(), three.deck.points()), (39, 120));
    let six = setup(6, false, &[]).unwrap();
    assert_eq!((six.deck.len(), six.deck.points()), (36, 120));
}

#[test]
fn card_points_and_codes_follow_seed_004() {
    let points: Vec<u32> = ["Ad", "2d", "3d", "4d", "5d", "6d", "7d", "Jd", "Nd", "Kd"]
        .iter()
        .map(|c| card(c).points())
        .collect();
    assert_eq!(points, vec![11, 0, 10, 0, 0, 0, 0, 2, 3, 4]);
    assert_eq!(card("1d"), card("Ad"));
    assert_eq!(card("10b"), card("Kb"));
    assert_eq!(card("8s"), card("js"));
    assert_eq!(card("9c").code(), "Nc");
    assert!(Card::parse("Zd").unwrap_err().contains("is not a card"));
    assert!(Card::parse("11d").is_err());
    assert!(Card::parse("Ax").is_err());
}

#[test]
fn a_briscola_beats_every_other_suit_even_an_ace() {
    assert_eq!(winner(&[(0, "Ad"), (1, "2b")], "b"), 1);
    assert_eq!(winner(&[(0, "3c"), (1, "Ac"), (2, "4s"), (3, "Kd")], "s"), 2);
}

#[test]
fn among_briscole_the_order_is_points_then_number() {
    // The three (10 points) beats the king (4); the king beats the seven.
    assert_eq!(winner(&[(0, "Kb"), (1, "3b")], "b"), 1);
    assert_eq!(winner(&[(0, "7b"), (1, "Kb")], "b"), 1);
    assert_eq!(winner(&[(0, "3b"), (1, "Ab"), (2, "Jb")], "b"), 1);
}

#[test]
fn without_briscole_the_highest_points_win_whatever_the_suit() {
    // Seed 004: the card with the most points wins; no following of the suit led.
    assert_eq!(winner(&[(0, "2c"), (1, "Kd")], "b"), 1);
    assert_eq!(winner(&[(0, "Jc"), (1, "Nd"), (2, "3s")], "b"), 2);
}

#[test]
fn without_points_the_highest_number_wins() {
    assert_eq!(winner(&[(0, "6c"), (1, "7d")], "b"), 1);
    assert_eq!(winner(&[(0, "5c"), (1, "4d"), (2, "2s")], "b"), 0);
}

#[test]
fn an_equal_card_of_another_suit_loses_to_the_suit_led_then_to_the_earlier() {
    assert_eq!(winner(&[(0, "Ac"), (1, "Ad")], "b"), 0);
    assert_eq!(winner(&[(0, "2c"), (1, "7d"), (2, "7s")], "b"), 1);
    assert_eq!(winner(&[(3, "4c"), (0, "7d"), (1, "7c")], "b"), 1);
}

#[test]
fn two_players_draw_winner_first_and_the_loser_takes_the_briscola() {
    let mut state = setup(2, false, &[]).unwrap();
    act(&mut state, "chance", "deal Kd p1:Ac,2c,3c p2:4c,5c,6c");
    assert_eq!(state.stock, 33);
    act(&mut state, "p1", "2c");
    act(&mut state, "p2", "6c");
    assert_eq!(state.phase, Phase::Draw { order: vec![1, 0] });
    assert!(refused(&state, "chance", "draw p1:? p2:?").contains("the draw goes in this order: p2, p1"));
    act(&mut state, "chance", "draw p2:7s p1:Js");
    assert_eq!(state.stock, 31);
    // The last round of the stock: the winner (p1) takes the last face-down card and the
    // loser of that trick takes the turned briscola.
    act(&mut state, "p2", "7s");
    act(&mut state, "p1", "Js");
    assert_eq!(state.phase, Phase::Draw { order: vec![0, 1] });
    state.stock = 1;
    act(&mut state, "chance", "draw p1:Ks p2:?");
    assert!(state.hands[1].known.has(card("Kd")));
    assert_eq!(state.turned, None);
    assert_eq!(state.stock, 0);
}

#[test]
fn four_players_draw_from_the_winner_round_the_table() {
    let mut state = setup(4, false, &[]).unwrap();
    act(&mut state, "chance", "deal 7d");
    assert_eq!(state.stock, 27);
    act(&mut state, "p1", "Ac");
    act(&mut state, "p2", "3c");
    act(&mut state, "p3", "2d");
    act(&mut state, "p4", "Kc");
    // The 2 of briscola (coins) wins; p3 draws first and leads next.
    assert_eq!(
        state.phase,
        Phase::Draw {
            order: vec![2, 3, 0, 1]
        }
    );
    act(&mut state, "chance", "draw");
    assert_eq!(state.phase, Phase::Play { current: 2 });
    assert_eq!(state.points(2), 25);
    assert_eq!(state.teams, vec![0, 1, 0, 1]);
}

#[test]
fn a_card_out_of_the_deck_is_refused_with_the_reason() {
    let mut state = setup(3, false, &[]).unwrap();
    assert!(refused(&state, "chance", "deal 2d")
        .contains("2d is not in the deck: with three players the 2 of coins is taken out"));
    act(&mut state, "chance", "deal Kd");
    assert!(refused(&state, "p1", "2d").contains("not in the deck"));
    let mut six = setup(6, false, &[]).unwrap();
    act(&mut six, "chance", "deal Ab");
    assert!(refused(&six, "p1", "2s").contains("with six players the four 2s are taken out"));
    assert_eq!(six.teams, vec![0, 1, 0, 1, 0, 1]);
}

#[test]
fn a_card_nobody_could_still_hold_is_refused() {
    let mut state = setup(2, false, &[]).unwrap();
    act(&mut state, "chance", "deal Kd p1:Ac,?2 p2:?3");
    assert!(refused(&state, "p1", "Kd").contains("Kd is the briscola turned up under the stock"));
    assert!(refused(&state, "p2", "Ac").contains("it is p1's turn"));
    act(&mut state, "p1", "2s");
    assert!(refused(&state, "p2", "2s").contains("2s is already on the table (played by p1)"));
    assert!(refused(&state, "p2", "Ac").contains("Ac is known to be in p1's hand"));
    act(&mut state, "p2", "3s");
    act(&mut state, "chance", "draw");
    assert!(refused(&state, "p2", "3s").contains("3s was already played (taken by p2)"));
    assert!(refused(&state, "p2", "play Xs").contains("is not a card"));
}

#[test]
fn a_refusal_leaves_the_state_as_it_was() {
    let mut state = setup(2, false, &[]).unwrap();
    act(&mut state, "chance", "deal Kd p1:Ac,2c,3c p2:?3");
    let before = state.clone();
    let _ = refused(&state, "p1", "Kc");
    let mut copy = state.clone();
    let command = game(false).parse(&copy, actor("p1"), "Kc").unwrap();
    assert!(game(false).apply(&mut copy, actor("p1"), &command).is_err());
    assert_eq!(state, before);
}

#[test]
fn deals_must_give_the_right_cards() {
    let state = setup(2, false, &[]).unwrap();
    assert!(refused(&state, "chance", "deal p1:?3 p2:?3").contains("name the card turned up"));
    assert!(refused(&state, "chance", "deal Kd p1:?2 p2:?3").contains("p1 must be dealt 3 cards"));
    assert!(refused(&state, "chance", "deal Kd p1:Kd,?2 p2:?3").contains("Kd"));
    assert!(refused(&state, "chance", "deal Kd p1:Ac,?2 p2:Ac,?2").contains("Ac is known to be in p1's hand"));
    assert!(refused(&state, "p1", "deal Kd").contains("entered by chance"));
    assert!(refused(&state, "p3", "Ad").contains("p3 is not a player"));
    let chiamata = setup(5, true, &[]).unwrap();
    assert!(refused(&chiamata, "chance", "deal Kd").contains("none is turned up"));
}

#[test]
fn two_players_at_sixty_each_draw_and_sixty_one_wins() {
    let mut state = setup(2, false, &[]).unwrap();
    act(&mut state, "chance", "deal Kd p1:Ac,2c,3c p2:4c,5c,6c");
    // The last trick: everything else taken, 60 card points each before it.
    state.turned = None;
    state.stock = 0;
    state.hands[0].known = Cards::default();
    state.hands[1].known = Cards::default();
    state.hands[0].known.add(card("2s"));
    state.hands[1].known.add(card("4s"));
    let mut p1 = Cards::default();
    ["Ad", "Ac", "As", "Ab", "3d", "Kd", "Jd"]
        .iter()
        .for_each(|c| p1.add(card(c)));
    let p2 = Cards(((1 << 40) - 1) & !p1.0 & !state.hands[0].known.0 & !state.hands[1].known.0);
    assert_eq!((p1.points(), p2.points()), (60, 60));
    state.won = vec![p1, p2];
    let mut draw = state.clone();
    act(&mut draw, "p1", "2s");
    act(&mut draw, "p2", "4s");
    assert!(over(&draw).winners.is_empty(), "{}", over(&draw));
    // Swap p1's jack for p2's knight and p1 has 61 after the same last trick.
    state.won[0].remove(card("Jd"));
    state.won[0].add(card("Nd"));
    state.won[1].remove(card("Nd"));
    state.won[1].add(card("Jd"));
    act(&mut state, "p1", "2s");
    act(&mut state, "p2", "4s");
    let outcome = over(&state);
    assert_eq!(outcome.winners, vec![0]);
    assert!(outcome.reason.contains("p1 61, p2 59"), "{}", outcome.reason);
}

#[test]
fn four_players_alone_with_teams_no_and_six_always_in_teams() {
    assert_eq!(setup(4, false, &[("teams", "no")]).unwrap().teams, vec![0, 1, 2, 3]);
    assert!(setup(6, false, &[("teams", "no")])
        .unwrap_err()
        .reason
        .contains("six always play in teams"));
    assert!(setup(4, false, &[("teams", "maybe")])
        .unwrap_err()
        .reason
        .contains("teams=yes or teams=no"));
    assert!(setup(5, true, &[("teams", "no")])
        .unwrap_err()
        .reason
        .contains("unknown option"));
}

fn chiamata_dealt() -> State {
    let mut state = setup(5, true, &[]).unwrap();
    act(
        &mut state,
        "chance",
        "deal p1:Ad,2d,3d,4d,5d,6d,7d,Jd p2:Nd,Kd,Ac,2c,3c,4c,5c,6c p3:7c,Jc,Nc,Kc,As,2s,3s,4s \
         p4:5s,6s,7s,Js,Ns,Ks,Ab,2b p5:3b,4b,5b,6b,7b,Jb,Nb,Kb",
    );
    state
}

#[test]
fn the_auction_ends_when_two_have_passed_and_a_bid_stands() {
    let mut state = chiamata_dealt();
    assert_eq!(state.phase, Phase::Auction { current: 0 });
    act(&mut state, "p1", "bid 61");
    assert!(refused(&state, "p2", "bid 61").contains("must bid from 62 to 120"));
    act(&mut state, "p2", "pass");
    act(&mut state, "p3", "70");
    assert_eq!(state.phase, Phase::Auction { current: 3 });
    act(&mut state, "p4", "pass");
    assert_eq!(state.phase, Phase::Call { caller: 2 });
    assert!(refused(&state, "p1", "call Ad").contains("it is p3's turn"));
}

#[test]
fn the_last_player_in_an_auction_without_a_bid_must_bid() {
    let mut state = chiamata_dealt();
    for who in ["p1", "p2", "p3", "p4"] {
        act(&mut state, who, "pass");
    }
    assert_eq!(state.phase, Phase::Auction { current: 4 });
    assert!(refused(&state, "p5", "pass").contains("p5 must bid"));
    act(&mut state, "p5", "bid 40");
    assert_eq!(state.phase, Phase::Call { caller: 4 });
}

fn called(card_code: &str) -> State {
    let mut state = chiamata_dealt();
    act(&mut state, "p1", "bid 61");
    act(&mut state, "p2", "pass");
    act(&mut state, "p3", "pass");
    act(&mut state, "p1", &format!("call {card_code}"));
    state
}

#[test]
fn the_partner_stays_secret_until_the_called_card_is_played() {
    let mut state = called("As");
    assert_eq!(state.trump, Some(card("As").suit()));
    assert_eq!(state.partner, Some(2));
    let rules = game(true);
    for view in [View::Public, View::Seat(0), View::Seat(1), View::Seat(3)] {
        assert_eq!(
            rules.state_json(&state, view)["partner"],
            serde_json::Value::Null,
            "{view:?}"
        );
        assert!(rules.render(&state, view).contains("partner unknown"), "{view:?}");
    }
    assert_eq!(rules.state_json(&state, View::Seat(2))["partner"], 2);
    assert!(rules.render(&state, View::Full).contains("partner p3"));
    act(&mut state, "p1", "Ad");
    act(&mut state, "p2", "Nd");
    act(&mut state, "p3", "As");
    assert!(state.revealed);
    assert_eq!(rules.state_json(&state, View::Public)["partner"], 2);
    assert!(rules.render(&state, View::Seat(3)).contains("partner p3"));
}

#[test]
fn a_hand_settles_in_match_points() {
    // p1 calls the 3 of coins, which p1 holds: alone against four.
    let mut state = called("3d");
    state.target = 1;
    assert_eq!(state.partner, Some(0));
    assert!(game(true).render(&state, View::Public).contains("partner unknown"));
    state.won[0] = Cards((1 << 40) - 1);
    state.hands.iter_mut().for_each(|h| *h = Hand::default());
    state.hands[0].known.add(card("Ad"));
    state.won[0].remove(card("Ad"));
    state.hands[1].known.add(card("2c"));
    state.won[0].remove(card("2c"));
    for (s, c) in [(2, "7c"), (3, "5s"), (4, "3b")] {
        state.hands[s].known.add(card(c));
        state.won[0].remove(card(c));
    }
    let mut alone = state.clone();
    for (who, c) in [("p1", "Ad"), ("p2", "2c"), ("p3", "7c"), ("p4", "5s"), ("p5", "3b")] {
        act(&mut alone, who, c);
    }
    let outcome = over(&alone);
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(alone.match_points, vec![4, -1, -1, -1, -1]);
    // With p3 as partner and too few points: -2, -1 and +1 for the three.
    state.partner = Some(2);
    state.won[0] = Cards::default();
    for (who, c) in [("p1", "Ad"), ("p2", "2c"), ("p3", "7c"), ("p4", "5s"), ("p5", "3b")] {
        act(&mut state, who, c);
    }
    assert_eq!(state.match_points, vec![-2, 1, -1, 1, 1]);
    assert_eq!(over(&state).winners, vec![1, 3, 4]);
}

#[test]
fn a_match_goes_on_hand_after_hand_until_a_seat_reaches_the_target() {
    // The seed: "the first to reach the agreed score wins; usually 11".
    assert_eq!(setup(5, true, &[]).unwrap().target, 11);
    assert!(setup(5, true, &[("target", "0")])
        .unwrap_err()
        .reason
        .contains("1 to 99"));
    assert!(setup(4, false, &[("target", "5")])
        .unwrap_err()
        .reason
        .contains("target"));
    let mut state = called("3d");
    state.target = 5;
    state.match_totals = vec![2, 0, 0, 0, 0];
    state.won[0] = Cards((1 << 40) - 1);
    state.hands.iter_mut().for_each(|h| *h = Hand::default());
    for (s, c) in [(0, "Ad"), (1, "2c"), (2, "7c"), (3, "5s"), (4, "3b")] {
        state.hands[s].known.add(card(c));
        state.won[0].remove(card(c));
    }
    let mut twice = state.clone();
    for (who, c) in [("p1", "Ad"), ("p2", "2c"), ("p3", "7c"), ("p4", "5s"), ("p5", "3b")] {
        act(&mut state, who, c);
    }
    // Alone and made: +4 for p1, now 6 of 5: over, p1 wins the match.
    assert_eq!(over(&state).winners, vec![0]);
    assert!(
        over(&state).reason.contains("match totals p1 6, p2 -1"),
        "{}",
        over(&state)
    );
    // Below the target, the next hand is dealt and p2 opens it.
    twice.target = 11;
    for (who, c) in [("p1", "Ad"), ("p2", "2c"), ("p3", "7c"), ("p4", "5s"), ("p5", "3b")] {
        act(&mut twice, who, c);
    }
    assert_eq!(twice.phase, Phase::Deal);
    assert_eq!(twice.match_totals, vec![6, -1, -1, -1, -1]);
    assert_eq!((twice.opener, twice.hands_played), (1, 1));
    assert!(twice.won.iter().all(|w| w.is_empty()) && twice.bid.is_none() && twice.partner.is_none());
    act(&mut twice, "chance", "deal p1:?8 p2:?8 p3:?8 p4:?8 p5:?8");
    assert_eq!(twice.phase, Phase::Auction { current: 1 });
    assert!(refused(&twice, "p1", "bid 70").contains("p2's turn"));
    assert!(game(true).render(&twice, View::Public).contains("match: p1 6, p2 -1"));
}

#[test]
fn a_deal_and_a_draw_show_each_seat_its_own_cards_only() {
    let mut state = setup(2, false, &[]).unwrap();
    let rules = game(false);
    let deal = rules
        .parse(&state, actor("chance"), "deal Kd p1:Ac,2c,3c p2:4c,5c,6c")
        .unwrap();
    assert_eq!(
        rules.redact(&state, actor("chance"), &deal, View::Seat(1)),
        "deal Kd p1:?3 p2:4c,5c,6c"
    );
    assert_eq!(
        rules.redact(&state, actor("chance"), &deal, View::Public),
        "deal Kd p1:?3 p2:?3"
    );
    rules.apply(&mut state, actor("chance"), &deal).unwrap();
    act(&mut state, "p1", "2c");
    act(&mut state, "p2", "4c");
    let draw = rules.parse(&state, actor("chance"), "draw p2:7s p1:Js").unwrap();
    assert_eq!(
        rules.redact(&state, actor("chance"), &draw, View::Seat(0)),
        "draw p2:? p1:Js"
    );
    // The turned card is public when it is drawn.
    state.stock = 1;
    let last = rules.parse(&state, actor("chance"), "draw").unwrap();
    assert_eq!(
        rules.redact(&state, actor("chance"), &last, View::Public),
        "draw p2:? p1:Kd"
    );
    let view = rules.render(&state, View::Seat(0));
    assert!(
        view.contains("p1: hand [3c,Ac]") || view.contains("p1: hand [Ac,3c]"),
        "{view}"
    );
    assert!(view.contains("p2: hand [?2]"), "{view}");
}

#[test]
fn the_notation_reads_lenient_forms_and_writes_one_canonical_text() {
    let state = chiamata_dealt();
    let rules = game(true);
    let bid = rules.parse(&state, actor("p1"), "75").unwrap();
    assert_eq!(rules.format(&state, &bid), "bid 75");
    assert!(rules
        .parse(&state, actor("p1"), "bid lots")
        .unwrap_err()
        .reason
        .contains("a bid is a number"));
    assert!(rules
        .parse(&state, actor("p1"), "")
        .unwrap_err()
        .reason
        .contains("empty"));
    assert!(rules
        .parse(&state, actor("p1"), "shuffle now")
        .unwrap_err()
        .reason
        .contains("not a command"));
    assert_eq!(notation::format(&Command::Play(card("1b"))), "play Ab");
}

#[test]
fn chiamata_takes_exactly_five_and_deals_eight_each() {
    assert_eq!(game(true).players(), 5..=5);
    let state = chiamata_dealt();
    assert!(state.hands.iter().all(|h| h.len() == 8));
    assert_eq!(state.stock, 0);
    assert!(state.unaccounted().is_empty());
}

/// The `data-cell` names of a picture, checked to be SVG with a viewBox and no inline style.
fn svg_cells(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML ({e}):\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(doc.root_element().attribute("viewBox").is_some());
    assert!(!svg.contains("style="));
    doc.descendants()
        .filter_map(|n| n.attribute("data-cell").map(String::from))
        .collect()
}

#[test]
fn the_picture_shows_a_seat_its_own_cards_as_cells_and_the_others_face_down() {
    let mut state = setup(2, false, &[]).unwrap();
    act(&mut state, "chance", "deal Kd p1:Ac,2c,3c p2:4c,5c,6c");
    let rules = game(false);
    let mine = rules.svg(&state, View::Seat(0)).unwrap();
    assert_eq!(svg_cells(&mine), ["Ac", "2c", "3c"]);
    for hidden in ["4c", "5c", "6c"] {
        assert!(!mine.contains(&format!(">{hidden}<")), "p2's {hidden} in p1's picture");
    }
    assert!(mine.contains(">Kd<"), "the turned card is public");
    // p2 sees its cards but may not play them on p1's turn; the public sees no card of a hand.
    let theirs = rules.svg(&state, View::Seat(1)).unwrap();
    assert!(svg_cells(&theirs).is_empty() && theirs.contains(">4c<") && !theirs.contains(">Ac<"));
    let public = rules.svg(&state, View::Public).unwrap();
    assert!(svg_cells(&public).is_empty());
    assert!(["Ac", "2c", "3c", "4c", "5c", "6c"]
        .iter()
        .all(|c| !public.contains(&format!(">{c}<"))));
    act(&mut state, "p1", "2c");
    let after = rules.svg(&state, View::Public).unwrap();
    assert!(after.contains(">2c<"), "the trick is public");
}

#[test]
fn the_chiamata_picture_keeps_the_partner_secret() {
    let mut state = called("As");
    act(&mut state, "p1", "Ad");
    let rules = game(true);
    let public = rules.svg(&state, View::Public).unwrap();
    assert!(public.contains("partner ?"), "{public}");
    assert!(!public.contains("partner p3"));
    let partner = rules.svg(&state, View::Seat(2)).unwrap();
    assert!(partner.contains("partner p3"));
    assert_eq!(
        svg_cells(&rules.svg(&state, View::Seat(1)).unwrap()).len(),
        8,
        "p2 to play"
    );
}
