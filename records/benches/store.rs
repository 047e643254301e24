//! Throughput of the store and the kernel, against two reference points measured in the same
//! run on the same machine: a raw write+fsync loop and raw blake3 hashing of the same lines;
//! then what the transparency log costs, the same import and durable appends timed with the
//! log and without it, alternately, in the same run.
//! Durable single appends are also set against redb's own single commit (`--durable-only`
//! runs that part alone).
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

/// The peer of a durable append: redb's own single commit, one row inserted into a table and
/// committed with the same durability (`Immediate`: on disk when `commit` returns), the row
/// keyed as kifu keys an entry (record id, seq) and holding that entry's canonical line.
const PEER: redb::TableDefinition<(&str, u64), &[u8]> = redb::TableDefinition::new("peer");

/// One peer commit of `line` under `(id, seq)`.
fn peer_commit(peer: &redb::Database, id: &str, seq: u64, line: &str) {
    let mut txn = peer.begin_write().expect("peer transaction");
    txn.set_durability(redb::Durability::Immediate).expect("durability");
    txn.open_table(PEER)
        .expect("peer table")
        .insert((id, seq), line.as_bytes())
        .expect("peer insert");
    txn.commit().expect("peer commit");
}

/// The rows an append writes, shaped as the store's, for the peers that commit one row in each
/// of several tables (the ceiling of folding the store's tables): the block the entry lands in
/// (key (id, first seq of its block of 128), the chain hash and the block's lines so far,
/// zstd level 1, as `blocks` packs them), the log's pending run (key the leaf index, the id,
/// the seq and one 32-byte leaf hash), the head (seq, chain hash) and the status (whose turn,
/// JSON).
struct AppendRows {
    block_first: u64,
    block: Vec<u8>,
    status: String,
}

/// (chain hash, packed lines), as a block row's value.
type BlockRow = ([u8; 32], &'static [u8]);
/// (seq, chain hash, status, partial block lines), the record row of the 2-table peer.
type RecordRow = (u64, [u8; 32], &'static str, &'static [u8]);

const PEER_BLOCKS: redb::TableDefinition<(&str, u64), BlockRow> = redb::TableDefinition::new("blocks");
const PEER_PENDING: redb::TableDefinition<u64, (&str, u64, &[u8])> = redb::TableDefinition::new("pending");
const PEER_HEADS: redb::TableDefinition<&str, (u64, [u8; 32])> = redb::TableDefinition::new("heads");
const PEER_STATUS: redb::TableDefinition<&str, &str> = redb::TableDefinition::new("status");
/// The head and the status in one row.
const PEER_HEAD_STATUS: redb::TableDefinition<&str, (u64, [u8; 32], &str)> = redb::TableDefinition::new("head_status");
/// The head, the status and the partial last block (its lines, unpacked) in one row.
const PEER_RECORD: redb::TableDefinition<&str, RecordRow> = redb::TableDefinition::new("record");

fn append_rows(lines: &[String]) -> Vec<AppendRows> {
    (1..=lines.len() as u64)
        .map(|seq| {
            let block_first = (seq - 1) / 128 * 128 + 1;
            let text = lines[block_first as usize - 1..seq as usize].join("\n");
            AppendRows {
                block_first,
                block: zstd::bulk::compress(text.as_bytes(), 1).expect("zstd"),
                status: serde_json::to_string(&Turn::Seat { seat: (seq % 2) as u8 }).expect("json"),
            }
        })
        .collect()
}

/// One commit of entry `seq`'s rows in `tables` tables: 4 as the store writes them today
/// (block, pending leaf, head, status); 3 with the head and the status in one row; 2 with the
/// partial block in that row too (its raw lines) beside the pending leaf.
fn peer_commit_tables(peer: &redb::Database, tables: usize, id: &str, seq: u64, rows: &AppendRows, lines: &[String]) {
    let head = *blake3::hash(&seq.to_le_bytes()).as_bytes();
    let mut txn = peer.begin_write().expect("peer transaction");
    txn.set_durability(redb::Durability::Immediate).expect("durability");
    txn.open_table(PEER_PENDING)
        .expect("peer table")
        .insert(seq, (id, seq, head.as_slice()))
        .expect("peer insert");
    if tables >= 3 {
        txn.open_table(PEER_BLOCKS)
            .expect("peer table")
            .insert((id, rows.block_first), (head, rows.block.as_slice()))
            .expect("peer insert");
    }
    match tables {
        2 => {
            let partial = lines[rows.block_first as usize - 1..seq as usize].join("\n");
            txn.open_table(PEER_RECORD)
                .expect("peer table")
                .insert(id, (seq, head, rows.status.as_str(), partial.as_bytes()))
                .expect("peer insert");
        }
        3 => {
            txn.open_table(PEER_HEAD_STATUS)
                .expect("peer table")
                .insert(id, (seq, head, rows.status.as_str()))
                .expect("peer insert");
        }
        _ => {
            txn.open_table(PEER_HEADS)
                .expect("peer table")
                .insert(id, (seq, head))
                .expect("peer insert");
            txn.open_table(PEER_STATUS)
                .expect("peer table")
                .insert(id, rows.status.as_str())
                .expect("peer insert");
        }
    }
    txn.commit().expect("peer commit");
}

/// Durable appends (`Store::append`, one entry a transaction) against redb's raw single
/// commit on the same disk, in alternating slices so that all meet the disk in the same mood.
/// Two peers: redb as `Database::create` opens it (one writing process, nobody else reading:
/// a commit is one fsync), and redb in the mode the store opens it in (`SingleWriter`: other
/// processes may read while one writes, for which redb commits in two phases, two fsyncs).
/// kifu twice: the store as the CLI opens it, and held alone (`Store::open_exclusive`, what
/// `kifu serve --exclusive` opens: one fsync a commit, as the first peer). Then the first
/// peer committing rows shaped as an append's in 2, 3 and 4 tables (`peer_commit_tables`):
/// what folding the store's tables could buy.
fn durable_against_redb(record: &Record, quick: bool, dir: &std::path::Path) {
    let (slices, per_slice) = if quick { (4, 25) } else { (10, 50) };
    let store = Store::open(&dir.join("durable.redb"), kifu_games::registry()).expect("store");
    let alone = Store::open_exclusive(
        &dir.join("durable-alone.redb"),
        kifu_games::registry(),
        std::time::Duration::from_secs(1),
    )
    .expect("store held alone");
    let header = Header {
        created: Some("durable against redb".into()),
        ..record.header.clone()
    };
    let id = store.create(header.clone(), None, None).expect("create").id;
    let alone_id = alone.create(header, None, None).expect("create").id;
    let peer = redb::Database::create(dir.join("peer.redb")).expect("peer database");
    let peer_shared = redb::Builder::new()
        .set_concurrency_mode(redb::ConcurrencyMode::SingleWriter)
        .create(dir.join("peer-shared.redb"))
        .expect("peer database, shared");
    let peers_tables: Vec<redb::Database> = [2, 3, 4]
        .iter()
        .map(|n| redb::Database::create(dir.join(format!("peer-{n}-tables.redb"))).expect("peer database"))
        .collect();
    let lines: Vec<String> = record.entries.iter().map(|e| e.canonical_line()).collect();
    let rows = append_rows(&lines);
    let n = (slices * per_slice).min(record.entries.len());
    // Seconds and CPU seconds of kifu, the peer, the peer in the store's mode, kifu alone,
    // the peer in 2, 3 and 4 tables.
    let mut spent = [(0.0, 0.0); 7];
    for entries in record.entries[..n].chunks(per_slice) {
        for (which, slot) in spent.iter_mut().enumerate() {
            let (t, cpu) = (Instant::now(), cpu_seconds());
            for e in entries {
                let line = &lines[e.seq as usize - 1];
                let request = || Append {
                    commands: vec![(Some(e.actor), e.command.clone())],
                    ..Append::default()
                };
                match which {
                    0 => {
                        store.append(&id, &request()).expect("append");
                    }
                    1 => peer_commit(&peer, &id, e.seq, line),
                    2 => peer_commit(&peer_shared, &id, e.seq, line),
                    3 => {
                        alone.append(&alone_id, &request()).expect("append");
                    }
                    tables => peer_commit_tables(
                        &peers_tables[tables - 4],
                        tables - 2,
                        &id,
                        e.seq,
                        &rows[e.seq as usize - 1],
                        &lines,
                    ),
                }
            }
            slot.0 += t.elapsed().as_secs_f64();
            slot.1 += cpu_seconds() - cpu;
        }
    }
    let [kifu, redb_alone, redb_shared, kifu_alone, redb_2, redb_3, redb_4] =
        spent.map(|(secs, cpu)| (rate(n, secs), cpu * 1e6 / n as f64));
    println!();
    println!("durable single appends against redb's own single commit ({n} each, alternating slices of {per_slice})");
    println!(
        "{:<52} {:>12} {:>10} {:>14} {:>12}",
        "measure", "per second", "ratio", "ratio (mode)", "CPU us each"
    );
    let row = |name: &str, (rate, cpu): (f64, f64)| {
        println!(
            "{:<52} {:>12.0} {:>10.2} {:>14.2} {:>12.0}",
            name,
            rate,
            rate / redb_alone.0,
            rate / redb_shared.0,
            cpu
        );
    };
    row("peer: redb insert + commit (Immediate)", redb_alone);
    row("peer: the same, redb in SingleWriter mode", redb_shared);
    row("kifu: Store::append, 1 entry/transaction", kifu);
    row("kifu: the same, held alone (serve --exclusive)", kifu_alone);
    row("peer: an append's rows in 4 tables (today)", redb_4);
    row("peer: in 3 (head and status one row)", redb_3);
    row("peer: in 2 (head, status, partial block one row)", redb_2);
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
