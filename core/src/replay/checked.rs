//! A record the kernel has replayed, with the canonical lines and chain hashes its replay
//! wrote: what a store may keep without replaying it again. Only the kernel makes one.

use super::{missing_reveal, Failure, Kept, Replay};
use crate::record::{EntryLines, Hash, Record};
use crate::registry::Registry;
use crate::rules::Turn;

/// A record replayed through its rules by this kernel, with what the replay ended on: what a
/// store may keep without replaying it again. Only the kernel makes one, so the canonical
/// lines and chain hashes it carries are the ones its replay wrote and hashed.
#[derive(Debug, Clone)]
pub struct Checked {
    record: Record,
    turn: Turn,
    /// The header's canonical text.
    header_text: String,
    /// Each entry's canonical line.
    lines: EntryLines,
    /// The chain hash of the header (`chain[0]`) and after each entry (`chain[n]`).
    chain: Vec<Hash>,
}

impl Checked {
    /// Replays a whole record through its rules; a seeded record's draws are checked when its
    /// seed is revealed in it.
    pub fn new(games: &Registry, record: Record) -> Result<Checked, Failure> {
        let mut replay = Replay::start(games, &record.header)?;
        replay.keep_lines(record.entries.len());
        replay.use_revealed_seed(&record)?;
        for entry in &record.entries {
            replay.check(entry)?;
        }
        if replay.owes_reveal() {
            return Err(missing_reveal(&replay));
        }
        let Kept { lines, heads } = replay.take_kept();
        let header_text = record.header.canonical_text();
        Ok(Checked::from_replay(record, &replay, header_text, lines, heads))
    }

    /// A record whose every entry `replay` has just made or checked, in order, with its
    /// header's text, the entries' canonical lines and the chain hashes over them.
    pub(crate) fn from_replay(
        record: Record,
        replay: &Replay,
        header_text: String,
        lines: EntryLines,
        chain: Vec<Hash>,
    ) -> Checked {
        debug_assert_eq!(lines.len(), record.entries.len());
        debug_assert_eq!(chain.len(), record.entries.len() + 1);
        Checked {
            record,
            turn: replay.turn(),
            header_text,
            lines,
            chain,
        }
    }

    pub fn record(&self) -> &Record {
        &self.record
    }
    /// The header's canonical text (what the chain starts from).
    pub fn header_text(&self) -> &str {
        &self.header_text
    }
    /// Each entry's canonical line, as the replay wrote it.
    pub fn lines(&self) -> &EntryLines {
        &self.lines
    }
    /// The chain hash of the header (`chain()[0]`) and after each entry (`chain()[n]` after
    /// entry n), as the replay computed them.
    pub fn chain(&self) -> &[Hash] {
        &self.chain
    }
    pub fn into_record(self) -> Record {
        self.record
    }
    pub fn turn(&self) -> &Turn {
        &self.turn
    }
}
