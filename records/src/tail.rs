//! The writer's memory of the records it appended to last: the game at each one's head and
//! its last block unpacked, so that the next append to it neither resumes a snapshot nor
//! unpacks a block. Never an authority: what is kept is used only when the record's head row,
//! read in the appending transaction, names the very head it was kept at (a chain hash, which
//! commits to every line before it); anything else is read from the store as before.

use std::collections::BTreeMap;
use std::sync::Mutex;

use kifu_core::record::Hash;
use kifu_core::replay::Replay;

use crate::blocks::Unpacked;

/// How many records' tails are kept; past it the one with the smallest id is forgotten.
const KEPT: usize = 64;

/// A record as its last append left it.
pub(crate) struct Tail {
    /// The head it was kept at: (seq of the last entry, chain hash after it).
    pub head: (u64, Hash),
    /// The game after that entry (its seed set, when the store keeps one).
    pub replay: Replay,
    /// The record's last block, unpacked.
    pub block: Unpacked,
    /// The seq of the last snapshot written for the record, when this writer knows it.
    pub snapshot_at: Option<u64>,
}

/// The tails a store keeps, by record id.
#[derive(Default)]
pub(crate) struct Tails(Mutex<BTreeMap<String, Tail>>);

impl Tails {
    /// The tail of record `id` if it was kept at exactly this head; it is taken out either
    /// way, so a refused append (which may leave its replay half-played) never leaves one.
    pub fn take(&self, id: &str, head: (u64, Hash)) -> Option<Tail> {
        let mut kept = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        kept.remove(id).filter(|tail| tail.head == head)
    }

    /// Keeps record `id`'s tail after an append wrote it.
    pub fn keep(&self, id: &str, tail: Tail) {
        let mut kept = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if kept.len() >= KEPT && !kept.contains_key(id) {
            kept.pop_first();
        }
        kept.insert(id.to_string(), tail);
    }
}
