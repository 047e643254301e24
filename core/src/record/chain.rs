//! The hash chain: `h0 = blake3(header text)`, `h_n = blake3(h_{n-1} || line_n)`, where the
//! header text is its canonical lines each ended by `\n` and `line_n` is entry n's canonical
//! line without a newline, as UTF-8.

pub type Hash = [u8; 32];

/// The longest line a chain step joins to the previous hash on the stack and hashes in one
/// call (an entry's line is most often far shorter); a longer one is fed to a hasher.
const JOINED_LINE: usize = 224;

pub fn header_hash(header_text: &str) -> Hash {
    *blake3::hash(header_text.as_bytes()).as_bytes()
}

pub fn chain_step(previous: &Hash, line: &str) -> Hash {
    let line = line.as_bytes();
    let mut joined = [0u8; 32 + JOINED_LINE];
    match joined.get_mut(32..32 + line.len()) {
        Some(room) => {
            room.copy_from_slice(line);
            joined[..32].copy_from_slice(previous);
            *blake3::hash(&joined[..32 + line.len()]).as_bytes()
        }
        None => {
            let mut hasher = blake3::Hasher::new();
            hasher.update(previous);
            hasher.update(line);
            *hasher.finalize().as_bytes()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step hashes the previous hash and the line as one input, whether joined on the stack
    /// or fed to a hasher: the same hash on both sides of the stack's length.
    #[test]
    fn a_step_hashes_the_previous_hash_then_the_line() {
        let previous: Hash = std::array::from_fn(|i| i as u8 * 7);
        let lengths = [
            0,
            1,
            40,
            JOINED_LINE - 1,
            JOINED_LINE,
            JOINED_LINE + 1,
            1000,
            1024,
            3000,
        ];
        for len in lengths {
            let line: String = (0..len).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
            let mut input = previous.to_vec();
            input.extend_from_slice(line.as_bytes());
            assert_eq!(chain_step(&previous, &line), *blake3::hash(&input).as_bytes(), "{len}");
        }
    }
}
