//! Appending commands to a record: all of them or none, against the head the caller expects,
//! once per idempotency key.

use kifu_core::record::{hex, Actor, Entry, Hash};
use kifu_core::replay::Replay;
use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use crate::error::{AppendError, ReadError, StoreError};
use crate::guard::guarded;
use crate::tables::*;
use crate::{write_derived, Store};

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
            let txn = self.writer()?;
            let (seq, head) = txn
                .open_table(HEADS)
                .map_err(StoreError::from)?
                .get(id)
                .map_err(StoreError::from)?
                .map(|v| v.value())
                .ok_or_else(|| AppendError::NotFound(id.to_string()))?;
            let fingerprint = fingerprint(request);
            if let Some(key) = &request.key {
                let stored = {
                    let keys = txn.open_table(KEYS).map_err(StoreError::from)?;
                    let found = keys.get((id, key.as_str())).map_err(StoreError::from)?;
                    found.map(|v| {
                        let (print, answer) = v.value();
                        (print, answer.to_string())
                    })
                };
                if let Some((stored_print, answer)) = stored {
                    if stored_print != fingerprint {
                        return Err(AppendError::KeyReused(key.clone()));
                    }
                    let mut answer: Appended = serde_json::from_str(&answer).map_err(|e| ReadError::Damaged {
                        id: id.into(),
                        reason: format!("idempotency answer: {e}"),
                    })?;
                    answer.replayed = true;
                    return Ok(answer);
                }
            }
            if let Some(expected) = request.expect {
                if expected != head {
                    return Err(AppendError::Conflict {
                        expected,
                        actual_seq: seq,
                        actual: head,
                    });
                }
            }
            // An arbiter's command may be a correction, which rebuilds the game from the log.
            let history = request.commands.iter().any(|(actor, _)| *actor == Some(Actor::Arbiter));
            let mut replay = self.load(&txn, id, seq, head, history)?;
            let time = request.time.as_deref();
            let mut entries: Vec<Entry> = Vec::new();
            for (actor, text) in &request.commands {
                entries.push(replay.play(*actor, text, time).map_err(AppendError::Rejected)?);
                entries.extend(replay.draw_chance(time).map_err(AppendError::Rejected)?);
            }
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
                txn.open_table(SECRETS)
                    .map_err(StoreError::from)?
                    .remove(id)
                    .map_err(StoreError::from)?;
            }
            let lines: Vec<String> = entries.iter().map(Entry::canonical_line).collect();
            if let Some(first) = entries.first() {
                let chain = crate::blocks::append(&txn, id, first.seq, head, &lines)?;
                self.log.add(&txn, id, first.seq, &chain)?;
            }
            let answer = Appended {
                seq: replay.seq(),
                head: replay.head(),
                lines,
                replayed: false,
            };
            txn.open_table(HEADS)
                .map_err(StoreError::from)?
                .insert(id, (answer.seq, answer.head))
                .map_err(StoreError::from)?;
            write_derived(
                &txn,
                id,
                &replay.turn(),
                replay.seq(),
                Some(&replay.current().snapshot()),
            )?;
            if let Some(key) = &request.key {
                let json = serde_json::to_string(&answer).unwrap_or_default();
                txn.open_table(KEYS)
                    .map_err(StoreError::from)?
                    .insert((id, key.as_str()), (fingerprint, json.as_str()))
                    .map_err(StoreError::from)?;
            }
            txn.commit().map_err(StoreError::from)?;
            Ok(answer)
        })
    }

    /// The replay at the head, from the snapshot when it is current, else rebuilt from the log.
    /// The seed, if the store keeps one, is set.
    fn load(
        &self,
        txn: &redb::WriteTransaction,
        id: &str,
        seq: u64,
        head: Hash,
        history: bool,
    ) -> Result<Replay, AppendError> {
        let header = crate::read::header_in(&txn.open_table(HEADERS).map_err(StoreError::from)?, id)?;
        let snapshot = txn
            .open_table(SNAPSHOTS)
            .map_err(StoreError::from)?
            .get(id)
            .map_err(StoreError::from)?
            .map(|v| {
                let (at, bytes) = v.value();
                (at, bytes.to_vec())
            });
        let resumed = match snapshot {
            Some((at, bytes)) if at == seq && !history => Replay::resume(&header, &bytes, seq, head).ok(),
            _ => None,
        };
        let mut replay = match resumed {
            Some(replay) => replay,
            None => {
                let record = crate::read::verified_record(
                    &txn.open_table(HEADERS).map_err(StoreError::from)?,
                    &txn.open_table(BLOCKS).map_err(StoreError::from)?,
                    &txn.open_table(HEADS).map_err(StoreError::from)?,
                    id,
                )?;
                let mut replay = Replay::start(&header).map_err(AppendError::Rejected)?;
                for entry in &record.entries {
                    replay.check(entry).map_err(|f| ReadError::Damaged {
                        id: id.into(),
                        reason: f.to_string(),
                    })?;
                }
                replay
            }
        };
        let sealed = txn
            .open_table(SECRETS)
            .map_err(StoreError::from)?
            .get(id)
            .map_err(StoreError::from)?
            .map(|v| v.value().to_vec());
        if let Some(sealed) = sealed {
            let seed = crate::secrets::SeedKey::load(&self.path, false)?.open(id, &sealed)?;
            replay.set_seed(&seed).map_err(|reason| ReadError::Damaged {
                id: id.into(),
                reason: format!("stored seed: {reason}"),
            })?;
        }
        Ok(replay)
    }
}

/// What identifies a request for its idempotency key: its commands and expected head.
fn fingerprint(request: &Append) -> Hash {
    let mut text = hex::encode(&request.expect.unwrap_or_default());
    for (actor, command) in &request.commands {
        text.push('\n');
        text.push_str(&actor.map(|a| a.to_string()).unwrap_or_default());
        text.push(':');
        text.push_str(command);
    }
    *blake3::hash(text.as_bytes()).as_bytes()
}
