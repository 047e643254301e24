//! Seeded games of 5 to 10 players played to 5 points by a random policy (free-text entries
//! made up from small lists), each verified with the revealed seed.

use super::header;
use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{Actor, ChanceMode, Record};
use kifu_core::replay::{verify_record, Replay, SeedCheck};
use kifu_core::rules::{Turn, View};

const WORDS: [&str; 4] = ["giraffe", "bridge", "teapot", "violin"];

fn stroke(rng: &mut ChanceRng) -> String {
    let n = 2 + rng.below(6);
    let points: Vec<String> = (0..n)
        .map(|_| format!("{},{}", rng.below(1001), rng.below(1001)))
        .collect();
    format!("stroke {}", points.join(" "))
}

fn play_seeded(players: usize, seed: &[u8]) -> (Record, Turn) {
    let header = header(
        players,
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
    );
    let mut replay = Replay::start(crate::registry(), &header).expect("header starts");
    replay.set_seed(seed).expect("seed matches");
    let mut record = Record::new(header);
    let mut policy = ChanceRng::for_entry(seed, 1);
    // The question master's word and salt, kept for the reveal.
    let mut written = (String::new(), String::new());
    let end = loop {
        record.entries.extend(replay.draw_chance(None).expect("chance draws"));
        assert!(record.entries.len() < 5_000, "the game did not end");
        let (actor, text) = match replay.turn() {
            Turn::Over { outcome } => break Turn::Over { outcome },
            Turn::Seat { seat } => {
                let text = match replay.current().legal() {
                    Some(list) if !list.is_empty() => list[policy.below(list.len() as u64) as usize].clone(),
                    _ => {
                        let word = WORDS[policy.below(4) as usize];
                        let render = replay.render(View::Full);
                        if render.contains("writes the theme") {
                            let salt: String = (0..16).map(|_| format!("{:02x}", policy.below(256))).collect();
                            written = (word.to_string(), salt);
                            format!("theme thing: {} salt={}", written.0, written.1)
                        } else if render.contains("reveals the theme") {
                            format!("reveal {} salt={}", written.0, written.1)
                        } else if render.contains("guesses the theme") {
                            format!("guess {word}")
                        } else {
                            stroke(&mut policy)
                        }
                    }
                };
                (seat, text)
            }
            Turn::Simultaneous { seats } => {
                let legal = replay.current().legal().unwrap_or_default();
                let mut pairs: Vec<(u8, String)> = seats
                    .iter()
                    .flat_map(|s| legal.iter().map(move |c| (*s, c.clone())))
                    .collect();
                policy.shuffle(&mut pairs);
                pairs
                    .into_iter()
                    .find(|(s, c)| replay.current().clone_box().apply(Actor::Seat(*s), c).is_ok())
                    .expect("some seat can vote")
            }
            Turn::Chance => panic!("chance still due after drawing"),
        };
        let entry = replay
            .play(Some(Actor::Seat(actor)), &text, None)
            .unwrap_or_else(|f| panic!("p{} {} refused: {f}", actor + 1, text.as_str()));
        record.entries.push(entry);
    };
    record.entries.push(replay.reveal(None).expect("seed known"));
    let report = verify_record(crate::registry(), &record);
    assert!(report.failure.is_none(), "verify failed: {:?}", report.failure);
    assert_eq!(report.seed, SeedCheck::Checked);
    (record, end)
}

#[test]
fn seeded_games_of_five_to_ten_players_end_and_verify() {
    let mut endings = std::collections::BTreeSet::new();
    for players in 5..=10 {
        for round in 0..2 {
            let seed = format!("fake artist {players} {round}");
            let (record, end) = play_seeded(players, seed.as_bytes());
            let Turn::Over { outcome } = end else {
                panic!("not over")
            };
            assert!(!outcome.winners.is_empty());
            for entry in &record.entries {
                endings.insert(entry.command.split_whitespace().next().unwrap_or("").to_string());
            }
        }
    }
    for verb in [
        "master", "fake", "theme", "first", "stroke", "vote", "guess", "judge", "reveal",
    ] {
        assert!(endings.contains(verb), "no {verb} in {endings:?}");
    }
}
