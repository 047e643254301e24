//! The kifu text format (docs/FORMAT.md): the header's canonical lines, a `header HASH` line,
//! then one line per entry: its canonical line, a space, and its chain hash in hex.

use super::{chain_step, header_hash, hex, Entry, Hash, Header, Record};

/// A problem reading a kifu text file, with its 1-based line number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct TextError {
    pub line: usize,
    pub reason: String,
}

/// A record as read from text, with the chain hashes the file claims and where each line was.
#[derive(Debug, Clone)]
pub struct TextRecord {
    pub record: Record,
    /// `claimed[0]` is the header's hash, `claimed[n]` entry n's.
    pub claimed: Vec<Hash>,
    /// The line number of the `header` line and of each entry line.
    pub lines: Vec<usize>,
}

/// The first place where the file's chain does not hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct ChainBreak {
    /// 0 for the header, else the entry's sequence number.
    pub seq: u64,
    pub line: usize,
    pub reason: String,
}

/// The kifu text of a record: its header lines, the header hash, one chained line an entry.
///
/// ```
/// use kifu_core::record::{text, ChanceMode, Header, Record};
///
/// let mut header = Header::new("senet", 1, vec!["?".into(), "?".into()], ChanceMode::Observed);
/// header.id = Some([7; 16]);
/// let record = Record::new(header);
/// let file = text::write(&record);
/// assert!(file.starts_with("kifu 2\nid 07070707070707070707070707070707\ngame senet\nrules 1\n"));
/// let back = text::read(&file).unwrap();
/// assert_eq!(back.record, record);
/// assert!(back.check_chain().is_ok());
/// ```
pub fn write(record: &Record) -> String {
    let mut out = record.header.canonical_text();
    let mut head = header_hash(&out);
    out.push_str(&format!("header {}\n", hex::encode(&head)));
    for entry in &record.entries {
        let line = entry.canonical_line();
        head = chain_step(&head, &line);
        out.push_str(&line);
        out.push(' ');
        out.push_str(&hex::encode(&head));
        out.push('\n');
    }
    out
}

/// Reads a kifu text file. A leading BOM and a CR before each LF are ignored.
pub fn read(text: &str) -> Result<TextRecord, TextError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let header_end = lines.iter().position(|l| l.starts_with("header ")).ok_or(TextError {
        line: lines.len().max(1),
        reason: "no 'header HASH' line: is this a kifu text file?".into(),
    })?;
    let header = Header::parse(&lines[..header_end]).map_err(|e| TextError {
        line: e.line,
        reason: e.reason,
    })?;
    let hash_of = |line: usize, text: &str| -> Result<Hash, TextError> {
        hex::decode32(text).ok_or(TextError {
            line,
            reason: format!("'{text}' is not a 64-digit hex hash"),
        })
    };
    let mut claimed = vec![hash_of(header_end + 1, &lines[header_end]["header ".len()..])?];
    let mut where_ = vec![header_end + 1];
    let mut entries = Vec::new();
    for (index, line) in lines.iter().enumerate().skip(header_end + 1) {
        let at = index + 1;
        if line.is_empty() {
            continue;
        }
        let (body, hash) = line.rsplit_once(' ').ok_or(TextError {
            line: at,
            reason: "an entry line ends with its chain hash".into(),
        })?;
        let entry = Entry::parse_line(body).map_err(|e| TextError {
            line: at,
            reason: e.reason,
        })?;
        let expected = entries.len() as u64 + 1;
        if entry.seq != expected {
            return Err(TextError {
                line: at,
                reason: format!("sequence number {} where {expected} was due", entry.seq),
            });
        }
        claimed.push(hash_of(at, hash)?);
        where_.push(at);
        entries.push(entry);
    }
    Ok(TextRecord {
        record: Record { header, entries },
        claimed,
        lines: where_,
    })
}

impl TextRecord {
    /// Recomputes the chain and names the first line whose hash does not match.
    pub fn check_chain(&self) -> Result<(), ChainBreak> {
        let mut head = header_hash(&self.record.header.canonical_text());
        if head != self.claimed[0] {
            return Err(ChainBreak {
                seq: 0,
                line: self.lines[0],
                reason: "the header does not match its hash: a header line was altered".into(),
            });
        }
        for (i, entry) in self.record.entries.iter().enumerate() {
            head = chain_step(&head, &entry.canonical_line());
            if head != self.claimed[i + 1] {
                return Err(ChainBreak {
                    seq: entry.seq,
                    line: self.lines[i + 1],
                    reason: format!(
                        "entry {} does not match its chain hash: this entry or its hash was altered",
                        entry.seq
                    ),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Actor, ChanceMode};

    fn record() -> Record {
        let mut header = Header::new("senet", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
        header.id = Some([1; 16]);
        let mut r = Record::new(header);
        for (i, cmd) in ["3", "move 10", "1"].iter().enumerate() {
            let actor = if i % 2 == 0 { Actor::Chance } else { Actor::Seat(0) };
            r.entries.push(Entry {
                seq: i as u64 + 1,
                actor,
                command: cmd.to_string(),
                time: None,
                state: None,
            });
        }
        r
    }

    #[test]
    fn write_then_read_is_identity() {
        let r = record();
        let text = write(&r);
        let back = read(&text).unwrap();
        assert_eq!(back.record, r);
        back.check_chain().unwrap();
        assert_eq!(back.claimed, r.hashes());
        assert_eq!(read(&text.replace('\n', "\r\n")).unwrap().record, r);
    }

    #[test]
    fn a_changed_byte_is_found_at_its_entry() {
        let text = write(&record()).replace("move 10", "move 11");
        let back = read(&text).unwrap();
        let brk = back.check_chain().unwrap_err();
        assert_eq!(brk.seq, 2);
        assert_eq!(brk.line, 10); // 7 header lines, the header hash, entries from line 9
    }

    #[test]
    fn the_chain_matches_a_by_hand_computation() {
        let r = record();
        let h0 = blake3::hash(r.header.canonical_text().as_bytes());
        let mut hasher = blake3::Hasher::new();
        hasher.update(h0.as_bytes());
        hasher.update(b"1 chance 3");
        assert_eq!(r.hashes()[1], *hasher.finalize().as_bytes());
    }
}
