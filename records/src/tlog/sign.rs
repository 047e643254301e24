//! Signed checkpoints: the C2SP checkpoint of the log as it stands, signed as a C2SP note with
//! the log's key. The store remembers the last one signed and never signs a tree that does not
//! extend it (checked by a consistency proof, as any verifier would check it).

use std::path::Path;

use kifu_tlog::{merkle, subtree, Checkpoint, Hash};
use redb::ReadableTable;

use super::read::with_reader;
use super::reader::Reader;
use super::{key_path, LogError, LogKey};
use crate::error::{ReadError, StoreError};
use crate::guard::guarded;
use crate::tables::*;
use crate::Store;

/// A checkpoint as signed: the signed note, and what it says.
#[derive(Debug, Clone)]
pub struct Signed {
    pub note: String,
    pub checkpoint: Checkpoint,
}

/// The checkpoint text of a signed note (before its blank line), unchecked: for the store's
/// own memory of what it signed, never for a note from elsewhere.
pub fn note_text(note: &str) -> Option<&str> {
    note.find("\n\n").map(|at| &note[..at + 1])
}

impl Store {
    /// The log's key: the file at `path`, else `STORE.tlog-key`; with `make`, made if missing
    /// (named by the log's origin).
    pub fn log_key(&self, path: Option<&Path>, make: bool) -> Result<LogKey, LogError> {
        let path = path.map(Path::to_path_buf).unwrap_or_else(|| key_path(&self.path));
        let origin = if make { Some(self.log_origin()?) } else { None };
        Ok(LogKey::load(&path, origin.as_deref())?)
    }

    /// The last checkpoint signed, as its signed note; `None` before the first.
    pub fn latest_checkpoint(&self) -> Result<Option<String>, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let meta = txn.open_table(LOG_META).map_err(StoreError::from)?;
            let note = meta.get("signed").map_err(StoreError::from)?;
            Ok(note.map(|v| v.value().to_string()))
        })
    }

    /// Signs a checkpoint of the log as it stands and remembers it. Refused, changing nothing,
    /// when the tree is not an extension of the last one signed.
    pub fn sign_checkpoint(&self, key: &LogKey) -> Result<Signed, LogError> {
        guarded(|| {
            let txn = self.writer()?;
            let signed = sign_in(&txn, key)?;
            txn.commit().map_err(StoreError::from)?;
            Ok(signed)
        })
    }
}

/// Signs the log's checkpoint inside a write transaction (see `Store::sign_checkpoint`).
pub(crate) fn sign_in(txn: &redb::WriteTransaction, key: &LogKey) -> Result<Signed, LogError> {
    let mut meta = txn.open_table(LOG_META).map_err(StoreError::from)?;
    let origin = meta
        .get("origin")
        .map_err(StoreError::from)?
        .map(|v| v.value().to_string())
        .ok_or_else(|| StoreError::Damaged("the log has no name (origin)".into()))?;
    let last = meta
        .get("signed")
        .map_err(StoreError::from)?
        .map(|v| v.value().to_string());
    let (size, root) = with_reader!(txn, |r| {
        let size = r.size;
        let stored = &mut r;
        let root = subtree::root(stored, size)?;
        refuse_unless_extends(&origin, last.as_deref(), size, &root, |old| {
            subtree::consistency(stored, old, size)
        })?;
        (size, root)
    });
    let signed = signed_now(origin, size, root, key);
    let note = signed.note.clone();
    meta.insert("signed", note.as_str()).map_err(StoreError::from)?;
    Ok(signed)
}

/// Refuses to sign the tree of `size` leaves and `root` unless it extends `last`, the
/// checkpoint last signed (checked by the consistency proof `proof(old size)` gives, as any
/// verifier would). Shared by every backend.
pub(crate) fn refuse_unless_extends(
    origin: &str,
    last: Option<&str>,
    size: u64,
    root: &Hash,
    proof: impl FnOnce(u64) -> Result<Option<Vec<Hash>>, StoreError>,
) -> Result<(), LogError> {
    let Some(last) = last else {
        return Ok(());
    };
    let refuse = |signed: u64, reason: &str| LogError::NotExtension {
        size,
        signed,
        reason: reason.to_string(),
    };
    let Some(before) = note_text(last).and_then(|text| Checkpoint::parse(text).ok()) else {
        return Err(refuse(0, "the checkpoint remembered does not read"));
    };
    if before.origin != origin {
        return Err(refuse(
            before.size,
            &format!("it was signed for the log {}", before.origin),
        ));
    }
    if size < before.size {
        return Err(refuse(before.size, "the tree is smaller"));
    }
    // Leaves made again from records changed since they were logged: not an extension.
    let proof = match proof(before.size) {
        Ok(proof) => proof.unwrap_or_default(),
        Err(StoreError::Damaged(why)) => return Err(refuse(before.size, &why)),
        Err(other) => return Err(other.into()),
    };
    if merkle::verify_consistency(before.size, size, &before.root, root, &proof).is_err() {
        return Err(refuse(
            before.size,
            &format!("its first {} leaves have another root now", before.size),
        ));
    }
    Ok(())
}

/// The checkpoint of a tree, signed by `key`.
pub(crate) fn signed_now(origin: String, size: u64, root: Hash, key: &LogKey) -> Signed {
    let checkpoint = Checkpoint {
        origin,
        size,
        root,
        extensions: Vec::new(),
    };
    let note = key.sign(&checkpoint.to_text());
    Signed { note, checkpoint }
}
