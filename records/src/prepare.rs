//! An import's record made ready to store on the thread that built it: what storing it as a new
//! record writes that depends on the record alone (its header's text and content key, its
//! packed blocks with their chain hashes, the log's leaf hashes), so that the one thread that
//! commits only looks up, writes rows, hashes the log's tiles and commits. It never reads or
//! writes a store, and never decides what becomes of a record (`import` does).

use kifu_core::replay::Checked;

use crate::content_key_of;
use crate::write::Packed;

/// A record the kernel has replayed, with what a redb store would write for it as a new record
/// (`Store::import_prepared`). Storing a prepared record writes the very bytes storing the
/// record itself (`Store::import`) writes; a record the store already holds, or one that
/// extends a stored one, is handled as it would be, its prepared form unused.
#[derive(Debug, Clone)]
pub struct PreparedImport {
    checked: Checked,
    ready: Option<Ready>,
}

/// What `PreparedImport::of` made.
#[derive(Debug, Clone)]
pub(crate) struct Ready {
    /// The header's content key.
    pub key: String,
    /// `None` when the entries do not pack (numbered otherwise than 1, 2, ...): the committer
    /// packs them itself then, and fails as an import of the record itself does.
    pub packed: Option<Packed>,
}

impl PreparedImport {
    /// Makes ready what storing `checked` as a new record writes, from the lines and chain
    /// hashes its replay made. About 45 bytes an entry (a leaf hash and the compressed
    /// lines), held until it is stored beside the `Checked` (whose lines and chain hashes add
    /// some 75 bytes an entry).
    pub fn of(checked: Checked) -> PreparedImport {
        let key = content_key_of(&checked.record().header, checked.header_text());
        let packed = Packed::of_checked(&checked, true).ok();
        PreparedImport {
            ready: Some(Ready { key, packed }),
            checked,
        }
    }

    /// A record with nothing made ready, for a store that does not use it (PostgreSQL's
    /// layout differs): importing it does the work where it is stored.
    pub fn unprepared(checked: Checked) -> PreparedImport {
        PreparedImport { checked, ready: None }
    }

    pub fn checked(&self) -> &Checked {
        &self.checked
    }

    pub(crate) fn ready(&self) -> Option<&Ready> {
        self.ready.as_ref()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::tables::*;
    use crate::{ImportOutcome, Relation, Store};
    use kifu_core::format::build_checked;
    use redb::{ReadableTable, TableDefinition, TableHandle};

    /// The games of the chess oracle fixture, built and checked (shared with other tests).
    pub(crate) fn chess_games() -> Vec<Checked> {
        let pgn = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/pgn/oracle_python_chess.pgn"
        ))
        .unwrap();
        kifu_games::format("pgn")
            .unwrap()
            .read(&pgn)
            .into_iter()
            .map(|d| build_checked(kifu_games::registry(), &d.unwrap(), None).unwrap())
            .collect()
    }

    /// `checked`'s first `entries` entries, under its own id or (`other_id`) another.
    fn cut(checked: &Checked, entries: usize, other_id: Option<u8>) -> Checked {
        let mut record = checked.record().clone();
        record.entries.truncate(entries);
        if let Some(byte) = other_id {
            record.header.id = Some([byte; 16]);
        }
        Checked::new(kifu_games::registry(), record).unwrap()
    }

    /// Every row of the tables an import writes, as text, table by table.
    fn rows(store: &Store) -> Vec<(String, Vec<String>)> {
        let txn = store.db.begin_read().unwrap();
        let mut out = Vec::new();
        macro_rules! dump {
            ($($table:expr),*) => {$({
                let table: TableDefinition<_, _> = $table;
                let rows = match txn.open_table(table) {
                    Ok(open) => open
                        .iter()
                        .unwrap()
                        .map(|item| {
                            let (key, value) = item.unwrap();
                            format!("{:?} => {:?}", key.value(), value.value())
                        })
                        .collect(),
                    Err(redb::TableError::TableDoesNotExist(_)) => Vec::new(),
                    Err(e) => panic!("{e}"),
                };
                out.push((table.name().to_string(), rows));
            })*};
        }
        dump!(
            NUMBERS,
            HEADERS,
            BLOCKS,
            HEADS,
            SNAPSHOTS,
            BY_GAME,
            BY_PLAYER,
            BY_TAG,
            BY_CONTENT,
            LOG_RUNS,
            LOG_PLACES,
            LOG_PENDING,
            LOG_TILES
        );
        out
    }

    #[test]
    fn a_checked_record_carries_its_own_lines_and_chain() {
        for built in chess_games() {
            let replayed = Checked::new(kifu_games::registry(), built.record().clone()).unwrap();
            for checked in [&built, &replayed] {
                let record = checked.record();
                assert_eq!(checked.header_text(), record.header.canonical_text());
                let lines: Vec<String> = record.entries.iter().map(|e| e.canonical_line()).collect();
                assert_eq!(checked.lines().iter().collect::<Vec<_>>(), lines);
                assert_eq!(checked.chain(), record.hashes());
            }
            // The id a build gives is the content's, worked out from the record alone.
            assert_eq!(built.record().header.id, Some(built.record().content_id()));
        }
    }

    #[test]
    fn prepared_records_store_the_same_rows_and_outcomes_as_the_records_themselves() {
        let games = chess_games();
        assert!(games.len() >= 60, "{} games", games.len());
        let long = |c: &&Checked| c.record().entries.len() >= 20;
        // Stored first: 20 games, 5 more cut short under their own ids, 5 cut short under
        // other ids (the same header but for the id), in batches of 7.
        let mut first: Vec<Checked> = games[..20].to_vec();
        let cut_same: Vec<&Checked> = games[20..].iter().filter(long).take(5).collect();
        let cut_other: Vec<&Checked> = games[20..].iter().filter(long).skip(5).take(5).collect();
        first.extend(cut_same.iter().map(|c| cut(c, 10, None)));
        first.extend(cut_other.iter().enumerate().map(|(n, c)| cut(c, 10, Some(n as u8 + 1))));
        // Then, with `extend`: 5 stored again, the 10 cut ones whole, one cut shorter still, one
        // stored game under another id, and the games not yet stored.
        let mut second: Vec<Checked> = games[..5].to_vec();
        second.extend(cut_same.iter().chain(&cut_other).map(|c| (*c).clone()));
        second.push(cut(&games[7], 3, None));
        second.push(cut(&games[8], games[8].record().entries.len(), Some(99)));
        let taken: Vec<String> = cut_same.iter().chain(&cut_other).map(|c| c.record().id()).collect();
        second.extend(
            games[20..]
                .iter()
                .filter(|c| !taken.contains(&c.record().id()))
                .cloned(),
        );

        let dir = tempfile::tempdir().unwrap();
        let plain = Store::open(&dir.path().join("plain.redb"), kifu_games::registry()).unwrap();
        let prepared = Store::open(&dir.path().join("prepared.redb"), kifu_games::registry()).unwrap();
        let prepare =
            |records: &[Checked]| -> Vec<PreparedImport> { records.iter().cloned().map(PreparedImport::of).collect() };
        let mut outcomes = Vec::new();
        for (records, extend) in [(&first, false), (&second, true)] {
            let by_records = plain.import(records, 7, extend, |_| {}).unwrap();
            let by_prepared = prepared.import_prepared(&prepare(records), 7, extend, |_| {}).unwrap();
            assert_eq!(by_records.outcomes, by_prepared.outcomes);
            outcomes.extend(by_records.outcomes);
        }
        // Every kind of outcome the import has was met.
        let count = |kind: fn(&ImportOutcome) -> bool| outcomes.iter().filter(|o| kind(o)).count();
        assert_eq!(count(|o| matches!(o, ImportOutcome::Exists { .. })), 5);
        assert_eq!(count(|o| matches!(o, ImportOutcome::Extended { .. })), 10);
        assert_eq!(count(|o| matches!(o, ImportOutcome::Contained { .. })), 1);
        let relation = |o: &ImportOutcome| match o {
            ImportOutcome::Stored { relation, .. } => relation.clone(),
            _ => None,
        };
        assert!(outcomes
            .iter()
            .any(|o| matches!(relation(o), Some(Relation::SameGame { .. }))));
        assert!(count(|o| matches!(o, ImportOutcome::Stored { .. })) > 50);

        let (plain_rows, prepared_rows) = (rows(&plain), rows(&prepared));
        for ((name, a), (_, b)) in plain_rows.iter().zip(&prepared_rows) {
            // An import keeps no snapshots: every other table has rows to compare.
            assert_eq!(a.is_empty(), name == "snapshots", "table {name}");
            assert_eq!(a.len(), b.len(), "table {name}'s rows");
            if let Some(at) = (0..a.len()).find(|&at| a[at] != b[at]) {
                panic!("table {name}, row {at}: {} against {}", a[at], b[at]);
            }
        }
        let size = plain.log_size().unwrap();
        assert!(size > 256 * 10, "{size} leaves");
        assert_eq!(prepared.log_size().unwrap(), size);
        assert_eq!(prepared.log_root(size).unwrap(), plain.log_root(size).unwrap());
    }
}
