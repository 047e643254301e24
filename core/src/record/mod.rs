//! The record model: a header and append-only entries, each with exactly one canonical text
//! line, and the blake3 chain over those lines. Knows no game and does no I/O.

mod actor;
mod chain;
mod entry;
mod header;
pub mod hex;
mod lines;
pub mod note;
pub mod text;

pub use actor::Actor;
pub use chain::{chain_step, header_hash, Hash};
pub use entry::{check_command as check_command_text, push_decimal, Entry, EntryError};
pub use header::{ChanceMode, Header, HeaderError};
pub use lines::EntryLines;

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

    /// The record id: the header's `id` field in hex (the header hash's first 12 hex digits
    /// for a format-1 record).
    pub fn id(&self) -> String {
        self.header.id()
    }

    /// An id derived from the whole content: the header without its id, and every entry's
    /// canonical line. The same game imported twice gets the same id; two games that differ in
    /// any header field or any entry get different ones (barring a 128-bit blake3 collision).
    pub fn content_id(&self) -> [u8; 16] {
        let mut header = self.header.clone();
        header.id = None;
        content_id_of(&header.canonical_text(), &EntryLines::of(&self.entries))
    }
}

/// `Record::content_id` of a record whose header, without its id, has the canonical text
/// `header_text` and whose entries have the canonical `lines`.
pub fn content_id_of(header_text: &str, lines: &EntryLines) -> [u8; 16] {
    let mut hasher = blake3::Hasher::new_derive_key("kifu 2 record id from content");
    hasher.update(header_text.as_bytes());
    hasher.update(lines.text().as_bytes());
    let mut id = [0; 16];
    id.copy_from_slice(&hasher.finalize().as_bytes()[..16]);
    id
}
