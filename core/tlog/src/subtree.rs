//! Tree hashes and proofs from stored full subtrees: a log that keeps the hash of every
//! complete, aligned subtree (as tlog-tiles does) answers the root of any size and any proof
//! with O(log n) look-ups, never reading every leaf. Pure: the storage is behind `Subtrees`;
//! the results are exactly those of `merkle` over the leaves (checked by the property tests).

use crate::merkle::{empty_root, node_hash, Hash};

/// A source of the hashes of full subtrees: `subtree(level, index)` is the RFC 6962 hash of
/// leaves `index * 2^level .. (index + 1) * 2^level`, which the source must hold whole.
pub trait Subtrees {
    type Error;
    fn subtree(&mut self, level: u32, index: u64) -> Result<Hash, Self::Error>;
}

/// The largest power of two smaller than `n` (n >= 2).
fn split(n: u64) -> u64 {
    debug_assert!(n >= 2);
    1 << (63 - (n - 1).leading_zeros())
}

/// The RFC 6962 hash of leaves `lo..hi` (MTH of that slice): one look-up when they form a
/// full aligned subtree, else the hashes of its two parts.
pub fn range_root<S: Subtrees>(source: &mut S, lo: u64, hi: u64) -> Result<Hash, S::Error> {
    let n = hi - lo;
    if n == 0 {
        return Ok(empty_root());
    }
    if n.is_power_of_two() && lo.is_multiple_of(n) {
        return source.subtree(n.trailing_zeros(), lo / n);
    }
    if n == 1 {
        return source.subtree(0, lo);
    }
    let k = split(n);
    let left = range_root(source, lo, lo + k)?;
    let right = range_root(source, lo + k, hi)?;
    Ok(node_hash(&left, &right))
}

/// The root of the tree of the first `size` leaves.
pub fn root<S: Subtrees>(source: &mut S, size: u64) -> Result<Hash, S::Error> {
    range_root(source, 0, size)
}

/// The audit path of leaf `index` in the tree of `size` (RFC 6962 PATH); `None` when the
/// leaf is outside the tree.
pub fn inclusion<S: Subtrees>(source: &mut S, index: u64, size: u64) -> Result<Option<Vec<Hash>>, S::Error> {
    if index >= size {
        return Ok(None);
    }
    let mut path = Vec::new();
    let (mut lo, mut hi) = (0, size);
    // From the root down, the sibling at each split; the path lists them from the leaf up.
    while hi - lo > 1 {
        let k = split(hi - lo);
        if index < lo + k {
            path.push(range_root(source, lo + k, hi)?);
            hi = lo + k;
        } else {
            path.push(range_root(source, lo, lo + k)?);
            lo += k;
        }
    }
    path.reverse();
    Ok(Some(path))
}

/// The consistency proof from the tree of `old` leaves to the tree of `new` (RFC 6962
/// PROOF); `None` when `old > new`.
pub fn consistency<S: Subtrees>(source: &mut S, old: u64, new: u64) -> Result<Option<Vec<Hash>>, S::Error> {
    if old > new {
        return Ok(None);
    }
    let mut proof = Vec::new();
    if old == 0 || old == new {
        return Ok(Some(proof));
    }
    // SUBPROOF(m, D[lo..hi], whole) unrolled from the top: the hashes are found top down and
    // listed bottom up.
    let (mut lo, mut hi, mut m, mut whole) = (0u64, new, old, true);
    loop {
        let n = hi - lo;
        if m == n {
            if !whole {
                proof.push(range_root(source, lo, hi)?);
            }
            break;
        }
        let k = split(n);
        if m <= k {
            proof.push(range_root(source, lo + k, hi)?);
            hi = lo + k;
        } else {
            proof.push(range_root(source, lo, lo + k)?);
            lo += k;
            m -= k;
            whole = false;
        }
    }
    proof.reverse();
    Ok(Some(proof))
}

/// Full subtrees over a slice of leaf hashes, computed on demand: the reference the stored
/// forms are tested against, and enough for small trees.
pub struct Leaves<'a>(pub &'a [Hash]);

impl Subtrees for Leaves<'_> {
    type Error = std::convert::Infallible;
    fn subtree(&mut self, level: u32, index: u64) -> Result<Hash, Self::Error> {
        let width = 1usize << level;
        let start = index as usize * width;
        Ok(crate::merkle::root(&self.0[start..start + width]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::merkle;

    #[test]
    fn the_same_answers_as_over_the_leaves() {
        let leaves: Vec<Hash> = (0..70u64).map(|i| merkle::leaf_hash(&i.to_be_bytes())).collect();
        for n in 0..=leaves.len() {
            let all = &leaves[..n];
            let mut source = Leaves(all);
            assert_eq!(root(&mut source, n as u64).unwrap(), merkle::root(all), "root of {n}");
            for i in 0..n {
                assert_eq!(
                    inclusion(&mut source, i as u64, n as u64).unwrap(),
                    merkle::inclusion_path(i, all),
                    "path of {i} in {n}"
                );
            }
            for m in 0..=n {
                assert_eq!(
                    consistency(&mut source, m as u64, n as u64).unwrap(),
                    merkle::consistency_proof(m, all),
                    "consistency of {m} in {n}"
                );
            }
            assert_eq!(inclusion(&mut source, n as u64, n as u64).unwrap(), None);
            assert_eq!(consistency(&mut source, n as u64 + 1, n as u64).unwrap(), None);
        }
    }
}
