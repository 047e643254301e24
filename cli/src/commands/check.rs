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

/// Verify a record or a kifu text file: its hash chain, then every entry through the rules
///
/// Exit 1 names the first failing entry (and the line of a file). With --proof (a bundle from
/// 'kifu prove') and --key, also that the log's signed checkpoint holds the record's header
/// and its last entry, so a file cut short or rewritten fails.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu verify game.kifu                      # \"game.kifu: ok, 42 entries, ...\" or \"FAILED at entry 17 ...\"
  kifu verify 6d1f --json
  kifu verify game.kifu --proof game.proof.json --key club.pub")]
pub struct VerifyArgs {
    /// The path of a kifu text file, or a stored record's id (a unique prefix of 4 digits or
    /// more, or its header hash)
    pub record: String,
    #[arg(long, help = super::JSON_HELP)]
    pub json: bool,
    /// A proof bundle ('kifu prove') to check the record against
    #[arg(long, value_name = "BUNDLE", requires = "key")]
    pub proof: Option<std::path::PathBuf>,
    /// The log's verifier key ('kifu key'), as its text or a file holding it
    #[arg(long, value_name = "VERIFIER", requires = "proof")]
    pub key: Option<String>,
}

pub fn verify(store: &Lazy, args: VerifyArgs) -> CliResult {
    if let Some(failed) = unreadable_kifu_file(&args)? {
        return Ok(failed);
    }
    let (name, mut report, record) = if std::path::Path::new(&args.record).is_file() {
        let source = source(store, &args.record)?;
        let Source::File { file, .. } = &source else {
            unreachable!("a path that is a file reads as a file")
        };
        (
            args.record.clone(),
            verify_text(kifu_games::registry(), file),
            Some(file.record.clone()),
        )
    } else {
        // A stored record is audited from its rows, so a damaged one is reported, not refused.
        let reader = store.reader()?;
        let id = crate::input::resolve(reader, &args.record)?;
        let report = reader.audit(&id)?;
        let record = match (&args.proof, &report.failure) {
            (Some(_), None) => Some(reader.record(&id)?),
            _ => None,
        };
        (id, report, record)
    };
    // The proof is checked once the record holds together: it can only fail it further.
    let mut proven = None;
    if let (Some(bundle), Some(key), Some(record), None) = (&args.proof, &args.key, &record, &report.failure) {
        match super::audit::check_proof(record, bundle, key)? {
            Ok(found) => proven = Some(found),
            Err(why) => {
                report.failure = Some(kifu_core::replay::Failure {
                    seq: record.entries.len() as u64,
                    actor: None,
                    command: None,
                    reason: format!("against the proof {}: {why}", bundle.display()),
                })
            }
        }
    }
    print_report(&name, &report, args.json, proven.as_ref());
    Ok(if report.failure.is_some() {
        ExitCode::from(FAILED)
    } else {
        ExitCode::SUCCESS
    })
}

/// Whether a file is meant as kifu text: among its first lines, one opens the header (`kifu
/// N`) or closes it (`header HASH`). One changed byte cannot undo both.
fn looks_like_kifu(bytes: &[u8]) -> bool {
    bytes.split(|b| *b == b'\n').take(256).any(|line| {
        let line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
        line.starts_with(b"kifu ") || line.starts_with(b"header ")
    })
}

/// A file meant as kifu text that does not read as such fails verification (exit 1) naming
/// the line: one changed byte can make a record unreadable, and that is tampering found, not
/// bad usage. `None` when the file reads (the chain and rules are checked next); a file that
/// is no kifu text at all, or cannot be opened, is left to the usual error (exit 2).
fn unreadable_kifu_file(args: &VerifyArgs) -> Result<Option<ExitCode>, crate::exit::CliError> {
    let path = std::path::Path::new(&args.record);
    if !path.is_file() {
        return Ok(None);
    }
    let bytes = std::fs::read(path).map_err(|e| crate::exit::CliError::input(format!("{}: {e}", path.display())))?;
    let kifu_like = looks_like_kifu(&bytes);
    let (text, error) = match kifu_core::format::decode_text(&bytes) {
        // A NUL byte in what is plainly a kifu file is a changed byte, found at its line.
        Err(_) if kifu_like => {
            let at = bytes.iter().position(|b| *b == 0).unwrap_or(0);
            let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
            let text = String::from_utf8_lossy(&bytes[..at]).into_owned();
            let error = kifu_core::record::text::TextError {
                line,
                reason: "a NUL byte: this line was altered".into(),
            };
            (text, error)
        }
        Err(e) => return Err(crate::exit::CliError::input(format!("{}: {e}", path.display()))),
        Ok((text, _)) => match kifu_core::record::text::read(&text) {
            Ok(_) => return Ok(None),
            Err(_) if !kifu_like => return Ok(None), // not kifu text at all: bad input, exit 2
            Err(error) => (text, error),
        },
    };
    let header_end = text.lines().position(|l| l.starts_with("header ")).map(|i| i + 1);
    let part = match header_end {
        Some(end) if error.line > end => "an entry line",
        _ => "the header",
    };
    if args.json {
        print_json(&json!({
            "record": args.record, "ok": false, "entries": null, "head": null, "turn": null, "seed": null,
            "failure": {"seq": null, "actor": null, "command": null, "reason": error.reason, "line": error.line},
        }));
    } else {
        out!(
            "{}: FAILED at line {} ({part}): {}",
            args.record,
            error.line,
            error.reason
        );
    }
    Ok(Some(ExitCode::from(FAILED)))
}

fn print_report(name: &str, report: &Report, as_json: bool, proven: Option<&kifu_records::Proven>) {
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
            // The head of a record that holds together; a failed one has none to trust.
            "head": report.failure.is_none().then(|| hex::encode(&report.head)),
            "turn": report.turn,
            "seed": seed,
            "failure": report.failure.as_ref().map(|f| json!({
                "seq": f.seq, "actor": f.actor.map(|a| a.to_string()), "command": f.command,
                "reason": f.reason, "line": report.line,
            })),
            "proof": proven.map(|p| json!({
                "origin": p.checkpoint.origin, "tree_size": p.checkpoint.size, "seq": p.seq,
                "header_leaf": p.header_leaf, "head_leaf": p.head_leaf, "signer": p.signer,
            })),
        }));
        return;
    }
    match &report.failure {
        None => {
            let turn = report.turn.as_ref().map(|t| t.to_string()).unwrap_or_default();
            out!("{name}: ok, {} entries, {turn}; {seed}", report.entries);
            out!("head {}", hex::encode(&report.head));
            if let Some(proven) = proven {
                out!("{}", super::audit::proven_line(proven));
            }
        }
        Some(failure) => {
            let line = report.line.map(|l| format!(" (line {l})")).unwrap_or_default();
            out!("{name}: FAILED at {failure}{line}");
        }
    }
}

/// Compare two records of one game: the first entry where they part, and a unified diff
///
/// Each is compared as it stands (corrections applied). Exit 0 when they are the same, 1 when
/// they differ.
#[derive(Args)]
#[command(after_help = "Examples:
  kifu diff 6d1f 9a0c                        # \"the records part at entry 12: Nf3 | Nc3\"
  kifu diff mine.kifu theirs.kifu
  kifu diff 6d1f theirs.kifu --json")]
pub struct DiffArgs {
    /// The first record: a kifu text file, or a stored record's id (or unique prefix)
    pub left: String,
    /// The second record, as the first
    pub right: String,
    #[arg(long, help = super::JSON_HELP)]
    pub json: bool,
}

pub fn diff(store: &Lazy, args: DiffArgs) -> CliResult {
    let left = source(store, &args.left)?;
    let right = source(store, &args.right)?;
    let (left_kind, right_kind) = (&left.record().header.game, &right.record().header.game);
    if left_kind != right_kind {
        return Err(crate::exit::CliError::input(format!(
            "{} is a record of {left_kind} and {} of {right_kind}: diff compares two records of one game",
            left.name(),
            right.name()
        )));
    }
    // Two records of one game are compared as they stand: corrections applied.
    let corrected = |s: &crate::input::Source| {
        kifu_core::replay::in_force(kifu_games::registry(), s.record())
            .map_err(|f| crate::exit::CliError::rejected(format!("{} does not replay: {f}", s.name())))
    };
    let (left_game, right_game) = (corrected(&left)?, corrected(&right)?);
    let d = kifu_core::diff::diff(&left_game, &right_game, left.name(), right.name());
    if args.json {
        print_json(&json!({
            "identical": d.identical(),
            "header": d.header_changes,
            "divergence": d.divergence.as_ref().map(|v| json!({"seq": v.seq, "left": v.left, "right": v.right})),
            "unified": d.unified,
        }));
    } else if d.identical() {
        out!(
            "identical: same header and the same {} entries",
            left_game.entries.len()
        );
    } else {
        match &d.divergence {
            Some(v) => out!(
                "the records part at entry {}: {} | {}",
                v.seq,
                v.left.as_deref().unwrap_or("(ended)"),
                v.right.as_deref().unwrap_or("(ended)")
            ),
            None => out!("same entries; the headers differ"),
        }
        out_raw!("{}", d.unified);
    }
    Ok(if d.identical() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(FAILED)
    })
}
