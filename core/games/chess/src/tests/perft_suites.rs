//! The perft suites under fixtures/chess/perft, checked against the published figures:
//! shallow depths in every build, deep ones in the ignored release tests. The Chess960 suite
//! (960 positions) is run by depth: all of it to depth 3 always, to depth 4 when deep.

use crate::perft::perft;
use crate::variant::Variant;

const SUITES: [(Variant, &str); 11] = [
    (
        Variant::Standard,
        include_str!("../../../../../fixtures/chess/perft/standard.perft"),
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
    (
        Variant::Extinction,
        include_str!("../../../../../fixtures/chess/perft/extinction.perft"),
    ),
    (
        Variant::LosAlamos,
        include_str!("../../../../../fixtures/chess/perft/losalamos.perft"),
    ),
    (
        Variant::Alice,
        include_str!("../../../../../fixtures/chess/perft/alice.perft"),
    ),
];

/// Each suite line: the FEN and its (depth, count) pairs.
pub(super) fn cases(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
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

/// The Chess960 suite: one position reached from each of the 960 start positions.
pub(super) const CHESS960: &str = include_str!("../../../../../fixtures/chess/perft/chess960.perft");

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

/// The deep run: `cargo test --release -p kifu-chess -- --ignored perft_suites_deep`.
#[test]
#[ignore]
fn perft_suites_deep() {
    run(12_000_000);
}

/// Checks the first `positions` Chess960 suite entries at every depth up to `max_depth`;
/// returns how many figures were checked.
fn run_960(positions: usize, max_depth: u32) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (fen, counts) in cases(CHESS960).into_iter().take(positions) {
        for (depth, expected) in counts.into_iter().filter(|&(d, _)| d <= max_depth) {
            let got = perft(Variant::Chess960, &fen, depth);
            checked += 1;
            if got != Ok(expected) {
                failures.push(format!("{fen} depth {depth}: expected {expected}, got {got:?}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "chess960 perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn perft_chess960_all_positions() {
    assert_eq!(cases(CHESS960).len(), 960);
    assert_eq!(run_960(960, 3), 960 * 3);
}

/// `cargo test --release -p kifu-chess -- --ignored perft_chess960_deep`: all 960 positions
/// to depth 4, the first 20 to depth 5.
#[test]
#[ignore]
fn perft_chess960_deep() {
    assert_eq!(run_960(960, 4), 960 * 4);
    assert_eq!(run_960(20, 5), 20 * 5);
}
