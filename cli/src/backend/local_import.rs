//! Importing a notation file into the store file: read a game at a time, each checked by the
//! rules on worker threads, stored in file order a batch per transaction, a bad game named (on
//! stderr, in file order) and skipped, each outcome told as its batch is stored, and the store
//! closed on the thread that stored it. Nothing is
//! held a game (nor the file, for a format read in pieces); nothing is stored before
//! `--option`s are checked against every game.

use std::collections::{BTreeMap, BTreeSet};
use std::io::IsTerminal;
use std::sync::mpsc;

use kifu_core::format::{build_checked, Draft, Drafts, FormatError};
use kifu_core::parallel::map_in_order;
use kifu_core::record::Header;
use kifu_core::replay::Replay;
use kifu_records::{ImportOutcome, PreparedImport};

use super::file_pieces::PiecesRead;
use super::{ImportDone, ImportJob, OnOutcome};
use crate::exit::CliError;
use crate::store_path::Lazy;

pub fn import(store: &mut Lazy, job: ImportJob<'_>, on_outcome: OnOutcome<'_>) -> Result<ImportDone, CliError> {
    let bar = progress();
    // Games are built (every move checked, hashed, chained) on `jobs` worker threads and come
    // back in file order; a thread of its own stores each full batch while the next is built,
    // and closes the store at the end, so that redb's pages are all handled by one thread
    // (redb's pages handled on another thread were allocated anew: docs/BENCHMARKS.md, "Import
    // of a 50 MB PGN: memory"). No rewrite in key order follows: records' rows are keyed in
    // storing order, and the rewrite no longer paid for its time (docs/BENCHMARKS.md, the
    // eleventh session); `kifu compact` does it by hand.
    let (read, errors) = std::thread::scope(|scope| {
        // No room in the channel: one batch is stored while the next is built, never more.
        let (to_store, batch_receive) = mpsc::sync_channel::<ToStore>(0);
        let file = job.file;
        let extend = job.extend;
        let shown = bar.clone();
        let told = move |game, outcome| shown.suspend(|| on_outcome(game, outcome));
        // A redb store's new records are made ready (blocks packed, log leaves hashed) by the
        // workers, so the committer only looks up, writes rows and commits; PostgreSQL's rows
        // are its own, made where they are stored.
        let prepare = !store
            .location()
            .is_ok_and(|at| at.to_str().is_some_and(kifu_records::is_postgres));
        let committer = scope.spawn(move || store_batches(store, batch_receive, extend, told));
        let fed = feed(&job, prepare, &bar, &to_store).and_then(|fed| {
            // The file is read and its text dropped: the store may close.
            to_store
                .send(ToStore::Done)
                .map_err(|_| CliError::input(format!("{file}: storing stopped")))?;
            Ok(fed)
        });
        // The committer stops once the last batch is sent.
        drop(to_store);
        let stored = committer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        // The committer's own error comes first: it is why a batch could not be sent.
        stored?;
        fed
    })?;
    bar.finish_and_clear();
    if read == 0 {
        return Err(CliError::input(format!("{}: no games found", job.file)));
    }
    Ok(ImportDone { errors })
}

/// Reads the file, builds its games and sends them to the committer a batch at a time; returns
/// how many games were read and the messages of those refused. Whatever it held of the file is
/// dropped when it returns, before the store is closed.
fn feed(
    job: &ImportJob<'_>,
    prepare: bool,
    bar: &indicatif::ProgressBar,
    to_store: &mpsc::SyncSender<ToStore>,
) -> Result<(usize, Vec<String>), CliError> {
    let file = job.file;
    let format = job.format;
    // A format that reads a piece at a time (PGN) never holds the file; any other keeps it
    // once (its bytes are given up for the text) and reads it a game at a time. The games are
    // checked and stored a batch at a time, so memory does not grow with their number.
    let (text, binary) = match format.stream() {
        Some(_) => (String::new(), None),
        None => {
            let bytes = std::fs::read(job.path).map_err(|e| CliError::input(format!("{file}: {e}")))?;
            match format.read_bytes(&bytes) {
                Some(_) => (String::new(), Some(bytes)),
                None => (
                    kifu_core::format::decode_text_owned(bytes).map_err(|e| CliError::input(format!("{file}: {e}")))?,
                    None,
                ),
            }
        }
    };
    let read_all = || -> Result<Drafts<'_>, CliError> {
        Ok(match (format.stream(), &binary) {
            (Some(stream), _) => Box::new(PiecesRead::open(job.path, file, stream)?),
            (None, Some(bytes)) => format.read_bytes(bytes).unwrap_or_else(|| Box::new(std::iter::empty())),
            (None, None) => format.read_each(&text),
        })
    };
    if !job.options.is_empty() {
        // A first pass for the games the file holds, so that options are refused before
        // anything is stored.
        check_options(file, &job.options, read_all()?)?;
    }
    let drafts = read_all()?;
    let batch_size = job.batch.max(1);
    let mut errors: Vec<String> = Vec::new();
    let mut read = 0;
    // Checked games waiting to be stored, with their 1-based numbers in the file. What a game
    // is made ready with adds about 45 bytes an entry to it (a leaf hash and its lines packed),
    // beside the 75 or so of its `Checked`'s lines and chain hashes: some 8 MB a batch of 500
    // chess games, held twice (the batch stored and the one built).
    let mut batch: Vec<PreparedImport> = Vec::new();
    let mut numbers: Vec<usize> = Vec::new();
    let send = |batch: &mut Vec<PreparedImport>, numbers: &mut Vec<usize>| -> Result<(), CliError> {
        if batch.is_empty() {
            return Ok(());
        }
        // Refused only once the committer has stopped on an error, which `join` returns.
        to_store
            .send(ToStore::Batch(std::mem::take(batch), std::mem::take(numbers)))
            .map_err(|_| CliError::input(format!("{file}: storing stopped")))
    };
    map_in_order(
        drafts,
        job.jobs,
        |draft: Result<Draft, FormatError>| {
            draft.and_then(|mut draft| {
                draft.options.extend(job.options.clone());
                if job.drop_annotations {
                    draft.moves.retain(|m| m.actor != Some(kifu_core::Actor::Note));
                }
                let checked = build_checked(kifu_games::registry(), &draft, None)?;
                Ok(match prepare {
                    true => PreparedImport::of(checked),
                    false => PreparedImport::unprepared(checked),
                })
            })
        },
        |index, built| {
            read += 1;
            bar.inc(1);
            match built {
                Ok(record) => {
                    batch.push(record);
                    numbers.push(index + 1);
                }
                Err(mut e) => {
                    e.game = Some(index + 1);
                    let message = format!("{file}: {e}");
                    if !job.json {
                        bar.suspend(|| eprintln!("kifu: {message}"));
                    }
                    errors.push(message);
                }
            }
            if batch.len() == batch_size {
                send(&mut batch, &mut numbers)?;
            }
            Ok::<(), CliError>(())
        },
    )?;
    send(&mut batch, &mut numbers)?;
    Ok((read, errors))
}

/// What the committer is sent: games to store in one transaction, with their numbers in the
/// file; then, once every game is read and the file's text dropped, `Done`.
enum ToStore {
    Batch(Vec<PreparedImport>, Vec<usize>),
    Done,
}

/// Stores each batch as it comes in one transaction and tells `on_outcome` what became of each
/// game; stops at the first batch the store refuses (nothing of that batch is stored). Opens
/// the store at the first batch (a file without a good game makes none). At `Done` the store is
/// closed here; an import cut short leaves that to whoever holds it.
fn store_batches(
    store: &mut Lazy,
    batches: mpsc::Receiver<ToStore>,
    extend: bool,
    mut on_outcome: impl FnMut(usize, ImportOutcome),
) -> Result<(), CliError> {
    for message in batches {
        match message {
            ToStore::Batch(batch, numbers) => {
                let report = store.get()?.import_prepared(&batch, batch.len(), extend, &mut |_| {})?;
                for (number, outcome) in numbers.into_iter().zip(report.outcomes) {
                    on_outcome(number, outcome);
                }
            }
            ToStore::Done => store.close(),
        }
    }
    Ok(())
}

/// Checks `--option`s against every game the file holds, as `kifu new -o` does: an unknown
/// key or value is bad usage, refused before anything is stored.
fn check_options(file: &str, options: &BTreeMap<String, String>, drafts: Drafts<'_>) -> Result<(), CliError> {
    let games: BTreeSet<String> = drafts.flatten().map(|d| d.game).collect();
    for name in games {
        // A game no one knows is that game's own error, reported with its place.
        let Some(game) = kifu_games::find(&name) else {
            continue;
        };
        let mut header = Header::for_game(game, Vec::new(), None);
        header.options = options.clone();
        let refused = |reason: String| CliError::input(format!("{file}: --option for its {name} games: {reason}"));
        header.validate().map_err(|e| refused(e.reason))?;
        Replay::start(kifu_games::registry(), &header).map_err(|f| refused(f.reason))?;
    }
    Ok(())
}

/// A count of the games read so far on standard error, for long imports; hidden when standard
/// error is not a terminal.
fn progress() -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let style = indicatif::ProgressStyle::with_template("{spinner} importing: {pos} games read, {per_sec}")
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
    let bar = indicatif::ProgressBar::new_spinner().with_style(style);
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}
