//! The theme's salted commitment and the salt that keeps the fake's identity from being found
//! by trying each seat against a hash: hex text and blake3. It decides nothing about the game.

use kifu_core::rules::RuleError;

/// A salt is 16 random bytes, written as 32 hex digits.
pub type Salt = [u8; 16];
/// A commitment is 32 bytes of blake3, written as 64 hex digits after `#`.
pub type Commitment = [u8; 32];

/// `blake3(salt || word)`: the salt's 16 bytes, then the word's UTF-8 bytes (the word as the
/// notation keeps it: spaces collapsed to one). The salt has a fixed length, so no other
/// (salt, word) pair gives the same bytes.
pub fn commit(salt: &Salt, word: &str) -> Commitment {
    let mut hasher = blake3::Hasher::new();
    hasher.update(salt);
    hasher.update(word.as_bytes());
    *hasher.finalize().as_bytes()
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn bytes<const N: usize>(text: &str, what: &str) -> Result<[u8; N], RuleError> {
    let digits = text.as_bytes();
    if digits.len() != 2 * N || !digits.iter().all(u8::is_ascii_hexdigit) {
        kifu_core::refuse!("'{text}' is not a {what}: write {} hex digits", 2 * N);
    }
    let mut out = [0u8; N];
    for (i, pair) in digits.chunks(2).enumerate() {
        let pair = std::str::from_utf8(pair).unwrap_or("00");
        out[i] = u8::from_str_radix(pair, 16).unwrap_or(0);
    }
    Ok(out)
}

pub fn salt(text: &str) -> Result<Salt, RuleError> {
    bytes(text, "salt")
}

pub fn commitment(text: &str) -> Result<Commitment, RuleError> {
    bytes(text, "commitment")
}

/// Splits `WORDS salt=HEX` into the words and the salt, if a salt ends the text.
pub fn split_salt(text: &str) -> Result<(&str, Option<Salt>), RuleError> {
    match text.rsplit_once(char::is_whitespace) {
        Some((words, last)) if last.to_ascii_lowercase().starts_with("salt=") => {
            Ok((words.trim(), Some(salt(&last[5..])?)))
        }
        _ if text.to_ascii_lowercase().starts_with("salt=") => {
            kifu_core::refuse!("the word is missing before the salt")
        }
        _ => Ok((text, None)),
    }
}
