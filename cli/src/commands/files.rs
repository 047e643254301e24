//! Files in and out: export a record in kifu's text format or a game's notation, import files.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use kifu_core::format::{build_checked, Drafts, Format, FormatError};
use kifu_core::record::{text, ChanceMode, Header};
use kifu_core::replay::{verify_text, Checked, Replay};
use kifu_records::ImportOutcome;

use super::ok;
use crate::exit::{CliError, CliResult};
use crate::input::{read_text, resolve};
use crate::store_path::Lazy;

/// Write a record as kifu text (the default) or in a notation format (see `kifu games`).
#[derive(Args)]
pub struct ExportArgs {
    pub id: String,
    /// kifu, or a format name [default: kifu, or guessed from -o's extension]
    #[arg(long, short = 'f')]
    pub format: Option<String>,
    /// Write to this file instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Whose eyes: public (the default) or arbiter. A record that holds hidden information
    /// (a hand, a deal) is exported whole only --as arbiter, since no file can hide part of it
    #[arg(long = "as", value_name = "VIEW")]
    pub view: Option<String>,
}

pub fn export(store: &Lazy, args: ExportArgs) -> CliResult {
    let store = store.reader()?;
    let id = resolve(store, &args.id)?;
    let record = store.record(&id)?;
    let view = super::view(args.view.as_deref(), record.header.players.len())?;
    if view != kifu_core::View::Full {
        let seen = kifu_core::replay::log_view(&record, view)
            .map_err(|f| CliError::rejected(format!("record {id} does not replay: {f}")))?;
        if let Some(hidden) = seen.iter().zip(&record.entries).find(|(a, b)| a.command != b.command) {
            return Err(CliError::input(format!(
                "record {id} holds hidden information (entry {} shows more to the arbiter than to {}); a file cannot hide it: export it --as arbiter",
                hidden.1.seq,
                args.view.as_deref().unwrap_or("the public")
            )));
        }
    }
    let name = args
        .format
        .clone()
        .or_else(|| args.output.as_deref().and_then(guess_format))
        .unwrap_or("kifu".into());
    let out: Vec<u8> = if name == "kifu" {
        text::write(&record).into_bytes()
    } else {
        let format = find_format(&name)?;
        if !format.games().contains(&record.header.game.as_str()) {
            return Err(CliError::input(format!(
                "format {name} does not carry {}",
                record.header.game
            )));
        }
        // A notation file carries the game as it stands: corrections applied.
        let game = kifu_core::replay::in_force(&record)
            .map_err(|f| CliError::rejected(format!("record {id} does not replay: {f}")))?;
        let written = match format.write_bytes(&game) {
            Some(bytes) => bytes,
            None => format.write(&game).map(String::into_bytes),
        };
        written.map_err(|e| CliError::rejected(format!("record {id}: {e}")))?
    };
    match &args.output {
        Some(path) => std::fs::write(path, out).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?,
        None => {
            if let Err(error) = std::io::stdout().lock().write_all(&out) {
                crate::exit::stdout_failed(error);
            }
        }
    }
    ok()
}

/// Import a kifu text file (verified first) or a notation file with any number of games.
/// Each bad game is reported with its place and skipped; the others are stored.
#[derive(Args)]
pub struct ImportArgs {
    pub file: PathBuf,
    /// kifu, or a format name [default: guessed from the file's extension]
    #[arg(long, short = 'f')]
    pub format: Option<String>,
    /// Games stored per transaction
    #[arg(long, default_value_t = 1000)]
    pub batch: usize,
    /// Leave out comments, NAGs and variations instead of keeping them as note entries
    #[arg(long)]
    pub drop_annotations: bool,
    /// Append a game that continues a stored record (a longer version of it) to that record,
    /// instead of storing it as a new record that says which one it extends
    #[arg(long)]
    pub extend: bool,
    /// A game option, KEY=VALUE (repeatable), for files that cannot say it (`fouls=claim` for
    /// a Renju game whose foul stood); it overrides what the file says. Checked as `kifu new -o`
    #[arg(long = "option", short = 'O', value_name = "K=V")]
    pub options: Vec<String>,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn import(store: &mut Lazy, args: ImportArgs) -> CliResult {
    let name = args
        .format
        .clone()
        .or_else(|| guess_format(&args.file))
        .ok_or_else(|| {
            CliError::input(format!(
                "{}: cannot tell the format from its name: give --format",
                args.file.display()
            ))
        })?;
    let file = args.file.display().to_string();
    let no_games = || CliError::input(format!("{file}: no games found"));
    let options = super::pairs(&args.options, "option")?;
    if name == "kifu" {
        if !options.is_empty() {
            return Err(CliError::input(format!(
                "{file}: --option is for notation files: a kifu record carries its options in its header"
            )));
        }
        let text = read_text(&args.file)?;
        if text.trim().is_empty() {
            return Err(no_games());
        }
        let parsed = text::read(&text).map_err(|e| CliError::input(format!("{file}: {e}")))?;
        let report = verify_text(&parsed);
        if let Some(failure) = report.failure {
            let line = report.line.map(|l| format!(", line {l}")).unwrap_or_default();
            return Err(CliError::rejected(format!("{file}{line}: {failure}; nothing imported")));
        }
        let record = Checked::new(parsed.record).map_err(|f| CliError::rejected(format!("{file}: {f}")))?;
        let report = store.get()?.import(&[record], 1, args.extend, |_| {})?;
        let outcomes: Vec<(usize, ImportOutcome)> = report.outcomes.into_iter().map(|o| (1, o)).collect();
        return super::import_report::print(&file, &outcomes, &[], args.json);
    }
    let format = find_format(&name)?;
    let bytes = std::fs::read(&args.file).map_err(|e| CliError::input(format!("{file}: {e}")))?;
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
    if !options.is_empty() {
        // A first pass for the games the file holds, so that options are refused before
        // anything is stored.
        check_options(&file, &options, read_all())?;
    }
    let drafts = read_all();
    let batch_size = args.batch.max(1);
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
            d.options.extend(options.clone());
            if args.drop_annotations {
                d.moves.retain(|m| m.actor != Some(kifu_core::Actor::Note));
            }
            d
        });
        match draft
            .map_err(place)
            .and_then(|d| build_checked(&d, None).map_err(place))
        {
            Ok(record) => {
                batch.push(record);
                numbers.push(index + 1);
            }
            Err(message) => {
                if !args.json {
                    bar.suspend(|| eprintln!("kifu: {message}"));
                }
                errors.push(message);
            }
        }
        if batch.len() == batch_size {
            store_batch(store, &mut batch, &mut numbers, &mut outcomes, args.extend)?;
        }
    }
    store_batch(store, &mut batch, &mut numbers, &mut outcomes, args.extend)?;
    bar.finish_and_clear();
    if read == 0 {
        return Err(no_games());
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
    super::import_report::print(&file, &outcomes, &errors, args.json)
}

/// An import that stores this many games compacts the store after it: its transactions leave
/// up to two fifths of the file free (measured on a 50 MB PGN file: 269 MB before, 163 after).
const COMPACT_AFTER: usize = 1000;

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
    let report = store.get()?.import(batch, batch.len(), extend, |_| {})?;
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
        let Some(game) = kifu_core::games::find(&name) else {
            continue;
        };
        let players = vec!["?".to_string(); *game.players().start()];
        let mut header = Header::new(game.name(), game.version(), players, ChanceMode::Observed);
        header.options = options.clone();
        let refused = |reason: String| CliError::input(format!("{file}: --option for its {name} games: {reason}"));
        header.validate().map_err(|e| refused(e.reason))?;
        Replay::start(&header).map_err(|f| refused(f.reason))?;
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

fn find_format(name: &str) -> Result<&'static dyn Format, CliError> {
    kifu_core::games::format(name).ok_or_else(|| {
        let names: Vec<&str> = kifu_core::games::formats().iter().map(|f| f.name()).collect();
        CliError::input(format!("unknown format '{name}' (known: kifu, {})", names.join(", ")))
    })
}

fn guess_format(path: &Path) -> Option<String> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    if ext == "kifu" {
        return Some("kifu".into());
    }
    kifu_core::games::formats()
        .iter()
        .find(|f| f.extensions().contains(&ext.as_str()))
        .map(|f| f.name().to_string())
}
