//! Whole hands through the kernel's `Replay`: seeded hands for every player count and option
//! played to the end by a random policy and verified with the revealed seed, and the format
//! writing a record that reads back to the same entries.

use super::state::State;
use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::format::{build, Format};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay, SeedCheck};
use kifu_core::rules::{Turn, View};

const LIMIT: usize = 20_000;

fn header(game: &str, players: usize, chance: ChanceMode, options: &[(&str, &str)]) -> Header {
    let names = (1..=players).map(|i| format!("player{i}")).collect();
    let mut header = Header::new(game, 2, names, chance);
    for (key, value) in options {
        header.options.insert(key.to_string(), value.to_string());
    }
    header
}

/// Every card of the deck is in exactly one place and every hand is known (seeded).
fn check_cards(replay: &Replay) {
    let json = replay.current().state_json(View::Full);
    let state: State = serde_json::from_value(json).expect("the full view is the state");
    let mut seen = 0u64;
    let mut count = 0;
    for hand in &state.hands {
        assert_eq!(hand.unknown, 0);
        seen |= hand.known.0;
        count += hand.known.len();
    }
    for won in &state.won {
        seen |= won.0;
        count += won.len();
    }
    count += state.trick.len() as u32 + u32::from(state.turned.is_some());
    assert_eq!(seen & !state.deck.0, 0, "a card out of the deck");
    assert_eq!(
        count + u32::from(state.stock),
        state.deck.len(),
        "cards lost or doubled"
    );
}

/// Odd input at every step is answered, never a panic, and a refusal always says why.
fn poke(replay: &Replay) {
    const ODD: [&str; 10] = [
        "play 2d",
        "Zz",
        "",
        "draw p9:?",
        "deal Ad p1:?99",
        "bid 999",
        "call Xd",
        "pass pass",
        "?",
        "draw p1:Ad,Ad",
    ];
    for actor in [Actor::Seat(0), Actor::Seat(5), Actor::Chance, Actor::Arbiter] {
        for text in ODD {
            if let Err(e) = replay.current().clone_box().apply(actor, text) {
                assert!(!e.reason.is_empty());
            }
        }
    }
}

fn play_seeded(game: &str, players: usize, seed: &[u8], options: &[(&str, &str)]) -> (Record, Turn) {
    let header = header(
        game,
        players,
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
        options,
    );
    let mut replay = Replay::start(crate::registry(), &header).expect("header starts");
    replay.set_seed(seed).expect("seed matches");
    let mut record = Record::new(header);
    let mut policy = ChanceRng::for_entry(seed, 0);
    let end = loop {
        record.entries.extend(replay.draw_chance(None).expect("chance draws"));
        assert!(record.entries.len() < LIMIT, "the hand did not end");
        check_cards(&replay);
        poke(&replay);
        let legal = replay.current().legal().expect("briscola lists its moves");
        match replay.turn() {
            Turn::Over { outcome } => break Turn::Over { outcome },
            Turn::Seat { seat } => {
                assert!(!legal.is_empty(), "no legal command for p{}", seat + 1);
                let command = &legal[policy.below(legal.len() as u64) as usize];
                let entry = replay
                    .play(Some(Actor::Seat(seat)), command, None)
                    .unwrap_or_else(|f| panic!("legal command refused: {f}"));
                record.entries.push(entry);
            }
            other => panic!("unexpected turn {other}"),
        }
    };
    record.entries.push(replay.reveal(None).expect("seed known"));
    let report = verify_record(crate::registry(), &record);
    assert!(report.failure.is_none(), "verify failed: {:?}", report.failure);
    assert_eq!(report.seed, SeedCheck::Checked);
    assert_eq!(report.turn.as_ref(), Some(&end));
    (record, end)
}

/// A game, its player count and its options.
type Case = (&'static str, usize, &'static [(&'static str, &'static str)]);

#[test]
fn seeded_hands_for_every_player_count_and_option_end_and_verify() {
    let cases: [Case; 7] = [
        ("briscola", 2, &[]),
        ("briscola", 3, &[]),
        ("briscola", 4, &[]),
        ("briscola", 4, &[("teams", "no")]),
        ("briscola", 5, &[]),
        ("briscola", 6, &[]),
        ("briscola-chiamata", 5, &[("target", "1")]),
    ];
    for (game, players, options) in cases {
        for round in 0..3u8 {
            let seed = format!("{game} {players} {options:?} {round}");
            let (record, end) = play_seeded(game, players, seed.as_bytes(), options);
            let Turn::Over { outcome } = &end else { panic!("{end}") };
            assert!(outcome.reason.contains("card points"), "{outcome}");
            if game == "briscola-chiamata" {
                assert!(outcome.reason.starts_with("hand 1: "), "one hand to 1 point: {outcome}");
            }
            let plays = record.entries.iter().filter(|e| e.command.starts_with("play ")).count();
            let deck = match players {
                3 => 39,
                6 => 36,
                _ => 40,
            };
            assert_eq!(plays, deck, "{game} {players}: every card is played once");
        }
    }
}

#[test]
fn seeded_chiamata_matches_are_played_to_eleven_and_verify() {
    for round in 0..2u8 {
        let seed = format!("chiamata match {round}");
        let (record, end) = play_seeded("briscola-chiamata", 5, seed.as_bytes(), &[]);
        let Turn::Over { outcome } = &end else { panic!("{end}") };
        let deals = record.entries.iter().filter(|e| e.command.starts_with("deal ")).count();
        let plays = record.entries.iter().filter(|e| e.command.starts_with("play ")).count();
        assert_eq!(plays, 40 * deals, "every hand plays the whole deck");
        assert!(outcome.reason.starts_with(&format!("hand {deals}: ")), "{outcome}");
        // The winners are the seats with the highest total, at 11 or more.
        let totals = outcome.reason.split("match totals ").nth(1).expect("totals");
        let numbers: Vec<i32> = totals
            .split(" (")
            .next()
            .unwrap_or("")
            .split(", ")
            .map(|part| part.split(' ').nth(1).unwrap_or("x").parse().expect("a total"))
            .collect();
        let best = *numbers.iter().max().unwrap();
        assert!(best >= 11, "{outcome}");
        let winners: Vec<u8> = (0..5u8).filter(|s| numbers[usize::from(*s)] == best).collect();
        assert_eq!(outcome.winners, winners, "{outcome}");
    }
}

#[test]
fn the_format_writes_a_record_that_reads_back_as_the_same_entries() {
    for (game, players) in [("briscola", 2), ("briscola-chiamata", 5)] {
        let (record, _) = play_seeded(game, players, b"format round trip", &[]);
        let text = crate::format::FORMAT.write(&record).expect("written");
        let drafts = crate::format::FORMAT.read(&text);
        assert_eq!(drafts.len(), 1);
        let draft = drafts.into_iter().next().unwrap().expect("read back");
        let rebuilt = build(crate::registry(), &draft, None).expect("imports");
        let original: Vec<(Actor, &str)> = record
            .entries
            .iter()
            .filter(|e| !e.command.starts_with("reveal "))
            .map(|e| (e.actor, e.command.as_str()))
            .collect();
        let imported: Vec<(Actor, &str)> = rebuilt.entries.iter().map(|e| (e.actor, e.command.as_str())).collect();
        assert_eq!(original, imported);
        assert!(text.contains("\np1 "), "{text}");
    }
}

#[test]
fn a_bad_file_names_its_line_and_reason() {
    let text = "Game: briscola\nP1: A\nP2: B\n\nchance deal Kd\np1 Ad p2 Kd\n";
    let draft = crate::format::FORMAT.read(text).remove(0).expect("reads");
    let error = build(crate::registry(), &draft, None).unwrap_err();
    assert_eq!(error.line, Some(6));
    assert!(error.reason.contains("Kd is the briscola turned up"), "{error}");
    let bad = crate::format::FORMAT.read("Game: scopa\n").remove(0).unwrap_err();
    assert!(bad.reason.contains("cannot hold the game 'scopa'"));
    let odd = crate::format::FORMAT
        .read("Game: briscola\n\np1 Ad p2\n")
        .remove(0)
        .unwrap_err();
    assert_eq!(odd.line, Some(3));
}

/// A deal typed bare can be found by p2 trying every hand p1 could hold against the state
/// hash (`s=`) its view shows; dealt with a salt (as a seeded deal always is) no hand
/// matches, and only the full view holds the salt.
#[test]
fn a_salted_deal_cannot_be_found_from_the_state_hash() {
    let game = crate::registry().find("briscola").expect("registered");
    let options = std::collections::BTreeMap::new();
    let setup = kifu_core::rules::Setup {
        options: &options,
        players: 2,
        start: None,
    };
    let dealt = |text: &str| {
        let mut live = game.start(&setup).expect("starts");
        live.apply(Actor::Chance, text).expect("dealt");
        live
    };
    // What p2 knows: its own hand and the turned card; p1 holds three of the other 36.
    let known = ["Kd", "4c", "5c", "6c"];
    let others: Vec<String> = ["d", "c", "s", "b"]
        .iter()
        .flat_map(|suit| ["A", "2", "3", "4", "5", "6", "7", "J", "N", "K"].map(|rank| format!("{rank}{suit}")))
        .filter(|card| !known.contains(&card.as_str()))
        .collect();
    let tries = |hash: [u8; 32]| -> Vec<String> {
        let mut found = Vec::new();
        for a in 0..others.len() {
            for b in a + 1..others.len() {
                for c in b + 1..others.len() {
                    let hand = format!("{},{},{}", others[a], others[b], others[c]);
                    if dealt(&format!("deal Kd p1:{hand} p2:4c,5c,6c")).state_hash() == hash {
                        found.push(hand);
                    }
                }
            }
        }
        found
    };
    let bare = dealt("deal Kd p1:Ac,2c,3c p2:4c,5c,6c");
    assert_eq!(
        tries(bare.state_hash()),
        vec!["Ac,2c,3c"],
        "bare: the hash tells p1's hand"
    );
    let salted = dealt("deal Kd p1:Ac,2c,3c p2:4c,5c,6c salt=00112233445566778899aabbccddeeff");
    assert!(tries(salted.state_hash()).is_empty(), "salted: no hand matches");
    assert_eq!(
        salted.redact(
            Actor::Chance,
            "deal Kd p1:Ac,2c,3c p2:4c,5c,6c salt=00112233445566778899aabbccddeeff",
            View::Seat(1)
        ),
        "deal Kd p1:?3 p2:4c,5c,6c"
    );
    assert!(salted.state_json(View::Seat(1))["salt"].is_null());
    assert!(salted.state_json(View::Full)["salt"].is_array());
}
