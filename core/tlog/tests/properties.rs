//! Property tests: for random tree sizes m < n (up to a few thousand leaves), every inclusion
//! and consistency proof verifies, every altered proof fails (a flipped bit in any hash, a hash
//! dropped or added, another index, size or root), and the proofs made from stored tiles are
//! those made from the leaves.

use std::collections::HashMap;

use kifu_tlog::merkle::{self, Hash};
use kifu_tlog::subtree::{self, Leaves};
use kifu_tlog::tile::{self, FromTiles, TileId};
use proptest::prelude::*;

fn leaves(n: u64, salt: u64) -> Vec<Hash> {
    (0..n)
        .map(|i| merkle::leaf_hash(&[i.to_le_bytes(), salt.to_le_bytes()].concat()))
        .collect()
}

/// Sizes m < n, a leaf index below n, and a salt for the leaves.
fn sizes() -> impl Strategy<Value = (u64, u64, u64, u64)> {
    (2u64..3000)
        .prop_flat_map(|n| (0..n, Just(n), 0..n))
        .prop_flat_map(|(m, n, i)| (Just(m), Just(n), Just(i), any::<u64>()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn inclusion_proofs_verify_and_altered_ones_fail((_m, n, i, salt) in sizes(), bit in 0usize..256, which in any::<prop::sample::Index>()) {
        let all = leaves(n, salt);
        let root = merkle::root(&all);
        prop_assert_eq!(all.as_slice(), &leaves(n + 1, salt)[..n as usize]);
        let path = subtree::inclusion(&mut Leaves(&all), i, n).unwrap().unwrap();
        prop_assert_eq!(&path, &merkle::inclusion_path(i as usize, &all).unwrap());
        prop_assert!(merkle::verify_inclusion(i, n, &all[i as usize], &path, &root).is_ok());

        // Any one bit of any hash of the path, the leaf, or the root.
        if !path.is_empty() {
            let mut bad = path.clone();
            let j = which.index(bad.len());
            bad[j][bit / 8] ^= 1 << (bit % 8);
            prop_assert!(merkle::verify_inclusion(i, n, &all[i as usize], &bad, &root).is_err());
        }
        let mut leaf = all[i as usize];
        leaf[bit / 8] ^= 1 << (bit % 8);
        prop_assert!(merkle::verify_inclusion(i, n, &leaf, &path, &root).is_err());
        let mut other_root = root;
        other_root[bit / 8] ^= 1 << (bit % 8);
        prop_assert!(merkle::verify_inclusion(i, n, &all[i as usize], &path, &other_root).is_err());
        // A hash dropped or added, another index, another size.
        if !path.is_empty() {
            prop_assert!(merkle::verify_inclusion(i, n, &all[i as usize], &path[..path.len() - 1], &root).is_err());
        }
        let mut longer = path.clone();
        longer.push(root);
        prop_assert!(merkle::verify_inclusion(i, n, &all[i as usize], &longer, &root).is_err());
        prop_assert!(merkle::verify_inclusion((i + 1) % n, n, &all[i as usize], &path, &root).is_err());
        // The same leaf in the next tree (one leaf more): this path does not reach its root.
        let next = merkle::root(&leaves(n + 1, salt));
        prop_assert!(merkle::verify_inclusion(i, n + 1, &all[i as usize], &path, &next).is_err());
    }

    #[test]
    fn consistency_proofs_verify_and_altered_ones_fail((m, n, _i, salt) in sizes(), bit in 0usize..256, which in any::<prop::sample::Index>()) {
        let all = leaves(n, salt);
        let (old, new) = (merkle::root(&all[..m as usize]), merkle::root(&all));
        let proof = subtree::consistency(&mut Leaves(&all), m, n).unwrap().unwrap();
        prop_assert_eq!(&proof, &merkle::consistency_proof(m as usize, &all).unwrap());
        prop_assert!(merkle::verify_consistency(m, n, &old, &new, &proof).is_ok());
        if m == 0 {
            return Ok(());
        }
        let mut bad = proof.clone();
        let j = which.index(bad.len());
        bad[j][bit / 8] ^= 1 << (bit % 8);
        prop_assert!(merkle::verify_consistency(m, n, &old, &new, &bad).is_err());
        let flip = |h: &Hash| { let mut h = *h; h[bit / 8] ^= 1 << (bit % 8); h };
        prop_assert!(merkle::verify_consistency(m, n, &flip(&old), &new, &proof).is_err());
        prop_assert!(merkle::verify_consistency(m, n, &old, &flip(&new), &proof).is_err());
        prop_assert!(merkle::verify_consistency(m, n, &old, &new, &proof[1..]).is_err());
        let mut longer = proof.clone();
        longer.push(new);
        prop_assert!(merkle::verify_consistency(m, n, &old, &new, &longer).is_err());
        // Another old size (with its own root) or a new tree that is a fork at one leaf.
        if m + 1 < n {
            let other = merkle::root(&all[..m as usize + 1]);
            prop_assert!(merkle::verify_consistency(m + 1, n, &other, &new, &proof).is_err());
        }
        let mut forked = all.clone();
        let at = which.index(m as usize);
        forked[at][0] ^= 1;
        let forked_root = merkle::root(&forked);
        let forked_proof = merkle::consistency_proof(m as usize, &forked).unwrap();
        prop_assert!(merkle::verify_consistency(m, n, &old, &forked_root, &forked_proof).is_err());
        prop_assert!(merkle::verify_consistency(m, n, &old, &forked_root, &proof).is_err());
    }

}

proptest! {
    // Fewer cases: each builds a tree of up to 8,000 leaves batch by batch.
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn tiles_built_in_random_batches_prove_as_the_leaves_do(
        batches in prop::collection::vec(1u64..700, 1..12),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 4),
    ) {
        let n: u64 = batches.iter().sum();
        let all = leaves(n, 7);
        let mut tiles: HashMap<TileId, Vec<Hash>> = HashMap::new();
        let mut size = 0u64;
        for batch in batches {
            let chunk = &all[size as usize..(size + batch) as usize];
            let writes = tile::append(size, chunk, |id, w| Ok::<_, ()>(tiles[&id][..w as usize].to_vec())).unwrap();
            tiles.extend(writes);
            size += batch;
            let mut stored = FromTiles::new(|id: TileId, w: u64| Ok::<_, ()>(tiles[&id][..w as usize].to_vec()));
            let m = picks[0].index(size as usize + 1) as u64;
            let i = picks[1].index(size as usize) as u64;
            prop_assert_eq!(subtree::root(&mut stored, size).unwrap(), merkle::root(&all[..size as usize]));
            prop_assert_eq!(subtree::root(&mut stored, m).unwrap(), merkle::root(&all[..m as usize]));
            prop_assert_eq!(
                subtree::inclusion(&mut stored, i, size).unwrap(),
                merkle::inclusion_path(i as usize, &all[..size as usize])
            );
            prop_assert_eq!(
                subtree::consistency(&mut stored, m, size).unwrap(),
                merkle::consistency_proof(m as usize, &all[..size as usize])
            );
        }
    }
}
