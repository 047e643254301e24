//! Writing on PostgreSQL: new records and appends. A group of appends locks its records' rows
//! in id order (so two servers' groups never deadlock), then each request is prepared (read
//! only: a refusal writes nothing) and written before the next is prepared, and the group's
//! leaves go into the log last, under the log head's lock. Never writes a row of a refused
//! request, and never decides a race itself: the row locks and the (record, seq) keys do.

use kifu_core::record::{chain_step, header_hash, Entry, Hash, Header};
use kifu_core::rules::Turn;
use postgres::Transaction;

use super::{count, hash32, log, read, PgStore, CHANNEL};
use crate::append::{self, Append, Appended, Played};
use crate::backend::Extras;
use crate::error::{AppendError, CreateError, ReadError, StoreError};
use crate::{start_record, Created, Started};

/// What one new append writes, all in the transaction that prepared it.
struct Writes {
    id: String,
    before: u64,
    first_seq: u64,
    lines: Vec<String>,
    chain: Vec<Hash>,
    answer: Appended,
    turn: Turn,
    snapshot: Vec<u8>,
    drop_secret: bool,
    key: Option<(String, Hash)>,
}

impl PgStore {
    pub(super) fn create_inner(
        &self,
        header: Header,
        seed: Option<&[u8]>,
        time: Option<&str>,
        tokens: &[(String, Hash)],
    ) -> Result<Created, CreateError> {
        let Started {
            header,
            replay,
            id,
            entries,
        } = start_record(self.games, header, seed, time)?;
        self.write(|tx| {
            let chain = write_new_record(
                tx,
                &id,
                &header,
                &entries,
                &replay.turn(),
                Some(&replay.current().snapshot()),
            )
            .map_err(|e| match e {
                NewRecord::Exists => CreateError::Exists(id.clone()),
                NewRecord::Store(e) => e.into(),
            })?;
            for (role, hash) in tokens {
                tx.execute(
                    "INSERT INTO tokens (record_id, role, hash) VALUES ($1, $2, $3)",
                    &[&id, role, &hash.as_slice()],
                )
                .map_err(StoreError::from)?;
            }
            if let Some(seed) = seed {
                let sealed = self.seed_key(tx, true)?.seal(&id, seed)?;
                tx.execute(
                    "INSERT INTO secrets (record_id, sealed) VALUES ($1, $2)",
                    &[&id, &sealed],
                )
                .map_err(StoreError::from)?;
            }
            log::add(tx, &[(id.clone(), 0, chain)])?;
            Ok(Created {
                id: id.clone(),
                seq: replay.seq(),
                head: replay.head(),
                entries: entries.clone(),
            })
        })
    }

    /// Appends each request in order in one transaction (see the module's comment).
    pub(super) fn append_all(
        &self,
        requests: &[(String, Append)],
    ) -> Result<Vec<Result<Appended, AppendError>>, StoreError> {
        if requests.is_empty() {
            return Ok(Vec::new());
        }
        self.write(|tx| {
            let mut ids: Vec<&str> = requests.iter().map(|(id, _)| id.as_str()).collect();
            ids.sort_unstable();
            ids.dedup();
            tx.query(
                "SELECT id FROM records WHERE id = ANY($1) ORDER BY id COLLATE \"C\" FOR UPDATE",
                &[&ids],
            )?;
            let mut outcomes = Vec::with_capacity(requests.len());
            let mut leaves = Vec::new();
            for (id, request) in requests {
                let outcome = match self.prepare(tx, id, request) {
                    Ok(Prepared::Replayed(answer)) => Ok(answer),
                    Ok(Prepared::New(writes)) => {
                        let id = writes.id.clone();
                        let (answer, first_seq, chain) = writes.write(tx)?;
                        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &format!("{id} {}", answer.seq)])?;
                        leaves.push((id, first_seq, chain));
                        Ok(answer)
                    }
                    Err(refused) => Err(refused),
                };
                outcomes.push(outcome);
            }
            log::add(tx, &leaves)?;
            Ok(outcomes)
        })
    }

    /// Everything an append decides, read in `tx` and written nowhere.
    fn prepare(&self, tx: &mut Transaction<'_>, id: &str, request: &Append) -> Result<Prepared, AppendError> {
        let row = tx
            .query_opt(
                "SELECT header, seq, head, snapshot_seq, snapshot FROM records WHERE id = $1 FOR UPDATE",
                &[&id],
            )
            .map_err(StoreError::from)?
            .ok_or_else(|| AppendError::NotFound(id.to_string()))?;
        let seq = count(row.get(1));
        let head = hash32(row.get(2), || format!("record {id}'s head"))?;
        let fingerprint = append::fingerprint(request);
        if let Some(key) = &request.key {
            let stored = tx
                .query_opt(
                    "SELECT fingerprint, answer FROM idempotency WHERE record_id = $1 AND key = $2",
                    &[&id, key],
                )
                .map_err(StoreError::from)?;
            if let Some(stored) = stored {
                let print: Vec<u8> = stored.get(0);
                let answer: String = stored.get(1);
                return Ok(Prepared::Replayed(append::replayed(
                    id,
                    key,
                    &print,
                    &answer,
                    &fingerprint,
                )?));
            }
        }
        append::check_expected(request, seq, head)?;
        let header = read::parse_header(id, row.get(0))?;
        let snapshot = match (row.get::<_, Option<i64>>(3), row.get::<_, Option<Vec<u8>>>(4)) {
            (Some(at), Some(bytes)) => Some((count(at), bytes)),
            _ => None,
        };
        let mut replay = append::resume_or_replay(
            self.games,
            id,
            &header,
            snapshot,
            (seq, head),
            append::needs_history(request),
            || read::verified_record(tx, id),
        )?;
        let sealed: Option<Vec<u8>> = tx
            .query_opt("SELECT sealed FROM secrets WHERE record_id = $1", &[&id])
            .map_err(StoreError::from)?
            .map(|row| row.get(0));
        if let Some(sealed) = sealed {
            let seed = self.seed_key(tx, false)?.open(id, &sealed)?;
            append::set_stored_seed(&mut replay, id, &seed)?;
        }
        let Played { entries, drop_secret } = append::play(&mut replay, request)?;
        let lines: Vec<String> = entries.iter().map(Entry::canonical_line).collect();
        let mut chain = Vec::with_capacity(lines.len());
        let mut at = head;
        for line in &lines {
            at = chain_step(&at, line);
            chain.push(at);
        }
        Ok(Prepared::New(Box::new(Writes {
            id: id.to_string(),
            before: seq,
            first_seq: seq + 1,
            lines: lines.clone(),
            chain,
            answer: Appended {
                seq: replay.seq(),
                head: replay.head(),
                lines,
                replayed: false,
            },
            turn: replay.turn(),
            snapshot: replay.current().snapshot(),
            drop_secret,
            key: request.key.clone().map(|key| (key, fingerprint)),
        })))
    }
}

/// What `prepare` decided for one request.
enum Prepared {
    Replayed(Appended),
    New(Box<Writes>),
}

impl Writes {
    /// Writes the entries, the head, the derived columns and the key's answer; returns the
    /// answer and the leaves to log (first seq, chain hashes). The head moves only from the
    /// seq it was prepared at: anything else is a race the locks should have stopped, and the
    /// transaction is then dropped.
    fn write(self, tx: &mut Transaction<'_>) -> Result<(Appended, u64, Vec<Hash>), StoreError> {
        let id = self.id.as_str();
        if self.drop_secret {
            tx.execute("DELETE FROM secrets WHERE record_id = $1", &[&id])?;
        }
        insert_entries(tx, id, self.first_seq, &self.lines, &self.chain)?;
        let status = serde_json::to_string(&self.turn).unwrap_or_default();
        let moved = tx.execute(
            "UPDATE records SET seq = $2, head = $3, status = $4, snapshot_seq = $2, snapshot = $5
             WHERE id = $1 AND seq = $6",
            &[
                &id,
                &(self.answer.seq as i64),
                &self.answer.head.as_slice(),
                &status,
                &self.snapshot,
                &(self.before as i64),
            ],
        )?;
        if moved != 1 {
            return Err(StoreError::Damaged(format!(
                "record {id}: its head moved from entry {} while an append held its row",
                self.before
            )));
        }
        if let Some((key, fingerprint)) = &self.key {
            let json = serde_json::to_string(&self.answer).unwrap_or_default();
            tx.execute(
                "INSERT INTO idempotency (record_id, key, fingerprint, answer) VALUES ($1, $2, $3, $4)",
                &[&id, key, &fingerprint.as_slice(), &json],
            )?;
        }
        Ok((self.answer, self.first_seq, self.chain))
    }
}

/// Inserts entries `first ..` of record `id` with their chain hashes, in one statement.
pub(super) fn insert_entries(
    tx: &mut Transaction<'_>,
    id: &str,
    first: u64,
    lines: &[String],
    chain: &[Hash],
) -> Result<(), StoreError> {
    if lines.is_empty() {
        return Ok(());
    }
    let seqs: Vec<i64> = (0..lines.len() as i64).map(|k| first as i64 + k).collect();
    let hashes: Vec<&[u8]> = chain.iter().map(|h| h.as_slice()).collect();
    tx.execute(
        "INSERT INTO entries (record_id, seq, line, chain)
         SELECT $1, s, l, c FROM unnest($2::int8[], $3::text[], $4::bytea[]) AS t(s, l, c)",
        &[&id, &seqs, &lines, &hashes],
    )?;
    Ok(())
}

/// Why a new record was not written.
pub(super) enum NewRecord {
    /// A record with its id is stored already.
    Exists,
    Store(StoreError),
}

impl From<postgres::Error> for NewRecord {
    fn from(e: postgres::Error) -> Self {
        NewRecord::Store(e.into())
    }
}

/// Writes a new record's row, indexes and entries; returns its chain hashes (0 the header's),
/// which the caller logs.
pub(super) fn write_new_record(
    tx: &mut Transaction<'_>,
    id: &str,
    header: &Header,
    entries: &[Entry],
    turn: &Turn,
    snapshot: Option<&[u8]>,
) -> Result<Vec<Hash>, NewRecord> {
    let text = header.canonical_text();
    let lines: Vec<String> = entries.iter().map(Entry::canonical_line).collect();
    let mut chain = vec![header_hash(&text)];
    for line in &lines {
        chain.push(chain_step(&chain[chain.len() - 1], line));
    }
    let status = serde_json::to_string(turn).unwrap_or_default();
    let seq = lines.len() as i64;
    let inserted = tx.execute(
        "INSERT INTO records (id, header, game, content_key, seq, head, status, snapshot_seq, snapshot)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING",
        &[
            &id,
            &text,
            &header.game,
            &crate::content_key(header),
            &seq,
            &chain[chain.len() - 1].as_slice(),
            &status,
            &snapshot.map(|_| seq),
            &snapshot,
        ],
    )?;
    if inserted == 0 {
        return Err(NewRecord::Exists);
    }
    tx.execute(
        "INSERT INTO record_players (name, record_id) SELECT n, $2 FROM unnest($1::text[]) AS t(n)
         ON CONFLICT DO NOTHING",
        &[&header.players, &id],
    )?;
    let tags: Vec<String> = header.tags.iter().map(|(k, v)| format!("{k}={v}")).collect();
    tx.execute(
        "INSERT INTO record_tags (tag, record_id) SELECT t, $2 FROM unnest($1::text[]) AS x(t)
         ON CONFLICT DO NOTHING",
        &[&tags, &id],
    )?;
    insert_entries(tx, id, 1, &lines, &chain[1..]).map_err(NewRecord::Store)?;
    Ok(chain)
}

/// Stores a copied record's token hashes and sealed seed; refused when it has either already.
pub(super) fn set_extras(
    store: &PgStore,
    tx: &mut Transaction<'_>,
    id: &str,
    extras: &Extras,
) -> Result<(), CreateError> {
    read::head(tx, id).map_err(|e| match e {
        ReadError::NotFound(id) => CreateError::Token(format!("no record with id '{id}' to give tokens to")),
        ReadError::Store(e) => e.into(),
        other => CreateError::Token(other.to_string()),
    })?;
    let has: i64 = tx
        .query_one("SELECT count(*) FROM tokens WHERE record_id = $1", &[&id])
        .map_err(StoreError::from)?
        .get(0);
    if has > 0 {
        return Err(CreateError::Token(format!("record {id} has tokens already")));
    }
    for (role, hash) in &extras.tokens {
        tx.execute(
            "INSERT INTO tokens (record_id, role, hash) VALUES ($1, $2, $3)",
            &[&id, role, &hash.as_slice()],
        )
        .map_err(StoreError::from)?;
    }
    if let Some(seed) = &extras.seed {
        let sealed = store.seed_key(tx, true)?.seal(id, seed)?;
        let inserted = tx
            .execute(
                "INSERT INTO secrets (record_id, sealed) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&id, &sealed],
            )
            .map_err(StoreError::from)?;
        if inserted == 0 {
            return Err(CreateError::Seed(format!("record {id} has a seed already")));
        }
    }
    Ok(())
}
