//! Throughput of the store and the kernel, against two reference points measured in the same
//! run on the same machine: a raw write+fsync loop and raw blake3 hashing of the same lines;
//! then what the transparency log costs, the same import and durable appends timed with the
//! log and without it, alternately, in the same run.
//! Durable single appends are also set against redb's own single commit (`--durable-only`
//! runs that part alone). `--key-order [RECORDS]` measures rows keyed by random ids against
//! rows keyed in storing order, on raw redb (`store/key_order.rs`), and nothing else.
//! `cargo bench -p kifu-records --bench store [-- --quick] [-- --log-only]`. Prints tables;
//! asserts nothing. `--only-with-log` or `--only-without-log` (with `--log-only`) runs the
//! log's part in one mode alone, for `perf stat`.

use std::io::Write;
use std::time::Instant;

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::record::{text, Actor, ChanceMode, Header, Record};
use kifu_core::replay::{verify_record, Checked, Replay};
use kifu_core::rules::Turn;
use kifu_records::{Append, Store};

#[path = "store/durable.rs"]
mod durable;
#[path = "store/key_order.rs"]
mod key_order;

use durable::durable_against_redb;

/// A seeded Senet game with random moves, replayed into an observed record (throws typed).
fn observed_game(n: u64) -> Record {
    let seed = n.to_le_bytes();
    let header = Header::new(
        "senet",
        1,
        vec!["A".into(), "B".into()],
        ChanceMode::Seeded {
            commitment: commitment(&seed),
        },
    );
    let mut replay = Replay::start(kifu_games::registry(), &header).expect("senet starts");
    replay.set_seed(&seed).expect("seed");
    let mut moves: Vec<(Actor, String)> = Vec::new();
    for e in replay.draw_chance(None).expect("chance") {
        moves.push((e.actor, e.command));
    }
    while !matches!(replay.turn(), Turn::Over { .. }) {
        let legal = replay.current().legal().expect("senet lists moves");
        let pick =
            legal[ChanceRng::for_entry(b"policy", replay.seq() + 1000 * n).below(legal.len() as u64) as usize].clone();
        let e = replay.play(None, &pick, None).expect("legal move applies");
        moves.push((e.actor, e.command));
        for e in replay.draw_chance(None).expect("chance") {
            moves.push((e.actor, e.command));
        }
    }
    let mut observed = Header::new("senet", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
    observed.created = Some(format!("bench {n}"));
    let mut replay = Replay::start(kifu_games::registry(), &observed).expect("senet starts");
    let mut record = Record::new(observed);
    for (actor, command) in moves {
        record
            .entries
            .push(replay.play(Some(actor), &command, None).expect("replays"));
    }
    record
}

fn rate(count: usize, secs: f64) -> f64 {
    count as f64 / secs.max(1e-9)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(path) = args.iter().position(|a| a == "--sizes").and_then(|i| args.get(i + 1)) {
        return table_sizes(std::path::Path::new(path));
    }
    let quick = std::env::args().any(|a| a == "--quick");
    let games = if quick { 20 } else { 200 };
    let dir = tempfile::tempdir().expect("temp dir");
    if let Some(at) = args.iter().position(|a| a == "--key-order") {
        let records = args.get(at + 1).and_then(|n| n.parse().ok()).unwrap_or(33_000);
        return key_order::key_order(records, if quick { 1 } else { 3 }, dir.path());
    }

    let t = Instant::now();
    let records: Vec<Record> = (0..games).map(observed_game).collect();
    let entries: usize = records.iter().map(|r| r.entries.len()).sum();
    eprintln!(
        "generated {games} Senet games, {entries} entries, in {:.2}s",
        t.elapsed().as_secs_f64()
    );
    if std::env::args().any(|a| a == "--durable-only") {
        return durable_against_redb(&records[0], quick, dir.path());
    }
    if !std::env::args().any(|a| a == "--log-only") {
        store_and_kernel(&records, quick, dir.path());
        durable_against_redb(&records[0], quick, dir.path());
    }
    log_cost(&records, quick, dir.path());
}

/// The log's cost: rounds of a bulk import of every game into a fresh store, then durable
/// appends (one entry a transaction) of one game into that store, once with the log and once
/// without, the order alternating from round to round; the median of each.
fn log_cost(records: &[Record], quick: bool, dir: &std::path::Path) {
    let rounds = if quick { 3 } else { 15 };
    let appends = if quick { 100 } else { 300 };
    let entries: usize = records.iter().map(|r| r.entries.len()).sum();
    // Per mode (without, with the log): the store's part of the import in wall and CPU
    // seconds, the whole import (replay through the rules, then the store's part), a durable
    // append in wall and CPU seconds, the store file's size after the import.
    let mut times: [[Vec<f64>; 6]; 2] = Default::default();
    let mut leaves = 0;
    for round in 0..rounds {
        for step in 0..2 {
            let logged = (round + step) % 2 == 0;
            // `--only-with-log` / `--only-without-log`: one mode, to count its instructions
            // with `perf stat` (steadier than time on a shared machine).
            if std::env::args().any(|a| {
                a == if logged {
                    "--only-without-log"
                } else {
                    "--only-with-log"
                }
            }) {
                continue;
            }
            let path = dir.join(format!("log-{round}-{logged}.redb"));
            let mut store = Store::open(&path, kifu_games::registry()).expect("store");
            if !logged {
                store = store.without_log_for_bench();
            }
            // As 'kifu import' does: every record replayed through its rules, then stored.
            let replay = Instant::now();
            let checked: Vec<Checked> = records
                .iter()
                .map(|r| Checked::new(kifu_games::registry(), r.clone()).expect("replays"))
                .collect();
            let replay = replay.elapsed().as_secs_f64();
            let (t, cpu) = (Instant::now(), cpu_seconds());
            store.import(&checked, 1000, false, |_| {}).expect("import");
            let import = t.elapsed().as_secs_f64();
            let import_cpu = cpu_seconds() - cpu;
            let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            let record = &records[round % records.len()];
            let header = Header {
                created: Some(format!("durable {round}")),
                ..record.header.clone()
            };
            let id = store.create(header, None, None).expect("create").id;
            let n = appends.min(record.entries.len());
            let (t, cpu) = (Instant::now(), cpu_seconds());
            for e in &record.entries[..n] {
                let request = Append {
                    commands: vec![(Some(e.actor), e.command.clone())],
                    ..Append::default()
                };
                store.append(&id, &request).expect("append");
            }
            let durable = t.elapsed().as_secs_f64() / n as f64;
            let durable_cpu = (cpu_seconds() - cpu) / n as f64;
            let slot = &mut times[logged as usize];
            slot[0].push(import);
            slot[1].push(import_cpu);
            slot[2].push(replay + import);
            slot[3].push(durable);
            slot[4].push(durable_cpu);
            slot[5].push(bytes as f64);
            if logged {
                leaves = store.log_size().expect("log size");
            }
            drop(store);
            let _ = std::fs::remove_file(&path);
        }
    }
    let median = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    if times.iter().any(|mode| mode[0].is_empty()) {
        return;
    }
    let (off, on) = (&times[0], &times[1]);
    let cost = |i: usize| (median(&on[i]) / median(&off[i]) - 1.0) * 100.0;
    println!();
    println!("the transparency log's cost ({rounds} rounds, median; the log of {leaves} leaves after each import)");
    println!(
        "{:<44} {:>12} {:>12} {:>8}",
        "measure", "without log", "with log", "cost"
    );
    let rows: [(&str, usize, f64); 6] = [
        ("import, the store's part, entries per second", 0, entries as f64),
        ("  the same, entries per CPU second", 1, entries as f64),
        ("import, replay + store, entries per second", 2, entries as f64),
        ("durable appends, per second", 3, 1.0),
        ("  the same, per CPU second", 4, 1.0),
        ("store after the import, bytes per entry", 5, 1.0 / entries as f64),
    ];
    for (name, i, scale) in rows {
        let (a, b) = (median(&off[i]), median(&on[i]));
        let (a, b) = if i == 5 {
            (a * scale, b * scale)
        } else {
            (scale / a, scale / b)
        };
        println!("{name:<44} {a:>12.1} {b:>12.1} {:>+7.1}%", cost(i));
    }
    println!("(cost: the time, or the size, the log adds)");
}

/// CPU time of this thread so far, in seconds (Linux's schedstat; 0 elsewhere).
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// The store's throughput and the kernel's, against their reference points.
fn store_and_kernel(records: &[Record], quick: bool, dir: &std::path::Path) {
    let games = records.len() as u64;
    let entries: usize = records.iter().map(|r| r.entries.len()).sum();

    // Reference 1: raw write + fsync of a 100-byte line, as many times as durable appends.
    let durable_n = if quick { 100 } else { 500 };
    let mut file = std::fs::File::create(dir.join("fsync.bin")).expect("file");
    let t = Instant::now();
    for _ in 0..durable_n {
        file.write_all(&[b'x'; 100]).expect("write");
        file.sync_data().expect("fsync");
    }
    let fsync_rate = rate(durable_n, t.elapsed().as_secs_f64());

    // Reference 2: raw blake3 chaining of the same canonical lines.
    let lines: Vec<String> = records
        .iter()
        .flat_map(|r| r.entries.iter().map(|e| e.canonical_line()))
        .collect();
    let t = Instant::now();
    let mut head = [0u8; 32];
    for _ in 0..5 {
        for line in &lines {
            let mut h = blake3::Hasher::new();
            h.update(&head);
            h.update(line.as_bytes());
            head = *h.finalize().as_bytes();
        }
    }
    let blake3_rate = rate(lines.len() * 5, t.elapsed().as_secs_f64());
    std::hint::black_box(head);

    let store = Store::open(&dir.join("bench.redb"), kifu_games::registry()).expect("store");

    // Durable appends: one entry per transaction, fsync each.
    let record = &records[0];
    let id = store
        .create(
            Header {
                created: Some("durable".into()),
                ..record.header.clone()
            },
            None,
            None,
        )
        .expect("create")
        .id;
    let n = durable_n.min(record.entries.len());
    let t = Instant::now();
    for e in &record.entries[..n] {
        store
            .append(
                &id,
                &Append {
                    commands: vec![(Some(e.actor), e.command.clone())],
                    ..Append::default()
                },
            )
            .expect("append");
    }
    let durable_rate = rate(n, t.elapsed().as_secs_f64());

    // Batched appends: a whole game per transaction.
    let t = Instant::now();
    let mut batched = 0;
    for (i, r) in records.iter().enumerate().take(games as usize / 2) {
        let id = store
            .create(
                Header {
                    created: Some(format!("batched {i}")),
                    ..r.header.clone()
                },
                None,
                None,
            )
            .expect("create")
            .id;
        let commands = r.entries.iter().map(|e| (Some(e.actor), e.command.clone())).collect();
        store
            .append(
                &id,
                &Append {
                    commands,
                    ..Append::default()
                },
            )
            .expect("append");
        batched += r.entries.len();
    }
    let batched_rate = rate(batched, t.elapsed().as_secs_f64());

    // Bulk import: 1000 games a transaction (replayed through the rules, then stored).
    let t = Instant::now();
    let checked: Vec<Checked> = records
        .iter()
        .map(|r| Checked::new(kifu_games::registry(), r.clone()).expect("replays"))
        .collect();
    let report = store.import(&checked, 1000, false, |_| {}).expect("import");
    let import_secs = t.elapsed().as_secs_f64();
    assert_eq!(report.outcomes.len(), records.len());
    let import_rate = rate(entries, import_secs);

    // Chain verification: read the kifu text and recheck every hash.
    let files: Vec<String> = records.iter().map(text::write).collect();
    let t = Instant::now();
    for f in &files {
        text::read(f).expect("reads").check_chain().expect("intact");
    }
    let chain_rate = rate(entries, t.elapsed().as_secs_f64());

    // Replay: every entry through the rules, with the state hash checked.
    let t = Instant::now();
    for r in records {
        assert!(verify_record(kifu_games::registry(), r).failure.is_none());
    }
    let replay_rate = rate(entries, t.elapsed().as_secs_f64());

    println!(
        "kifu store and kernel benchmark ({games} Senet games, {entries} entries{})",
        if quick { ", quick" } else { "" }
    );
    println!("{:<44} {:>14} {:>10}", "measure", "per second", "ratio");
    println!(
        "{:<44} {:>14.0} {:>10}",
        "reference: raw write+fsync of 100 bytes", fsync_rate, "1"
    );
    println!(
        "{:<44} {:>14.0} {:>10.2}",
        "durable appends (1 entry/transaction)",
        durable_rate,
        durable_rate / fsync_rate
    );
    println!(
        "{:<44} {:>14.0} {:>10.1}",
        "batched appends (1 game/transaction), entries",
        batched_rate,
        batched_rate / fsync_rate
    );
    println!(
        "{:<44} {:>14.0} {:>10.1}",
        "bulk import (1000 games/transaction), entries",
        import_rate,
        import_rate / fsync_rate
    );
    println!(
        "{:<44} {:>14.0} {:>10}",
        "reference: blake3 chain over the same lines", blake3_rate, "1"
    );
    println!(
        "{:<44} {:>14.0} {:>10.2}",
        "chain verification of kifu text, entries",
        chain_rate,
        chain_rate / blake3_rate
    );
    println!(
        "{:<44} {:>14.0} {:>10.3}",
        "replay through the rules, entries",
        replay_rate,
        replay_rate / blake3_rate
    );
}

/// `--sizes STORE`: where a store file's bytes go, table by table (redb's own counts: pages
/// of leaves and branches, the bytes of keys and values, the pages' own bookkeeping, and room
/// left unused inside the pages), against the file's size. Opens the file read-only.
fn table_sizes(path: &std::path::Path) {
    use redb::{ReadableDatabase, ReadableTableMetadata, TableHandle};
    let db = redb::Builder::new()
        .set_concurrency_mode(redb::ConcurrencyMode::SingleWriter)
        .open_read_only(path)
        .expect("open the store read-only");
    let txn = db.begin_read().expect("read transaction");
    let file = std::fs::metadata(path).map_or(0, |m| m.len());
    let mb = |bytes: u64| bytes as f64 / 1e6;
    println!(
        "{:<16} {:>10} {:>10} {:>12} {:>12} {:>12} {:>12}",
        "table", "leaves", "branches", "pages MB", "stored MB", "meta MB", "unused MB"
    );
    let mut total = [0u64; 5];
    for handle in txn.list_tables().expect("list tables") {
        let table = txn.open_untyped_table(handle.clone()).expect("open table");
        let stats = table.stats().expect("table stats");
        let pages = (stats.leaf_pages() + stats.branch_pages()) * 4096;
        let row = [
            stats.leaf_pages(),
            stats.branch_pages(),
            pages,
            stats.stored_bytes(),
            stats.metadata_bytes(),
        ];
        for (sum, value) in total.iter_mut().zip(row) {
            *sum += value;
        }
        println!(
            "{:<16} {:>10} {:>10} {:>12.1} {:>12.1} {:>12.1} {:>12.1}",
            handle.name(),
            stats.leaf_pages(),
            stats.branch_pages(),
            mb(pages),
            mb(stats.stored_bytes()),
            mb(stats.metadata_bytes()),
            mb(stats.fragmented_bytes())
        );
    }
    println!(
        "{:<16} {:>10} {:>10} {:>12.1} {:>12.1} {:>12.1}",
        "all tables",
        total[0],
        total[1],
        mb(total[2]),
        mb(total[3]),
        mb(total[4])
    );
    println!("file: {:.1} MB", mb(file));
}
