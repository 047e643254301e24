//! Times the Renju forbidden-point scan over the oracle fixture positions and the replay of
//! the 225-move fixture game; fixtures/renju/bench_oracle.py times the Python oracle on the
//! same inputs. Run: `cargo run --release -p kifu-renju --example renju_bench`.

use std::time::Instant;

use kifu_core::record::{ChanceMode, Header};
use kifu_core::replay::Replay;
use kifu_renju::board::Colour;
use kifu_renju::forbidden::forbidden_points;
use kifu_renju::position::Position;
use kifu_renju::ruleset::RuleSet;

const ORACLE: &str = include_str!("../../../../fixtures/renju/oracle.txt");
const GAME: &str = include_str!("../../../../fixtures/renju/game225.txt");

fn main() {
    let positions: Vec<Position> = ORACLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| Position::parse(l.split(" | ").next().unwrap_or(""), 15).ok())
        .collect();
    let bans = RuleSet::RENJU.black;
    let rounds = 20;
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let mut found = 0;
    for _ in 0..rounds {
        for p in &positions {
            found += forbidden_points(&p.board, Colour::Black, &bans).len();
        }
    }
    let scans = (rounds * positions.len()) as f64;
    let per_scan = start.elapsed().as_secs_f64() / scans;
    let cpu_per_scan = (cpu_seconds() - cpu) / scans;
    println!(
        "scan: {} positions x {rounds} rounds, {} forbidden per round, {:.1} us per full-board scan ({:.1} us on the CPU)",
        positions.len(),
        found / rounds,
        per_scan * 1e6,
        cpu_per_scan * 1e6
    );

    let moves: Vec<&str> = GAME.split_whitespace().collect();
    let header = Header::new("renju", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
    let replays = 50;
    let start = Instant::now();
    for _ in 0..replays {
        let Ok(mut replay) = Replay::start(kifu_renju::registry(), &header) else {
            return;
        };
        for m in &moves {
            if let Err(e) = replay.play(None, m, None) {
                println!("replay failed: {e}");
                return;
            }
        }
    }
    let per_game = start.elapsed().as_secs_f64() / replays as f64;
    println!(
        "replay: {}-move game x {replays}, {:.2} ms per game (kernel replay with state hashes)",
        moves.len(),
        per_game * 1e3
    );
}

/// Seconds this thread has spent on a CPU (Linux's schedstat; 0 elsewhere): steadier than wall
/// time on a machine shared with other work.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}
