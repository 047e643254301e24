//! Appending commands to a record: all of them or none, against the head the caller expects,
//! once per idempotency key. An append is prepared (read and checked whole) before any row of
//! it is written; preparing must never write, so a refusal leaves no trace even in a
//! transaction shared with other appends (`group`).

use kifu_core::record::{chain_step, header_hash, hex, Actor, ChanceMode, Entry, Hash};
use kifu_core::replay::Replay;
use kifu_core::rules::Turn;
use kifu_core::Registry;
use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use crate::append_tables::AppendTables;
use crate::blocks::Form;
use crate::error::{AppendError, ReadError, StoreError};
use crate::guard::guarded;
use crate::tables::*;
use crate::tail::Tail;
use crate::{status_json, Store};

/// How many entries a writer that keeps a record's tail appends between two snapshots of it.
/// A process that then starts afresh resumes the last snapshot and checks at most this many
/// entries through the rules.
pub(crate) const SNAPSHOT_EVERY: u64 = 16;

/// An append request.
#[derive(Debug, Clone, Default)]
pub struct Append {
    /// The commands in order, each with its actor or `None` for whoever is to act.
    pub commands: Vec<(Option<Actor>, String)>,
    /// The chain hash the caller believes is the head; a different head is a conflict.
    pub expect: Option<Hash>,
    /// A retried request with the same key gets the first answer and changes nothing.
    pub key: Option<String>,
    /// The wall-clock time to stamp the new entries with.
    pub time: Option<String>,
    /// When set, the request comes from the bearer of this seat's token (0-based): every
    /// command must be that seat's own, and a command without an actor is made as whoever is
    /// to act (this seat, when several act at once). Anything else is
    /// [`AppendError::Forbidden`] and changes nothing. Chance drawn by the store is not a
    /// command and is never refused here.
    pub as_seat: Option<u8>,
}

/// What an append did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appended {
    pub seq: u64,
    #[serde(with = "hex_hash")]
    pub head: Hash,
    /// The canonical lines of the new entries, chance draws and the seed's reveal included.
    pub lines: Vec<String>,
    /// True when this answers a retry of an earlier request with the same key.
    #[serde(default)]
    pub replayed: bool,
}

mod hex_hash {
    use kifu_core::record::{hex, Hash};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(hash: &Hash, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(hash))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Hash, D::Error> {
        let text = String::deserialize(d)?;
        hex::decode32(&text).ok_or_else(|| serde::de::Error::custom("not a hash"))
    }
}

impl Store {
    pub fn append(&self, id: &str, request: &Append) -> Result<Appended, AppendError> {
        guarded(|| {
            let txn = self.durable_writer()?;
            let answer = {
                let mut tables = AppendTables::new(&txn);
                match self.prepare(&mut tables, id, request)? {
                    Prepared::Replayed(answer) => return Ok(answer),
                    Prepared::New(writes) => writes.write(&mut tables, &self.tails)?,
                }
            };
            txn.commit().map_err(StoreError::from)?;
            Ok(answer)
        })
    }

    /// A write transaction that is durable once its commit returns (fsync).
    pub(crate) fn durable_writer(&self) -> Result<redb::WriteTransaction, StoreError> {
        let mut txn = self.writer()?;
        txn.set_durability(redb::Durability::Immediate)?;
        Ok(txn)
    }

    /// Everything an append decides, read in the transaction of `tables` and written nowhere:
    /// the idempotent answer of a retry, or the rows a new append writes. Any refusal here
    /// leaves no trace.
    pub(crate) fn prepare(
        &self,
        tables: &mut AppendTables,
        id: &str,
        request: &Append,
    ) -> Result<Prepared, AppendError> {
        let txn = tables.txn;
        let not_found = || AppendError::NotFound(id.to_string());
        let number = tables.number_of(id)?.ok_or_else(not_found)?;
        let record = Numbered { id, number };
        let (seq, head) = head_in(tables.heads()?, number)
            .map_err(StoreError::from)?
            .ok_or_else(not_found)?;
        // The request's fingerprint, made only when it has a key to be stored or checked under.
        let key = request.key.as_ref().map(|key| (key, fingerprint(request)));
        if let Some((key, fingerprint)) = &key {
            let stored = {
                let keys = txn.open_table(KEYS).map_err(StoreError::from)?;
                let found = keys.get((number, key.as_str())).map_err(StoreError::from)?;
                found.map(|v| {
                    let (print, answer) = v.value();
                    (print, answer.to_string())
                })
            };
            if let Some((stored_print, answer)) = stored {
                return Ok(Prepared::Replayed(replayed(
                    id,
                    key,
                    &stored_print,
                    &answer,
                    fingerprint,
                )?));
            }
        }
        check_expected(request, seq, head)?;
        // What this writer kept of the record at this very head, unless the request may need
        // the game's history (an arbiter's command may be a correction, which rebuilds it).
        let kept = self.tails.take(id, (seq, head)).filter(|_| !needs_history(request));
        let (mut replay, known_block, snapshot_at) = match kept {
            Some(tail) => (tail.replay, Some(tail.block), tail.snapshot_at),
            None => (
                self.load(tables, record, seq, head, needs_history(request))?,
                None,
                None,
            ),
        };
        // Only a seeded record can have a seed kept: an observed one never opens the table.
        if !replay.seed_known() && matches!(replay.header.chance, ChanceMode::Seeded { .. }) {
            self.set_seed_if_kept(txn, record, &mut replay)?;
        }
        let Played { entries, drop_secret } = play(&mut replay, request)?;
        let lines: Vec<String> = entries.iter().map(Entry::canonical_line).collect();
        let first_seq = entries.first().map_or(seq + 1, |e| e.seq);
        // The record's last block stays plain while more entries may come: packed once full,
        // or once the game is over (notes after the end unpack it again).
        let turn = replay.turn();
        let partial = match turn {
            Turn::Over { .. } => Form::Packed,
            _ => Form::Plain,
        };
        let extended = match entries.first() {
            Some(first) => {
                // The blocks table is opened only if the block kept in the tail does not serve.
                let stored = |start| crate::blocks::stored_block(tables.blocks()?, number, start);
                Some(crate::blocks::extend(
                    stored,
                    id,
                    first.seq,
                    head,
                    &lines,
                    known_block,
                    partial,
                )?)
            }
            None => None,
        };
        // A writer that appends again and again writes the snapshot every `SNAPSHOT_EVERY`
        // entries; a cold append (a new process, another record) writes it every time.
        let snapshot_due = match snapshot_at {
            Some(at) => replay.seq() >= at + SNAPSHOT_EVERY,
            None => true,
        };
        let snapshot = snapshot_due.then(|| replay.current().snapshot());
        let answer = Appended {
            seq: replay.seq(),
            head: replay.head(),
            lines,
            replayed: false,
        };
        let (blocks, chain, tail) = match extended {
            Some(extended) => (
                extended.rows,
                extended.hashes,
                Some(Tail {
                    head: (answer.seq, answer.head),
                    replay,
                    block: extended.last,
                    snapshot_at: if snapshot_due { Some(answer.seq) } else { snapshot_at },
                }),
            ),
            None => (Vec::new(), Vec::new(), None),
        };
        Ok(Prepared::New(Box::new(Writes {
            id: id.to_string(),
            number,
            log: self.log,
            first_seq,
            chain,
            turn: tail.is_some().then_some(turn),
            answer,
            blocks,
            snapshot,
            drop_secret,
            key: key.map(|(key, fingerprint)| (key.clone(), fingerprint)),
            tail,
        })))
    }

    /// The replay at the head, from the snapshot (and the entries after it), else rebuilt from
    /// the log.
    fn load(
        &self,
        tables: &mut AppendTables,
        record: Numbered,
        seq: u64,
        head: Hash,
        history: bool,
    ) -> Result<Replay, AppendError> {
        let txn = tables.txn;
        let header = crate::read::header_in(&txn.open_table(HEADERS).map_err(StoreError::from)?, record)?;
        let snapshot = txn
            .open_table(SNAPSHOTS)
            .map_err(StoreError::from)?
            .get(record.number)
            .map_err(StoreError::from)?
            .map(|v| {
                let (at, bytes) = v.value();
                (at, bytes.to_vec())
            });
        resume_or_replay(self.games, record.id, &header, snapshot, (seq, head), history, || {
            let (heads, blocks) = tables.heads_and_blocks()?;
            crate::read::verified_record(
                &txn.open_table(HEADERS).map_err(StoreError::from)?,
                blocks,
                heads,
                record,
            )
        })
    }

    /// Sets the seed on `replay` if the store keeps one for `record`.
    fn set_seed_if_kept(
        &self,
        txn: &redb::WriteTransaction,
        record: Numbered,
        replay: &mut Replay,
    ) -> Result<(), AppendError> {
        let sealed = txn
            .open_table(SECRETS)
            .map_err(StoreError::from)?
            .get(record.number)
            .map_err(StoreError::from)?
            .map(|v| v.value().to_vec());
        if let Some(sealed) = sealed {
            let seed = crate::secrets::SeedKey::load(&self.path, false)?.open(record.id, &sealed)?;
            set_stored_seed(replay, record.id, &seed)?;
        }
        Ok(())
    }
}

/// The replay at the head: from the snapshot when it is current (and no history is needed);
/// from an older snapshot and the entries after it, each checked, when it is not; else rebuilt
/// from the record `read` gives, checking every entry. Shared by every backend.
pub(crate) fn resume_or_replay(
    games: &Registry,
    id: &str,
    header: &kifu_core::record::Header,
    snapshot: Option<(u64, Vec<u8>)>,
    (seq, head): (u64, Hash),
    history: bool,
    read: impl FnOnce() -> Result<kifu_core::record::Record, ReadError>,
) -> Result<Replay, AppendError> {
    let snapshot = snapshot.filter(|(at, _)| *at <= seq && !history);
    if let Some((at, bytes)) = &snapshot {
        if *at == seq {
            if let Ok(replay) = Replay::resume(games, header, bytes, seq, head) {
                return Ok(replay);
            }
        }
    }
    let record = read()?;
    if let Some(replay) = snapshot.and_then(|(at, bytes)| resume_behind(games, header, &record, at, &bytes)) {
        return Ok(replay);
    }
    let mut replay = Replay::start(games, header).map_err(AppendError::Rejected)?;
    for entry in &record.entries {
        replay.check(entry).map_err(|f| ReadError::Damaged {
            id: id.into(),
            reason: f.to_string(),
        })?;
    }
    Ok(replay)
}

/// The game at the record's head from a snapshot taken after entry `at`, behind it: resumed
/// there and every later entry checked through the rules (state hashes included). `None` when
/// that fails (a correction among them needs the history): the caller replays the whole log.
fn resume_behind(
    games: &Registry,
    header: &kifu_core::record::Header,
    record: &kifu_core::record::Record,
    at: u64,
    snapshot: &[u8],
) -> Option<Replay> {
    let (before, after) = record.entries.split_at_checked(at as usize)?;
    let head_at = before
        .iter()
        .fold(header_hash(&header.canonical_text()), |chain, entry| {
            chain_step(&chain, &entry.canonical_line())
        });
    let mut replay = Replay::resume(games, header, snapshot, at, head_at).ok()?;
    for entry in after {
        replay.check(entry).ok()?;
    }
    Some(replay)
}

/// Sets the seed the store kept for record `id` on its replay.
pub(crate) fn set_stored_seed(replay: &mut Replay, id: &str, seed: &[u8]) -> Result<(), AppendError> {
    replay.set_seed(seed).map_err(|reason| {
        AppendError::Read(ReadError::Damaged {
            id: id.into(),
            reason: format!("stored seed: {reason}"),
        })
    })
}

/// What [`Store::prepare`] decided for one request.
pub(crate) enum Prepared {
    /// A retry of a request already stored under its key: its first answer, nothing to write.
    Replayed(Appended),
    /// A new append: the rows to write.
    New(Box<Writes>),
}

/// The rows one new append writes, all in the transaction that prepared them.
pub(crate) struct Writes {
    id: String,
    /// The record's number, which its rows are keyed by.
    number: u64,
    /// The store's transparency log, and the leaves this append adds to it: the chain hashes
    /// of entries `first_seq ..`.
    log: crate::tlog::Writer,
    first_seq: u64,
    chain: Vec<Hash>,
    answer: Appended,
    blocks: Vec<crate::blocks::Row>,
    /// Whose turn it is after the append (`None`: no entry was made, the head and the status
    /// stand).
    turn: Option<Turn>,
    /// The snapshot after the append, when one is due.
    snapshot: Option<Vec<u8>>,
    drop_secret: bool,
    /// The idempotency key and the request's fingerprint, stored with the answer.
    key: Option<(String, Hash)>,
    /// What the writer keeps of the record once the rows are written.
    tail: Option<Tail>,
}

impl Writes {
    /// Writes the entries' blocks, their leaves in the log, the head with the status, the
    /// snapshot when due and the key's answer, then keeps the record's tail in `tails`. A
    /// failure here is the storage's, and the transaction must then be dropped, not committed
    /// (a tail kept for a transaction that never commits is never used: no head row names it).
    pub(crate) fn write(self, tables: &mut AppendTables, tails: &crate::tail::Tails) -> Result<Appended, StoreError> {
        let (id, number) = (self.id.as_str(), self.number);
        let txn = tables.txn;
        if self.drop_secret {
            txn.open_table(SECRETS)?.remove(number)?;
        }
        crate::blocks::write(tables.blocks()?, number, &self.blocks)?;
        tables.log(self.log, id, self.first_seq, &self.chain)?;
        // Without a new entry the head and the status stand.
        if let Some(turn) = &self.turn {
            let status = status_json(turn);
            tables
                .heads()?
                .insert(number, (self.answer.seq, self.answer.head, status.as_str()))?;
        }
        if let Some(snapshot) = &self.snapshot {
            txn.open_table(SNAPSHOTS)?
                .insert(number, (self.answer.seq, snapshot.as_slice()))?;
        }
        if let Some((key, fingerprint)) = &self.key {
            let json = serde_json::to_string(&self.answer).unwrap_or_default();
            txn.open_table(KEYS)?
                .insert((number, key.as_str()), (*fingerprint, json.as_str()))?;
        }
        if let Some(tail) = self.tail {
            tails.keep(id, tail);
        }
        Ok(self.answer)
    }
}

/// The answer stored under an idempotency key, given again to a retry with the same request;
/// the same key for another request is refused. Shared by every backend.
pub(crate) fn replayed(
    id: &str,
    key: &str,
    stored_print: &[u8],
    answer: &str,
    fingerprint: &Hash,
) -> Result<Appended, AppendError> {
    if stored_print != fingerprint.as_slice() {
        return Err(AppendError::KeyReused(key.to_string()));
    }
    let mut answer: Appended = serde_json::from_str(answer).map_err(|e| ReadError::Damaged {
        id: id.into(),
        reason: format!("idempotency answer: {e}"),
    })?;
    answer.replayed = true;
    Ok(answer)
}

/// A conflict when the request names a head other than the record's.
pub(crate) fn check_expected(request: &Append, seq: u64, head: Hash) -> Result<(), AppendError> {
    match request.expect {
        Some(expected) if expected != head => Err(AppendError::Conflict {
            expected,
            actual_seq: seq,
            actual: head,
        }),
        _ => Ok(()),
    }
}

/// Whether the request may need the game's history (an arbiter's correction rebuilds it).
pub(crate) fn needs_history(request: &Append) -> bool {
    request.commands.iter().any(|(actor, _)| *actor == Some(Actor::Arbiter))
}

/// What a request makes of the game at its head.
pub(crate) struct Played {
    /// The new entries: the commands, chance drawn after each, and the seed's reveal.
    pub entries: Vec<Entry>,
    /// The game ended a seeded record: its seed is public now, and no secret is kept.
    pub drop_secret: bool,
}

/// Plays a request's commands on `replay` (at the record's head, its seed set when the store
/// keeps one), drawing chance after each and revealing the seed when the game ends. Writes
/// nothing: any refusal here leaves no trace. Shared by every backend.
pub(crate) fn play(replay: &mut Replay, request: &Append) -> Result<Played, AppendError> {
    let time = request.time.as_deref();
    let mut entries: Vec<Entry> = Vec::new();
    for (actor, text) in &request.commands {
        let actor = match request.as_seat {
            Some(seat) => Some(seat_only(replay, seat, *actor)?),
            None => *actor,
        };
        entries.push(replay.play(actor, text, time).map_err(AppendError::Rejected)?);
        entries.extend(replay.draw_chance(time).map_err(AppendError::Rejected)?);
    }
    let mut drop_secret = false;
    if replay.owes_reveal() {
        if !replay.seed_known() {
            return Err(AppendError::Rejected(kifu_core::replay::Failure {
                seq: replay.seq(),
                actor: None,
                command: None,
                reason: "this would end a seeded game whose seed this store does not hold, so its draws could never be revealed".into(),
            }));
        }
        entries.push(replay.reveal(time).map_err(AppendError::Rejected)?);
        // The seed is public from here on: no secret is kept for it.
        drop_secret = true;
    }
    Ok(Played { entries, drop_secret })
}

/// The actor of a command sent by the bearer of `seat`'s token: the one named, or whoever is
/// to act; refused unless it is that seat. A game that is over is left to the rules to refuse.
fn seat_only(replay: &Replay, seat: u8, named: Option<Actor>) -> Result<Actor, AppendError> {
    let actor = match (named, replay.turn()) {
        (Some(actor), _) => actor,
        (None, Turn::Seat { seat: turn }) => Actor::Seat(turn),
        (None, Turn::Chance) => Actor::Chance,
        (None, Turn::Simultaneous { seats }) if seats.contains(&seat) => Actor::Seat(seat),
        (None, Turn::Simultaneous { seats }) => Actor::Seat(seats.first().copied().unwrap_or(seat)),
        (None, Turn::Over { .. }) => Actor::Seat(seat),
    };
    if actor == Actor::Seat(seat) {
        return Ok(actor);
    }
    Err(AppendError::Forbidden {
        seq: replay.seq() + 1,
        seat,
        actor,
    })
}

/// What identifies a request for its idempotency key: its commands and expected head (and the
/// seat it was sent as, when it was).
pub(crate) fn fingerprint(request: &Append) -> Hash {
    let mut text = hex::encode(&request.expect.unwrap_or_default());
    if let Some(seat) = request.as_seat {
        text.push_str(&format!(" as {}", Actor::Seat(seat)));
    }
    for (actor, command) in &request.commands {
        text.push('\n');
        text.push_str(&actor.map(|a| a.to_string()).unwrap_or_default());
        text.push(':');
        text.push_str(command);
    }
    *blake3::hash(text.as_bytes()).as_bytes()
}

#[cfg(test)]
mod tests {
    use kifu_core::record::{ChanceMode, Header, Record};
    use kifu_core::replay::Replay;

    use super::resume_behind;

    #[test]
    fn a_snapshot_behind_the_head_resumes_and_checks_the_entries_after_it() {
        let games = kifu_games::registry();
        let header = Header::new("senet", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
        let mut replay = Replay::start(games, &header).unwrap();
        let mut record = Record::new(header.clone());
        let mut snapshots = Vec::new();
        for _ in 0..12 {
            snapshots.push(replay.current().snapshot());
            let command = replay.current().legal().unwrap().remove(0);
            record.entries.push(replay.play(None, &command, None).unwrap());
        }
        let resumed = resume_behind(games, &header, &record, 5, &snapshots[5]).unwrap();
        assert_eq!((resumed.seq(), resumed.head()), (12, replay.head()));
        // A snapshot that is not the game after the entry it names fails a later state hash.
        assert!(resume_behind(games, &header, &record, 6, &snapshots[5]).is_none());
        assert!(resume_behind(games, &header, &record, 13, &snapshots[5]).is_none());
    }
}
