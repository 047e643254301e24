//! The store interface every backend implements: redb (one machine, embedded, the default)
//! and PostgreSQL (several servers on one database). The service and the CLI hold a
//! `dyn RecordStore` and pick the backend by the store's location (`open`); nothing above
//! this trait may know which backend it talks to.

use std::ffi::OsStr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use kifu_core::record::{Actor, Hash, Header, Record};
use kifu_core::replay::{Checked, Replay, Report};
use kifu_core::Registry;

use crate::{
    Append, AppendError, Appended, Bundle, Compacted, CreateError, Created, Filter, ImportError, ImportReport,
    LogError, LogKey, LogLeaf, OpenError, PreparedImport, ReadError, Signed, Store, StoreCheck, StoreError, Summary,
    Token, TokenError,
};

/// Told of appends committed by other processes on the same store (`RecordStore::watch`).
pub trait Watcher: Send + Sync {
    /// Record `id` now ends at entry `seq`.
    fn appended(&self, id: &str, seq: u64);
    /// Appends may have been missed (a lost connection): every follower must look again.
    fn missed(&self);
    /// False once nobody listens any more: watching stops.
    fn wanted(&self) -> bool;
}

/// What a record carries beside its log, for `kifu migrate`: the hashes of its bearer tokens
/// (role, hash) and, while its game runs, its seed (opened: handle with care, never print).
#[derive(Clone, Default)]
pub struct Extras {
    pub tokens: Vec<(String, Hash)>,
    pub seed: Option<Vec<u8>>,
}

/// Never printed by accident: a debug print shows no seed.
impl std::fmt::Debug for Extras {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Extras({} tokens, seed: {})", self.tokens.len(), self.seed.is_some())
    }
}

/// The record store. Every operation is one transaction of the backend: a failure changes
/// nothing. Appends name the head they expect and may carry an idempotency key; the backend
/// decides (never its caller) so that a record never forks, whichever process appends.
pub trait RecordStore: Send + Sync {
    /// Where the store is, for messages (a path, or a PostgreSQL address without password).
    fn location(&self) -> String;

    fn create(&self, header: Header, seed: Option<&[u8]>, time: Option<&str>) -> Result<Created, CreateError>;
    fn create_with_tokens(
        &self,
        header: Header,
        seed: Option<&[u8]>,
        time: Option<&str>,
        tokens: &[(Actor, Token)],
    ) -> Result<Created, CreateError>;
    fn append(&self, id: &str, request: &Append) -> Result<Appended, AppendError>;
    /// Many appends in one durable transaction, each with the outcome `append` would have
    /// given them one after another; `Err` means none of them is stored.
    fn append_group(&self, requests: &[(String, Append)]) -> Result<Vec<Result<Appended, AppendError>>, StoreError>;
    fn import(
        &self,
        records: &[Checked],
        batch: usize,
        extend: bool,
        progress: &mut dyn FnMut(usize),
    ) -> Result<ImportReport, ImportError>;
    /// `import` of records made ready where they were built: the same outcomes and rows.
    fn import_prepared(
        &self,
        records: &[PreparedImport],
        batch: usize,
        extend: bool,
        progress: &mut dyn FnMut(usize),
    ) -> Result<ImportReport, ImportError>;

    fn resolve(&self, prefix: &str) -> Result<String, ReadError>;
    fn header(&self, id: &str) -> Result<Header, ReadError>;
    fn head(&self, id: &str) -> Result<(u64, Hash), ReadError>;
    fn record(&self, id: &str) -> Result<Record, ReadError>;
    fn replay(&self, id: &str, at: Option<u64>) -> Result<Replay, ReadError>;
    fn audit(&self, id: &str) -> Result<Report, ReadError>;
    fn list(&self, filter: &Filter) -> Result<Vec<Summary>, ReadError>;
    fn ids(&self) -> Result<Vec<String>, ReadError>;
    fn check_all(&self, progress: &mut dyn FnMut(usize, usize)) -> Result<StoreCheck, ReadError>;

    fn bearer(&self, id: &str, token: &Token) -> Result<Option<Actor>, ReadError>;
    fn issue_token(&self, id: &str, actor: Actor) -> Result<Token, TokenError>;

    /// A record's tokens and seed, to copy it to another store.
    fn extras(&self, id: &str) -> Result<Extras, ReadError>;
    /// Stores the extras of a record this store already holds (copied by `kifu migrate`),
    /// its seed sealed under this store's key. Refused for a record that has tokens or a seed.
    fn set_extras(&self, id: &str, extras: &Extras) -> Result<(), CreateError>;

    fn log_origin(&self) -> Result<String, ReadError>;
    fn log_size(&self) -> Result<u64, ReadError>;
    fn log_root(&self, size: u64) -> Result<Hash, LogError>;
    fn log_tile(&self, level: u8, index: u64, width: u64) -> Result<Option<Vec<Hash>>, LogError>;
    fn log_leaves(&self, start: u64, end: u64) -> Result<Vec<LogLeaf>, LogError>;
    fn log_inclusion(&self, index: u64, size: u64) -> Result<Vec<Hash>, LogError>;
    fn log_consistency(&self, old: u64, new: u64) -> Result<Vec<Hash>, LogError>;
    fn latest_checkpoint(&self) -> Result<Option<String>, ReadError>;
    fn sign_checkpoint(&self, key: &LogKey) -> Result<Signed, LogError>;
    fn prove(&self, id: &str, seq: Option<u64>, key: &LogKey, every: bool) -> Result<Bundle, LogError>;
    /// The log's signing key: the file at `path`, else the backend's default place (redb: beside
    /// the store; PostgreSQL has none and needs a path); with `make`, made if missing.
    fn log_key(&self, path: Option<&Path>, make: bool) -> Result<LogKey, LogError>;

    /// Makes the store smaller after a long import (redb: rewritten in key order,
    /// `Store::rewrite_in_key_order`); nothing to do elsewhere.
    fn compact(&mut self) -> Result<Compacted, StoreError> {
        Ok(Compacted::Nothing)
    }

    /// Tells `watcher` of appends made by other processes on this store, on a thread of its
    /// own, for as long as it is wanted. A store only one process writes (redb) has none to
    /// tell, so by default this does nothing.
    fn watch(&self, watcher: Arc<dyn Watcher>) -> Result<(), StoreError> {
        drop(watcher);
        Ok(())
    }
}

/// How a store is opened.
#[derive(Debug, Clone)]
pub struct OpenOptions {
    /// How long to wait for another process holding a redb store for writing.
    pub wait: Duration,
    /// Open for reading only (redb: a read-only handle that never waits).
    pub read_only: bool,
    /// redb: hold the file alone while open (see `Store::open_exclusive`): durable commits
    /// take one fsync instead of two, and no other process can open the file meanwhile, not
    /// even to read. Ignored with `read_only` and for PostgreSQL.
    pub exclusive: bool,
    /// PostgreSQL: the file of the key that seals seeds (never kept in the database). redb keeps
    /// it beside the store file.
    pub seed_key: Option<std::path::PathBuf>,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            wait: crate::DEFAULT_WAIT,
            read_only: false,
            exclusive: false,
            seed_key: None,
        }
    }
}

/// Whether a store location names a PostgreSQL database rather than a redb file.
pub fn is_postgres(location: &str) -> bool {
    location.starts_with("postgres://") || location.starts_with("postgresql://")
}

/// Opens the store at `location`: `postgres://...` (or `postgresql://`) is a PostgreSQL
/// database, anything else the path of a redb file.
pub fn open(
    location: impl AsRef<OsStr>,
    games: &'static Registry,
    options: &OpenOptions,
) -> Result<Arc<dyn RecordStore>, OpenError> {
    Ok(Arc::from(open_boxed(location, games, options)?))
}

/// [`open`], as a box (for a caller that needs `&mut` for `compact`).
pub fn open_boxed(
    location: impl AsRef<OsStr>,
    games: &'static Registry,
    options: &OpenOptions,
) -> Result<Box<dyn RecordStore>, OpenError> {
    let location = location.as_ref();
    if let Some(url) = location.to_str().filter(|l| is_postgres(l)) {
        return Ok(Box::new(crate::pg::PgStore::open(url, games, options)?));
    }
    let path = Path::new(location);
    Ok(Box::new(if options.read_only {
        Store::open_read_only(path, games)?
    } else if options.exclusive {
        Store::open_exclusive(path, games, options.wait)?
    } else {
        Store::open_with(path, games, options.wait)?
    }))
}

impl RecordStore for Store {
    fn location(&self) -> String {
        self.path.display().to_string()
    }
    fn create(&self, header: Header, seed: Option<&[u8]>, time: Option<&str>) -> Result<Created, CreateError> {
        Store::create(self, header, seed, time)
    }
    fn create_with_tokens(
        &self,
        header: Header,
        seed: Option<&[u8]>,
        time: Option<&str>,
        tokens: &[(Actor, Token)],
    ) -> Result<Created, CreateError> {
        Store::create_with_tokens(self, header, seed, time, tokens)
    }
    fn append(&self, id: &str, request: &Append) -> Result<Appended, AppendError> {
        Store::append(self, id, request)
    }
    fn append_group(&self, requests: &[(String, Append)]) -> Result<Vec<Result<Appended, AppendError>>, StoreError> {
        Store::append_group(self, requests)
    }
    fn import(
        &self,
        records: &[Checked],
        batch: usize,
        extend: bool,
        progress: &mut dyn FnMut(usize),
    ) -> Result<ImportReport, ImportError> {
        Store::import(self, records, batch, extend, progress)
    }
    fn import_prepared(
        &self,
        records: &[PreparedImport],
        batch: usize,
        extend: bool,
        progress: &mut dyn FnMut(usize),
    ) -> Result<ImportReport, ImportError> {
        Store::import_prepared(self, records, batch, extend, progress)
    }
    fn resolve(&self, prefix: &str) -> Result<String, ReadError> {
        Store::resolve(self, prefix)
    }
    fn header(&self, id: &str) -> Result<Header, ReadError> {
        Store::header(self, id)
    }
    fn head(&self, id: &str) -> Result<(u64, Hash), ReadError> {
        Store::head(self, id)
    }
    fn record(&self, id: &str) -> Result<Record, ReadError> {
        Store::record(self, id)
    }
    fn replay(&self, id: &str, at: Option<u64>) -> Result<Replay, ReadError> {
        Store::replay(self, id, at)
    }
    fn audit(&self, id: &str) -> Result<Report, ReadError> {
        Store::audit(self, id)
    }
    fn list(&self, filter: &Filter) -> Result<Vec<Summary>, ReadError> {
        Store::list(self, filter)
    }
    fn ids(&self) -> Result<Vec<String>, ReadError> {
        Store::ids(self)
    }
    fn check_all(&self, progress: &mut dyn FnMut(usize, usize)) -> Result<StoreCheck, ReadError> {
        Store::check_all(self, progress)
    }
    fn bearer(&self, id: &str, token: &Token) -> Result<Option<Actor>, ReadError> {
        Store::bearer(self, id, token)
    }
    fn issue_token(&self, id: &str, actor: Actor) -> Result<Token, TokenError> {
        Store::issue_token(self, id, actor)
    }
    fn extras(&self, id: &str) -> Result<Extras, ReadError> {
        Store::extras(self, id)
    }
    fn set_extras(&self, id: &str, extras: &Extras) -> Result<(), CreateError> {
        Store::set_extras(self, id, extras)
    }
    fn log_origin(&self) -> Result<String, ReadError> {
        Store::log_origin(self)
    }
    fn log_size(&self) -> Result<u64, ReadError> {
        Store::log_size(self)
    }
    fn log_root(&self, size: u64) -> Result<Hash, LogError> {
        Store::log_root(self, size)
    }
    fn log_tile(&self, level: u8, index: u64, width: u64) -> Result<Option<Vec<Hash>>, LogError> {
        Store::log_tile(self, level, index, width)
    }
    fn log_leaves(&self, start: u64, end: u64) -> Result<Vec<LogLeaf>, LogError> {
        Store::log_leaves(self, start, end)
    }
    fn log_inclusion(&self, index: u64, size: u64) -> Result<Vec<Hash>, LogError> {
        Store::log_inclusion(self, index, size)
    }
    fn log_consistency(&self, old: u64, new: u64) -> Result<Vec<Hash>, LogError> {
        Store::log_consistency(self, old, new)
    }
    fn latest_checkpoint(&self) -> Result<Option<String>, ReadError> {
        Store::latest_checkpoint(self)
    }
    fn sign_checkpoint(&self, key: &LogKey) -> Result<Signed, LogError> {
        Store::sign_checkpoint(self, key)
    }
    fn prove(&self, id: &str, seq: Option<u64>, key: &LogKey, every: bool) -> Result<Bundle, LogError> {
        Store::prove(self, id, seq, key, every)
    }
    fn log_key(&self, path: Option<&Path>, make: bool) -> Result<LogKey, LogError> {
        Store::log_key(self, path, make)
    }
    fn compact(&mut self) -> Result<Compacted, StoreError> {
        Store::rewrite_in_key_order(self)
    }
}
