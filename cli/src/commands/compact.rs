//! `kifu compact`: the store file rewritten in key order, to take the least room it can.
//! Never changes a row of the store; a store file only (nothing to do on PostgreSQL).

use std::process::ExitCode;

use clap::Args;
use kifu_records::Compacted;
use serde_json::json;

use super::print_json;
use crate::exit::{CliError, CliResult};
use crate::store_path::Lazy;

/// Rewrite the store file in key order, so that it takes less room
///
/// Every table is copied, in key order, into a new file beside the store, which then replaces
/// it: pages left part empty are filled, and the room redb keeps free (it doubles a full file)
/// is given back. No record changes, and a crash leaves the old file as it was. An import
/// leaves the file as redb grew it (a 50 MB PGN's store: 135 MB, 92 MB after this); this is for
/// whoever wants that room back.
/// Waits like any writer while another process writes.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu compact                               # \"club.redb: 612.4 MB, now 402.9 MB\"
  kifu --store ~/club.redb compact
  kifu compact --json                        # {\"store\":\"club.redb\",\"done\":\"rewritten\",\"before\":612405248,\"after\":402853888}")]
pub struct CompactArgs {
    /// Say what was done as one JSON object (`done`: rewritten, already_small,
    /// compacted_only or nothing; sizes in bytes)
    #[arg(long)]
    pub json: bool,
}

pub fn compact(store: &mut Lazy, args: CompactArgs) -> CliResult {
    let location = store.location()?;
    let shown = location.display().to_string();
    if !location.to_str().is_some_and(kifu_records::is_postgres) && !location.exists() {
        return Err(CliError::input(format!(
            "no store at {shown}: nothing to compact (check --store or KIFU_STORE)"
        )));
    }
    store.get()?;
    let Some(opened) = store.opened_mut() else {
        return Ok(ExitCode::SUCCESS);
    };
    let compacted = opened.compact()?;
    store.close();
    if args.json {
        let said = match &compacted {
            Compacted::Nothing => json!({"store": shown, "done": "nothing"}),
            Compacted::Rewritten { before, after } => {
                json!({"store": shown, "done": "rewritten", "before": before, "after": after})
            }
            Compacted::AlreadySmall { size } => {
                json!({"store": shown, "done": "already_small", "before": size, "after": size})
            }
            Compacted::CompactedOnly { unknown } => {
                json!({"store": shown, "done": "compacted_only", "unknown_tables": unknown})
            }
        };
        print_json(&said);
        return Ok(ExitCode::SUCCESS);
    }
    let mb = |bytes: u64| bytes as f64 / 1e6;
    match compacted {
        Compacted::Nothing => out!("{shown}: nothing to do (not a store file)"),
        Compacted::Rewritten { before, after } => out!("{shown}: {:.1} MB, now {:.1} MB", mb(before), mb(after)),
        Compacted::AlreadySmall { size } => out!(
            "{shown}: {:.1} MB, left as it was (written in key order already: a copy would not be a sixteenth smaller)",
            mb(size)
        ),
        Compacted::CompactedOnly { unknown } => out!(
            "{shown}: holds tables this kifu does not know ({}): not rewritten in key order, only compacted",
            unknown.join(", ")
        ),
    }
    Ok(ExitCode::SUCCESS)
}
