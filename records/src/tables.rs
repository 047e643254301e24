//! The redb tables. `HEADERS` and `BLOCKS` are the record, keyed by its number (`NUMBERS`
//! gives an id's, in storing order: see there); the `LOG_` tables are the
//! transparency log over them (see `tlog`), an authority of its own: the order things were
//! recorded in. Everything else is derived (heads and statuses are caches kept in the same
//! transaction as the log).

use kifu_core::record::Hash;
use redb::{ReadableTable, TableDefinition};

/// id -> the record's number, which every other table of the record is keyed by: numbers are
/// given in storing order (the next one past the last stored; records are never deleted), so a
/// new record's rows go at the end of each table rather than on random pages (docs/BENCHMARKS.md,
/// "rows keyed in storing order"). Ids stay what users, the log and every operation name.
pub const NUMBERS: TableDefinition<&str, u64> = TableDefinition::new("record_numbers");
/// number -> (id, the header's canonical text).
pub const HEADERS: TableDefinition<u64, (&str, &str)> = TableDefinition::new("headers");
/// (number, first seq of the block) -> (chain hash after its last entry, its canonical lines
/// compressed): see `blocks`.
pub const BLOCKS: TableDefinition<(u64, u64), (Hash, &[u8])> = TableDefinition::new("entry_blocks");
/// Stores written before entries were kept in blocks: (id, seq) -> (canonical line, chain hash
/// after it). Read once, when such a store is first opened for writing, and then removed.
pub const OLD_ENTRIES: TableDefinition<(&str, u64), (&str, Hash)> = TableDefinition::new("entries");
/// number -> (seq of the last entry, chain hash, whose turn as JSON): the head an append must
/// name and the record's status (derived), in one row, so that an append writes one row for
/// both (each table a durable commit dirties is pages more to write: docs/BENCHMARKS.md).
pub const HEADS: TableDefinition<u64, (u64, Hash, &str)> = TableDefinition::new("record_heads");
/// Stores written before the head and the status shared a row: id -> (seq, chain hash), and
/// id -> whose turn as JSON. Read once, when such a store is first opened for writing, moved
/// into the id-keyed `record_heads` (`numbering::by_id::HEADS`), and then removed.
pub const OLD_HEADS: TableDefinition<&str, (u64, Hash)> = TableDefinition::new("heads");
pub const OLD_STATUS: TableDefinition<&str, &str> = TableDefinition::new("status");
/// number -> (seq, game state bytes) after that entry (derived, never authoritative).
pub const SNAPSHOTS: TableDefinition<u64, (u64, &[u8])> = TableDefinition::new("snapshots");
/// number -> the secret seed of a seeded record (sealed with the record's id).
pub const SECRETS: TableDefinition<u64, &[u8]> = TableDefinition::new("secrets");
/// (number, idempotency key) -> (fingerprint of the request, the answer as JSON).
pub const KEYS: TableDefinition<(u64, &str), (Hash, &str)> = TableDefinition::new("idempotency");
/// (number, "arbiter" | "p1" | ...) -> the hash of that actor's bearer token (never the token).
pub const TOKENS: TableDefinition<(u64, &str), Hash> = TableDefinition::new("tokens");
/// (game, number), (player name, number), ("key=value", number): the list indexes.
pub const BY_GAME: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_game");
pub const BY_PLAYER: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_player");
pub const BY_TAG: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_tag");
/// (the header's content key, number): records whose headers are the same but for their ids,
/// so an import can say which stored record a new one extends.
pub const BY_CONTENT: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_content");

/// The transparency log's leaves in full tiles of 256, a run at a time: first leaf index ->
/// (record id, first seq, count); the leaves from there are that record's chain positions
/// from that seq on (0 is the header). A run never crosses a tile's end. A leaf's data is
/// made from the record it names.
pub const LOG_RUNS: TableDefinition<u64, (&str, u64, u64)> = TableDefinition::new("log_runs");
/// The same runs by record: (record id, first seq) -> (first leaf index, count).
pub const LOG_PLACES: TableDefinition<(&str, u64), (u64, u64)> = TableDefinition::new("log_places");
/// The leaves of the rightmost tile while it is partial, a run at a time as they were added:
/// first leaf index -> (record id, first seq, their leaf hashes, 32 bytes each). When the
/// tile is full they move to `LOG_RUNS` and `LOG_PLACES` without their hashes. So an append
/// writes one row.
pub const LOG_PENDING: TableDefinition<u64, (&str, u64, &[u8])> = TableDefinition::new("log_pending");
/// The log's hashes above the leaves in the tlog-tiles layout: (tile level L >= 1, tile index)
/// -> the tile's hashes, 32 bytes each, up to 256. A full level-0 tile's leaves are made again
/// from the records its runs name and checked against its hash in level 1.
pub const LOG_TILES: TableDefinition<(u8, u64), &[u8]> = TableDefinition::new("log_tiles");
/// `origin` -> the log's name (the checkpoints' origin line); `signed` -> the last checkpoint
/// signed (a signed note), which every later one must extend.
pub const LOG_META: TableDefinition<&str, &str> = TableDefinition::new("log_meta");

/// Calls `$then!` with every table a store of today's layout holds, by its definition: the
/// one list that `create_all`, the rewrite in key order (`rewrite`) and its test go by, so a
/// table added here is created, copied and compared without another list to keep.
macro_rules! every_table {
    ($then:ident) => {
        $then!(
            NUMBERS,
            HEADERS,
            BLOCKS,
            HEADS,
            SNAPSHOTS,
            SECRETS,
            KEYS,
            BY_GAME,
            BY_PLAYER,
            BY_TAG,
            BY_CONTENT,
            TOKENS,
            LOG_TILES,
            LOG_RUNS,
            LOG_PLACES,
            LOG_PENDING,
            LOG_META
        )
    };
}
pub(crate) use every_table;

pub fn create_all(txn: &redb::WriteTransaction) -> Result<(), redb::TableError> {
    macro_rules! open_each {
        ($($table:expr),*) => {$(txn.open_table($table)?;)*};
    }
    every_table!(open_each);
    Ok(())
}

/// The record's head in `heads` (`number` its record number): the seq of its last entry and
/// the chain hash after it.
pub fn head_in(
    heads: &impl ReadableTable<u64, (u64, Hash, &'static str)>,
    number: u64,
) -> Result<Option<(u64, Hash)>, redb::StorageError> {
    Ok(heads.get(number)?.map(|v| {
        let (seq, head, _) = v.value();
        (seq, head)
    }))
}

/// Record `id`'s number, if the store holds it.
pub fn number_in(numbers: &impl ReadableTable<&'static str, u64>, id: &str) -> Result<Option<u64>, redb::StorageError> {
    Ok(numbers.get(id)?.map(|v| v.value()))
}

/// The number the next new record gets: one past the last stored (of the header rows, and of
/// the head rows should a header be missing), 0 in an empty store.
pub fn next_number(
    headers: &impl ReadableTable<u64, (&'static str, &'static str)>,
    heads: &impl ReadableTable<u64, (u64, Hash, &'static str)>,
) -> Result<u64, redb::StorageError> {
    let last_header = headers.last()?.map(|(k, _)| k.value() + 1);
    let last_head = heads.last()?.map(|(k, _)| k.value() + 1);
    Ok(last_header.max(last_head).unwrap_or(0))
}

/// A stored record as its rows name it: its id (what users, the log and messages name) and its
/// number (what its rows are keyed by, `NUMBERS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbered<'a> {
    pub id: &'a str,
    pub number: u64,
}
