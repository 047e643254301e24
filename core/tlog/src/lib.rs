//! kifu-tlog: the mathematics of a transparency log over kifu's records, as Certificate
//! Transparency and the C2SP specifications define it: RFC 6962 Merkle tree hashes with
//! inclusion and consistency proofs, tlog checkpoints, and Ed25519 signed notes.
//!
//! Pure: it never reads a file, a clock or the operating system's randomness; keys and leaves
//! are handed to it. The store keeps the leaves; the CLI and the service sign and serve.

pub mod checkpoint;
pub mod merkle;
pub mod note;

pub use checkpoint::{Checkpoint, CheckpointError};
pub use merkle::{Hash, ProofError};
pub use note::{NoteError, Signer, Verifier};
