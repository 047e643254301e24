//! The server backend: the record commands' work done by a kifu server over its `/v1` API
//! (`--server URL`, `--token T`), its answers turned into the same data the store gives, so
//! the commands print the same. It never opens a store file, never prints, and sends the token
//! to no address but the server's.

use std::collections::BTreeMap;

use kifu_core::format::FormatError;
use kifu_core::record::{hex, Actor, Entry, Hash};
use kifu_core::replay::Checked;
use kifu_core::Turn;
use kifu_records::{Appended, Filter, ImportOutcome, Relation};
use serde::Deserialize;
use serde_json::json;

use super::http::{encode, Http};
use super::{
    Backend, Chance, Created, ImportDone, ImportJob, Legal, LogLine, Logged, NewRecord, OnOutcome, Play, Row, Shown,
};
use crate::exit::{CliError, BAD_INPUT, FAILED};

/// A kifu server and the token to show it.
#[derive(Clone)]
pub struct Remote {
    http: Http,
}

impl Remote {
    pub fn new(url: &str, token: Option<String>) -> Result<Remote, CliError> {
        Ok(Remote {
            http: Http::new(url, token)?,
        })
    }

    /// The full id of the one record `name` (an id or a unique prefix of 4 digits or more)
    /// names, as the store resolves it.
    fn resolve(&self, name: &str) -> Result<String, CliError> {
        let prefix = name.to_ascii_lowercase();
        let missing = || CliError::input(format!("no record with id '{prefix}' on {}", self.http.base));
        if let Some(why) = kifu_records::id_form(&prefix) {
            return Err(CliError::input(format!("no record with id '{name}': {why}")));
        }
        if prefix.len() == 64 {
            return Err(CliError::input(format!(
                "'{name}' is a header hash: with --server give the record's id (a header hash names a record on a store file only)"
            )));
        }
        if prefix.len() == 32 {
            return Ok(prefix);
        }
        // The list is ordered by id and starts after `after`: from just before the prefix, the
        // first two records say whether it names none, one or several.
        let mut before = prefix.clone();
        let last = before.pop().unwrap_or('0');
        before.push((last as u8 - 1) as char);
        before.push('~');
        let page: Page = self
            .http
            .get(&format!("/v1/records?after={}&limit=2", encode(&before)))?
            .json(200, &[])?;
        let found: Vec<String> = page
            .records
            .into_iter()
            .map(|r| r.id)
            .filter(|id| id.starts_with(&prefix))
            .collect();
        match found.len() {
            0 => Err(missing()),
            1 => Ok(found.into_iter().next().unwrap_or_default()),
            _ => Err(CliError::input(format!(
                "id '{prefix}' matches several records: give more digits"
            ))),
        }
    }

    /// The entries `from` to `to` of a record as canonical lines, in the view of the token
    /// (or of `other`, a token just given by the server).
    fn lines(&self, id: &str, from: u64, to: u64, other: Option<&str>) -> Result<Vec<String>, CliError> {
        let path = format!("/v1/records/{id}/log?from={from}");
        let answer = match other {
            Some(token) => self.http.get_with(&path, Some(token))?,
            None => self.http.get(&path)?,
        };
        let log: LogOut = answer.json(200, &[])?;
        log.entries
            .into_iter()
            .filter(|e| e.seq <= to)
            .map(|e| e.entry().map(|e| e.canonical_line()))
            .collect()
    }
}

/// `--as` over a server: the view is the token's, so `--as` may only name that one.
fn check_view(asked: Option<&str>, given: &str) -> Result<(), CliError> {
    let asked = asked.map(|name| name.trim().to_lowercase());
    match asked.as_deref() {
        None => Ok(()),
        Some(name) if name == given || (name == "full" && given == "arbiter") => Ok(()),
        Some(name) => Err(CliError::input(format!(
            "--as {name}: with --server the view is the token's, and this one gives the {given} view; give --token of the {name} view"
        ))),
    }
}

fn hash(text: &str) -> Result<Hash, CliError> {
    hex::decode32(text).ok_or_else(|| CliError::input(format!("the server sent '{text}' as a head, not a hash")))
}

#[derive(Deserialize)]
struct CreatedOut {
    id: String,
    seq: u64,
    head: String,
    tokens: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct HeadOut {
    #[serde(default)]
    first: Option<u64>,
    seq: u64,
    head: String,
}

#[derive(Deserialize)]
struct LegalOut {
    turn: Turn,
    listed: bool,
    moves: Vec<MoveOut>,
}

#[derive(Deserialize)]
struct MoveOut {
    actor: String,
    command: String,
}

#[derive(Deserialize)]
struct PositionOut {
    id: String,
    game: String,
    view: String,
    #[serde(default)]
    players: Vec<String>,
    #[serde(default)]
    svg: Option<String>,
    seq: u64,
    head: String,
    turn: Turn,
    state: serde_json::Value,
    #[serde(default)]
    remarks: Vec<RemarkOut>,
    #[serde(default)]
    text: String,
}

#[derive(Deserialize)]
struct RemarkOut {
    seq: u64,
    text: String,
}

#[derive(Deserialize)]
struct LogOut {
    id: String,
    view: String,
    header: Vec<String>,
    entries: Vec<EntryOut>,
}

#[derive(Deserialize)]
struct EntryOut {
    seq: u64,
    actor: String,
    command: String,
    time: Option<String>,
    withdrawn_by: Option<u64>,
    remark: Option<String>,
    state: Option<String>,
}

impl EntryOut {
    fn entry(&self) -> Result<Entry, CliError> {
        let actor = Actor::parse(&self.actor)
            .ok_or_else(|| CliError::input(format!("the server sent '{}' as an actor", self.actor)))?;
        let state = match &self.state {
            Some(text) => Some(
                hex::decode(text)
                    .and_then(|b| <[u8; 8]>::try_from(b).ok())
                    .ok_or_else(|| CliError::input(format!("the server sent '{text}' as a state hash")))?,
            ),
            None => None,
        };
        Ok(Entry {
            seq: self.seq,
            actor,
            command: self.command.clone(),
            time: self.time.clone(),
            state,
        })
    }
}

#[derive(Deserialize)]
struct Page {
    records: Vec<Row>,
    next: Option<String>,
}

#[derive(Deserialize)]
struct Imported {
    games: Vec<GameOut>,
}

/// One game of an import: an outcome with its facts, or an error with its place.
#[derive(Deserialize)]
struct GameOut {
    game: usize,
    id: Option<String>,
    outcome: Option<String>,
    error: Option<String>,
    line: Option<usize>,
    ply: Option<usize>,
    extends: Option<String>,
    at: Option<u64>,
    prefix_of: Option<String>,
    entries: Option<u64>,
    same_game_as: Option<String>,
    more: Option<u64>,
    from: Option<u64>,
    to: Option<u64>,
    stored: Option<u64>,
    conflict_at: Option<u64>,
}

impl GameOut {
    /// The outcome as the store says it, or the error as the local import words it.
    fn read(self, file: &str) -> Result<Result<ImportOutcome, String>, CliError> {
        if let Some(reason) = self.error {
            let error = FormatError {
                game: Some(self.game),
                line: self.line,
                ply: self.ply,
                reason,
            };
            return Ok(Err(format!("{file}: {error}")));
        }
        let unread = || CliError::input(format!("the server's answer for game {} does not read", self.game));
        let id = self.id.clone().ok_or_else(unread)?;
        let outcome = match self.outcome.as_deref() {
            Some("stored") => {
                let relation = match (self.extends, self.prefix_of, self.same_game_as) {
                    (Some(of), _, _) => Some(Relation::Extends {
                        of,
                        at: self.at.unwrap_or_default(),
                    }),
                    (_, Some(of), _) => Some(Relation::PrefixOf {
                        of,
                        entries: self.entries.unwrap_or_default(),
                    }),
                    (_, _, Some(of)) => Some(Relation::SameGame { of }),
                    _ => None,
                };
                ImportOutcome::Stored { id, relation }
            }
            Some("exists") => match self.more {
                Some(more) => ImportOutcome::Contained { id, more },
                None => ImportOutcome::Exists { id },
            },
            Some("extended") => ImportOutcome::Extended {
                id,
                from: self.from.unwrap_or(1).saturating_sub(1),
                to: self.to.unwrap_or_default(),
            },
            Some("refused") => match (self.stored, self.conflict_at) {
                (Some(stored), _) => ImportOutcome::Longer { id, stored },
                (_, Some(at)) => ImportOutcome::Conflict { id, at },
                _ => return Err(unread()),
            },
            _ => return Err(unread()),
        };
        Ok(Ok(outcome))
    }
}

/// An import refused whole, named by its file.
fn in_file(file: &str) -> impl Fn(CliError) -> CliError + '_ {
    move |e| CliError {
        code: e.code,
        message: format!("{file}: {}", e.message),
    }
}

impl Backend for Remote {
    fn create(&self, new: NewRecord) -> Result<Created, CliError> {
        let mut body = json!({
            "game": new.game.name(), "options": new.options, "players": new.players, "tags": new.tags,
        });
        match new.chance {
            Chance::Observed => body["observed"] = json!(true),
            Chance::Seed(seed) => body["seed"] = json!(hex::encode(&seed)),
            Chance::Random => body["random_seed"] = json!(true),
        }
        if let Some(start) = new.start {
            body["start"] = json!(start);
        }
        // The game refusing its set-up is bad usage, as `kifu new` says it.
        let made: CreatedOut = self
            .http
            .post_json("/v1/records", &body, &[])?
            .json(201, &[(422, BAD_INPUT)])?;
        let entries = match made.seq {
            0 => Vec::new(),
            seq => self.lines(&made.id, 1, seq, made.tokens.get("arbiter").map(String::as_str))?,
        };
        Ok(Created {
            head: hash(&made.head)?,
            id: made.id,
            seq: made.seq,
            entries,
            tokens: Some(made.tokens),
        })
    }

    fn append(&self, id: &str, play: Play) -> Result<Appended, CliError> {
        if play.no_time {
            return Err(CliError::input(
                "--no-time is not available with --server: the server stamps every entry with its clock",
            ));
        }
        let id = self.resolve(id)?;
        let mut body = json!({ "commands": play.commands });
        if let Some(expect) = &play.expect {
            body["expect_head"] = json!(hex::encode(expect));
        }
        let headers: Vec<(&str, String)> = play.key.iter().map(|k| ("idempotency-key", k.clone())).collect();
        let answer = self
            .http
            .post_json(&format!("/v1/records/{id}/entries"), &body, &headers)?;
        let replayed = answer.replayed;
        let made: HeadOut = answer.json(201, &[])?;
        // The new entries, in the token's view, as the store's answer lists them.
        let lines = match made.first {
            Some(first) => self.lines(&id, first, made.seq, None).or_else(|e| {
                eprintln!(
                    "kifu: entered, but the new entries could not be read back: {}",
                    e.message
                );
                Ok::<_, CliError>(Vec::new())
            })?,
            None => Vec::new(),
        };
        Ok(Appended {
            seq: made.seq,
            head: hash(&made.head)?,
            lines,
            replayed,
        })
    }

    fn legal(&self, id: &str) -> Result<Legal, CliError> {
        let id = self.resolve(id)?;
        let legal: LegalOut = self.http.get(&format!("/v1/records/{id}/legal"))?.json(200, &[])?;
        let moves = legal
            .moves
            .into_iter()
            .map(|m| {
                Actor::parse(&m.actor)
                    .map(|a| (a, m.command))
                    .ok_or_else(|| CliError::input(format!("the server sent '{}' as an actor", m.actor)))
            })
            .collect::<Result<_, _>>()?;
        Ok(Legal {
            listed: legal.listed,
            turn: legal.turn,
            moves,
        })
    }

    fn show(&self, id: &str, at: Option<u64>, view: Option<&str>) -> Result<Shown, CliError> {
        let id = self.resolve(id)?;
        let query = at.map(|at| format!("?at={at}")).unwrap_or_default();
        let position: PositionOut = self.http.get(&format!("/v1/records/{id}{query}"))?.json(200, &[])?;
        check_view(view, &position.view)?;
        Ok(Shown {
            id: position.id,
            game: position.game,
            players: position.players,
            seq: position.seq,
            head: hash(&position.head)?,
            turn: position.turn,
            state: position.state,
            remarks: position.remarks.into_iter().map(|r| (r.seq, r.text)).collect(),
            text: position.text,
        })
    }

    fn svg(&self, id: &str, at: Option<u64>, view: Option<&str>) -> Result<String, CliError> {
        let id = self.resolve(id)?;
        let query = at.map(|at| format!("?at={at}")).unwrap_or_default();
        let position: PositionOut = self.http.get(&format!("/v1/records/{id}{query}"))?.json(200, &[])?;
        check_view(view, &position.view)?;
        position.svg.ok_or_else(|| {
            CliError::input(format!(
                "record {id}: {} has no picture (show it as text or --json)",
                position.game
            ))
        })
    }

    fn log(&self, id: &str, view: Option<&str>) -> Result<Logged, CliError> {
        let id = self.resolve(id)?;
        let log: LogOut = self.http.get(&format!("/v1/records/{id}/log"))?.json(200, &[])?;
        check_view(view, &log.view)?;
        let entries = log
            .entries
            .into_iter()
            .map(|e| {
                Ok(LogLine {
                    entry: e.entry()?,
                    withdrawn_by: e.withdrawn_by,
                    remark: e.remark,
                })
            })
            .collect::<Result<_, CliError>>()?;
        Ok(Logged {
            id: log.id,
            header: log.header,
            entries,
        })
    }

    fn list(&self, filter: Filter) -> Result<Vec<Row>, CliError> {
        let mut query = String::from("limit=500");
        for (key, value) in [("game", &filter.game), ("player", &filter.player), ("tag", &filter.tag)] {
            if let Some(value) = value {
                query.push_str(&format!("&{key}={}", encode(value)));
            }
        }
        let mut rows = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let from = after
                .as_deref()
                .map(|a| format!("&after={}", encode(a)))
                .unwrap_or_default();
            let page: Page = self.http.get(&format!("/v1/records?{query}{from}"))?.json(200, &[])?;
            rows.extend(page.records);
            match page.next {
                Some(next) if after.as_ref() != Some(&next) => after = Some(next),
                _ => return Ok(rows),
            }
        }
    }

    fn export(&self, id: &str, format: &str, at: Option<u64>, view: Option<&str>) -> Result<Vec<u8>, CliError> {
        let id = self.resolve(id)?;
        if view.is_some() {
            let position: PositionOut = self.http.get(&format!("/v1/records/{id}?at=0"))?.json(200, &[])?;
            check_view(view, &position.view)?;
        }
        // Hidden information a file cannot hide is bad usage, as `kifu export` says it.
        self.http
            .get(&format!(
                "/v1/records/{id}/export?format={}{}",
                encode(format),
                at.map(|at| format!("&at={at}")).unwrap_or_default()
            ))?
            .expect(200, &[(403, BAD_INPUT)])
    }

    fn import_kifu(&mut self, text: &str, _record: Checked, extend: bool) -> Result<ImportOutcome, CliError> {
        let answer = self.http.post(
            &format!("/v1/import?format=kifu&extend={extend}"),
            "application/octet-stream",
            text.as_bytes(),
            &[],
        )?;
        let imported: Imported = answer.json(200, &[(422, BAD_INPUT)])?;
        let row = imported
            .games
            .into_iter()
            .next()
            .ok_or_else(|| CliError::input("the server said nothing of the record"))?;
        match row.read("the record")? {
            Ok(outcome) => Ok(outcome),
            Err(message) => Err(CliError {
                code: FAILED,
                message: format!("the server refused it: {message}"),
            }),
        }
    }

    fn import_file(&mut self, job: ImportJob<'_>, on_outcome: OnOutcome<'_>) -> Result<ImportDone, CliError> {
        let file = job.file;
        if !job.options.is_empty() || job.drop_annotations {
            return Err(CliError::input(
                "import --option and --drop-annotations are not available with --server",
            ));
        }
        let bytes = std::fs::read(job.path).map_err(|e| CliError::input(format!("{file}: {e}")))?;
        let answer = self.http.post(
            &format!("/v1/import?format={}&extend={}", encode(job.format.name()), job.extend),
            "application/octet-stream",
            &bytes,
            &[],
        )?;
        // A file with no game or no text is bad input, as a local import says it.
        let imported: Imported = answer.json(200, &[(422, BAD_INPUT)]).map_err(in_file(file))?;
        let mut done = ImportDone { errors: Vec::new() };
        for row in imported.games {
            let game = row.game;
            match row.read(file)? {
                Ok(outcome) => on_outcome(game, outcome),
                Err(message) => {
                    if !job.json {
                        eprintln!("kifu: {message}");
                    }
                    done.errors.push(message);
                }
            }
        }
        Ok(done)
    }
}
