//! Where the store lives: `--store`, else `$KIFU_STORE` (both via clap), else
//! `$XDG_DATA_HOME/kifu/store.redb`, else `~/.local/share/kifu/store.redb`. A path is a redb
//! file; `postgres://...` a PostgreSQL database (its seeds' key file given by `--seed-key`).
//! Opened on first use, so commands that need no store never create one, and made only by a
//! command that writes. With `--server` it
//! never opens a store: a command that needs one is refused instead.

use std::cell::OnceCell;
use std::path::PathBuf;
use std::sync::Arc;

use kifu_records::{OpenOptions, RecordStore};

use crate::exit::CliError;

pub struct Lazy {
    location: Option<PathBuf>,
    wait: std::time::Duration,
    seed_key: Option<PathBuf>,
    store: OnceCell<Box<dyn RecordStore>>,
    /// The `--server` given: then no store is opened, and a command that needs one is
    /// refused (exit 2).
    server: Option<String>,
}

impl Lazy {
    pub fn new(location: Option<PathBuf>, wait: std::time::Duration, seed_key: Option<PathBuf>) -> Self {
        Lazy {
            location,
            wait,
            seed_key,
            store: OnceCell::new(),
            server: None,
        }
    }

    /// No store for this run: the records are on the server at `url`.
    pub fn serverside(mut self, url: Option<String>) -> Self {
        self.server = url;
        self
    }

    fn refused(&self) -> Result<(), CliError> {
        match &self.server {
            Some(url) => Err(CliError::input(format!(
                "this command needs the store itself: not available with --server ({url})"
            ))),
            None => Ok(()),
        }
    }

    /// How a store given as `location` is opened, for reading only or not.
    fn options(&self, read_only: bool) -> OpenOptions {
        OpenOptions {
            wait: self.wait,
            read_only,
            exclusive: false,
            seed_key: self.seed_key.clone(),
        }
    }

    /// The store, opened for writing: waits while another process writes (up to `--wait`).
    pub fn get(&self) -> Result<&dyn RecordStore, CliError> {
        self.open(false)
    }

    /// The store, opened for reading: never waits for a writer, and never makes one. A store
    /// file that is not there is an error naming the path (a mistyped `KIFU_STORE` must not
    /// look like an empty store).
    pub fn reader(&self) -> Result<&dyn RecordStore, CliError> {
        if self.store.get().is_none() {
            self.refused()?;
            let location = self.location()?;
            let is_file = !location.to_str().is_some_and(kifu_records::is_postgres);
            if is_file && !location.exists() {
                return Err(CliError::input(format!(
                    "no store at {}: nothing has been recorded there (check --store or KIFU_STORE; 'kifu new' or 'kifu import' makes it)",
                    location.display()
                )));
            }
        }
        self.open(true)
    }

    /// The store opened so far, to change in place (compaction); `None` before any use.
    pub fn opened_mut(&mut self) -> Option<&mut (dyn RecordStore + 'static)> {
        self.store.get_mut().map(|store| &mut **store)
    }

    /// Closes the store opened so far, on the calling thread; a later use opens it again. An
    /// import closes it on the thread that wrote it, whose memory redb's closing commit reuses.
    pub fn close(&mut self) {
        drop(self.store.take());
    }

    /// A store of its own, opened for writing (waiting as `get` does), for a caller that keeps
    /// it for as long as it runs: the service. With `exclusive`, a redb file is held alone
    /// (`OpenOptions::exclusive`).
    pub fn open_owned(&self, exclusive: bool) -> Result<Arc<dyn RecordStore>, CliError> {
        self.refused()?;
        Ok(kifu_records::open(
            self.location()?,
            kifu_games::registry(),
            &OpenOptions {
                exclusive,
                ..self.options(false)
            },
        )?)
    }

    /// The store's location as given, else the default file.
    pub fn location(&self) -> Result<PathBuf, CliError> {
        match &self.location {
            Some(location) => Ok(location.clone()),
            None => default_path(),
        }
    }

    /// The seeds' key file given (`--seed-key`), for a PostgreSQL store.
    pub fn seed_key(&self) -> Option<PathBuf> {
        self.seed_key.clone()
    }

    fn open(&self, read_only: bool) -> Result<&dyn RecordStore, CliError> {
        if let Some(store) = self.store.get() {
            return Ok(&**store);
        }
        self.refused()?;
        let store = kifu_records::open_boxed(self.location()?, kifu_games::registry(), &self.options(read_only))?;
        Ok(&**self.store.get_or_init(|| store))
    }
}

fn default_path() -> Result<PathBuf, CliError> {
    let data = match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => {
            let home = std::env::var_os("HOME").filter(|v| !v.is_empty()).ok_or_else(|| {
                CliError::input("no store given: use --store PATH or set KIFU_STORE (HOME is not set)")
            })?;
            PathBuf::from(home).join(".local").join("share")
        }
    };
    Ok(data.join("kifu").join("store.redb"))
}
