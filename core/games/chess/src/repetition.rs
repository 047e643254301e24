//! What a game keeps for repetitions: the positions since the last irreversible move, in the
//! form each rules version stores and hashes. Version 1 keeps their EPD text (hashed whole, so
//! a move's state hash grew with the game); version 2 keeps a 16-byte key per position,
//! counts by key, and a running hash over the keys, so a move costs the same at any length.
//! It never decides a game end itself: the rules read `occurrences`.

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::fen::{shown_ep, to_epd, to_epd_showing};
use super::piece::PROMOTED_BIT;
use super::position::Position;

/// The positions since the last irreversible move, as a rules version keeps them.
pub trait RepetitionLog: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The log of a game that starts in `pos`.
    fn start(pos: &Position) -> Self;
    /// Adds the position reached, whose FEN shows `ep` as its en passant square (see
    /// `fen::shown_ep`); an irreversible move forgets the earlier ones first.
    fn record(&mut self, pos: &Position, ep: Option<u8>, irreversible: bool);
    /// How many times the current position has occurred (at least 1).
    fn occurrences(&self) -> usize;
    /// What the state hash covers of the log.
    type Hashed: Serialize + ?Sized;
    fn hashed(&self) -> &Self::Hashed;
}

/// Rules version 1: each position's EPD, current last. Kept for the records made under it.
impl RepetitionLog for Vec<String> {
    fn start(pos: &Position) -> Self {
        vec![to_epd(pos)]
    }
    fn record(&mut self, pos: &Position, ep: Option<u8>, irreversible: bool) {
        if irreversible {
            self.clear();
        }
        self.push(to_epd_showing(pos, ep));
    }
    fn occurrences(&self) -> usize {
        let current = self.last();
        self.iter().filter(|k| Some(*k) == current).count()
    }
    /// Every EPD: the state hash grows with the positions since the last irreversible move.
    type Hashed = Vec<String>;
    fn hashed(&self) -> &Vec<String> {
        self
    }
}

/// A position's identity for repetition: 16 bytes of blake3 over what its EPD says (the
/// pieces, pockets, side to move, castling rooks, a capturable en passant square, checks).
pub type Key = [u8; 16];

/// The bytes that make up a position's EPD, without writing it: two positions have the same
/// EPD exactly when they have the same bytes here.
pub fn key(pos: &Position) -> Key {
    key_showing(pos, shown_ep(pos, None))
}

/// As [`key`], with the en passant square the EPD shows already worked out.
pub fn key_showing(pos: &Position, ep: Option<u8>) -> Key {
    let geo = pos.geo;
    let mut bytes = [0u8; 256 + 32 + 64];
    let mut n = 0;
    let promoted_shown = if pos.variant.drops() { 0xff } else { !PROMOTED_BIT };
    for &code in &pos.board[..geo.squares()] {
        bytes[n] = code & promoted_shown;
        n += 1;
    }
    if pos.variant.drops() {
        for count in pos.pockets.iter().flatten() {
            bytes[n] = *count;
            n += 1;
        }
    }
    for value in [
        Some(pos.turn.index() as u8),
        pos.castles[0][0],
        pos.castles[0][1],
        pos.castles[1][0],
        pos.castles[1][1],
        ep,
    ] {
        bytes[n] = value.map_or(0, |v| v.wrapping_add(1));
        n += 1;
    }
    if pos.variant.checks_to_win().is_some() {
        bytes[n] = pos.checks[0];
        bytes[n + 1] = pos.checks[1];
        n += 2;
    }
    if pos.variant == super::variant::Variant::Plender {
        bytes[n..n + 64].copy_from_slice(&pos.vests);
        n += 64;
    }
    if pos.variant == super::variant::Variant::Hostage {
        for count in pos.prisons.iter().flatten() {
            bytes[n] = *count;
            n += 1;
        }
    }
    if pos.variant == super::variant::Variant::Stratomic {
        bytes[n] = u8::from(pos.nuclear_armed);
        n += 1;
    }
    if let Some(portholes) = pos.portholes.as_deref() {
        bytes[n..n + 64].copy_from_slice(portholes);
        n += 64;
    }
    let hash = blake3::hash(&bytes[..n]);
    let mut out = [0u8; 16];
    out.copy_from_slice(&hash.as_bytes()[..16]);
    out
}

/// Rules version 2: the keys since the last irreversible move and a running hash over them.
/// The state hash covers `digest` alone, so it costs the same at any length; the keys are
/// in the snapshot, so a game resumed from one still sees every repetition.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "StoredRepetitions")]
pub struct Repetitions {
    /// Each position's key since the last irreversible move, current last.
    keys: Vec<Key>,
    /// blake3 chained over `keys` from zero: `digest = blake3(digest ‖ key)` per position.
    pub digest: [u8; 32],
    /// How often each key occurs in `keys`. Derived: not serialized, rebuilt on reading.
    #[serde(skip)]
    counts: BTreeMap<Key, u32>,
}

/// The serialized form of [`Repetitions`], checked on reading.
#[derive(Deserialize)]
struct StoredRepetitions {
    keys: Vec<Key>,
    digest: [u8; 32],
}

impl TryFrom<StoredRepetitions> for Repetitions {
    type Error = String;
    fn try_from(stored: StoredRepetitions) -> Result<Self, String> {
        let mut log = Repetitions {
            keys: Vec::with_capacity(stored.keys.len()),
            digest: [0; 32],
            counts: BTreeMap::new(),
        };
        for k in stored.keys {
            log.push(k);
        }
        if log.digest != stored.digest {
            return Err("the repetition keys do not match their digest".to_string());
        }
        Ok(log)
    }
}

impl Repetitions {
    fn push(&mut self, key: Key) {
        let mut hasher = blake3::Hasher::new();
        hasher.update(&self.digest);
        hasher.update(&key);
        self.digest = *hasher.finalize().as_bytes();
        *self.counts.entry(key).or_insert(0) += 1;
        self.keys.push(key);
    }
}

impl PartialEq for Repetitions {
    fn eq(&self, other: &Repetitions) -> bool {
        self.digest == other.digest && self.keys == other.keys
    }
}

impl Eq for Repetitions {}

impl RepetitionLog for Repetitions {
    fn start(pos: &Position) -> Self {
        let mut log = Repetitions {
            keys: Vec::new(),
            digest: [0; 32],
            counts: BTreeMap::new(),
        };
        log.push(key(pos));
        log
    }
    fn record(&mut self, pos: &Position, ep: Option<u8>, irreversible: bool) {
        if irreversible {
            self.keys.clear();
            self.counts.clear();
            self.digest = [0; 32];
        }
        self.push(key_showing(pos, ep));
    }
    fn occurrences(&self) -> usize {
        self.keys
            .last()
            .and_then(|k| self.counts.get(k))
            .map_or(0, |&n| n as usize)
    }
    /// The running hash, which commits to every key since the last irreversible move.
    type Hashed = [u8; 32];
    fn hashed(&self) -> &[u8; 32] {
        &self.digest
    }
}
