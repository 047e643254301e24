//! kifu-records: the record store on redb. The log of entries is the only authority;
//! snapshots, statuses and indexes are derived from it and can be rebuilt. An operation that
//! fails changes nothing: every write happens in one redb transaction.

mod append;
mod append_tables;
mod backend;
mod blocks;
mod check;
mod error;
mod extras;
mod group;
mod guard;
mod import;
mod numbering;
mod pg;
mod prepare;
mod read;
mod rewrite;
mod secrets;
mod tables;
mod tail;
mod tlog;
mod tokens;
mod write;

use std::path::{Path, PathBuf};

use kifu_core::record::{Entry, Hash, Header};
use kifu_core::replay::Replay;
use kifu_core::rules::Turn;
use kifu_core::Registry;
use std::time::{Duration, Instant};

use redb::{
    Builder, ConcurrencyMode, Database, DatabaseError, ReadOnlyDatabase, ReadableDatabase, ReadableTable, TableHandle,
};

/// redb's page cache: its default (1 GiB) let a long import grow to that size; a CLI process
/// reads and writes one record or one batch at a time. 64 MiB took a 50 MB PGN import (with
/// its compaction) to 202 MB of RSS, 32 MiB to 132 MB for about 1 s more system time of 33 s
/// of CPU (docs/BENCHMARKS.md, "Import of a 50 MB PGN: memory").
const CACHE_BYTES: usize = 32 << 20;

/// How often a store that waits for another process looks again.
const POLL: Duration = Duration::from_millis(20);

pub use append::{Append, Appended};
pub use backend::{is_postgres, open, open_boxed, Extras, OpenOptions, RecordStore, Watcher};
pub use check::StoreCheck;
pub use error::{AppendError, CreateError, ImportError, OpenError, ReadError, StoreError};
pub use import::{ImportOutcome, ImportReport, Relation};
pub use prepare::PreparedImport;
pub use read::{Filter, Summary};
pub use rewrite::Compacted;
pub use secrets::{key_path, SecretError, SeedKey};
pub use tlog::{
    key_path as log_key_path, Bundle, BundleError, Inclusion, KeyError, LogError, LogKey, LogLeaf, Proven, Signed,
};
pub use tokens::{Token, TokenError};

use guard::guarded;
use tables::*;

/// An open store file.
pub struct Store {
    /// Dropped by hand (`Drop for Store`): redb writes to the file when it closes it.
    db: std::mem::ManuallyDrop<Handle>,
    /// The games the store's records may be of: every replay asks it.
    games: &'static Registry,
    /// The store file's path; its seeds' key file sits beside it.
    path: PathBuf,
    /// Whether writes add leaves to the log (always, but in the bench that measures its cost).
    log: tlog::Writer,
    /// What this writer keeps of the records it appended to last (`tail`).
    tails: tail::Tails,
    /// How the file was opened for writing (a rewrite opens its new file so too).
    mode: ConcurrencyMode,
}

/// The redb handle: one process at a time may hold the store for writing (redb's single-writer
/// mode); any number may read it meanwhile, each reading the last committed state.
enum Handle {
    Writable(Database),
    ReadOnly(ReadOnlyDatabase),
}

/// Closing a writable redb file writes its allocator's state, and redb panics on some damaged
/// files there too: the close is guarded like every operation, and a panic in it is dropped
/// (what was committed stays committed; the next open finds the file not closed cleanly, as
/// after a crash).
impl Drop for Store {
    fn drop(&mut self) {
        // SAFETY: `db` is taken once, here, and never used again.
        let db = unsafe { std::mem::ManuallyDrop::take(&mut self.db) };
        let _ = guarded(|| -> Result<(), StoreError> {
            drop(db);
            Ok(())
        });
    }
}

impl Handle {
    fn begin_read(&self) -> Result<redb::ReadTransaction, redb::TransactionError> {
        match self {
            Handle::Writable(db) => db.begin_read(),
            Handle::ReadOnly(db) => db.begin_read(),
        }
    }
}

/// How long a store waits for another process by default.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(10);

/// What `create` made: the id, the head, and any chance entries drawn at the start.
#[derive(Debug, Clone)]
pub struct Created {
    pub id: String,
    pub seq: u64,
    pub head: Hash,
    pub entries: Vec<Entry>,
}

impl Store {
    /// Opens the store at `path`, creating the file and its tables if needed, waiting up to
    /// [`DEFAULT_WAIT`] for other processes.
    pub fn open(path: &Path, games: &'static Registry) -> Result<Store, OpenError> {
        Store::open_with(path, games, DEFAULT_WAIT)
    }

    /// Opens the store for writing, waiting up to `wait` while another process holds it for
    /// writing, then failing as busy. Other processes may read it meanwhile.
    pub fn open_with(path: &Path, games: &'static Registry, wait: Duration) -> Result<Store, OpenError> {
        Store::open_in_mode(path, games, wait, ConcurrencyMode::SingleWriter)
    }

    /// Opens the store for writing and holds the file alone (redb's `ExclusiveWriter`): no
    /// other process may open it, even to read, until this handle is dropped. In exchange
    /// redb commits in one phase, one fsync a durable commit where a store that others may
    /// read needs two (docs/BENCHMARKS.md, "Durable single appends"). Waits like `open_with`
    /// while another process has it open.
    pub fn open_exclusive(path: &Path, games: &'static Registry, wait: Duration) -> Result<Store, OpenError> {
        Store::open_in_mode(path, games, wait, ConcurrencyMode::ExclusiveWriter)
    }

    fn open_in_mode(
        path: &Path,
        games: &'static Registry,
        wait: Duration,
        mode: ConcurrencyMode,
    ) -> Result<Store, OpenError> {
        if let Some(parent) = path.parent() {
            if !parent.as_os_str().is_empty() && !parent.exists() {
                std::fs::create_dir_all(parent).map_err(|e| OpenError::Io(path.display().to_string(), e))?;
            }
        }
        // A new store file is readable by its owner alone: it holds every hand of every game.
        match secrets::private_file(path) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(OpenError::Io(path.display().to_string(), e)),
        }
        let started = Instant::now();
        let shown = path.display().to_string();
        let db = loop {
            let opened = guarded(|| open_file_at(path, mode).map_err(|e| OpenError::Database(shown.clone(), e)));
            match opened {
                Err(OpenError::Database(_, DatabaseError::DatabaseAlreadyOpen)) if started.elapsed() < wait => {
                    std::thread::sleep(POLL);
                }
                Err(OpenError::Database(_, DatabaseError::DatabaseAlreadyOpen)) => {
                    return Err(OpenError::Busy(shown, started.elapsed().as_secs_f64()));
                }
                other => match other? {
                    Some(db) => break db,
                    // The file was renamed away meanwhile: the path names another now.
                    None => continue,
                },
            }
        };
        let mut store = Store {
            db: std::mem::ManuallyDrop::new(Handle::Writable(db)),
            games,
            path: path.to_path_buf(),
            log: tlog::Writer { on: true },
            tails: tail::Tails::default(),
            mode,
        };
        if guarded(|| store.init()).map_err(|e| OpenError::Storage(shown.clone(), e))? {
            // A store just moved to numbers holds the copy beside the old rows' freed pages:
            // given back now, once (`numbering`).
            store.compact().map_err(|e| OpenError::Storage(shown, e))?;
        }
        Ok(store)
    }

    /// Opens the store for reading only: never waits, even while another process writes. A
    /// store that does not exist yet is created (for writing) so that it reads as empty, and
    /// one left needing repair by a writer that was killed is opened for writing once (which
    /// may wait like a writer) to repair it.
    pub fn open_read_only(path: &Path, games: &'static Registry) -> Result<Store, OpenError> {
        let empty = std::fs::metadata(path).map(|m| m.len() == 0).unwrap_or(true);
        if empty {
            return Store::open_with(path, games, DEFAULT_WAIT);
        }
        let shown = path.display().to_string();
        let opened = guarded(|| {
            Builder::new()
                .set_concurrency_mode(ConcurrencyMode::SingleWriter)
                .set_cache_size(CACHE_BYTES)
                .open_read_only(path)
                .map_err(|e| OpenError::Database(shown.clone(), e))
        });
        let db = match opened {
            // A writer stopped without closing the file (a crash, a kill): a reader cannot
            // repair it, so it is opened for writing once, which repairs it (committed data
            // only), and read from there.
            Err(OpenError::Database(_, DatabaseError::RepairAborted)) => {
                return Store::open_with(path, games, DEFAULT_WAIT);
            }
            // Only a writer that holds the file alone keeps a reader out.
            Err(OpenError::Database(shown, DatabaseError::DatabaseAlreadyOpen)) => {
                return Err(OpenError::HeldAlone(shown));
            }
            other => other?,
        };
        let store = Store {
            db: std::mem::ManuallyDrop::new(Handle::ReadOnly(db)),
            games,
            path: path.to_path_buf(),
            log: tlog::Writer { on: true },
            tails: tail::Tails::default(),
            mode: ConcurrencyMode::SingleWriter,
        };
        // A store of an older layout is opened for writing once, which moves its entries into
        // blocks or gives it its log.
        if guarded(|| store.has_old_layout()).map_err(|e| OpenError::Storage(shown.clone(), e))? {
            drop(store);
            return Store::open_with(path, games, DEFAULT_WAIT);
        }
        // A file that opens but cannot be read is refused here, naming it.
        guarded(|| store.tables_readable()).map_err(|e| OpenError::Storage(shown, e))?;
        Ok(store)
    }

    fn tables_readable(&self) -> Result<(), StoreError> {
        let txn = self.db.begin_read()?;
        txn.open_table(HEADERS)?;
        txn.open_table(HEADS)?;
        Ok(())
    }

    /// Creates the tables a store lacks and moves an earlier layout to today's; whether the
    /// records were moved to numbers (`numbering`).
    fn init(&self) -> Result<bool, StoreError> {
        let txn = self.writer()?;
        let names: Vec<String> = txn.list_tables()?.map(|t| t.name().to_string()).collect();
        let unlogged = !names.iter().any(|n| n == LOG_RUNS.name() || n == LOG_PENDING.name());
        let moved = numbering::before_numbering(&names);
        // Before today's tables are opened: an earlier layout's have the same names.
        numbering::move_to_today(&txn, &names)?;
        tables::create_all(&txn).map_err(StoreError::from)?;
        // A store made before the log: every record it holds is logged now, in this transaction.
        if unlogged {
            tlog::log_every_record(&txn)?;
        }
        tlog::ensure_origin(&txn)?;
        txn.commit()?;
        Ok(moved)
    }

    /// Whether the store was written by a kifu that kept one row an entry (see `OLD_ENTRIES`),
    /// kept no log, kept the head and the status apart (see `OLD_HEADS`), or keyed records'
    /// rows by their ids (`numbering`).
    fn has_old_layout(&self) -> Result<bool, StoreError> {
        let txn = self.db.begin_read()?;
        let names: Vec<String> = txn.list_tables()?.map(|t| t.name().to_string()).collect();
        let has = |table: &str| names.iter().any(|n| n == table);
        Ok(has(OLD_ENTRIES.name())
            || !has(BLOCKS.name())
            || !has(LOG_RUNS.name())
            || !has(LOG_META.name())
            || has(OLD_HEADS.name())
            || !has(HEADS.name())
            || !has(NUMBERS.name()))
    }

    /// For the bench that measures what the log costs, and nothing else: this handle's writes
    /// add no leaves, so the records they write are missing from the log ('kifu check' says
    /// so) and can never be proven.
    #[doc(hidden)]
    pub fn without_log_for_bench(mut self) -> Store {
        self.log = tlog::Writer { on: false };
        self
    }

    /// A write transaction; refused on a store opened for reading only.
    pub(crate) fn writer(&self) -> Result<redb::WriteTransaction, StoreError> {
        match &*self.db {
            Handle::Writable(db) => Ok(db.begin_write()?),
            Handle::ReadOnly(_) => Err(StoreError::ReadOnly),
        }
    }

    /// Gives the space that transactions left free back to the file system (redb's compaction).
    /// Worth it after a long import: redb doubles the file when it is full and writes later
    /// pages across the new half, so up to half the file is free. redb moves pages down in one
    /// transaction and holds a map of every page of the store meanwhile (about 120 bytes a
    /// page, beside the cache): its memory grows with the store. Refused for a store opened
    /// for reading.
    pub fn compact(&mut self) -> Result<(), StoreError> {
        match &mut *self.db {
            Handle::Writable(db) => guarded(|| db.compact().map(|_| ()).map_err(|e| StoreError::Redb(e.into()))),
            Handle::ReadOnly(_) => Err(StoreError::ReadOnly),
        }
    }

    /// Creates a record. With a seed (seeded chance) the header must commit to it; the seed is
    /// kept secret in the store until the game ends, and chance due at the start is drawn now.
    /// A format-2 header without an id is given a random 128-bit one here.
    pub fn create(&self, header: Header, seed: Option<&[u8]>, time: Option<&str>) -> Result<Created, CreateError> {
        self.create_inner(header, seed, time, &[])
    }

    /// `create`, storing the given (role, token hash) rows with the record.
    fn create_inner(
        &self,
        header: Header,
        seed: Option<&[u8]>,
        time: Option<&str>,
        tokens: &[(String, Hash)],
    ) -> Result<Created, CreateError> {
        guarded(|| {
            let Started {
                header,
                replay,
                id,
                entries,
            } = start_record(self.games, header, seed, time)?;
            let txn = self.writer()?;
            let number = {
                let mut tables = write::Tables::open(&txn, self.log)?;
                if tables.number_of(&id)?.is_some() {
                    return Err(CreateError::Exists(id));
                }
                let text = header.canonical_text();
                let packed = write::Packed::of(&id, &text, &entries, tables.logged.on)?;
                let number = tables.number_new(&id, None)?;
                write::write_new_record(
                    &mut tables,
                    Numbered { id: &id, number },
                    &header,
                    (&text, &content_key_of(&header, &text)),
                    &packed,
                    &replay.turn(),
                    Some(&replay.current().snapshot()),
                )?;
                tables.close()?;
                number
            };
            tokens::write_tokens(&txn, number, tokens)?;
            if let Some(seed) = seed {
                let sealed = secrets::SeedKey::load(&self.path, true)?.seal(&id, seed)?;
                txn.open_table(SECRETS)
                    .map_err(StoreError::from)?
                    .insert(number, sealed.as_slice())
                    .map_err(StoreError::from)?;
            }
            txn.commit().map_err(StoreError::from)?;
            Ok(Created {
                id,
                seq: replay.seq(),
                head: replay.head(),
                entries,
            })
        })
    }

    /// The full id for a unique prefix of one (at least 4 hex digits), or for the record's
    /// header hash (64 hex digits: the chain's first hash, on the `header` line of its text).
    pub fn resolve(&self, prefix: &str) -> Result<String, ReadError> {
        guarded(|| {
            if id_form(prefix).is_some() {
                return Err(ReadError::NotFound(prefix.to_string()));
            }
            let prefix = prefix.to_ascii_lowercase();
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let mut found = Vec::new();
            if prefix.len() == 64 {
                // Longer than any id: a header hash, found by hashing every header.
                for item in txn
                    .open_table(HEADERS)
                    .map_err(StoreError::from)?
                    .iter()
                    .map_err(StoreError::from)?
                {
                    let row = item.map_err(StoreError::from)?.1;
                    let (id, text) = row.value();
                    if kifu_core::record::hex::encode(&kifu_core::record::header_hash(text)) == prefix {
                        found.push(id.to_string());
                    }
                }
            }
            let numbers = txn.open_table(NUMBERS).map_err(StoreError::from)?;
            for item in numbers.range(prefix.as_str()..).map_err(StoreError::from)? {
                let (key, _) = item.map_err(StoreError::from)?;
                let key = key.value().to_string();
                if !key.starts_with(&prefix) || found.len() > 1 {
                    break;
                }
                found.push(key);
            }
            match found.len() {
                0 => Err(ReadError::NotFound(prefix)),
                1 => Ok(found.remove(0)),
                _ => Err(ReadError::Ambiguous(prefix)),
            }
        })
    }
}

/// Why `name` cannot name a record (too short, or not hex), or `None` when it may: an id, a
/// prefix of one of 4 digits or more, or a header hash.
pub fn id_form(name: &str) -> Option<&'static str> {
    if !name.bytes().all(|b| b.is_ascii_hexdigit()) {
        Some("an id is hex digits, 0-9 and a-f")
    } else if name.len() < 4 {
        Some("an id prefix needs 4 digits or more")
    } else if name.len() > 32 && name.len() != 64 {
        Some("an id has 32 digits, a header hash 64")
    } else {
        None
    }
}

/// Opens the store file at `path` for writing (creating it if it is empty) and returns it once
/// it is held, or `None` if the path no longer names the file that was opened. That happens
/// when a rewrite in key order (`rewrite`) renamed a new file over the store after this
/// process opened the old one and before it got the old one's lock: writing on would write
/// into a file no one can find again, and those records would be lost. So the file is opened
/// here, its (device, inode) noted, and compared with the path's once redb holds the lock; if
/// they differ it is let go and the path opened again. Once they agree it stays so while the
/// lock is held: only a holder of the store's lock renames a file over it.
fn open_file_at(path: &Path, mode: ConcurrencyMode) -> Result<Option<Database>, DatabaseError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    let opened = file_identity(&file.metadata()?);
    #[cfg(test)]
    rewrite::tests::between_open_and_lock();
    let db = Builder::new()
        .set_concurrency_mode(mode)
        .set_cache_size(CACHE_BYTES)
        .create_with_backend(redb::backends::FileBackend::new(file)?)?;
    let named = std::fs::metadata(path).map(|m| file_identity(&m));
    Ok(match named {
        Ok(named) if named == opened => Some(db),
        _ => None,
    })
}

/// What tells one file from another whatever its name: (device, inode) on Unix; elsewhere the
/// rename check above cannot be made, and every file passes it.
#[cfg(unix)]
fn file_identity(metadata: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (metadata.dev(), metadata.ino())
}

#[cfg(not(unix))]
fn file_identity(_: &std::fs::Metadata) -> (u64, u64) {
    (0, 0)
}

/// A new record before it is stored: its header (given an id), its game at the start, and the
/// chance entries drawn there.
pub(crate) struct Started {
    pub header: Header,
    pub replay: Replay,
    pub id: String,
    pub entries: Vec<Entry>,
}

/// Starts a new record: a format-2 header without an id is given a random one, the seed (if
/// any) is set and chance due at the start is drawn. Writes nothing. Shared by every backend.
pub(crate) fn start_record(
    games: &Registry,
    header: Header,
    seed: Option<&[u8]>,
    time: Option<&str>,
) -> Result<Started, CreateError> {
    let mut header = header;
    if header.format >= 2 && header.id.is_none() {
        header.id = Some(random_id()?);
    }
    let mut replay = Replay::start(games, &header).map_err(CreateError::Rejected)?;
    if let Some(seed) = seed {
        replay.set_seed(seed).map_err(CreateError::Seed)?;
    }
    let id = header.id();
    let entries = replay.draw_chance(time).map_err(CreateError::Rejected)?;
    Ok(Started {
        header,
        replay,
        id,
        entries,
    })
}

/// 128 random bits from the operating system, for a new record's id.
fn random_id() -> Result<[u8; 16], CreateError> {
    let mut id = [0; 16];
    getrandom::fill(&mut id).map_err(|e| CreateError::Random(e.to_string()))?;
    Ok(id)
}

/// What records with the same header but for the id share: 16 bytes of blake3 of the header
/// written without its id, in hex.
pub(crate) fn content_key(header: &Header) -> String {
    content_key_of(header, &header.canonical_text())
}

/// `content_key` of a header whose canonical text is `text`: the text without its id line (the
/// second, `Header::canonical_lines`) is hashed as it stands, without writing it again.
pub(crate) fn content_key_of(header: &Header, text: &str) -> String {
    let mut hasher = blake3::Hasher::new();
    let after_first = text.find('\n').map_or(text.len(), |at| at + 1);
    let after_second = text[after_first..]
        .find('\n')
        .map_or(text.len(), |at| after_first + at + 1);
    if header.id.is_none() {
        hasher.update(text.as_bytes());
    } else if text[after_first..].starts_with("id ") {
        hasher.update(&text.as_bytes()[..after_first]);
        hasher.update(&text.as_bytes()[after_second..]);
    } else {
        let mut header = header.clone();
        header.id = None;
        hasher.update(header.canonical_text().as_bytes());
    }
    kifu_core::record::hex::encode(&hasher.finalize().as_bytes()[..16])
}

/// The status line stored for a record: whose turn it is, as JSON.
fn status_json(turn: &Turn) -> String {
    serde_json::to_string(turn).unwrap_or_default()
}

/// The status stored for a record, read back.
fn parse_status(text: &str) -> Option<Turn> {
    serde_json::from_str(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_core::record::Header;

    #[test]
    fn the_content_key_is_that_of_the_header_written_without_its_id() {
        let text = "kifu 2\nid 000102030405060708090a0b0c0d0e0f\ngame chess\nrules 3\nplayer 1 A\nplayer 2 B\ntag Event=x\nchance observed\n";
        let lines: Vec<&str> = text.lines().collect();
        let with_id = Header::parse(&lines).unwrap();
        assert_eq!(with_id.canonical_text(), text);
        let mut without_id = with_id.clone();
        without_id.id = None;
        let expected =
            kifu_core::record::hex::encode(&blake3::hash(without_id.canonical_text().as_bytes()).as_bytes()[..16]);
        assert_eq!(content_key(&with_id), expected);
        assert_eq!(content_key(&without_id), expected);
        let mut other = with_id.clone();
        other.id = Some([9; 16]);
        assert_eq!(content_key(&other), expected);
        other.tags.insert("Event".into(), "y".into());
        assert_ne!(content_key(&other), expected);
    }
}
