//! Moving a store of an earlier layout into today's, in the transaction that first opens it for
//! writing: every record's rows, keyed by its id before, keyed by its number (`NUMBERS`) after;
//! heads and statuses kept apart put into one row; entries kept one a row put into blocks. It
//! never changes what a row says (the bytes of headers, lines, hashes, statuses, seeds, tokens
//! and answers), only how it is keyed, and never touches the log's tables.
//!
//! Today's tables keep the names the id-keyed ones had, with other key types, so a kifu from
//! before numbering fails to open a moved store (redb checks a table's types against its
//! definition) rather than reading it as empty or writing into it as if new.

use kifu_core::record::header_hash;
use redb::{AccessGuard, Key, ReadableTable, Table, TableDefinition, TableHandle, Value};

use crate::error::StoreError;
use crate::tables::*;

/// The tables of the layouts before numbering, each keyed by the record's id where today's is
/// keyed by its number (same names as today's: see the module's text).
pub(crate) mod by_id {
    use kifu_core::record::Hash;
    use redb::TableDefinition;

    pub const HEADERS: TableDefinition<&str, &str> = TableDefinition::new("headers");
    pub const BLOCKS: TableDefinition<(&str, u64), (Hash, &[u8])> = TableDefinition::new("entry_blocks");
    pub const HEADS: TableDefinition<&str, (u64, Hash, &str)> = TableDefinition::new("record_heads");
    pub const SNAPSHOTS: TableDefinition<&str, (u64, &[u8])> = TableDefinition::new("snapshots");
    pub const SECRETS: TableDefinition<&str, &[u8]> = TableDefinition::new("secrets");
    pub const KEYS: TableDefinition<(&str, &str), (Hash, &str)> = TableDefinition::new("idempotency");
    pub const TOKENS: TableDefinition<(&str, &str), Hash> = TableDefinition::new("tokens");
    pub const BY_GAME: TableDefinition<(&str, &str), ()> = TableDefinition::new("by_game");
    pub const BY_PLAYER: TableDefinition<(&str, &str), ()> = TableDefinition::new("by_player");
    pub const BY_TAG: TableDefinition<(&str, &str), ()> = TableDefinition::new("by_tag");
    pub const BY_CONTENT: TableDefinition<(&str, &str), ()> = TableDefinition::new("by_content");
}

/// Whether the store's tables (`names`) are of a layout before numbering: it has records'
/// tables but no `NUMBERS`. A new, empty file has neither.
pub(crate) fn before_numbering(names: &[String]) -> bool {
    let has = |table: &str| names.iter().any(|n| n == table);
    !has(NUMBERS.name()) && (has(by_id::HEADERS.name()) || has(OLD_ENTRIES.name()) || has(OLD_HEADS.name()))
}

/// Moves every earlier layout into today's, in `txn`, before anything else reads a record's
/// table: heads and statuses apart into one row (id-keyed), then every id-keyed table to its
/// number, then entries kept one a row into blocks.
pub(crate) fn move_to_today(txn: &redb::WriteTransaction, names: &[String]) -> Result<(), StoreError> {
    let has = |table: &str| names.iter().any(|n| n == table);
    if has(OLD_HEADS.name()) {
        move_heads_and_statuses(txn)?;
    }
    if before_numbering(names) {
        number_records(txn)?;
    }
    if has(OLD_ENTRIES.name()) {
        move_entries_into_blocks(txn)?;
    }
    Ok(())
}

/// Moves the rows of a store written before the head and the status shared a row
/// (`OLD_HEADS`, `OLD_STATUS`) into the id-keyed `record_heads`, then removes the old tables. A
/// head without a status row gets `null` (the status reads as unknown; the next append writes
/// it).
fn move_heads_and_statuses(txn: &redb::WriteTransaction) -> Result<(), StoreError> {
    {
        let old = txn.open_table(OLD_HEADS)?;
        let status = txn.open_table(OLD_STATUS)?;
        let mut heads = txn.open_table(by_id::HEADS)?;
        for item in old.iter()? {
            let (id, value) = item?;
            let (seq, head) = value.value();
            let turn = status.get(id.value())?.map(|v| v.value().to_string());
            heads.insert(id.value(), (seq, head, turn.as_deref().unwrap_or("null")))?;
        }
    }
    txn.delete_table(OLD_HEADS)?;
    txn.delete_table(OLD_STATUS)?;
    Ok(())
}

/// Record numbers given while a store is moved: in id order for the records with a header row,
/// then to the ids with a head row but none (kept, for `check` to name). Rows of any other id
/// (a block, a snapshot, a key... of no record) were never reachable, and are not moved: a
/// number given to them could be given again to the next record stored (`next_number`).
struct Numbering<'t> {
    numbers: Table<'t, &'static str, u64>,
    next: u64,
}

impl Numbering<'_> {
    /// Record `id`'s number, given now if it has none.
    fn of(&mut self, id: &str) -> Result<u64, StoreError> {
        if let Some(number) = number_in(&self.numbers, id)? {
            return Ok(number);
        }
        let number = self.next;
        self.numbers.insert(id, number)?;
        self.next += 1;
        Ok(number)
    }

    /// Record `id`'s number, if it was given one.
    fn known(&self, id: &str) -> Result<Option<u64>, StoreError> {
        Ok(number_in(&self.numbers, id)?)
    }
}

/// Gives every record of an id-keyed store its number and moves each of its tables to today's
/// keys: a table is renamed aside, copied row by row into today's under its name, and dropped.
/// One transaction: a crash leaves the store as it was; redb writes pages out as its cache
/// fills, so the memory does not grow with the store. The file grows by the copy: the store's
/// open compacts it once the move is committed.
fn number_records(txn: &redb::WriteTransaction) -> Result<(), StoreError> {
    let mut numbering = Numbering {
        numbers: txn.open_table(NUMBERS)?,
        next: 0,
    };
    let n = &mut numbering;
    renumber(txn, by_id::HEADERS, HEADERS, n, |n, id, text, to| {
        to.insert(n.of(id.value())?, (id.value(), text.value()))?;
        Ok(())
    })?;
    renumber(txn, by_id::HEADS, HEADS, n, |n, id, row, to| {
        to.insert(n.of(id.value())?, row.value())?;
        Ok(())
    })?;
    // The other tables move only the rows of a numbered record, as they are.
    renumber_pairs(txn, by_id::BLOCKS, BLOCKS, n)?;
    renumber_by_id(txn, by_id::SNAPSHOTS, SNAPSHOTS, n)?;
    renumber_by_id(txn, by_id::SECRETS, SECRETS, n)?;
    renumber_pairs(txn, by_id::KEYS, KEYS, n)?;
    renumber_pairs(txn, by_id::TOKENS, TOKENS, n)?;
    for (old, new) in [
        (by_id::BY_GAME, BY_GAME),
        (by_id::BY_PLAYER, BY_PLAYER),
        (by_id::BY_TAG, BY_TAG),
        (by_id::BY_CONTENT, BY_CONTENT),
    ] {
        renumber(txn, old, new, n, |n, key, _, to| {
            let (value, id) = key.value();
            if let Some(number) = n.known(id)? {
                to.insert((value, number), ())?;
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// `renumber` of a table keyed by a record's id: each row of a numbered record under its
/// number, as it was.
fn renumber_by_id<V: Value + 'static>(
    txn: &redb::WriteTransaction,
    old: TableDefinition<&'static str, V>,
    new: TableDefinition<u64, V>,
    numbering: &mut Numbering,
) -> Result<(), StoreError> {
    renumber(txn, old, new, numbering, |n, id, row, to| {
        if let Some(number) = n.known(id.value())? {
            to.insert(number, row.value())?;
        }
        Ok(())
    })
}

/// `renumber` of a table keyed by (a record's id, something of it): each row of a numbered
/// record under (its number, the same), as it was.
fn renumber_pairs<S: Key + 'static, V: Value + 'static>(
    txn: &redb::WriteTransaction,
    old: TableDefinition<(&'static str, S), V>,
    new: TableDefinition<(u64, S), V>,
    numbering: &mut Numbering,
) -> Result<(), StoreError> {
    renumber(txn, old, new, numbering, |n, key, row, to| {
        let (id, second) = key.value();
        if let Some(number) = n.known(id)? {
            to.insert((number, second), row.value())?;
        }
        Ok(())
    })
}

/// Moves id-keyed table `old`, if the store has it, to `new` (the same name, today's keys):
/// renamed aside, each row given to `row` to insert into `new`, then dropped.
fn renumber<K: Key + 'static, V: Value + 'static, NK: Key + 'static, NV: Value + 'static>(
    txn: &redb::WriteTransaction,
    old: TableDefinition<K, V>,
    new: TableDefinition<NK, NV>,
    numbering: &mut Numbering,
    mut row: impl FnMut(
        &mut Numbering,
        AccessGuard<'_, K>,
        AccessGuard<'_, V>,
        &mut Table<'_, NK, NV>,
    ) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    if !txn.list_tables()?.any(|t| t.name() == old.name()) {
        return Ok(());
    }
    let aside_name = format!("{}.by_id", old.name());
    let aside: TableDefinition<K, V> = TableDefinition::new(&aside_name);
    txn.rename_table(old, aside)?;
    {
        let from = txn.open_table(aside)?;
        let mut to = txn.open_table(new)?;
        for item in from.iter()? {
            let (key, value) = item?;
            row(numbering, key, value, &mut to)?;
        }
    }
    txn.delete_table(aside)?;
    Ok(())
}

/// Moves every record's entries from the one-row-an-entry table of older stores into blocks,
/// line for line as they were stored (damage included, for the checks on reading to name), and
/// drops the old table; in the transaction that opens the store, after numbering.
fn move_entries_into_blocks(txn: &redb::WriteTransaction) -> Result<(), StoreError> {
    {
        let old = txn.open_table(OLD_ENTRIES)?;
        let headers = txn.open_table(HEADERS)?;
        let mut packed = txn.open_table(BLOCKS)?;
        for item in headers.iter()? {
            let (number, row) = item?;
            let (id, header) = row.value();
            let mut lines = Vec::new();
            for item in old.range((id, 0)..=(id, u64::MAX))? {
                lines.push(item?.1.value().0.to_string());
            }
            crate::blocks::append(
                &mut packed,
                Numbered {
                    id,
                    number: number.value(),
                },
                1,
                header_hash(header),
                &lines,
            )?;
        }
    }
    // The log is built next, from the blocks (`tlog::log_every_record`), in this transaction.
    txn.delete_table(OLD_ENTRIES)?;
    Ok(())
}
