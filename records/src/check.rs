//! The whole store checked at once: every record's stored log against itself, then through
//! its rules (records on every core, each by one thread), and the tables' key sets against
//! each other. Reads only; repairs nothing.

use std::collections::HashMap;

use kifu_core::parallel::{cores, map_in_order};
use redb::ReadableTable;

use crate::error::{ReadError, StoreError};
use crate::guard::guarded;
use crate::tables::*;
use crate::tlog::TileCache;
use crate::Store;

/// What `check_all` found.
#[derive(Debug, Clone, Default)]
pub struct StoreCheck {
    /// Records read (one per header row).
    pub records: usize,
    /// Entries in the records that verified.
    pub entries: u64,
    /// Records that failed, in id order: (id, the entry, why).
    pub damaged: Vec<(String, u64, String)>,
}

impl Store {
    /// The ids of every record with a header row, in order.
    pub fn ids(&self) -> Result<Vec<String>, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let mut ids = Vec::new();
            for item in txn
                .open_table(HEADERS)
                .map_err(StoreError::from)?
                .iter()
                .map_err(StoreError::from)?
            {
                ids.push(item.map_err(StoreError::from)?.1.value().0.to_string());
            }
            ids.sort();
            Ok(ids)
        })
    }

    /// Checks every record; `progress(done, total)` is called after each.
    pub fn check_all(&self, progress: impl FnMut(usize, usize)) -> Result<StoreCheck, ReadError> {
        // In the order the log holds them, so that records audited near each other share the
        // log's tiles (each full tile made again from its records once, not once a record).
        let cache = TileCache::default();
        let ids = self.ids_in_log_order()?;
        let mut check = check_each(&ids, |id| self.audit_sharing(id, Some(&cache)), progress);
        for orphan in self.heads_without_headers()? {
            check.damaged.push((
                orphan,
                0,
                "a head row with no header: the record's header is missing".into(),
            ));
        }
        check.damaged.sort();
        Ok(check)
    }

    /// Every record's id, ordered by the log's leaf for its header (records the log lacks
    /// last, by id).
    fn ids_in_log_order(&self) -> Result<Vec<String>, ReadError> {
        let mut ids = self.ids()?;
        let first_leaf: HashMap<String, u64> = guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let mut first = HashMap::with_capacity(ids.len());
            for item in txn
                .open_table(LOG_PLACES)
                .map_err(StoreError::from)?
                .iter()
                .map_err(StoreError::from)?
            {
                let (key, value) = item.map_err(StoreError::from)?;
                if key.value().1 == 0 {
                    first.insert(key.value().0.to_string(), value.value().0);
                }
            }
            for item in txn
                .open_table(LOG_PENDING)
                .map_err(StoreError::from)?
                .iter()
                .map_err(StoreError::from)?
            {
                let (key, value) = item.map_err(StoreError::from)?;
                let (id, seq, _) = value.value();
                if seq == 0 {
                    first.insert(id.to_string(), key.value());
                }
            }
            Ok::<_, ReadError>(first)
        })?;
        ids.sort_by_key(|id| first_leaf.get(id).copied().unwrap_or(u64::MAX));
        Ok(ids)
    }

    /// The ids of the records with a head row but no header row.
    fn heads_without_headers(&self) -> Result<Vec<String>, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let headers = txn.open_table(HEADERS).map_err(StoreError::from)?;
            let mut orphans = Vec::new();
            for item in txn
                .open_table(HEADS)
                .map_err(StoreError::from)?
                .iter()
                .map_err(StoreError::from)?
            {
                let number = item.map_err(StoreError::from)?.0.value();
                if headers.get(number).map_err(StoreError::from)?.is_none() {
                    orphans.push(number);
                }
            }
            if orphans.is_empty() {
                return Ok(Vec::new());
            }
            // Their ids, which only the numbers table still holds.
            let mut ids = Vec::with_capacity(orphans.len());
            for item in txn
                .open_table(NUMBERS)
                .map_err(StoreError::from)?
                .iter()
                .map_err(StoreError::from)?
            {
                let (id, number) = item.map_err(StoreError::from)?;
                if orphans.binary_search(&number.value()).is_ok() {
                    ids.push(id.value().to_string());
                }
            }
            Ok(ids)
        })
    }
}

/// Audits each record of `ids` (`audit`) on every core, counting what verifies and naming what
/// does not (in id order, whatever thread finished first); `progress(done, total)` after each.
/// Shared by every backend.
pub(crate) fn check_each(
    ids: &[String],
    audit: impl Fn(&str) -> Result<kifu_core::replay::Report, ReadError> + Sync,
    mut progress: impl FnMut(usize, usize),
) -> StoreCheck {
    let mut check = StoreCheck {
        records: ids.len(),
        ..StoreCheck::default()
    };
    let done: Result<(), std::convert::Infallible> = map_in_order(
        ids.iter(),
        cores(),
        |id| audit(id),
        |done, audited| {
            let id = &ids[done];
            match audited {
                Ok(report) => match report.failure {
                    None => check.entries += report.entries,
                    Some(failure) => check.damaged.push((id.clone(), failure.seq, failure.reason)),
                },
                Err(error) => check.damaged.push((id.clone(), 0, error.to_string())),
            }
            progress(done + 1, ids.len());
            Ok(())
        },
    );
    let Ok(()) = done;
    check.damaged.sort();
    check
}
