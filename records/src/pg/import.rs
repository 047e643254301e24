//! Bulk import on PostgreSQL: a batch of records the kernel has replayed, stored in one
//! transaction, their leaves logged together at its end. The outcomes are decided as redb's
//! (`import::against_stored`, `import::best_relation`); a stored record is never overwritten
//! or shortened, only extended when the caller asks.

use kifu_core::record::{chain_step, Entry};
use kifu_core::replay::Checked;
use postgres::Transaction;

use super::write::{insert_entries, write_new_record, NewRecord};
use super::{hash32, log, read};
use crate::error::{ImportError, StoreError};
use crate::import::{against_stored, best_relation, Against, MAX_RELATIVES};
use crate::{ImportOutcome, Relation};

/// Imports one batch in `tx`.
pub(super) fn import_batch<'a>(
    tx: &mut Transaction<'_>,
    records: impl ExactSizeIterator<Item = &'a Checked>,
    extend: bool,
) -> Result<Vec<ImportOutcome>, ImportError> {
    let mut outcomes = Vec::with_capacity(records.len());
    let mut leaves = Vec::new();
    for checked in records {
        outcomes.push(import_one(tx, checked, extend, &mut leaves)?);
    }
    log::add(tx, &leaves)?;
    Ok(outcomes)
}

fn import_one(
    tx: &mut Transaction<'_>,
    checked: &Checked,
    extend: bool,
    leaves: &mut Vec<log::Leaves>,
) -> Result<ImportOutcome, StoreError> {
    let record = checked.record();
    let id = record.id();
    let lines: Vec<String> = record.entries.iter().map(Entry::canonical_line).collect();
    if let Some(stored) = read::stored_lines(tx, &id)? {
        return match against_stored(&id, &stored, &lines, extend) {
            Against::Outcome(outcome) => Ok(outcome),
            Against::Extend(common) => append_rest(tx, &id, checked, common, leaves),
        };
    }
    let relation = relative(tx, &crate::content_key(&record.header), &lines)?;
    if let (true, Some(Relation::Extends { of, at })) = (extend, &relation) {
        return append_rest(tx, of, checked, *at as usize, leaves);
    }
    // Imported games are rarely played on: no snapshot is kept; the first append replays.
    let chain = match write_new_record(tx, &id, &record.header, &record.entries, checked.turn(), None) {
        Ok(chain) => chain,
        Err(NewRecord::Store(e)) => return Err(e),
        // Stored by another server since it was looked for: the transaction is refused whole.
        Err(NewRecord::Exists) => {
            return Err(StoreError::Damaged(format!(
                "record {id} was stored by another process during this import: import again"
            )))
        }
    };
    leaves.push((id.clone(), 0, chain));
    Ok(ImportOutcome::Stored { id, relation })
}

/// The stored record with the same header but for the id that this one relates to.
fn relative(tx: &mut Transaction<'_>, key: &str, lines: &[String]) -> Result<Option<Relation>, StoreError> {
    let rows = tx.query(
        "SELECT id FROM records WHERE content_key = $1 ORDER BY id COLLATE \"C\" LIMIT $2",
        &[&key, &(MAX_RELATIVES as i64)],
    )?;
    let mut stored = Vec::new();
    for row in rows {
        let of: String = row.get(0);
        if let Some(lines) = read::stored_lines(tx, &of)? {
            stored.push((of, lines));
        }
    }
    Ok(best_relation(stored, lines))
}

/// Appends the entries of `checked` after its first `from` to the stored record `id`.
fn append_rest(
    tx: &mut Transaction<'_>,
    id: &str,
    checked: &Checked,
    from: usize,
    leaves: &mut Vec<log::Leaves>,
) -> Result<ImportOutcome, StoreError> {
    let row = tx
        .query_opt("SELECT seq, head FROM records WHERE id = $1 FOR UPDATE", &[&id])?
        .ok_or_else(|| StoreError::Damaged(format!("record {id} went away during the import")))?;
    let seq: i64 = row.get(0);
    if seq as usize != from {
        return Err(StoreError::Damaged(format!(
            "record {id} was appended to by another process during this import: import again"
        )));
    }
    let mut head = hash32(row.get(1), || format!("record {id}'s head"))?;
    let rest: Vec<String> = checked.record().entries[from..]
        .iter()
        .map(Entry::canonical_line)
        .collect();
    let mut chain = Vec::with_capacity(rest.len());
    for line in &rest {
        head = chain_step(&head, line);
        chain.push(head);
    }
    insert_entries(tx, id, from as u64 + 1, &rest, &chain)?;
    let to = checked.record().entries.len() as u64;
    let status = serde_json::to_string(checked.turn()).unwrap_or_default();
    tx.execute(
        "UPDATE records SET seq = $2, head = $3, status = $4, snapshot_seq = NULL, snapshot = NULL WHERE id = $1",
        &[&id, &(to as i64), &head.as_slice(), &status],
    )?;
    leaves.push((id.to_string(), from as u64 + 1, chain));
    Ok(ImportOutcome::Extended {
        id: id.to_string(),
        from: from as u64,
        to,
    })
}
