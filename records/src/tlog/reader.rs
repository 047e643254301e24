//! Reading the stored tree: the hashes of any full subtree, from the tiles above the leaves,
//! from the pending runs of the rightmost tile, or, for a full level-0 tile, from the leaves
//! made again from the records its runs name and checked against the tile's hash one level up.
//! Reads only; a record changed since it was logged is reported, never hashed into an answer.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use kifu_core::record::{chain_step, header_hash, Hash};
use kifu_tlog::subtree::Subtrees;
use kifu_tlog::tile::{self, FromTiles, TileId};
use kifu_tlog::{leaf, merkle};
use redb::ReadableTable;

use super::{hashes_of, read_tile, short_tile, size_in};
use crate::blocks;
use crate::error::StoreError;

/// A run of the rightmost tile: (first leaf, record id, first seq, the leaf hashes).
pub(crate) type PendingRun = (u64, String, u64, Vec<Hash>);

/// The log's tables and the records' tables a reader needs.
pub(crate) struct Reader<'a, R, P, T, N, H, B> {
    runs: &'a R,
    pending: &'a P,
    tiles: &'a T,
    numbers: &'a N,
    headers: &'a H,
    blocks: &'a B,
    pub size: u64,
    chains: HashMap<String, Vec<Hash>>,
    level0: HashMap<u64, Vec<Hash>>,
    shared: Option<&'a TileCache>,
}

/// Full level-0 tiles already made again from their records and checked against the tile
/// above, shared by the readers of one pass over the store (`Store::check_all`, which audits
/// records in log order so that neighbours meet their tiles here). Only checked tiles go in;
/// the oldest leave first beyond [`TileCache::HELD`]. A full tile's leaves never change while
/// the records they name are as logged, and a record changed since is caught by its own audit
/// (its leaves are compared with the tile's).
#[derive(Default)]
pub(crate) struct TileCache {
    held: Mutex<Held>,
}

/// The tiles held by their index, and their indexes oldest first.
#[derive(Default)]
struct Held {
    tiles: HashMap<u64, Arc<Vec<Hash>>>,
    order: VecDeque<u64>,
}

impl TileCache {
    /// At most this many tiles (8 KiB each) are held.
    const HELD: usize = 512;

    fn get(&self, index: u64) -> Option<Arc<Vec<Hash>>> {
        self.held.lock().ok()?.tiles.get(&index).cloned()
    }

    fn put(&self, index: u64, hashes: &[Hash]) {
        if let Ok(mut held) = self.held.lock() {
            let Held { tiles, order } = &mut *held;
            if tiles.insert(index, Arc::new(hashes.to_vec())).is_none() {
                order.push_back(index);
            }
            while order.len() > Self::HELD {
                if let Some(oldest) = order.pop_front() {
                    tiles.remove(&oldest);
                }
            }
        }
    }
}

impl<'a, R, P, T, N, H, B> Reader<'a, R, P, T, N, H, B>
where
    R: ReadableTable<u64, (&'static str, u64, u64)>,
    P: ReadableTable<u64, (&'static str, u64, &'static [u8])>,
    T: ReadableTable<(u8, u64), &'static [u8]>,
    N: ReadableTable<&'static str, u64>,
    H: ReadableTable<u64, (&'static str, &'static str)>,
    B: ReadableTable<(u64, u64), (Hash, &'static [u8])>,
{
    pub fn new(
        runs: &'a R,
        pending: &'a P,
        tiles: &'a T,
        (numbers, headers, blocks): (&'a N, &'a H, &'a B),
    ) -> Result<Self, StoreError> {
        Ok(Reader {
            runs,
            pending,
            tiles,
            numbers,
            headers,
            blocks,
            size: size_in(pending, runs)?,
            chains: HashMap::new(),
            level0: HashMap::new(),
            shared: None,
        })
    }

    /// The same reader, taking checked full tiles from `cache` and adding those it checks.
    pub fn sharing(mut self, cache: Option<&'a TileCache>) -> Self {
        self.shared = cache;
        self
    }

    /// The runs that hold leaves `start .. end`, full tiles' and pending: (first leaf, record
    /// id, first seq, count).
    pub fn runs(&self, start: u64, end: u64) -> Result<Vec<(u64, String, u64, u64)>, StoreError> {
        let from = match self.runs.range(..=start)?.next_back() {
            Some(item) => item?.0.value(),
            None => 0,
        };
        let mut out = Vec::new();
        for item in self.runs.range(from..end)? {
            let (key, value) = item?;
            let (id, seq, count) = value.value();
            out.push((key.value(), id.to_string(), seq, count));
        }
        for (first, id, seq, hashes) in self.pending()? {
            if first + (hashes.len() as u64) > start && first < end {
                out.push((first, id, seq, hashes.len() as u64));
            }
        }
        Ok(out)
    }

    /// The pending runs of the rightmost tile.
    pub fn pending(&self) -> Result<Vec<PendingRun>, StoreError> {
        let mut out = Vec::new();
        for item in self.pending.iter()? {
            let (key, value) = item?;
            let (first, (id, seq, bytes)) = (key.value(), value.value());
            let hashes = hashes_of(bytes, || format!("the log's pending leaves from {first}"))?;
            out.push((first, id.to_string(), seq, hashes));
        }
        Ok(out)
    }

    /// The chain hashes of a stored record as its lines stand (0 the header's), unchecked.
    pub fn chain(&mut self, id: &str) -> Result<&[Hash], StoreError> {
        if !self.chains.contains_key(id) {
            let lacks = || StoreError::Damaged(format!("the log names record {id}, which the store lacks"));
            let number = crate::tables::number_in(self.numbers, id)?.ok_or_else(lacks)?;
            let header = self
                .headers
                .get(number)?
                .map(|v| v.value().1.to_string())
                .ok_or_else(lacks)?;
            let mut chain = vec![header_hash(&header)];
            let mut line = String::new();
            for (start, _, packed) in blocks::stored(self.blocks, number)? {
                let text = blocks::unpack_text(&packed)
                    .map_err(|why| StoreError::Damaged(format!("record {id}, entries from {start}: {why}")))?;
                for (seq, rest) in (start..).zip(text.split('\n')) {
                    blocks::write_line(seq, rest, &mut line);
                    chain.push(chain_step(&chain[chain.len() - 1], &line));
                }
            }
            self.chains.insert(id.to_string(), chain);
        }
        Ok(&self.chains[id])
    }

    /// The leaf hashes of level-0 tile `index`, as far as the tree has them. A full tile's are
    /// made again from the records and checked against its hash in level 1.
    pub fn leaf_tile(&mut self, index: u64) -> Result<Vec<Hash>, StoreError> {
        if let Some(hashes) = self.level0.get(&index) {
            return Ok(hashes.clone());
        }
        let width = tile::width(self.size, 0, index);
        if width < tile::WIDTH {
            let hashes: Vec<Hash> = self.pending()?.into_iter().flat_map(|run| run.3).collect();
            if hashes.len() as u64 != width {
                return Err(short_tile((0, index), hashes.len(), width));
            }
            return Ok(hashes);
        }
        if let Some(hashes) = self.shared.and_then(|cache| cache.get(index)) {
            return Ok(hashes.to_vec());
        }
        let (start, end) = (index * tile::WIDTH, (index + 1) * tile::WIDTH);
        let mut hashes = Vec::with_capacity(tile::WIDTH as usize);
        let mut names = Vec::new();
        let runs = self.runs;
        for item in runs.range(start..end)? {
            let (key, value) = item?;
            let (first, (id, seq, count)) = (key.value(), value.value());
            let id = id.to_string();
            names.push(id.clone());
            let chain = self.chain(&id)?;
            // Only the run's leaves inside this tile (a damaged count must not be walked).
            for k in start.saturating_sub(first)..count.min(end.saturating_sub(first)) {
                let hash = chain.get((seq + k) as usize).ok_or_else(|| {
                    StoreError::Damaged(format!(
                        "the log holds entry {} of record {id}, which the record lacks: it was cut",
                        seq + k
                    ))
                })?;
                hashes.push(leaf::hash(&id, seq + k, hash));
            }
        }
        if hashes.len() as u64 != tile::WIDTH {
            return Err(StoreError::Damaged(format!(
                "the log's runs hold {} of its leaves {start} to {}",
                hashes.len(),
                end - 1
            )));
        }
        let stored = read_tile(self.tiles, (1, index / tile::WIDTH))?;
        if stored.get((index % tile::WIDTH) as usize) != Some(&merkle::root(&hashes)) {
            names.dedup();
            return Err(StoreError::Damaged(format!(
                "the log's leaves {start} to {} no longer hash as they did when logged: {} {} changed since",
                end - 1,
                if names.len() == 1 {
                    "record"
                } else {
                    "one of the records"
                },
                names.join(", ")
            )));
        }
        if let Some(cache) = self.shared {
            cache.put(index, &hashes);
        }
        self.level0.insert(index, hashes.clone());
        Ok(hashes)
    }

    /// The first `width` hashes of tile `at` (a level-0 tile's leaves, or a stored tile).
    pub fn tile(&mut self, at: TileId, width: u64) -> Result<Vec<Hash>, StoreError> {
        let mut hashes = match at {
            (0, index) => self.leaf_tile(index)?,
            _ => read_tile(self.tiles, at)?,
        };
        if (hashes.len() as u64) < width {
            return Err(short_tile(at, hashes.len(), width));
        }
        hashes.truncate(width as usize);
        Ok(hashes)
    }
}

/// The stored tree's full subtrees, for `kifu_tlog::subtree`.
impl<R, P, T, N, H, B> Subtrees for Reader<'_, R, P, T, N, H, B>
where
    R: ReadableTable<u64, (&'static str, u64, u64)>,
    P: ReadableTable<u64, (&'static str, u64, &'static [u8])>,
    T: ReadableTable<(u8, u64), &'static [u8]>,
    N: ReadableTable<&'static str, u64>,
    H: ReadableTable<u64, (&'static str, &'static str)>,
    B: ReadableTable<(u64, u64), (Hash, &'static [u8])>,
{
    type Error = StoreError;

    fn subtree(&mut self, level: u32, index: u64) -> Result<Hash, StoreError> {
        FromTiles::new(|at, width| self.tile(at, width)).subtree(level, index)
    }
}
