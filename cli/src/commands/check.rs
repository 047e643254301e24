//! Checking records: verify (chain, then rules) and diff.

use std::process::ExitCode;

use clap::Args;
use kifu_core::record::hex;
use kifu_core::replay::{verify_text, Report, SeedCheck};
use serde_json::json;

use super::print_json;
use crate::exit::{CliResult, FAILED};
use crate::input::{source, Source};
use crate::store_path::Lazy;

/// Verify a record (by id in the store, or a kifu text file): its hash chain, then every entry
/// through the rules. Exit 1 names the first failing entry.
#[derive(Args)]
pub struct VerifyArgs {
    /// A record id (or prefix) or the path of a kifu text file
    pub record: String,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn verify(store: &Lazy, args: VerifyArgs) -> CliResult {
    let source = source(store, &args.record)?;
    let report = match &source {
        Source::File { file, .. } => verify_text(file),
        Source::Stored { id, .. } => store.get()?.audit(id)?,
    };
    print_report(source.name(), &report, args.json);
    Ok(if report.failure.is_some() {
        ExitCode::from(FAILED)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_report(name: &str, report: &Report, as_json: bool) {
    let seed = match report.seed {
        SeedCheck::NotSeeded => "observed",
        SeedCheck::NotRevealed => "seed not revealed: chance entries checked as possible only",
        SeedCheck::Checked => "seeded chance checked against the revealed seed",
    };
    if as_json {
        print_json(&json!({
            "record": name,
            "ok": report.failure.is_none(),
            "entries": report.entries,
            "head": hex::encode(&report.head),
            "turn": report.turn,
            "seed": seed,
            "failure": report.failure.as_ref().map(|f| json!({
                "seq": f.seq, "actor": f.actor.map(|a| a.to_string()), "command": f.command,
                "reason": f.reason, "line": report.line,
            })),
        }));
        return;
    }
    match &report.failure {
        None => {
            let turn = report.turn.as_ref().map(|t| t.to_string()).unwrap_or_default();
            println!("{name}: ok, {} entries, {turn}; {seed}", report.entries);
            println!("head {}", hex::encode(&report.head));
        }
        Some(failure) => {
            let line = report.line.map(|l| format!(" (line {l})")).unwrap_or_default();
            println!("{name}: FAILED at {failure}{line}");
        }
    }
}

/// Compare two records of one game: the first entry where they part, and a unified diff.
#[derive(Args)]
pub struct DiffArgs {
    pub left: String,
    pub right: String,
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

pub fn diff(store: &Lazy, args: DiffArgs) -> CliResult {
    let left = source(store, &args.left)?;
    let right = source(store, &args.right)?;
    let d = kifu_core::diff::diff(left.record(), right.record(), left.name(), right.name());
    if args.json {
        print_json(&json!({
            "identical": d.identical(),
            "header": d.header_changes,
            "divergence": d.divergence.as_ref().map(|v| json!({"seq": v.seq, "left": v.left, "right": v.right})),
            "unified": d.unified,
        }));
    } else if d.identical() {
        println!(
            "identical: same header and the same {} entries",
            left.record().entries.len()
        );
    } else {
        match &d.divergence {
            Some(v) => println!(
                "the records part at entry {}: {} | {}",
                v.seq,
                v.left.as_deref().unwrap_or("(ended)"),
                v.right.as_deref().unwrap_or("(ended)")
            ),
            None => println!("same entries; the headers differ"),
        }
        print!("{}", d.unified);
    }
    Ok(if d.identical() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(FAILED)
    })
}
