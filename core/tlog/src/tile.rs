//! The C2SP tlog-tiles layout of a log's hashes: tile (L, N) holds the hashes at tree level
//! 8L with indexes N*256 .. N*256+255, as many as are complete; only the rightmost tile of a
//! level is partial. Appending leaves touches the rightmost tile of each level and completes
//! a tile of the level above each 256 tiles. Pure: reading and writing tiles is the caller's.

use crate::merkle::{self, Hash};
use crate::subtree::Subtrees;

/// Tree levels a tile spans.
pub const HEIGHT: u32 = 8;
/// Hashes in a full tile.
pub const WIDTH: u64 = 1 << HEIGHT;

/// A tile's place: its level (tree level `HEIGHT * level`) and its index in that level.
pub type TileId = (u8, u64);

/// How many hashes tile `(level, index)` holds in a tree of `size` leaves (0 to 256).
pub fn width(size: u64, level: u8, index: u64) -> u64 {
    let nodes = nodes_at(size, level);
    nodes.saturating_sub(index * WIDTH).min(WIDTH)
}

/// The complete nodes at tree level `HEIGHT * level` in a tree of `size`.
fn nodes_at(size: u64, level: u8) -> u64 {
    let shift = HEIGHT * level as u32;
    if shift >= 64 {
        0
    } else {
        size >> shift
    }
}

/// The tiles to write after appending `leaves` (leaf hashes) to a tree of `size` leaves:
/// every tile they change, whole, with its new hashes. `read(tile, width)` gives the first
/// `width` hashes of a stored tile, the partial tiles the new leaves continue.
pub fn append<E>(
    size: u64,
    leaves: &[Hash],
    mut read: impl FnMut(TileId, u64) -> Result<Vec<Hash>, E>,
) -> Result<Vec<(TileId, Vec<Hash>)>, E> {
    let mut writes = Vec::new();
    let mut level: u8 = 0;
    let mut new: Vec<Hash> = leaves.to_vec();
    while !new.is_empty() {
        let before = nodes_at(size, level);
        let mut index = before / WIDTH;
        let have = before % WIDTH;
        let mut tile = if have > 0 {
            read((level, index), have)?
        } else {
            Vec::with_capacity(new.len().min(WIDTH as usize))
        };
        let mut up = Vec::new();
        for hash in new {
            tile.push(hash);
            if tile.len() as u64 == WIDTH {
                up.push(merkle::root(&tile));
                writes.push(((level, index), std::mem::take(&mut tile)));
                index += 1;
            }
        }
        if !tile.is_empty() {
            writes.push(((level, index), tile));
        }
        new = up;
        level += 1;
    }
    Ok(writes)
}

/// Full subtrees read from tiles: subtree (h, i) is one hash of a tile when h is a multiple
/// of `HEIGHT`, else the root of 2^(h mod 8) consecutive hashes of one tile.
pub struct FromTiles<F> {
    read: F,
}

impl<F, E> FromTiles<F>
where
    F: FnMut(TileId, u64) -> Result<Vec<Hash>, E>,
{
    /// `read(tile, width)`: at least the first `width` hashes of a tile.
    pub fn new(read: F) -> Self {
        FromTiles { read }
    }
}

impl<F, E> Subtrees for FromTiles<F>
where
    F: FnMut(TileId, u64) -> Result<Vec<Hash>, E>,
{
    type Error = E;

    fn subtree(&mut self, level: u32, index: u64) -> Result<Hash, E> {
        let tile_level = (level / HEIGHT) as u8;
        let within = level % HEIGHT;
        let first = index << within;
        let count = 1u64 << within;
        let tile = first / WIDTH;
        let offset = first % WIDTH;
        let hashes = (self.read)((tile_level, tile), offset + count)?;
        Ok(merkle::root(&hashes[offset as usize..(offset + count) as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subtree;
    use std::collections::HashMap;

    #[test]
    fn tiles_built_in_batches_give_the_roots_of_the_leaves() {
        let leaves: Vec<Hash> = (0..70_000u64).map(|i| merkle::leaf_hash(&i.to_le_bytes())).collect();
        let mut tiles: HashMap<TileId, Vec<Hash>> = HashMap::new();
        let mut size = 0u64;
        for batch in [1usize, 255, 1, 300, 65_536, 2, 3905] {
            let chunk = &leaves[size as usize..size as usize + batch];
            let writes = append(size, chunk, |id, w| Ok::<_, ()>(tiles[&id][..w as usize].to_vec())).unwrap();
            for (id, hashes) in writes {
                tiles.insert(id, hashes);
            }
            size += batch as u64;
            for level in 0..3u8 {
                for index in 0..=size / WIDTH {
                    let w = width(size, level, index) as usize;
                    assert_eq!(
                        tiles.get(&(level, index)).map_or(0, Vec::len),
                        w,
                        "tile {level}/{index} at {size}"
                    );
                }
            }
            let mut source = FromTiles::new(|id: TileId, w: u64| Ok::<_, ()>(tiles[&id][..w as usize].to_vec()));
            assert_eq!(
                subtree::root(&mut source, size).unwrap(),
                merkle::root(&leaves[..size as usize])
            );
        }
        assert_eq!(tiles[&(2, 0)].len(), 1, "65,536 leaves complete a level-2 hash");
    }
}
