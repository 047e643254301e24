//! Files in and out: export a record in kifu's text format or a game's notation, import files;
//! written once over a backend (the store file or a kifu server). A kifu file is verified here
//! before either backend stores it; nothing here opens a store or speaks HTTP.

use std::path::{Path, PathBuf};

use clap::Args;
use kifu_core::format::Format;
use kifu_core::record::text;
use kifu_core::replay::{verify_text, Checked};

use serde_json::json;

use super::ok;
use crate::backend::{Backend, ImportJob};
use crate::exit::{CliError, CliResult};
use crate::input::read_text;

/// Write a record as kifu text, in a notation, or as an SVG picture
///
/// kifu text is the default (or the format -o's extension names); `kifu games` lists the
/// notations. --at SEQ cuts the record after entry SEQ: a position format (fen, epd, svg) then
/// gives the position there, a game format the game up to there.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu export 6d1f -o game.kifu              # verify it anywhere with 'kifu verify game.kifu'
  kifu export 6d1f --format pgn > game.pgn
  kifu export 6d1f --format fen --at 20      # the position after entry 20
  kifu export 6d1f -o board.svg --at 5       # the picture after entry 5 (format from the extension)")]
pub struct ExportArgs {
    #[arg(help = crate::commands::ID_HELP)]
    pub id: String,
    /// kifu, svg, or a notation's name, in any case [default: -o's extension, else kifu]
    #[arg(long, short = 'f')]
    pub format: Option<String>,
    /// Write to this file instead of standard output
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Only the record up to this entry (0: the start): the position after it
    #[arg(long, value_name = "SEQ")]
    pub at: Option<u64>,
    /// Whose eyes: public (the default) or arbiter. A record that holds hidden information
    /// (a hand, a deal) is exported whole only --as arbiter, since no file can hide part of it
    #[arg(long = "as", value_name = "VIEW")]
    pub view: Option<String>,
    /// Print JSON: {record, format, at, bytes, file} with -o, else the file itself as "text" (or
    /// "base64" for a binary format)
    #[arg(long)]
    pub json: bool,
}

pub fn export(backend: &dyn Backend, args: ExportArgs) -> CliResult {
    let name = match args.format.as_deref().map(|f| f.trim().to_lowercase()) {
        Some(name) => name,
        None => args.output.as_deref().and_then(guess_format).unwrap_or("kifu".into()),
    };
    let out = if name == "svg" {
        backend.svg(&args.id, args.at, args.view.as_deref())?.into_bytes()
    } else {
        if name != "kifu" {
            find_format(&name)?;
        }
        backend.export(&args.id, &name, args.at, args.view.as_deref())?
    };
    if !args.json {
        return super::write_output(args.output.as_deref(), &out);
    }
    let mut answer = json!({"record": args.id, "format": name, "at": args.at, "bytes": out.len()});
    match &args.output {
        Some(path) => {
            super::write_output(Some(path), &out)?;
            answer["file"] = json!(path.display().to_string());
        }
        None => match String::from_utf8(out) {
            Ok(text) => answer["text"] = json!(text),
            Err(bytes) => {
                use base64::Engine;
                answer["base64"] = json!(base64::engine::general_purpose::STANDARD.encode(bytes.as_bytes()))
            }
        },
    }
    super::print_json(&answer);
    ok()
}

/// Import a kifu text file or a notation file with any number of games
///
/// A kifu file is verified first and stored whole or not at all. In a notation file each bad
/// game is reported with its place (game, line, ply) and skipped; the others are stored.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu import club.pgn                       # every game; a broken one is named and skipped
  kifu import game.kifu --extend             # a longer version of a stored game is appended to it
  kifu import round3.txt --format coords -O fouls=claim")]
pub struct ImportArgs {
    /// The file to read: kifu text, or a notation file (`kifu games` lists the formats)
    pub file: PathBuf,
    /// kifu, or a format name, in any case [default: guessed from the file's extension]
    #[arg(long, short = 'f')]
    pub format: Option<String>,
    /// Games stored per transaction (one batch is stored while the next is checked, so two are
    /// held in memory)
    #[arg(long, default_value_t = 500)]
    pub batch: usize,
    /// Threads that check games (each game by one thread; stored in file order) [default: one
    /// for each core]
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Leave out comments, NAGs and variations instead of keeping them as note entries
    #[arg(long)]
    pub drop_annotations: bool,
    /// Append a game that continues a stored record (a longer version of it) to that record,
    /// instead of storing it as a new record that says which one it extends
    #[arg(long)]
    pub extend: bool,
    /// A game option, KEY=VALUE (repeatable), for files that cannot say it (`fouls=claim` for
    /// a Renju game whose foul stood); it overrides what the file says. Checked as `kifu new -O`
    #[arg(long = "option", short = 'O', value_name = "K=V")]
    pub options: Vec<String>,
    #[arg(long, help = crate::commands::JSON_HELP)]
    pub json: bool,
}

pub fn import(backend: &mut dyn Backend, args: ImportArgs) -> CliResult {
    let name = args
        .format
        .as_deref()
        .map(|f| f.trim().to_lowercase())
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
    let mut report = super::import_report::Report::new(&file, args.json);
    let done = backend.import_file(
        ImportJob {
            path: &args.file,
            file: &file,
            format: find_format(&name)?,
            options,
            drop_annotations: args.drop_annotations,
            extend: args.extend,
            batch: args.batch,
            jobs: args.jobs.map_or_else(kifu_core::parallel::cores, usize::from),
            json: args.json,
        },
        &mut |game, outcome| report.take(game, &outcome),
    )?;
    report.finish(&done.errors)
}

pub fn find_format(name: &str) -> Result<&'static dyn Format, CliError> {
    crate::names::format(name)
}

fn guess_format(path: &Path) -> Option<String> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    if ext == "kifu" || ext == "svg" {
        return Some(ext);
    }
    kifu_games::formats()
        .iter()
        .find(|f| f.extensions().contains(&ext.as_str()))
        .map(|f| f.name().to_string())
}
