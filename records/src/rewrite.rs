//! Rewriting a store file in key order: every table is copied, row by row in key order, into
//! a new file beside it, which then takes the store's name. Never changes a row; until the
//! rename the old file is the store, whole, and a crash at any point leaves it so.
//!
//! Why: record ids are random, so an import inserts keys in random order and redb's B-tree
//! pages end up about two thirds full; the same rows written in key order fill them (about 30 %
//! less file: docs/BENCHMARKS.md, "2026-11-25: a store rewritten in key order").

use std::path::{Path, PathBuf};

use redb::backends::FileBackend;
use redb::{Builder, ConcurrencyMode, Database, MultimapTableHandle, ReadableDatabase, TableDefinition, TableHandle};

use crate::error::StoreError;
use crate::guard::guarded;
use crate::tables::*;
use crate::{Handle, Store, CACHE_BYTES};

/// Bytes of keys and values copied a transaction (one table's rows or several): each commit
/// lets redb write the pages it holds and forget them, so the copy's memory stays flat however
/// large the store. (Each
/// commit is durable, two fsyncs: redb refuses non-durable commits on a file others may open.)
const BYTES_A_COMMIT: usize = 16 << 20;

/// What making the store smaller did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Compacted {
    /// Nothing to do here (a store on PostgreSQL).
    Nothing,
    /// Every table rewritten in key order into a new file, which is now the store: its size
    /// before and after, bytes.
    Rewritten { before: u64, after: u64 },
    /// The file was left as it was: a copy in key order would not be a sixteenth smaller (it was
    /// written so already). Its size, bytes.
    AlreadySmall { size: u64 },
    /// The file holds tables the rewrite does not know (named here), which it would lose: it
    /// was left in place, and only its free pages given back (redb's compaction).
    CompactedOnly { unknown: Vec<String> },
}

/// A copy takes the store's place only if it is smaller by at least this fraction (1/N) of the
/// store: a file redb has closed holds its allocator's state, which the copy, still open, does
/// not yet (on a 0.9 MB store written in storing order, 20 kB: a copy of a copy was found that
/// much "smaller" again and again).
const SMALLER_BY_AT_LEAST: u64 = 16;

/// The new file is compacted when more than this fraction (1/N) of it is free.
const COMPACT_IF_FREE_OVER: u64 = 8;

/// The new file while it is written: the store's path with `.rewrite` added. A rewrite that
/// stopped (a crash, a kill) leaves it behind, readable by its owner alone like the store; the
/// next rewrite removes it first. It is never read.
fn temporary_path(store: &Path) -> PathBuf {
    let mut name = store.as_os_str().to_owned();
    name.push(".rewrite");
    PathBuf::from(name)
}

impl Store {
    /// Rewrites the store file in key order (see the module's text), while holding it for
    /// writing; then goes on with the new file as the store. In order: every table is copied
    /// from one snapshot into a new file, `BYTES_A_COMMIT` of keys and values a durable
    /// commit; the new file is compacted if more than an eighth of it is free (redb grows a
    /// file by doubling it) and synced; it is renamed over the store and the directory synced;
    /// the old file, no longer named, is let go. The new file is held for writing, as this handle holds the old one,
    /// from its creation on, so no other writer ever gets it before this one lets go (and a
    /// writer that opened the old file meanwhile opens the path again: `Store::open_in_mode`).
    /// A reader that had the old file open reads on from it: the same rows, but it never sees
    /// what is written after the rewrite until it opens the store again.
    ///
    /// A copy not a sixteenth smaller than the store is dropped and the store left as it was
    /// ([`Compacted::AlreadySmall`]). A file with a table this kifu does not know is not
    /// rewritten but compacted, which says so ([`Compacted::CompactedOnly`]). Refused for a
    /// store opened for reading.
    pub fn rewrite_in_key_order(&mut self) -> Result<Compacted, StoreError> {
        self.rewrite_committing_every(BYTES_A_COMMIT)
    }

    /// `rewrite_in_key_order`, committing the copy every `bytes` of keys and values (tests
    /// make it small).
    fn rewrite_committing_every(&mut self, bytes: usize) -> Result<Compacted, StoreError> {
        let Handle::Writable(old) = &*self.db else {
            return Err(StoreError::ReadOnly);
        };
        let unknown = guarded(|| unknown_tables(old))?;
        if !unknown.is_empty() {
            self.compact()?;
            return Ok(Compacted::CompactedOnly { unknown });
        }
        let io = |at: &Path, e: std::io::Error| StoreError::Io(at.display().to_string(), e);
        let before = std::fs::metadata(&self.path).map_err(|e| io(&self.path, e))?.len();
        let temporary = temporary_path(&self.path);
        // Left by a rewrite that stopped: no other can be under way, this handle holds the store.
        match std::fs::remove_file(&temporary) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(&temporary, e)),
            _ => {}
        }
        let copied = guarded(|| copy_into(old, &temporary, self.mode, bytes));
        let renamed = copied.and_then(|new| {
            let length = std::fs::metadata(&temporary).map_err(|e| io(&temporary, e))?.len();
            if length + before / SMALLER_BY_AT_LEAST >= before {
                // Already written in key order (or nearly): the copy would not be smaller by
                // more than redb's own state (which closing a file writes, and which the copy,
                // still open, does not hold yet).
                return Ok(None);
            }
            // Everything the file holds reaches the disk before it takes the store's name.
            std::fs::File::open(&temporary)
                .and_then(|f| f.sync_all())
                .map_err(|e| io(&temporary, e))?;
            std::fs::rename(&temporary, &self.path).map_err(|e| io(&self.path, e))?;
            Ok(Some(new))
        });
        let new = match renamed {
            Ok(Some(new)) => new,
            other => {
                // The old file is still the store, untouched; the new one is dropped unnamed.
                let _ = std::fs::remove_file(&temporary);
                other?;
                return Ok(Compacted::AlreadySmall { size: before });
            }
        };
        // The new file is the store from here on, whatever happens next.
        let old = std::mem::replace(&mut *self.db, Handle::Writable(new));
        let _ = guarded(|| -> Result<(), StoreError> {
            drop(old);
            Ok(())
        });
        sync_directory(&self.path).map_err(|e| io(&self.path, e))?;
        let after = std::fs::metadata(&self.path).map_err(|e| io(&self.path, e))?.len();
        Ok(Compacted::Rewritten { before, after })
    }
}

/// The tables (and multimap tables) of `db` that the rewrite would not copy.
fn unknown_tables(db: &Database) -> Result<Vec<String>, StoreError> {
    let mut known = Vec::new();
    macro_rules! names {
        ($($table:expr),*) => {$(known.push($table.name());)*};
    }
    every_table!(names);
    let txn = db.begin_read()?;
    let mut unknown: Vec<String> = txn
        .list_tables()?
        .map(|t| t.name().to_string())
        .filter(|name| !known.contains(&name.as_str()))
        .collect();
    unknown.extend(txn.list_multimap_tables()?.map(|t| t.name().to_string()));
    Ok(unknown)
}

/// Creates the file at `path` (new, private to its owner), opens it in `mode` (the store's)
/// and copies every table of `old` into it from one snapshot, in key order, a commit every
/// `bytes` of keys and values; then compacts it if much of it is free. Returns it open for
/// writing.
fn copy_into(old: &Database, path: &Path, mode: ConcurrencyMode, bytes: usize) -> Result<Database, StoreError> {
    let file = crate::secrets::private_file(path).map_err(|e| StoreError::Io(path.display().to_string(), e))?;
    let mut new = Builder::new()
        .set_concurrency_mode(mode)
        .set_cache_size(CACHE_BYTES)
        .create_with_backend(FileBackend::new(file)?)?;
    let snapshot = old.begin_read()?;
    let mut copying = Copying::begin(&new, bytes)?;
    macro_rules! copy_each {
        ($($table:expr),*) => {$(copying = copying.table(&snapshot, $table)?;)*};
    }
    every_table!(copy_each);
    copying.commit()?;
    drop(snapshot);
    // redb grew the file by doubling it, so up to half of it may be free pages at its end;
    // compaction gives them back, but holds memory that grows with the file while it runs
    // (about 90 MB for a 2 GB file): it is run only when more than an eighth of the file is
    // free (docs/BENCHMARKS.md, "a store rewritten in key order").
    let length = std::fs::metadata(path)
        .map_err(|e| StoreError::Io(path.display().to_string(), e))?
        .len();
    let used = {
        let txn = new.begin_write()?;
        let stats = txn.stats()?;
        txn.abort()?;
        stats.allocated_pages() * stats.page_size() as u64
    };
    let free = length.saturating_sub(used);
    if free > length / COMPACT_IF_FREE_OVER {
        new.compact()?;
    }
    Ok(new)
}

/// The copy's open write transaction on the new file and the bytes of keys and values it holds.
/// Tables are copied one after another into it, and it is committed only once it holds
/// `bytes_a_commit`: a store under that size is copied in one durable commit, not one a table
/// (each is two fsyncs, which were most of the rewrite after a 3000-game import:
/// docs/BENCHMARKS.md, "the rewrite in one commit").
struct Copying<'db> {
    to: &'db Database,
    txn: redb::WriteTransaction,
    copied: usize,
    bytes_a_commit: usize,
}

impl<'db> Copying<'db> {
    fn begin(to: &'db Database, bytes_a_commit: usize) -> Result<Copying<'db>, StoreError> {
        Ok(Copying {
            to,
            txn: to.begin_write()?,
            copied: 0,
            bytes_a_commit,
        })
    }

    /// Copies one table of the snapshot `from`, in key order; a table the snapshot lacks is
    /// created empty. Goes on with the transaction it leaves open.
    fn table<K: redb::Key + 'static, V: redb::Value + 'static>(
        mut self,
        from: &redb::ReadTransaction,
        table: TableDefinition<K, V>,
    ) -> Result<Copying<'db>, StoreError> {
        let source = match from.open_table(table) {
            Ok(source) => Some(source),
            Err(redb::TableError::TableDoesNotExist(_)) => None,
            Err(e) => return Err(e.into()),
        };
        let mut rows = match &source {
            Some(source) => Some(redb::ReadableTable::iter(source)?),
            None => None,
        };
        loop {
            {
                let mut out = self.txn.open_table(table)?;
                while self.copied < self.bytes_a_commit {
                    let Some(row) = rows.as_mut().and_then(Iterator::next) else {
                        drop(out);
                        return Ok(self);
                    };
                    let (key, value) = row?;
                    let (key, value) = (key.value(), value.value());
                    self.copied += K::as_bytes(&key).as_ref().len() + V::as_bytes(&value).as_ref().len();
                    out.insert(key, value)?;
                }
            }
            // Full: committed, so that redb writes the pages it holds and forgets them, before
            // the next transaction begins (redb has one open at a time).
            self.txn.commit()?;
            self.txn = self.to.begin_write()?;
            self.copied = 0;
        }
    }

    /// Commits what is copied since the last commit.
    fn commit(self) -> Result<(), StoreError> {
        self.txn.commit()?;
        Ok(())
    }
}

/// Syncs the directory that holds `path`, so that the rename over it is durable.
fn sync_directory(path: &Path) -> std::io::Result<()> {
    let parent = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    std::fs::File::open(parent)?.sync_all()
}

#[cfg(test)]
pub(crate) mod tests {
    use std::cell::RefCell;

    use kifu_core::chance::commitment;
    use kifu_core::record::{Actor, ChanceMode, Header};
    use redb::{ReadableTable, TableDefinition, TableHandle};

    use super::*;
    use crate::{Append, Token};

    thread_local! {
        /// Run once by the next `open_file_at` of this thread, between opening the file and
        /// taking its lock: where another process's rewrite may come in.
        static BETWEEN_OPEN_AND_LOCK: RefCell<Option<Box<dyn FnOnce()>>> = RefCell::new(None);
    }

    pub(crate) fn between_open_and_lock() {
        if let Some(hook) = BETWEEN_OPEN_AND_LOCK.with(|hook| hook.borrow_mut().take()) {
            hook();
        }
    }

    fn senet(chance: ChanceMode) -> Header {
        let mut header = Header::new("senet", 1, vec!["Ani".into(), "Hunefer".into()], chance);
        header.tags.insert("Event".into(), "Club night".into());
        header
    }

    /// Plays `moves` moves (the first legal one each time) into record `id`, each under an
    /// idempotency key of its own.
    fn play(store: &Store, id: &str, moves: usize) {
        for n in 0..moves {
            let replay = store.replay(id, None).unwrap();
            let Some(command) = replay.current().legal().unwrap().into_iter().next() else {
                return;
            };
            let request = Append {
                commands: vec![(None, command)],
                key: Some(format!("k{n}")),
                ..Append::default()
            };
            store.append(id, &request).unwrap();
        }
    }

    /// A store with a row in every table: chess games imported (full log tiles), Senet games
    /// played with idempotency keys, one with tokens, a seeded one (a sealed seed), a signed
    /// checkpoint.
    fn filled_store(path: &Path) -> Vec<String> {
        let store = Store::open(path, kifu_games::registry()).unwrap();
        let games = crate::prepare::tests::chess_games();
        store.import(&games, 3, false, |_| {}).unwrap();
        let observed = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
        play(&store, &observed, 12);
        let tokens: Vec<(Actor, Token)> = [Actor::Arbiter, Actor::Seat(0)]
            .into_iter()
            .map(|actor| (actor, Token::random().unwrap()))
            .collect();
        let with_tokens = store
            .create_with_tokens(senet(ChanceMode::Observed), None, None, &tokens)
            .unwrap()
            .id;
        play(&store, &with_tokens, 3);
        let seed = b"a seed for the rewrite";
        let seeded = senet(ChanceMode::Seeded {
            commitment: commitment(seed),
        });
        let seeded = store.create(seeded, Some(seed), None).unwrap().id;
        play(&store, &seeded, 5);
        let key = store.log_key(None, true).unwrap();
        store.sign_checkpoint(&key).unwrap();
        store.ids().unwrap()
    }

    /// Every row of every table of the store file at `path` (opened with redb alone), as text,
    /// table by table; and the names of the tables the file holds.
    fn rows(path: &Path) -> (Vec<(String, Vec<String>)>, Vec<String>) {
        let db = Database::open(path).unwrap();
        let txn = db.begin_read().unwrap();
        let mut out = Vec::new();
        macro_rules! dump {
            ($($table:expr),*) => {$({
                let table: TableDefinition<_, _> = $table;
                let rows = txn
                    .open_table(table)
                    .unwrap()
                    .iter()
                    .unwrap()
                    .map(|item| {
                        let (key, value) = item.unwrap();
                        format!("{:?} => {:?}", key.value(), value.value())
                    })
                    .collect();
                out.push((table.name().to_string(), rows));
            })*};
        }
        every_table!(dump);
        let names = txn.list_tables().unwrap().map(|t| t.name().to_string()).collect();
        (out, names)
    }

    #[test]
    fn every_row_of_every_table_is_copied_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.redb");
        let ids = filled_store(&path);
        let before = dir.path().join("before.redb");
        std::fs::copy(&path, &before).unwrap();
        let mut store = Store::open(&path, kifu_games::registry()).unwrap();
        // 2 kB a commit: most tables take many commits.
        let rewritten = store.rewrite_committing_every(2000).unwrap();
        assert!(matches!(rewritten, Compacted::Rewritten { .. }), "{rewritten:?}");
        drop(store);
        assert!(!temporary_path(&path).exists());
        let (old_rows, old_names) = rows(&before);
        let (new_rows, new_names) = rows(&path);
        let mut known: Vec<String> = old_rows.iter().map(|(name, _)| name.clone()).collect();
        known.sort();
        let mut names = old_names.clone();
        names.sort();
        assert_eq!(names, known, "the store holds exactly the tables the rewrite copies");
        for (name, rows) in &old_rows {
            assert!(!rows.is_empty(), "table {name} has rows to copy");
        }
        assert_eq!(new_names, old_names);
        for ((name, old), (_, new)) in old_rows.iter().zip(&new_rows) {
            assert_eq!(old.len(), new.len(), "{name}");
            assert!(old == new, "{name}: the rows differ");
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "the new file is its owner's alone");
        }

        // The handle that rewrote goes on with the new file: what it writes is there when the
        // store is opened again, and every record checks.
        let mut store = Store::open(&before, kifu_games::registry()).unwrap();
        assert!(matches!(
            store.rewrite_in_key_order().unwrap(),
            Compacted::Rewritten { .. }
        ));
        let more = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
        play(&store, &more, 4);
        let head = store.head(&more).unwrap();
        drop(store);
        let store = Store::open_read_only(&before, kifu_games::registry()).unwrap();
        assert_eq!(store.head(&more).unwrap(), head);
        let check = store.check_all(&mut |_, _| {}).unwrap();
        assert_eq!(check.records, ids.len() + 1, "{check:?}");
        assert!(check.damaged.is_empty(), "{check:?}");
        for id in ids.iter().chain([&more]) {
            let report = store.audit(id).unwrap();
            assert!(report.failure.is_none(), "{id}: {:?}", report.failure);
        }
    }

    #[test]
    fn a_copy_no_smaller_than_the_store_is_dropped_and_the_store_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.redb");
        let mut store = Store::open(&path, kifu_games::registry()).unwrap();
        // A new store's file is 1 MB; its copy, of tables without rows, the least redb makes.
        assert!(matches!(
            store.rewrite_in_key_order().unwrap(),
            Compacted::Rewritten { .. }
        ));
        let size = std::fs::metadata(&path).unwrap().len();
        assert_eq!(store.rewrite_in_key_order().unwrap(), Compacted::AlreadySmall { size });
        assert!(!temporary_path(&path).exists());
        let id = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
        drop(store);
        let store = Store::open_read_only(&path, kifu_games::registry()).unwrap();
        assert_eq!(store.ids().unwrap(), vec![id]);
    }

    #[test]
    fn a_writer_that_opened_the_old_file_opens_the_new_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.redb");
        let ids = filled_store(&path);
        // Between this open's file and its lock, another writer rewrites the store and lets
        // go: the file opened is no longer the store's, and its lock is free.
        let rewriting = path.clone();
        BETWEEN_OPEN_AND_LOCK.with(|hook| {
            *hook.borrow_mut() = Some(Box::new(move || {
                let mut other = Store::open(&rewriting, kifu_games::registry()).unwrap();
                assert!(matches!(
                    other.rewrite_in_key_order().unwrap(),
                    Compacted::Rewritten { .. }
                ));
            }))
        });
        let store = Store::open(&path, kifu_games::registry()).unwrap();
        assert!(
            BETWEEN_OPEN_AND_LOCK.with(|hook| hook.borrow().is_none()),
            "the rewrite came in"
        );
        let id = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
        play(&store, &id, 3);
        drop(store);
        // Written into the store, not into the file the rewrite let go.
        let store = Store::open_read_only(&path, kifu_games::registry()).unwrap();
        assert_eq!(store.head(&id).unwrap().0, 3);
        assert_eq!(store.ids().unwrap().len(), ids.len() + 1);
    }

    #[test]
    fn a_table_the_rewrite_does_not_know_is_kept_and_the_store_only_compacted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.redb");
        let ids = filled_store(&path);
        let other: TableDefinition<u64, &str> = TableDefinition::new("someone_elses");
        {
            let db = Database::open(&path).unwrap();
            let txn = db.begin_write().unwrap();
            txn.open_table(other).unwrap().insert(1, "kept").unwrap();
            txn.commit().unwrap();
        }
        let mut store = Store::open(&path, kifu_games::registry()).unwrap();
        assert_eq!(
            store.rewrite_in_key_order().unwrap(),
            Compacted::CompactedOnly {
                unknown: vec!["someone_elses".to_string()]
            }
        );
        assert_eq!(store.ids().unwrap(), ids);
        drop(store);
        let db = Database::open(&path).unwrap();
        let txn = db.begin_read().unwrap();
        assert_eq!(txn.open_table(other).unwrap().get(1).unwrap().unwrap().value(), "kept");
    }

    #[test]
    fn a_rewrite_left_behind_is_replaced_and_a_failed_one_leaves_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.redb");
        let ids = filled_store(&path);
        let leftover = temporary_path(&path);
        std::fs::write(&leftover, b"half a file from a rewrite that was killed").unwrap();
        let mut store = Store::open(&path, kifu_games::registry()).unwrap();
        assert!(matches!(
            store.rewrite_in_key_order().unwrap(),
            Compacted::Rewritten { .. }
        ));
        assert!(!leftover.exists());
        // A new file that cannot be made (a directory in its place): refused, naming it, and
        // the store goes on as it was.
        std::fs::create_dir(&leftover).unwrap();
        let refused = store.rewrite_in_key_order().unwrap_err();
        assert!(refused.to_string().contains("s.redb.rewrite"), "{refused}");
        let id = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
        drop(store);
        let store = Store::open_read_only(&path, kifu_games::registry()).unwrap();
        assert_eq!(store.ids().unwrap().len(), ids.len() + 1);
        assert!(store.header(&id).is_ok());
    }
}
