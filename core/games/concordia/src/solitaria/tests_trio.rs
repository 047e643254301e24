//! Contrarius as a third player in a two-player game (seed 003's last section), each rule on
//! a position built by hand: the set-up, who is answered, the Praefectus Magnus between the
//! humans only, the Diplomat, the vetoes, the last turns and the winner.

use std::collections::BTreeMap;

use super::reaction::{self, Reaction};
use super::setup;
use super::state::Solo;
use super::tests::run;
use super::{apply, Solitaria};
use crate::goods::Good;
use kifu_core::record::Actor;
use kifu_core::rules::{Rules, Setup, Turn};

const P1: Actor = Actor::Seat(0);
const CONTRARIUS: Actor = Actor::Seat(1);
const P3: Actor = Actor::Seat(2);

fn trio(options: &[(&str, &str)]) -> Solo {
    let opts: BTreeMap<String, String> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let mut solo = setup::start(&Setup {
        options: &opts,
        players: 3,
        start: None,
    })
    .expect("set-up");
    while Solitaria.turn(&solo) == Turn::Chance {
        let first = Solitaria.legal(&solo).expect("listed")[0].clone();
        apply(&mut solo, Actor::Chance, &first).expect("chance");
    }
    solo
}

fn refused(solo: &mut Solo, actor: Actor, text: &str) -> String {
    let before = solo.clone();
    let reason = run(solo, actor, text).expect_err("refused").reason;
    assert_eq!(*solo, before, "a refused entry changes nothing");
    reason
}

/// Plays Contrarius's due entries (rolling `face` for any die) until a human's turn.
fn answer(solo: &mut Solo, die_face: &str) {
    loop {
        match Solitaria.turn(solo) {
            Turn::Chance => {
                let die = reaction::die_due(solo).expect("a die");
                run(solo, Actor::Chance, &format!("die {} {die_face}", die.word()))
                    .or_else(|_| {
                        let face = die.faces()[0];
                        apply(solo, Actor::Chance, &super::notation::SoloCommand::Roll(die, face))
                    })
                    .unwrap();
            }
            Turn::Seat { seat: 1 } | Turn::Simultaneous { .. } => {
                let due = reaction::expected(solo).expect("a reaction");
                let text = super::notation::reaction_words(&solo.base, &due);
                run(solo, CONTRARIUS, &text).unwrap();
            }
            _ => return,
        }
    }
}

#[test]
fn set_up_gives_p1_the_solitaria_cards_and_seven_p3_the_start_and_six() {
    let solo = trio(&[]);
    let base = &solo.base;
    assert_eq!(base.players[0].coins, 7);
    assert_eq!(base.players[2].coins, 6);
    assert_eq!(base.players[1].coins, 0);
    assert_eq!(base.magnus, 0, "p1 holds the Praefectus Magnus");
    assert_eq!(base.decks.len(), 3, "decks I to III");
    assert_eq!(base.players[1].hand.len(), 6, "five cards and a specialist");
    assert_eq!(base.players[0].hand.len(), 7);
    assert_eq!(base.players[2].hand.len(), 7);
    assert_eq!(Solitaria.turn(&solo), Turn::seat(2), "p3 starts");
    assert_eq!(solo.start_points, 0);
    let opts = |k: &str, v: &str| {
        let o: BTreeMap<String, String> = [(k.to_string(), v.to_string())].into();
        setup::start(&Setup {
            options: &o,
            players: 3,
            start: None,
        })
        .map(|_| ())
    };
    assert!(opts("points", "20").unwrap_err().reason.contains("solo game"));
    assert!(opts("campaign", "yes").unwrap_err().reason.contains("solo game"));
}

#[test]
fn p3_is_never_answered_and_p1_always_is() {
    let mut solo = trio(&[]);
    assert!(refused(&mut solo, P1, "prefect cash").contains("it is p3's turn"));
    run(&mut solo, P3, "prefect cash").unwrap();
    assert!(solo.pending.is_empty());
    assert_eq!(Solitaria.turn(&solo), Turn::seat(0));
    run(&mut solo, P1, "prefect cash").unwrap();
    assert_eq!(reaction::expected(&solo), Some(Reaction::Score(2)));
    assert!(refused(&mut solo, P3, "mercator").contains("Contrarius's (p2's) turn"));
    run(&mut solo, CONTRARIUS, "score 2").unwrap();
    assert_eq!(solo.points, 2);
    assert_eq!(Solitaria.turn(&solo), Turn::seat(2));
}

#[test]
fn the_magnus_passes_between_the_humans_and_contrarius_gets_at_least_one() {
    let mut solo = trio(&[]);
    let province = solo.base.board().provinces[0].name.clone();
    let bonus = solo.base.bonus_good(0).unwrap();
    run(&mut solo, P3, "prefect cash").unwrap();
    assert!(refused(&mut solo, P1, &format!("magnus {province}")).contains("plain Prefect"));
    let before = solo.base.players[0].goods.count(bonus);
    run(&mut solo, P1, &format!("prefect {province}")).unwrap();
    assert_eq!(
        solo.base.players[0].goods.count(bonus),
        before + 2,
        "the Magnus doubles"
    );
    assert_eq!(solo.base.magnus, 2, "on to p3");
    assert_eq!(
        reaction::expected(&solo),
        Some(Reaction::Score(1)),
        "a plain Prefect: at least 1"
    );
    run(&mut solo, CONTRARIUS, "score 1").unwrap();
    let second = solo.base.board().provinces[1].name.clone();
    run(&mut solo, P3, &format!("prefect {second}")).unwrap();
    assert_eq!(solo.base.magnus, 0, "back to p1, never to Contrarius");
}

#[test]
fn a_diplomat_copies_the_other_human_never_contrarius_and_is_answered_as_the_copy() {
    let mut solo = trio(&[]);
    run(&mut solo, P3, "prefect cash").unwrap();
    assert!(refused(&mut solo, P1, "diplomat p2 prefect cash").contains("never Contrarius's"));
    assert!(refused(&mut solo, P1, "diplomat prefect cash").contains("not a seat"));
    run(&mut solo, P1, "diplomat p3 prefect cash").unwrap();
    assert_eq!(
        reaction::expected(&solo),
        Some(Reaction::Score(2)),
        "answered as a Prefect"
    );
}

#[test]
fn each_human_may_veto_one_roll_of_contrarius() {
    let mut solo = trio(&[]);
    assert!(refused(&mut solo, P3, "veto").contains("no roll"));
    run(&mut solo, P3, "prefect cash").unwrap();
    run(&mut solo, P1, "mercator").unwrap();
    run(&mut solo, Actor::Chance, "die mercator cloth").unwrap();
    assert_eq!(Solitaria.turn(&solo), Turn::Simultaneous { seats: vec![0, 1, 2] });
    assert_eq!(
        Solitaria.legal_for(&solo, P3),
        Some(vec![super::notation::SoloCommand::Veto])
    );
    assert!(refused(&mut solo, P3, "mercator").contains("Contrarius's (p2's) turn"));
    let first = reaction::expected(&solo).unwrap();
    assert!(refused(&mut solo, CONTRARIUS, "veto").contains("Contrarius enters"));
    run(&mut solo, P3, "veto").unwrap();
    assert_eq!(Solitaria.turn(&solo), Turn::Chance, "the die is rolled again");
    assert!(refused(&mut solo, P1, "veto").contains("no roll"), "nothing rolled yet");
    run(&mut solo, Actor::Chance, "die mercator brick").unwrap();
    assert_ne!(reaction::expected(&solo).unwrap(), first);
    assert!(refused(&mut solo, P3, "veto").contains("used its one veto"));
    assert_eq!(
        Solitaria.turn(&solo),
        Turn::Simultaneous { seats: vec![0, 1] },
        "p1's veto is left"
    );
    run(&mut solo, P1, "veto").unwrap();
    run(&mut solo, Actor::Chance, "die mercator wine").unwrap();
    assert_eq!(Solitaria.turn(&solo), Turn::seat(1), "no veto left");
    let Some(Reaction::Build { city, .. }) = reaction::expected(&solo) else {
        panic!("a build");
    };
    assert_eq!(solo.base.city_goods[city], Some(Good::Wine));
    let text = super::notation::reaction_words(&solo.base, &reaction::expected(&solo).unwrap());
    run(&mut solo, CONTRARIUS, &text).unwrap();
    assert!(refused(&mut solo, P1, "veto").contains("used its one veto"));
    // In the solo game there is no veto.
    let mut alone = super::tests::dealt(&[]);
    run(&mut alone, P1, "mercator").unwrap();
    run(&mut alone, Actor::Chance, "die mercator cloth").unwrap();
    assert!(refused(&mut alone, P1, "veto").contains("not a personality card"));
}

/// Leaves one card in the market (the decks empty) and gives `seat` its goods.
fn last_card_for(solo: &mut Solo, seat: usize) {
    solo.base.decks.iter_mut().for_each(Vec::clear);
    let last = solo.base.display[0];
    solo.base.display.truncate(1);
    let cost = crate::cards::get(last).cost.clone();
    cost.iter().for_each(|g| solo.base.players[seat].goods.add(*g, 1));
}

#[test]
fn p3_ending_the_game_leaves_p1_one_answered_turn() {
    let mut solo = trio(&[]);
    last_card_for(&mut solo, 2);
    run(&mut solo, P3, "senator 1").unwrap();
    assert!(solo.base.players[2].concordia);
    assert_eq!(solo.ended_by, Some(2));
    assert!(solo.base.over.is_none());
    run(&mut solo, P1, "prefect cash").unwrap();
    assert!(solo.base.over.is_none(), "Contrarius answers first");
    run(&mut solo, CONTRARIUS, "score 2").unwrap();
    let over = solo.base.over.clone().expect("over");
    assert!(over.reason.contains("p3 "), "{over}");
}

#[test]
fn p1_ending_the_game_is_answered_then_p3_plays_once_more() {
    let mut solo = trio(&[]);
    run(&mut solo, P3, "prefect cash").unwrap();
    last_card_for(&mut solo, 0);
    run(&mut solo, P1, "senator 1").unwrap();
    assert!(solo.base.players[0].concordia);
    answer(&mut solo, "cloth");
    assert!(solo.base.over.is_none());
    assert_eq!(Solitaria.turn(&solo), Turn::seat(2));
    run(&mut solo, P3, "mercator").unwrap();
    assert!(solo.base.over.is_some(), "p3's last turn ends it, unanswered");
}

#[test]
fn contrarius_ending_the_game_leaves_p3_then_p1_a_turn_unanswered() {
    let mut solo = trio(&[]);
    run(&mut solo, P3, "prefect cash").unwrap();
    solo.base.players[1].houses_left = 1;
    run(&mut solo, P1, "mercator").unwrap();
    answer(&mut solo, "cloth");
    assert_eq!(solo.ended_by, Some(1), "its 15th house");
    assert!(solo.base.players[1].concordia);
    assert_eq!(Solitaria.turn(&solo), Turn::seat(2));
    run(&mut solo, P3, "prefect cash").unwrap();
    assert_eq!(Solitaria.turn(&solo), Turn::seat(0));
    run(&mut solo, P1, "prefect cash").unwrap();
    assert!(solo.pending.is_empty(), "not answered");
    assert!(solo.base.over.is_some());
}

#[test]
fn a_tie_goes_to_the_concordia_card_then_the_magnus() {
    let mut solo = trio(&[]);
    // Equal totals: p1 and p3 have the same cards and board; Contrarius's points make it equal.
    let [p1, c, p3] = super::trio::totals(&solo);
    assert_eq!(p1, p3);
    solo.points = p1 - (c - solo.points);
    assert_eq!(super::trio::outcome(&solo).winners, [0], "the Magnus's holder");
    solo.base.players[2].concordia = true;
    assert_eq!(super::trio::outcome(&solo).winners, [2]);
    solo.base.players[2].concordia = false;
    solo.base.players[1].concordia = true;
    // The card's 7 points, offset by 70 sestertii (a Senator's Vesta) for each human.
    solo.base.players[0].coins += 70;
    solo.base.players[2].coins += 70;
    assert_eq!(super::trio::totals(&solo), [p1 + 7, p1 + 7, p3 + 7]);
    assert_eq!(super::trio::outcome(&solo).winners, [1]);
    solo.base.players[0].coins += 10;
    assert_eq!(super::trio::outcome(&solo).winners, [0], "the highest first");
}
