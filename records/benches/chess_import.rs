//! Chess import throughput against reference readers measured in the same run on the same file:
//! kifu's full import (parse, every move through the rules, state hashes, the chain, the store)
//! against pgn-reader with shakmaty (parse and validate) and python-chess, plus perft against
//! shakmaty. `cargo bench -p kifu-records --bench chess_import [-- --quick] [--games N]
//! [--keep FILE] [--generate-only] [--kifu PATH]` (`--keep` also writes the generated PGN to
//! FILE; `--generate-only` stops there, to measure `kifu import` on it from outside; the
//! release `kifu` binary, when built, is also run on the file with 1 thread and every core).
//! The lichess-sized check: `-- --big 1G [--pgn FILE] [--keep FILE]` generates a PGN of that
//! size (or reads FILE) and imports it with the `kifu` binary, printing games/s, peak RSS and
//! store size. `--replay-only SECS` only replays the records for SECS seconds (for a profiler)
//! and prints the rate a ply against the reference; `--build-only SECS` the same for building
//! records from the drafts, `--store-only SECS` for storing the built records into a new store
//! (`Store::import`, and `Store::import_prepared` of them made ready by `PreparedImport::of`),
//! `--parse-only SECS` for reading the file into drafts (each the fastest round);
//! `--read-only SECS` for reading the stored records back and verifying them, step by step;
//! `--long-game-only` times one 5000-entry crazyhouse game against its first 50 entries. Prints tables; asserts only that every reader read every game and move of
//! the generated file.

#[path = "chess_import/costs.rs"]
mod costs;
#[path = "chess_import/floor.rs"]
mod floor;
#[path = "chess_import/generate.rs"]
mod generate;
#[path = "chess_import/long_game.rs"]
mod long_game;
#[path = "chess_import/read_back.rs"]
mod read_back;
#[path = "chess_import/references.rs"]
mod references;
#[path = "chess_import/whole.rs"]
mod whole;

use std::path::Path;
use std::time::Instant;

use kifu_chess::notation::PGN;
use kifu_chess::pgn;
use kifu_chess::san::parse_move;
use kifu_chess::{fen::parse_fen, Variant};
use kifu_core::format::{build_checked, decode_text, Draft, Format};
use kifu_core::parallel::{cores, map_in_order};
use kifu_core::record::{Actor, Record};
use kifu_core::replay::{verify_record, Checked};
use kifu_records::{ImportOutcome, PreparedImport, Store};
use long_game::long_game_table;

/// What one way of reading the file did, and how long it took.
struct Run {
    name: &'static str,
    secs: f64,
}

fn best_of<T>(times: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut last = None;
    for _ in 0..times {
        let t = Instant::now();
        let out = f();
        best = best.min(t.elapsed().as_secs_f64());
        last = Some(out);
    }
    (best, last.expect("ran at least once"))
}

fn read_drafts(path: &Path) -> Vec<Draft> {
    let bytes = std::fs::read(path).expect("read the PGN file");
    let (text, _) = decode_text(&bytes).expect("PGN text");
    PGN.read(&text)
        .into_iter()
        .map(|d| d.expect("every generated game reads"))
        .collect()
}

/// kifu's engine alone: each draft move read as SAN and played, no kernel, no hashing.
fn engine_validate(drafts: &[Draft]) -> usize {
    let mut plies = 0;
    for draft in drafts {
        let mut pos = parse_fen(Variant::Standard, Variant::Standard.start_fen()).expect("start position");
        for mv in draft.moves.iter().filter(|m| m.actor != Some(Actor::Note)) {
            let m = parse_move(&pos, &mv.text).expect("generated moves are legal");
            pos.play(&m);
            plies += 1;
        }
    }
    plies
}

fn build_all(drafts: &[Draft]) -> Vec<Checked> {
    drafts
        .iter()
        .map(|d| build_checked(kifu_games::registry(), d, None).expect("every generated game builds"))
        .collect()
}

/// `format::build` of every draft on `threads` threads (1: on this one), in order: the games built.
fn build_on(drafts: &[Draft], threads: usize) -> usize {
    let mut built = 0;
    let done: Result<(), ()> = map_in_order(
        drafts.iter(),
        threads,
        |d| build_checked(kifu_games::registry(), d, None).is_ok(),
        |_, ok| {
            assert!(ok, "every generated game builds");
            built += 1;
            Ok(())
        },
    );
    assert_eq!(done, Ok(()));
    built
}

/// Runs `round` again and again for `secs` seconds (at least once): how many times, and the
/// fastest in seconds (the least disturbed by other work on the machine, as the reference's).
fn rounds_for(secs: f64, mut round: impl FnMut()) -> (usize, f64) {
    let t = Instant::now();
    let (mut rounds, mut best) = (0, f64::MAX);
    while t.elapsed().as_secs_f64() < secs || rounds == 0 {
        let r = Instant::now();
        round();
        best = best.min(r.elapsed().as_secs_f64());
        rounds += 1;
    }
    (rounds, best)
}

/// Replays the file's records with `verify_record` again and again for `secs` seconds (for a
/// profiler), then prints the time a ply against pgn-reader + shakmaty's on the same file.
fn replay_loop(path: &Path, secs: f64) {
    let drafts = read_drafts(path);
    let records: Vec<Record> = build_all(&drafts).iter().map(|c| c.record().clone()).collect();
    let plies = engine_validate(&drafts);
    let (rounds, best) = rounds_for(secs, || {
        for record in &records {
            assert!(verify_record(kifu_games::registry(), record).failure.is_none());
        }
    });
    let reader_secs = print_loop("replay", path, rounds, best, plies);
    floor::print(&floor::measure(&records, plies, 20), reader_secs * 1e6 / plies as f64);
}

/// Builds the file's drafts into records (`format::build`: what import does before storing)
/// again and again for `secs` seconds, then prints the time a ply against the reference's.
fn build_loop(path: &Path, secs: f64) {
    let drafts = read_drafts(path);
    let plies = engine_validate(&drafts);
    let (rounds, best) = rounds_for(secs, || assert_eq!(build_all(&drafts).len(), drafts.len()));
    print_loop("build", path, rounds, best, plies);
}

/// Stores the file's records (built once) into a new store again and again for `secs` seconds,
/// 1000 records a transaction, each round twice: the records themselves (`Store::import`, all
/// the work on this thread) and the records made ready beforehand (`Store::import_prepared`,
/// what `kifu import`'s committer runs; `PreparedImport::of` is what its workers add, timed
/// apart). Prints the fastest round's time a ply against the reference's and the least CPU
/// time of a round. Only the imports are timed, not opening the new stores.
fn store_loop(path: &Path, secs: f64) {
    let drafts = read_drafts(path);
    let plies = engine_validate(&drafts);
    let records = build_all(&drafts);
    let dir = tempfile::tempdir().expect("temp dir");
    let mut rounds = 0;
    // (fastest wall, least CPU) of: Store::import, Store::import_prepared, PreparedImport::of.
    let (mut whole, mut committer, mut prepare) = ((f64::MAX, f64::MAX), (f64::MAX, f64::MAX), f64::MAX);
    let t = Instant::now();
    while t.elapsed().as_secs_f64() < secs || rounds == 0 {
        let copies = records.clone();
        let c = thread_cpu_secs();
        let prepared: Vec<PreparedImport> = copies.into_iter().map(PreparedImport::of).collect();
        prepare = prepare.min(thread_cpu_secs() - c);
        for (at, best) in [(0, &mut whole), (1, &mut committer)] {
            let file = dir.path().join(format!("round{rounds}-{at}.redb"));
            let store = Store::open(&file, kifu_games::registry()).expect("store");
            let (r, cpu) = (Instant::now(), thread_cpu_secs());
            let report = match at {
                0 => store.import(&records, 1000, false, |_| {}),
                _ => store.import_prepared(&prepared, 1000, false, |_| {}),
            }
            .expect("import");
            best.0 = best.0.min(r.elapsed().as_secs_f64());
            best.1 = best.1.min(thread_cpu_secs() - cpu);
            assert!(report
                .outcomes
                .iter()
                .all(|o| matches!(o, ImportOutcome::Stored { .. })));
            drop(store);
            std::fs::remove_file(&file).expect("remove the round's store");
        }
        rounds += 1;
    }
    print_loop("store (Store::import)", path, rounds, whole.0, plies);
    print_loop(
        "store made ready (Store::import_prepared)",
        path,
        rounds,
        committer.0,
        plies,
    );
    let us = |secs: f64| secs * 1e6 / plies as f64;
    println!(
        "least CPU time of a round (this thread's: the fsyncs' waits left out), us a ply: Store::import {:.3}; Store::import_prepared {:.3}; PreparedImport::of {:.3}",
        us(whole.1),
        us(committer.1),
        us(prepare)
    );
}

/// The CPU time this thread has used, in seconds.
fn thread_cpu_secs() -> f64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime only writes the timespec it is given.
    let done = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(done, 0, "clock_gettime");
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

/// Prints a loop's fastest round a ply against pgn-reader + shakmaty's (best of 5) on the same
/// file; returns the reference's seconds.
fn print_loop(what: &str, path: &Path, rounds: usize, best: f64, plies: usize) -> f64 {
    let per_ply = best / plies as f64;
    let (reader_secs, _) = best_of(5, || references::pgn_reader(path, true));
    println!(
        "{what}: best of {rounds} rounds, {:.3} us a ply; pgn-reader + shakmaty {:.3} us a ply; ratio {:.3}",
        per_ply * 1e6,
        reader_secs * 1e6 / plies as f64,
        reader_secs / plies as f64 / per_ply
    );
    reader_secs
}

/// A size such as `1G`, `200M` or `5000000`, in bytes.
fn size(text: &str) -> u64 {
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let n: u64 = digits.parse().expect("--big takes a size such as 1G or 200M");
    n * match unit.to_ascii_uppercase().as_str() {
        "" => 1,
        "K" => 1_000,
        "M" => 1_000_000,
        "G" => 1_000_000_000,
        other => panic!("--big: unknown unit '{other}' (K, M or G)"),
    }
}

/// The lichess-sized check: a PGN of `bytes` generated (or `given`), imported by `kifu`.
fn big_import(bytes: u64, given: Option<&String>, keep: Option<&String>, kifu: Option<&String>) {
    let kifu = whole::binary(kifu).expect("the kifu binary: cargo build --release -p kifu, or give --kifu PATH");
    let dir = tempfile::tempdir_in(std::env::temp_dir()).expect("temp dir");
    let path = match (given, keep) {
        (Some(file), _) => Path::new(file).to_path_buf(),
        (None, Some(keep)) => Path::new(keep).to_path_buf(),
        (None, None) => dir.path().join("big.pgn"),
    };
    if given.is_none() {
        let t = Instant::now();
        let (games, written) = generate::pgn_file_of_size(&path, bytes);
        eprintln!(
            "generated {games} games, {:.1} MB, in {:.0} s",
            written as f64 / 1e6,
            t.elapsed().as_secs_f64()
        );
    }
    let file_bytes = std::fs::metadata(&path).expect("the PGN file").len();
    let games = std::fs::read(&path)
        .expect("read the PGN file")
        .windows(7)
        .filter(|w| w == b"[Event ")
        .count();
    let jobs = cores();
    let run = whole::import(&kifu, &path, dir.path(), jobs);
    println!(
        "\nkifu import of a {:.1} MB PGN, {games} games, {jobs} threads: {:.1} s ({:.1} s on the CPU), {:.0} games/s, {:.2} MB/s, peak RSS {:.1} MB, store {:.1} MB ({:.2} x the PGN)",
        file_bytes as f64 / 1e6,
        run.secs,
        run.cpu_secs,
        games as f64 / run.secs,
        file_bytes as f64 / 1e6 / run.secs,
        run.peak_rss as f64 / 1e6,
        run.store_bytes as f64 / 1e6,
        run.store_bytes as f64 / file_bytes as f64,
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let keep = args.iter().position(|a| a == "--keep").and_then(|i| args.get(i + 1));
    let option = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    if let Some(big) = option("--big") {
        return big_import(size(big), option("--pgn"), keep, option("--kifu"));
    }
    if args.iter().any(|a| a == "--long-game-only") {
        return long_game_table();
    }
    let games = match args.iter().position(|a| a == "--games").and_then(|i| args.get(i + 1)) {
        Some(n) => n.parse().expect("--games takes a number"),
        None if quick => 300,
        None => 3000,
    };
    let generate_only = args.iter().any(|a| a == "--generate-only");
    let replay_only = option("--replay-only").map(|s| s.parse::<f64>().expect("--replay-only takes seconds"));
    let build_only = option("--build-only").map(|s| s.parse::<f64>().expect("--build-only takes seconds"));
    let store_only = option("--store-only").map(|s| s.parse::<f64>().expect("--store-only takes seconds"));
    let parse_only = option("--parse-only").map(|s| s.parse::<f64>().expect("--parse-only takes seconds"));
    let read_only = option("--read-only").map(|s| s.parse::<f64>().expect("--read-only takes seconds"));
    let repeats = if quick { 1 } else { 3 };
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bench.pgn");

    let t = Instant::now();
    let text = generate::pgn_file(games);
    std::fs::write(&path, &text).expect("write the PGN file");
    if let Some(keep) = keep {
        std::fs::write(keep, &text).expect("write the --keep file");
    }
    let mb = text.len() as f64 / 1e6;
    eprintln!(
        "generated {games} games, {mb:.2} MB, in {:.1}s",
        t.elapsed().as_secs_f64()
    );
    if generate_only {
        return;
    }
    if let Some(secs) = replay_only {
        return replay_loop(&path, secs);
    }
    if let Some(secs) = build_only {
        return build_loop(&path, secs);
    }
    if let Some(secs) = store_only {
        return store_loop(&path, secs);
    }
    if let Some(secs) = read_only {
        let drafts = read_drafts(&path);
        let plies = engine_validate(&drafts);
        let (reader_secs, _) = best_of(5, || references::pgn_reader(&path, true));
        return read_back::print(&build_all(&drafts), dir.path(), secs, plies, reader_secs);
    }
    if let Some(secs) = parse_only {
        let drafts = read_drafts(&path);
        let plies = engine_validate(&drafts);
        let (rounds, best) = rounds_for(secs, || assert_eq!(read_drafts(&path).len(), drafts.len()));
        let (reader_secs, _) = best_of(5, || references::pgn_reader(&path, false));
        println!(
            "parse: best of {rounds} rounds, {:.3} us a ply; pgn-reader (parse only) {:.3} us a ply",
            best * 1e6 / plies as f64,
            reader_secs * 1e6 / plies as f64
        );
        return;
    }

    // kifu, the parts of `kifu import` one after the other.
    let (parse_secs, drafts) = best_of(repeats, || read_drafts(&path));
    let (text_layer_secs, read) = best_of(repeats, || pgn::read_games(&text).len());
    assert_eq!(read, games);
    assert_eq!(drafts.len(), games);
    let entries: usize = drafts.iter().map(|d| d.moves.len()).sum();
    let (engine_secs, plies) = best_of(repeats, || engine_validate(&drafts));
    let t = Instant::now();
    let records = build_all(&drafts);
    let build_secs = t.elapsed().as_secs_f64();
    let store = Store::open(&dir.path().join("bench.redb"), kifu_games::registry()).expect("store");
    let t = Instant::now();
    let report = store.import(&records, 1000, false, |_| {}).expect("import");
    let store_secs = t.elapsed().as_secs_f64();
    assert!(report
        .outcomes
        .iter()
        .all(|o| matches!(o, ImportOutcome::Stored { .. })));
    let t = Instant::now();
    assert!(records
        .iter()
        .all(|r| verify_record(kifu_games::registry(), r.record()).failure.is_none()));
    let replay_secs = t.elapsed().as_secs_f64();
    drop(store);
    // How the build step scales: one thread, then every core.
    let threads = cores().max(2);
    let (build_one_secs, built) = best_of(repeats, || build_on(&drafts, 1));
    assert_eq!(built, games);
    let (build_many_secs, built) = best_of(repeats, || build_on(&drafts, threads));
    assert_eq!(built, games);
    // The binary itself, as a user runs it (reading the file, building on threads, storing
    // on a thread of its own, rewriting the store in key order after).
    let kifu = whole::binary(option("--kifu"));
    let binary_runs: Vec<(usize, whole::Imported)> = match &kifu {
        Some(kifu) => [1, threads]
            .into_iter()
            .map(|jobs| {
                let best = (0..repeats)
                    .map(|_| whole::import(kifu, &path, dir.path(), jobs))
                    .min_by(|a, b| a.secs.total_cmp(&b.secs))
                    .expect("ran at least once");
                (jobs, best)
            })
            .collect(),
        None => Vec::new(),
    };

    // The references, on the same file.
    let (reader_secs, counted) = best_of(repeats, || references::pgn_reader(&path, true));
    assert_eq!(
        counted,
        (games, plies),
        "pgn-reader + shakmaty read every game and move"
    );
    let (reader_parse_secs, counted) = best_of(repeats, || references::pgn_reader(&path, false));
    assert_eq!(counted, (games, plies), "pgn-reader read every game and move");
    let python = references::python_chess(&path, games, plies);

    let mut runs = vec![
        Run {
            name: "pgn-reader + shakmaty: parse, validate",
            secs: reader_secs,
        },
        Run {
            name: "kifu import in parts, one thread",
            secs: parse_secs + build_secs + store_secs,
        },
        Run {
            name: "kifu: parse + build (validate, hash)",
            secs: parse_secs + build_secs,
        },
        Run {
            name: "kifu: parse + engine only (SAN, play)",
            secs: parse_secs + engine_secs,
        },
    ];
    for (jobs, run) in &binary_runs {
        runs.push(Run {
            name: if *jobs == 1 {
                "kifu import (the binary, --jobs 1)"
            } else {
                "kifu import (the binary, every core)"
            },
            secs: run.secs,
        });
    }
    runs.push(Run {
        name: "kifu: build alone, 1 thread",
        secs: build_one_secs,
    });
    runs.push(Run {
        name: "kifu: build alone, every core",
        secs: build_many_secs,
    });
    if let Some(secs) = python {
        runs.push(Run {
            name: "python-chess: read_game, play mainline",
            secs,
        });
    }
    runs.push(Run {
        name: "pgn-reader: parse only (no moves played)",
        secs: reader_parse_secs,
    });
    runs.push(Run {
        name: "kifu: parse only (PGN.read to drafts)",
        secs: parse_secs,
    });

    println!(
        "\nchess import ({games} games, {plies} plies, {entries} draft entries with notes, {mb:.2} MB{})",
        if quick { ", quick" } else { "" }
    );
    println!(
        "{:<44} {:>9} {:>10} {:>8} {:>16}",
        "reader", "seconds", "games/s", "MB/s", "vs pgn-reader+sm"
    );
    for run in &runs {
        println!(
            "{:<44} {:>9.3} {:>10.0} {:>8.2} {:>16.3}",
            run.name,
            run.secs,
            games as f64 / run.secs,
            mb / run.secs,
            reader_secs / run.secs
        );
    }
    if python.is_none() {
        println!("python-chess not installed: skipped");
    }
    if kifu.is_none() {
        println!("the kifu binary is not built (cargo build --release -p kifu): skipped");
    }
    for (jobs, run) in &binary_runs {
        println!(
            "kifu import --jobs {jobs}: {:.2} s on the CPU, peak RSS {:.1} MB (wait4: at least the bench's own at the spawn), store {:.1} MB",
            run.cpu_secs,
            run.peak_rss as f64 / 1e6,
            run.store_bytes as f64 / 1e6
        );
    }
    println!(
        "build on {threads} threads: {:.2} x the speed on one",
        build_one_secs / build_many_secs
    );
    println!("\nkifu import by part");
    for (part, secs) in [
        ("text -> drafts (PGN.read)", parse_secs),
        ("  of which the text layer (pgn::read_games)", text_layer_secs),
        ("drafts -> records (format::build)", build_secs),
        ("records -> store (Store::import, 1000/txn)", store_secs),
        ("  of which re-replay (verify_record alone)", replay_secs),
        ("engine only: parse_move + play per ply", engine_secs),
    ] {
        println!(
            "{part:<44} {secs:>9.3} s {:>8.2} us/ply {:>8.2} us/entry",
            secs * 1e6 / plies as f64,
            secs * 1e6 / entries as f64
        );
    }

    references::perft_table(quick);
    let sample: Vec<Record> = records
        .iter()
        .take(if quick { 30 } else { 200 })
        .map(|c| c.record().clone())
        .collect();
    costs::per_ply_table(&sample);
    println!(
        "\nreplay of stored records (verify_record) per ply vs pgn-reader + shakmaty: {:.3}",
        reader_secs / replay_secs
    );
    let all: Vec<Record> = records.iter().map(|c| c.record().clone()).collect();
    floor::print(&floor::measure(&all, plies, repeats), reader_secs * 1e6 / plies as f64);
    long_game_table();
}
