//! Where the store lives: `--store`, else `$KIFU_STORE` (both via clap), else
//! `$XDG_DATA_HOME/kifu/store.redb`, else `~/.local/share/kifu/store.redb`. Opened on first use,
//! so commands that need no store never create one.

use std::cell::OnceCell;
use std::path::PathBuf;

use kifu_records::Store;

use crate::exit::CliError;

pub struct Lazy {
    path: Option<PathBuf>,
    store: OnceCell<Store>,
}

impl Lazy {
    pub fn new(path: Option<PathBuf>) -> Self {
        Lazy {
            path,
            store: OnceCell::new(),
        }
    }

    pub fn get(&self) -> Result<&Store, CliError> {
        if let Some(store) = self.store.get() {
            return Ok(store);
        }
        let path = match &self.path {
            Some(path) => path.clone(),
            None => default_path()?,
        };
        let store = Store::open(&path)?;
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
