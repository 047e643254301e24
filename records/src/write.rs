//! What a new record writes (header, blocks, log leaves, head, derived rows, indexes), through
//! the tables a write transaction opens once for all the records it stores. It never decides
//! whether a record may be stored: its callers (`create`, `import`) have.

use kifu_core::record::{header_hash, Entry, Hash, Header};
use kifu_core::replay::Checked;
use kifu_core::rules::Turn;
use redb::Table;

use crate::error::StoreError;
use crate::tables::*;
use crate::{blocks, tlog};

/// The tables a new record is written to, open in one write transaction: opening a table is
/// not free in redb, so an import opens them once a batch, not once a record. No other
/// handle on them may be opened in the transaction while these are (redb refuses it), and
/// `close` must be called before it commits.
pub(crate) struct Tables<'t> {
    pub numbers: Table<'t, &'static str, u64>,
    pub headers: Table<'t, u64, (&'static str, &'static str)>,
    pub blocks: Table<'t, (u64, u64), (Hash, &'static [u8])>,
    pub heads: Table<'t, u64, (u64, Hash, &'static str)>,
    pub snapshots: Table<'t, u64, (u64, &'static [u8])>,
    pub by_game: Table<'t, (&'static str, u64), ()>,
    pub by_player: Table<'t, (&'static str, u64), ()>,
    pub by_tag: Table<'t, (&'static str, u64), ()>,
    pub by_content: Table<'t, (&'static str, u64), ()>,
    pub log: tlog::Tables<'t>,
    /// Whether leaves are added to the log (see `tlog::Writer`).
    pub logged: tlog::Writer,
    /// The last status written and its JSON: a batch's records mostly end alike.
    status_json: Option<(Turn, String)>,
    /// The number the next new record gets, once read (`next_number`).
    next: Option<u64>,
}

impl<'t> Tables<'t> {
    pub fn open(txn: &'t redb::WriteTransaction, logged: tlog::Writer) -> Result<Tables<'t>, StoreError> {
        Ok(Tables {
            numbers: txn.open_table(NUMBERS)?,
            headers: txn.open_table(HEADERS)?,
            blocks: txn.open_table(BLOCKS)?,
            heads: txn.open_table(HEADS)?,
            snapshots: txn.open_table(SNAPSHOTS)?,
            by_game: txn.open_table(BY_GAME)?,
            by_player: txn.open_table(BY_PLAYER)?,
            by_tag: txn.open_table(BY_TAG)?,
            by_content: txn.open_table(BY_CONTENT)?,
            log: tlog::Tables::open(txn)?,
            logged,
            status_json: None,
            next: None,
        })
    }

    /// Writes what is still held (the log's pending leaves): must be called before the
    /// transaction commits.
    pub fn close(self) -> Result<(), StoreError> {
        self.log.close()
    }

    /// Record `id`'s number, if the store holds it.
    pub fn number_of(&self, id: &str) -> Result<Option<u64>, StoreError> {
        Ok(number_in(&self.numbers, id)?)
    }

    /// The number a new record `id` is stored under: the one it has (`known`: a damaged record
    /// stored anew over its rows), else the next (one past the last stored), written here.
    pub fn number_new(&mut self, id: &str, known: Option<u64>) -> Result<u64, StoreError> {
        if let Some(number) = known {
            return Ok(number);
        }
        let number = match self.next {
            Some(next) => next,
            None => next_number(&self.headers, &self.heads)?,
        };
        self.numbers.insert(id, number)?;
        self.next = Some(number + 1);
        Ok(number)
    }

    /// Adds the leaves of record `id`'s chain positions `first_seq ..` to the log.
    pub fn log(&mut self, id: &str, first_seq: u64, chain: &[Hash]) -> Result<(), StoreError> {
        self.logged.add_to(&mut self.log, id, first_seq, chain)
    }

    /// Writes record `number`'s head row: the seq of its last entry and the chain hash after
    /// it, with the status (whose `turn` it is) derived from the log.
    pub fn write_head(&mut self, number: u64, (seq, head): (u64, Hash), turn: &Turn) -> Result<(), StoreError> {
        if self.status_json.as_ref().is_none_or(|(last, _)| last != turn) {
            self.status_json = Some((turn.clone(), crate::status_json(turn)));
        }
        let (_, json) = self.status_json.as_ref().expect("set above");
        self.heads.insert(number, (seq, head, json.as_str()))?;
        Ok(())
    }

    /// Writes the snapshot after entry `seq` (derived). Without one, any older one is dropped:
    /// an append then replays the log once.
    pub fn write_snapshot(&mut self, number: u64, seq: u64, snapshot: Option<&[u8]>) -> Result<(), StoreError> {
        match snapshot {
            Some(bytes) => self.snapshots.insert(number, (seq, bytes))?,
            None => self.snapshots.remove(number)?,
        };
        Ok(())
    }
}

/// What a new record writes that depends on the record alone, not on the store: its block
/// rows, the chain hash after its last entry, and the log's leaf hashes of its chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Packed {
    pub rows: Vec<blocks::Row>,
    /// The chain hash after the last entry (the header's hash when there is none).
    pub head: Hash,
    /// How many entries the rows hold.
    pub entries: u64,
    /// The leaf hashes of chain positions 0 (the header) to `entries`; empty when made for a
    /// store whose log is off (`tlog::Writer`).
    pub leaves: Vec<Hash>,
}

impl Packed {
    /// Packs record `id`'s entries after its header's canonical `text`; `leaves` says whether
    /// the log's leaf hashes are made too.
    pub fn of(id: &str, text: &str, entries: &[Entry], leaves: bool) -> Result<Packed, StoreError> {
        let mut chain = Vec::with_capacity(entries.len() + 1);
        chain.push(header_hash(text));
        let rows = blocks::pack_entries(chain[0], entries, &mut chain)?;
        Ok(Packed::from_chain(id, rows, chain, leaves))
    }

    /// `of` a record the kernel replayed, from the canonical lines and chain hashes its replay
    /// made (`Checked::lines`, `Checked::chain`) rather than writing and hashing them again.
    pub fn of_checked(checked: &Checked, leaves: bool) -> Result<Packed, StoreError> {
        let chain = checked.chain();
        let rows = blocks::pack_lines(checked.lines(), &chain[1..])?;
        Ok(Packed::from_chain(&checked.record().id(), rows, chain.to_vec(), leaves))
    }

    /// The rows packed from entries whose `chain` (the header's hash, then each entry's) is
    /// given.
    fn from_chain(id: &str, rows: Vec<blocks::Row>, chain: Vec<Hash>, leaves: bool) -> Packed {
        Packed {
            rows,
            head: chain[chain.len() - 1],
            entries: chain.len() as u64 - 1,
            leaves: if leaves {
                tlog::leaf_hashes(id, 0, &chain)
            } else {
                Vec::new()
            },
        }
    }
}

/// Writes a new record's header, its entries (`packed` from them), head, status, snapshot (if
/// given) and indexes under its number (`Tables::number_new`), and logs its header and
/// entries. `text` is the header's canonical text, `content_key` its `content_key`.
pub(crate) fn write_new_record(
    tables: &mut Tables,
    record: Numbered,
    header: &Header,
    (text, content_key): (&str, &str),
    packed: &Packed,
    turn: &Turn,
    snapshot: Option<&[u8]>,
) -> Result<(), StoreError> {
    let (id, number) = (record.id, record.number);
    tables.headers.insert(number, (id, text))?;
    blocks::write(&mut tables.blocks, number, &packed.rows)?;
    if tables.logged.on && packed.leaves.len() as u64 != packed.entries + 1 {
        return Err(StoreError::Damaged(format!(
            "record {id}: {} leaves made for {} entries",
            packed.leaves.len(),
            packed.entries
        )));
    }
    tables.logged.add_hashes_to(&mut tables.log, id, 0, &packed.leaves)?;
    tables.write_head(number, (packed.entries, packed.head), turn)?;
    tables.write_snapshot(number, packed.entries, snapshot)?;
    tables.by_game.insert((header.game.as_str(), number), ())?;
    for name in &header.players {
        tables.by_player.insert((name.as_str(), number), ())?;
    }
    let mut tag = String::new();
    for (key, value) in &header.tags {
        tag.clear();
        tag.push_str(key);
        tag.push('=');
        tag.push_str(value);
        tables.by_tag.insert((tag.as_str(), number), ())?;
    }
    tables.by_content.insert((content_key, number), ())?;
    Ok(())
}
