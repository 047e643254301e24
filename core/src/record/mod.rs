//! The record model: a header and append-only entries, each with exactly one canonical text
//! line, and the blake3 chain over those lines. Knows no game and does no I/O.

mod actor;
mod chain;
mod entry;
mod header;
pub mod hex;
pub mod note;
pub mod text;

pub use actor::Actor;
pub use chain::{chain_step, header_hash, Hash};
pub use entry::{check_command as check_command_text, Entry, EntryError};
pub use header::{ChanceMode, Header, HeaderError};

/// A whole record: what the store keeps and the kifu text format carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub header: Header,
    pub entries: Vec<Entry>,
}

impl Record {
    pub fn new(header: Header) -> Self {
        Record {
            header,
            entries: Vec::new(),
        }
    }

    /// The chain hash after every entry: `hashes[0]` is the header's, `hashes[n]` entry n's.
    pub fn hashes(&self) -> Vec<Hash> {
        let mut hashes = Vec::with_capacity(self.entries.len() + 1);
        let mut head = header_hash(&self.header.canonical_text());
        hashes.push(head);
        for entry in &self.entries {
            head = chain_step(&head, &entry.canonical_line());
            hashes.push(head);
        }
        hashes
    }

    /// The head: sequence number of the last entry (0 for none) and its chain hash.
    pub fn head(&self) -> (u64, Hash) {
        let hashes = self.hashes();
        (self.entries.len() as u64, hashes[hashes.len() - 1])
    }

    /// The record id: the first 12 hex digits of the header hash.
    pub fn id(&self) -> String {
        self.header.id()
    }
}
