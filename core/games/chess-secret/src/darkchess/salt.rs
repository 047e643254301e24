//! Salts that keep a hidden move from being found by hashing guesses: the game's key (a chance
//! entry, `key HEX` or `key ?`), each move's salt made from it, and their text. Without them a
//! seat could hash each of the other side's few possible moves and compare with the chain hash
//! that every view is given. It never draws randomness itself.

use kifu_core::chance::ChanceRng;
use kifu_core::record::{hex, Actor};
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
pub fn read(text: &str) -> Result<Salt, RuleError> {
    match hex::decode(text).and_then(|bytes| Salt::try_from(bytes).ok()) {
        Some(salt) => Ok(salt),
        None => refuse!("'{text}' is not a salt or key: write 32 lower-case hex digits"),
    }
}

pub fn hex(salt: &Salt) -> String {
    hex::encode(salt)
}

/// Splits `e4 salt=HEX` into the move's text and its salt.
pub fn split(text: &str) -> Result<(&str, Option<Salt>), RuleError> {
    match text.split_once(" salt=") {
        Some((typed, salt)) => Ok((typed.trim(), Some(read(salt.trim())?))),
        None => Ok((text, None)),
    }
}

/// Reads chance's entry: `key HEX`, or `key ?` for none.
pub fn read_key_entry(text: &str) -> Result<Option<Salt>, RuleError> {
    match text.strip_prefix("key ").map(str::trim) {
        Some("?") => Ok(None),
        Some(hex) => read(hex).map(Some),
        None => refuse!("'{text}': chance enters only the game's key (key HEX, or key ?)"),
    }
}

/// Takes the key into a game's state (`keyed`, `key`): chance's, once, first.
pub fn take_key(
    keyed: &mut bool,
    key: &mut Option<Salt>,
    actor: Actor,
    entered: Option<Salt>,
) -> Result<(), RuleError> {
    if actor != Actor::Chance || *keyed {
        refuse!("the key is chance's, and comes once, first");
    }
    *keyed = true;
    *key = entered;
    Ok(())
}

/// Refuses a player's entry before the key.
pub fn key_first(keyed: bool) -> Result<(), RuleError> {
    if !keyed {
        refuse!("the game's key comes first (chance: key HEX, or key ?)");
    }
    Ok(())
}

/// A key drawn by chance: 16 bytes, each `below(256)`.
pub fn draw_key(rng: &mut ChanceRng) -> Salt {
    let mut key = [0u8; 16];
    for byte in &mut key {
        *byte = rng.below(256) as u8;
    }
    key
}
