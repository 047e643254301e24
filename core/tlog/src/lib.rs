//! kifu-tlog: the mathematics of a transparency log over kifu's records, as Certificate
//! Transparency and the C2SP specifications define it: RFC 6962 Merkle tree hashes with
//! inclusion and consistency proofs (over the leaves, or over stored full subtrees in the
//! tlog-tiles layout), tlog checkpoints, Ed25519 signed notes, and the bytes of kifu's leaves.
//!
//! Pure: it never reads a file, a clock or the operating system's randomness; keys and leaves
//! are handed to it. The store keeps the leaves; the CLI and the service sign and serve.

pub mod checkpoint;
pub mod leaf;
pub mod merkle;
pub mod note;
pub mod subtree;
pub mod tile;

pub use checkpoint::{Checkpoint, CheckpointError};
pub use merkle::{Hash, ProofError};
pub use note::{NoteError, Signer, Verifier};
