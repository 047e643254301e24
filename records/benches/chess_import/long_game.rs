//! Does a chess entry cost the same at any length of game? One long crazyhouse game (where
//! neither captures nor drops clear the repetition history, and no fifty-move rule applies)
//! of legal moves that never repeat a position, verified whole and cut to its first 50
//! entries, under rules version 2 and version 1. It only measures; the game's legality is
//! checked by the replay that builds it.

use std::collections::BTreeSet;
use std::time::Instant;

use kifu_chess::fen::{parse_fen, to_epd};
use kifu_chess::movegen::legal_moves;
use kifu_chess::outcome::position_result;
use kifu_chess::san::move_to_san;
use kifu_chess::{MoveKind, Variant};
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Replay};

/// `plies` SAN moves of crazyhouse from the start, never reaching a position twice nor an
/// end of the game, chosen by a seeded walk: the first move in a shuffled order that leads
/// somewhere new, a move that neither takes nor drops before one that does (so the pockets stay nearly
/// empty and a move late in the game costs the engine what an early one does).
fn walk(plies: usize) -> Vec<String> {
    let variant = Variant::Crazyhouse;
    let mut pos = parse_fen(variant, variant.start_fen()).expect("start position");
    let mut seen = BTreeSet::from([to_epd(&pos)]);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut out = Vec::with_capacity(plies);
    let mut captures = 0;
    while out.len() < plies {
        let moves = legal_moves(&pos);
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let start = (state % moves.len().max(1) as u64) as usize;
        let shuffled = (0..moves.len()).map(|i| &moves[(start + i) % moves.len()]);
        let quiet_first = shuffled
            .clone()
            .filter(|m| !pos.is_capture(m) && m.kind != MoveKind::Drop)
            .chain(shuffled.filter(|m| pos.is_capture(m) || m.kind == MoveKind::Drop));
        let next = quiet_first.into_iter().find_map(|m| {
            let mut after = pos.clone();
            after.play(m);
            let fresh = position_result(&after).is_none() && !seen.contains(&to_epd(&after));
            fresh.then_some((m, after))
        });
        let Some((m, after)) = next else {
            panic!("the walk is stuck after {} plies", out.len());
        };
        captures += usize::from(pos.is_capture(m));
        out.push(move_to_san(&pos, m));
        seen.insert(to_epd(&after));
        pos = after;
    }
    let moves_now = legal_moves(&pos).len();
    println!("(the walk: {captures} captures, {moves_now} legal moves in its last position)");
    out
}

fn record(version: u32, moves: &[String]) -> Record {
    let mut header = Header::new(
        "crazyhouse",
        version,
        vec!["A".into(), "B".into()],
        ChanceMode::Observed,
    );
    header.id = Some([5; 16]);
    let mut replay = Replay::start(kifu_games::registry(), &header).expect("start");
    let mut rec = Record::new(header);
    for m in moves {
        rec.entries
            .push(replay.play(None, m, None).expect("the walk's moves are legal"));
    }
    rec
}

/// Nanoseconds an entry to verify `rec` (best of `times`).
fn verify_ns(rec: &Record, times: usize) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..times {
        let t = Instant::now();
        let report = verify_record(kifu_games::registry(), rec);
        assert!(report.failure.is_none(), "{:?}", report.failure);
        best = best.min(t.elapsed().as_secs_f64());
    }
    best * 1e9 / rec.entries.len() as f64
}

pub fn long_game_table(quick: bool) {
    let long = if quick { 2000 } else { 5000 };
    let moves = walk(long);
    println!("\none long crazyhouse game (no position twice, history never cleared): verify, ns an entry");
    println!(
        "{:<10} {:>12} {:>12} {:>10}",
        "rules",
        "50 entries",
        format!("{long} entries"),
        "ratio"
    );
    for version in [2, 1] {
        let short = verify_ns(&record(version, &moves[..50]), 20);
        let whole = verify_ns(&record(version, &moves), 1);
        println!(
            "{:<10} {short:>12.0} {whole:>12.0} {:>10.2}",
            format!("version {version}"),
            whole / short
        );
    }
}
