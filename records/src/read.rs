//! Reading records back: whole records, heads, replays to any point, lists by game, player
//! or tag, and the audit that rechecks a stored record's chain and rules.

use kifu_core::record::{chain_step, header_hash, Entry, Hash, Header, Record};
use kifu_core::replay::{self, Replay, Report};
use kifu_core::rules::Turn;
use kifu_core::Registry;
use redb::ReadableTable;
use serde::Serialize;

use crate::blocks;
use crate::error::{ReadError, StoreError};
use crate::guard::guarded;
use crate::tables::*;
use crate::tlog::TileCache;
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
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Summary {
    pub id: String,
    pub game: String,
    pub players: Vec<String>,
    pub created: Option<String>,
    pub entries: u64,
    pub turn: Option<Turn>,
}

/// The header of `record` as stored: `Damaged` when the row under its number is another
/// record's (the numbers table or the row altered), or does not read.
pub(crate) fn header_in(
    table: &impl ReadableTable<u64, (&'static str, &'static str)>,
    record: Numbered,
) -> Result<Header, ReadError> {
    let id = record.id;
    let row = table
        .get(record.number)
        .map_err(StoreError::from)?
        .ok_or_else(|| ReadError::NotFound(id.to_string()))?;
    let (stored_id, text) = row.value();
    let damaged = |reason: String| ReadError::Damaged { id: id.into(), reason };
    if stored_id != id {
        return Err(damaged(format!(
            "the header row under its number {} is record {stored_id}'s",
            record.number
        )));
    }
    let lines: Vec<&str> = text.lines().collect();
    let header = Header::parse(&lines).map_err(|e| damaged(e.to_string()))?;
    if header.id() != id {
        return Err(damaged(format!(
            "the header stored for it names record {}",
            header.id()
        )));
    }
    Ok(header)
}

/// A stored record read whole and checked against itself: the header reads, the blocks of
/// entries follow each other without a gap and unpack, the entries are numbered 1..n, the chain
/// recomputed from the header and the lines matches the hash stored with every block, and the
/// count and last hash are those of the head row. Anything else is `ReadError::Broken`, naming
/// the first missing or altered entry (or the first entry of the block it is in).
pub(crate) fn verified_record(
    headers: &impl ReadableTable<u64, (&'static str, &'static str)>,
    blocks: &impl ReadableTable<(u64, u64), (Hash, &'static [u8])>,
    heads: &impl ReadableTable<u64, (u64, Hash, &'static str)>,
    record: Numbered,
) -> Result<Record, ReadError> {
    verified_chained(headers, blocks, heads, record).map(|(record, _)| record)
}

/// `verified_record`, with the chain it recomputed: the header's hash, then the hash after each
/// entry (what `Record::hashes` makes again from the entries).
pub(crate) fn verified_chained(
    headers: &impl ReadableTable<u64, (&'static str, &'static str)>,
    blocks: &impl ReadableTable<(u64, u64), (Hash, &'static [u8])>,
    heads: &impl ReadableTable<u64, (u64, Hash, &'static str)>,
    record: Numbered,
) -> Result<(Record, Vec<Hash>), ReadError> {
    let id = record.id;
    let broken = |seq: u64, reason: String| ReadError::Broken {
        id: id.to_string(),
        seq,
        reason,
    };
    let header = match header_in(headers, record) {
        Err(ReadError::Damaged { reason, .. }) => return Err(broken(0, format!("the header does not read: {reason}"))),
        other => other?,
    };
    let (count, head) = head_in(heads, record.number)
        .map_err(StoreError::from)?
        .ok_or_else(|| broken(0, "the record has no head row".into()))?;
    let mut chain = header_hash(&header.canonical_text());
    let mut out: Vec<Entry> = Vec::with_capacity(count as usize);
    let mut hashes: Vec<Hash> = Vec::with_capacity(count as usize + 1);
    hashes.push(chain);
    let stored_blocks = blocks::stored(blocks, record.number)?;
    let last_block = stored_blocks.len().saturating_sub(1);
    // Each entry's line, written here from its block's text, one after the other.
    let mut written = String::new();
    for (index, (start, block_chain, packed)) in stored_blocks.into_iter().enumerate() {
        let expected = out.len() as u64 + 1;
        if start != expected {
            return Err(broken(
                expected,
                format!("entry {expected} is missing (the next block stored starts at {start})"),
            ));
        }
        let text = blocks::unpack_text(&packed)
            .map_err(|why| broken(start, format!("the block of entries from {start} was altered: {why}")))?;
        let held = text.split('\n').count() as u64;
        let end = start + held - 1;
        if index < last_block && held != blocks::BLOCK {
            return Err(broken(
                end + 1,
                format!(
                    "the block of entries {start} to {end} is short: entry {} is missing",
                    end + 1
                ),
            ));
        }
        for (seq, rest) in (start..).zip(text.split('\n')) {
            blocks::write_line(seq, rest, &mut written);
            let line = written.as_str();
            let entry = Entry::parse_line(line).map_err(|e| broken(seq, format!("the entry does not read: {e}")))?;
            if entry.seq != seq {
                return Err(broken(
                    seq,
                    format!("the line stored as entry {seq} says it is entry {}", entry.seq),
                ));
            }
            chain = chain_step(&chain, line);
            hashes.push(chain);
            out.push(entry);
        }
        if chain != block_chain {
            return Err(broken(
                start,
                format!("the chain hash stored with entries {start} to {end} does not match: an entry or the hash was altered"),
            ));
        }
    }
    agrees_with_head(id, out.len() as u64, &chain, count, &head)?;
    Ok((Record { header, entries: out }, hashes))
}

/// The entries read (`stored`, the chain after them) against the head row (`count`, `head`).
/// Shared by every backend.
pub(crate) fn agrees_with_head(id: &str, stored: u64, chain: &Hash, count: u64, head: &Hash) -> Result<(), ReadError> {
    let broken = |seq: u64, reason: String| ReadError::Broken {
        id: id.to_string(),
        seq,
        reason,
    };
    if stored < count {
        return Err(broken(
            stored + 1,
            format!("the head says {count} entries but only {stored} are stored: the log was cut short"),
        ));
    }
    if stored > count {
        return Err(broken(
            count + 1,
            format!("{stored} entries are stored but the head says {count}"),
        ));
    }
    if chain != head {
        return Err(broken(count, "the head row's hash is not the log's".into()));
    }
    Ok(())
}

/// Record `id` as its rows name it, read in `txn`: `NotFound` when the store lacks it.
pub(crate) fn numbered<'a>(txn: &redb::ReadTransaction, id: &'a str) -> Result<Numbered<'a>, ReadError> {
    let numbers = txn.open_table(NUMBERS).map_err(StoreError::from)?;
    match number_in(&numbers, id).map_err(StoreError::from)? {
        Some(number) => Ok(Numbered { id, number }),
        None => Err(ReadError::NotFound(id.to_string())),
    }
}

impl Store {
    pub fn header(&self, id: &str) -> Result<Header, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let record = numbered(&txn, id)?;
            header_in(&txn.open_table(HEADERS).map_err(StoreError::from)?, record)
        })
    }

    /// The head: the last entry's sequence number and the chain hash.
    pub fn head(&self, id: &str) -> Result<(u64, Hash), ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let record = numbered(&txn, id)?;
            head_in(&txn.open_table(HEADS).map_err(StoreError::from)?, record.number)
                .map_err(StoreError::from)?
                .ok_or_else(|| ReadError::NotFound(id.to_string()))
        })
    }

    /// The whole record, checked against itself (see `verified_record`): a record whose stored
    /// log does not hold together is `ReadError::Broken`, never returned cut short.
    pub fn record(&self, id: &str) -> Result<Record, ReadError> {
        self.record_chained(id).map(|(record, _)| record)
    }

    /// `record`, with its chain as `verified_chained` gives it.
    fn record_chained(&self, id: &str) -> Result<(Record, Vec<Hash>), ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let record = numbered(&txn, id)?;
            verified_chained(
                &txn.open_table(HEADERS).map_err(StoreError::from)?,
                &txn.open_table(BLOCKS).map_err(StoreError::from)?,
                &txn.open_table(HEADS).map_err(StoreError::from)?,
                record,
            )
        })
    }

    /// The game replayed to entry `at` (the head when `None`).
    pub fn replay(&self, id: &str, at: Option<u64>) -> Result<Replay, ReadError> {
        guarded(|| replay_to(self.games, id, &self.record(id)?, at))
    }

    /// Rechecks a stored record: the stored log against itself, then every entry through the
    /// rules, then that it is complete, then that the transparency log holds it as it is. A
    /// broken log is reported as the failure, at its entry.
    pub fn audit(&self, id: &str) -> Result<Report, ReadError> {
        self.audit_sharing(id, None)
    }

    /// `audit`, taking the log's full tiles already checked in the same pass from `cache`.
    pub(crate) fn audit_sharing(&self, id: &str, cache: Option<&TileCache>) -> Result<Report, ReadError> {
        // The chain the read recomputed, rather than the record's made again from its entries.
        let mut chain = Vec::new();
        let read = self.record_chained(id).map(|(record, hashes)| {
            chain = hashes;
            record
        });
        audit_report(self.games, read, Some(&chain), |_| {
            self.log_disagrees(id, &chain, cache)
        })
    }

    /// Records matching the filter, by id.
    pub fn list(&self, filter: &Filter) -> Result<Vec<Summary>, ReadError> {
        guarded(|| {
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            // The numbers of the records every given index names, in number order.
            let mut numbers: Option<Vec<u64>> = None;
            for (value, table) in [
                (&filter.game, BY_GAME),
                (&filter.player, BY_PLAYER),
                (&filter.tag, BY_TAG),
            ] {
                if let Some(value) = value {
                    let index = txn.open_table(table).map_err(StoreError::from)?;
                    let mut found = Vec::new();
                    for item in index
                        .range((value.as_str(), 0)..=(value.as_str(), u64::MAX))
                        .map_err(StoreError::from)?
                    {
                        found.push(item.map_err(StoreError::from)?.0.value().1);
                    }
                    numbers = Some(match numbers {
                        None => found,
                        Some(before) => both(&before, &found),
                    });
                }
            }
            let headers = txn.open_table(HEADERS).map_err(StoreError::from)?;
            let heads = txn.open_table(HEADS).map_err(StoreError::from)?;
            let summary = |number: u64, id: &str| -> Result<Summary, ReadError> {
                let header = header_in(&headers, Numbered { id, number })?;
                let (entries, turn) = match heads.get(number).map_err(StoreError::from)? {
                    Some(row) => {
                        let (seq, _, status) = row.value();
                        (seq, parse_status(status))
                    }
                    None => (0, None),
                };
                Ok(Summary {
                    id: id.to_string(),
                    game: header.game,
                    players: header.players,
                    created: header.created,
                    entries,
                    turn,
                })
            };
            let mut out = Vec::new();
            match numbers {
                // Every record, in id order as the numbers table holds them.
                None => {
                    for item in txn
                        .open_table(NUMBERS)
                        .map_err(StoreError::from)?
                        .iter()
                        .map_err(StoreError::from)?
                    {
                        let (id, number) = item.map_err(StoreError::from)?;
                        match summary(number.value(), id.value()) {
                            // A number without a header row (a damaged store): not a record.
                            Err(ReadError::NotFound(_)) => continue,
                            other => out.push(other?),
                        }
                    }
                }
                // The records found, each with the id its header row holds, then in id order.
                Some(numbers) => {
                    for number in numbers {
                        let id = match headers.get(number).map_err(StoreError::from)? {
                            Some(row) => row.value().0.to_string(),
                            None => continue,
                        };
                        out.push(summary(number, &id)?);
                    }
                    out.sort_by(|a, b| a.id.cmp(&b.id));
                }
            }
            Ok(out)
        })
    }
}

/// The numbers in both `a` and `b`, each in ascending order (as an index's range gives them):
/// one pass over the two.
fn both(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}

/// A record replayed to entry `at` (its head when `None`). Shared by every backend.
pub(crate) fn replay_to(games: &Registry, id: &str, record: &Record, at: Option<u64>) -> Result<Replay, ReadError> {
    let upto = at.unwrap_or(u64::MAX).min(record.entries.len() as u64);
    let mut replay = Replay::start(games, &record.header).map_err(|f| ReadError::Damaged {
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

/// The audit of a record as read (`read`): its rules, that it is complete, then that the log
/// holds it (`log_disagrees` names the first position it does not). Shared by every backend.
pub(crate) fn audit_report(
    games: &Registry,
    read: Result<Record, ReadError>,
    chain: Option<&[Hash]>,
    log_disagrees: impl FnOnce(&Record) -> Result<Option<(u64, String)>, ReadError>,
) -> Result<Report, ReadError> {
    match read {
        Ok(record) => {
            let mut report = match chain {
                Some(chain) => replay::verify_complete_chained(games, &record, chain),
                None => replay::verify_complete(games, &record),
            };
            if report.failure.is_none() {
                if let Some((seq, reason)) = log_disagrees(&record)? {
                    report.failure = Some(replay::Failure {
                        seq,
                        actor: None,
                        command: None,
                        reason: format!("in the store's transparency log: {reason}"),
                    });
                }
            }
            Ok(report)
        }
        Err(ReadError::Broken { seq, reason, .. }) => Ok(Report {
            entries: seq.saturating_sub(1),
            head: [0; 32],
            turn: None,
            seed: replay::SeedCheck::NotSeeded,
            failure: Some(replay::Failure {
                seq,
                actor: None,
                command: None,
                reason: format!("in the store: {reason}"),
            }),
            line: None,
            withdrawn: Vec::new(),
            remarks: Vec::new(),
        }),
        Err(other) => Err(other),
    }
}
