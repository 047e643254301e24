//! Bulk import: records the kernel has replayed (`Checked`) are stored many to a transaction,
//! so a file of thousands of games pays neither one fsync per game nor a second replay. A
//! record whose id is already stored is skipped and reported, never overwritten.

use kifu_core::replay::Checked;
use redb::ReadableTable;

use crate::error::{ImportError, StoreError};
use crate::tables::*;
use crate::{write_new_record, Store};

/// What happened to one record of an import.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportOutcome {
    Stored {
        id: String,
    },
    /// A record with this id (the same header) is already in the store.
    Exists {
        id: String,
    },
}

#[derive(Debug, Clone, Default)]
pub struct ImportReport {
    pub outcomes: Vec<ImportOutcome>,
}

impl Store {
    /// Stores records, `batch` to a transaction; `progress` is called after each batch with the
    /// number of records done.
    pub fn import(
        &self,
        records: &[Checked],
        batch: usize,
        mut progress: impl FnMut(usize),
    ) -> Result<ImportReport, ImportError> {
        let mut report = ImportReport::default();
        for chunk in records.chunks(batch.max(1)) {
            let txn = self.db.begin_write().map_err(StoreError::from)?;
            for record in chunk {
                report.outcomes.push(import_one(&txn, record)?);
            }
            txn.commit().map_err(StoreError::from)?;
            progress(report.outcomes.len());
        }
        Ok(report)
    }
}

fn import_one(txn: &redb::WriteTransaction, checked: &Checked) -> Result<ImportOutcome, StoreError> {
    let record = checked.record();
    let id = record.id();
    if txn.open_table(HEADERS)?.get(id.as_str())?.is_some() {
        return Ok(ImportOutcome::Exists { id });
    }
    write_new_record(
        txn,
        &id,
        &record.header,
        &record.entries,
        checked.turn(),
        checked.snapshot(),
    )?;
    Ok(ImportOutcome::Stored { id })
}
