//! `kifu migrate`: every record of one store copied into another (a redb file or a PostgreSQL
//! database, either way), each verified on arrival. Reads the source only; never changes or
//! replaces a record the target holds.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use kifu_core::replay::Checked;
use kifu_records::{ImportOutcome, OpenOptions, RecordStore};
use serde_json::json;

use super::print_json;
use crate::exit::{CliError, CliResult, FAILED};
use crate::store_path::Lazy;

/// Copy every record of a store into another, verifying each on arrival
///
/// A redb file to PostgreSQL, or back. Each record
/// is read whole from the source and checked against itself, replayed through its rules,
/// stored in the target with its tokens and, while its game runs, its seed (sealed again under
/// the target's key), then verified there: its chain, its rules, the target's log, and its
/// head against the source's. Records the target holds already are counted, not copied. The
/// target's transparency log gets the copies as new leaves; the source's log is not carried.
/// Exit 1 names every record that could not be copied or did not verify.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu migrate --from club.redb --to postgres://kifu@127.0.0.1:5432/club --to-seed-key club.seedkey
  kifu migrate --from postgres://kifu@127.0.0.1:5432/club --from-seed-key club.seedkey --to back.redb --json")]
pub struct MigrateArgs {
    /// The store to copy from (a path or postgres://...); only read
    #[arg(long, value_name = "PATH|URL")]
    pub from: PathBuf,
    /// The store to copy into (a path or postgres://...), made if new
    #[arg(long, value_name = "PATH|URL")]
    pub to: PathBuf,
    /// The seeds' key file of the source when it is on PostgreSQL [default: --seed-key]
    #[arg(long, value_name = "PATH")]
    pub from_seed_key: Option<PathBuf>,
    /// The seeds' key file of the target when it is on PostgreSQL [default: --seed-key]
    #[arg(long, value_name = "PATH")]
    pub to_seed_key: Option<PathBuf>,
    /// Records copied per transaction
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub batch: usize,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// What the copy did.
#[derive(Default)]
struct Copied {
    records: usize,
    entries: u64,
    copied: usize,
    already: usize,
    /// (id, why) of every record not copied or not verified in the target.
    failed: Vec<(String, String)>,
}

pub fn migrate(store: &Lazy, args: MigrateArgs) -> CliResult {
    let options = |key: Option<PathBuf>, read_only: bool| OpenOptions {
        read_only,
        seed_key: key.or_else(|| store.seed_key()),
        ..OpenOptions::default()
    };
    // The source is only read: a store file that is not there is a mistake, never an empty
    // store to copy (opening it would make one).
    let from_file = !args.from.to_str().is_some_and(kifu_records::is_postgres);
    if from_file && !args.from.exists() {
        return Err(CliError::input(format!(
            "--from {}: no store there (nothing to copy)",
            args.from.display()
        )));
    }
    let source = kifu_records::open_boxed(
        &args.from,
        kifu_games::registry(),
        &options(args.from_seed_key.clone(), true),
    )?;
    let target = kifu_records::open_boxed(
        &args.to,
        kifu_games::registry(),
        &options(args.to_seed_key.clone(), false),
    )?;
    if source.location() == target.location() {
        return Err(CliError::input("--from and --to are the same store"));
    }
    let ids = source.ids()?;
    let mut done = Copied {
        records: ids.len(),
        ..Copied::default()
    };
    for chunk in ids.chunks(args.batch.max(1)) {
        copy_batch(&*source, &*target, chunk, &mut done)?;
    }
    let failed: Vec<_> = done
        .failed
        .iter()
        .map(|(id, reason)| json!({"id": id, "reason": reason}))
        .collect();
    if args.json {
        print_json(&json!({
            "from": source.location(),
            "to": target.location(),
            "records": done.records,
            "entries": done.entries,
            "copied": done.copied,
            "already": done.already,
            "failed": failed,
        }));
    } else {
        for (id, reason) in &done.failed {
            out!("{id}: NOT COPIED: {reason}");
        }
        out!(
            "{} records, {} entries: {} copied and verified, {} already in the target, {} failed",
            done.records,
            done.entries,
            done.copied,
            done.already,
            done.failed.len()
        );
    }
    Ok(if done.failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(FAILED)
    })
}

/// Copies the records `ids` in one import, then their extras, then verifies each.
fn copy_batch(
    source: &dyn RecordStore,
    target: &dyn RecordStore,
    ids: &[String],
    done: &mut Copied,
) -> Result<(), CliError> {
    let mut checked = Vec::with_capacity(ids.len());
    for id in ids {
        let record = match source.record(id) {
            Ok(record) => record,
            Err(e) => {
                done.failed.push((id.clone(), format!("in the source: {e}")));
                continue;
            }
        };
        match Checked::new(kifu_games::registry(), record) {
            Ok(record) => checked.push(record),
            Err(failure) => done.failed.push((
                id.clone(),
                format!("in the source, entry {}: {}", failure.seq, failure.reason),
            )),
        }
    }
    let report = target.import(&checked, checked.len().max(1), false, &mut |_| {})?;
    for (record, outcome) in checked.iter().zip(report.outcomes) {
        let id = record.record().id();
        match outcome {
            ImportOutcome::Stored { .. } => {
                let extras = source.extras(&id)?;
                if let Err(e) = target.set_extras(&id, &extras) {
                    done.failed.push((id, format!("its tokens or seed: {e}")));
                    continue;
                }
                done.copied += 1;
            }
            ImportOutcome::Exists { .. } => done.already += 1,
            other => {
                done.failed
                    .push((id, format!("the target holds another record with its id ({other:?})")));
                continue;
            }
        }
        let id = record.record().id();
        match verified(source, target, &id) {
            Ok(entries) => done.entries += entries,
            Err(reason) => done.failed.push((id, reason)),
        }
    }
    Ok(())
}

/// Record `id` as the target holds it: its own chain, its rules and the target's log, and the
/// source's head. Its entry count, or why not.
fn verified(source: &dyn RecordStore, target: &dyn RecordStore, id: &str) -> Result<u64, String> {
    let report = target.audit(id).map_err(|e| format!("in the target: {e}"))?;
    if let Some(failure) = report.failure {
        return Err(format!("in the target, entry {}: {}", failure.seq, failure.reason));
    }
    let (there, here) = (
        target.head(id).map_err(|e| e.to_string())?,
        source.head(id).map_err(|e| e.to_string())?,
    );
    if there != here {
        return Err(format!(
            "the target's head is entry {}, the source's entry {}",
            there.0, here.0
        ));
    }
    Ok(report.entries)
}
