//! Seeded games played to the end by a random policy for every player count, each verified
//! with the revealed seed, with the decks' accounting and the token supply checked each step.

use super::{header, state};
use crate::cards::{self, total, GOLD};
use crate::state::gems_for;
use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{Actor, ChanceMode, Entry, Record};
use kifu_core::replay::{verify_record, Replay, SeedCheck};
use kifu_core::rules::{Turn, View};

/// More entries than any real game takes; a game still going after this is a failure.
const LIMIT: usize = 20_000;

/// Every card is in exactly one place; tokens are conserved; nobody ends a turn over ten.
fn check(replay: &Replay, players: usize) {
    let s = state(replay, View::Full);
    let mut seen = [0u8; 91];
    let market = s.market.iter().flatten().flatten();
    let bought = s.players.iter().flat_map(|p| p.cards.iter());
    let reserved = s
        .players
        .iter()
        .flat_map(|p| p.reserved.iter().filter_map(|r| r.card.as_ref()));
    for id in market.chain(bought).chain(reserved) {
        seen[usize::from(*id)] += 1;
    }
    assert!(seen.iter().all(|n| *n <= 1), "a card in two places at {}", replay.seq());
    for level in 1..=3u8 {
        let out = cards::level_ids(level).filter(|id| seen[usize::from(*id)] == 1).count();
        let size = cards::level_ids(level).count();
        assert_eq!(
            out + usize::from(s.deck_left[usize::from(level - 1)]),
            size,
            "level {level} at {}",
            replay.seq()
        );
    }
    for c in 0..=GOLD {
        let held: u32 = s.players.iter().map(|p| u32::from(p.tokens[c])).sum();
        let start = if c == GOLD { 5 } else { gems_for(players) };
        assert_eq!(
            held + u32::from(s.supply[c]),
            u32::from(start),
            "colour {c} at {}",
            replay.seq()
        );
    }
    if s.phase == crate::state::Phase::Act {
        assert!(s
            .players
            .iter()
            .all(|p| total(&p.tokens) <= 10 && p.reserved.len() <= 3));
    }
    // Other seats never see a blind reserve's card.
    let public = state(replay, View::Public);
    assert!(public
        .players
        .iter()
        .flat_map(|p| &p.reserved)
        .all(|r| !r.blind || r.card.is_none()));
}

/// Odd input at every step is answered, never a panic, and a refusal always says why.
fn poke(replay: &Replay) {
    const ODD: [&str; 12] = [
        "take",
        "take yyy",
        "buy 91",
        "reserve L4",
        "refill 0",
        "draw ?",
        "deal nobles:1 L1:1",
        "noble 11",
        "discard wwwwwwwwwwwwwwwwwwww",
        "buy 5 wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww",
        "",
        "pass",
    ];
    for actor in [Actor::Seat(0), Actor::Seat(3), Actor::Chance, Actor::Arbiter] {
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

/// Plays a seeded game choosing uniformly among the legal commands (buying whenever it can,
/// so games end in a reasonable length), reveals the seed and verifies the record.
fn play_seeded(players: usize, seed: &[u8], policy_seed: &[u8]) -> (Record, Turn) {
    let header = header(
        players,
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
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
        check(&replay, players);
        poke(&replay);
        let legal = replay.current().legal().expect("splendor lists its moves");
        let entry: Entry = match replay.turn() {
            Turn::Over { outcome } => break Turn::Over { outcome },
            Turn::Seat { seat } => {
                assert!(!legal.is_empty(), "no legal command for p{}", seat + 1);
                let buys: Vec<String> = legal.iter().filter(|c| c.starts_with("buy")).cloned().collect();
                let command = if !buys.is_empty() && policy.below(4) > 0 {
                    pick(&mut policy, &buys)
                } else {
                    pick(&mut policy, &legal)
                };
                replay
                    .play(Some(Actor::Seat(seat)), &command, None)
                    .unwrap_or_else(|f| panic!("legal command '{command}' refused: {f}"))
            }
            other => panic!("unexpected turn {other}"),
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

#[test]
fn seeded_games_of_two_to_four_players_end_and_verify() {
    for players in 2..=4 {
        for round in 0..3 {
            let seed = format!("splendor {players} {round}");
            let (record, end) = play_seeded(players, seed.as_bytes(), seed.as_bytes());
            let Turn::Over { outcome } = &end else { panic!("{end}") };
            assert!(!outcome.winners.is_empty(), "{outcome}");
            let deal = &record.entries[0].command;
            assert!(deal.starts_with("deal nobles:"), "{deal}");
            let nobles = deal.split_whitespace().nth(1).unwrap_or("").split(',').count();
            assert_eq!(nobles, players + 1, "{deal}");
        }
    }
}

#[test]
fn a_seeded_game_uses_every_kind_of_action() {
    let mut kinds = std::collections::BTreeSet::new();
    for i in 0..4 {
        let seed = format!("kinds {i}");
        let (record, _) = play_seeded(2 + i % 3, seed.as_bytes(), b"kinds");
        for entry in &record.entries {
            let verb = entry.command.split_whitespace().next().unwrap_or("");
            let blind = entry.command.starts_with("reserve L");
            kinds.insert(if blind { "reserve blind" } else { verb }.to_string());
        }
    }
    for kind in [
        "deal",
        "refill",
        "draw",
        "take",
        "reserve",
        "reserve blind",
        "buy",
        "discard",
    ] {
        assert!(kinds.contains(kind), "no '{kind}' in {kinds:?}");
    }
}

#[test]
fn an_altered_seeded_refill_fails_verification() {
    let (mut record, _) = play_seeded(2, b"tamper", b"tamper");
    let refill = record
        .entries
        .iter_mut()
        .find(|e| e.command.starts_with("refill "))
        .expect("a refill");
    let id: u8 = refill.command[7..].parse().expect("a number");
    let other = if id > 1 { id - 1 } else { id + 1 };
    refill.command = format!("refill {other}");
    refill.state = None;
    let failure = verify_record(crate::registry(), &record).failure.expect("caught");
    assert!(
        failure.reason.contains("the seed draws") || failure.reason.contains("cannot come from"),
        "{failure}"
    );
}
