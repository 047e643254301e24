//! Seeded chance: outcomes drawn from a blake3 keyed XOF of the record's secret seed, one
//! independent stream per entry, with the unbiased sampling written out here so the stream
//! never changes under us. It must never read any other source of randomness.

/// The context string that turns a seed into the XOF key (blake3 `derive_key`).
pub const KEY_CONTEXT: &str = "kifu 1 chance key";

/// The public commitment to a seed: `blake3(seed)`.
pub fn commitment(seed: &[u8]) -> [u8; 32] {
    *blake3::hash(seed).as_bytes()
}

/// The random stream for the entry with sequence number `seq`.
///
/// `key = blake3::derive_key(KEY_CONTEXT, seed)`; the stream is the keyed XOF of the eight
/// little-endian bytes of `seq`. Numbers are read as little-endian `u64`s.
pub struct ChanceRng {
    reader: blake3::OutputReader,
}

impl ChanceRng {
    pub fn for_entry(seed: &[u8], seq: u64) -> Self {
        let key = blake3::derive_key(KEY_CONTEXT, seed);
        let mut hasher = blake3::Hasher::new_keyed(&key);
        hasher.update(&seq.to_le_bytes());
        ChanceRng {
            reader: hasher.finalize_xof(),
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut bytes = [0u8; 8];
        self.reader.fill(&mut bytes);
        u64::from_le_bytes(bytes)
    }

    /// A uniform number in `0..n` by rejection: values at or above the largest multiple of
    /// `n` that fits in a `u64` are drawn again. `n == 0` gives 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let limit = (u64::MAX / n) * n;
        loop {
            let x = self.next_u64();
            if x < limit {
                return x % n;
            }
        }
    }

    /// An index into `weights`, each chosen with probability weight / total.
    /// All-zero or empty weights give 0.
    pub fn weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        let mut pick = self.below(total);
        for (index, weight) in weights.iter().enumerate() {
            if pick < *weight {
                return index;
            }
            pick -= weight;
        }
        0
    }

    /// Fisher-Yates from the back: for i = len-1 down to 1, swap i with `below(i + 1)`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_differ_per_entry_and_repeat_per_seed() {
        let a1: Vec<u64> = (0..4)
            .map(|_| 0)
            .scan(ChanceRng::for_entry(b"seed", 1), |r, _| Some(r.next_u64()))
            .collect();
        let a2: Vec<u64> = (0..4)
            .map(|_| 0)
            .scan(ChanceRng::for_entry(b"seed", 1), |r, _| Some(r.next_u64()))
            .collect();
        let b: Vec<u64> = (0..4)
            .map(|_| 0)
            .scan(ChanceRng::for_entry(b"seed", 2), |r, _| Some(r.next_u64()))
            .collect();
        assert_eq!(a1, a2);
        assert_ne!(a1, b);
    }

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut rng = ChanceRng::for_entry(b"uniform", 7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "counts {counts:?}");
        }
    }

    #[test]
    fn weighted_follows_weights() {
        let mut rng = ChanceRng::for_entry(b"weights", 1);
        let mut counts = [0u32; 3];
        for _ in 0..40_000 {
            counts[rng.weighted(&[1, 0, 3])] += 1;
        }
        assert_eq!(counts[1], 0);
        assert!((9_000..11_000).contains(&counts[0]), "{counts:?}");
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = ChanceRng::for_entry(b"deck", 3);
        let mut deck: Vec<u32> = (0..96).collect();
        rng.shuffle(&mut deck);
        let mut sorted = deck.clone();
        sorted.sort();
        assert_eq!(sorted, (0..96).collect::<Vec<_>>());
        assert_ne!(deck, sorted);
    }

    #[test]
    fn commitment_is_plain_blake3() {
        assert_eq!(
            hex(&commitment(b"")),
            "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"
        );
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }
}
