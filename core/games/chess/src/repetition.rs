//! What each chess rules version keeps for repetitions (the positions since the last
//! irreversible move) and what its state hash covers. Version 1 keeps their EPD text (hashed
//! whole, so a move's state hash grew with the game); version 2 keeps a 16-byte key per
//! position and hashes the FEN with a running hash over the keys; version 3 keeps the keys and
//! hashes the current key with the move counters, so the FEN is written only when asked for.
//! It never decides a game end itself: the rules read `occurrences`.

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};

use super::counters::{plain_counters, push_counters};
use super::fen::{shown_ep, to_epd, to_epd_showing};
use super::piece::PROMOTED_BIT;
use super::position::Position;
use super::rules::ChessState;
use super::variant::Variant;

/// One chess rules version's part of the state: the positions since the last irreversible
/// move as it keeps them, and the bytes its state hash covers.
pub trait RulesVersion: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Whether the state's FEN is written after every move (versions 1 and 2 hash it) or only
    /// when the state is stored or shown (version 3).
    const WRITES_FEN: bool;
    /// The log of a game that starts in `pos`.
    fn start(pos: &Position) -> Self;
    /// Adds the position reached, whose FEN shows `ep` as its en passant square (see
    /// `fen::shown_ep`); an irreversible move forgets the earlier ones first.
    fn record(&mut self, pos: &Position, ep: Option<u8>, irreversible: bool);
    /// How many times the current position has occurred (at least 1).
    fn occurrences(&self) -> usize;
    /// The bytes the state hash covers; `pos` is the state's position (`None` when its FEN does
    /// not read: versions 1 and 2 hash the FEN as it stands, version 3 has nothing to hash).
    fn hashed_state(state: &ChessState<Self>, pos: Option<&Position>) -> Vec<u8>;
    /// Hands `hash` the bytes `hashed_state` gives (see `Rules::with_hashed_state`).
    fn with_hashed_state<T>(state: &ChessState<Self>, pos: Option<&Position>, hash: impl FnOnce(&[u8]) -> T) -> T {
        hash(&Self::hashed_state(state, pos))
    }
}

/// Versions 1 and 2: the FEN, what the log commits to, the draw offer and the result, as
/// `bincode::serde::encode_to_vec` writes them, into a buffer sized once.
fn fen_hashed<H: RulesVersion, T: Serialize + ?Sized>(state: &ChessState<H>, log: &T) -> Vec<u8> {
    let fen = state.fen();
    let hashed = (&*fen, log, &state.draw_offer, &state.result);
    let mut out = Vec::with_capacity(fen.len() + 64);
    match bincode::serde::encode_into_std_write(hashed, &mut out, bincode::config::standard()) {
        Ok(_) => out,
        Err(_) => Vec::new(),
    }
}

/// Rules version 1: each position's EPD, current last. Kept for the records made under it.
impl RulesVersion for Vec<String> {
    const WRITES_FEN: bool = true;
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
    fn hashed_state(state: &ChessState<Self>, _pos: Option<&Position>) -> Vec<u8> {
        fen_hashed(state, &state.history)
    }
}

/// A position's identity for repetition: 16 bytes of blake3 over what its EPD says (the
/// pieces, pockets, side to move, castling rooks, a capturable en passant square, checks).
pub type Key = [u8; 16];

/// The key of a position: blake3 over the bytes that make up its EPD, without writing it (two
/// positions have the same EPD exactly when they have the same bytes).
pub fn key(pos: &Position) -> Key {
    key_showing(pos, shown_ep(pos, None))
}

/// As [`key`], with the en passant square the EPD shows already worked out.
pub fn key_showing(pos: &Position, ep: Option<u8>) -> Key {
    key_of(pos, ep, BoardBytes::EverySquare)
}

/// Rules version 3's key: as [`key_showing`] over the same facts, with the board written as a
/// bit a square (set where a piece stands) and the codes of those squares in order, so that a standard board's
/// bytes fit one blake3 block (8 + at most 32 + 6), where a byte a square took two.
pub fn packed_key_showing(pos: &Position, ep: Option<u8>) -> Key {
    key_of(pos, ep, BoardBytes::Packed)
}

/// How a key writes the board.
#[derive(Clone, Copy)]
enum BoardBytes {
    /// Every square's code, empty ones as 0 (versions 1 and 2).
    EverySquare,
    /// A bit a square, set where a piece stands, then the codes of those squares (version 3).
    /// The bits come from `Position::occupied`; the test `repetition_keys_are_equal_exactly_
    /// when_the_epds_are` checks them against the EPD.
    Packed,
}

fn key_of(pos: &Position, ep: Option<u8>, board: BoardBytes) -> Key {
    if matches!(board, BoardBytes::Packed)
        && matches!(pos.variant, Variant::Standard | Variant::Chess960)
        && pos.geo.squares() == 64
    {
        return packed_key_of_8x8(pos, ep);
    }
    key_of_any(pos, ep, board)
}

/// [`key_of`] for any board and variant.
fn key_of_any(pos: &Position, ep: Option<u8>, board: BoardBytes) -> Key {
    let geo = pos.geo;
    let mut bytes = [0u8; 32 + 256 + 12 + 6 + 2 + 64 + 12 + 1 + 64];
    let mut n = 0;
    let promoted_shown = if pos.variant.drops() { 0xff } else { !PROMOTED_BIT };
    let squares = &pos.board[..geo.squares()];
    match board {
        BoardBytes::EverySquare => {
            for &code in squares {
                bytes[n] = code & promoted_shown;
                n += 1;
            }
        }
        BoardBytes::Packed => {
            // The squares a piece stands on are the position's occupied sets (kept in step
            // with the board by `Position::put`), read a word at a time.
            let mask_len = squares.len().div_ceil(8);
            n = mask_len;
            for (w, (white, black)) in pos.occupied[0].iter().zip(&pos.occupied[1]).enumerate() {
                let mut word = white | black;
                if word == 0 {
                    continue;
                }
                let first = w * 8;
                let take = mask_len.saturating_sub(first).min(8);
                bytes[first..first + take].copy_from_slice(&word.to_le_bytes()[..take]);
                while word != 0 {
                    let sq = w * 64 + word.trailing_zeros() as usize;
                    bytes[n] = pos.board[sq] & promoted_shown;
                    n += 1;
                    word &= word - 1;
                }
            }
        }
    }
    if pos.variant.drops() {
        for count in pos.pockets.iter().flatten() {
            bytes[n] = *count;
            n += 1;
        }
    }
    n += write_turn_castles_ep(pos, ep, &mut bytes[n..]);
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
    key_of_bytes(&bytes[..n])
}

/// Writes the side to move, the four castling rooks and the en passant square into `out`, a
/// byte each (0 for none, else the value plus one): the same six bytes in every key. Returns 6.
fn write_turn_castles_ep(pos: &Position, ep: Option<u8>, out: &mut [u8]) -> usize {
    let values = [
        Some(pos.turn.index() as u8),
        pos.castles[0][0],
        pos.castles[0][1],
        pos.castles[1][0],
        pos.castles[1][1],
        ep,
    ];
    for (slot, value) in out.iter_mut().zip(values) {
        *slot = value.map_or(0, |v| v.wrapping_add(1));
    }
    values.len()
}

/// A key: the first 16 bytes of blake3 over a position's key bytes.
fn key_of_bytes(bytes: &[u8]) -> Key {
    let mut out = [0u8; 16];
    out.copy_from_slice(&blake3::hash(bytes).as_bytes()[..16]);
    out
}

/// [`key_of`]'s packed bytes for standard chess and Chess960 on a board of 64 squares, which
/// have no pockets, checks or other fields of their own: the 8 bytes of the occupied squares'
/// bits, their codes, then the side to move, castling rooks and en passant square, written
/// into a buffer of that size alone (the general one is some 450 bytes, zeroed every move).
fn packed_key_of_8x8(pos: &Position, ep: Option<u8>) -> Key {
    let mut bytes = [0u8; 8 + 64 + 6];
    let occupied = pos.occupied[0][0] | pos.occupied[1][0];
    bytes[..8].copy_from_slice(&occupied.to_le_bytes());
    let mut n = 8;
    let mut word = occupied;
    for slot in &mut bytes[8..72] {
        if word == 0 {
            break;
        }
        *slot = pos.board[word.trailing_zeros() as usize] & !PROMOTED_BIT;
        n += 1;
        word &= word - 1;
    }
    n += write_turn_castles_ep(pos, ep, &mut bytes[n..]);
    key_of_bytes(&bytes[..n])
}

/// The keys of the positions since the last irreversible move, current last, and how often
/// the current one occurs (derived from the keys, so never stored). Up to [`SCANNED`] keys
/// the count is found by comparing the new key with each earlier one (cheaper than keeping a
/// map for the few positions most runs have); past that, from a map of every key's count,
/// made then, so that a long run costs O(log n) a move.
#[derive(Debug, Clone, Default)]
struct KeyCounts {
    keys: Vec<Key>,
    /// Empty until there are more than [`SCANNED`] keys.
    counts: BTreeMap<Key, u32>,
    current: u32,
}

/// How many keys are compared one by one before a map is kept.
const SCANNED: usize = 32;

impl KeyCounts {
    fn of(keys: Vec<Key>) -> KeyCounts {
        let mut log = KeyCounts::default();
        for key in keys {
            log.push(key);
        }
        log
    }
    fn push(&mut self, key: Key) {
        self.keys.push(key);
        if self.keys.len() <= SCANNED {
            self.current = self.keys.iter().filter(|k| **k == key).count() as u32;
            return;
        }
        if self.counts.is_empty() {
            for earlier in &self.keys[..self.keys.len() - 1] {
                *self.counts.entry(*earlier).or_insert(0) += 1;
            }
        }
        let count = self.counts.entry(key).or_insert(0);
        *count += 1;
        self.current = *count;
    }
    fn clear(&mut self) {
        self.keys.clear();
        self.counts.clear();
        self.current = 0;
    }
    fn occurrences(&self) -> usize {
        self.current as usize
    }
}

/// Rules version 2: the keys since the last irreversible move and a running hash over them.
/// The state hash covers the FEN and `digest`, so it costs the same at any length; the keys
/// are in the snapshot, so a game resumed from one still sees every repetition. Kept for the
/// records made under it.
#[derive(Debug, Clone)]
pub struct Repetitions {
    log: KeyCounts,
    /// blake3 chained over the keys from zero: `digest = blake3(digest ‖ key)` per position.
    pub digest: [u8; 32],
}

/// The stored form of [`Repetitions`] (and of [`RepetitionKeys`] without `digest`), checked
/// on reading.
#[derive(Deserialize)]
struct StoredRepetitions {
    keys: Vec<Key>,
    digest: [u8; 32],
}

impl Serialize for Repetitions {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Repetitions", 2)?;
        out.serialize_field("keys", &self.log.keys)?;
        out.serialize_field("digest", &self.digest)?;
        out.end()
    }
}

impl<'de> Deserialize<'de> for Repetitions {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let stored = StoredRepetitions::deserialize(deserializer)?;
        let mut log = Repetitions {
            log: KeyCounts::default(),
            digest: [0; 32],
        };
        for key in stored.keys {
            log.push(key);
        }
        if log.digest != stored.digest {
            return Err(serde::de::Error::custom(
                "the repetition keys do not match their digest",
            ));
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
        self.log.push(key);
    }
}

impl PartialEq for Repetitions {
    fn eq(&self, other: &Repetitions) -> bool {
        self.digest == other.digest && self.log.keys == other.log.keys
    }
}

impl Eq for Repetitions {}

impl RulesVersion for Repetitions {
    const WRITES_FEN: bool = true;
    fn start(pos: &Position) -> Self {
        let mut log = Repetitions {
            log: KeyCounts::default(),
            digest: [0; 32],
        };
        log.push(key(pos));
        log
    }
    fn record(&mut self, pos: &Position, ep: Option<u8>, irreversible: bool) {
        if irreversible {
            self.log.clear();
            self.digest = [0; 32];
        }
        self.push(key_showing(pos, ep));
    }
    fn occurrences(&self) -> usize {
        self.log.occurrences()
    }
    /// The FEN and the running hash, which commits to every key since the last irreversible
    /// move.
    fn hashed_state(state: &ChessState<Self>, _pos: Option<&Position>) -> Vec<u8> {
        fen_hashed(state, &state.history.digest)
    }
}

/// Rules version 3: the keys since the last irreversible move ([`packed_key_showing`]),
/// current last. The state hash
/// covers the current key (what the position's EPD says), the move counters, the draw offer
/// and the result: one blake3 block, and no FEN written for it. The earlier keys are in the
/// snapshot but not under the hash: they follow from the moves, which the chain covers, and
/// any position a replay reaches differently shows in that entry's own state hash.
#[derive(Debug, Clone)]
pub struct RepetitionKeys {
    log: KeyCounts,
}

impl Serialize for RepetitionKeys {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("RepetitionKeys", 1)?;
        out.serialize_field("keys", &self.log.keys)?;
        out.end()
    }
}

/// The stored form of [`RepetitionKeys`].
#[derive(Deserialize)]
struct StoredKeys {
    keys: Vec<Key>,
}

impl<'de> Deserialize<'de> for RepetitionKeys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let stored = StoredKeys::deserialize(deserializer)?;
        if stored.keys.is_empty() {
            return Err(serde::de::Error::custom(
                "the repetition keys are missing the current position's",
            ));
        }
        Ok(RepetitionKeys {
            log: KeyCounts::of(stored.keys),
        })
    }
}

impl PartialEq for RepetitionKeys {
    fn eq(&self, other: &RepetitionKeys) -> bool {
        self.log.keys == other.log.keys
    }
}

impl Eq for RepetitionKeys {}

impl RulesVersion for RepetitionKeys {
    const WRITES_FEN: bool = false;
    fn start(pos: &Position) -> Self {
        RepetitionKeys {
            log: KeyCounts::of(vec![packed_key_showing(pos, shown_ep(pos, None))]),
        }
    }
    fn record(&mut self, pos: &Position, ep: Option<u8>, irreversible: bool) {
        if irreversible {
            self.log.clear();
        }
        self.log.push(packed_key_showing(pos, ep));
    }
    fn occurrences(&self) -> usize {
        self.log.occurrences()
    }
    /// The current key, then `(halfmove, fullmove, draw offer, result)` as bincode (standard
    /// configuration) writes them: what the FEN says, in fewer bytes.
    fn hashed_state(state: &ChessState<Self>, pos: Option<&Position>) -> Vec<u8> {
        let Some(pos) = pos else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(48);
        out.extend_from_slice(state.history.log.keys.last().map_or(&[0; 16], |k| k));
        match push_counters(&mut out, pos.halfmove, pos.fullmove, state.draw_offer, &state.result) {
            Ok(()) => out,
            Err(_) => Vec::new(),
        }
    }
    /// While the counters are written plainly (`plain_counters`), the same bytes on the stack.
    fn with_hashed_state<T>(state: &ChessState<Self>, pos: Option<&Position>, hash: impl FnOnce(&[u8]) -> T) -> T {
        let plain = pos.and_then(|pos| plain_counters(pos.halfmove, pos.fullmove, state.draw_offer, &state.result));
        let Some((counters, len)) = plain else {
            return hash(&Self::hashed_state(state, pos));
        };
        let mut bytes = [0u8; 16 + 5];
        bytes[..16].copy_from_slice(state.history.log.keys.last().map_or(&[0; 16], |k| k));
        bytes[16..16 + len].copy_from_slice(&counters[..len]);
        hash(&bytes[..16 + len])
    }
}

#[cfg(test)]
mod tests {
    use super::{key_of_any, packed_key_of_8x8, BoardBytes, Key, KeyCounts, SCANNED};

    use crate::fen::{parse_fen, shown_ep};
    use crate::movegen::legal_moves;
    use crate::variant::Variant;

    /// The 8x8 key of standard chess and Chess960 is the general packed key, byte for byte
    /// (hence the same hash), along seeded walks with captures, promotions, castling and en
    /// passant squares shown, and on Chess960 starts.
    #[test]
    fn the_8x8_key_is_the_general_packed_key() {
        let starts = [
            (Variant::Standard, Variant::Standard.start_fen().to_string()),
            (
                Variant::Standard,
                "r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPpP/R3K2R w KQkq - 0 1".into(),
            ),
            (
                Variant::Chess960,
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9".into(),
            ),
            (
                Variant::Chess960,
                "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9".into(),
            ),
        ];
        let mut seed = 11u64;
        let mut compared = 0;
        for (variant, fen) in starts {
            for _game in 0..20 {
                let mut pos = parse_fen(variant, &fen).unwrap();
                for _ply in 0..120 {
                    let ep = shown_ep(&pos, None);
                    for shown in [ep, None] {
                        assert_eq!(
                            packed_key_of_8x8(&pos, shown),
                            key_of_any(&pos, shown, BoardBytes::Packed),
                            "{fen}"
                        );
                        compared += 1;
                    }
                    let moves = legal_moves(&pos);
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.play(&moves[seed as usize % moves.len()]);
                }
            }
        }
        assert!(compared > 5000);
    }

    /// The current key's count is every key's equal to it, below and past the map's threshold
    /// and after a clear.
    #[test]
    fn occurrences_count_the_current_key() {
        let mut log = KeyCounts::default();
        let mut plain: Vec<Key> = Vec::new();
        let mut seed = 7u64;
        for step in 0..(SCANNED * 6) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            if step == SCANNED * 3 {
                log.clear();
                plain.clear();
                assert_eq!(log.occurrences(), 0);
            }
            let key = [(seed % 5) as u8; 16];
            log.push(key);
            plain.push(key);
            let expected = plain.iter().filter(|k| **k == key).count();
            assert_eq!(log.occurrences(), expected, "step {step}");
            assert_eq!(KeyCounts::of(plain.clone()).occurrences(), expected, "step {step}");
        }
        assert!(log.occurrences() > SCANNED / 5);
    }
}
