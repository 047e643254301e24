//! Whole wars through the kernel's `Replay`: seeded wars for both decks played to the end by a
//! random policy and verified with the revealed seed, the views of a card laid down, and the
//! format writing a record that reads back to the same entries.

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::format::{build, Format};
use kifu_core::record::{Actor, ChanceMode, Header, Record};
use kifu_core::replay::{log_view, verify_record, Replay, SeedCheck};
use kifu_core::rules::{Turn, View};

fn header(chance: ChanceMode, options: &[(&str, &str)]) -> Header {
    let names = (1..=4).map(|i| format!("king{i}")).collect();
    let mut header = Header::new("redblackwar", 2, names, chance);
    for (key, value) in options {
        header.options.insert(key.to_string(), value.to_string());
    }
    header
}

/// Odd input at every step is answered, never a panic, and a refusal always says why.
fn poke(replay: &Replay) {
    const ODD: [&str; 9] = [
        "19",
        "Z",
        "",
        "open 1 2",
        "x4",
        "ally:p9",
        "redeploy:1/2",
        "rank:",
        "situation war",
    ];
    for actor in [Actor::Seat(0), Actor::Seat(4), Actor::Chance, Actor::Arbiter] {
        for text in ODD {
            if let Err(e) = replay.current().clone_box().apply(actor, text) {
                assert!(!e.reason.is_empty());
            }
        }
    }
}

pub fn play_seeded(seed: &[u8], options: &[(&str, &str)]) -> (Record, Turn) {
    let header = header(
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
        assert!(record.entries.len() < 1_000, "the war did not end");
        poke(&replay);
        if let Turn::Over { outcome } = replay.turn() {
            break Turn::Over { outcome };
        }
        let legal = replay.current().legal_actions().expect("the war lists its moves");
        assert!(!legal.is_empty(), "nothing to enter at {}", replay.turn());
        let mut pick = &legal[policy.below(legal.len() as u64) as usize];
        // Coins passed back and forth would make a random war endless: pay one time in ten.
        let others: Vec<&(Actor, String)> = legal.iter().filter(|(_, c)| !c.starts_with("pay:")).collect();
        if pick.1.starts_with("pay:") && policy.below(10) > 0 && !others.is_empty() {
            pick = others[policy.below(others.len() as u64) as usize];
        }
        let (actor, command) = pick;
        let entry = replay
            .play(Some(*actor), command, None)
            .unwrap_or_else(|f| panic!("legal command refused: {f}"));
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
fn seeded_wars_with_both_decks_end_and_verify() {
    let mut blitz = 0;
    for options in [&[][..], &[("deck", "playing-cards")][..]] {
        for round in 0..12u8 {
            let seed = format!("war {options:?} {round}");
            let (record, end) = play_seeded(seed.as_bytes(), options);
            let Turn::Over { outcome } = &end else { panic!("{end}") };
            assert_eq!(outcome.winners.len(), 1, "{outcome}");
            let opens = record.entries.iter().filter(|e| e.command.starts_with("open ")).count();
            let situations: Vec<&str> = record
                .entries
                .iter()
                .filter_map(|e| e.command.strip_prefix("situation "))
                .collect();
            if options.is_empty() {
                assert_eq!(situations.len(), 2, "two situation cards in the base war");
                let expected = if situations.contains(&"blitz") { 18 } else { 21 };
                blitz += usize::from(expected == 18);
                assert_eq!(opens, expected);
            } else {
                assert!(situations.is_empty());
                assert_eq!(opens, 13);
            }
        }
    }
    assert!(blitz > 0, "some seeded war turned up blitz");
}

#[test]
fn a_card_laid_down_is_hidden_from_the_others_until_opened() {
    let (record, _) = play_seeded(b"views", &[]);
    let first_play = record
        .entries
        .iter()
        .find(|e| e.actor == Actor::Seat(1))
        .expect("p2 plays");
    let index = (first_play.seq - 1) as usize;
    for (view, sees) in [
        (View::Full, true),
        (View::Seat(1), true),
        (View::Seat(0), false),
        (View::Public, false),
    ] {
        let log = log_view(crate::registry(), &record, view).expect("replays");
        let shown = &log[index].command;
        assert_eq!(shown == &first_play.command, sees, "{view:?} sees {shown}");
        if !sees {
            assert_eq!(shown, "?");
        }
        let open = log.iter().find(|e| e.command.starts_with("open ")).expect("opened");
        let cards: Vec<&str> = open.command.split_whitespace().collect();
        let (card, salt) = first_play.command.split_once('#').expect("a seeded play is salted");
        assert_eq!(salt.len(), 32);
        assert_eq!(cards[2], card, "the open entry is public");
        let key = &log[0].command;
        assert_eq!(
            key.starts_with("key ") && key != "key ?",
            sees && view == View::Full,
            "{view:?}: {key}"
        );
    }
}

#[test]
fn the_format_writes_a_record_that_reads_back_as_the_same_entries() {
    for options in [&[][..], &[("deck", "playing-cards")][..]] {
        let (record, _) = play_seeded(b"format round trip", options);
        let text = crate::format::FORMAT.write(&record).expect("written");
        let draft = crate::format::FORMAT.read(&text).remove(0).expect("read back");
        let rebuilt = build(crate::registry(), &draft, None).expect("imports");
        let original: Vec<(Actor, &str)> = record
            .entries
            .iter()
            .filter(|e| kifu_core::replay::reveal_of(e).is_none())
            .map(|e| (e.actor, e.command.as_str()))
            .collect();
        let imported: Vec<(Actor, &str)> = rebuilt.entries.iter().map(|e| (e.actor, e.command.as_str())).collect();
        assert_eq!(original, imported);
        assert!(text.contains("\nopen "), "{text}");
    }
}

#[test]
fn a_bad_file_names_its_line_and_reason() {
    let text = "Game: redblackwar\nP1: A\nP2: B\nP3: C\nP4: D\n\nkey ?\np1 11 p2 K p3 3 p4 19\n";
    let draft = crate::format::FORMAT.read(text).remove(0).expect("reads");
    let error = build(crate::registry(), &draft, None).unwrap_err();
    assert_eq!(error.line, Some(8));
    assert!(error.reason.contains("'19' is not a card of the deck"), "{error}");
    let bad = crate::format::FORMAT.read("Game: hearts\n").remove(0).unwrap_err();
    assert!(bad.reason.contains("cannot hold the game 'hearts'"));
    let odd = crate::format::FORMAT
        .read("Game: redblackwar\n\np1 11 p2\n")
        .remove(0)
        .unwrap_err();
    assert_eq!(odd.line, Some(3));
}

/// A card laid down bare can be found by trying every card of the kingdom against the state
/// hash (`s=`) a view shows; laid down with a salt (`11#HEX`) no card matches, and only the
/// full view holds the salt.
#[test]
fn a_salted_play_cannot_be_found_from_the_state_hash() {
    let game = crate::registry().find("redblackwar").expect("registered");
    let options = std::collections::BTreeMap::new();
    let setup = kifu_core::rules::Setup {
        options: &options,
        players: 4,
        start: None,
    };
    let after = |text: &str| {
        let mut live = game.start(&setup).expect("starts");
        live.apply(Actor::Chance, "key ?").expect("no key");
        live.apply(Actor::Seat(0), "3").expect("p1 plays");
        live.apply(Actor::Seat(1), text).expect("p2 plays");
        live
    };
    // The troop's 21 cards: 1 to 18, J, Q, K.
    let troop: Vec<String> = (1..=18)
        .map(|n| n.to_string())
        .chain(["J", "Q", "K"].map(String::from))
        .collect();
    let tries = |hash: [u8; 32]| -> Vec<&str> {
        troop
            .iter()
            .map(String::as_str)
            .filter(|card| after(card).state_hash() == hash)
            .collect()
    };
    assert_eq!(
        tries(after("11").state_hash()),
        vec!["11"],
        "bare: the hash tells the card"
    );
    let salted = after("11#00112233445566778899aabbccddeeff");
    assert!(tries(salted.state_hash()).is_empty(), "salted: no card matches");
    assert_eq!(
        salted.redact(Actor::Seat(1), "11#00112233445566778899aabbccddeeff", View::Seat(0)),
        "?"
    );
    assert!(salted.state_json(View::Seat(0))["down_salt"][1].is_null());
    assert!(salted.state_json(View::Public)["down_salt"][1].is_null());
    assert!(salted.state_json(View::Full)["down_salt"][1].is_array());
    // With the war's key, a bare play is salted from it: the same protection, nothing typed.
    let mut keyed = game.start(&setup).expect("starts");
    keyed
        .apply(Actor::Chance, "key 0f0e0d0c0b0a09080706050403020100")
        .expect("a key");
    let line = keyed.apply(Actor::Seat(1), "11").expect("p2 plays");
    let (card, salt) = line.split_once('#').expect("salted from the key");
    assert_eq!((card, salt.len()), ("11", 32));
    assert_eq!(
        keyed.redact(Actor::Chance, "key 0f0e0d0c0b0a09080706050403020100", View::Seat(1)),
        "key ?"
    );
    assert!(keyed.state_json(View::Seat(1))["key"].is_null());
    let mut bad = game.start(&setup).expect("starts");
    bad.apply(Actor::Chance, "key ?").expect("no key");
    let refused = bad.apply(Actor::Seat(1), "11#12ab").expect_err("a short salt");
    assert!(refused.reason.contains("32 hex digits"), "{}", refused.reason);
}
