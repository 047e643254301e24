//! Reading what the user points at: a record id in the store or a file, and the text of a file.

use std::path::Path;

use kifu_core::format::decode_text;
use kifu_core::record::{text, Record};
use kifu_records::RecordStore;

use crate::exit::CliError;

/// A file's text (BOM dropped, Latin-1 read when not UTF-8, binary refused).
pub fn read_text(path: &Path) -> Result<String, CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    decode_text(&bytes)
        .map(|(text, _)| text)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

/// A record named by id (or unique prefix) in the store, or by the path of a kifu text file.
pub enum Source {
    Stored { id: String, record: Record },
    File { path: String, file: text::TextRecord },
}

impl Source {
    pub fn record(&self) -> &Record {
        match self {
            Source::Stored { record, .. } => record,
            Source::File { file, .. } => &file.record,
        }
    }
    pub fn name(&self) -> &str {
        match self {
            Source::Stored { id, .. } => id,
            Source::File { path, .. } => path,
        }
    }
}

/// Files win over ids when a path by that name exists.
pub fn source(store: &crate::store_path::Lazy, name: &str) -> Result<Source, CliError> {
    let path = Path::new(name);
    if path.is_file() {
        let text = read_text(path)?;
        let file = text::read(&text).map_err(|e| CliError::input(format!("{name}: {e}")))?;
        return Ok(Source::File {
            path: name.to_string(),
            file,
        });
    }
    let store = store.reader()?;
    let id = resolve(store, name)?;
    let record = store.record(&id)?;
    Ok(Source::Stored { id, record })
}

/// The full id of the record `name` names: an id, a unique prefix of 4 digits or more, or the
/// header hash.
pub fn resolve(store: &dyn RecordStore, name: &str) -> Result<String, CliError> {
    if let Some(why) = kifu_records::id_form(name) {
        return Err(CliError::input(format!(
            "no record with id '{name}': {why} (and no file by that name)"
        )));
    }
    store
        .resolve(name)
        .map_err(|e| CliError::input(format!("{e} (and no file by that name)")))
}
