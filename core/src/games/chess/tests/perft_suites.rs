//! The perft suites under fixtures/chess/perft, checked against the published figures:
//! shallow depths in every build, deep ones in the ignored release test.

use crate::games::chess::perft::perft;
use crate::games::chess::variant::Variant;

const SUITES: [(Variant, &str); 9] = [
    (
        Variant::Standard,
        include_str!("../../../../../fixtures/chess/perft/standard.perft"),
    ),
    (
        Variant::Chess960,
        include_str!("../../../../../fixtures/chess/perft/chess960.perft"),
    ),
    (
        Variant::Crazyhouse,
        include_str!("../../../../../fixtures/chess/perft/crazyhouse.perft"),
    ),
    (
        Variant::Atomic,
        include_str!("../../../../../fixtures/chess/perft/atomic.perft"),
    ),
    (
        Variant::Antichess,
        include_str!("../../../../../fixtures/chess/perft/antichess.perft"),
    ),
    (
        Variant::Horde,
        include_str!("../../../../../fixtures/chess/perft/horde.perft"),
    ),
    (
        Variant::KingOfTheHill,
        include_str!("../../../../../fixtures/chess/perft/kingofthehill.perft"),
    ),
    (
        Variant::ThreeCheck,
        include_str!("../../../../../fixtures/chess/perft/threecheck.perft"),
    ),
    (
        Variant::RacingKings,
        include_str!("../../../../../fixtures/chess/perft/racingkings.perft"),
    ),
];

/// Each suite line: the FEN and its (depth, count) pairs.
fn cases(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let counts = parts
            .filter_map(|p| {
                let (d, n) = p.trim().strip_prefix('D')?.split_once(' ')?;
                Some((d.parse().ok()?, n.trim().parse().ok()?))
            })
            .collect();
        out.push((fen, counts));
    }
    out
}

/// Runs every suite entry whose expected count is at most `limit`.
fn run(limit: u64) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (variant, text) in SUITES {
        for (fen, counts) in cases(text) {
            for (depth, expected) in counts {
                if expected > limit {
                    continue;
                }
                let got = perft(variant, &fen, depth);
                checked += 1;
                if got != Ok(expected) {
                    failures.push(format!(
                        "{} {fen} depth {depth}: expected {expected}, got {got:?}",
                        variant.name()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
    checked
}

#[test]
fn perft_suites_shallow() {
    let checked = run(if cfg!(debug_assertions) { 12_000 } else { 200_000 });
    assert!(checked > 100, "only {checked} perft figures checked");
}

/// The deep run: `cargo test --release -p kifu-core -- --ignored perft_suites_deep`.
#[test]
#[ignore]
fn perft_suites_deep() {
    run(12_000_000);
}
