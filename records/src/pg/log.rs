//! The transparency log on PostgreSQL: the same RFC 6962 tree as redb's (kifu-tlog's leaves,
//! tiles and proofs), one row a leaf, the tiles above the leaves in `log_tiles`. Leaves are
//! added at the end of the transaction that writes what they cover, under a lock on the one
//! `log_head` row, so their indexes follow commit order whichever server writes and never
//! interleave. A full tile of leaves is checked against its hash one level up before any
//! answer uses it: a changed leaf row is named, never proven.

use std::collections::HashMap;

use kifu_core::record::{header_hash, Hash, Record};
use kifu_tlog::subtree::{self, Subtrees};
use kifu_tlog::tile::{self, FromTiles, TileId};
use kifu_tlog::{leaf, merkle};
use postgres::Transaction;

use super::{count, hash32, read};
use crate::error::{ReadError, StoreError};
use crate::tlog::bundle::{assemble, paths, proven_seq};
use crate::tlog::sign::{refuse_unless_extends, signed_now};
use crate::{Bundle, LogError, LogKey, LogLeaf, Signed};

/// Leaves to add: record id, the first chain position, the chain hashes from there.
pub(super) type Leaves = (String, u64, Vec<Hash>);

/// The log's head row.
pub(super) struct Head {
    pub size: u64,
    pub origin: String,
    pub signed: Option<String>,
    pub verifier: Option<String>,
}

/// A new log's name: `kifu/` and 32 random hex digits.
pub(super) fn new_origin() -> Result<String, StoreError> {
    let mut id = [0u8; 16];
    getrandom::fill(&mut id).map_err(|e| StoreError::Damaged(format!("no random bytes for the log's name: {e}")))?;
    Ok(format!("kifu/{}", kifu_core::record::hex::encode(&id)))
}

pub(super) fn head(tx: &mut Transaction<'_>) -> Result<Head, StoreError> {
    head_row(tx, "SELECT size, origin, signed, verifier FROM log_head")
}

/// The head row, locked until the transaction ends: leaves are added and checkpoints signed
/// one transaction at a time.
fn locked_head(tx: &mut Transaction<'_>) -> Result<Head, StoreError> {
    head_row(tx, "SELECT size, origin, signed, verifier FROM log_head FOR UPDATE")
}

fn head_row(tx: &mut Transaction<'_>, query: &str) -> Result<Head, StoreError> {
    let row = tx
        .query_opt(query, &[])?
        .ok_or_else(|| StoreError::Damaged("the log has no head row".into()))?;
    Ok(Head {
        size: count(row.get(0)),
        origin: row.get(1),
        signed: row.get(2),
        verifier: row.get(3),
    })
}

/// Adds the leaves of each (record, first seq, chain hashes) at the end of the log, in order,
/// and the tiles above them that change.
pub(super) fn add(tx: &mut Transaction<'_>, leaves: &[Leaves]) -> Result<(), StoreError> {
    if leaves.iter().all(|(_, _, chain)| chain.is_empty()) {
        return Ok(());
    }
    let size = locked_head(tx)?.size;
    let (mut indexes, mut ids, mut seqs, mut hashes) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (id, first, chain) in leaves {
        for (k, hash) in chain.iter().enumerate() {
            let seq = first + k as u64;
            indexes.push((size + hashes.len() as u64) as i64);
            ids.push(id.as_str());
            seqs.push(seq as i64);
            hashes.push(leaf::hash(id, seq, hash));
        }
    }
    let bytes: Vec<&[u8]> = hashes.iter().map(|h| h.as_slice()).collect();
    tx.execute(
        "INSERT INTO log_leaves (idx, record_id, seq, hash)
         SELECT * FROM unnest($1::int8[], $2::text[], $3::int8[], $4::bytea[])",
        &[&indexes, &ids, &seqs, &bytes],
    )?;
    let writes = tile::append(size, &hashes, |at, width| {
        let mut reader = Reader {
            tx: &mut *tx,
            size,
            tiles: HashMap::new(),
        };
        reader.stored_tile(at, width)
    })?;
    for ((level, index), tile_hashes) in writes {
        // Level 0 is the leaves themselves, inserted above.
        if level == 0 {
            continue;
        }
        tx.execute(
            "INSERT INTO log_tiles (level, idx, hashes) VALUES ($1, $2, $3)
             ON CONFLICT (level, idx) DO UPDATE SET hashes = EXCLUDED.hashes",
            &[&(level as i16), &(index as i64), &tile_hashes.concat()],
        )?;
    }
    tx.execute(
        "UPDATE log_head SET size = $1",
        &[&((size + hashes.len() as u64) as i64)],
    )?;
    Ok(())
}

/// Reads the stored tree in one transaction: tiles, cached; a full tile of leaves checked
/// against its hash one level up.
pub(super) struct Reader<'a, 't> {
    tx: &'a mut Transaction<'t>,
    pub size: u64,
    tiles: HashMap<TileId, Vec<Hash>>,
}

impl<'a, 't> Reader<'a, 't> {
    pub fn new(tx: &'a mut Transaction<'t>) -> Result<Self, StoreError> {
        let size = head(tx)?.size;
        Ok(Reader {
            tx,
            size,
            tiles: HashMap::new(),
        })
    }

    /// The first `width` hashes of tile `at` as stored, unchecked (level 0: the leaves).
    fn stored_tile(&mut self, at: TileId, width: u64) -> Result<Vec<Hash>, StoreError> {
        let mut hashes = Vec::new();
        match at {
            (0, index) => {
                let start = index * tile::WIDTH;
                let rows = self.tx.query(
                    "SELECT idx, hash FROM log_leaves WHERE idx >= $1 AND idx < $2 ORDER BY idx",
                    &[&(start as i64), &((start + width) as i64)],
                )?;
                for row in rows {
                    if count(row.get(0)) != start + hashes.len() as u64 {
                        break;
                    }
                    hashes.push(hash32(row.get(1), || format!("the log's leaf {}", count(row.get(0))))?);
                }
            }
            (level, index) => {
                let row = self.tx.query_opt(
                    "SELECT hashes FROM log_tiles WHERE level = $1 AND idx = $2",
                    &[&(level as i16), &(index as i64)],
                )?;
                if let Some(row) = row {
                    hashes = crate::tlog::hashes_of(row.get(0), || format!("the log's tile {level}/{index}"))?;
                }
            }
        }
        if (hashes.len() as u64) < width {
            return Err(crate::tlog::short_tile(at, hashes.len(), width));
        }
        hashes.truncate(width as usize);
        Ok(hashes)
    }

    /// The first `width` hashes of tile `at`; a full tile of leaves is first checked against
    /// its hash in level 1.
    pub fn tile(&mut self, at: TileId, width: u64) -> Result<Vec<Hash>, StoreError> {
        let full = tile::width(self.size, at.0, at.1);
        if width > full {
            return Err(crate::tlog::short_tile(at, full as usize, width));
        }
        if let Some(hashes) = self.tiles.get(&at) {
            return Ok(hashes[..width as usize].to_vec());
        }
        let hashes = self.stored_tile(at, full)?;
        if at.0 == 0 && full == tile::WIDTH {
            let (start, end) = (at.1 * tile::WIDTH, (at.1 + 1) * tile::WIDTH - 1);
            let above = self.stored_tile((1, at.1 / tile::WIDTH), at.1 % tile::WIDTH + 1)?;
            if above[(at.1 % tile::WIDTH) as usize] != merkle::root(&hashes) {
                return Err(StoreError::Damaged(format!(
                    "the log's leaves {start} to {end} no longer hash as they did when logged: a leaf row was changed since"
                )));
            }
        }
        self.tiles.insert(at, hashes.clone());
        Ok(hashes[..width as usize].to_vec())
    }

    pub fn root(&mut self, size: u64) -> Result<Hash, LogError> {
        within(self.size, size, "no tree that large")?;
        Ok(subtree::root(self, size)?)
    }

    /// A tile as tlog-tiles serves it; `None` when the log has not reached its first `width`.
    pub fn served_tile(&mut self, level: u8, index: u64, width: u64) -> Result<Option<Vec<Hash>>, LogError> {
        if width == 0 || width > tile::width(self.size, level, index) {
            return Ok(None);
        }
        Ok(Some(self.tile((level, index), width)?))
    }

    pub fn inclusion(&mut self, index: u64, size: u64) -> Result<Vec<Hash>, LogError> {
        within(self.size, size, "no tree that large")?;
        subtree::inclusion(self, index, size)?.ok_or_else(|| LogError::OutOfRange {
            size,
            asked: format!("no leaf {index}"),
        })
    }

    pub fn consistency(&mut self, old: u64, new: u64) -> Result<Vec<Hash>, LogError> {
        within(self.size, new, "no tree that large")?;
        subtree::consistency(self, old, new)?.ok_or_else(|| LogError::OutOfRange {
            size: new,
            asked: format!("a tree of {old} is not older"),
        })
    }

    /// Leaves `start .. end` with the data each hashes, from the records' stored chain hashes,
    /// each checked against the log.
    pub fn leaves(&mut self, start: u64, end: u64) -> Result<Vec<LogLeaf>, LogError> {
        within(self.size, end, "no leaves that far")?;
        let rows = self
            .tx
            .query(
                "SELECT l.idx, l.record_id, l.seq, e.chain, r.header FROM log_leaves l
                 LEFT JOIN entries e ON e.record_id = l.record_id AND e.seq = l.seq
                 LEFT JOIN records r ON l.seq = 0 AND r.id = l.record_id
                 WHERE l.idx >= $1 AND l.idx < $2 ORDER BY l.idx",
                &[&(start as i64), &(end as i64)],
            )
            .map_err(StoreError::from)?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let (index, id, seq) = (count(row.get(0)), row.get::<_, String>(1), count(row.get(2)));
            let chain = match (row.get::<_, Option<&[u8]>>(3), row.get::<_, Option<&str>>(4)) {
                (_, Some(header)) => header_hash(header),
                (Some(chain), _) => hash32(chain, || format!("record {id}'s entry {seq}"))?,
                (None, None) => {
                    return Err(LogError::Unlogged {
                        id,
                        seq,
                        reason: "the log holds an entry the record lacks".into(),
                    })
                }
            };
            let width = tile::width(self.size, 0, index / tile::WIDTH);
            let logged = self.tile((0, index / tile::WIDTH), width)?[(index % tile::WIDTH) as usize];
            if leaf::hash(&id, seq, &chain) != logged {
                return Err(LogError::Unlogged {
                    id,
                    seq,
                    reason: format!("its leaf {index} in the log holds another hash"),
                });
            }
            out.push(LogLeaf { index, id, seq, chain });
        }
        if out.len() as u64 != end.saturating_sub(start) {
            return Err(
                StoreError::Damaged(format!("the log holds {} of its leaves {start} to {end}", out.len())).into(),
            );
        }
        Ok(out)
    }

    /// The leaf indexes of record `id`'s chain positions `0 ..= chain.len() - 1`, checked
    /// against the log: `Err((seq, why))` names the first position the log does not hold as
    /// `chain` has it (or, when `chain` is the `whole` record, the first it holds beyond it).
    pub fn logged_as(
        &mut self,
        id: &str,
        chain: &[Hash],
        whole: bool,
    ) -> Result<Result<Vec<u64>, (u64, String)>, StoreError> {
        let rows = self.tx.query(
            "SELECT idx, seq FROM log_leaves WHERE record_id = $1 ORDER BY seq",
            &[&id],
        )?;
        let last = chain.len() as u64 - 1;
        let mut indexes = Vec::with_capacity(chain.len());
        let mut logged = None;
        for row in &rows {
            let seq = count(row.get(1));
            if seq != indexes.len() as u64 {
                break;
            }
            logged = Some(seq);
            if seq <= last {
                indexes.push(count(row.get(0)));
            }
        }
        if indexes.len() < chain.len() {
            return Ok(Err((indexes.len() as u64, "the log holds no leaf for it".into())));
        }
        for (seq, (index, hash)) in indexes.iter().zip(chain).enumerate() {
            let width = tile::width(self.size, 0, index / tile::WIDTH);
            let tile = match self.tile((0, index / tile::WIDTH), width) {
                Ok(tile) => tile,
                Err(StoreError::Damaged(why)) => return Ok(Err((seq as u64, why))),
                Err(other) => return Err(other),
            };
            if tile.get((index % tile::WIDTH) as usize) != Some(&leaf::hash(id, seq as u64, hash)) {
                return Ok(Err((
                    seq as u64,
                    format!(
                        "its leaf {index} in the log holds another hash: the record was changed after it was logged"
                    ),
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
}

/// The stored tree's full subtrees, for `kifu_tlog::subtree`.
impl Subtrees for Reader<'_, '_> {
    type Error = StoreError;

    fn subtree(&mut self, level: u32, index: u64) -> Result<Hash, StoreError> {
        FromTiles::new(|at, width| self.tile(at, width)).subtree(level, index)
    }
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

/// Signs the log's checkpoint as it stands, holding the head row's lock: refused when the tree
/// does not extend the last one signed, or when another key signed this log before.
pub(super) fn sign_in(tx: &mut Transaction<'_>, key: &LogKey) -> Result<Signed, LogError> {
    let head = locked_head(tx)?;
    let verifier = key.verifier().to_text();
    if let Some(store) = head.verifier.filter(|stored| *stored != verifier) {
        return Err(LogError::OtherKey { store, given: verifier });
    }
    let mut reader = Reader::new(tx)?;
    let size = reader.size;
    let root = subtree::root(&mut reader, size)?;
    refuse_unless_extends(&head.origin, head.signed.as_deref(), size, &root, |old| {
        subtree::consistency(&mut reader, old, size)
    })?;
    let signed = signed_now(head.origin, size, root, key);
    tx.execute(
        "UPDATE log_head SET signed = $1, verifier = $2",
        &[&signed.note, &verifier],
    )
    .map_err(StoreError::from)?;
    Ok(signed)
}

/// A proof bundle for record `id` up to entry `seq` (its head when `None`), with a checkpoint
/// signed now.
pub(super) fn prove(
    tx: &mut Transaction<'_>,
    id: &str,
    seq: Option<u64>,
    key: &LogKey,
    every: bool,
) -> Result<Bundle, LogError> {
    let signed = sign_in(tx, key)?;
    let (record, hashes): (Record, Vec<Hash>) = read::verified_chained(tx, id).map_err(|e| match e {
        ReadError::NotFound(id) => LogError::NotFound(id),
        other => other.into(),
    })?;
    let seq = proven_seq(id, seq, record.entries.len() as u64)?;
    let chain = &hashes[..=seq as usize];
    let mut reader = Reader::new(tx)?;
    let leaves = reader
        .logged_as(id, chain, false)?
        .map_err(|(seq, reason)| LogError::Unlogged {
            id: id.to_string(),
            seq,
            reason,
        })?;
    let size = signed.checkpoint.size;
    let inclusion = paths(&leaves, seq, every, |leaf| {
        Ok(subtree::inclusion(&mut reader, leaf, size)?.unwrap_or_default())
    })?;
    Ok(assemble(&record, seq, leaves, inclusion, signed.note))
}
