//! Times seeded random playouts through the kernel: for each game named (Senet and Condottiere
//! by default), N whole games with seeded chance and a seeded random policy, each entry chained
//! and state-hashed as a store would, then every record verified from its text as `kifu verify`
//! does. Prints games, entries and rates. Run:
//! `cargo run --release -p kifu-games --example playouts -- [--games N] [GAME ...]`.

use std::time::Instant;

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{text, ChanceMode, Header, Record};
use kifu_core::replay::{verify_text, Replay};
use kifu_core::rules::Turn;

/// The most commands one playout may make before it is called looping.
const MAX_ENTRIES: usize = 20_000;

fn main() {
    let mut games = 10_000;
    let mut names = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--games" => games = args.next().and_then(|n| n.parse().ok()).expect("--games N"),
            name => names.push(name.to_string()),
        }
    }
    if names.is_empty() {
        names = vec!["senet".into(), "condottiere".into()];
    }
    println!("game          players   games   entries   play (s)   games/s   entries/s   verify (s)   entries/s");
    for name in &names {
        let Some(game) = kifu_games::find(name) else {
            eprintln!("no game '{name}'");
            std::process::exit(2);
        };
        let players = *game.players().start();
        let started = Instant::now();
        let records: Vec<Record> = (0..games as u64).map(|n| playout(name, players, n)).collect();
        let play = started.elapsed().as_secs_f64();
        let entries: usize = records.iter().map(|r| r.entries.len()).sum();
        let files: Vec<String> = records.iter().map(text::write).collect();
        let started = Instant::now();
        for file in &files {
            let parsed = text::read(file).expect("a written record reads back");
            let report = verify_text(kifu_games::registry(), &parsed);
            assert!(report.failure.is_none(), "{name}: {:?}", report.failure);
        }
        let verify = started.elapsed().as_secs_f64();
        println!(
            "{name:<13} {players:>7} {games:>7} {entries:>9} {play:>10.2} {:>9.0} {:>11.0} {verify:>12.2} {:>11.0}",
            games as f64 / play,
            entries as f64 / play,
            entries as f64 / verify
        );
    }
}

/// One whole game of `name` for `players`, chance drawn from a seed and each move picked at
/// random (by a policy seeded apart from chance) among the legal ones, up to its end.
fn playout(name: &str, players: usize, n: u64) -> Record {
    let seed = blake3::hash(&n.to_le_bytes());
    let seed = seed.as_bytes();
    let mut header = Header::new(
        name,
        kifu_games::find(name).map_or(1, |g| g.version()),
        (1..=players).map(|p| format!("P{p}")).collect(),
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
    );
    header.id = Some(*blake3::hash(seed).as_bytes().first_chunk::<16>().expect("32 bytes"));
    let mut replay = Replay::start(kifu_games::registry(), &header).expect("the game starts");
    replay.set_seed(seed).expect("the seed matches");
    let mut record = Record::new(header);
    while record.entries.len() < MAX_ENTRIES {
        match replay.turn() {
            Turn::Over { .. } => break,
            Turn::Chance => record.entries.extend(replay.draw_chance(None).expect("chance draws")),
            _ => {
                let legal = replay.current().legal_actions().expect("moves can be listed");
                let mut rng = ChanceRng::for_entry(b"playout policy", replay.seq() + 1 + (n << 32));
                let (actor, command) = &legal[rng.below(legal.len() as u64) as usize];
                record
                    .entries
                    .push(replay.play(Some(*actor), command, None).expect("a legal move plays"));
            }
        }
    }
    if replay.owes_reveal() {
        record.entries.push(replay.reveal(None).expect("the seed is revealed"));
    }
    record
}
