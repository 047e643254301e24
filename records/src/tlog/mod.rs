//! The store's transparency log: one RFC 6962 tree over everything the store records, a leaf
//! for every chain position of every record (its header at seq 0, each entry at its seq; the
//! bytes are `kifu_tlog::leaf`'s), added in the transaction that writes what it covers. It
//! keeps the leaves' places and the tlog-tiles hashes, so adding a leaf and every root or
//! proof take O(log n) look-ups. It never rewrites a leaf or a full tile, and never
//! recomputes the whole tree.

mod bundle;
mod key;
mod read;
mod sign;

use std::collections::HashMap;

use kifu_core::record::{chain_step, header_hash, Hash};
use kifu_tlog::leaf;
use kifu_tlog::tile::{self, FromTiles, TileId};
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

impl Writer {
    /// Adds the leaves of record `id`'s chain positions `first_seq ..`, whose chain hashes
    /// are `chain`, at the end of the log. Touches the rightmost tile of each level, the last
    /// run of leaves, and nothing else.
    pub fn add(self, txn: &redb::WriteTransaction, id: &str, first_seq: u64, chain: &[Hash]) -> Result<(), StoreError> {
        if !self.on || chain.is_empty() {
            return Ok(());
        }
        let mut runs = txn.open_table(LOG_RUNS)?;
        let last = runs.last()?.map(|(key, value)| {
            let (record, seq, count) = value.value();
            (key.value(), record.to_string(), seq, count)
        });
        let size = last.as_ref().map_or(0, |(first, _, _, count)| first + count);
        let hashes: Vec<Hash> = chain
            .iter()
            .enumerate()
            .map(|(k, h)| leaf::hash(id, first_seq + k as u64, h))
            .collect();
        {
            let mut tiles = txn.open_table(LOG_TILES)?;
            let writes = tile::append(size, &hashes, |at, width| {
                let mut hashes = read_tile(&tiles, at)?;
                if (hashes.len() as u64) < width {
                    return Err(short_tile(at, hashes.len(), width));
                }
                hashes.truncate(width as usize);
                Ok(hashes)
            })?;
            for (at, hashes) in writes {
                tiles.insert(at, hashes.concat().as_slice())?;
            }
        }
        let count = chain.len() as u64;
        let mut places = txn.open_table(LOG_PLACES)?;
        match last {
            // The same record going on: its last run grows.
            Some((first, record, seq, before)) if record == id && seq + before == first_seq => {
                runs.insert(first, (id, seq, before + count))?;
                places.insert((id, seq), (first, before + count))?;
            }
            _ => {
                runs.insert(size, (id, first_seq, count))?;
                places.insert((id, first_seq), (size, count))?;
            }
        }
        Ok(())
    }
}

/// The hashes a stored tile holds (none when it is not stored).
fn read_tile(tiles: &impl ReadableTable<(u8, u64), &'static [u8]>, at: TileId) -> Result<Vec<Hash>, StoreError> {
    let Some(value) = tiles.get(at)? else {
        return Ok(Vec::new());
    };
    let bytes = value.value();
    if bytes.len() % 32 != 0 || bytes.len() as u64 > tile::WIDTH * 32 {
        return Err(StoreError::Damaged(format!(
            "the log's tile {}/{} holds {} bytes, not whole hashes",
            at.0,
            at.1,
            bytes.len()
        )));
    }
    Ok(bytes
        .chunks_exact(32)
        .map(|c| c.try_into().expect("32 bytes"))
        .collect())
}

fn short_tile(at: TileId, has: usize, width: u64) -> StoreError {
    StoreError::Damaged(format!(
        "the log's tile {}/{} holds {has} hashes where {width} are due",
        at.0, at.1
    ))
}

/// The full subtrees of the stored tree, each tile read once.
pub(crate) fn stored_subtrees<'a>(
    tiles: &'a impl ReadableTable<(u8, u64), &'static [u8]>,
) -> FromTiles<impl FnMut(TileId, u64) -> Result<Vec<Hash>, StoreError> + 'a> {
    let mut cache: HashMap<TileId, Vec<Hash>> = HashMap::new();
    FromTiles::new(move |at: TileId, width: u64| {
        let hashes = match cache.entry(at) {
            std::collections::hash_map::Entry::Occupied(found) => found.into_mut(),
            std::collections::hash_map::Entry::Vacant(slot) => slot.insert(read_tile(tiles, at)?),
        };
        if (hashes.len() as u64) < width {
            return Err(short_tile(at, hashes.len(), width));
        }
        Ok(hashes[..width as usize].to_vec())
    })
}

/// The number of leaves in the log.
pub(crate) fn size_in(runs: &impl ReadableTable<u64, (&'static str, u64, u64)>) -> Result<u64, StoreError> {
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
    let ids: Vec<(String, String)> = {
        let headers = txn.open_table(HEADERS)?;
        let mut ids = Vec::new();
        for item in headers.iter()? {
            let (id, text) = item?;
            ids.push((id.value().to_string(), text.value().to_string()));
        }
        ids
    };
    let writer = Writer { on: true };
    for (id, header) in ids {
        let head = txn.open_table(HEADS)?.get(id.as_str())?.map(|v| v.value().0);
        let mut chain = vec![header_hash(&header)];
        let blocks = crate::blocks::stored(&txn.open_table(BLOCKS)?, &id)?;
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
