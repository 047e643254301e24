//! The leaves of kifu's log: one for every position of every record's hash chain (its header
//! at seq 0, each entry at its seq), as docs/AUDIT.md defines them. Pure: bytes in, hash out;
//! never changes the definition without a new prefix, or every published checkpoint breaks.

use sha2::{Digest, Sha256};

use crate::merkle::Hash;

/// What every leaf's data starts with.
pub const PREFIX: &str = "kifu-leaf";

/// The leaf's data: ASCII `kifu-leaf ID SEQ HASH`, single spaces, no newline; `ID` the
/// record id as the store names it (lower-case hex), `SEQ` in decimal without leading zeros
/// (0 for the header), `HASH` the chain hash at that seq in 64 lower-case hex digits.
pub fn data(id: &str, seq: u64, chain: &Hash) -> String {
    format!("{PREFIX} {id} {seq} {}", hex(chain))
}

/// The leaf's RFC 6962 hash, SHA-256(0x00 || data), without building the data first.
pub fn hash(id: &str, seq: u64, chain: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(PREFIX.as_bytes());
    h.update(b" ");
    h.update(id.as_bytes());
    h.update(b" ");
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = seq;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    h.update(&digits[at..]);
    h.update(b" ");
    let mut text = [0u8; 64];
    for (i, b) in chain.iter().enumerate() {
        text[2 * i] = HEX[(b >> 4) as usize];
        text[2 * i + 1] = HEX[(b & 15) as usize];
    }
    h.update(text);
    h.finalize().into()
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .flat_map(|b| [HEX[(b >> 4) as usize] as char, HEX[(b & 15) as usize] as char])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::merkle::leaf_hash;

    #[test]
    fn the_hash_is_that_of_the_data() {
        let chain = [0xab; 32];
        for seq in [0, 1, 9, 10, 12345, u64::MAX] {
            let text = data("00ff", seq, &chain);
            assert_eq!(hash("00ff", seq, &chain), leaf_hash(text.as_bytes()), "{text}");
        }
        assert_eq!(
            data("6d1f", 12, &[1; 32]),
            format!("kifu-leaf 6d1f 12 {}", "01".repeat(32))
        );
    }
}
