//! Files in and out: export a record in kifu's text format or a game's notation, import files;
//! written once over a backend (the store file or a kifu server). A kifu file is verified here
//! before either backend stores it; nothing here opens a store or speaks HTTP.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use kifu_core::format::Format;
use kifu_core::record::text;
use kifu_core::replay::{verify_text, Checked};

use super::ok;
use crate::backend::{Backend, ImportJob};
use crate::exit::{CliError, CliResult};
use crate::input::read_text;

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

pub fn export(backend: &dyn Backend, args: ExportArgs) -> CliResult {
    let name = args
        .format
        .clone()
        .or_else(|| args.output.as_deref().and_then(guess_format))
        .unwrap_or("kifu".into());
    if name != "kifu" {
        find_format(&name)?;
    }
    let out = backend.export(&args.id, &name, args.view.as_deref())?;
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

pub fn import(backend: &mut dyn Backend, args: ImportArgs) -> CliResult {
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
    let options = super::pairs(&args.options, "option")?;
    if name == "kifu" {
        if !options.is_empty() {
            return Err(CliError::input(format!(
                "{file}: --option is for notation files: a kifu record carries its options in its header"
            )));
        }
        let text = read_text(&args.file)?;
        if text.trim().is_empty() {
            return Err(CliError::input(format!("{file}: no games found")));
        }
        // Checked here whichever backend stores it: nothing of a file that fails is sent.
        let parsed = text::read(&text).map_err(|e| CliError::input(format!("{file}: {e}")))?;
        let report = verify_text(kifu_games::registry(), &parsed);
        if let Some(failure) = report.failure {
            let line = report.line.map(|l| format!(", line {l}")).unwrap_or_default();
            return Err(CliError::rejected(format!("{file}{line}: {failure}; nothing imported")));
        }
        let record = Checked::new(kifu_games::registry(), parsed.record)
            .map_err(|f| CliError::rejected(format!("{file}: {f}")))?;
        let outcome = backend.import_kifu(&text, record, args.extend)?;
        return super::import_report::print(&file, &[(1, outcome)], &[], args.json);
    }
    let done = backend.import_file(ImportJob {
        path: &args.file,
        file: &file,
        format: find_format(&name)?,
        options,
        drop_annotations: args.drop_annotations,
        extend: args.extend,
        batch: args.batch,
        json: args.json,
    })?;
    super::import_report::print(&file, &done.outcomes, &done.errors, args.json)
}

pub fn find_format(name: &str) -> Result<&'static dyn Format, CliError> {
    kifu_games::format(name).ok_or_else(|| {
        let names: Vec<&str> = kifu_games::formats().iter().map(|f| f.name()).collect();
        CliError::input(format!("unknown format '{name}' (known: kifu, {})", names.join(", ")))
    })
}

fn guess_format(path: &Path) -> Option<String> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    if ext == "kifu" {
        return Some("kifu".into());
    }
    kifu_games::formats()
        .iter()
        .find(|f| f.extensions().contains(&ext.as_str()))
        .map(|f| f.name().to_string())
}
