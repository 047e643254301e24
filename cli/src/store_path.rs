//! Where the store lives: `--store`, else `$KIFU_STORE` (both via clap), else
//! `$XDG_DATA_HOME/kifu/store.redb`, else `~/.local/share/kifu/store.redb`. Opened on first use,
//! so commands that need no store never create one, and made only by a command that writes. With `--server` it never opens a file:
//! a command that needs one is refused instead.

use std::cell::OnceCell;
use std::path::PathBuf;

use kifu_records::Store;

use crate::exit::CliError;

pub struct Lazy {
    path: Option<PathBuf>,
    wait: std::time::Duration,
    store: OnceCell<Store>,
    /// The `--server` given: then no store file is opened, and a command that needs one is
    /// refused (exit 2).
    server: Option<String>,
}

impl Lazy {
    pub fn new(path: Option<PathBuf>, wait: std::time::Duration) -> Self {
        Lazy {
            path,
            wait,
            store: OnceCell::new(),
            server: None,
        }
    }

    /// No store file for this run: the records are on the server at `url`.
    pub fn serverside(mut self, url: Option<String>) -> Self {
        self.server = url;
        self
    }

    fn refused(&self) -> Result<(), CliError> {
        match &self.server {
            Some(url) => Err(CliError::input(format!(
                "this command needs the store file itself: not available with --server ({url})"
            ))),
            None => Ok(()),
        }
    }

    /// The store, opened for writing: waits while another process writes (up to `--wait`).
    pub fn get(&self) -> Result<&Store, CliError> {
        self.open(|path| Store::open_with(path, kifu_games::registry(), self.wait))
    }

    /// The store, opened for reading: never waits for a writer, and never makes one. A store
    /// that is not there is an error naming the path (a mistyped `KIFU_STORE` must not look
    /// like an empty store).
    pub fn reader(&self) -> Result<&Store, CliError> {
        if self.store.get().is_none() {
            self.refused()?;
            let path = self.path()?;
            if !path.exists() {
                return Err(CliError::input(format!(
                    "no store at {}: nothing has been recorded there (check --store or KIFU_STORE; 'kifu new' or 'kifu import' makes it)",
                    path.display()
                )));
            }
        }
        self.open(|path| Store::open_read_only(path, kifu_games::registry()))
    }

    /// The store file's path: `--store` (or `KIFU_STORE`), else the default.
    fn path(&self) -> Result<PathBuf, CliError> {
        match &self.path {
            Some(path) => Ok(path.clone()),
            None => default_path(),
        }
    }

    /// The store opened so far, to change in place (compaction); `None` before any use.
    pub fn opened_mut(&mut self) -> Option<&mut Store> {
        self.store.get_mut()
    }

    /// A store of its own, opened for writing (waiting as `get` does), for a caller that keeps
    /// it for as long as it runs: the service.
    pub fn open_owned(&self) -> Result<Store, CliError> {
        self.refused()?;
        Ok(Store::open_with(&self.path()?, kifu_games::registry(), self.wait)?)
    }

    fn open(
        &self,
        how: impl FnOnce(&std::path::Path) -> Result<Store, kifu_records::OpenError>,
    ) -> Result<&Store, CliError> {
        if let Some(store) = self.store.get() {
            return Ok(store);
        }
        self.refused()?;
        let store = how(&self.path()?)?;
        Ok(self.store.get_or_init(|| store))
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
