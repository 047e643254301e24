//! The store on PostgreSQL, for several kifu servers sharing one database. The database
//! decides every race: an append locks its record's row and checks the expected head in the
//! transaction that writes its entries (keyed by (record, seq), so two entries never share a
//! seq), and leaves are added to the transparency log under a lock on the log's head row.
//! Seeds are sealed under a key file given at open, never kept in the database.

mod import;
mod listen;
mod log;
mod pool;
mod read;
mod write;

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use kifu_core::record::{Actor, Hash, Header, Record};
use kifu_core::replay::{Checked, Replay, Report};
use kifu_core::Registry;
use postgres::{IsolationLevel, Transaction};

use crate::backend::{Extras, OpenOptions, RecordStore, Watcher};
use crate::guard::guarded;
use crate::secrets::{SecretError, SeedKey};
use crate::{
    Append, AppendError, Appended, Bundle, CreateError, Created, Filter, ImportError, ImportReport, LogError, LogKey,
    LogLeaf, OpenError, PreparedImport, ReadError, Signed, StoreCheck, StoreError, Summary, Token, TokenError,
};

/// The schema's migrations in order, each run once in its own transaction.
const MIGRATIONS: &[(i32, &str)] = &[(1, include_str!("../../migrations/0001_init.sql"))];

/// The advisory lock held while migrating, so servers starting together migrate once.
const MIGRATION_LOCK: i64 = 0x6b69_6675_0001;

/// The channel every committed append is announced on: `ID SEQ`.
pub(crate) const CHANNEL: &str = "kifu_appends";

/// A store in a PostgreSQL database.
pub struct PgStore {
    pool: pool::Pool,
    /// The games the store's records may be of: every replay asks it.
    games: &'static Registry,
    location: String,
    seed_key: Option<PathBuf>,
    /// The seed key, once read and found to be this store's.
    seed_cache: OnceLock<Arc<SeedKey>>,
    read_only: bool,
}

impl PgStore {
    /// Imports records (each `checked` gives its replayed record), `batch` to a transaction.
    fn import_each<T>(
        &self,
        records: &[T],
        batch: usize,
        extend: bool,
        progress: &mut dyn FnMut(usize),
        checked: impl Fn(&T) -> &Checked,
    ) -> Result<ImportReport, ImportError> {
        let mut report = ImportReport::default();
        for chunk in records.chunks(batch.max(1)) {
            let outcomes = self.write(|tx| import::import_batch(tx, chunk.iter().map(&checked), extend))?;
            report.outcomes.extend(outcomes);
            progress(report.outcomes.len());
        }
        Ok(report)
    }

    /// Connects to the database at `url` (`postgres://USER@HOST:PORT/DB`, or with `host=` a
    /// socket directory) and brings its schema up to date.
    pub fn open(url: &str, games: &'static Registry, options: &OpenOptions) -> Result<PgStore, OpenError> {
        let location = without_password(url);
        let config: postgres::Config = url
            .parse()
            .map_err(|e: postgres::Error| OpenError::Location(location.clone(), e.to_string()))?;
        let store = PgStore {
            pool: pool::Pool::new(config),
            games,
            location: location.clone(),
            seed_key: options.seed_key.clone(),
            seed_cache: OnceLock::new(),
            read_only: options.read_only,
        };
        guarded(|| store.migrate()).map_err(|e| OpenError::Storage(location, e))?;
        Ok(store)
    }

    fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.pool.get()?;
        let mut tx = client.transaction()?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
        tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY)")?;
        let done: Vec<i32> = tx
            .query("SELECT version FROM schema_migrations", &[])?
            .iter()
            .map(|row| row.get(0))
            .collect();
        for (version, sql) in MIGRATIONS {
            if !done.contains(version) {
                tx.batch_execute(sql)?;
                tx.execute("INSERT INTO schema_migrations (version) VALUES ($1)", &[version])?;
            }
        }
        let origin = log::new_origin()?;
        tx.execute(
            "INSERT INTO log_head (size, origin) VALUES (0, $1) ON CONFLICT DO NOTHING",
            &[&origin],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Runs `work` in a read-write transaction and commits it when it succeeds.
    fn write<T, E: From<StoreError>>(&self, work: impl FnOnce(&mut Transaction<'_>) -> Result<T, E>) -> Result<T, E> {
        guarded(|| {
            if self.read_only {
                return Err(StoreError::ReadOnly.into());
            }
            let mut client = self.pool.get()?;
            let mut tx = client.transaction().map_err(StoreError::from)?;
            let out = work(&mut tx)?;
            tx.commit().map_err(StoreError::from)?;
            Ok(out)
        })
    }

    /// Runs `work` in a read-only transaction that sees one snapshot of the database.
    fn read<T, E: From<StoreError>>(&self, work: impl FnOnce(&mut Transaction<'_>) -> Result<T, E>) -> Result<T, E> {
        guarded(|| {
            let mut client = self.pool.get()?;
            let mut tx = client
                .build_transaction()
                .isolation_level(IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .map_err(StoreError::from)?;
            work(&mut tx)
        })
    }

    /// The key that seals this store's seeds: the file given at open, made when `create` and
    /// missing, and checked against the store (the first key used is remembered by a value
    /// sealed under it), so two servers never seal under different keys.
    fn seed_key(&self, tx: &mut Transaction<'_>, create: bool) -> Result<Arc<SeedKey>, SecretError> {
        if let Some(key) = self.seed_cache.get() {
            return Ok(key.clone());
        }
        let path = self.seed_key.as_deref().ok_or(SecretError::NotGiven)?;
        let key = SeedKey::load_file(path, create)?;
        let other = || SecretError::OtherKey(path.display().to_string());
        let stored: Option<String> = tx
            .query_opt("SELECT value FROM store_meta WHERE key = 'seed_key'", &[])
            .map_err(|e| SecretError::Io(path.display().to_string(), std::io::Error::other(e)))?
            .map(|row| row.get(0));
        match stored {
            Some(check) => {
                let sealed = kifu_core::record::hex::decode(&check).ok_or_else(other)?;
                key.open(KEY_CHECK, &sealed).map_err(|_| other())?;
            }
            None => {
                let check = kifu_core::record::hex::encode(&key.seal(KEY_CHECK, &[])?);
                tx.execute(
                    "INSERT INTO store_meta (key, value) VALUES ('seed_key', $1) ON CONFLICT DO NOTHING",
                    &[&check],
                )
                .map_err(|e| SecretError::Io(path.display().to_string(), std::io::Error::other(e)))?;
            }
        }
        Ok(self.seed_cache.get_or_init(|| Arc::new(key)).clone())
    }
}

/// What the seed key's check value is sealed for (never a record id: those are hex).
const KEY_CHECK: &str = "kifu seed key check";

/// The address as shown in messages: the password, if any, replaced by `***`.
fn without_password(url: &str) -> String {
    let Some(scheme_end) = url.find("://") else {
        return url.to_string();
    };
    let rest = &url[scheme_end + 3..];
    let Some(at) = rest.find('@') else {
        return url.to_string();
    };
    match rest[..at].find(':') {
        Some(colon) => format!("{}{}:***{}", &url[..scheme_end + 3], &rest[..colon], &rest[at..]),
        None => url.to_string(),
    }
}

/// A 32-byte hash read from a column.
pub(crate) fn hash32(bytes: &[u8], what: impl Fn() -> String) -> Result<Hash, StoreError> {
    bytes
        .try_into()
        .map_err(|_| StoreError::Damaged(format!("{} holds {} bytes, not a hash", what(), bytes.len())))
}

/// A stored count or seq (bigint) as kifu counts it.
pub(crate) fn count(value: i64) -> u64 {
    value.max(0) as u64
}

impl RecordStore for PgStore {
    fn location(&self) -> String {
        self.location.clone()
    }
    fn create(&self, header: Header, seed: Option<&[u8]>, time: Option<&str>) -> Result<Created, CreateError> {
        self.create_inner(header, seed, time, &[])
    }
    fn create_with_tokens(
        &self,
        header: Header,
        seed: Option<&[u8]>,
        time: Option<&str>,
        tokens: &[(Actor, Token)],
    ) -> Result<Created, CreateError> {
        let rows = crate::tokens::token_rows(tokens)?;
        self.create_inner(header, seed, time, &rows)
    }
    fn append(&self, id: &str, request: &Append) -> Result<Appended, AppendError> {
        let group = [(id.to_string(), request.clone())];
        match self.append_group(&group) {
            Ok(mut outcomes) => outcomes.remove(0),
            Err(e) => Err(e.into()),
        }
    }
    fn append_group(&self, requests: &[(String, Append)]) -> Result<Vec<Result<Appended, AppendError>>, StoreError> {
        self.append_all(requests)
    }
    fn import(
        &self,
        records: &[Checked],
        batch: usize,
        extend: bool,
        progress: &mut dyn FnMut(usize),
    ) -> Result<ImportReport, ImportError> {
        self.import_each(records, batch, extend, progress, |checked| checked)
    }
    /// Nothing made ready is used here: PostgreSQL's rows are not redb's.
    fn import_prepared(
        &self,
        records: &[PreparedImport],
        batch: usize,
        extend: bool,
        progress: &mut dyn FnMut(usize),
    ) -> Result<ImportReport, ImportError> {
        self.import_each(records, batch, extend, progress, PreparedImport::checked)
    }
    fn resolve(&self, prefix: &str) -> Result<String, ReadError> {
        self.read(|tx| read::resolve(tx, prefix))
    }
    fn header(&self, id: &str) -> Result<Header, ReadError> {
        self.read(|tx| read::header(tx, id))
    }
    fn head(&self, id: &str) -> Result<(u64, Hash), ReadError> {
        self.read(|tx| read::head(tx, id))
    }
    fn record(&self, id: &str) -> Result<Record, ReadError> {
        self.read(|tx| read::verified_record(tx, id))
    }
    fn replay(&self, id: &str, at: Option<u64>) -> Result<Replay, ReadError> {
        crate::read::replay_to(self.games, id, &self.record(id)?, at)
    }
    fn audit(&self, id: &str) -> Result<Report, ReadError> {
        self.read(|tx| {
            let (read, chain) = match read::verified_chained(tx, id) {
                Ok((record, chain)) => (Ok(record), chain),
                Err(e) => (Err(e), Vec::new()),
            };
            crate::read::audit_report(self.games, read, Some(&chain), |_| {
                let mut reader = log::Reader::new(tx)?;
                Ok(reader.logged_as(id, &chain, true)?.err())
            })
        })
    }
    fn list(&self, filter: &Filter) -> Result<Vec<Summary>, ReadError> {
        self.read(|tx| read::list(tx, filter))
    }
    fn ids(&self) -> Result<Vec<String>, ReadError> {
        self.read(read::ids)
    }
    fn check_all(&self, progress: &mut dyn FnMut(usize, usize)) -> Result<StoreCheck, ReadError> {
        Ok(crate::check::check_each(&self.ids()?, |id| self.audit(id), progress))
    }
    fn bearer(&self, id: &str, token: &Token) -> Result<Option<Actor>, ReadError> {
        self.read(|tx| read::bearer(tx, id, token))
    }
    fn issue_token(&self, id: &str, actor: Actor) -> Result<Token, TokenError> {
        let header = self.header(id)?;
        let (role, token) = crate::tokens::new_token_for(id, &header, actor)?;
        self.write(|tx| {
            tx.execute(
                "INSERT INTO tokens (record_id, role, hash) VALUES ($1, $2, $3)
                 ON CONFLICT (record_id, role) DO UPDATE SET hash = EXCLUDED.hash",
                &[&id, &role, &token.hash().as_bytes().as_slice()],
            )
            .map_err(StoreError::from)?;
            Ok::<_, TokenError>(())
        })?;
        Ok(token)
    }
    fn extras(&self, id: &str) -> Result<Extras, ReadError> {
        self.read(|tx| {
            read::head(tx, id)?;
            let tokens = read::token_rows(tx, id)?;
            let sealed: Option<Vec<u8>> = tx
                .query_opt("SELECT sealed FROM secrets WHERE record_id = $1", &[&id])
                .map_err(StoreError::from)?
                .map(|row| row.get(0));
            let seed =
                match sealed {
                    Some(sealed) => Some(self.seed_key(tx, false).and_then(|key| key.open(id, &sealed)).map_err(
                        |e| ReadError::Damaged {
                            id: id.to_string(),
                            reason: e.to_string(),
                        },
                    )?),
                    None => None,
                };
            Ok(Extras { tokens, seed })
        })
    }
    fn set_extras(&self, id: &str, extras: &Extras) -> Result<(), CreateError> {
        self.write(|tx| write::set_extras(self, tx, id, extras))
    }
    fn log_origin(&self) -> Result<String, ReadError> {
        self.read(|tx| Ok(log::head(tx)?.origin))
    }
    fn log_size(&self) -> Result<u64, ReadError> {
        self.read(|tx| Ok(log::head(tx)?.size))
    }
    fn log_root(&self, size: u64) -> Result<Hash, LogError> {
        self.read(|tx| log::Reader::new(tx)?.root(size))
    }
    fn log_tile(&self, level: u8, index: u64, width: u64) -> Result<Option<Vec<Hash>>, LogError> {
        self.read(|tx| log::Reader::new(tx)?.served_tile(level, index, width))
    }
    fn log_leaves(&self, start: u64, end: u64) -> Result<Vec<LogLeaf>, LogError> {
        self.read(|tx| log::Reader::new(tx)?.leaves(start, end))
    }
    fn log_inclusion(&self, index: u64, size: u64) -> Result<Vec<Hash>, LogError> {
        self.read(|tx| log::Reader::new(tx)?.inclusion(index, size))
    }
    fn log_consistency(&self, old: u64, new: u64) -> Result<Vec<Hash>, LogError> {
        self.read(|tx| log::Reader::new(tx)?.consistency(old, new))
    }
    fn latest_checkpoint(&self) -> Result<Option<String>, ReadError> {
        self.read(|tx| Ok(log::head(tx)?.signed))
    }
    fn sign_checkpoint(&self, key: &LogKey) -> Result<Signed, LogError> {
        self.write(|tx| log::sign_in(tx, key))
    }
    fn prove(&self, id: &str, seq: Option<u64>, key: &LogKey, every: bool) -> Result<Bundle, LogError> {
        self.write(|tx| log::prove(tx, id, seq, key, every))
    }
    fn log_key(&self, path: Option<&Path>, make: bool) -> Result<LogKey, LogError> {
        let path = path.ok_or(crate::KeyError::NotGiven)?;
        let origin = if make { Some(self.log_origin()?) } else { None };
        Ok(LogKey::load(path, origin.as_deref())?)
    }
    fn watch(&self, watcher: Arc<dyn Watcher>) -> Result<(), StoreError> {
        listen::spawn(self.pool.config.clone(), watcher)
    }
}
