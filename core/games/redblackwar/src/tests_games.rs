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
    let mut header = Header::new("redblackwar", 1, names, chance);
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
        assert_eq!(cards[2], first_play.command, "the open entry is public");
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
    let text = "Game: redblackwar\nP1: A\nP2: B\nP3: C\nP4: D\n\np1 11 p2 K p3 3 p4 19\n";
    let draft = crate::format::FORMAT.read(text).remove(0).expect("reads");
    let error = build(crate::registry(), &draft, None).unwrap_err();
    assert_eq!(error.line, Some(7));
    assert!(error.reason.contains("'19' is not a card of the deck"), "{error}");
    let bad = crate::format::FORMAT.read("Game: hearts\n").remove(0).unwrap_err();
    assert!(bad.reason.contains("cannot hold the game 'hearts'"));
    let odd = crate::format::FORMAT
        .read("Game: redblackwar\n\np1 11 p2\n")
        .remove(0)
        .unwrap_err();
    assert_eq!(odd.line, Some(3));
}
