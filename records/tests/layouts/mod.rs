//! The store's earlier layouts, made with raw redb from a store written by today's code, for
//! the tests that open such a store (`numbering`, `heads_compat`, `blocks_compat`), and the
//! record numbers of today's layout read raw. Test support only: it writes what an earlier kifu
//! wrote, never what today's writes.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use redb::{ReadableDatabase, ReadableTable, TableDefinition, TableHandle};

type Hash = [u8; 32];
/// A block row held while a table is rekeyed: ((id, first seq), (chain hash, bytes)).
type BlockRow = ((String, u64), (Hash, Vec<u8>));

/// id -> record number: today's layout keys every other table of a record by its number.
pub const NUMBERS: TableDefinition<&str, u64> = TableDefinition::new("record_numbers");

/// Today's tables of a record, keyed by its number.
pub mod numbered {
    use super::Hash;
    use redb::TableDefinition;

    pub const HEADERS: TableDefinition<u64, (&str, &str)> = TableDefinition::new("headers");
    pub const BLOCKS: TableDefinition<(u64, u64), (Hash, &[u8])> = TableDefinition::new("entry_blocks");
    pub const HEADS: TableDefinition<u64, (u64, Hash, &str)> = TableDefinition::new("record_heads");
    pub const SNAPSHOTS: TableDefinition<u64, (u64, &[u8])> = TableDefinition::new("snapshots");
    pub const SECRETS: TableDefinition<u64, &[u8]> = TableDefinition::new("secrets");
    pub const KEYS: TableDefinition<(u64, &str), (Hash, &str)> = TableDefinition::new("idempotency");
    pub const TOKENS: TableDefinition<(u64, &str), Hash> = TableDefinition::new("tokens");
    pub const BY_GAME: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_game");
    pub const BY_PLAYER: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_player");
    pub const BY_TAG: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_tag");
    pub const BY_CONTENT: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_content");
}

/// The same tables as a kifu before numbering defined them, keyed by the record's id.
pub mod by_id {
    use super::Hash;
    use redb::TableDefinition;

    pub const HEADERS: TableDefinition<&str, &str> = TableDefinition::new("headers");
    pub const BLOCKS: TableDefinition<(&str, u64), (Hash, &[u8])> = TableDefinition::new("entry_blocks");
    pub const HEADS: TableDefinition<&str, (u64, Hash, &str)> = TableDefinition::new("record_heads");
    pub const SNAPSHOTS: TableDefinition<&str, (u64, &[u8])> = TableDefinition::new("snapshots");
    pub const SECRETS: TableDefinition<&str, &[u8]> = TableDefinition::new("secrets");
    pub const KEYS: TableDefinition<(&str, &str), (Hash, &str)> = TableDefinition::new("idempotency");
    pub const TOKENS: TableDefinition<(&str, &str), Hash> = TableDefinition::new("tokens");
    pub const BY_GAME: TableDefinition<(&str, &str), ()> = TableDefinition::new("by_game");
    pub const BY_PLAYER: TableDefinition<(&str, &str), ()> = TableDefinition::new("by_player");
    pub const BY_TAG: TableDefinition<(&str, &str), ()> = TableDefinition::new("by_tag");
    pub const BY_CONTENT: TableDefinition<(&str, &str), ()> = TableDefinition::new("by_content");
    /// Before the head and the status shared a row.
    pub const OLD_HEADS: TableDefinition<&str, (u64, Hash)> = TableDefinition::new("heads");
    pub const OLD_STATUS: TableDefinition<&str, &str> = TableDefinition::new("status");
    /// Before entries were kept in blocks: (id, seq) -> (canonical line, chain hash after it).
    pub const OLD_ENTRIES: TableDefinition<(&str, u64), (&str, Hash)> = TableDefinition::new("entries");
}

/// Record `id`'s number in a store of today's layout.
pub fn number_of(path: &Path, id: &str) -> u64 {
    let db = redb::Database::open(path).unwrap();
    let txn = db.begin_read().unwrap();
    let numbers = txn.open_table(NUMBERS).unwrap();
    let number = numbers.get(id).unwrap().expect("a numbered record").value();
    number
}

/// Every (id, number) of a store of today's layout, by id (read as another process reads it,
/// while a store may hold it for writing).
pub fn numbers(path: &Path) -> BTreeMap<String, u64> {
    let db = redb::Builder::new()
        .set_concurrency_mode(redb::ConcurrencyMode::SingleWriter)
        .open_read_only(path)
        .unwrap();
    let txn = db.begin_read().unwrap();
    let numbers = txn.open_table(NUMBERS).unwrap();
    let all = numbers
        .iter()
        .unwrap()
        .map(|item| {
            let (id, number) = item.unwrap();
            (id.value().to_string(), number.value())
        })
        .collect();
    all
}

pub fn table_names(path: &Path) -> Vec<String> {
    let db = redb::Database::open(path).unwrap();
    let txn = db.begin_read().unwrap();
    let names = txn.list_tables().unwrap().map(|t| t.name().to_string()).collect();
    names
}

/// Turns a store of today's layout into the one before numbering: every record's rows keyed by
/// its id, no numbers table. The rows' values are what they were (a header row loses the id it
/// carries, which the header's text holds).
pub fn unnumber(path: &Path) {
    let db = redb::Database::create(path).unwrap();
    let txn = db.begin_write().unwrap();
    let ids: BTreeMap<u64, String> = {
        let numbers = txn.open_table(NUMBERS).unwrap();
        let all = numbers
            .iter()
            .unwrap()
            .map(|item| {
                let (id, number) = item.unwrap();
                (number.value(), id.value().to_string())
            })
            .collect();
        all
    };
    let id = |number: u64| ids[&number].as_str();
    {
        let rows: Vec<(String, String)> = {
            let table = txn.open_table(numbered::HEADERS).unwrap();
            let all = table
                .iter()
                .unwrap()
                .map(|item| {
                    let (key, value) = item.unwrap();
                    (id(key.value()).to_string(), value.value().1.to_string())
                })
                .collect();
            all
        };
        txn.delete_table(numbered::HEADERS).unwrap();
        let mut table = txn.open_table(by_id::HEADERS).unwrap();
        for (record, text) in &rows {
            table.insert(record.as_str(), text.as_str()).unwrap();
        }
    }
    {
        let rows: Vec<BlockRow> = {
            let table = txn.open_table(numbered::BLOCKS).unwrap();
            let all = table
                .iter()
                .unwrap()
                .map(|item| {
                    let (key, value) = item.unwrap();
                    let ((n, start), (chain, bytes)) = (key.value(), value.value());
                    ((id(n).to_string(), start), (chain, bytes.to_vec()))
                })
                .collect();
            all
        };
        txn.delete_table(numbered::BLOCKS).unwrap();
        let mut table = txn.open_table(by_id::BLOCKS).unwrap();
        for ((record, start), (chain, bytes)) in &rows {
            table
                .insert((record.as_str(), *start), (*chain, bytes.as_slice()))
                .unwrap();
        }
    }
    {
        let rows: Vec<(String, (u64, Hash, String))> = {
            let table = txn.open_table(numbered::HEADS).unwrap();
            let all = table
                .iter()
                .unwrap()
                .map(|item| {
                    let (key, value) = item.unwrap();
                    let (seq, head, turn) = value.value();
                    (id(key.value()).to_string(), (seq, head, turn.to_string()))
                })
                .collect();
            all
        };
        txn.delete_table(numbered::HEADS).unwrap();
        let mut table = txn.open_table(by_id::HEADS).unwrap();
        for (record, (seq, head, turn)) in &rows {
            table.insert(record.as_str(), (*seq, *head, turn.as_str())).unwrap();
        }
    }
    {
        let rows: Vec<(String, (u64, Vec<u8>))> = {
            let table = txn.open_table(numbered::SNAPSHOTS).unwrap();
            let all = table
                .iter()
                .unwrap()
                .map(|item| {
                    let (key, value) = item.unwrap();
                    let (seq, bytes) = value.value();
                    (id(key.value()).to_string(), (seq, bytes.to_vec()))
                })
                .collect();
            all
        };
        txn.delete_table(numbered::SNAPSHOTS).unwrap();
        let mut table = txn.open_table(by_id::SNAPSHOTS).unwrap();
        for (record, (seq, bytes)) in &rows {
            table.insert(record.as_str(), (*seq, bytes.as_slice())).unwrap();
        }
    }
    {
        let rows: Vec<(String, Vec<u8>)> = {
            let table = txn.open_table(numbered::SECRETS).unwrap();
            let all = table
                .iter()
                .unwrap()
                .map(|item| {
                    let (key, value) = item.unwrap();
                    (id(key.value()).to_string(), value.value().to_vec())
                })
                .collect();
            all
        };
        txn.delete_table(numbered::SECRETS).unwrap();
        let mut table = txn.open_table(by_id::SECRETS).unwrap();
        for (record, sealed) in &rows {
            table.insert(record.as_str(), sealed.as_slice()).unwrap();
        }
    }
    {
        let rows: Vec<((String, String), (Hash, String))> = {
            let table = txn.open_table(numbered::KEYS).unwrap();
            let all = table
                .iter()
                .unwrap()
                .map(|item| {
                    let (key, value) = item.unwrap();
                    let ((n, k), (print, answer)) = (key.value(), value.value());
                    ((id(n).to_string(), k.to_string()), (print, answer.to_string()))
                })
                .collect();
            all
        };
        txn.delete_table(numbered::KEYS).unwrap();
        let mut table = txn.open_table(by_id::KEYS).unwrap();
        for ((record, key), (print, answer)) in &rows {
            table
                .insert((record.as_str(), key.as_str()), (*print, answer.as_str()))
                .unwrap();
        }
    }
    {
        let rows: Vec<((String, String), Hash)> = {
            let table = txn.open_table(numbered::TOKENS).unwrap();
            let all = table
                .iter()
                .unwrap()
                .map(|item| {
                    let (key, value) = item.unwrap();
                    let (n, role) = key.value();
                    ((id(n).to_string(), role.to_string()), value.value())
                })
                .collect();
            all
        };
        txn.delete_table(numbered::TOKENS).unwrap();
        let mut table = txn.open_table(by_id::TOKENS).unwrap();
        for ((record, role), hash) in &rows {
            table.insert((record.as_str(), role.as_str()), *hash).unwrap();
        }
    }
    for (new, old) in [
        (numbered::BY_GAME, by_id::BY_GAME),
        (numbered::BY_PLAYER, by_id::BY_PLAYER),
        (numbered::BY_TAG, by_id::BY_TAG),
        (numbered::BY_CONTENT, by_id::BY_CONTENT),
    ] {
        let rows: Vec<(String, String)> = {
            let table = txn.open_table(new).unwrap();
            let all = table
                .iter()
                .unwrap()
                .map(|item| {
                    let key = item.unwrap().0;
                    let (value, n) = key.value();
                    (value.to_string(), id(n).to_string())
                })
                .collect();
            all
        };
        txn.delete_table(new).unwrap();
        let mut table = txn.open_table(old).unwrap();
        for (value, record) in &rows {
            table.insert((value.as_str(), record.as_str()), ()).unwrap();
        }
    }
    txn.delete_table(NUMBERS).unwrap();
    txn.commit().unwrap();
}

/// Turns a store of the id-keyed layout into the one before the head and the status shared a
/// row: `heads` (id -> (seq, chain hash)) and `status` (id -> whose turn as JSON).
pub fn split_heads(path: &Path) {
    let db = redb::Database::create(path).unwrap();
    let txn = db.begin_write().unwrap();
    {
        let new = txn.open_table(by_id::HEADS).unwrap();
        let mut heads = txn.open_table(by_id::OLD_HEADS).unwrap();
        let mut status = txn.open_table(by_id::OLD_STATUS).unwrap();
        for item in new.iter().unwrap() {
            let (id, row) = item.unwrap();
            let (seq, head, turn) = row.value();
            heads.insert(id.value(), (seq, head)).unwrap();
            status.insert(id.value(), turn).unwrap();
        }
    }
    txn.delete_table(by_id::HEADS).unwrap();
    txn.commit().unwrap();
}

/// Turns a store of the id-keyed layout into the one before blocks: one row an entry, its
/// canonical line and the chain hash after it (computed here from the header's).
pub fn entries_one_a_row(path: &Path, chain_step: impl Fn(&Hash, &str) -> Hash, header_hash: impl Fn(&str) -> Hash) {
    let db = redb::Database::create(path).unwrap();
    let txn = db.begin_write().unwrap();
    {
        let headers = txn.open_table(by_id::HEADERS).unwrap();
        let blocks = txn.open_table(by_id::BLOCKS).unwrap();
        let mut entries = txn.open_table(by_id::OLD_ENTRIES).unwrap();
        for item in headers.iter().unwrap() {
            let (id, header) = item.unwrap();
            let id = id.value();
            let mut chain = header_hash(header.value());
            for block in blocks.range((id, 0)..=(id, u64::MAX)).unwrap() {
                let (key, value) = block.unwrap();
                let start = key.value().1;
                let text = String::from_utf8(zstd::decode_all(value.value().1).unwrap()).unwrap();
                for (seq, rest) in (start..).zip(text.split('\n')) {
                    let line = format!("{seq} {rest}");
                    chain = chain_step(&chain, &line);
                    entries.insert((id, seq), (line.as_str(), chain)).unwrap();
                }
            }
        }
    }
    txn.delete_table(by_id::BLOCKS).unwrap();
    txn.commit().unwrap();
}
