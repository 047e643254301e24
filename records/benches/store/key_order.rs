//! A measure for a design decision, not of kifu's code: what the store's rows would cost in
//! redb keyed by a number given in the order records are stored rather than by their random
//! ids. Raw redb on both sides, rows shaped like an imported chess game's (a 400-byte header, a
//! 1.2 kB block, the head row, nine index rows, by value then id or number); asserts nothing.

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::Instant;

use redb::{Database, TableDefinition};

type Hash = [u8; 32];

// Today's layout: every row of a record under its random id.
const HEADERS: TableDefinition<&str, &str> = TableDefinition::new("headers");
const BLOCKS: TableDefinition<(&str, u64), (Hash, &[u8])> = TableDefinition::new("entry_blocks");
const HEADS: TableDefinition<&str, (u64, Hash, &str)> = TableDefinition::new("record_heads");
// The other: the record's rows under a number that grows as records are stored, and one
// index from id to number.
const NUMBERED_HEADERS: TableDefinition<u64, &str> = TableDefinition::new("numbered_headers");
const NUMBERED_BLOCKS: TableDefinition<(u64, u64), (Hash, &[u8])> = TableDefinition::new("numbered_blocks");
const NUMBERED_HEADS: TableDefinition<u64, (u64, Hash, &str)> = TableDefinition::new("numbered_heads");
const NUMBERS: TableDefinition<&str, u64> = TableDefinition::new("numbers");
// The indexes (game, players, tags, content): keyed by the value, then the record's id or
// number.
const BY_VALUE: TableDefinition<(&str, &str), ()> = TableDefinition::new("by_value");
const NUMBERED_BY_VALUE: TableDefinition<(&str, u64), ()> = TableDefinition::new("numbered_by_value");

const BATCH: u64 = 500;

#[derive(Clone, Copy, PartialEq)]
enum Keys {
    RandomIds,
    Numbered,
}

/// Stores records `first .. first + count` in batches of `BATCH` a transaction; their time.
fn store(db: &Database, keys: Keys, first: u64, count: u64) -> f64 {
    let header = "h".repeat(400);
    let block: Vec<u8> = (0..1200u32).map(|i| (i * 7 % 251) as u8).collect();
    let started = Instant::now();
    let mut n = first;
    while n < first + count {
        let txn = db.begin_write().expect("write");
        {
            let mut by_value = txn.open_table(BY_VALUE).expect("table");
            let mut numbered_by_value = txn.open_table(NUMBERED_BY_VALUE).expect("table");
            let mut tables = match keys {
                Keys::RandomIds => (
                    Some((
                        txn.open_table(HEADERS).expect("table"),
                        txn.open_table(BLOCKS).expect("table"),
                        txn.open_table(HEADS).expect("table"),
                    )),
                    None,
                ),
                Keys::Numbered => (
                    None,
                    Some((
                        txn.open_table(NUMBERED_HEADERS).expect("table"),
                        txn.open_table(NUMBERED_BLOCKS).expect("table"),
                        txn.open_table(NUMBERED_HEADS).expect("table"),
                        txn.open_table(NUMBERS).expect("table"),
                    )),
                ),
            };
            for k in n..(n + BATCH).min(first + count) {
                let id = &blake3::hash(&k.to_le_bytes()).to_hex()[..32];
                let head = (80, [0u8; 32], "{\"over\":true}");
                match &mut tables {
                    (Some((headers, blocks, heads)), _) => {
                        headers.insert(id, header.as_str()).expect("insert");
                        blocks.insert((id, 1), ([0u8; 32], block.as_slice())).expect("insert");
                        heads.insert(id, head).expect("insert");
                    }
                    (_, Some((headers, blocks, heads, numbers))) => {
                        numbers.insert(id, k).expect("insert");
                        headers.insert(k, header.as_str()).expect("insert");
                        blocks.insert((k, 1), ([0u8; 32], block.as_slice())).expect("insert");
                        heads.insert(k, head).expect("insert");
                    }
                    _ => unreachable!("one layout is open"),
                }
                for field in 0..9 {
                    let value = format!("{field}={}", k % 50);
                    match keys {
                        Keys::RandomIds => by_value.insert((value.as_str(), id), ()).expect("insert"),
                        Keys::Numbered => numbered_by_value.insert((value.as_str(), k), ()).expect("insert"),
                    };
                }
            }
        }
        txn.commit().expect("commit");
        n += BATCH;
    }
    started.elapsed().as_secs_f64()
}

/// The file's length and the bytes it takes on the disk, MB.
fn sizes(path: &Path) -> (f64, f64) {
    let m = std::fs::metadata(path).expect("store file");
    (m.len() as f64 / 1e6, m.blocks() as f64 * 512.0 / 1e6)
}

/// `count` records stored into a new file, then 1000 more, in each layout, alternately,
/// `rounds` times; the medians.
pub fn key_order(count: u64, rounds: usize, dir: &Path) {
    println!("\nrows keyed by random ids against a number in storing order (raw redb, {count} records of chess-import shape, batches of {BATCH})");
    let mut results: Vec<(Keys, Vec<[f64; 6]>)> = vec![(Keys::RandomIds, Vec::new()), (Keys::Numbered, Vec::new())];
    for round in 0..rounds {
        for at in 0..2 {
            let at = if round % 2 == 0 { at } else { 1 - at };
            let keys = results[at].0;
            let path = dir.join("key_order.redb");
            let _ = std::fs::remove_file(&path);
            let db = Database::create(&path).expect("create");
            let bulk = store(&db, keys, 0, count);
            let (length, disk) = sizes(&path);
            let more = store(&db, keys, count, 1000);
            let (length_more, disk_more) = sizes(&path);
            drop(db);
            let _ = std::fs::remove_file(&path);
            results[at].1.push([bulk, length, disk, more, length_more, disk_more]);
        }
    }
    let median = |runs: &Vec<[f64; 6]>, i: usize| {
        let mut v: Vec<f64> = runs.iter().map(|r| r[i]).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!("| keys | {count} records, s | file, MB | on disk, MB | 1000 more, s | file, MB | on disk, MB |");
    println!("|---|--:|--:|--:|--:|--:|--:|");
    for (keys, runs) in &results {
        let name = match keys {
            Keys::RandomIds => "random ids (today)",
            Keys::Numbered => "numbers in storing order",
        };
        println!(
            "| {name} | {:.3} | {:.1} | {:.1} | {:.3} | {:.1} | {:.1} |",
            median(runs, 0),
            median(runs, 1),
            median(runs, 2),
            median(runs, 3),
            median(runs, 4),
            median(runs, 5)
        );
    }
}
