//! What an import did, game by game: ids on standard output (one a line, for pipes), every
//! relation and refusal on standard error with the game's number, or all of it as JSON.

use std::process::ExitCode;

use kifu_records::{ImportOutcome, Relation};
use serde_json::{json, Value};

use super::print_json;
use crate::exit::{CliResult, FAILED};

/// Prints the outcomes (each with its game's number in the file) and the errors; exit 1 when
/// any game was not imported for an error or a conflict with the store.
pub fn print(file: &str, outcomes: &[(usize, ImportOutcome)], errors: &[String], as_json: bool) -> CliResult {
    let mut report = Report::new(file, as_json);
    for (game, outcome) in outcomes {
        report.take(*game, outcome);
    }
    report.finish(errors)
}

/// An import's report, made a game at a time as the games are stored: in text, each id is
/// printed as it comes and only the counts are kept, so a large import holds nothing a game;
/// a JSON report is one document and keeps a row a game until the end.
pub struct Report<'a> {
    file: &'a str,
    as_json: bool,
    /// Stored, already there, extended, refused.
    counts: [usize; 4],
    rows: Vec<Value>,
}

impl<'a> Report<'a> {
    pub fn new(file: &'a str, as_json: bool) -> Self {
        Report {
            file,
            as_json,
            counts: [0; 4],
            rows: Vec::new(),
        }
    }

    /// One game's outcome: in text, its id on standard output and anything more on standard
    /// error, at once.
    pub fn take(&mut self, game: usize, outcome: &ImportOutcome) {
        let (kind, slot, line) = describe(outcome);
        self.counts[slot] += 1;
        if self.as_json {
            self.rows.push(row(game, kind, outcome));
            return;
        }
        if let ImportOutcome::Stored { id, .. } | ImportOutcome::Extended { id, .. } = outcome {
            out!("{id}");
        }
        if let Some(line) = line {
            eprintln!("kifu: {}: game {game}: {line}", self.file);
        }
    }

    /// The end of the report (the JSON document, or the counts on standard error), with the
    /// games refused for errors; exit 1 when any game was not imported for an error or a
    /// conflict with the store.
    pub fn finish(self, errors: &[String]) -> CliResult {
        let Report {
            file,
            as_json,
            counts,
            rows,
        } = self;
        let refused = counts[3] + errors.len();
        if as_json {
            let ids = |want: &str| -> Vec<Value> {
                rows.iter()
                    .filter(|r| r["outcome"] == want)
                    .map(|r| r["id"].clone())
                    .collect()
            };
            print_json(&json!({
                "games": rows, "stored": ids("stored"), "exists": ids("exists"), "extended": ids("extended"),
                "errors": errors,
            }));
        } else {
            eprintln!(
                "{file}: {} stored, {} already in the store, {} skipped for errors or conflicts, {} extended",
                counts[0], counts[1], refused, counts[2]
            );
        }
        Ok(if refused == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(FAILED)
        })
    }
}

/// The outcome's name, its counter, and a line for standard error when there is more to say
/// than the id.
fn describe(outcome: &ImportOutcome) -> (&'static str, usize, Option<String>) {
    match outcome {
        ImportOutcome::Stored { relation: None, .. } => ("stored", 0, None),
        ImportOutcome::Stored {
            id,
            relation: Some(relation),
        } => {
            let how = match relation {
                Relation::Extends { of, at } => {
                    format!("extends {of} at entry {at} (import --extend to append it there instead)")
                }
                Relation::PrefixOf { of, entries } => format!("is the beginning of {of} ({entries} entries)"),
                Relation::SameGame { of } => format!("holds the same entries as {of}"),
            };
            ("stored", 0, Some(format!("stored as {id}, which {how}")))
        }
        ImportOutcome::Exists { id } => ("exists", 1, Some(format!("already in the store as {id}"))),
        ImportOutcome::Contained { id, more } => (
            "exists",
            1,
            Some(format!("already in the store: {id} holds all of it and {more} entries more")),
        ),
        ImportOutcome::Extended { id, from, to } => (
            "extended",
            2,
            Some(format!("appended to {id}: entries {} to {to}", from + 1)),
        ),
        ImportOutcome::Longer { id, stored } => (
            "refused",
            3,
            Some(format!(
                "{id} in the store holds the first {stored} entries of this record: import --extend to append the rest"
            )),
        ),
        ImportOutcome::Conflict { id, at } => (
            "refused",
            3,
            Some(format!(
                "{id} in the store differs from this record from entry {at} on (same id, other entries: one of them was altered); not imported"
            )),
        ),
    }
}

fn row(game: usize, kind: &str, outcome: &ImportOutcome) -> Value {
    let (id, extra) = match outcome {
        ImportOutcome::Stored { id, relation } => (
            id,
            relation.as_ref().map(|r| match r {
                Relation::Extends { of, at } => json!({"extends": of, "at": at}),
                Relation::PrefixOf { of, entries } => json!({"prefix_of": of, "entries": entries}),
                Relation::SameGame { of } => json!({"same_game_as": of}),
            }),
        ),
        ImportOutcome::Exists { id } => (id, None),
        ImportOutcome::Contained { id, more } => (id, Some(json!({"more": more}))),
        ImportOutcome::Extended { id, from, to } => (id, Some(json!({"from": from + 1, "to": to}))),
        ImportOutcome::Longer { id, stored } => (id, Some(json!({"stored": stored, "needs": "--extend"}))),
        ImportOutcome::Conflict { id, at } => (id, Some(json!({"conflict_at": at}))),
    };
    json!({"game": game, "outcome": kind, "id": id, "detail": extra})
}
