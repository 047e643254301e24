//! Reading the log: its name and size, roots of any size it has reached, tiles, leaves by
//! index, audit paths and consistency proofs, a record's leaf indexes, and a record checked
//! against what the log recorded. Reads only; every answer comes from stored full subtrees.

use kifu_core::record::Hash;
use kifu_tlog::{leaf, subtree, tile};
use redb::ReadableTable;

use super::{read_tile, size_in, stored_subtrees, LogError};
use crate::error::{ReadError, StoreError};
use crate::guard::guarded;
use crate::tables::*;
use crate::Store;

/// One leaf of the log: record `id`'s chain position `seq` (0 the header), its chain hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLeaf {
    pub index: u64,
    pub id: String,
    pub seq: u64,
    pub chain: Hash,
}

impl LogLeaf {
    /// The leaf's data, as hashed into the tree (`kifu_tlog::leaf::data`).
    pub fn data(&self) -> String {
        leaf::data(&self.id, self.seq, &self.chain)
    }
}

/// The leaf indexes of record `id`'s chain positions `0 ..= last`, from its runs (`None` for a
/// position the log does not hold), and the last position the log holds for it.
pub(crate) fn leaf_indexes(
    places: &impl ReadableTable<(&'static str, u64), (u64, u64)>,
    id: &str,
    last: u64,
) -> Result<(Vec<Option<u64>>, Option<u64>), StoreError> {
    let mut out = vec![None; last as usize + 1];
    let mut logged = None;
    for item in places.range((id, 0)..=(id, u64::MAX))? {
        let (key, value) = item?;
        let (first_seq, (first, count)) = (key.value().1, value.value());
        logged = Some(first_seq + count - 1);
        for k in 0..count.min((last + 1).saturating_sub(first_seq)) {
            out[(first_seq + k) as usize] = Some(first + k);
        }
    }
    Ok((out, logged))
}

impl Store {
    /// The log's name: the origin line of its checkpoints.
    pub fn log_origin(&self) -> Result<String, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let meta = txn.open_table(LOG_META).map_err(StoreError::from)?;
            let origin = meta.get("origin").map_err(StoreError::from)?;
            Ok(origin
                .map(|v| v.value().to_string())
                .ok_or_else(|| StoreError::Damaged("the log has no name (origin)".into()))?)
        })
    }

    /// The number of leaves in the log.
    pub fn log_size(&self) -> Result<u64, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            Ok(size_in(&txn.open_table(LOG_RUNS).map_err(StoreError::from)?)?)
        })
    }

    /// The root of the log's tree when it had `size` leaves.
    pub fn log_root(&self, size: u64) -> Result<Hash, LogError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            within(size_in(&txn.open_table(LOG_RUNS)?)?, size, "no tree that large")?;
            let tiles = txn.open_table(LOG_TILES).map_err(StoreError::from)?;
            let root = subtree::root(&mut stored_subtrees(&tiles), size)?;
            Ok(root)
        })
    }

    /// The first `width` hashes of tile (`level`, `index`) as tlog-tiles serves it; `None` when
    /// the log has not reached them. A full tile never changes.
    pub fn log_tile(&self, level: u8, index: u64, width: u64) -> Result<Option<Vec<Hash>>, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let size = size_in(&txn.open_table(LOG_RUNS).map_err(StoreError::from)?)?;
            if width == 0 || width > tile::width(size, level, index) {
                return Ok(None);
            }
            let mut hashes = read_tile(&txn.open_table(LOG_TILES).map_err(StoreError::from)?, (level, index))?;
            hashes.truncate(width as usize);
            Ok(Some(hashes))
        })
    }

    /// The leaves `start .. end`, with the data each hashes: the records are read back (and
    /// checked) for their chain hashes.
    pub fn log_leaves(&self, start: u64, end: u64) -> Result<Vec<LogLeaf>, LogError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let runs = txn.open_table(LOG_RUNS).map_err(StoreError::from)?;
            within(size_in(&runs)?, end, "no leaves that far")?;
            let mut out = Vec::new();
            let first_run = runs.range(..=start)?.next_back().transpose()?.map(|(k, _)| k.value());
            let mut chains: std::collections::HashMap<String, Vec<Hash>> = Default::default();
            for item in runs.range(first_run.unwrap_or(0)..end)? {
                let (first, value) = item?;
                let (first, (id, seq, count)) = (first.value(), value.value());
                if !chains.contains_key(id) {
                    chains.insert(id.to_string(), self.record_in(&txn, id)?.hashes());
                }
                let chain = &chains[id];
                for k in 0..count {
                    let index = first + k;
                    if index < start || index >= end {
                        continue;
                    }
                    let hash = *chain.get((seq + k) as usize).ok_or_else(|| LogError::Unlogged {
                        id: id.to_string(),
                        seq: seq + k,
                        reason: "the log holds an entry the record does not".into(),
                    })?;
                    out.push(LogLeaf {
                        index,
                        id: id.to_string(),
                        seq: seq + k,
                        chain: hash,
                    });
                }
            }
            Ok(out)
        })
    }

    /// The audit path of leaf `index` in the tree of `size` leaves.
    pub fn log_inclusion(&self, index: u64, size: u64) -> Result<Vec<Hash>, LogError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            within(size_in(&txn.open_table(LOG_RUNS)?)?, size, "no tree that large")?;
            let tiles = txn.open_table(LOG_TILES).map_err(StoreError::from)?;
            let path = subtree::inclusion(&mut stored_subtrees(&tiles), index, size)?;
            path.ok_or_else(|| LogError::OutOfRange {
                size,
                asked: format!("no leaf {index}"),
            })
        })
    }

    /// The consistency proof from the tree of `old` leaves to the tree of `new`.
    pub fn log_consistency(&self, old: u64, new: u64) -> Result<Vec<Hash>, LogError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            within(size_in(&txn.open_table(LOG_RUNS)?)?, new, "no tree that large")?;
            let tiles = txn.open_table(LOG_TILES).map_err(StoreError::from)?;
            let proof = subtree::consistency(&mut stored_subtrees(&tiles), old, new)?;
            proof.ok_or_else(|| LogError::OutOfRange {
                size: new,
                asked: format!("a tree of {old} is not older"),
            })
        })
    }

    /// A stored record, checked against itself.
    pub(crate) fn record_in(
        &self,
        txn: &redb::ReadTransaction,
        id: &str,
    ) -> Result<kifu_core::record::Record, ReadError> {
        crate::read::verified_record(
            &txn.open_table(HEADERS).map_err(StoreError::from)?,
            &txn.open_table(BLOCKS).map_err(StoreError::from)?,
            &txn.open_table(HEADS).map_err(StoreError::from)?,
            id,
        )
    }

    /// Checks that the log holds record `id`'s chain positions `0 ..= n` exactly as the record
    /// has them (`chain` its chain hashes): the first position it does not, and why.
    pub(crate) fn log_disagrees(&self, id: &str, chain: &[Hash]) -> Result<Option<(u64, String)>, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            Ok(disagreement(
                &txn.open_table(LOG_PLACES).map_err(StoreError::from)?,
                &txn.open_table(LOG_TILES).map_err(StoreError::from)?,
                id,
                chain,
            )?)
        })
    }
}

/// The leaf indexes of record `id`'s chain positions `0 ..= chain.len() - 1`, checked against
/// the log: `Err((seq, why))` names the first position the log does not hold as `chain` has it
/// (or, when `chain` is the `whole` record, the first the log holds beyond it).
pub(crate) fn logged_as(
    places: &impl ReadableTable<(&'static str, u64), (u64, u64)>,
    tiles: &impl ReadableTable<(u8, u64), &'static [u8]>,
    id: &str,
    chain: &[Hash],
    whole: bool,
) -> Result<Result<Vec<u64>, (u64, String)>, StoreError> {
    let last = chain.len() as u64 - 1;
    let (indexes, logged) = leaf_indexes(places, id, last)?;
    let mut out = Vec::with_capacity(chain.len());
    let mut tile: Option<(u64, Vec<Hash>)> = None;
    for (seq, (index, hash)) in indexes.iter().zip(chain).enumerate() {
        let Some(index) = *index else {
            return Ok(Err((seq as u64, "the log holds no leaf for it".into())));
        };
        let at = index / tile::WIDTH;
        if tile.as_ref().is_none_or(|(n, _)| *n != at) {
            tile = Some((at, read_tile(tiles, (0, at))?));
        }
        let stored = tile.as_ref().and_then(|(_, t)| t.get((index % tile::WIDTH) as usize));
        if stored != Some(&leaf::hash(id, seq as u64, hash)) {
            return Ok(Err((
                seq as u64,
                format!("its leaf {index} in the log holds another hash: the record was rewritten after it was logged"),
            )));
        }
        out.push(index);
    }
    if let Some(logged) = logged.filter(|logged| whole && *logged > last) {
        return Ok(Err((
            last + 1,
            format!("the log holds entries up to {logged}, which the record lacks: it was cut"),
        )));
    }
    Ok(Ok(out))
}

/// `logged_as` for a record read whole: the first disagreement, if any.
fn disagreement(
    places: &impl ReadableTable<(&'static str, u64), (u64, u64)>,
    tiles: &impl ReadableTable<(u8, u64), &'static [u8]>,
    id: &str,
    chain: &[Hash],
) -> Result<Option<(u64, String)>, StoreError> {
    Ok(logged_as(places, tiles, id, chain, true)?.err())
}

fn within(size: u64, asked: u64, what: &str) -> Result<(), LogError> {
    if asked > size {
        return Err(LogError::OutOfRange {
            size,
            asked: format!("{what} ({asked})"),
        });
    }
    Ok(())
}
