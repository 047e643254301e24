//! Importing a notation file into the store file: read a game at a time, each checked by the
//! rules, stored a batch per transaction, a bad game named (on stderr as it is met) and
//! skipped; a large import compacts the store after it. Memory never grows with the file
//! beyond its bytes; nothing is stored before `--option`s are checked against every game.

use std::collections::{BTreeMap, BTreeSet};
use std::io::IsTerminal;

use kifu_core::format::{build_checked, Drafts, FormatError};
use kifu_core::record::Header;
use kifu_core::replay::{Checked, Replay};
use kifu_records::ImportOutcome;

use super::{ImportDone, ImportJob};
use crate::exit::CliError;
use crate::store_path::Lazy;

/// An import that stores this many games compacts the store after it: its transactions leave
/// up to two fifths of the file free (measured on a 50 MB PGN file: 269 MB before, 163 after).
const COMPACT_AFTER: usize = 1000;

pub fn import(store: &mut Lazy, job: ImportJob<'_>) -> Result<ImportDone, CliError> {
    let file = job.file;
    let format = job.format;
    let bytes = std::fs::read(job.path).map_err(|e| CliError::input(format!("{file}: {e}")))?;
    // A text file is kept once (its bytes are given up for the text) and read a game at a time;
    // the games are checked and stored a batch at a time, so memory does not grow with the file.
    let (text, binary) = match format.read_bytes(&bytes) {
        Some(_) => (String::new(), Some(bytes)),
        None => (
            kifu_core::format::decode_text_owned(bytes).map_err(|e| CliError::input(format!("{file}: {e}")))?,
            None,
        ),
    };
    let read_all = || -> Drafts<'_> {
        match &binary {
            Some(bytes) => format.read_bytes(bytes).unwrap_or_else(|| Box::new(std::iter::empty())),
            None => format.read_each(&text),
        }
    };
    if !job.options.is_empty() {
        // A first pass for the games the file holds, so that options are refused before
        // anything is stored.
        check_options(file, &job.options, read_all())?;
    }
    let drafts = read_all();
    let batch_size = job.batch.max(1);
    let bar = progress();
    let mut errors: Vec<String> = Vec::new();
    let mut outcomes: Vec<(usize, ImportOutcome)> = Vec::new();
    // Checked games waiting to be stored, with their 1-based numbers in the file.
    let mut batch: Vec<Checked> = Vec::new();
    let mut numbers: Vec<usize> = Vec::new();
    let mut read = 0;
    for (index, draft) in drafts.enumerate() {
        read += 1;
        bar.inc(1);
        let place = |mut e: FormatError| {
            e.game = Some(index + 1);
            format!("{file}: {e}")
        };
        let draft = draft.map(|mut d| {
            d.options.extend(job.options.clone());
            if job.drop_annotations {
                d.moves.retain(|m| m.actor != Some(kifu_core::Actor::Note));
            }
            d
        });
        match draft
            .map_err(place)
            .and_then(|d| build_checked(kifu_games::registry(), &d, None).map_err(place))
        {
            Ok(record) => {
                batch.push(record);
                numbers.push(index + 1);
            }
            Err(message) => {
                if !job.json {
                    bar.suspend(|| eprintln!("kifu: {message}"));
                }
                errors.push(message);
            }
        }
        if batch.len() == batch_size {
            store_batch(store, &mut batch, &mut numbers, &mut outcomes, job.extend)?;
        }
    }
    store_batch(store, &mut batch, &mut numbers, &mut outcomes, job.extend)?;
    bar.finish_and_clear();
    if read == 0 {
        return Err(CliError::input(format!("{file}: no games found")));
    }
    let stored = outcomes
        .iter()
        .filter(|(_, o)| matches!(o, ImportOutcome::Stored { .. } | ImportOutcome::Extended { .. }))
        .count();
    if stored >= COMPACT_AFTER {
        if let Some(store) = store.opened_mut() {
            store
                .compact()
                .map_err(|e| CliError::input(format!("{file}: imported, but compacting the store failed: {e}")))?;
        }
    }
    Ok(ImportDone { outcomes, errors })
}

/// Stores the waiting games in one transaction and notes what became of each.
fn store_batch(
    store: &Lazy,
    batch: &mut Vec<Checked>,
    numbers: &mut Vec<usize>,
    outcomes: &mut Vec<(usize, ImportOutcome)>,
    extend: bool,
) -> Result<(), CliError> {
    if batch.is_empty() {
        return Ok(());
    }
    let report = store.get()?.import(batch, batch.len(), extend, &mut |_| {})?;
    outcomes.extend(numbers.drain(..).zip(report.outcomes));
    batch.clear();
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
