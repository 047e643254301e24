//! Group commit: many append requests, to many records or to one, in one durable redb
//! transaction, each with its own outcome. A request is checked whole (read only) before any
//! row of it is written, so a refused request never leaves a trace and never spoils another;
//! this module must never write a row of a request that was refused.

use crate::append::{Append, Appended, Prepared};
use crate::append_tables::AppendTables;
use crate::error::{AppendError, StoreError};
use crate::guard::guarded;
use crate::Store;

impl Store {
    /// Appends each `(record id, request)` in order, in one transaction made durable (fsync)
    /// before this returns. Each outcome is what [`Store::append`] would have answered had the
    /// requests been made one after another in this order: a later request to the same record
    /// sees the earlier ones (its expected head, its idempotency key), so heads never fork. A
    /// refused request (conflict, forbidden, rules, key reused, no such record) writes nothing.
    ///
    /// `Err` means the transaction could not be written or committed: then no request of the
    /// group is stored, whatever its outcome said.
    pub fn append_group(
        &self,
        requests: &[(String, Append)],
    ) -> Result<Vec<Result<Appended, AppendError>>, StoreError> {
        if requests.is_empty() {
            return Ok(Vec::new());
        }
        guarded(|| {
            let txn = self.durable_writer()?;
            let mut outcomes = Vec::with_capacity(requests.len());
            {
                // The tables every append uses, opened once for the whole group.
                let mut tables = AppendTables::new(&txn);
                for (id, request) in requests {
                    // Preparing reads only: a panic in it (a damaged row) fails this request alone.
                    let outcome = match guarded(|| self.prepare(&mut tables, id, request)) {
                        Ok(Prepared::Replayed(answer)) => Ok(answer),
                        Ok(Prepared::New(writes)) => Ok(writes.write(&mut tables, &self.tails)?),
                        Err(refused) => Err(refused),
                    };
                    outcomes.push(outcome);
                }
            }
            txn.commit()?;
            Ok(outcomes)
        })
    }
}
