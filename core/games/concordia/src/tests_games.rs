//! Whole games through the kernel's `Replay`: seeded games played to the end by a random
//! policy and verified with the revealed seed, and odd input refused without a panic.

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{Actor, ChanceMode, Entry, Header, Record};
use kifu_core::replay::{verify_record, Replay, SeedCheck};
use kifu_core::rules::Turn;

/// More entries than any real game takes; a game still going after this is a failure.
const LIMIT: usize = 5_000;

pub fn header(game: &str, players: usize, chance: ChanceMode, options: &[(&str, &str)]) -> Header {
    let names = (1..=players).map(|i| format!("player{i}")).collect();
    let mut header = Header::new(game, 1, names, chance);
    for (key, value) in options {
        header.options.insert(key.to_string(), value.to_string());
    }
    header
}

/// Odd input at every step is answered, never a panic, and a refusal always says why.
fn poke(replay: &Replay) {
    const ODD: [&str; 14] = [
        "architect L:Roma>r9999",
        "architect L:Nowhere>r1",
        "prefect Atlantis",
        "mercator sell 999999999999 wine",
        "mercator buy",
        "senator 9",
        "senator 2:gold",
        "diplomat p9 prefect cash",
        "diplomat p1",
        "colonist X@Roma",
        "",
        "draw Dragon",
        "cities zzz",
        "tribune L S",
    ];
    for actor in [
        Actor::Seat(0),
        Actor::Seat(1),
        Actor::Seat(7),
        Actor::Chance,
        Actor::Arbiter,
    ] {
        for text in ODD {
            if let Err(e) = replay.current().clone_box().apply(actor, text) {
                assert!(!e.reason.is_empty());
            }
        }
    }
}

/// Plays a seeded game to the end choosing uniformly among the offered commands, then
/// reveals the seed and verifies the record.
pub fn play_seeded(game: &str, players: usize, seed: &[u8], options: &[(&str, &str)]) -> (Record, Turn) {
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
    let mut policy = ChanceRng::for_entry(seed, u64::MAX);
    let end = loop {
        record.entries.extend(replay.draw_chance(None).expect("chance draws"));
        assert!(
            record.entries.len() < LIMIT,
            "the game did not end within {LIMIT} entries"
        );
        if record.entries.len().is_multiple_of(25) {
            poke(&replay);
        }
        let entry: Entry = match replay.turn() {
            Turn::Over { outcome } => break Turn::Over { outcome },
            Turn::Seat { seat } => {
                let legal = replay.current().legal().expect("concordia lists its moves");
                assert!(!legal.is_empty(), "no legal command for p{}", seat + 1);
                let command = legal[policy.below(legal.len() as u64) as usize].clone();
                replay
                    .play(Some(Actor::Seat(seat)), &command, None)
                    .unwrap_or_else(|f| panic!("legal command {command} refused: {f}"))
            }
            Turn::Simultaneous { seats } => {
                // Solitaria's vetoes: any of the acting seats' listed entries.
                let legal = replay.current().legal_actions().expect("listed");
                assert!(legal.iter().all(|(a, _)| seats.iter().any(|s| *a == Actor::Seat(*s))));
                let (actor, command) = legal[policy.below(legal.len() as u64) as usize].clone();
                replay
                    .play(Some(actor), &command, None)
                    .unwrap_or_else(|f| panic!("legal command {command} refused: {f}"))
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
#[cfg_attr(debug_assertions, ignore = "slow unoptimised: runs in the release suites (.ci/run)")]
fn seeded_games_on_both_maps_and_every_player_count_end_and_verify() {
    let cases: [(usize, &[(&str, &str)]); 4] = [
        (2, &[]),
        (3, &[("interim", "yes")]),
        (4, &[("map", "italia")]),
        (5, &[("map", "imperium")]),
    ];
    for (i, (players, options)) in cases.iter().enumerate() {
        let seed = format!("concordia case {i}");
        let (record, end) = play_seeded("concordia", *players, seed.as_bytes(), options);
        assert!(matches!(end, Turn::Over { .. }), "case {i}: {end}");
        assert!(record.entries.iter().any(|e| e.command.starts_with("cities ")));
        eprintln!("case {i}: {} entries, {end}", record.entries.len());
    }
}
