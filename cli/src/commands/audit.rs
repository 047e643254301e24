//! The transparency log at the command line: `key` (the verifier key), `checkpoint` (a fresh
//! signed checkpoint), `prove` (a proof bundle) and `consistency` (does a newer checkpoint
//! extend an older one), and the proof check `verify --proof` uses. Never prints the private
//! key, and never calls a checkpoint good without checking its signature.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use clap::Args;
use kifu_core::record::Record;
use kifu_records::{Bundle, BundleError, LogError, Proven, StoreError};
use kifu_tlog::{merkle, Checkpoint, Hash, Verifier};
use serde_json::json;

use super::print_json;
use crate::exit::{CliError, CliResult, FAILED};
use crate::store_path::Lazy;

/// Print the verifier key of the store's transparency log
///
/// Give it to whoever checks the log's checkpoints and proofs. The signing key is made on
/// first use: an Ed25519 key in a file beside the store (STORE.tlog-key), readable by its
/// owner alone.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu key > club.pub
  kifu key --key-file /secure/club.tlog-key")]
pub struct KeyArgs {
    /// The signing key file [default: the store's path with .tlog-key added]
    #[arg(long, value_name = "PATH")]
    pub key_file: Option<PathBuf>,
    #[arg(long, help = super::JSON_HELP)]
    pub json: bool,
}

pub fn key(store: &Lazy, args: KeyArgs) -> CliResult {
    let key = store
        .reader()?
        .log_key(args.key_file.as_deref(), true)
        .map_err(log_error)?;
    let verifier = key.verifier().to_text();
    if args.json {
        print_json(&json!({ "verifier": verifier }));
    } else {
        out!("{verifier}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Sign and print a checkpoint of the store's transparency log as it stands
///
/// A C2SP signed note: the log's name, its size, its root hash. Refused (exit 1) when the log
/// is not an extension of the last checkpoint signed.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu checkpoint > tonight.checkpoint
  kifu checkpoint -o later.checkpoint && kifu consistency tonight.checkpoint later.checkpoint")]
pub struct CheckpointArgs {
    /// The signing key file [default: the store's path with .tlog-key added]
    #[arg(long, value_name = "PATH")]
    pub key_file: Option<PathBuf>,
    /// Write the checkpoint to this file instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print JSON: the log's origin, size and root (base64), and the signed note
    #[arg(long)]
    pub json: bool,
}

pub fn checkpoint(store: &Lazy, args: CheckpointArgs) -> CliResult {
    let store = store.get()?;
    let key = store.log_key(args.key_file.as_deref(), true).map_err(log_error)?;
    let signed = store.sign_checkpoint(&key).map_err(log_error)?;
    if let Some(path) = &args.output {
        write(path, &signed.note)?;
    }
    if args.json {
        let c = &signed.checkpoint;
        print_json(&json!({"origin": c.origin, "size": c.size, "root": BASE64.encode(c.root), "note": signed.note}));
    } else if args.output.is_none() {
        out_raw!("{}", signed.note);
    }
    Ok(ExitCode::SUCCESS)
}

/// Write a proof bundle for a record, checked by 'kifu verify FILE --proof'
///
/// The bundle holds the record's header and entries up to an entry, the leaf index of each,
/// the audit paths of its header and that entry to a checkpoint signed now, and the
/// checkpoint. 'kifu verify FILE --proof BUNDLE --key VERIFIER' checks a file against it.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu prove 6d1f -o game.proof.json
  kifu prove 6d1f --seq 10 --every-entry -o opening.proof.json
  kifu export 6d1f -o game.kifu && kifu verify game.kifu --proof game.proof.json --key club.pub")]
pub struct ProveArgs {
    #[arg(help = super::ID_HELP)]
    pub record: String,
    /// The last entry to prove [default: the record's head]
    #[arg(long, value_name = "N")]
    pub seq: Option<u64>,
    /// Write the bundle to this file instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Add the audit path of every entry, not only of the header and the last
    #[arg(long)]
    pub every_entry: bool,
    /// The signing key file [default: the store's path with .tlog-key added]
    #[arg(long, value_name = "PATH")]
    pub key_file: Option<PathBuf>,
}

pub fn prove(store: &Lazy, args: ProveArgs) -> CliResult {
    let store = store.get()?;
    let id = crate::input::resolve(store, &args.record)?;
    let key = store.log_key(args.key_file.as_deref(), true).map_err(log_error)?;
    let bundle = store.prove(&id, args.seq, &key, args.every_entry).map_err(log_error)?;
    let text = serde_json::to_string_pretty(&bundle).unwrap_or_default() + "\n";
    match &args.output {
        Some(path) => {
            write(path, &text)?;
            let size = bundle.checkpoint.lines().nth(1).unwrap_or("?");
            out!(
                "{id} up to entry {}: header at leaf {}, entry at leaf {} of {size}; written to {}",
                bundle.seq,
                bundle.leaves[0],
                bundle.leaves[bundle.seq as usize],
                path.display()
            );
        }
        None => out_raw!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// Check that a newer checkpoint of a log extends an older one
///
/// RFC 6962 consistency: both signed by the key, the same log, and the older tree a prefix
/// of the newer. The proof is read from --proof, else computed from this store's log.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu consistency tonight.checkpoint later.checkpoint --key club.pub
  kifu consistency old.checkpoint new.checkpoint --save-proof proof.txt   # for someone without the store
  kifu consistency old.checkpoint new.checkpoint --proof proof.txt --key club.pub --json")]
pub struct ConsistencyArgs {
    /// The older checkpoint (a signed note file)
    pub old: PathBuf,
    /// The newer checkpoint
    pub new: PathBuf,
    /// A consistency proof file (one base64 hash a line) instead of this store's log
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    /// The verifier key (its text, or a file holding it) [default: this store's own key]
    #[arg(long, value_name = "VERIFIER")]
    pub key: Option<String>,
    /// Write the proof used to this file, for someone without the store
    #[arg(long, value_name = "FILE")]
    pub save_proof: Option<PathBuf>,
    #[arg(long, help = super::JSON_HELP)]
    pub json: bool,
}

pub fn consistency(store: &Lazy, args: ConsistencyArgs) -> CliResult {
    let verifier = match &args.key {
        Some(text) => verifier(text)?,
        None => store.reader()?.log_key(None, false).map_err(log_error)?.verifier(),
    };
    let old = signed_checkpoint(&args.old, &verifier)?;
    let new = signed_checkpoint(&args.new, &verifier)?;
    let outcome = check_consistency(store, &args, &old, &new)?;
    if args.json {
        print_json(&json!({
            "ok": outcome.is_ok(), "origin": new.origin, "old": old.size, "new": new.size,
            "failure": outcome.as_ref().err(),
        }));
    }
    match outcome {
        Ok(()) => {
            if !args.json {
                out!(
                    "ok: the tree of {} extends the tree of {} ({})",
                    new.size,
                    old.size,
                    new.origin
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(why) => {
            if !args.json {
                out!("FAILED: {why}");
            }
            Ok(ExitCode::from(FAILED))
        }
    }
}

/// `Err` says why NEW does not extend OLD.
fn check_consistency(
    store: &Lazy,
    args: &ConsistencyArgs,
    old: &Checkpoint,
    new: &Checkpoint,
) -> Result<Result<(), String>, CliError> {
    if old.origin != new.origin {
        return Ok(Err(format!(
            "the checkpoints are of two logs, {} and {}",
            old.origin, new.origin
        )));
    }
    if new.size < old.size {
        return Ok(Err(format!(
            "the new checkpoint's tree ({}) is smaller than the old one's ({}): the log shrank, or the two were given the wrong way round",
            new.size, old.size
        )));
    }
    if new.size == old.size && new.root != old.root {
        return Ok(Err(format!(
            "two trees of {} leaves with different roots were signed: the log forked",
            new.size
        )));
    }
    let proof: Vec<Hash> = match &args.proof {
        Some(path) => read_proof(path)?,
        None => {
            let store = store.reader()?;
            let origin = store.log_origin()?;
            if origin != new.origin {
                return Err(CliError::input(format!(
                    "this store keeps the log {origin}, the checkpoints are of {}: give --proof",
                    new.origin
                )));
            }
            let size = store.log_size()?;
            if size < new.size {
                return Ok(Err(format!(
                    "the new checkpoint is of a tree of {} leaves, but this store's log has {size}: it was signed for a tree this store never had (a fork), or this store is behind",
                    new.size
                )));
            }
            for (name, checkpoint) in [("old", old), ("new", new)] {
                let root = match store.log_root(checkpoint.size) {
                    Err(LogError::Store(StoreError::Damaged(why))) => return Ok(Err(why)),
                    other => other.map_err(log_error)?,
                };
                if root != checkpoint.root {
                    return Ok(Err(format!(
                        "the {name} checkpoint's tree of {} leaves is not this store's: the log forked or was rewritten",
                        checkpoint.size
                    )));
                }
            }
            match store.log_consistency(old.size, new.size) {
                Err(LogError::Store(StoreError::Damaged(why))) => return Ok(Err(why)),
                other => other.map_err(log_error)?,
            }
        }
    };
    if let Some(path) = &args.save_proof {
        let text: String = proof.iter().map(|h| BASE64.encode(h) + "\n").collect();
        write(path, &text)?;
    }
    Ok(
        merkle::verify_consistency(old.size, new.size, &old.root, &new.root, &proof).map_err(|e| {
            format!(
                "the tree of {} does not extend the tree of {} ({e}): the log forked or was rewritten",
                new.size, old.size
            )
        }),
    )
}

/// Checks a record (read from a file or the store) against a proof bundle: `Err` says why
/// it does not stand; an unreadable bundle or key is bad input.
pub fn check_proof(record: &Record, bundle: &Path, key: &str) -> Result<Result<Proven, BundleError>, CliError> {
    let verifier = verifier(key)?;
    let text = std::fs::read_to_string(bundle).map_err(|e| CliError::input(format!("{}: {e}", bundle.display())))?;
    let bundle: Bundle = serde_json::from_str(&text)
        .map_err(|e| CliError::input(format!("{}: not a proof bundle ({e})", bundle.display())))?;
    Ok(bundle.verify(record, &verifier))
}

/// What a proof showed, in one line.
pub fn proven_line(proven: &Proven) -> String {
    format!(
        "proof: ok, the header at leaf {} and entry {} at leaf {} of the tree of {} of {}, signed by {}",
        proven.header_leaf,
        proven.seq,
        proven.head_leaf,
        proven.checkpoint.size,
        proven.checkpoint.origin,
        proven.signer
    )
}

/// A verifier key given as its text or as a file holding it.
fn verifier(text: &str) -> Result<Verifier, CliError> {
    let path = Path::new(text);
    let text = if path.is_file() {
        std::fs::read_to_string(path).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?
    } else {
        text.to_string()
    };
    Verifier::parse(text.trim()).map_err(|e| CliError::input(format!("--key: {e}")))
}

/// A checkpoint file, its signature checked: a bad signature fails the check (exit 1).
fn signed_checkpoint(path: &Path, verifier: &Verifier) -> Result<Checkpoint, CliError> {
    let note = std::fs::read_to_string(path).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    let text = verifier
        .open(&note)
        .map_err(|e| CliError::rejected(format!("{}: {e}", path.display())))?;
    Checkpoint::parse(text).map_err(|e| CliError::rejected(format!("{}: {e}", path.display())))
}

fn read_proof(path: &Path) -> Result<Vec<Hash>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|line| {
            BASE64
                .decode(line)
                .ok()
                .and_then(|b| b.try_into().ok())
                .ok_or_else(|| CliError::input(format!("{}: '{line}' is not a hash in base64", path.display())))
        })
        .collect()
}

fn write(path: &Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text).map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

pub(crate) fn log_error(e: LogError) -> CliError {
    match e {
        LogError::Read(e) => CliError::from(e),
        LogError::Store(e) => CliError::from(e),
        LogError::NotFound(_)
        | LogError::NoSuchEntry { .. }
        | LogError::OutOfRange { .. }
        | LogError::Key(_)
        | LogError::OtherKey { .. } => CliError::input(e),
        LogError::NotExtension { .. } | LogError::Unlogged { .. } => CliError::rejected(e),
    }
}
