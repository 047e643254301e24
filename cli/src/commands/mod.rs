//! One module per group of commands.

pub mod audit;
pub mod check;
pub mod compact;
pub mod demo;
pub mod files;
pub mod fsck;
pub mod games;
mod import_report;
pub mod migrate;
pub mod perft;
pub mod record;
pub mod serve;
pub mod shell;
pub mod token;

use std::process::ExitCode;

use kifu_core::record::Actor;
use kifu_core::Turn;
use serde_json::json;

use crate::exit::CliError;

/// What a record argument takes, for every command that names one.
pub const ID_HELP: &str = "The record: its id, any unique prefix of it (4 digits or more), or its header hash";

/// What --json does, for every command that takes it.
pub const JSON_HELP: &str = "Print JSON instead of text, on one line (its shape: docs/JSON.md)";

/// A seat as text names it, with the player's name when there is one: `p1 (Ann)`.
pub fn seat_label(seat: u8, players: &[String]) -> String {
    let actor = Actor::Seat(seat).to_string();
    match players.get(seat as usize).filter(|name| name.as_str() != "?") {
        Some(name) => format!("{actor} ({name})"),
        None => actor,
    }
}

/// Whose turn it is, with the players' names: `p1 (Ann) to act`, `over, p2 (Ben) wins: mate`.
pub fn turn_text(turn: &Turn, players: &[String]) -> String {
    let seats = |seats: &[u8]| seats.iter().map(|s| seat_label(*s, players)).collect::<Vec<_>>();
    match turn {
        Turn::Seat { seat } => format!("{} to act", seat_label(*seat, players)),
        Turn::Simultaneous { seats: acting } => format!("{} to act at once", seats(acting).join(", ")),
        Turn::Chance => "chance to act".into(),
        Turn::Over { outcome } if outcome.winners.is_empty() => format!("over, {outcome}"),
        Turn::Over { outcome } => {
            let verb = if outcome.winners.len() == 1 { "wins" } else { "win" };
            format!(
                "over, {} {verb}: {}",
                seats(&outcome.winners).join(" and "),
                outcome.reason
            )
        }
    }
}

/// A turn as JSON: the service's shape (seats counted from 0) with each seat also named as text
/// and commands name it (`"actor": "p1"`) and its player's name beside it (docs/JSON.md).
pub fn turn_json(turn: &Turn, players: &[String]) -> serde_json::Value {
    let mut value = serde_json::to_value(turn).unwrap_or_default();
    let named = |seat: &u8| json!({"actor": Actor::Seat(*seat).to_string(), "player": players.get(*seat as usize)});
    match turn {
        Turn::Seat { seat } => {
            value["actor"] = json!(Actor::Seat(*seat).to_string());
            value["player"] = json!(players.get(*seat as usize));
        }
        Turn::Simultaneous { seats } => value["acting"] = json!(seats.iter().map(named).collect::<Vec<_>>()),
        Turn::Over { outcome } => {
            value["outcome"]["winning"] = json!(outcome.winners.iter().map(named).collect::<Vec<_>>())
        }
        Turn::Chance => {}
    }
    value
}

/// Writes `bytes` to `path`, or to standard output without one.
pub fn write_output(path: Option<&std::path::Path>, bytes: &[u8]) -> Result<ExitCode, CliError> {
    match path {
        Some(path) => std::fs::write(path, bytes).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?,
        None => {
            use std::io::Write;
            if let Err(error) = std::io::stdout().lock().write_all(bytes) {
                crate::exit::stdout_failed(error);
            }
        }
    }
    ok()
}

/// Prints JSON on one line.
pub fn print_json(value: &serde_json::Value) {
    out!("{}", serde_json::to_string(value).unwrap_or_default());
}

pub fn ok() -> Result<ExitCode, CliError> {
    Ok(ExitCode::SUCCESS)
}

/// `KEY=VALUE` pairs from the command line.
pub fn pairs(items: &[String], what: &str) -> Result<std::collections::BTreeMap<String, String>, CliError> {
    let mut map = std::collections::BTreeMap::new();
    for item in items {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| CliError::input(format!("{what} '{item}' is not KEY=VALUE")))?;
        if map.insert(k.to_string(), v.to_string()).is_some() {
            return Err(CliError::input(format!("{what} '{k}' given twice")));
        }
    }
    Ok(map)
}

/// The fewest bytes a chance seed may have: 128 bits, so no one can find it by trying.
pub const MIN_SEED_BYTES: usize = 16;

/// A seed typed as hex (either case): 16 to 64 bytes.
pub fn seed_from_hex(text: &str, flag: &str) -> Result<Vec<u8>, CliError> {
    let bytes = kifu_core::record::hex::decode(&text.to_ascii_lowercase()).ok_or_else(|| {
        CliError::input(format!(
            "{flag} '{text}' is not hex (an even number of digits 0-9, a-f)"
        ))
    })?;
    if bytes.len() < MIN_SEED_BYTES || bytes.len() > 64 {
        return Err(CliError::input(format!(
            "{flag} has {} bytes: a seed is {MIN_SEED_BYTES} to 64 bytes ({} to 128 hex digits), so that no one can find it by trying; leave it out for 32 random bytes",
            bytes.len(),
            MIN_SEED_BYTES * 2
        )));
    }
    Ok(bytes)
}

/// 32 random bytes from the operating system: the default seed of a seeded record.
pub fn random_seed() -> Result<Vec<u8>, CliError> {
    let mut bytes = vec![0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| CliError::input(format!("the operating system gave no random bytes for a seed ({e})")))?;
    Ok(bytes)
}

/// A command as typed, with an optional `ACTOR:` prefix (`p2:h8`, `chance:3`, `arbiter:...`).
pub fn split_actor(text: &str) -> (Option<Actor>, &str) {
    if let Some((head, rest)) = text.split_once(':') {
        if let Some(actor) = Actor::parse(head) {
            return (Some(actor), rest);
        }
    }
    (None, text)
}
