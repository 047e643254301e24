//! Where kifu's import time goes: the cost of each step the kernel and the chess rules take per
//! ply, measured one step at a time on the positions of already built records, with how many
//! times a ply of `format::build` takes it (counted by reading the code of `Replay::play`,
//! `Live::apply` and `ChessRules::{parse, format, apply}`). `Store::import` replays once more.

use std::hint::black_box;
use std::time::Instant;

use kifu_chess::fen::{parse_fen, to_epd, to_fen};
use kifu_chess::movegen::legal_moves;
use kifu_chess::outcome::position_result;
use kifu_chess::san::{move_to_san, parse_move};
use kifu_chess::{Move, Position, Variant};
use kifu_core::record::{chain_step, Actor, Entry, Record};
use kifu_core::replay::Replay;

/// A ply as the kernel sees it: the position before, the move, its SAN and the FEN the state keeps.
struct Ply {
    pos: Position,
    m: Move,
    san: String,
    fen: String,
}

fn nanos_each<T>(items: &[T], mut f: impl FnMut(&T)) -> f64 {
    let t = Instant::now();
    for item in items {
        f(item);
    }
    t.elapsed().as_secs_f64() * 1e9 / items.len().max(1) as f64
}

/// Prints the per-ply cost table for `records` (standard chess records built from PGN).
pub fn per_ply_table(records: &[Record]) {
    let mut plies: Vec<Ply> = Vec::new();
    let (mut move_ns, mut note_ns, mut notes) = (0.0, 0.0, 0usize);
    let (mut hash_ns, mut clone_ns, mut snapshot_bytes) = (0.0, 0.0, 0usize);
    for record in records {
        let mut replay = Replay::start(kifu_games::registry(), &record.header).expect("the record starts");
        let mut pos = parse_fen(Variant::Standard, Variant::Standard.start_fen()).expect("start position");
        for entry in &record.entries {
            let t = Instant::now();
            replay
                .play(Some(entry.actor), &entry.command, None)
                .expect("the record replays");
            let ns = t.elapsed().as_secs_f64() * 1e9;
            let t = Instant::now();
            black_box(replay.current().state_hash());
            hash_ns += t.elapsed().as_secs_f64() * 1e9;
            let t = Instant::now();
            black_box(replay.current().clone_box());
            clone_ns += t.elapsed().as_secs_f64() * 1e9;
            snapshot_bytes += replay.current().snapshot().len();
            if entry.actor == Actor::Note {
                notes += 1;
                note_ns += ns;
                continue;
            }
            move_ns += ns;
            let m = parse_move(&pos, &entry.command).expect("a legal move");
            plies.push(Ply {
                pos: pos.clone(),
                m,
                san: entry.command.clone(),
                fen: to_fen(&pos),
            });
            pos.play(&m);
        }
    }
    let moves = plies.len().max(1);
    let entries = (moves + notes) as f64;
    let afters: Vec<Position> = plies
        .iter()
        .map(|p| {
            let mut after = p.pos.clone();
            after.play(&p.m);
            after
        })
        .collect();
    let all_entries: Vec<&Entry> = records.iter().flat_map(|r| r.entries.iter()).collect();
    let lines: Vec<String> = all_entries.iter().map(|e| e.canonical_line()).collect();
    let head = [0u8; 32];

    // The steps one move takes in `Replay::play`, each counted once, in the order taken.
    let rows: Vec<(&str, f64, f64)> = vec![
        (
            "parse_fen of the state's FEN (parse, format, apply)",
            nanos_each(&plies, |p| {
                black_box(parse_fen(Variant::Standard, &p.fen).ok());
            }),
            3.0,
        ),
        (
            "parse_move: SAN to a legal move (1 movegen)",
            nanos_each(&plies, |p| {
                black_box(parse_move(&p.pos, &p.san).ok());
            }),
            1.0,
        ),
        (
            "move_to_san: canonical SAN (1 movegen)",
            nanos_each(&plies, |p| {
                black_box(move_to_san(&p.pos, &p.m));
            }),
            1.0,
        ),
        (
            "legal_moves: apply's legality check",
            nanos_each(&plies, |p| {
                black_box(legal_moves(&p.pos));
            }),
            1.0,
        ),
        (
            "Position clone + play",
            nanos_each(&plies, |p| {
                let mut after = p.pos.clone();
                after.play(&p.m);
                black_box(after);
            }),
            1.0,
        ),
        (
            "to_fen + to_epd of the new position",
            nanos_each(&afters, |a| {
                black_box((to_fen(a), to_epd(a)));
            }),
            1.0,
        ),
        (
            "position_result of the new position (1 movegen)",
            nanos_each(&afters, |a| {
                black_box(position_result(a));
            }),
            1.0,
        ),
        ("clone_box: the state cloned", clone_ns / entries, 1.0),
        ("state_hash: bincode of the state + blake3", hash_ns / entries, 1.0),
        (
            "canonical_line + chain_step",
            nanos_each(&all_entries, |e| {
                black_box(chain_step(&head, &e.canonical_line()));
            }),
            1.0,
        ),
    ];
    let blake3_ns = nanos_each(&lines, |l| {
        black_box(chain_step(&head, l));
    });
    println!(
        "\nper-move costs in format::build ({} records, {moves} moves, {notes} notes, state snapshot {:.0} bytes on average)",
        records.len(),
        snapshot_bytes as f64 / entries
    );
    println!("{:<52} {:>9} {:>7} {:>9}", "step", "ns/call", "calls", "ns/move");
    let mut sum = 0.0;
    for (name, ns, calls) in rows {
        sum += ns * calls;
        println!("{name:<52} {ns:>9.0} {calls:>7.0} {:>9.0}", ns * calls);
    }
    println!("{:<52} {:>9} {:>7} {sum:>9.0}", "sum of the steps", "", "");
    println!(
        "{:<52} {:>9} {:>7} {:>9.0}",
        "measured: Replay::play of a move",
        "",
        "",
        move_ns / moves as f64
    );
    println!(
        "{:<52} {:>9} {:>7} {:>9.0}",
        "measured: Replay::play of a note (per note)",
        "",
        "",
        note_ns / notes.max(1) as f64
    );
    println!(
        "{:<52} {:>9.0} {:>7} {:>9}",
        "for scale: chain_step alone on a ready line", blake3_ns, "", ""
    );
}
