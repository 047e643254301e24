//! Proof bundles: a record up to an entry, the leaf index of each of its chain positions, RFC
//! 6962 audit paths of its header and its head to one signed checkpoint, and that checkpoint;
//! and the check of a file against one. Checking trusts nothing in the bundle but what the
//! verifier key's signature covers: every hash is recomputed from the file.

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use kifu_core::record::{Entry, Record};
use kifu_tlog::{leaf, merkle, subtree, Checkpoint, Hash, Verifier};
use serde::{Deserialize, Serialize};

use super::read::logged_as;
use super::read::with_reader;
use super::reader::Reader;
use super::sign::sign_in;
use super::{LogError, LogKey};
use crate::error::{ReadError, StoreError};
use crate::guard::guarded;
use crate::tables::*;
use crate::Store;

/// What `format` says in every bundle this version writes.
pub const FORMAT: &str = "kifu-proof 1";

/// An inclusion proof bundle (docs/AUDIT.md), written as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bundle {
    pub format: String,
    /// The record id.
    pub id: String,
    /// The last entry proven (0: the header alone).
    pub seq: u64,
    /// The header's canonical lines, each ended by a newline: the text its hash covers.
    pub header: String,
    /// The canonical lines of entries 1 ..= seq.
    pub entries: Vec<String>,
    /// The leaf index of each chain position 0 ..= seq.
    pub leaves: Vec<u64>,
    /// Audit paths to the checkpoint's tree: the header's and the head's (or every position's).
    pub inclusion: Vec<Inclusion>,
    /// The signed checkpoint the paths lead to (a C2SP signed note).
    pub checkpoint: String,
}

/// One chain position's audit path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inclusion {
    pub seq: u64,
    pub leaf: u64,
    /// The RFC 6962 PATH, leaf to root, each hash in base64.
    pub path: Vec<String>,
}

/// What a bundle proved about a file.
#[derive(Debug, Clone)]
pub struct Proven {
    pub checkpoint: Checkpoint,
    pub signer: String,
    pub seq: u64,
    pub header_leaf: u64,
    pub head_leaf: u64,
}

/// Why a file does not stand with a bundle.
#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    #[error("the proof is not a kifu proof bundle: {0}")]
    Format(String),
    #[error("the proof's checkpoint: {0}")]
    Signature(#[from] kifu_tlog::NoteError),
    #[error("the proof's checkpoint: {0}")]
    Checkpoint(#[from] kifu_tlog::CheckpointError),
    #[error("the file is record {file}, the proof is for record {proof}")]
    OtherRecord { file: String, proof: String },
    #[error("the file ends at entry {file} but the log recorded this record up to entry {proof}: the file was cut")]
    Cut { file: u64, proof: u64 },
    #[error("the file goes on past entry {proof}, as far as the proof goes: entries {} to {file} are not proven", proof + 1)]
    Beyond { file: u64, proof: u64 },
    #[error("{what} is not what the log recorded (leaf {leaf} of {size}): {reason}")]
    NotLogged {
        what: String,
        leaf: u64,
        size: u64,
        reason: String,
    },
}

impl Store {
    /// A bundle for record `id` up to entry `seq` (its head when `None`), with a checkpoint
    /// signed now by `key`; `every` adds the audit path of every entry, not only the head's.
    pub fn prove(&self, id: &str, seq: Option<u64>, key: &LogKey, every: bool) -> Result<Bundle, LogError> {
        guarded(|| {
            let txn = self.writer()?;
            let signed = sign_in(&txn, key)?;
            let number = number_in(&txn.open_table(NUMBERS).map_err(StoreError::from)?, id)
                .map_err(StoreError::from)?
                .ok_or_else(|| LogError::NotFound(id.to_string()))?;
            let record = crate::read::verified_record(
                &txn.open_table(HEADERS).map_err(StoreError::from)?,
                &txn.open_table(BLOCKS).map_err(StoreError::from)?,
                &txn.open_table(HEADS).map_err(StoreError::from)?,
                Numbered { id, number },
            )
            .map_err(|e| match e {
                ReadError::NotFound(id) => LogError::NotFound(id),
                other => other.into(),
            })?;
            let seq = proven_seq(id, seq, record.entries.len() as u64)?;
            let chain = &record.hashes()[..=seq as usize];
            let places = txn.open_table(LOG_PLACES).map_err(StoreError::from)?;
            let (leaves, inclusion) = with_reader!(txn, |r| {
                let leaves =
                    logged_as(&places, &mut r, id, chain, false)?.map_err(|(seq, reason)| LogError::Unlogged {
                        id: id.to_string(),
                        seq,
                        reason,
                    })?;
                let size = signed.checkpoint.size;
                let stored = &mut r;
                let inclusion = paths(&leaves, seq, every, |leaf| {
                    Ok(subtree::inclusion(stored, leaf, size)?.unwrap_or_default())
                })?;
                (leaves, inclusion)
            });
            drop(places);
            txn.commit().map_err(StoreError::from)?;
            Ok(assemble(&record, seq, leaves, inclusion, signed.note))
        })
    }
}

/// The audit paths a bundle of entries up to `seq` carries: the header's and the head's (or, with
/// `every`, every position's), `path(leaf index)` giving each. Shared by every backend.
pub(crate) fn paths(
    leaves: &[u64],
    seq: u64,
    every: bool,
    mut path: impl FnMut(u64) -> Result<Vec<Hash>, LogError>,
) -> Result<Vec<Inclusion>, LogError> {
    let wanted: Vec<u64> = if every { (0..=seq).collect() } else { vec![0, seq] };
    let mut inclusion = Vec::new();
    for at in wanted {
        if inclusion.iter().any(|i: &Inclusion| i.seq == at) {
            continue;
        }
        let leaf = leaves[at as usize];
        inclusion.push(Inclusion {
            seq: at,
            leaf,
            path: path(leaf)?.iter().map(|h| BASE64.encode(h)).collect(),
        });
    }
    Ok(inclusion)
}

/// The last entry a bundle proves: `seq`, else the head; refused past the head. Shared by
/// every backend.
pub(crate) fn proven_seq(id: &str, seq: Option<u64>, head: u64) -> Result<u64, LogError> {
    let seq = seq.unwrap_or(head);
    if seq > head {
        return Err(LogError::NoSuchEntry {
            id: id.to_string(),
            seq,
            head,
        });
    }
    Ok(seq)
}

/// A bundle of `record` up to entry `seq`. Shared by every backend.
pub(crate) fn assemble(
    record: &Record,
    seq: u64,
    leaves: Vec<u64>,
    inclusion: Vec<Inclusion>,
    checkpoint: String,
) -> Bundle {
    Bundle {
        format: FORMAT.into(),
        id: record.id(),
        seq,
        header: record.header.canonical_text(),
        entries: record.entries[..seq as usize]
            .iter()
            .map(Entry::canonical_line)
            .collect(),
        leaves,
        inclusion,
        checkpoint,
    }
}

impl Bundle {
    /// Checks a record read from a file against this bundle: the checkpoint is signed by
    /// `verifier`, the file is the bundle's record, it ends where the bundle does, and the
    /// leaves of its header and its head (and any other position the bundle proves), made
    /// from the file's own chain hashes, are in the checkpoint's tree.
    pub fn verify(&self, file: &Record, verifier: &Verifier) -> Result<Proven, BundleError> {
        if self.format != FORMAT {
            return Err(BundleError::Format(format!("format '{}', not '{FORMAT}'", self.format)));
        }
        let checkpoint = Checkpoint::parse(verifier.open(&self.checkpoint)?)?;
        let id = file.id();
        if id != self.id {
            return Err(BundleError::OtherRecord {
                file: id,
                proof: self.id.clone(),
            });
        }
        let chain = file.hashes();
        let length = file.entries.len() as u64;
        let path_of = |seq: u64| self.inclusion.iter().find(|i| i.seq == seq);
        let (Some(header), Some(head)) = (path_of(0), path_of(self.seq)) else {
            return Err(BundleError::Format("no audit path for the header or the head".into()));
        };
        self.check(&checkpoint, &id, header, &chain[0], "the file's header")?;
        if length < self.seq {
            return Err(BundleError::Cut {
                file: length,
                proof: self.seq,
            });
        }
        if length > self.seq {
            return Err(BundleError::Beyond {
                file: length,
                proof: self.seq,
            });
        }
        for inclusion in &self.inclusion {
            let what = if inclusion.seq == 0 {
                "the file's header".to_string()
            } else {
                format!("the file's entry {}", inclusion.seq)
            };
            let hash = chain
                .get(inclusion.seq as usize)
                .ok_or_else(|| BundleError::Format(format!("an audit path for entry {}", inclusion.seq)))?;
            self.check(&checkpoint, &id, inclusion, hash, &what)
                .map_err(|e| self.name_the_change(file, e))?;
        }
        Ok(Proven {
            signer: verifier.name().to_string(),
            seq: self.seq,
            header_leaf: header.leaf,
            head_leaf: head.leaf,
            checkpoint,
        })
    }

    fn check(
        &self,
        checkpoint: &Checkpoint,
        id: &str,
        inclusion: &Inclusion,
        chain: &Hash,
        what: &str,
    ) -> Result<(), BundleError> {
        let mut path = Vec::with_capacity(inclusion.path.len());
        for text in &inclusion.path {
            let hash: Hash = BASE64
                .decode(text)
                .ok()
                .and_then(|b| b.try_into().ok())
                .ok_or_else(|| BundleError::Format(format!("'{text}' is not a hash in base64")))?;
            path.push(hash);
        }
        let hash = leaf::hash(id, inclusion.seq, chain);
        merkle::verify_inclusion(inclusion.leaf, checkpoint.size, &hash, &path, &checkpoint.root).map_err(|e| {
            BundleError::NotLogged {
                what: what.to_string(),
                leaf: inclusion.leaf,
                size: checkpoint.size,
                reason: e.to_string(),
            }
        })
    }

    /// A failed entry named more precisely: the first entry where the file parts from the
    /// record the bundle carries (which only its proofs vouch for).
    fn name_the_change(&self, file: &Record, error: BundleError) -> BundleError {
        let BundleError::NotLogged {
            what,
            leaf,
            size,
            reason,
        } = error
        else {
            return error;
        };
        let parted = file
            .entries
            .iter()
            .map(Entry::canonical_line)
            .zip(&self.entries)
            .position(|(a, b)| a != *b);
        let reason = match parted {
            Some(at) => format!("{reason}; the file parts from the logged record at entry {}", at + 1),
            None => reason,
        };
        BundleError::NotLogged {
            what,
            leaf,
            size,
            reason,
        }
    }
}
