//! One error type per store operation, each saying what failed and why.

use kifu_core::record::{Actor, Hash};
use kifu_core::replay::Failure;

/// A failure of the storage engine itself (I/O, corruption).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("storage: {0}")]
    Redb(#[from] redb::Error),
    /// The storage engine gave up on the file (it panicked on what it read).
    #[error("the store file is damaged: {0}")]
    Damaged(String),
    /// A write was asked of a store opened for reading only.
    #[error("the store was opened for reading only")]
    ReadOnly,
    /// The PostgreSQL server failed or refused, or the connection to it did.
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] postgres::Error),
    /// A file operation of the store's own (the rewrite in key order) failed, on this path.
    #[error("{0}: {1}")]
    Io(String, std::io::Error),
}

macro_rules! from_redb {
    ($($t:ty),*) => {$(
        impl From<$t> for StoreError {
            fn from(e: $t) -> Self {
                StoreError::Redb(e.into())
            }
        }
    )*};
}
from_redb!(
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError,
    redb::SetDurabilityError,
    redb::DatabaseError,
    redb::CompactionError
);

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("cannot create store {0}: {1}")]
    Io(String, std::io::Error),
    #[error("cannot open store {0}: {1}")]
    Database(String, redb::DatabaseError),
    #[error("cannot open store {0}: {1}")]
    Storage(String, StoreError),
    #[error("cannot open store: {0}")]
    Damaged(#[from] StoreError),
    #[error("store busy: {0} is in use by another kifu process (waited {1:.1} s)")]
    Busy(String, f64),
    /// Another process holds the file alone (`kifu serve --exclusive`), so it cannot be read.
    #[error("store busy: {0} is held alone by another process (kifu serve --exclusive?); read it through that service with 'kifu --server URL ...'")]
    HeldAlone(String),
    /// A store location that cannot be used as given (a PostgreSQL address that does not read).
    #[error("store {0}: {1}")]
    Location(String, String),
}

#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error("{0}")]
    Rejected(Failure),
    #[error("seed: {0}")]
    Seed(String),
    /// The tokens asked for cannot be stored (an actor no token can stand for, or two for one).
    #[error("tokens: {0}")]
    Token(String),
    #[error("a record with id {0} already exists")]
    Exists(String),
    #[error("the operating system gave no random bytes for the record's id: {0}")]
    Random(String),
    #[error(transparent)]
    Secret(#[from] crate::secrets::SecretError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("no record with id '{0}'")]
    NotFound(String),
    #[error("id '{0}' matches several records: give more digits")]
    Ambiguous(String),
    #[error("record {id} is damaged in the store: {reason}")]
    Damaged { id: String, reason: String },
    /// The stored log of a record does not hold together: an entry is missing or altered.
    #[error("record {id} fails verification in the store at entry {seq}: {reason}")]
    Broken { id: String, seq: u64, reason: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum AppendError {
    #[error("no record with id '{0}'")]
    NotFound(String),
    #[error(
        "the head moved: expected {}, the record is at seq {actual_seq} {}",
        short(expected),
        short(actual)
    )]
    Conflict {
        expected: Hash,
        actual_seq: u64,
        actual: Hash,
    },
    /// The command of entry `seq` is `actor`'s, and the request came from `seat`'s token.
    #[error("entry {seq}: the token of {} may not enter a command of {actor}", Actor::Seat(*seat))]
    Forbidden { seq: u64, seat: u8, actor: Actor },
    #[error("idempotency key '{0}' was already used for a different request")]
    KeyReused(String),
    #[error("{0}")]
    Rejected(Failure),
    #[error(transparent)]
    Secret(#[from] crate::secrets::SecretError),
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn short(hash: &Hash) -> String {
    kifu_core::record::hex::encode(&hash[..8])
}
