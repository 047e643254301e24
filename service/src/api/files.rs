//! Files sent as the body: importing a notation or kifu file (every game checked by the rules,
//! stored a batch per transaction, each bad game named and skipped) and verifying a kifu file.
//! The formats and the rules are the kernel's; nothing here reads a game itself.

use axum::extract::{Query, State};
use axum::Json;
use kifu_core::format::{build_checked, decode_text_owned, FormatError};
use kifu_core::record::{hex, text};
use kifu_core::replay::{verify_text, Checked, Report, SeedCheck};
use kifu_core::Turn;
use kifu_records::{ImportOutcome, RecordStore, Relation};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::schema::TurnDoc;
use super::FileBody;
use crate::error::{ApiError, Problem};
use crate::hub::Hub;
use crate::state::App;

/// Games stored per transaction.
const BATCH: usize = 500;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// `kifu` (the default) or a notation format (see `/v1/games`).
    format: Option<String>,
    /// Append a game that continues a stored record to that record, instead of storing it
    /// anew with the relation named.
    #[serde(default)]
    extend: bool,
}

#[derive(Serialize, ToSchema)]
pub struct Imported {
    /// One row per game of the file, in order.
    games: Vec<GameResult>,
}

/// What became of one game: `{game, id, outcome}` or `{game, error, line, ply}`.
#[derive(Serialize, ToSchema, Default)]
struct GameResult {
    /// The game's number in the file, from 1.
    game: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    /// `stored`, `exists`, `extended` or `refused`.
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'static str>,
    /// More about the outcome, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<String>,
    /// Why the game was not imported.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    /// What `detail` says, as data: the record a stored game extends (`extends`, `at`), begins
    /// (`prefix_of`, `entries`) or repeats (`same_game_as`); the entries a stored record holds
    /// beyond it (`more`); the entries appended (`from`, `to`); the entries a shorter stored
    /// version holds (`stored`); the entry from which a stored record differs (`conflict_at`).
    #[serde(flatten)]
    facts: Facts,
}

#[derive(Serialize, ToSchema, Default)]
struct Facts {
    #[serde(skip_serializing_if = "Option::is_none")]
    extends: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    prefix_of: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    entries: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    same_game_as: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    more: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stored: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict_at: Option<u64>,
}

/// Imports every game of a file. Imported records have no tokens: they are read, not played on.
#[utoipa::path(post, path = "/v1/import", tag = "files", params(ImportQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The file"),
    responses((status = 200, body = Imported), (status = 400, body = Problem), (status = 413, body = Problem),
        (status = 415, body = Problem), (status = 422, body = Problem, description = "No game could be read")))]
pub async fn import(
    State(app): State<App>,
    Query(query): Query<ImportQuery>,
    FileBody(bytes): FileBody,
) -> Result<Json<Imported>, ApiError> {
    let name = query.format.unwrap_or_else(|| "kifu".into());
    let extend = query.extend;
    app.blocking(move |store, hub| {
        let mut games = Vec::new();
        let mut batch: Vec<(usize, Checked)> = Vec::new();
        if name == "kifu" {
            match kifu_record(bytes.to_vec()) {
                Ok(record) => batch.push((1, record)),
                Err(failed) => games.push(*failed),
            }
        } else {
            let format = kifu_games::format(&name)
                .ok_or_else(|| ApiError::bad_request(format!("unknown format '{name}' (see /v1/games)")))?;
            let text;
            let drafts = match format.read_bytes(&bytes) {
                Some(drafts) => drafts,
                None => {
                    text = decode_text_owned(bytes.to_vec()).map_err(|e| ApiError::unprocessable(e.to_string()))?;
                    format.read_each(&text)
                }
            };
            for (index, draft) in drafts.enumerate() {
                match draft.and_then(|d| build_checked(kifu_games::registry(), &d, None)) {
                    Ok(record) => batch.push((index + 1, record)),
                    Err(error) => games.push(failure(index + 1, error)),
                }
                if batch.len() == BATCH {
                    store_batch(store, hub, &mut batch, extend, &mut games)?;
                }
            }
        }
        store_batch(store, hub, &mut batch, extend, &mut games)?;
        if games.is_empty() {
            return Err(ApiError::unprocessable("no games found"));
        }
        games.sort_by_key(|g| g.game);
        Ok(Json(Imported { games }))
    })
    .await
}

/// A kifu file checked whole (chain, rules, completeness), or the row saying why not.
fn kifu_record(bytes: Vec<u8>) -> Result<Checked, Box<GameResult>> {
    let text = decode_text_owned(bytes).map_err(|e| Box::new(failure(1, e)))?;
    let parsed = text::read(&text).map_err(|e| {
        Box::new(GameResult {
            game: 1,
            error: Some(e.reason),
            line: Some(e.line),
            ..GameResult::default()
        })
    })?;
    let report = verify_text(kifu_games::registry(), &parsed);
    if let Some(f) = report.failure {
        return Err(Box::new(GameResult {
            game: 1,
            error: Some(f.to_string()),
            line: report.line,
            ply: Some(f.seq as usize),
            ..GameResult::default()
        }));
    }
    Checked::new(kifu_games::registry(), parsed.record).map_err(|f| {
        Box::new(GameResult {
            game: 1,
            error: Some(f.to_string()),
            ply: Some(f.seq as usize),
            ..GameResult::default()
        })
    })
}

fn failure(game: usize, error: FormatError) -> GameResult {
    GameResult {
        game,
        error: Some(error.reason),
        line: error.line,
        ply: error.ply,
        ..GameResult::default()
    }
}

/// Stores the waiting games in one transaction and notes what became of each; followers of a
/// record that was extended are told.
fn store_batch(
    store: &dyn RecordStore,
    hub: &Hub,
    batch: &mut Vec<(usize, Checked)>,
    extend: bool,
    games: &mut Vec<GameResult>,
) -> Result<(), ApiError> {
    if batch.is_empty() {
        return Ok(());
    }
    let records: Vec<Checked> = batch.iter().map(|(_, r)| r.clone()).collect();
    let report = store
        .import(&records, records.len(), extend, &mut |_| {})
        .map_err(|e| ApiError::internal(e.to_string()))?;
    for ((game, _), outcome) in batch.drain(..).zip(report.outcomes) {
        if let ImportOutcome::Extended { id, to, .. } = &outcome {
            hub.publish(id, *to);
        }
        let facts = facts(&outcome);
        let (kind, id, detail) = describe(outcome);
        games.push(GameResult {
            game,
            id: Some(id),
            outcome: Some(kind),
            detail,
            facts,
            ..GameResult::default()
        });
    }
    Ok(())
}

fn facts(outcome: &ImportOutcome) -> Facts {
    let none = Facts::default();
    match outcome {
        ImportOutcome::Stored { relation, .. } => match relation {
            None => none,
            Some(Relation::Extends { of, at }) => Facts {
                extends: Some(of.clone()),
                at: Some(*at),
                ..none
            },
            Some(Relation::PrefixOf { of, entries }) => Facts {
                prefix_of: Some(of.clone()),
                entries: Some(*entries),
                ..none
            },
            Some(Relation::SameGame { of }) => Facts {
                same_game_as: Some(of.clone()),
                ..none
            },
        },
        ImportOutcome::Exists { .. } => none,
        ImportOutcome::Contained { more, .. } => Facts {
            more: Some(*more),
            ..none
        },
        ImportOutcome::Extended { from, to, .. } => Facts {
            from: Some(from + 1),
            to: Some(*to),
            ..none
        },
        ImportOutcome::Longer { stored, .. } => Facts {
            stored: Some(*stored),
            ..none
        },
        ImportOutcome::Conflict { at, .. } => Facts {
            conflict_at: Some(*at),
            ..none
        },
    }
}

fn describe(outcome: ImportOutcome) -> (&'static str, String, Option<String>) {
    match outcome {
        ImportOutcome::Stored { id, relation } => {
            let detail = relation.map(|r| match r {
                Relation::Extends { of, at } => {
                    format!("extends {of} at entry {at} (import with extend=true to append it there)")
                }
                Relation::PrefixOf { of, entries } => format!("is the beginning of {of} ({entries} entries)"),
                Relation::SameGame { of } => format!("holds the same entries as {of}"),
            });
            ("stored", id, detail)
        }
        ImportOutcome::Exists { id } => ("exists", id, None),
        ImportOutcome::Contained { id, more } => (
            "exists",
            id,
            Some(format!("the stored record holds all of it and {more} entries more")),
        ),
        ImportOutcome::Extended { id, from, to } => {
            ("extended", id, Some(format!("entries {} to {to} appended", from + 1)))
        }
        ImportOutcome::Longer { id, stored } => (
            "refused",
            id,
            Some(format!(
                "the stored record holds its first {stored} entries: import with extend=true to append the rest"
            )),
        ),
        ImportOutcome::Conflict { id, at } => (
            "refused",
            id,
            Some(format!(
                "the stored record with this id differs from entry {at} on: one of them was altered"
            )),
        ),
    }
}

#[derive(Serialize, ToSchema)]
pub struct Verified {
    ok: bool,
    /// Entries checked.
    entries: Option<u64>,
    head: Option<String>,
    #[schema(value_type = Option<TurnDoc>)]
    turn: Option<Turn>,
    /// `observed`, or whether seeded chance was checked against the revealed seed.
    seed: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<VerifyFailure>,
}

#[derive(Serialize, ToSchema)]
struct VerifyFailure {
    /// The entry (0: the header), when the file read as kifu text.
    seq: Option<u64>,
    actor: Option<String>,
    command: Option<String>,
    reason: String,
    /// The line of the file.
    line: Option<usize>,
}

/// Verifies a kifu file: its hash chain, then every entry through the rules, then that it is
/// complete. `ok: false` names the first failure and its line.
#[utoipa::path(post, path = "/v1/verify", tag = "files",
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "A kifu text file"),
    responses((status = 200, body = Verified), (status = 413, body = Problem), (status = 415, body = Problem),
        (status = 422, body = Problem, description = "Not text at all")))]
pub async fn verify(State(app): State<App>, FileBody(bytes): FileBody) -> Result<Json<Verified>, ApiError> {
    app.blocking(move |_, _| {
        let text = decode_text_owned(bytes.to_vec()).map_err(|e| ApiError::unprocessable(e.to_string()))?;
        let parsed = match text::read(&text) {
            Ok(parsed) => parsed,
            Err(e) => {
                return Ok(Json(Verified {
                    ok: false,
                    entries: None,
                    head: None,
                    turn: None,
                    seed: None,
                    failure: Some(VerifyFailure {
                        seq: None,
                        actor: None,
                        command: None,
                        reason: e.reason,
                        line: Some(e.line),
                    }),
                }))
            }
        };
        Ok(Json(verified(verify_text(kifu_games::registry(), &parsed))))
    })
    .await
}

fn verified(report: Report) -> Verified {
    let seed = match report.seed {
        SeedCheck::NotSeeded => "observed",
        SeedCheck::NotRevealed => "seed not revealed: chance entries checked as possible only",
        SeedCheck::Checked => "seeded chance checked against the revealed seed",
    };
    Verified {
        ok: report.failure.is_none(),
        entries: Some(report.entries),
        head: Some(hex::encode(&report.head)),
        turn: report.turn,
        seed: Some(seed),
        failure: report.failure.map(|f| VerifyFailure {
            seq: Some(f.seq),
            actor: f.actor.map(|a| a.to_string()),
            reason: f.reason,
            command: f.command,
            line: report.line,
        }),
    }
}
