//! Salts that keep a hidden move from being found by hashing guesses: the game's key (a chance
//! entry, `key HEX` or `key ?`), each move's salt made from it, and their text. Without them a
//! seat could hash each of the other side's few possible moves and compare with the chain hash
//! that every view is given. It never draws randomness itself.

use kifu_core::refuse;
use kifu_core::rules::RuleError;

pub type Salt = [u8; 16];

/// The salt of the move made as ply `ply` (0 for the first): the first 16 bytes of blake3
/// keyed by the key (padded to 32 bytes with zeros) over the ply as 4 little-endian bytes.
pub fn from_key(key: &Salt, ply: u32) -> Salt {
    let mut wide = [0u8; 32];
    wide[..16].copy_from_slice(key);
    let hash = blake3::keyed_hash(&wide, &ply.to_le_bytes());
    let mut salt = [0u8; 16];
    salt.copy_from_slice(&hash.as_bytes()[..16]);
    salt
}

/// Reads 32 lower-case hex digits.
pub fn read(hex: &str) -> Result<Salt, RuleError> {
    let digits = hex.as_bytes();
    if digits.len() != 32 || !digits.iter().all(|d| d.is_ascii_digit() || (b'a'..=b'f').contains(d)) {
        refuse!("'{hex}' is not a salt or key: write 32 lower-case hex digits");
    }
    let mut salt = [0u8; 16];
    for (byte, pair) in salt.iter_mut().zip(digits.chunks(2)) {
        *byte = std::str::from_utf8(pair)
            .ok()
            .and_then(|p| u8::from_str_radix(p, 16).ok())
            .unwrap_or(0);
    }
    Ok(salt)
}

pub fn hex(salt: &Salt) -> String {
    salt.iter().map(|b| format!("{b:02x}")).collect()
}

/// Splits `e4 salt=HEX` into the move's text and its salt.
pub fn split(text: &str) -> Result<(&str, Option<Salt>), RuleError> {
    match text.split_once(" salt=") {
        Some((typed, salt)) => Ok((typed.trim(), Some(read(salt.trim())?))),
        None => Ok((text, None)),
    }
}
