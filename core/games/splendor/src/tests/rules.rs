//! Hand-built positions: each rule of seeds/splendor.md entered at a table, allowed and refused.
//! The test deal shows nobles 1-3, cards 1-4 (level 1, white bonus), 41-44 and 71-74.

use super::{act, enter, position, refusal, refused, state, table, DEAL};
use crate::state::Phase;
use kifu_core::rules::{Turn, View};

#[test]
fn three_different_tokens_are_taken() {
    let mut s = position(2);
    enter(&mut s, "p1", "take wug").unwrap();
    assert_eq!(s.players[0].tokens, [1, 1, 1, 0, 0, 0]);
    assert_eq!(s.supply, [3, 3, 3, 4, 4, 5]);
    assert_eq!(s.current, 1);
}

#[test]
fn lenient_forms_read_as_the_canonical_one() {
    let mut a = position(2);
    let mut b = position(2);
    enter(&mut a, "p1", "take white, blue, green").unwrap();
    enter(&mut b, "p1", "take w,u,g").unwrap();
    assert_eq!(a, b);
}

#[test]
fn two_different_or_three_with_a_pair_are_refused() {
    let mut s = position(2);
    assert!(refusal(&mut s, "p1", "take wu").contains("three tokens of different colours"));
    assert!(refusal(&mut s, "p1", "take wwu").contains("three tokens of different colours"));
    assert!(refusal(&mut s, "p1", "take wugr").contains("three tokens of different colours"));
}

#[test]
fn fewer_than_three_may_be_taken_only_when_fewer_colours_are_left() {
    let mut s = position(2);
    s.supply = [0, 0, 2, 1, 0, 5];
    assert!(refusal(&mut s, "p1", "take g").contains("2 colours are in the supply"));
    enter(&mut s, "p1", "take gr").unwrap();
    assert_eq!(s.players[0].tokens, [0, 0, 1, 1, 0, 0]);
}

#[test]
fn gold_is_never_taken() {
    let mut s = position(2);
    assert!(refusal(&mut s, "p1", "take wuy").contains("gold is never taken"));
    assert!(refusal(&mut s, "p1", "take").contains("takes no token"));
}

#[test]
fn an_empty_pile_gives_nothing() {
    let mut s = position(3);
    s.supply[3] = 0;
    assert_eq!(refusal(&mut s, "p1", "take wur"), "no red token is left in the supply");
}

#[test]
fn reserving_from_the_market_gives_gold_and_a_refill_is_due() {
    let mut r = table(2);
    act(&mut r, "p1", "reserve 2");
    assert_eq!(r.turn(), Turn::Chance);
    let before = state(&r, View::Full);
    assert_eq!(before.players[0].tokens[5], 1);
    assert_eq!(before.market[0][1], None);
    let reason = refused(&mut r, "p2", "take wug");
    assert!(reason.contains("chance to act"), "{reason}");
    assert!(refused(&mut r, "chance", "refill 45").contains("level 2 card"));
    assert!(refused(&mut r, "chance", "refill 3").contains("face up in the market"));
    assert!(refused(&mut r, "chance", "refill 2").contains("p1 has reserved it"));
    assert!(refused(&mut r, "chance", "refill 91").contains("numbered 1 to 90"));
    act(&mut r, "chance", "refill 9");
    let after = state(&r, View::Public);
    assert_eq!(after.market[0][1], Some(9));
    assert_eq!(after.deck_left, [35, 26, 16]);
    assert_eq!(r.turn(), Turn::seat(1));
}

#[test]
fn a_fourth_reserve_is_refused() {
    let mut s = position(2);
    for (who, card) in [("p1", "1"), ("chance", "refill 5"), ("p2", "take wug"), ("p1", "2")] {
        let text = if who == "p1" {
            format!("reserve {card}")
        } else {
            card.to_string()
        };
        enter(&mut s, who, &text).unwrap();
    }
    enter(&mut s, "chance", "refill 6").unwrap();
    enter(&mut s, "p2", "take wug").unwrap();
    enter(&mut s, "p1", "reserve L3").unwrap();
    enter(&mut s, "chance", "draw ?").unwrap();
    enter(&mut s, "p2", "take wug").unwrap();
    assert!(refusal(&mut s, "p1", "reserve 3").contains("already holds 3 reserved cards"));
    assert!(refusal(&mut s, "p1", "reserve L1").contains("already holds 3 reserved cards"));
}

#[test]
fn a_blind_reserve_is_hidden_from_the_others() {
    use crate::notation::Command;
    use kifu_core::record::Actor;
    use kifu_core::rules::Rules;
    let mut r = table(3);
    act(&mut r, "p1", "reserve L2");
    let due = state(&r, View::Full);
    let line = |view: View| crate::Splendor::CURRENT.redact(&due, Actor::Chance, &Command::Draw(Some(50), None), view);
    assert_eq!(line(View::Full), "draw 50");
    assert_eq!(line(View::Seat(0)), "draw 50");
    assert_eq!(line(View::Seat(1)), "draw ?");
    assert_eq!(line(View::Public), "draw ?");
    act(&mut r, "chance", "draw 50");
    assert!(r.render(View::Seat(0)).contains("#50 (L2"));
    assert!(!r.render(View::Seat(1)).contains("#50"));
    assert!(r.render(View::Seat(1)).contains("reserved L2?"));
    assert_eq!(state(&r, View::Public).players[0].reserved[0].card, None);
    assert_eq!(state(&r, View::Full).players[0].reserved[0].card, Some(50));
    // The card is accounted for: it cannot turn up in the market.
    act(&mut r, "p2", "reserve 41");
    assert!(refused(&mut r, "chance", "refill 50").contains("p1 has reserved it"));
}

#[test]
fn an_unknown_blind_reserve_is_named_when_bought() {
    let mut s = position(2);
    enter(&mut s, "p1", "reserve L1").unwrap();
    enter(&mut s, "chance", "draw ?").unwrap();
    assert_eq!(s.unaccounted(1).len(), 36, "the deck's 35 and the unknown reserve");
    s.players[0].tokens = [4, 4, 4, 4, 4, 0];
    enter(&mut s, "p2", "take wug").unwrap();
    // Card 3 is face up in the market: it cannot be the reserved one.
    s.market[0][2] = Some(3);
    let reason = refusal(&mut s, "p1", "buy 45");
    assert!(
        reason.contains("neither face up in the market nor among p1's reserved"),
        "{reason}"
    );
    enter(&mut s, "p1", "buy 10").unwrap();
    assert!(s.players[0].reserved.is_empty());
    assert_eq!(s.players[0].cards, vec![10]);
    assert_eq!(s.deck_left[0], 35, "buying from the reserve draws nothing");
}

#[test]
fn a_card_someone_else_holds_cannot_be_bought() {
    let mut s = position(2);
    enter(&mut s, "p1", "reserve 1").unwrap();
    enter(&mut s, "chance", "refill 5").unwrap();
    s.players[1].tokens = [4, 4, 4, 4, 4, 0];
    assert_eq!(
        refusal(&mut s, "p2", "buy 1"),
        "p2 cannot buy #1 (L1 white, 0pt, costs u3): p1 has reserved it"
    );
}

#[test]
fn bonuses_lower_the_price() {
    let mut s = position(2);
    // Two blue bonuses: card 42 (w2 u3 r3) costs w2 u1 r3.
    s.players[0].cards = vec![9, 10];
    s.players[0].tokens = [2, 1, 0, 3, 0, 0];
    enter(&mut s, "p1", "buy 42").unwrap();
    assert_eq!(s.players[0].tokens, [0; 6]);
    assert_eq!(s.supply, [6, 5, 4, 7, 4, 5]);
    assert_eq!(s.players[0].points(), 1);
}

#[test]
fn gold_stands_in_for_any_colour_and_the_payment_may_be_chosen() {
    let mut s = position(2);
    s.players[0].tokens = [0, 2, 0, 0, 0, 2];
    // Card 1 costs u3: the usual payment is uu and one gold.
    let mut usual = s.clone();
    enter(&mut usual, "p1", "buy 1").unwrap();
    assert_eq!(usual.players[0].tokens, [0, 0, 0, 0, 0, 1]);
    enter(&mut s, "p1", "buy 1 uyy").unwrap();
    assert_eq!(s.players[0].tokens, [0, 1, 0, 0, 0, 0]);
}

#[test]
fn a_wrong_payment_is_refused_with_what_is_owed() {
    let mut s = position(2);
    s.players[0].tokens = [0, 2, 0, 0, 0, 2];
    assert!(refusal(&mut s, "p1", "buy 1 uuuu").contains("owes only 3"));
    assert!(refusal(&mut s, "p1", "buy 1 uu").contains("leaves 1 owed in gold, not 0"));
    assert!(refusal(&mut s, "p1", "buy 2").contains("cannot afford"));
}

#[test]
fn more_than_ten_tokens_must_be_returned_including_one_just_taken() {
    let mut s = position(4);
    s.players[0].tokens = [2, 2, 2, 2, 0, 1];
    enter(&mut s, "p1", "take ugk").unwrap();
    assert_eq!(s.phase, Phase::Discard { excess: 2 });
    assert!(refusal(&mut s, "p2", "take wur").contains("p1's turn"));
    assert!(refusal(&mut s, "p1", "take wur").contains("returns 2 first"));
    assert!(refusal(&mut s, "p1", "discard w").contains("returns exactly 2"));
    assert!(refusal(&mut s, "p1", "discard wr").contains("a colour taken this turn"));
    enter(&mut s, "p1", "discard wk").unwrap();
    assert_eq!(s.players[0].tokens, [1, 3, 3, 2, 0, 1]);
    assert_eq!(s.current, 1);
}

#[test]
fn a_single_noble_visits_at_the_end_of_the_turn() {
    let mut s = position(2);
    // Noble 1 wants 4 blue and 4 green bonuses.
    s.players[0].cards = vec![9, 10, 11, 12, 17, 18, 19];
    s.players[0].tokens = [0, 0, 0, 2, 0, 0];
    s.market[0][0] = Some(20);
    enter(&mut s, "p1", "buy 20").unwrap();
    enter(&mut s, "chance", "refill 21").unwrap();
    assert_eq!(s.players[0].nobles, vec![1]);
    assert_eq!(s.nobles, vec![2, 3]);
    assert_eq!(s.players[0].points(), 3);
}

#[test]
fn several_nobles_let_the_player_choose_one() {
    let mut s = position(2);
    s.nobles = vec![1, 4, 8];
    // 4 white, 4 blue, 3 green bonuses: nobles 4 (w3 u3 g3) and 8 (w4 u4) both qualify.
    s.players[0].cards = vec![1, 2, 3, 4, 9, 10, 11, 12, 17, 18, 19];
    enter(&mut s, "p1", "take wur").unwrap();
    assert_eq!(s.phase, Phase::Noble { choices: vec![4, 8] });
    assert!(refusal(&mut s, "p1", "noble 1").contains("not among those visiting (#4, #8)"));
    enter(&mut s, "p1", "noble 8").unwrap();
    assert_eq!(s.players[0].nobles, vec![8]);
    assert_eq!(s.nobles, vec![1, 4]);
    assert_eq!(s.current, 1, "one noble per turn");
}

#[test]
fn a_deck_that_runs_out_leaves_its_slot_empty() {
    let mut s = position(2);
    s.deck_left[2] = 0;
    s.players[0].cards = vec![33, 34, 35, 36, 37, 38, 39];
    enter(&mut s, "p1", "buy 72").unwrap();
    assert_eq!(s.market[2][1], None);
    assert_eq!(s.current, 1);
    assert!(refusal(&mut s, "p2", "reserve L3").contains("level 3 deck is empty"));
}

#[test]
fn passing_is_only_for_a_seat_that_can_do_nothing() {
    let mut s = position(2);
    assert!(refusal(&mut s, "p1", "pass").contains("may pass only when no action is possible"));
    s.supply = [0; 6];
    s.deck_left = [0; 3];
    s.market = [[None; 4]; 3];
    enter(&mut s, "p1", "pass").unwrap();
    enter(&mut s, "p2", "pass").unwrap();
    assert!(matches!(&s.phase, Phase::Over { outcome } if outcome.reason.contains("no seat could act")));
}

#[test]
fn only_the_seat_to_act_and_chance_when_due_may_enter() {
    let mut s = position(3);
    assert!(refusal(&mut s, "p2", "take wug").contains("it is p1's turn, not p2's"));
    assert!(refusal(&mut s, "chance", "refill 5").contains("nothing is due from chance"));
    assert!(refusal(&mut s, "arbiter", "take wug").contains("player's command"));
}

#[test]
fn a_deal_must_be_possible() {
    let mut r = kifu_core::replay::Replay::start(
        crate::registry(),
        &super::header(2, kifu_core::record::ChanceMode::Observed),
    )
    .unwrap();
    assert!(refused(&mut r, "p1", "take wug").contains("chance to act"));
    let bad = [
        (
            "deal nobles:1,2,3 L1:1,2,3,41 L2:42,43,44,45 L3:71,72,73,74",
            "level 2 card",
        ),
        (
            "deal nobles:1,2,3 L1:1,2,3,3 L2:41,42,43,44 L3:71,72,73,74",
            "face up in the market",
        ),
        (
            "deal nobles:1,2,11 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74",
            "no noble 11",
        ),
        (
            "deal nobles:1,1,2 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74",
            "dealt twice",
        ),
        (
            "deal nobles:1,2,3 L1:1,2,3 L2:41,42,43,44 L3:71,72,73,74",
            "shows 4 cards, not 3",
        ),
        ("deal nobles:1,2,3 L1:1,2,3,4 L2:41,42,43,44", "each of L1, L2 and L3"),
    ];
    for (text, why) in bad {
        let reason = refused(&mut r, "chance", text);
        assert!(reason.contains(why), "{text}: {reason}");
    }
}

#[test]
fn the_canonical_text_reads_back_the_same() {
    use crate::notation::{format, parse};
    let s = position(2);
    for text in [
        DEAL,
        "refill 17",
        "draw 17",
        "draw ?",
        "take wug",
        "take rr",
        "reserve 23",
        "reserve L2",
        "buy 23",
        "discard rk",
        "noble 4",
        "pass",
    ] {
        assert_eq!(format(&parse(&s, text).unwrap()), text);
    }
    assert_eq!(format(&parse(&s, "buy #2 RK").unwrap()), "buy 2 rk");
    assert!(parse(&s, "take wxq")
        .unwrap_err()
        .reason
        .contains("not a list of tokens"));
    assert!(parse(&s, "buy 0").unwrap_err().reason.contains("numbered 1 to 90"));
}

/// A blind draw typed bare can be found by trying each card of the deck against the state
/// hash (`s=`) a view shows; drawn with a salt (as a seeded draw always is) no card matches,
/// and only the full view holds the salt.
#[test]
fn a_salted_blind_draw_cannot_be_found_from_the_state_hash() {
    let game = crate::registry().find("splendor").expect("registered");
    let options = std::collections::BTreeMap::new();
    let setup = kifu_core::rules::Setup {
        options: &options,
        players: 2,
        start: None,
    };
    let after = |draw: &str| {
        let mut live = game.start(&setup).expect("starts");
        live.apply(
            kifu_core::record::Actor::Chance,
            "deal nobles:1,2,3 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74",
        )
        .expect("dealt");
        live.apply(kifu_core::record::Actor::Seat(0), "reserve L1")
            .expect("reserved blind");
        live.apply(kifu_core::record::Actor::Chance, draw).expect("drawn");
        live
    };
    let tries = |hash: [u8; 32]| -> Vec<u8> {
        (5..=40u8)
            .filter(|id| after(&format!("draw {id}")).state_hash() == hash)
            .collect()
    };
    assert_eq!(
        tries(after("draw 17").state_hash()),
        vec![17],
        "bare: the hash tells the card"
    );
    let salted = after("draw 17 salt=00112233445566778899aabbccddeeff");
    assert!(tries(salted.state_hash()).is_empty(), "salted: no card matches");
    assert!(salted.state_json(View::Seat(1))["salt"].is_null());
    assert!(salted.state_json(View::Seat(0))["salt"].is_null());
    assert!(salted.state_json(View::Full)["salt"].is_array());
    let mut seeded = game.start(&setup).expect("starts");
    seeded
        .apply(
            kifu_core::record::Actor::Chance,
            "deal nobles:1,2,3 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74",
        )
        .expect("dealt");
    seeded
        .apply(kifu_core::record::Actor::Seat(0), "reserve L1")
        .expect("reserved blind");
    let drawn = seeded.sample_chance(&mut kifu_core::chance::ChanceRng::for_entry(b"sixteen bytes!!!", 3));
    assert!(drawn.starts_with("draw ") && drawn.contains(" salt="), "{drawn}");
}
