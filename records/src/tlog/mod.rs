//! The store's transparency log: one RFC 6962 tree over everything the store records, a leaf
//! for every chain position of every record (its header at seq 0, each entry at its seq; the
//! bytes are `kifu_tlog::leaf`'s), added in the transaction that writes what it covers. It
//! keeps the runs of leaves (by index and by record), the leaf hashes of the rightmost tile
//! while it is partial, and every tile above in the tlog-tiles layout, so an append writes one
//! row (and, once every 256 leaves, the runs of a tile and the rightmost tile of each level),
//! and every root or proof takes O(log n) look-ups. It never rewrites a full tile, and never
//! recomputes the whole tree.

pub(crate) mod bundle;
mod key;
mod read;
mod reader;

pub(crate) use reader::TileCache;
pub(crate) mod sign;

use kifu_core::record::{chain_step, header_hash, Hash};
use kifu_tlog::tile::{self, TileId};
use kifu_tlog::{leaf, merkle};
use redb::ReadableTable;

use crate::error::StoreError;
use crate::tables::*;

pub use bundle::{Bundle, BundleError, Inclusion, Proven};
pub use key::{key_path, KeyError, LogKey};
pub use read::LogLeaf;
pub use sign::Signed;

/// Why a log operation failed.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("no record with id '{0}'")]
    NotFound(String),
    #[error("record {id} has {head} entries: there is no entry {seq}")]
    NoSuchEntry { id: String, seq: u64, head: u64 },
    #[error("the log has {size} leaves: {asked}")]
    OutOfRange { size: u64, asked: String },
    /// The tree now is not an extension of the last one signed: nothing is signed.
    #[error("refused to sign: the log's tree of {size} leaves does not extend the last checkpoint signed (tree of {signed}): {reason}. The store's log was rewritten or replaced")]
    NotExtension { size: u64, signed: u64, reason: String },
    /// The store's record and its log disagree.
    #[error("record {id} is not as the log recorded it at entry {seq}: {reason}")]
    Unlogged { id: String, seq: u64, reason: String },
    /// The key given is not the one this log's checkpoints are signed by (several servers on
    /// one store must share one key file).
    #[error("refused to sign: this log's checkpoints are signed by the key {store}, and the key given is {given}: every server of one store must use the same key file")]
    OtherKey { store: String, given: String },
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error(transparent)]
    Read(#[from] crate::error::ReadError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

macro_rules! from_redb {
    ($($t:ty),*) => {$(
        impl From<$t> for LogError {
            fn from(e: $t) -> Self {
                LogError::Store(StoreError::from(e))
            }
        }
    )*};
}
from_redb!(
    redb::TableError,
    redb::StorageError,
    redb::TransactionError,
    redb::CommitError
);

/// Whether writes add leaves: always, but for the bench that measures what the log costs
/// (`Store::without_log_for_bench`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Writer {
    pub on: bool,
}

/// The log's pending leaves, open in a write transaction: first leaf index -> (record id,
/// first seq, their leaf hashes).
pub(crate) type Pending<'t> = redb::Table<'t, u64, (&'static str, u64, &'static [u8])>;

/// The log's tables, open in one write transaction for every record it writes (see
/// `write::Tables`), with the log's size once known (nothing else adds leaves meanwhile) and
/// the pending runs added in this transaction, held here until the transaction's tile is
/// full or `close` writes them: an import of many records writes each run once, not a pending
/// row a record that the next one removes.
pub(crate) struct Tables<'t> {
    pending: Pending<'t>,
    runs: redb::Table<'t, u64, (&'static str, u64, u64)>,
    places: redb::Table<'t, (&'static str, u64), (u64, u64)>,
    tiles: redb::Table<'t, (u8, u64), &'static [u8]>,
    size: Option<u64>,
    /// Pending runs not yet written: (first leaf index, record id, first seq, leaf hashes).
    held: Vec<(u64, String, u64, Vec<Hash>)>,
}

impl<'t> Tables<'t> {
    pub fn open(txn: &'t redb::WriteTransaction) -> Result<Tables<'t>, StoreError> {
        Ok(Tables {
            pending: txn.open_table(LOG_PENDING)?,
            runs: txn.open_table(LOG_RUNS)?,
            places: txn.open_table(LOG_PLACES)?,
            tiles: txn.open_table(LOG_TILES)?,
            size: None,
            held: Vec::new(),
        })
    }

    /// Writes the pending runs held: must be called before the transaction commits, or the
    /// leaves added since the last full tile are lost.
    pub fn close(mut self) -> Result<(), StoreError> {
        for (first, id, seq, hashes) in std::mem::take(&mut self.held) {
            self.pending
                .insert(first, (id.as_str(), seq, hashes.concat().as_slice()))?;
        }
        Ok(())
    }
}

impl Writer {
    /// Adds the leaves of record `id`'s chain positions `first_seq ..`, whose chain hashes
    /// are `chain`, at the end of the log (`add_to`), opening its tables for this alone: the
    /// pending table first, and the others only when `add_pending` cannot serve.
    pub fn add(self, txn: &redb::WriteTransaction, id: &str, first_seq: u64, chain: &[Hash]) -> Result<(), StoreError> {
        if !self.on || chain.is_empty() {
            return Ok(());
        }
        if self.add_pending(&mut txn.open_table(LOG_PENDING)?, id, first_seq, chain)? {
            return Ok(());
        }
        self.add_whole(txn, id, first_seq, chain)
    }

    /// Adds the leaves as `add` does when they stay within a rightmost tile that has pending
    /// leaves already (an append, mostly): one more pending run, the row `add_to` would write,
    /// without opening the log's other tables (each table opened is CPU on every append).
    /// `false`, and nothing written, when they fill the tile or start one: then `add_whole`.
    pub fn add_pending(
        self,
        pending: &mut Pending,
        id: &str,
        first_seq: u64,
        chain: &[Hash],
    ) -> Result<bool, StoreError> {
        if !self.on || chain.is_empty() {
            return Ok(true);
        }
        let size = pending
            .last()?
            .map(|(first, value)| first.value() + value.value().2.len() as u64 / 32);
        let Some(size) = size.filter(|size| size % tile::WIDTH + (chain.len() as u64) < tile::WIDTH) else {
            return Ok(false);
        };
        let mut hashes = Vec::with_capacity(32 * chain.len());
        for (k, chain_hash) in chain.iter().enumerate() {
            hashes.extend_from_slice(&leaf::hash(id, first_seq + k as u64, chain_hash));
        }
        pending.insert(size, (id, first_seq, hashes.as_slice()))?;
        Ok(true)
    }

    /// Adds the leaves as `add` does, through all the log's tables, opened for this alone (no
    /// handle on `LOG_PENDING` may be open in `txn`).
    pub fn add_whole(
        self,
        txn: &redb::WriteTransaction,
        id: &str,
        first_seq: u64,
        chain: &[Hash],
    ) -> Result<(), StoreError> {
        let mut log = Tables::open(txn)?;
        self.add_to(&mut log, id, first_seq, chain)?;
        log.close()
    }

    /// Adds the leaves of record `id`'s chain positions `first_seq ..`, whose chain hashes
    /// are `chain`, at the end of the log (`add_hashes_to`).
    pub fn add_to(self, log: &mut Tables, id: &str, first_seq: u64, chain: &[Hash]) -> Result<(), StoreError> {
        if !self.on || chain.is_empty() {
            return Ok(());
        }
        let hashes = leaf_hashes(id, first_seq, chain);
        self.add_hashes_to(log, id, first_seq, &hashes)
    }

    /// Adds the leaves of record `id`'s chain positions `first_seq ..`, given their hashes
    /// (`leaf_hashes`), at the end of the log: one pending run while the rightmost tile stays
    /// partial; when they complete it, its runs move to `LOG_RUNS` and `LOG_PLACES` and its
    /// root goes into the rightmost tile of each level above.
    pub fn add_hashes_to(self, log: &mut Tables, id: &str, first_seq: u64, hashes: &[Hash]) -> Result<(), StoreError> {
        if !self.on || hashes.is_empty() {
            return Ok(());
        }
        let size = match log.size {
            Some(size) => size,
            None => size_in(&log.pending, &log.runs)?,
        };
        let Tables {
            pending,
            runs,
            places,
            tiles,
            held,
            ..
        } = log;
        let mut roots = Vec::new();
        let mut done = 0;
        while done < hashes.len() {
            let at = size + done as u64;
            let room = (tile::WIDTH - at % tile::WIDTH) as usize;
            let piece = &hashes[done..(done + room).min(hashes.len())];
            let seq = first_seq + done as u64;
            if piece.len() < room {
                held.push((at, id.to_string(), seq, piece.to_vec()));
            } else {
                // The tile is full: its root, and its runs without their hashes. Its runs
                // written before this transaction come first, then those held.
                let mut leaves = Vec::with_capacity(tile::WIDTH as usize);
                let mut moved = Vec::new();
                let mut written = Vec::new();
                for item in pending.range(at - at % tile::WIDTH..at)? {
                    let (key, value) = item?;
                    let (first, (record, seq, bytes)) = (key.value(), value.value());
                    let run = hashes_of(bytes, || format!("the log's pending leaves from {first}"))?;
                    moved.push((first, record.to_string(), seq, run.len() as u64));
                    written.push(first);
                    leaves.extend(run);
                }
                for (first, record, seq, run) in held.drain(..) {
                    moved.push((first, record, seq, run.len() as u64));
                    leaves.extend(run);
                }
                leaves.extend_from_slice(piece);
                if leaves.len() as u64 != tile::WIDTH {
                    return Err(StoreError::Damaged(format!(
                        "the log holds {} of the leaves of its tile {}",
                        leaves.len(),
                        at / tile::WIDTH
                    )));
                }
                roots.push(merkle::root(&leaves));
                moved.push((at, id.to_string(), seq, piece.len() as u64));
                for first in written {
                    pending.remove(first)?;
                }
                for (first, record, seq, count) in moved {
                    runs.insert(first, (record.as_str(), seq, count))?;
                    places.insert((record.as_str(), seq), (first, count))?;
                }
            }
            done += piece.len();
        }
        if !roots.is_empty() {
            // The levels above hold a tree of the level-0 tiles' roots.
            let writes = tile::append(size / tile::WIDTH, &roots, |(level, index), width| {
                let mut hashes = read_tile(tiles, (level + 1, index))?;
                if (hashes.len() as u64) < width {
                    return Err(short_tile((level + 1, index), hashes.len(), width));
                }
                hashes.truncate(width as usize);
                Ok(hashes)
            })?;
            for ((level, index), hashes) in writes {
                tiles.insert((level + 1, index), hashes.concat().as_slice())?;
            }
        }
        log.size = Some(size + hashes.len() as u64);
        Ok(())
    }
}

/// The log's leaf hashes of record `id`'s chain positions `first_seq ..`, whose chain hashes
/// are `chain`: they depend on nothing else, so an import makes them where it builds records.
pub(crate) fn leaf_hashes(id: &str, first_seq: u64, chain: &[Hash]) -> Vec<Hash> {
    chain
        .iter()
        .enumerate()
        .map(|(k, h)| leaf::hash(id, first_seq + k as u64, h))
        .collect()
}

/// The hashes a stored tile above the leaves holds (none when it is not stored).
pub(crate) fn read_tile(
    tiles: &impl ReadableTable<(u8, u64), &'static [u8]>,
    at: TileId,
) -> Result<Vec<Hash>, StoreError> {
    let Some(value) = tiles.get(at)? else {
        return Ok(Vec::new());
    };
    hashes_of(value.value(), || format!("the log's tile {}/{}", at.0, at.1))
}

/// 32-byte hashes from stored bytes.
pub(crate) fn hashes_of(bytes: &[u8], what: impl Fn() -> String) -> Result<Vec<Hash>, StoreError> {
    if !bytes.len().is_multiple_of(32) {
        return Err(StoreError::Damaged(format!(
            "{} holds {} bytes, not whole hashes",
            what(),
            bytes.len()
        )));
    }
    Ok(bytes
        .chunks_exact(32)
        .map(|c| c.try_into().expect("32 bytes"))
        .collect())
}

pub(crate) fn short_tile(at: TileId, has: usize, width: u64) -> StoreError {
    StoreError::Damaged(format!(
        "the log's tile {}/{} holds {has} hashes where {width} are due",
        at.0, at.1
    ))
}

/// The number of leaves in the log: the end of the last pending run, else of the last run.
pub(crate) fn size_in(
    pending: &impl ReadableTable<u64, (&'static str, u64, &'static [u8])>,
    runs: &impl ReadableTable<u64, (&'static str, u64, u64)>,
) -> Result<u64, StoreError> {
    if let Some((first, value)) = pending.last()? {
        return Ok(first.value() + value.value().2.len() as u64 / 32);
    }
    Ok(match runs.last()? {
        Some((first, value)) => first.value() + value.value().2,
        None => 0,
    })
}

/// Gives a log without a name one: `kifu/` and 32 random hex digits, the same wherever the
/// store file is moved.
pub(crate) fn ensure_origin(txn: &redb::WriteTransaction) -> Result<(), StoreError> {
    let mut meta = txn.open_table(LOG_META)?;
    if meta.get("origin")?.is_some() {
        return Ok(());
    }
    let mut id = [0u8; 16];
    getrandom::fill(&mut id).map_err(|e| StoreError::Damaged(format!("no random bytes for the log's name: {e}")))?;
    let origin = format!("kifu/{}", kifu_core::record::hex::encode(&id));
    meta.insert("origin", origin.as_str())?;
    Ok(())
}

/// Logs every record of a store that had no log, in id order: each header, then its entries
/// as they are stored (up to its head, or to the first block that does not unpack). Run once,
/// in the transaction that opens such a store.
pub(crate) fn log_every_record(txn: &redb::WriteTransaction) -> Result<(), StoreError> {
    let records: Vec<(String, u64, String)> = {
        let numbers = txn.open_table(NUMBERS)?;
        let headers = txn.open_table(HEADERS)?;
        let mut records = Vec::new();
        for item in numbers.iter()? {
            let (id, number) = item?;
            if let Some(row) = headers.get(number.value())? {
                records.push((id.value().to_string(), number.value(), row.value().1.to_string()));
            }
        }
        records
    };
    let writer = Writer { on: true };
    for (id, number, header) in records {
        let head = head_in(&txn.open_table(HEADS)?, number)?.map(|(seq, _)| seq);
        let mut chain = vec![header_hash(&header)];
        let blocks = crate::blocks::stored(&txn.open_table(BLOCKS)?, number)?;
        'blocks: for (start, _, packed) in blocks {
            let Ok(lines) = crate::blocks::unpack(start, &packed) else {
                break;
            };
            for line in lines {
                if head.is_some_and(|head| chain.len() as u64 > head) {
                    break 'blocks;
                }
                chain.push(chain_step(&chain[chain.len() - 1], &line));
            }
        }
        writer.add(txn, &id, 0, &chain)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    #[test]
    fn leaves_added_in_batches_give_the_roots_and_proofs_of_the_leaves() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("s.redb"), kifu_games::registry()).unwrap();
        let mut leaves = Vec::new();
        // Over 65,536 leaves, so tiles of two levels above the leaves are made; after the
        // sixth batch the tiles end exactly (66,560 leaves) and nothing is pending.
        for (n, batch) in [1usize, 255, 3, 66_000, 300, 1, 7].into_iter().enumerate() {
            // A record of `batch - 1` entries (not of any game: the log reads only its lines).
            let id = format!("{n:04x}");
            let header = format!("kifu 2\nid {id}\n");
            let lines: Vec<String> = (1..batch).map(|k| format!("{k} p1 m{}", k % 7)).collect();
            let txn = store.writer().unwrap();
            let record = Numbered {
                id: &id,
                number: n as u64,
            };
            txn.open_table(NUMBERS)
                .unwrap()
                .insert(id.as_str(), record.number)
                .unwrap();
            txn.open_table(HEADERS)
                .unwrap()
                .insert(record.number, (id.as_str(), header.as_str()))
                .unwrap();
            let mut chain = vec![header_hash(&header)];
            chain.extend(
                crate::blocks::append(&mut txn.open_table(BLOCKS).unwrap(), record, 1, chain[0], &lines).unwrap(),
            );
            Writer { on: true }.add(&txn, &id, 0, &chain).unwrap();
            txn.commit().unwrap();
            leaves.extend(chain.iter().enumerate().map(|(k, h)| leaf::hash(&id, k as u64, h)));
            let size = leaves.len() as u64;
            assert_eq!(store.log_size().unwrap(), size);
            assert_eq!(store.log_root(size).unwrap(), merkle::root(&leaves), "root of {size}");
        }
        let size = leaves.len() as u64;
        let root = merkle::root(&leaves);
        // The rightmost tile's leaves are pending, the others in runs that end with their tile.
        let txn = store.db.begin_read().unwrap();
        let start = size - size % tile::WIDTH;
        let pending: Vec<u64> = txn
            .open_table(LOG_PENDING)
            .unwrap()
            .iter()
            .unwrap()
            .map(|item| item.unwrap().0.value())
            .collect();
        assert_eq!(pending.first(), Some(&start));
        let runs = txn.open_table(LOG_RUNS).unwrap();
        let (last, value) = runs.last().unwrap().unwrap();
        assert_eq!(last.value() + value.value().2, start);
        for item in runs.iter().unwrap() {
            let (first, value) = item.unwrap();
            let (first, count) = (first.value(), value.value().2);
            assert_eq!(first / tile::WIDTH, (first + count - 1) / tile::WIDTH, "run at {first}");
        }
        for index in [0, 256, 65_535, 65_536, size - 1] {
            let path = store.log_inclusion(index, size).unwrap();
            merkle::verify_inclusion(index, size, &leaves[index as usize], &path, &root).unwrap();
        }
        for old in [1, 259, 65_536, size - 1] {
            let proof = store.log_consistency(old, size).unwrap();
            let old_root = merkle::root(&leaves[..old as usize]);
            merkle::verify_consistency(old, size, &old_root, &root, &proof).unwrap();
        }
        assert_eq!(
            store.log_tile(2, 0, 1).unwrap().unwrap()[0],
            merkle::root(&leaves[..65_536])
        );
        assert_eq!(store.log_tile(0, 1, 3).unwrap().unwrap(), leaves[256..259].to_vec());
    }
}
