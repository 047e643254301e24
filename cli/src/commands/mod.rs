//! One module per group of commands.

pub mod audit;
pub mod check;
pub mod demo;
pub mod files;
pub mod fsck;
pub mod games;
mod import_report;
pub mod migrate;
pub mod perft;
pub mod record;
pub mod serve;
pub mod token;

use std::process::ExitCode;

use kifu_core::record::Actor;

use crate::exit::CliError;

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
