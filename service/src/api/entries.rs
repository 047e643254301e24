//! Appending to a record: commands in order, all or none, against the head the caller expects,
//! once per idempotency key, as the bearer's seat or as the arbiter. The store decides who may
//! enter what (a seat its own commands only) and the rules decide what is legal; this module
//! only reads the request and says the answer. Every append goes through [`commit`], which
//! hands it to the writer (group commit: see `crate::writer`).

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use kifu_core::record::{hex, Actor};
use kifu_records::{Append, Appended};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::read::access;
use super::JsonBody;
use crate::auth::{record_id, Access, Bearer};
use crate::error::{ApiError, Problem};
use crate::state::App;

/// The most commands one request may carry.
const MAX_COMMANDS: usize = 1000;
/// The longest idempotency key taken.
const MAX_KEY: usize = 200;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEntries {
    /// Commands in the game's notation, entered in order; `p2:...`, `chance:...` or
    /// `arbiter:...` names the actor (else: whoever is to act).
    commands: Vec<String>,
    /// The chain hash the caller believes is the head (as `If-Match: "HEAD"` also gives it).
    expect_head: Option<String>,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct Head {
    /// The first entry this request made (for a retry: the first the original request made);
    /// its entries are `first` to `seq`, in the log.
    first: u64,
    /// The last entry now (chance drawn after the commands, and the seed's reveal, included).
    seq: u64,
    /// The chain hash at the head.
    head: String,
}

/// Enters commands, all or none. A seat's token enters that seat's commands only; chance
/// outcomes of an observed game, corrections (`arbiter:correct SEQ REASON`) and notes need the
/// arbiter's token. A retry with the same `Idempotency-Key` gets the first answer.
#[utoipa::path(post, path = "/v1/records/{id}/entries", tag = "records", request_body = NewEntries,
    params(("id" = String, Path),
        ("If-Match" = Option<String>, Header, description = "The expected head, quoted: \"HEAD\""),
        ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key gets the first answer")),
    security(("token" = [])),
    responses(
        (status = 201, body = Head, description = "Entered"),
        (status = 400, body = Problem, description = "Not a request this server can read"),
        (status = 401, body = Problem, description = "No token, or not one of this record's"),
        (status = 403, body = Problem, description = "The token's seat may not enter this command"),
        (status = 404, body = Problem),
        (status = 409, body = Problem, description = "The expected head is stale: `seq` and `head` are the record's"),
        (status = 422, body = Problem, description = "The rules refuse it (`at`: the entry), or the key was used for another request"),
    ))]
pub async fn append(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bearer: Bearer,
    JsonBody(request): JsonBody<NewEntries>,
) -> Result<Response, ApiError> {
    let id = record_id(&id)?;
    if request.commands.is_empty() {
        return Err(ApiError::bad_request("no commands"));
    }
    if request.commands.len() > MAX_COMMANDS {
        return Err(ApiError::bad_request(format!(
            "at most {MAX_COMMANDS} commands a request"
        )));
    }
    let expect = expected_head(request.expect_head.as_deref(), &headers)?;
    let key = idempotency_key(&headers)?;
    let commands = request
        .commands
        .iter()
        .map(|c| split_actor(c))
        .map(|(a, t)| (a, t.to_string()))
        .collect();
    let time = Some((app.config.clock.now)());
    let granted = match app.grants.get(&id, &bearer) {
        Some(granted) => granted,
        None => {
            let (record, presented) = (id.clone(), Bearer(bearer.0.clone()));
            let found = app.blocking(move |store, _| access(store, &record, &presented)).await?;
            app.grants.keep(&id, &bearer, found);
            found
        }
    };
    let as_seat = match granted {
        Access::Public => return Err(ApiError::unauthorized("entering commands needs a token")),
        Access::Seat(seat) => Some(seat),
        Access::Arbiter => None,
    };
    let request = Append {
        commands,
        expect,
        key,
        time,
        as_seat,
    };
    let answer = commit(&app, id, request).await?;
    let mut response = (
        StatusCode::CREATED,
        Json(Head {
            first: (answer.seq + 1).saturating_sub(answer.lines.len() as u64),
            seq: answer.seq,
            head: hex::encode(&answer.head),
        }),
    )
        .into_response();
    if let Ok(etag) = HeaderValue::from_str(&format!("\"{}\"", hex::encode(&answer.head))) {
        response.headers_mut().insert(header::ETAG, etag);
    }
    if answer.replayed {
        response
            .headers_mut()
            .insert("idempotent-replayed", HeaderValue::from_static("true"));
    }
    Ok(response)
}

/// The one place an append is made: the writer commits it, with whatever other appends are
/// waiting, in one durable transaction, tells the record's followers, and then answers.
pub async fn commit(app: &App, id: String, request: Append) -> Result<Appended, ApiError> {
    app.writer.append(id, request).await
}

/// The head the caller expects, from the body or an `If-Match` header; both must agree.
fn expected_head(body: Option<&str>, headers: &HeaderMap) -> Result<Option<[u8; 32]>, ApiError> {
    let parse = |text: &str, from: &str| {
        hex::decode32(&text.to_ascii_lowercase())
            .ok_or_else(|| ApiError::bad_request(format!("{from} is not a 64-digit chain hash")))
    };
    let from_body = body.map(|t| parse(t, "expect_head")).transpose()?;
    let from_header = match headers.get(header::IF_MATCH) {
        None => None,
        Some(value) => {
            let text = value.to_str().unwrap_or_default().trim();
            let text = text.strip_prefix("W/").unwrap_or(text);
            Some(parse(text.trim_matches('"'), "If-Match")?)
        }
    };
    match (from_body, from_header) {
        (Some(a), Some(b)) if a != b => Err(ApiError::bad_request("expect_head and If-Match name different heads")),
        (a, b) => Ok(a.or(b)),
    }
}

fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    match value.to_str() {
        Ok(key) if !key.is_empty() && key.len() <= MAX_KEY => Ok(Some(key.to_string())),
        _ => Err(ApiError::bad_request(format!(
            "Idempotency-Key must be 1 to {MAX_KEY} visible ASCII characters"
        ))),
    }
}

/// A command with an optional `ACTOR:` prefix (`p2:h8`, `chance:3`, `arbiter:...`).
fn split_actor(text: &str) -> (Option<Actor>, &str) {
    if let Some((head, rest)) = text.split_once(':') {
        if let Some(actor) = Actor::parse(head) {
            return (Some(actor), rest);
        }
    }
    (None, text)
}
