//! The examples seed 004 gives for Splendor, each as a test (the seed has no worked game;
//! these are the cases its text spells out).

use super::{enter, position, refusal};
use crate::state::Phase;

/// "2 players: remove 3 of each gem (4 left), 3 nobles; 3 players: remove 2 (5 left), 4
/// nobles"; four players play with all 7 and 5 nobles; gold is always 5.
#[test]
fn tokens_and_nobles_by_player_count() {
    for (players, gems) in [(2, 4), (3, 5), (4, 7)] {
        let s = position(players);
        assert_eq!(s.supply, [gems, gems, gems, gems, gems, 5], "{players} players");
        assert_eq!(s.nobles.len(), players + 1);
        assert_eq!(s.market.iter().flatten().flatten().count(), 12);
    }
    let mut s = position(3);
    s.phase = Phase::Deal;
    s.market = [[None; 4]; 3];
    s.deck_left = [40, 30, 20];
    let reason = refusal(
        &mut s,
        "chance",
        "deal nobles:1,2,3 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74",
    );
    assert_eq!(reason, "3 players play with 4 nobles shown, not 3");
}

/// "Two of the same colour, only when at least 4 of that colour are in the middle."
#[test]
fn two_of_a_colour_need_four_in_the_pile() {
    let mut s = position(2);
    enter(&mut s, "p1", "take rr").unwrap();
    assert_eq!(s.supply[3], 2);
    let reason = refusal(&mut s, "p2", "take rr");
    assert_eq!(
        reason,
        "two red tokens may be taken only from a pile of at least 4; 2 are left"
    );
}

/// "With two blue bonuses a card costs two blue less" (bonuses are discounts).
#[test]
fn two_blue_bonuses_take_two_blue_off() {
    let mut s = position(2);
    s.players[0].cards = vec![9, 10];
    // Card 1 costs u3: with two blue bonuses one blue token pays for it.
    s.players[0].tokens = [0, 1, 0, 0, 0, 0];
    enter(&mut s, "p1", "buy 1").unwrap();
    assert_eq!(s.players[0].tokens, [0; 6]);
    // With enough bonuses a card is free: card 3 (w0 u1 g1 r1 k1) for blue, green, red and black.
    s.players[1].cards = vec![9, 17, 25, 33];
    enter(&mut s, "chance", "refill 5").unwrap();
    enter(&mut s, "p2", "buy 3").unwrap();
    assert_eq!(s.players[1].cards.len(), 5);
    assert_eq!(s.players[1].tokens, [0; 6]);
}

/// "A reserve is allowed when no gold is left; then no gold is taken."
#[test]
fn reserving_with_no_gold_left_gives_none() {
    let mut s = position(2);
    s.supply[5] = 0;
    enter(&mut s, "p1", "reserve 1").unwrap();
    assert_eq!(s.players[0].tokens[5], 0);
    assert_eq!(s.players[0].reserved.len(), 1);
}

/// "At 15 points the round is played out so everyone has the same number of turns; the first
/// to 15 is not sure to win."
#[test]
fn the_round_is_played_out_and_the_first_to_fifteen_may_lose() {
    let mut s = position(3);
    s.players[0].cards = vec![72, 73, 74, 16];
    s.players[0].tokens = [0, 0, 3, 2, 2, 0];
    enter(&mut s, "p1", "buy 41").unwrap();
    enter(&mut s, "chance", "refill 45").unwrap();
    assert_eq!(s.players[0].points(), 15);
    assert!(s.final_round);
    s.players[1].cards = vec![78, 82, 84];
    s.players[1].tokens = [0, 0, 0, 3, 2, 0];
    enter(&mut s, "p2", "buy 44").unwrap();
    enter(&mut s, "chance", "refill 46").unwrap();
    assert_eq!(s.players[1].points(), 16);
    assert_eq!(s.phase, Phase::Act, "p3 still plays");
    enter(&mut s, "p3", "take wug").unwrap();
    let Phase::Over { outcome } = &s.phase else {
        panic!("{:?}", s.phase)
    };
    assert_eq!(outcome.winners, vec![1]);
    assert_eq!(outcome.reason, "16 points, the final round is complete");
}

/// "A tie goes to whoever bought fewer development cards." Still tied, both win (our reading).
#[test]
fn a_tie_goes_to_fewer_cards() {
    let mut s = position(2);
    s.players[0].cards = vec![72, 73, 74, 16];
    s.players[0].tokens = [0, 0, 3, 2, 2, 0];
    s.players[1].cards = vec![78, 82, 86];
    let mut both = s.clone();
    enter(&mut s, "p1", "buy 41").unwrap();
    enter(&mut s, "chance", "refill 45").unwrap();
    enter(&mut s, "p2", "take wug").unwrap();
    let Phase::Over { outcome } = &s.phase else {
        panic!("{:?}", s.phase)
    };
    assert_eq!(outcome.winners, vec![1], "15 points with 3 cards beats 15 with 5");
    both.players[1].cards = vec![78, 82, 71, 8, 16];
    enter(&mut both, "p1", "buy 41").unwrap();
    enter(&mut both, "chance", "refill 45").unwrap();
    enter(&mut both, "p2", "take wug").unwrap();
    let Phase::Over { outcome } = &both.phase else {
        panic!("{:?}", both.phase)
    };
    assert_eq!(outcome.winners, vec![0, 1]);
}
