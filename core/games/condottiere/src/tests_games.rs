//! Whole games through the kernel's `Replay`: seeded games played to the end by a random
//! policy and verified with the revealed seed, and an observed game where impossible cards
//! are refused and nothing changes.

use super::cards::Card;
use super::deck;
use super::state::State;
use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{Actor, ChanceMode, Entry, Header, Record};
use kifu_core::replay::{verify_record, Replay, SeedCheck};
use kifu_core::rules::{Turn, View};

/// More entries than any real game takes; a game still going after this is a failure.
const LIMIT: usize = 20_000;

fn header(players: usize, chance: ChanceMode, options: &[(&str, &str)]) -> Header {
    let names = (1..=players).map(|i| format!("player{i}")).collect();
    let mut header = Header::new("condottiere", 1, names, chance);
    for (key, value) in options {
        header.options.insert(key.to_string(), value.to_string());
    }
    header
}

/// In a seeded game every hand is known and no kind is ever out more often than it exists.
fn check_cards(replay: &Replay) {
    let json = replay.current().state_json(View::Full);
    let state: State = serde_json::from_value(json).expect("the full view is the state");
    let accounted = deck::accounted(&state);
    for card in Card::ALL {
        assert!(
            accounted[card.index()] <= card.copies(),
            "{card:?} over-used at {}",
            replay.seq()
        );
    }
    assert!(state
        .players
        .iter()
        .all(|p| p.hand.unknown == 0 && p.discarded.unknown == 0));
}

/// Odd input at every step is answered, never a panic, and a refusal always says why.
fn poke(replay: &Replay) {
    const ODD: [&str; 12] = [
        "play 7",
        "choose Pisa",
        "deal p1:?255",
        "show p9:1",
        "discard",
        "",
        "play S:H",
        "S:S",
        "?",
        "deal p1:B,B,B,B",
        "pass now",
        "show p1:10,10,10,10,10,10,10,10,10",
    ];
    for actor in [Actor::Seat(0), Actor::Seat(5), Actor::Chance, Actor::Arbiter] {
        for text in ODD {
            if let Err(e) = replay.current().clone_box().apply(actor, text) {
                assert!(!e.reason.is_empty());
            }
        }
    }
}

fn pick<T: Clone>(rng: &mut ChanceRng, items: &[T]) -> T {
    items[rng.below(items.len() as u64) as usize].clone()
}

/// Plays a seeded game to the end choosing uniformly among the legal commands, then reveals
/// the seed and verifies the record. Returns the record and how it ended.
fn play_seeded(players: usize, seed: &[u8], policy_seed: &[u8], options: &[(&str, &str)]) -> (Record, Turn) {
    let header = header(
        players,
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
        options,
    );
    let mut replay = Replay::start(crate::registry(), &header).expect("header starts");
    replay.set_seed(seed).expect("seed matches");
    let mut record = Record::new(header);
    let mut policy = ChanceRng::for_entry(policy_seed, 0);
    let end = loop {
        record.entries.extend(replay.draw_chance(None).expect("chance draws"));
        assert!(
            record.entries.len() < LIMIT,
            "the game did not end within {LIMIT} entries"
        );
        check_cards(&replay);
        poke(&replay);
        let legal = replay.current().legal().expect("condottiere lists its moves");
        let entry: Entry = match replay.turn() {
            Turn::Over { outcome } => break Turn::Over { outcome },
            Turn::Seat { seat } => {
                assert!(!legal.is_empty(), "no legal command for p{}", seat + 1);
                let command = pick(&mut policy, &legal);
                replay
                    .play(Some(Actor::Seat(seat)), &command, None)
                    .unwrap_or_else(|f| panic!("legal command refused: {f}"))
            }
            Turn::Simultaneous { seats } => {
                let mut pairs: Vec<(u8, String)> = seats
                    .iter()
                    .flat_map(|s| legal.iter().map(move |c| (*s, c.clone())))
                    .collect();
                policy.shuffle(&mut pairs);
                pairs
                    .iter()
                    .find_map(|(seat, command)| replay.play(Some(Actor::Seat(*seat)), command, None).ok())
                    .expect("some seat can enter a legal command")
            }
            Turn::Chance => panic!("chance still due after drawing"),
        };
        record.entries.push(entry);
    };
    record.entries.push(replay.reveal(None).expect("seed known"));
    let report = verify_record(crate::registry(), &record);
    assert!(report.failure.is_none(), "verify failed: {:?}", report.failure);
    assert_eq!(report.seed, SeedCheck::Checked);
    assert_eq!(report.turn.as_ref(), Some(&end));
    (record, end)
}

fn winners(end: &Turn) -> Vec<u8> {
    match end {
        Turn::Over { outcome } => outcome.winners.clone(),
        _ => Vec::new(),
    }
}

#[test]
fn a_seeded_three_player_game_plays_to_the_end_and_verifies() {
    let (record, end) = play_seeded(3, b"three players", b"policy three", &[]);
    assert!(!winners(&end).is_empty(), "{end}");
    let deals: Vec<&Entry> = record
        .entries
        .iter()
        .filter(|e| e.command.starts_with("deal "))
        .collect();
    assert!(!deals.is_empty());
    // The first deal gives every seat 10 known cards.
    let first = &deals[0].command;
    for seat in 1..=3 {
        let part = first
            .split_whitespace()
            .find(|w| w.starts_with(&format!("p{seat}:")))
            .expect("hand listed");
        assert_eq!(part.split(',').count(), 10, "{first}");
        assert!(!part.contains('?'), "a seeded deal lists every card: {first}");
    }
}

#[test]
fn a_seeded_six_player_game_plays_to_the_end_and_verifies() {
    let (record, end) = play_seeded(6, b"six players", b"policy six", &[]);
    assert!(!winners(&end).is_empty(), "{end}");
    assert!(record.entries.iter().any(|e| e.command.starts_with("play ")));
}

#[test]
fn seeded_games_with_every_player_count_and_option_end_and_verify() {
    let cases: [(usize, &[(&str, &str)]); 5] = [
        (2, &[]),
        (4, &[("attack", "yes")]),
        (5, &[("bigger", "yes")]),
        (3, &[("target", "8")]),
        (4, &[("attack", "yes"), ("bigger", "yes")]),
    ];
    for (i, (players, options)) in cases.iter().enumerate() {
        let seed = format!("case {i}");
        let (_, end) = play_seeded(*players, seed.as_bytes(), b"policy", options);
        assert!(matches!(end, Turn::Over { .. }), "case {i}: {end}");
    }
}

#[test]
fn an_altered_seeded_deal_fails_verification() {
    let (mut record, _) = play_seeded(3, b"tamper", b"policy tamper", &[]);
    let deal = record
        .entries
        .iter_mut()
        .find(|e| e.command.starts_with("deal "))
        .expect("a deal");
    // Swap two seats' hands: still a possible deal, but not the one the seed draws.
    let parts: Vec<&str> = deal.command.split_whitespace().collect();
    let p1 = parts[1].trim_start_matches("p1:");
    let p2 = parts[2].trim_start_matches("p2:");
    deal.command = format!("deal p1:{p2} p2:{p1} {}", parts[3]);
    deal.state = None;
    let report = verify_record(crate::registry(), &record);
    let failure = report.failure.expect("the swap is caught");
    assert!(failure.reason.contains("the seed draws"), "{failure}");
}

fn act(replay: &mut Replay, actor: &str, text: &str) -> Entry {
    let actor = Actor::parse(actor).expect("an actor");
    replay
        .play(Some(actor), text, None)
        .unwrap_or_else(|f| panic!("{actor} '{text}' refused: {f}"))
}

fn refused(replay: &mut Replay, actor: &str, text: &str) -> String {
    let actor = Actor::parse(actor).expect("an actor");
    let before = (
        replay.seq(),
        replay.head(),
        replay.current().state_hash(),
        replay.turn(),
    );
    let failure = replay.play(Some(actor), text, None).expect_err("refused");
    assert_eq!(
        before,
        (
            replay.seq(),
            replay.head(),
            replay.current().state_hash(),
            replay.turn()
        )
    );
    failure.reason
}

#[test]
fn an_observed_game_refuses_impossible_cards_and_changes_nothing() {
    let mut replay = Replay::start(crate::registry(), &header(3, ChanceMode::Observed, &[])).expect("starts");
    assert_eq!(
        replay.current().legal(),
        Some(vec!["deal p1:?10 p2:?10 p3:?10".to_string()])
    );
    assert_eq!(act(&mut replay, "chance", "deal").command, "deal p1:?10 p2:?10 p3:?10");
    act(&mut replay, "p1", "choose Milano");
    for (actor, text) in [("p1", "10"), ("p2", "10"), ("p3", "10"), ("p1", "10")] {
        act(&mut replay, actor, text);
    }
    for actor in ["p2", "p3", "p1"] {
        act(&mut replay, actor, "pass");
    }
    assert!(replay.render(View::Public).contains("Milano p1"));
    // After a battle any unknown hand might hold no mercenary: all may act, so name the actor.
    assert!(matches!(replay.turn(), Turn::Simultaneous { .. }), "{}", replay.turn());
    act(&mut replay, "p1", "choose Torino");
    for (actor, text) in [("p1", "play 10"), ("p2", "m10"), ("p3", "10"), ("p1", "10")] {
        act(&mut replay, actor, text);
    }
    let reason = refused(&mut replay, "p2", "play 10");
    assert_eq!(
        reason,
        "p2 cannot play a mercenary 10: the deck has 8 mercenary 10 cards and all are accounted for this round (8 played)"
    );
    // Two bishops seen in p3's hand, a third played by p2: a fourth is refused.
    act(&mut replay, "arbiter", "show p3:B,B");
    assert!(
        replay.render(View::Seat(2)).contains("[B,B,?6]"),
        "{}",
        replay.render(View::Seat(2))
    );
    assert!(!replay.render(View::Seat(0)).contains("B,B"));
    assert!(!replay.render(View::Public).contains("B,B"));
    act(&mut replay, "p2", "play bishop");
    assert!(replay.render(View::Public).contains("the bishop ended the battle"));
    act(&mut replay, "p2", "choose Genova");
    let reason = refused(&mut replay, "p2", "B");
    assert!(
        reason.contains("3 bishop cards") && reason.contains("1 played, 2 known in hands"),
        "{reason}"
    );
    assert!(refused(&mut replay, "arbiter", "show p1:B").contains("3 bishop cards"));
    // The shown bishops are p3's to play.
    act(&mut replay, "p2", "pass");
    act(&mut replay, "p3", "B");
}

#[test]
fn the_notation_example_of_the_rules_page_replays() {
    let page = include_str!("../../../../seeds/condottiere.md");
    let example: Vec<&str> = page
        .lines()
        .skip_while(|l| !l.starts_with("1 chance deal"))
        .take_while(|l| !l.starts_with("```"))
        .collect();
    assert_eq!(example.len(), 13);
    let mut replay = Replay::start(crate::registry(), &header(3, ChanceMode::Observed, &[])).expect("starts");
    for line in example {
        let mut words = line.splitn(3, ' ');
        let (seq, who, command) = (words.next(), words.next(), words.next());
        let entry = act(&mut replay, who.unwrap_or(""), command.unwrap_or(""));
        assert_eq!(format!("{} {} {}", entry.seq, entry.actor, entry.command), line);
        assert_eq!(Some(entry.seq.to_string().as_str()), seq);
    }
    assert!(replay.render(View::Full).contains("Milano p1"));
    assert_eq!(replay.turn(), Turn::seat(0), "p1 chose Torino and plays first");
}
