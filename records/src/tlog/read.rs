//! Reading the log: its name and size, roots of any size it has reached, tiles, leaves by
//! index, audit paths and consistency proofs, a record's leaf indexes, and a record checked
//! against what the log recorded. Reads only; every answer comes from stored full subtrees
//! (see `reader`).

use kifu_core::record::Hash;
use kifu_tlog::{leaf, subtree, tile};
use redb::ReadableTable;

use super::reader::{Reader, TileCache};
use super::{size_in, LogError};
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

/// A `Reader` over a transaction's tables, named `$r` in `$body`.
macro_rules! with_reader {
    ($txn:expr, |$r:ident| $body:expr) => {{
        let runs = $txn.open_table(LOG_RUNS).map_err(StoreError::from)?;
        let pending = $txn.open_table(LOG_PENDING).map_err(StoreError::from)?;
        let tiles = $txn.open_table(LOG_TILES).map_err(StoreError::from)?;
        let numbers = $txn.open_table(NUMBERS).map_err(StoreError::from)?;
        let headers = $txn.open_table(HEADERS).map_err(StoreError::from)?;
        let blocks = $txn.open_table(BLOCKS).map_err(StoreError::from)?;
        #[allow(unused_mut)]
        let mut $r = Reader::new(&runs, &pending, &tiles, (&numbers, &headers, &blocks))?;
        $body
    }};
}
pub(crate) use with_reader;

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
            let pending = txn.open_table(LOG_PENDING).map_err(StoreError::from)?;
            Ok(size_in(&pending, &txn.open_table(LOG_RUNS).map_err(StoreError::from)?)?)
        })
    }

    /// The root of the log's tree when it had `size` leaves.
    pub fn log_root(&self, size: u64) -> Result<Hash, LogError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            with_reader!(txn, |r| {
                within(r.size, size, "no tree that large")?;
                let root = subtree::root(&mut r, size)?;
                Ok(root)
            })
        })
    }

    /// The first `width` hashes of tile (`level`, `index`) as tlog-tiles serves it; `None` when
    /// the log has not reached them. A full tile never changes; a full level-0 tile is made
    /// from the records and checked first.
    pub fn log_tile(&self, level: u8, index: u64, width: u64) -> Result<Option<Vec<Hash>>, LogError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            with_reader!(txn, |r| {
                if width == 0 || width > tile::width(r.size, level, index) {
                    return Ok(None);
                }
                Ok(Some(r.tile((level, index), width)?))
            })
        })
    }

    /// The leaves `start .. end`, with the data each hashes, made from the records and checked
    /// against the log.
    pub fn log_leaves(&self, start: u64, end: u64) -> Result<Vec<LogLeaf>, LogError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            with_reader!(txn, |r| {
                within(r.size, end, "no leaves that far")?;
                let mut out = Vec::new();
                for (first, id, seq, count) in r.runs(start, end)? {
                    let chain = r.chain(&id)?.to_vec();
                    // Only the run's leaves asked for (a damaged count must not be walked).
                    for k in start.saturating_sub(first)..count.min(end.saturating_sub(first)) {
                        let (index, seq) = (first + k, seq + k);
                        let hash = *chain.get(seq as usize).ok_or_else(|| LogError::Unlogged {
                            id: id.clone(),
                            seq,
                            reason: "the log holds an entry the record lacks".into(),
                        })?;
                        let logged = r.leaf_tile(index / tile::WIDTH)?[(index % tile::WIDTH) as usize];
                        if leaf::hash(&id, seq, &hash) != logged {
                            return Err(LogError::Unlogged {
                                id,
                                seq,
                                reason: format!("its leaf {index} in the log holds another hash"),
                            });
                        }
                        out.push(LogLeaf {
                            index,
                            id: id.clone(),
                            seq,
                            chain: hash,
                        });
                    }
                }
                Ok(out)
            })
        })
    }

    /// The audit path of leaf `index` in the tree of `size` leaves.
    pub fn log_inclusion(&self, index: u64, size: u64) -> Result<Vec<Hash>, LogError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            with_reader!(txn, |r| {
                within(r.size, size, "no tree that large")?;
                let path = subtree::inclusion(&mut r, index, size)?;
                path.ok_or_else(|| LogError::OutOfRange {
                    size,
                    asked: format!("no leaf {index}"),
                })
            })
        })
    }

    /// The consistency proof from the tree of `old` leaves to the tree of `new`.
    pub fn log_consistency(&self, old: u64, new: u64) -> Result<Vec<Hash>, LogError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            with_reader!(txn, |r| {
                within(r.size, new, "no tree that large")?;
                let proof = subtree::consistency(&mut r, old, new)?;
                proof.ok_or_else(|| LogError::OutOfRange {
                    size: new,
                    asked: format!("a tree of {old} is not older"),
                })
            })
        })
    }

    /// Checks that the log holds record `id`'s chain positions `0 ..= n` exactly as the record
    /// has them (`chain` its chain hashes): the first position it does not, and why.
    /// Full tiles checked earlier in the same pass come from `cache`.
    pub(crate) fn log_disagrees(
        &self,
        id: &str,
        chain: &[Hash],
        cache: Option<&TileCache>,
    ) -> Result<Option<(u64, String)>, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let places = txn.open_table(LOG_PLACES).map_err(StoreError::from)?;
            with_reader!(txn, |r| {
                let mut r = r.sharing(cache);
                Ok(logged_as(&places, &mut r, id, chain, true)?.err())
            })
        })
    }
}

/// The leaf indexes of record `id`'s chain positions `0 ..= chain.len() - 1`, checked against
/// the log: `Err((seq, why))` names the first position the log does not hold as `chain` has it
/// (or, when `chain` is the `whole` record, the first the log holds beyond it).
pub(crate) fn logged_as<R, P, T, N, H, B>(
    places: &impl ReadableTable<(&'static str, u64), (u64, u64)>,
    reader: &mut Reader<'_, R, P, T, N, H, B>,
    id: &str,
    chain: &[Hash],
    whole: bool,
) -> Result<Result<Vec<u64>, (u64, String)>, StoreError>
where
    R: ReadableTable<u64, (&'static str, u64, u64)>,
    P: ReadableTable<u64, (&'static str, u64, &'static [u8])>,
    T: ReadableTable<(u8, u64), &'static [u8]>,
    N: ReadableTable<&'static str, u64>,
    H: ReadableTable<u64, (&'static str, &'static str)>,
    B: ReadableTable<(u64, u64), (Hash, &'static [u8])>,
{
    let last = chain.len() as u64 - 1;
    let mut indexes = Vec::with_capacity(chain.len());
    let mut logged = None;
    // The record's runs in full tiles, then those pending in the rightmost one.
    let mut found = Vec::new();
    for item in places.range((id, 0)..=(id, u64::MAX))? {
        let (key, value) = item?;
        let (first_seq, (first, count)) = (key.value().1, value.value());
        found.push((first_seq, first, count));
    }
    for (first, record, seq, hashes) in reader.pending()? {
        if record == id {
            found.push((seq, first, hashes.len() as u64));
        }
    }
    for (first_seq, first, count) in found {
        if first_seq != indexes.len() as u64 && first_seq <= last {
            break;
        }
        logged = Some(first_seq + count - 1);
        for k in 0..count.min((last + 1).saturating_sub(first_seq)) {
            indexes.push(first + k);
        }
    }
    if indexes.len() < chain.len() {
        return Ok(Err((indexes.len() as u64, "the log holds no leaf for it".into())));
    }
    // The tile the last leaf was in, read once for all of the record's leaves in it.
    let mut current: Option<(u64, Vec<Hash>)> = None;
    for (seq, (index, hash)) in indexes.iter().zip(chain).enumerate() {
        let at = index / tile::WIDTH;
        if current.as_ref().is_none_or(|(held, _)| *held != at) {
            match reader.leaf_tile(at) {
                Ok(tile) => current = Some((at, tile)),
                Err(StoreError::Damaged(why)) => return Ok(Err((seq as u64, why))),
                Err(other) => return Err(other),
            }
        }
        let tile = &current.as_ref().expect("read above").1;
        if tile.get((index % tile::WIDTH) as usize) != Some(&leaf::hash(id, seq as u64, hash)) {
            return Ok(Err((
                seq as u64,
                format!("its leaf {index} in the log holds another hash: the record was changed after it was logged"),
            )));
        }
    }
    if let Some(logged) = logged.filter(|logged| whole && *logged > last) {
        return Ok(Err((
            last + 1,
            format!("the log holds entries up to {logged}, which the record lacks: it was cut"),
        )));
    }
    Ok(Ok(indexes))
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
