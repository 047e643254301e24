//! Diff of two records of one game: the first entry where they part, and a unified diff of
//! their lines. Times and state hashes are left out of the comparison: two recorders of the
//! same game differ in them without disagreeing about the game.

use crate::record::{Entry, Record};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// The sequence number of the first entry that differs.
    pub seq: u64,
    /// That entry in each record, as `SEQ ACTOR COMMAND`; `None` where the record has ended.
    pub left: Option<String>,
    pub right: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diff {
    /// Header lines that differ, as (left, right) sets of lines present in only one side.
    pub header_changes: Vec<String>,
    pub divergence: Option<Divergence>,
    /// A unified diff of the header lines and entries (`SEQ ACTOR COMMAND`).
    pub unified: String,
}

impl Diff {
    pub fn identical(&self) -> bool {
        self.header_changes.is_empty() && self.divergence.is_none()
    }
}

fn move_line(entry: &Entry) -> String {
    format!("{} {} {}", entry.seq, entry.actor, entry.command)
}

fn lines(record: &Record) -> Vec<String> {
    let mut out: Vec<String> = record.header.canonical_lines();
    out.extend(record.entries.iter().map(move_line));
    out
}

pub fn diff(left: &Record, right: &Record, left_name: &str, right_name: &str) -> Diff {
    let left_header = left.header.canonical_lines();
    let right_header = right.header.canonical_lines();
    let mut header_changes = Vec::new();
    for line in &left_header {
        if !right_header.contains(line) {
            header_changes.push(format!("-{line}"));
        }
    }
    for line in &right_header {
        if !left_header.contains(line) {
            header_changes.push(format!("+{line}"));
        }
    }
    let longest = left.entries.len().max(right.entries.len());
    let divergence = (0..longest).find_map(|i| {
        let l = left.entries.get(i).map(move_line);
        let r = right.entries.get(i).map(move_line);
        (l != r).then_some(Divergence {
            seq: i as u64 + 1,
            left: l,
            right: r,
        })
    });
    let (l, r) = (lines(left).join("\n") + "\n", lines(right).join("\n") + "\n");
    let unified = similar::TextDiff::from_lines(&l, &r)
        .unified_diff()
        .context_radius(3)
        .header(left_name, right_name)
        .to_string();
    Diff {
        header_changes,
        divergence,
        unified,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Actor, ChanceMode, Header};

    fn record(moves: &[&str]) -> Record {
        let mut r = Record::new(Header::new(
            "senet",
            1,
            vec!["A".into(), "B".into()],
            ChanceMode::Observed,
        ));
        for (i, m) in moves.iter().enumerate() {
            r.entries.push(Entry {
                seq: i as u64 + 1,
                actor: Actor::Seat(0),
                command: m.to_string(),
                time: Some(format!("t{i}")),
                state: None,
            });
        }
        r
    }

    #[test]
    fn names_the_first_divergence_and_ignores_times() {
        let a = record(&["a", "b", "c", "d"]);
        let mut b = record(&["a", "b", "x", "d", "e"]);
        b.entries[0].time = None;
        let d = diff(&a, &b, "a", "b");
        let div = d.divergence.unwrap();
        assert_eq!(div.seq, 3);
        assert_eq!(div.left.as_deref(), Some("3 p1 c"));
        assert_eq!(div.right.as_deref(), Some("3 p1 x"));
        assert!(d.unified.contains("-3 p1 c\n+3 p1 x"));
        assert!(d.header_changes.is_empty());
        assert!(diff(&a, &a, "a", "a").identical());
    }

    #[test]
    fn a_longer_record_parts_where_the_shorter_ends() {
        let d = diff(&record(&["a"]), &record(&["a", "b"]), "l", "r");
        assert_eq!(
            d.divergence.unwrap(),
            Divergence {
                seq: 2,
                left: None,
                right: Some("2 p1 b".into())
            }
        );
    }
}
