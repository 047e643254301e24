//! Does a chess entry cost the same at any length of game? One long crazyhouse game (where
//! neither captures nor drops clear the repetition history, and no fifty-move rule applies)
//! of legal moves that never repeat a position, verified whole and cut to its first 50
//! entries, under rules versions 3, 2 and 1; and the same 5000 moves verified as ten records of
//! 500, each from the position (FEN) the one before ended in: the same positions and moves
//! with a history at most 500 long, so that what the history's length costs shows apart from
//! what the later, busier positions cost. It only measures; the game's legality is checked by
//! the replay that builds it.

use std::collections::BTreeSet;
use std::time::Instant;

use kifu_chess::fen::{parse_fen, to_epd, to_fen};
use kifu_chess::movegen::legal_moves;
use kifu_chess::outcome::position_result;
use kifu_chess::san::{move_to_san, parse_move};
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
    record_from(version, None, moves)
}

/// The record of `moves` from the start, or from the position `start` (a FEN).
fn record_from(version: u32, start: Option<String>, moves: &[String]) -> Record {
    let mut header = Header::new(
        "crazyhouse",
        version,
        vec!["A".into(), "B".into()],
        ChanceMode::Observed,
    );
    header.id = Some([5; 16]);
    header.start = start;
    let mut replay = Replay::start(kifu_games::registry(), &header).expect("start");
    let mut rec = Record::new(header);
    for m in moves {
        rec.entries
            .push(replay.play(None, m, None).expect("the walk's moves are legal"));
    }
    rec
}

/// The CPU time this thread has run, in nanoseconds (`/proc/thread-self/schedstat`): steadier
/// than wall time on a machine shared with other jobs.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// `moves` cut into records of `each`, every one from the FEN the moves before it reach.
fn pieces(version: u32, moves: &[String], each: usize) -> Vec<Record> {
    let variant = Variant::Crazyhouse;
    let mut pos = parse_fen(variant, variant.start_fen()).expect("start position");
    let mut out = Vec::new();
    for chunk in moves.chunks(each) {
        out.push(record_from(version, Some(to_fen(&pos)), chunk));
        for san in chunk {
            let m = parse_move(&pos, san).expect("the walk's moves are legal");
            pos.play(&m);
        }
    }
    out
}

/// Nanoseconds an entry to verify `rec` `times` times over: (best wall time, mean CPU time
/// if known; the CPU clock moves in ticks, too coarse for one short run).
fn verify_ns(rec: &Record, times: usize) -> (f64, Option<f64>) {
    verify_all_ns(std::slice::from_ref(rec), times)
}

/// As [`verify_ns`], for every record of `recs` verified in turn, per entry of them all.
fn verify_all_ns(recs: &[Record], times: usize) -> (f64, Option<f64>) {
    let mut wall = f64::MAX;
    let cpu_before = thread_cpu_ns();
    for _ in 0..times {
        let t = Instant::now();
        for rec in recs {
            let report = verify_record(kifu_games::registry(), rec);
            assert!(report.failure.is_none(), "{:?}", report.failure);
        }
        wall = wall.min(t.elapsed().as_secs_f64() * 1e9);
    }
    let n = recs.iter().map(|r| r.entries.len()).sum::<usize>() as f64;
    let cpu = match (cpu_before, thread_cpu_ns()) {
        (Some(before), Some(after)) => Some(after.saturating_sub(before) as f64 / (n * times as f64)),
        _ => None,
    };
    (wall / n, cpu)
}

pub fn long_game_table() {
    const LONG: usize = 5000;
    let moves = walk(LONG);
    println!("\none long crazyhouse game (no position twice, history never cleared): verify, ns an entry");
    println!(
        "{:<10} {:>14} {:>14} {:>11} {:>14} {:>14} {:>10}",
        "rules", "50, best wall", "5000, best wall", "wall ratio", "50, mean CPU", "5000, mean CPU", "CPU ratio"
    );
    for version in [3, 2, 1] {
        // As many entries verified for each: 50 entries 400 times, 5000 entries 4 times.
        let short = verify_ns(&record(version, &moves[..50]), 400);
        let whole = verify_ns(&record(version, &moves), 4);
        print_row(version, short, whole);
    }
    println!("\nthe same 5000 moves, one record against ten of 500 from the positions reached (same positions, history at most 500)");
    println!(
        "{:<10} {:>14} {:>14} {:>11} {:>14} {:>14} {:>10}",
        "rules", "10 x 500, wall", "5000, wall", "wall ratio", "10 x 500, CPU", "5000, CPU", "CPU ratio"
    );
    for version in [3, 2] {
        let split = verify_all_ns(&pieces(version, &moves, 500), 4);
        let whole = verify_ns(&record(version, &moves), 4);
        print_row(version, split, whole);
    }
}

/// One line of either table: the baseline's and the whole game's (best wall, mean CPU) ns an
/// entry, and the whole game's over the baseline's.
fn print_row(version: u32, (base, base_cpu): (f64, Option<f64>), (whole, whole_cpu): (f64, Option<f64>)) {
    let cpu = |c: Option<f64>| c.map_or("-".to_string(), |c| format!("{c:.0}"));
    let cpu_ratio = match (base_cpu, whole_cpu) {
        (Some(b), Some(w)) => format!("{:.2}", w / b),
        _ => "-".to_string(),
    };
    println!(
        "{:<10} {base:>14.0} {whole:>14.0} {:>11.2} {:>14} {:>14} {cpu_ratio:>10}",
        format!("version {version}"),
        whole / base,
        cpu(base_cpu),
        cpu(whole_cpu)
    );
}
