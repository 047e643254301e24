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

/// The leaf's RFC 6962 hash, SHA-256(0x00 || data), the data written into a buffer on the
/// stack (a record id of any length is hashed as the data says, only more slowly).
pub fn hash(id: &str, seq: u64, chain: &Hash) -> Hash {
    let mut buf = [0u8; 192];
    let fixed = 1 + PREFIX.len() + 1 + 1 + 20 + 1 + 64;
    if id.len() + fixed > buf.len() {
        return crate::merkle::leaf_hash(data(id, seq, chain).as_bytes());
    }
    let mut at = 0;
    let mut put = |bytes: &[u8]| {
        buf[at..at + bytes.len()].copy_from_slice(bytes);
        at += bytes.len();
    };
    put(&[0]);
    put(PREFIX.as_bytes());
    put(b" ");
    put(id.as_bytes());
    put(b" ");
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut n = seq;
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    put(&digits[start..]);
    put(b" ");
    let mut text = [0u8; 64];
    for (i, b) in chain.iter().enumerate() {
        text[2 * i] = HEX[(b >> 4) as usize];
        text[2 * i + 1] = HEX[(b & 15) as usize];
    }
    put(&text);
    Sha256::digest(&buf[..at]).into()
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
        let long = "ab".repeat(80);
        assert_eq!(hash(&long, 7, &chain), leaf_hash(data(&long, 7, &chain).as_bytes()));
        assert_eq!(
            data("6d1f", 12, &[1; 32]),
            format!("kifu-leaf 6d1f 12 {}", "01".repeat(32))
        );
    }
}
