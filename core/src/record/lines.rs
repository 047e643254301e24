//! The canonical lines of a record's entries, kept in one buffer as a replay wrote them, each
//! followed by `\n` (the text `Record::content_id` hashes). Holds text only; it never checks
//! that a line is canonical (whoever pushes it wrote it with `Entry::write_canonical_line`).

use super::Entry;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntryLines {
    /// Every line, each followed by `\n`.
    text: String,
    /// Where each line ends in `text` (at its `\n`).
    ends: Vec<usize>,
}

impl EntryLines {
    /// Room for `entries` lines of about chess's length.
    pub fn with_capacity(entries: usize) -> Self {
        EntryLines {
            text: String::with_capacity(entries * 40),
            ends: Vec::with_capacity(entries),
        }
    }

    /// The lines of `entries`, written here.
    pub fn of(entries: &[Entry]) -> Self {
        let mut lines = EntryLines::with_capacity(entries.len());
        for entry in entries {
            lines.push(entry);
        }
        lines
    }

    /// Writes `entry`'s canonical line after the others.
    pub fn push(&mut self, entry: &Entry) -> &str {
        let start = self.text.len();
        entry.write_canonical_line(&mut self.text);
        self.ends.push(self.text.len());
        self.text.push('\n');
        &self.text[start..self.text.len() - 1]
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Line `index` (0-based: entry `index + 1` of a whole record), without its `\n`.
    pub fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)?;
        let start = if index == 0 { 0 } else { self.ends[index - 1] + 1 };
        Some(&self.text[start..end])
    }

    /// Every line in order, without its `\n`.
    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        self.range(0..self.len())
    }

    /// Lines `range` (0-based) in order, without their `\n`; none past the last.
    pub fn range(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = &str> + '_ {
        range.map_while(|index| self.get(index))
    }

    /// Every line, each followed by `\n`.
    pub fn text(&self) -> &str {
        &self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Actor;

    #[test]
    fn lines_are_the_entries_canonical_lines() {
        let entries: Vec<Entry> = (1..=3)
            .map(|seq| Entry {
                seq,
                actor: if seq == 2 { Actor::Note } else { Actor::Seat(0) },
                command: format!("c{seq}"),
                time: None,
                state: (seq != 2).then_some([seq as u8; 8]),
            })
            .collect();
        let lines = EntryLines::of(&entries);
        assert_eq!(lines.len(), 3);
        let each: Vec<String> = entries.iter().map(Entry::canonical_line).collect();
        assert_eq!(lines.iter().collect::<Vec<_>>(), each);
        assert_eq!(lines.text(), format!("{}\n", each.join("\n")));
        assert_eq!(lines.get(3), None);
        assert_eq!(lines.range(1..5).collect::<Vec<_>>(), each[1..]);
        assert!(EntryLines::default().is_empty());
        assert_eq!(EntryLines::default().iter().count(), 0);
    }
}
