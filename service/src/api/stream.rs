//! Following a record live: every entry after `Last-Event-ID` (or `?after=`), in the bearer's
//! view, as Server-Sent Events (`id:` = seq) or as ndjson lines, then each new entry as it is
//! appended, and an `end` event once the game is over. Entries are always read from the store,
//! the hub only wakes the stream, so a follower never sees a gap or a seat's hidden cards.

use std::convert::Infallible;

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use kifu_core::rules::View;
use kifu_core::Turn;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;
use utoipa::{IntoParams, ToSchema};

use super::read::{access, Seen};
use super::schema::{EntryOut, TurnDoc};
use crate::auth::{record_id, Bearer};
use crate::error::{ApiError, Problem};
use crate::state::App;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AfterQuery {
    /// Start after this entry (as the `Last-Event-ID` header does; the header wins).
    after: Option<u64>,
}

/// What a stream sends besides entries: the game is over.
#[derive(Serialize, ToSchema)]
pub struct End {
    seq: u64,
    #[schema(value_type = TurnDoc)]
    turn: Turn,
}

/// One item of a stream, before it is written as SSE or ndjson.
enum Item {
    Entry(EntryOut),
    End(End),
    Error(String),
}

/// The record's entries from `Last-Event-ID` on, then live. `text/event-stream` (the default):
/// `event: entry` with `id:` = seq and the entry as JSON, `event: end` when the game is over.
/// With `Accept: application/x-ndjson`: one JSON object a line, `{"event": "entry", ...}`.
#[utoipa::path(get, path = "/v1/records/{id}/stream", tag = "records",
    params(("id" = String, Path), AfterQuery,
        ("Last-Event-ID" = Option<u64>, Header, description = "The last entry already seen")),
    security((), ("token" = [])),
    responses(
        (status = 200, description = "Server-Sent Events: `entry` (data: an Entry) and `end`", content_type = "text/event-stream", body = EntryOut),
        (status = 401, body = Problem), (status = 404, body = Problem)))]
pub async fn stream(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(query): Query<AfterQuery>,
    headers: HeaderMap,
    bearer: Bearer,
) -> Result<Response, ApiError> {
    let id = record_id(&id)?;
    let after = match headers.get("last-event-id") {
        Some(value) => value
            .to_str()
            .ok()
            .and_then(|t| t.trim().parse::<u64>().ok())
            .ok_or_else(|| ApiError::bad_request("Last-Event-ID is not an entry number"))?,
        None => query.after.unwrap_or(0),
    };
    let view = {
        let id = id.clone();
        app.blocking(move |store, _| Ok(access(store, &id, &bearer)?.view()))
            .await?
    };
    let items = follow(app, id, view, after);
    let ndjson = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/x-ndjson"));
    if ndjson {
        let lines = stream::unfold(items, |mut items| async move {
            let item = items.recv().await?;
            Some((Ok::<_, Infallible>(ndjson_line(item)), items))
        });
        return Ok((
            [(header::CONTENT_TYPE, "application/x-ndjson")],
            Body::from_stream(lines),
        )
            .into_response());
    }
    let events = stream::unfold(items, |mut items| async move {
        let item = items.recv().await?;
        Some((Ok::<_, Infallible>(sse_event(item)), items))
    });
    Ok(sse(events).into_response())
}

fn sse(events: impl Stream<Item = Result<Event, Infallible>> + Send + 'static) -> impl IntoResponse {
    Sse::new(events).keep_alive(KeepAlive::default())
}

fn sse_event(item: Item) -> Event {
    match item {
        Item::Entry(entry) => Event::default()
            .event("entry")
            .id(entry.seq.to_string())
            .data(serde_json::to_string(&entry).unwrap_or_default()),
        Item::End(end) => Event::default()
            .event("end")
            .data(serde_json::to_string(&end).unwrap_or_default()),
        Item::Error(error) => Event::default()
            .event("error")
            .data(serde_json::json!({ "error": error }).to_string()),
    }
}

fn ndjson_line(item: Item) -> String {
    let (event, mut value) = match item {
        Item::Entry(entry) => ("entry", serde_json::to_value(entry).unwrap_or_default()),
        Item::End(end) => ("end", serde_json::to_value(end).unwrap_or_default()),
        Item::Error(error) => ("error", serde_json::json!({ "error": error })),
    };
    if let Some(map) = value.as_object_mut() {
        map.insert("event".into(), event.into());
    }
    format!("{value}\n")
}

/// Starts the task that reads the record and follows it; the stream ends when the client goes
/// away (the channel closes), when the record cannot be read, or when the server stops.
fn follow(app: App, id: String, view: View, after: u64) -> mpsc::Receiver<Item> {
    let (send, receive) = mpsc::channel(64);
    tokio::spawn(async move {
        // Woken by every append from now on; whatever came before is read from the store.
        let mut appended = app.hub.follow(&id);
        let mut stopping = app.stopping.clone();
        let mut last = after;
        let mut ended = false;
        loop {
            let read = {
                let id = id.clone();
                app.blocking(move |store, _| Seen::read(store, &id, view)).await
            };
            let seen = match read {
                Ok(seen) => seen,
                Err(error) => {
                    let _ = send.send(Item::Error(error.problem.error)).await;
                    return;
                }
            };
            for entry in seen.entries(last + 1) {
                last = entry.seq;
                if send.send(Item::Entry(entry)).await.is_err() {
                    return;
                }
            }
            match seen.turn {
                Some(turn @ Turn::Over { .. }) if !ended => {
                    ended = true;
                    let end = End {
                        seq: seen.record.head().0,
                        turn,
                    };
                    if send.send(Item::End(end)).await.is_err() {
                        return;
                    }
                }
                Some(Turn::Over { .. }) => {}
                // A correction can take a game back from its end: its next end is told again.
                _ => ended = false,
            }
            tokio::select! {
                changed = appended.changed() => if changed.is_err() { return },
                _ = stopping.wait_for(|stop| *stop) => return,
                () = send.closed() => return,
            }
        }
    });
    receive
}
