//! The four tables every append reads or writes (the records' numbers, the head rows, the
//! blocks, the log's pending leaves), each opened once a write transaction and shared by the preparing and the writing of
//! every append in it: opening a table is CPU on every durable append. It never writes a row
//! itself; while it holds a table, nothing else in the transaction may open that table.

use kifu_core::record::Hash;
use redb::{Key, Table, TableDefinition, Value};

use crate::error::StoreError;
use crate::tables::*;
use crate::tlog;

/// A record's head row: number -> (seq of the last entry, chain hash, whose turn as JSON).
pub(crate) type Heads<'t> = Table<'t, u64, (u64, Hash, &'static str)>;
/// The blocks: (number, first seq of the block) -> (chain hash after it, its lines).
pub(crate) type Blocks<'t> = Table<'t, (u64, u64), (Hash, &'static [u8])>;
/// The records' numbers: id -> number.
pub(crate) type Numbers<'t> = Table<'t, &'static str, u64>;

/// The tables of `NUMBERS`, `HEADS`, `BLOCKS` and `LOG_PENDING` in one write transaction, each opened the
/// first time it is asked for. Any other table an append touches (headers, snapshots,
/// secrets, keys) is opened where it is needed, through `txn`.
pub(crate) struct AppendTables<'t> {
    pub txn: &'t redb::WriteTransaction,
    numbers: Option<Numbers<'t>>,
    heads: Option<Heads<'t>>,
    blocks: Option<Blocks<'t>>,
    pending: Option<tlog::Pending<'t>>,
}

impl<'t> AppendTables<'t> {
    pub fn new(txn: &'t redb::WriteTransaction) -> AppendTables<'t> {
        AppendTables {
            txn,
            numbers: None,
            heads: None,
            blocks: None,
            pending: None,
        }
    }

    /// Record `id`'s number, if the store holds it.
    pub fn number_of(&mut self, id: &str) -> Result<Option<u64>, StoreError> {
        Ok(number_in(held(&mut self.numbers, self.txn, NUMBERS)?, id)?)
    }

    pub fn heads(&mut self) -> Result<&mut Heads<'t>, StoreError> {
        held(&mut self.heads, self.txn, HEADS)
    }

    pub fn blocks(&mut self) -> Result<&mut Blocks<'t>, StoreError> {
        held(&mut self.blocks, self.txn, BLOCKS)
    }

    /// Both the head rows and the blocks, for a reader that needs the two at once.
    pub fn heads_and_blocks(&mut self) -> Result<(&Heads<'t>, &Blocks<'t>), StoreError> {
        let heads = held(&mut self.heads, self.txn, HEADS)?;
        let blocks = held(&mut self.blocks, self.txn, BLOCKS)?;
        Ok((heads, blocks))
    }

    /// Adds the leaves of record `id`'s chain positions `first_seq ..`, whose chain hashes are
    /// `chain`, to the log: one more pending run in the table held here, or, when a tile fills
    /// or starts, the whole way through the log's tables, for which the pending table held
    /// here is let go first (it is opened again when next asked for).
    pub fn log(&mut self, writer: tlog::Writer, id: &str, first_seq: u64, chain: &[Hash]) -> Result<(), StoreError> {
        if !writer.on || chain.is_empty() {
            return Ok(());
        }
        let pending = held(&mut self.pending, self.txn, LOG_PENDING)?;
        if writer.add_pending(pending, id, first_seq, chain)? {
            return Ok(());
        }
        self.pending = None;
        writer.add_whole(self.txn, id, first_seq, chain)
    }
}

/// The table kept in `slot`, opened in `txn` the first time it is asked for.
fn held<'s, 't, K: Key + 'static, V: Value + 'static>(
    slot: &'s mut Option<Table<'t, K, V>>,
    txn: &'t redb::WriteTransaction,
    table: TableDefinition<K, V>,
) -> Result<&'s mut Table<'t, K, V>, StoreError> {
    let opened = match slot.take() {
        Some(opened) => opened,
        None => txn.open_table(table)?,
    };
    Ok(slot.insert(opened))
}
