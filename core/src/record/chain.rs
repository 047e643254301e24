//! The hash chain: `h0 = blake3(header text)`, `h_n = blake3(h_{n-1} || line_n)`, where the
//! header text is its canonical lines each ended by `\n` and `line_n` is entry n's canonical
//! line without a newline, as UTF-8.

pub type Hash = [u8; 32];

pub fn header_hash(header_text: &str) -> Hash {
    *blake3::hash(header_text.as_bytes()).as_bytes()
}

pub fn chain_step(previous: &Hash, line: &str) -> Hash {
    let mut hasher = blake3::Hasher::new();
    hasher.update(previous);
    hasher.update(line.as_bytes());
    *hasher.finalize().as_bytes()
}
