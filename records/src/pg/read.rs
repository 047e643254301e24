//! Reading records on PostgreSQL: headers, heads, whole records checked against themselves,
//! lists, id prefixes and tokens. Reads only; a record whose stored log does not hold
//! together is `ReadError::Broken` at its first missing or altered entry, never returned cut.

use kifu_core::record::{chain_step, header_hash, Actor, Entry, Hash, Header, Record};
use postgres::Transaction;

use super::{count, hash32};
use crate::error::{ReadError, StoreError};
use crate::{parse_status, Filter, Summary, Token};

/// A header as stored, read.
pub(super) fn parse_header(id: &str, text: &str) -> Result<Header, ReadError> {
    let lines: Vec<&str> = text.lines().collect();
    Header::parse(&lines).map_err(|e| ReadError::Damaged {
        id: id.into(),
        reason: e.to_string(),
    })
}

pub(super) fn header(tx: &mut Transaction<'_>, id: &str) -> Result<Header, ReadError> {
    let row = tx
        .query_opt("SELECT header FROM records WHERE id = $1", &[&id])
        .map_err(StoreError::from)?
        .ok_or_else(|| ReadError::NotFound(id.to_string()))?;
    parse_header(id, row.get(0))
}

pub(super) fn head(tx: &mut Transaction<'_>, id: &str) -> Result<(u64, Hash), ReadError> {
    let row = tx
        .query_opt("SELECT seq, head FROM records WHERE id = $1", &[&id])
        .map_err(StoreError::from)?
        .ok_or_else(|| ReadError::NotFound(id.to_string()))?;
    Ok((count(row.get(0)), hash32(row.get(1), || format!("record {id}'s head"))?))
}

/// The whole record, checked: entries numbered 1..n without a gap, each line reading as its
/// entry, the chain recomputed from the header matching the hash stored with every entry and
/// the head row's count and hash.
pub(super) fn verified_record(tx: &mut Transaction<'_>, id: &str) -> Result<Record, ReadError> {
    verified_chained(tx, id).map(|(record, _)| record)
}

/// `verified_record`, with the chain it recomputed: the header's hash, then the hash after each
/// entry (what `Record::hashes` makes again from the entries), so an audit chains once.
pub(super) fn verified_chained(tx: &mut Transaction<'_>, id: &str) -> Result<(Record, Vec<Hash>), ReadError> {
    let broken = |seq: u64, reason: String| ReadError::Broken {
        id: id.to_string(),
        seq,
        reason,
    };
    let row = tx
        .query_opt("SELECT header, seq, head FROM records WHERE id = $1", &[&id])
        .map_err(StoreError::from)?
        .ok_or_else(|| ReadError::NotFound(id.to_string()))?;
    let text: &str = row.get(0);
    let header = match parse_header(id, text) {
        Err(ReadError::Damaged { reason, .. }) => return Err(broken(0, format!("the header does not read: {reason}"))),
        other => other?,
    };
    let head_seq = count(row.get(1));
    let head = hash32(row.get(2), || format!("record {id}'s head"))?;
    let rows = tx
        .query(
            "SELECT seq, line, chain FROM entries WHERE record_id = $1 ORDER BY seq",
            &[&id],
        )
        .map_err(StoreError::from)?;
    let mut chain = header_hash(&header.canonical_text());
    let mut entries: Vec<Entry> = Vec::with_capacity(rows.len());
    let mut hashes: Vec<Hash> = Vec::with_capacity(rows.len() + 1);
    hashes.push(chain);
    for row in &rows {
        let expected = entries.len() as u64 + 1;
        let seq = count(row.get(0));
        if seq != expected {
            return Err(broken(
                expected,
                format!("entry {expected} is missing (the next entry stored is {seq})"),
            ));
        }
        let line: &str = row.get(1);
        let entry = Entry::parse_line(line).map_err(|e| broken(seq, format!("the entry does not read: {e}")))?;
        if entry.seq != seq {
            return Err(broken(
                seq,
                format!("the line stored as entry {seq} says it is entry {}", entry.seq),
            ));
        }
        chain = chain_step(&chain, line);
        hashes.push(chain);
        let stored: &[u8] = row.get(2);
        if stored != chain.as_slice() {
            return Err(broken(
                seq,
                format!("the chain hash stored with entry {seq} does not match: the entry or the hash was altered"),
            ));
        }
        entries.push(entry);
    }
    crate::read::agrees_with_head(id, entries.len() as u64, &chain, head_seq, &head)?;
    Ok((Record { header, entries }, hashes))
}

/// The canonical lines of a stored record up to its head, or `None` when no record has `id`.
pub(super) fn stored_lines(tx: &mut Transaction<'_>, id: &str) -> Result<Option<Vec<String>>, StoreError> {
    let Some(row) = tx.query_opt("SELECT seq FROM records WHERE id = $1", &[&id])? else {
        return Ok(None);
    };
    let seq: i64 = row.get(0);
    let rows = tx.query(
        "SELECT line FROM entries WHERE record_id = $1 AND seq <= $2 ORDER BY seq",
        &[&id, &seq],
    )?;
    Ok(Some(rows.iter().map(|row| row.get(0)).collect()))
}

/// The full id for a unique prefix of one (at least 4 hex digits).
pub(super) fn resolve(tx: &mut Transaction<'_>, prefix: &str) -> Result<String, ReadError> {
    if prefix.len() < 4 || !prefix.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ReadError::NotFound(prefix.to_string()));
    }
    let prefix = prefix.to_ascii_lowercase();
    let rows = tx
        .query(
            "SELECT id FROM records WHERE starts_with(id, $1) ORDER BY id COLLATE \"C\" LIMIT 2",
            &[&prefix],
        )
        .map_err(StoreError::from)?;
    match rows.len() {
        0 => Err(ReadError::NotFound(prefix)),
        1 => Ok(rows[0].get(0)),
        _ => Err(ReadError::Ambiguous(prefix)),
    }
}

/// Records matching the filter, by id.
pub(super) fn list(tx: &mut Transaction<'_>, filter: &Filter) -> Result<Vec<Summary>, ReadError> {
    let rows = tx
        .query(
            "SELECT r.id, r.header, r.seq, r.status FROM records r
             WHERE ($1::text IS NULL OR r.game = $1)
               AND ($2::text IS NULL OR EXISTS
                    (SELECT 1 FROM record_players p WHERE p.record_id = r.id AND p.name = $2))
               AND ($3::text IS NULL OR EXISTS
                    (SELECT 1 FROM record_tags t WHERE t.record_id = r.id AND t.tag = $3))
             ORDER BY r.id COLLATE \"C\"",
            &[&filter.game, &filter.player, &filter.tag],
        )
        .map_err(StoreError::from)?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let id: String = row.get(0);
        let header = parse_header(&id, row.get(1))?;
        let status: Option<&str> = row.get(3);
        out.push(Summary {
            id,
            game: header.game,
            players: header.players,
            created: header.created,
            entries: count(row.get(2)),
            turn: status.and_then(parse_status),
        });
    }
    Ok(out)
}

pub(super) fn ids(tx: &mut Transaction<'_>) -> Result<Vec<String>, ReadError> {
    let rows = tx
        .query("SELECT id FROM records ORDER BY id COLLATE \"C\"", &[])
        .map_err(StoreError::from)?;
    Ok(rows.iter().map(|row| row.get(0)).collect())
}

/// Record `id`'s token rows: (role, hash).
pub(super) fn token_rows(tx: &mut Transaction<'_>, id: &str) -> Result<Vec<(String, Hash)>, ReadError> {
    let rows = tx
        .query(
            "SELECT role, hash FROM tokens WHERE record_id = $1 ORDER BY role COLLATE \"C\"",
            &[&id],
        )
        .map_err(StoreError::from)?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let role: String = row.get(0);
        let hash = hash32(row.get(1), || format!("record {id}'s token of {role}"))?;
        out.push((role, hash));
    }
    Ok(out)
}

/// The actor `token` stands for in record `id`: every stored hash compared in constant time.
pub(super) fn bearer(tx: &mut Transaction<'_>, id: &str, token: &Token) -> Result<Option<Actor>, ReadError> {
    let presented = token.hash();
    let mut found = None;
    for (role, hash) in token_rows(tx, id)? {
        // blake3::Hash compares in constant time.
        if blake3::Hash::from_bytes(hash) == presented {
            found = Actor::parse(&role);
        }
    }
    Ok(found)
}
