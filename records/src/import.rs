//! Bulk import: records already checked by the caller are stored many to a transaction, so a
//! file of thousands of games does not pay one fsync per game. A record whose id is already
//! stored is skipped and reported, never overwritten.

use kifu_core::record::Record;
use kifu_core::replay::Replay;
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
    /// The record does not replay through its rules; nothing of it was stored.
    Rejected {
        reason: String,
    },
}

#[derive(Debug, Clone, Default)]
pub struct ImportReport {
    pub outcomes: Vec<ImportOutcome>,
}

impl Store {
    /// Stores records, `batch` to a transaction; `progress` is called after each batch with the
    /// number of records done. Each record is replayed through its rules before it is stored.
    pub fn import(
        &self,
        records: &[Record],
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

fn import_one(txn: &redb::WriteTransaction, record: &Record) -> Result<ImportOutcome, StoreError> {
    let id = record.id();
    if txn.open_table(HEADERS)?.get(id.as_str())?.is_some() {
        return Ok(ImportOutcome::Exists { id });
    }
    let mut replay = match Replay::start(&record.header) {
        Ok(replay) => replay,
        Err(failure) => {
            return Ok(ImportOutcome::Rejected {
                reason: failure.to_string(),
            })
        }
    };
    for entry in &record.entries {
        if let Err(failure) = replay.check(entry) {
            return Ok(ImportOutcome::Rejected {
                reason: failure.to_string(),
            });
        }
    }
    write_new_record(txn, &id, &record.header, &record.entries, &replay)?;
    Ok(ImportOutcome::Stored { id })
}
