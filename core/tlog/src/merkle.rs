//! RFC 6962 Merkle tree hashes over leaf hashes, audit paths (inclusion proofs) and
//! consistency proofs, with their verification as RFC 9162 section 2.1 gives it. Pure
//! functions over slices: no storage, no I/O.

use sha2::{Digest, Sha256};

pub type Hash = [u8; 32];

/// The hash of a leaf's data: SHA-256 of 0x00 followed by the data.
pub fn leaf_hash(data: &[u8]) -> Hash {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(data);
    h.finalize().into()
}

/// The hash of an inner node: SHA-256 of 0x01, the left hash, the right hash.
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update([1u8]);
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// The root of an empty tree: SHA-256 of nothing.
pub fn empty_root() -> Hash {
    Sha256::digest([]).into()
}

/// The largest power of two smaller than `n` (n >= 2): where RFC 6962 splits a tree of n.
fn split(n: usize) -> usize {
    debug_assert!(n >= 2);
    let mut k = 1;
    while k * 2 < n {
        k *= 2;
    }
    k
}

/// The Merkle tree hash of the leaves (given as leaf hashes).
pub fn root(leaves: &[Hash]) -> Hash {
    match leaves.len() {
        0 => empty_root(),
        1 => leaves[0],
        n => {
            let k = split(n);
            node_hash(&root(&leaves[..k]), &root(&leaves[k..]))
        }
    }
}

/// The audit path of leaf `index` in the tree of `leaves`: the sibling hashes from the leaf
/// up. `None` when the index is outside the tree.
pub fn inclusion_path(index: usize, leaves: &[Hash]) -> Option<Vec<Hash>> {
    if index >= leaves.len() {
        return None;
    }
    let mut path = Vec::new();
    path_into(index, leaves, &mut path);
    Some(path)
}

fn path_into(index: usize, leaves: &[Hash], path: &mut Vec<Hash>) {
    let n = leaves.len();
    if n <= 1 {
        return;
    }
    let k = split(n);
    if index < k {
        path_into(index, &leaves[..k], path);
        path.push(root(&leaves[k..]));
    } else {
        path_into(index - k, &leaves[k..], path);
        path.push(root(&leaves[..k]));
    }
}

/// The consistency proof that the tree of the first `old_size` leaves is a prefix of the tree
/// of all `leaves`. `None` when `old_size` is larger than the tree.
pub fn consistency_proof(old_size: usize, leaves: &[Hash]) -> Option<Vec<Hash>> {
    if old_size > leaves.len() {
        return None;
    }
    let mut proof = Vec::new();
    if old_size > 0 && old_size < leaves.len() {
        subproof(old_size, leaves, true, &mut proof);
    }
    Some(proof)
}

fn subproof(m: usize, leaves: &[Hash], whole: bool, proof: &mut Vec<Hash>) {
    let n = leaves.len();
    if m == n {
        if !whole {
            proof.push(root(leaves));
        }
        return;
    }
    let k = split(n);
    if m <= k {
        subproof(m, &leaves[..k], whole, proof);
        proof.push(root(&leaves[k..]));
    } else {
        subproof(m - k, &leaves[k..], false, proof);
        proof.push(root(&leaves[..k]));
    }
}

/// Why a proof does not hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    #[error("leaf {index} is outside a tree of {size}")]
    OutOfRange { index: u64, size: u64 },
    #[error("the proof has the wrong number of hashes for these sizes")]
    WrongLength,
    #[error("the proof leads to another root hash")]
    RootMismatch,
    #[error("the new tree ({new}) is smaller than the old one ({old})")]
    Shrunk { old: u64, new: u64 },
}

/// Shifts `a` and `b` right together until `a`'s lowest bit is set or `a` is 0.
fn shift_while_even(a: &mut u64, b: &mut u64) {
    while *a != 0 && *a & 1 == 0 {
        *a >>= 1;
        *b >>= 1;
    }
}

/// The root an audit path leads to from leaf `index` (its hash `leaf`) in a tree of `size`.
pub fn root_from_inclusion(index: u64, size: u64, leaf: &Hash, path: &[Hash]) -> Result<Hash, ProofError> {
    if index >= size {
        return Err(ProofError::OutOfRange { index, size });
    }
    let (mut f, mut s) = (index, size - 1);
    let mut r = *leaf;
    for p in path {
        if s == 0 {
            return Err(ProofError::WrongLength);
        }
        if f & 1 == 1 || f == s {
            r = node_hash(p, &r);
            if f & 1 == 0 {
                shift_while_even(&mut f, &mut s);
            }
        } else {
            r = node_hash(&r, p);
        }
        f >>= 1;
        s >>= 1;
    }
    if s != 0 {
        return Err(ProofError::WrongLength);
    }
    Ok(r)
}

/// Checks that leaf `index` with hash `leaf` is in the tree of `size` whose root is `root`.
pub fn verify_inclusion(index: u64, size: u64, leaf: &Hash, path: &[Hash], root: &Hash) -> Result<(), ProofError> {
    if root_from_inclusion(index, size, leaf, path)? == *root {
        Ok(())
    } else {
        Err(ProofError::RootMismatch)
    }
}

/// Checks that the tree of `old_size` with root `old_root` is a prefix of the tree of
/// `new_size` with root `new_root`, by the consistency proof `proof`.
pub fn verify_consistency(
    old_size: u64,
    new_size: u64,
    old_root: &Hash,
    new_root: &Hash,
    proof: &[Hash],
) -> Result<(), ProofError> {
    if new_size < old_size {
        return Err(ProofError::Shrunk {
            old: old_size,
            new: new_size,
        });
    }
    if old_size == new_size || old_size == 0 {
        if !proof.is_empty() {
            return Err(ProofError::WrongLength);
        }
        return if old_size == 0 || old_root == new_root {
            Ok(())
        } else {
            Err(ProofError::RootMismatch)
        };
    }
    let mut path: Vec<Hash> = Vec::with_capacity(proof.len() + 1);
    if old_size.is_power_of_two() {
        path.push(*old_root);
    }
    path.extend_from_slice(proof);
    let Some((first, rest)) = path.split_first() else {
        return Err(ProofError::WrongLength);
    };
    let (mut f, mut s) = (old_size - 1, new_size - 1);
    shift_while_even_bit(&mut f, &mut s);
    let (mut fr, mut sr) = (*first, *first);
    for c in rest {
        if s == 0 {
            return Err(ProofError::WrongLength);
        }
        if f & 1 == 1 || f == s {
            fr = node_hash(c, &fr);
            sr = node_hash(c, &sr);
            if f & 1 == 0 {
                shift_while_even(&mut f, &mut s);
            }
        } else {
            sr = node_hash(&sr, c);
        }
        f >>= 1;
        s >>= 1;
    }
    if s != 0 {
        return Err(ProofError::WrongLength);
    }
    if fr == *old_root && sr == *new_root {
        Ok(())
    } else {
        Err(ProofError::RootMismatch)
    }
}

/// Shifts `a` and `b` right together while `a`'s lowest bit is set.
fn shift_while_even_bit(a: &mut u64, b: &mut u64) {
    while *a & 1 == 1 {
        *a >>= 1;
        *b >>= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves(n: usize) -> Vec<Hash> {
        (0..n).map(|i| leaf_hash(&(i as u64).to_le_bytes())).collect()
    }

    #[test]
    fn every_proof_of_small_trees_verifies_and_every_altered_one_fails() {
        for n in 1..=40usize {
            let all = leaves(n);
            let top = root(&all);
            for i in 0..n {
                let path = inclusion_path(i, &all).unwrap();
                verify_inclusion(i as u64, n as u64, &all[i], &path, &top).unwrap();
                for j in 0..path.len() {
                    let mut bad = path.clone();
                    bad[j][0] ^= 1;
                    assert!(verify_inclusion(i as u64, n as u64, &all[i], &bad, &top).is_err());
                }
                if n > 1 {
                    assert!(verify_inclusion(((i + 1) % n) as u64, n as u64, &all[i], &path, &top).is_err());
                }
            }
            for m in 0..=n {
                let proof = consistency_proof(m, &all).unwrap();
                let old = root(&all[..m]);
                verify_consistency(m as u64, n as u64, &old, &top, &proof).unwrap();
                for j in 0..proof.len() {
                    let mut bad = proof.clone();
                    bad[j][31] ^= 0x80;
                    assert!(verify_consistency(m as u64, n as u64, &old, &top, &bad).is_err());
                }
                if m > 0 && m < n {
                    let other = root(&leaves(m + 1)[1..]);
                    assert!(verify_consistency(m as u64, n as u64, &other, &top, &proof).is_err());
                }
            }
        }
    }
}
