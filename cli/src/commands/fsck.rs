//! `kifu check`: the whole store verified, record by record, with a progress bar and a summary.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Args;
use serde_json::json;

use super::print_json;
use crate::exit::{CliResult, FAILED};
use crate::store_path::Lazy;

/// Check the whole store: every record's log, rules and place in the transparency log
///
/// Every record's stored log against itself, then through its rules, then against the store's
/// transparency log. Exit 1 names each damaged record and its first bad entry; the others stay
/// readable.
#[derive(Args)]
#[command(
    visible_alias = "fsck",
    after_help = "Examples:
  kifu check                                 # \"1204 records, 53112 entries: 1204 ok, 0 damaged\"
  kifu --store ~/club.redb check --json"
)]
pub struct CheckArgs {
    #[arg(long, help = super::JSON_HELP)]
    pub json: bool,
}

pub fn check(store: &Lazy, args: CheckArgs) -> CliResult {
    let store = store.reader()?;
    let bar = if std::io::stderr().is_terminal() {
        let style = indicatif::ProgressStyle::with_template("checking {bar:40} {pos}/{len} records, {eta} left")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        indicatif::ProgressBar::new(0).with_style(style)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let report = store.check_all(&mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    let ok = report.records.saturating_sub(report.damaged.len());
    if args.json {
        let damaged: Vec<_> = report
            .damaged
            .iter()
            .map(|(id, seq, reason)| json!({"id": id, "seq": seq, "reason": reason}))
            .collect();
        print_json(&json!({"records": report.records, "entries": report.entries, "ok": ok, "damaged": damaged}));
    } else {
        for (id, seq, reason) in &report.damaged {
            out!("{id}: FAILED at entry {seq}: {reason}");
        }
        out!(
            "{} records, {} entries: {ok} ok, {} damaged",
            report.records,
            report.entries,
            report.damaged.len()
        );
    }
    Ok(if report.damaged.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(FAILED)
    })
}
