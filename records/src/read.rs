//! Reading records back: whole records, heads, replays to any point, lists by game, player
//! or tag, and the audit that rechecks a stored record's chain and rules.

use kifu_core::record::{chain_step, header_hash, Entry, Hash, Header, Record};
use kifu_core::replay::{self, Replay, Report};
use kifu_core::rules::Turn;
use redb::{ReadableDatabase, ReadableTable};
use serde::Serialize;

use crate::error::{ReadError, StoreError};
use crate::tables::*;
use crate::{parse_status, Store};

/// Which records `list` returns; every given condition must hold.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub game: Option<String>,
    pub player: Option<String>,
    /// `key=value`.
    pub tag: Option<String>,
}

/// One line of `list`.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub id: String,
    pub game: String,
    pub players: Vec<String>,
    pub created: Option<String>,
    pub entries: u64,
    pub turn: Option<Turn>,
}

pub(crate) fn header_in(table: &impl ReadableTable<&'static str, &'static str>, id: &str) -> Result<Header, ReadError> {
    let text = table
        .get(id)
        .map_err(StoreError::from)?
        .ok_or_else(|| ReadError::NotFound(id.to_string()))?;
    let text = text.value().to_string();
    let lines: Vec<&str> = text.lines().collect();
    Header::parse(&lines).map_err(|e| ReadError::Damaged {
        id: id.into(),
        reason: e.to_string(),
    })
}

pub(crate) fn entries_in(
    table: &impl ReadableTable<(&'static str, u64), (&'static str, Hash)>,
    id: &str,
    upto: u64,
) -> Result<Vec<Entry>, ReadError> {
    Ok(lines_in(table, id, upto)?.into_iter().map(|(entry, _)| entry).collect())
}

fn lines_in(
    table: &impl ReadableTable<(&'static str, u64), (&'static str, Hash)>,
    id: &str,
    upto: u64,
) -> Result<Vec<(Entry, Hash)>, ReadError> {
    let mut out = Vec::new();
    for item in table.range((id, 1)..=(id, upto)).map_err(StoreError::from)? {
        let (key, value) = item.map_err(StoreError::from)?;
        let (line, hash) = value.value();
        let entry = Entry::parse_line(line).map_err(|e| ReadError::Damaged {
            id: id.into(),
            reason: format!("entry {}: {e}", key.value().1),
        })?;
        out.push((entry, hash));
    }
    Ok(out)
}

impl Store {
    pub fn header(&self, id: &str) -> Result<Header, ReadError> {
        let txn = self.db.begin_read().map_err(StoreError::from)?;
        header_in(&txn.open_table(HEADERS).map_err(StoreError::from)?, id)
    }

    /// The head: the last entry's sequence number and the chain hash.
    pub fn head(&self, id: &str) -> Result<(u64, Hash), ReadError> {
        let txn = self.db.begin_read().map_err(StoreError::from)?;
        let heads = txn.open_table(HEADS).map_err(StoreError::from)?;
        let value = heads
            .get(id)
            .map_err(StoreError::from)?
            .ok_or_else(|| ReadError::NotFound(id.to_string()))?;
        Ok(value.value())
    }

    /// The whole record.
    pub fn record(&self, id: &str) -> Result<Record, ReadError> {
        let txn = self.db.begin_read().map_err(StoreError::from)?;
        let header = header_in(&txn.open_table(HEADERS).map_err(StoreError::from)?, id)?;
        let entries = entries_in(&txn.open_table(ENTRIES).map_err(StoreError::from)?, id, u64::MAX)?;
        Ok(Record { header, entries })
    }

    /// The game replayed to entry `at` (the head when `None`).
    pub fn replay(&self, id: &str, at: Option<u64>) -> Result<Replay, ReadError> {
        let record = self.record(id)?;
        let upto = at.unwrap_or(u64::MAX).min(record.entries.len() as u64);
        let mut replay = Replay::start(&record.header).map_err(|f| ReadError::Damaged {
            id: id.into(),
            reason: f.to_string(),
        })?;
        for entry in &record.entries[..upto as usize] {
            replay.check(entry).map_err(|f| ReadError::Damaged {
                id: id.into(),
                reason: f.to_string(),
            })?;
        }
        Ok(replay)
    }

    /// Rechecks a stored record: the stored chain hashes, then every entry through the rules.
    pub fn audit(&self, id: &str) -> Result<Report, ReadError> {
        let txn = self.db.begin_read().map_err(StoreError::from)?;
        let header = header_in(&txn.open_table(HEADERS).map_err(StoreError::from)?, id)?;
        let lines = lines_in(&txn.open_table(ENTRIES).map_err(StoreError::from)?, id, u64::MAX)?;
        let mut head = header_hash(&header.canonical_text());
        for (entry, stored) in &lines {
            head = chain_step(&head, &entry.canonical_line());
            if head != *stored {
                return Ok(Report {
                    entries: entry.seq - 1,
                    head,
                    turn: None,
                    seed: replay::SeedCheck::NotSeeded,
                    failure: Some(replay::Failure {
                        seq: entry.seq,
                        actor: Some(entry.actor),
                        command: Some(entry.command.clone()),
                        reason: "the stored chain hash does not match: the entry was altered".into(),
                    }),
                    line: None,
                    withdrawn: Vec::new(),
                });
            }
        }
        let record = Record {
            header,
            entries: lines.into_iter().map(|(e, _)| e).collect(),
        };
        Ok(replay::verify_complete(&record))
    }

    /// Records matching the filter, by id.
    pub fn list(&self, filter: &Filter) -> Result<Vec<Summary>, ReadError> {
        let txn = self.db.begin_read().map_err(StoreError::from)?;
        let mut ids: Option<Vec<String>> = None;
        let narrow = |ids: Option<Vec<String>>, found: Vec<String>| -> Option<Vec<String>> {
            Some(match ids {
                None => found,
                Some(ids) => ids.into_iter().filter(|id| found.contains(id)).collect(),
            })
        };
        for (value, table) in [
            (&filter.game, BY_GAME),
            (&filter.player, BY_PLAYER),
            (&filter.tag, BY_TAG),
        ] {
            if let Some(value) = value {
                let index = txn.open_table(table).map_err(StoreError::from)?;
                let mut found = Vec::new();
                for item in index.range((value.as_str(), "")..).map_err(StoreError::from)? {
                    let (key, _) = item.map_err(StoreError::from)?;
                    let (name, id) = key.value();
                    if name != value.as_str() {
                        break;
                    }
                    found.push(id.to_string());
                }
                ids = narrow(ids, found);
            }
        }
        let headers = txn.open_table(HEADERS).map_err(StoreError::from)?;
        let ids = match ids {
            Some(ids) => ids,
            None => {
                let mut all = Vec::new();
                for item in headers.iter().map_err(StoreError::from)? {
                    all.push(item.map_err(StoreError::from)?.0.value().to_string());
                }
                all
            }
        };
        let heads = txn.open_table(HEADS).map_err(StoreError::from)?;
        let status = txn.open_table(STATUS).map_err(StoreError::from)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let header = header_in(&headers, &id)?;
            let entries = heads
                .get(id.as_str())
                .map_err(StoreError::from)?
                .map(|v| v.value().0)
                .unwrap_or(0);
            let turn = status
                .get(id.as_str())
                .map_err(StoreError::from)?
                .and_then(|v| parse_status(v.value()));
            out.push(Summary {
                id,
                game: header.game,
                players: header.players,
                created: header.created,
                entries,
                turn,
            });
        }
        Ok(out)
    }
}
