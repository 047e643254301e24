//! Bulk import: records the kernel has replayed (`Checked`) are stored many to a transaction,
//! so a file of thousands of games pays neither one fsync per game nor a second replay. A
//! record is "already stored" only when the store holds it whole under its id; a stored
//! record is never overwritten or shortened, only extended when the caller asks.

use std::collections::BTreeMap;

use kifu_core::record::{Entry, Record};
use kifu_core::replay::Checked;
use redb::ReadableTable;

use crate::error::{ImportError, StoreError};
use crate::guard::guarded;
use crate::prepare::Ready;
use crate::tables::{head_in, Numbered};
use crate::write::{write_new_record, Packed, Tables};
use crate::{content_key_of, PreparedImport, Store};

/// How many stored records with the same header (but for the id) an import compares a new
/// record with, to report which one it extends.
pub(crate) const MAX_RELATIVES: usize = 64;

/// What happened to one record of an import.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportOutcome {
    /// Stored as a new record; `relation` names a stored record of the same game it continues
    /// or begins.
    Stored { id: String, relation: Option<Relation> },
    /// The store holds this very record: the same id, the same entries.
    Exists { id: String },
    /// The store's record `id` holds every entry of this one and `more` after them.
    Contained { id: String, more: u64 },
    /// Appended to the stored record `id` (asked for with `extend`): entries `from + 1` to `to`.
    Extended { id: String, from: u64, to: u64 },
    /// The store's record `id` has the same id and is a shorter version of this one (its
    /// `stored` entries begin it): not imported unless asked to extend it.
    Longer { id: String, stored: u64 },
    /// The store's record `id` has the same id but other entries from entry `at` on: not
    /// imported. Two different games never share an id, so one of them was altered.
    Conflict { id: String, at: u64 },
}

/// How a new record stands to a stored one with the same header but for the id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Relation {
    /// It begins with all `at` entries of the stored record `of`, and goes on.
    Extends { of: String, at: u64 },
    /// All its entries begin the stored record `of`, which has `entries`.
    PrefixOf { of: String, entries: u64 },
    /// The stored record `of` has the very same entries.
    SameGame { of: String },
}

#[derive(Debug, Clone, Default)]
pub struct ImportReport {
    pub outcomes: Vec<ImportOutcome>,
}

impl Store {
    /// Stores records, `batch` to a transaction; `progress` is called after each batch with the
    /// number of records done. With `extend`, a record that continues a stored one (the same
    /// id, or the same header but for the id) is appended to it instead of stored anew.
    pub fn import(
        &self,
        records: &[Checked],
        batch: usize,
        extend: bool,
        progress: impl FnMut(usize),
    ) -> Result<ImportReport, ImportError> {
        self.import_each(records, batch, extend, progress, |checked| (checked, None))
    }

    /// `import` of records made ready where they were built (`PreparedImport::of`): the same
    /// outcomes and the same bytes stored, less work in the thread that calls it.
    pub fn import_prepared(
        &self,
        records: &[PreparedImport],
        batch: usize,
        extend: bool,
        progress: impl FnMut(usize),
    ) -> Result<ImportReport, ImportError> {
        self.import_each(records, batch, extend, progress, |prepared| {
            (prepared.checked(), prepared.ready())
        })
    }

    fn import_each<T>(
        &self,
        records: &[T],
        batch: usize,
        extend: bool,
        mut progress: impl FnMut(usize),
        parts: impl Fn(&T) -> (&Checked, Option<&Ready>),
    ) -> Result<ImportReport, ImportError> {
        guarded(|| {
            let mut report = ImportReport::default();
            for chunk in records.chunks(batch.max(1)) {
                let txn = self.writer()?;
                {
                    let mut tables = Tables::open(&txn, self.log)?;
                    for record in chunk {
                        let (checked, ready) = parts(record);
                        report.outcomes.push(import_one(&mut tables, checked, ready, extend)?);
                    }
                    tables.close()?;
                }
                txn.commit().map_err(StoreError::from)?;
                progress(report.outcomes.len());
            }
            Ok(report)
        })
    }
}

/// Stores one record; `ready` is what `PreparedImport::of` made of it, if it was prepared.
fn import_one(
    tables: &mut Tables,
    checked: &Checked,
    ready: Option<&Ready>,
    extend: bool,
) -> Result<ImportOutcome, StoreError> {
    let record = checked.record();
    let id = record.id();
    // The canonical lines are made only to compare with a stored record: most have none. A
    // record without a head row (damaged) is stored anew over its rows, under its number.
    let number = tables.number_of(&id)?;
    let headed = match number {
        Some(number) => head_in(&tables.heads, number)?.is_some(),
        None => false,
    };
    if let (Some(number), true) = (number, headed) {
        let stored = Numbered { id: &id, number };
        let lines = stored_lines(tables, stored)?;
        return match against_stored(&id, &lines, &canonical_lines(record), extend) {
            Against::Outcome(outcome) => Ok(outcome),
            Against::Extend(common) => append_rest(tables, stored, checked, common),
        };
    }
    let text = checked.header_text();
    let made;
    let key = match ready {
        Some(ready) => ready.key.as_str(),
        None => {
            made = content_key_of(&record.header, text);
            made.as_str()
        }
    };
    let relation = relative(tables, key, record)?;
    if let (true, Some((Relation::Extends { of, at }, number))) = (extend, &relation) {
        return append_rest(
            tables,
            Numbered {
                id: of,
                number: *number,
            },
            checked,
            *at as usize,
        );
    }
    let relation = relation.map(|(relation, _)| relation);
    let packed_here;
    let packed = match ready.and_then(|ready| ready.packed.as_ref()) {
        Some(packed) => packed,
        None => {
            packed_here = Packed::of_checked(checked, tables.logged.on)?;
            &packed_here
        }
    };
    let number = tables.number_new(&id, number)?;
    write_new_record(
        tables,
        Numbered { id: &id, number },
        &record.header,
        (text, key),
        packed,
        checked.turn(),
        // Imported games are rarely played on: no snapshot is kept (a third of a chess game's
        // stored size); the first append replays the log instead.
        None,
    )?;
    Ok(ImportOutcome::Stored { id, relation })
}

fn canonical_lines(record: &Record) -> Vec<String> {
    record.entries.iter().map(Entry::canonical_line).collect()
}

/// The canonical lines of a stored record (none when it has no head row).
fn stored_lines(tables: &Tables, record: Numbered) -> Result<Vec<String>, StoreError> {
    let Some((seq, _)) = head_in(&tables.heads, record.number)? else {
        return Ok(Vec::new());
    };
    let mut lines = Vec::with_capacity(seq as usize);
    for (start, _, packed) in crate::blocks::stored(&tables.blocks, record.number)? {
        let block = crate::blocks::unpack(start, &packed)
            .map_err(|why| StoreError::Damaged(format!("record {}, entries from {start}: {why}", record.id)))?;
        lines.extend(block);
    }
    lines.truncate(seq as usize);
    Ok(lines)
}

fn common_prefix(a: &[String], b: &[String]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// The stored record with the same header but for the id (its content key `key`) that this
/// one continues (the longest such), else one it begins, else one with the very same entries;
/// with that record's number.
fn relative(tables: &Tables, key: &str, record: &Record) -> Result<Option<(Relation, u64)>, StoreError> {
    // The first stored (by number) of those with the key, as the index gives them; compared in
    // id order (as when the index was keyed by id), each with its number.
    let mut found: BTreeMap<String, u64> = BTreeMap::new();
    for item in tables.by_content.range((key, 0)..=(key, u64::MAX))? {
        if found.len() >= MAX_RELATIVES {
            break;
        }
        let number = item?.0.value().1;
        if let Some(row) = tables.headers.get(number)? {
            found.insert(row.value().0.to_string(), number);
        }
    }
    let mut stored = Vec::new();
    for (of, &number) in &found {
        if head_in(&tables.heads, number)?.is_some() {
            stored.push((of.clone(), stored_lines(tables, Numbered { id: of, number })?));
        }
    }
    Ok(best_relation(stored, &canonical_lines(record)).map(|relation| {
        let (Relation::Extends { of, .. } | Relation::PrefixOf { of, .. } | Relation::SameGame { of }) = &relation;
        let number = found[of];
        (relation, number)
    }))
}

/// What an import does with a record whose id the store holds with `stored` lines.
pub(crate) enum Against {
    Outcome(ImportOutcome),
    /// Append the record's entries after the first `.0` (they are the stored ones).
    Extend(usize),
}

/// Shared by every backend: the outcome of importing a record (its `lines`) whose id the store
/// already holds with `stored`.
pub(crate) fn against_stored(id: &str, stored: &[String], lines: &[String], extend: bool) -> Against {
    let id = id.to_string();
    let common = common_prefix(stored, lines);
    Against::Outcome(if common == stored.len() && common == lines.len() {
        ImportOutcome::Exists { id }
    } else if common == lines.len() {
        ImportOutcome::Contained {
            id,
            more: (stored.len() - common) as u64,
        }
    } else if common == stored.len() && extend {
        return Against::Extend(common);
    } else if common == stored.len() {
        ImportOutcome::Longer {
            id,
            stored: common as u64,
        }
    } else {
        ImportOutcome::Conflict {
            id,
            at: common as u64 + 1,
        }
    })
}

/// Shared by every backend: of stored records with the same header but for the id (each with
/// its lines), the one a new record (its `lines`) continues (the longest such), else one it
/// begins, else one with the very same entries.
pub(crate) fn best_relation(stored: Vec<(String, Vec<String>)>, lines: &[String]) -> Option<Relation> {
    let mut best: Option<Relation> = None;
    for (of, stored) in stored {
        let common = common_prefix(&stored, lines);
        let found = if common == stored.len() && common < lines.len() {
            Relation::Extends { of, at: common as u64 }
        } else if common == lines.len() && common < stored.len() {
            Relation::PrefixOf {
                of,
                entries: stored.len() as u64,
            }
        } else if common == lines.len() {
            Relation::SameGame { of }
        } else {
            continue;
        };
        let better = match (&best, &found) {
            (None, _) => true,
            (Some(Relation::Extends { at: a, .. }), Relation::Extends { at: b, .. }) => b > a,
            (Some(Relation::Extends { .. }), _) => false,
            (_, Relation::Extends { .. }) => true,
            _ => false,
        };
        if better {
            best = Some(found);
        }
    }
    best
}

/// Appends the entries of `checked` after its first `from` to the stored `record`, whose
/// entries are those first `from`: each line as it is, chained on from the stored head, and
/// logged.
fn append_rest(
    tables: &mut Tables,
    record: Numbered,
    checked: &Checked,
    from: usize,
) -> Result<ImportOutcome, StoreError> {
    let (id, number) = (record.id, record.number);
    let (seq, mut head) = head_in(&tables.heads, number)?.unwrap_or((0, [0; 32]));
    debug_assert_eq!(seq as usize, from);
    let rest: Vec<String> = checked.record().entries[from..]
        .iter()
        .map(Entry::canonical_line)
        .collect();
    let chain = crate::blocks::append(&mut tables.blocks, record, from as u64 + 1, head, &rest)?;
    tables.log(id, from as u64 + 1, &chain)?;
    head = chain.last().copied().unwrap_or(head);
    let to = checked.record().entries.len() as u64;
    tables.write_head(number, (to, head), checked.turn())?;
    tables.write_snapshot(number, to, None)?;
    Ok(ImportOutcome::Extended {
        id: id.to_string(),
        from: from as u64,
        to,
    })
}
