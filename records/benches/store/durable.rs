//! Durable single appends against redb's own single commit: the peer (one row in one table),
//! the peers with an append's rows in 2, 3 and 4 tables, and kifu shared and held alone. It
//! measures; it asserts nothing and never changes a store but its own.

use std::time::Instant;

use kifu_core::record::{Header, Record};
use kifu_core::rules::Turn;
use kifu_records::{Append, Store};

use crate::{cpu_seconds, rate};

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
pub fn durable_against_redb(record: &Record, quick: bool, dir: &std::path::Path) {
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
