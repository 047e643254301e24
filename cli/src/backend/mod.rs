//! Where the record commands send their work: the local store file or a kifu server
//! (`--server`), behind one trait, so each command is written once and prints the same either
//! way. A backend answers with data; it never prints and never decides how an answer looks.

mod file_pieces;
mod http;
mod local;
mod local_import;
mod remote;

use std::collections::BTreeMap;
use std::path::Path;

use kifu_core::format::Format;
use kifu_core::record::{Actor, Entry, Hash};
use kifu_core::replay::Checked;
use kifu_core::rules::View;
use kifu_core::Turn;
use kifu_records::{Appended, Filter, ImportOutcome};

use crate::exit::CliError;

pub use local::Local;
pub use remote::Remote;

/// A new record as `kifu new` asks for it (the game already found in the registry).
pub struct NewRecord {
    pub game: &'static dyn kifu_core::game::Game,
    pub options: BTreeMap<String, String>,
    /// As given; none means the fewest the game takes, each named `?`.
    pub players: Vec<String>,
    pub tags: BTreeMap<String, String>,
    pub chance: Chance,
    pub start: Option<String>,
}

pub enum Chance {
    Observed,
    Seed(Vec<u8>),
    /// A fresh random seed, drawn where the record is kept.
    Random,
}

pub struct Created {
    pub id: String,
    pub seq: u64,
    pub head: Hash,
    /// The canonical lines of the entries made with the record (chance drawn at the start).
    pub entries: Vec<String>,
    /// A server's tokens, one per seat and one for the arbiter, shown this once.
    pub tokens: Option<BTreeMap<String, String>>,
}

/// Commands to enter, as typed (`p2:e5`, `arbiter:correct 3 why`).
pub struct Play {
    pub commands: Vec<String>,
    pub expect: Option<Hash>,
    pub key: Option<String>,
    pub no_time: bool,
}

/// What may be entered now.
pub struct Legal {
    /// False when the game's moves cannot be listed.
    pub listed: bool,
    pub turn: Turn,
    pub moves: Vec<(Actor, String)>,
}

/// A position, as `kifu show` prints it.
pub struct Shown {
    pub id: String,
    pub game: String,
    /// The players' names, in seat order.
    pub players: Vec<String>,
    pub seq: u64,
    pub head: Hash,
    pub turn: Turn,
    pub state: serde_json::Value,
    pub remarks: Vec<(u64, String)>,
    /// The position drawn as text in the view.
    pub text: String,
}

/// A record's log in a view.
pub struct Logged {
    pub id: String,
    pub header: Vec<String>,
    pub entries: Vec<LogLine>,
}

pub struct LogLine {
    pub entry: Entry,
    pub withdrawn_by: Option<u64>,
    pub remark: Option<String>,
}

/// One line of `kifu list`: the store's summary, which a server sends as it is.
pub type Row = kifu_records::Summary;

/// A notation file to import.
pub struct ImportJob<'a> {
    pub path: &'a Path,
    /// The file's name as messages give it.
    pub file: &'a str,
    pub format: &'static dyn Format,
    pub options: BTreeMap<String, String>,
    pub drop_annotations: bool,
    pub extend: bool,
    pub batch: usize,
    /// Threads that build (check and hash) games; 1 builds them on the calling thread.
    pub jobs: usize,
    pub json: bool,
}

/// Told each game's outcome with its number in the file, in file order, as the game is stored
/// (so that nothing a game is held to the end of an import).
pub type OnOutcome<'a> = &'a mut (dyn FnMut(usize, ImportOutcome) + Send);

/// What an import did besides the outcomes told to its [`OnOutcome`]: the games refused (their
/// messages, already printed unless `json`).
pub struct ImportDone {
    pub errors: Vec<String>,
}

/// The work of `new`, `play`, `legal`, `show`, `log`, `list`, `export` and `import`, done on a
/// store file ([`Local`]) or by a kifu server ([`Remote`]). Ids may be unique prefixes; views
/// are named as `--as` takes them (none: the token's view, else the public one).
pub trait Backend {
    fn create(&self, new: NewRecord) -> Result<Created, CliError>;
    fn append(&self, id: &str, play: Play) -> Result<Appended, CliError>;
    fn legal(&self, id: &str) -> Result<Legal, CliError>;
    fn show(&self, id: &str, at: Option<u64>, view: Option<&str>) -> Result<Shown, CliError>;
    /// The position drawn as an SVG picture by the game's own renderer.
    fn svg(&self, id: &str, at: Option<u64>, view: Option<&str>) -> Result<String, CliError>;
    fn log(&self, id: &str, view: Option<&str>) -> Result<Logged, CliError>;
    fn list(&self, filter: Filter) -> Result<Vec<Row>, CliError>;
    /// The record as a file, up to entry `at` when given: `format` is `kifu` or a notation's
    /// name.
    fn export(&self, id: &str, format: &str, at: Option<u64>, view: Option<&str>) -> Result<Vec<u8>, CliError>;
    /// A kifu text file already verified here (`text` is the file, `record` what it holds).
    fn import_kifu(&mut self, text: &str, record: Checked, extend: bool) -> Result<ImportOutcome, CliError>;
    fn import_file(&mut self, job: ImportJob<'_>, on_outcome: OnOutcome<'_>) -> Result<ImportDone, CliError>;
}

/// The view named by `--as`, or by default the token's (`fallback`): `public`, `arbiter`
/// (`full` is the same), or a seat `p1`, `p2`, ... of a record with `players` seats.
pub fn view(name: Option<&str>, players: usize, fallback: View) -> Result<View, CliError> {
    let Some(name) = name else {
        return Ok(fallback);
    };
    match name.trim().to_lowercase().as_str() {
        "public" => Ok(View::Public),
        "arbiter" | "full" => Ok(View::Full),
        other => match Actor::parse(other) {
            Some(Actor::Seat(seat)) if (seat as usize) < players => Ok(View::Seat(seat)),
            Some(Actor::Seat(_)) => Err(CliError::input(format!(
                "--as '{name}': this record has {players} seats (p1 to p{players})"
            ))),
            _ => Err(CliError::input(format!(
                "--as '{name}': use public, arbiter, or a seat like p1{}",
                crate::names::did_you_mean(other, &["public", "arbiter"])
            ))),
        },
    }
}
