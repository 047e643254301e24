//! Reading one record in the bearer's view: the position (at any entry), what the bearer may
//! enter now, the log, and exports. A seat's token sees that seat's hidden information, the
//! arbiter's everything, no token the public view; no answer here ever holds a seed before
//! the game's end (the store keeps it sealed until the reveal entry) or another seat's hand.

use std::collections::BTreeMap;

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use kifu_core::record::{hex, text, Actor, Entry, Record};
use kifu_core::rules::View;
use kifu_core::Turn;
use kifu_records::RecordStore;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::schema::{EntryOut, RemarkOut, TurnDoc};
use crate::auth::{record_id, Access, Bearer};
use crate::error::{ApiError, Problem};
use crate::state::App;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AtQuery {
    /// The position after this entry (0: the start); the head when absent.
    at: Option<u64>,
}

/// A position, as `kifu show --json` gives it, in the bearer's view.
#[derive(Serialize, ToSchema)]
pub struct Position {
    id: String,
    game: String,
    /// Whose eyes: `public`, `arbiter`, or a seat like `p1`.
    view: String,
    players: Vec<String>,
    seq: u64,
    head: String,
    #[schema(value_type = TurnDoc)]
    turn: Turn,
    /// The game's own description of the position, redacted for the view.
    #[schema(value_type = Object)]
    state: serde_json::Value,
    /// The game's marks on entries in force (an illegal move that stood): the position owes them.
    remarks: Vec<RemarkOut>,
    /// The position drawn as text for the view, as `kifu show` prints it.
    text: String,
    /// The position drawn as an SVG picture for the view by the game's own renderer (what
    /// `kifu show --svg` writes and the pages show); null for a game that draws none. Each cell
    /// a move can name is a `<g data-cell="NAME" data-x data-y>`.
    svg: Option<String>,
}

/// The position at the head (or after entry `at`), in the bearer's view.
#[utoipa::path(get, path = "/v1/records/{id}", tag = "records", params(("id" = String, Path), AtQuery),
    security((), ("token" = [])),
    responses((status = 200, body = Position), (status = 400, body = Problem), (status = 401, body = Problem),
        (status = 404, body = Problem)))]
pub async fn show(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(query): Query<AtQuery>,
    bearer: Bearer,
) -> Result<Json<Position>, ApiError> {
    let id = record_id(&id)?;
    app.blocking(move |store, _| {
        let access = access(store, &id, &bearer)?;
        let (seq, _) = store.head(&id)?;
        if let Some(at) = query.at.filter(|at| *at > seq) {
            return Err(ApiError::bad_request(format!("at={at}: record {id} has {seq} entries")));
        }
        let replay = store.replay(&id, query.at)?;
        Ok(Json(Position {
            game: replay.header.game.clone(),
            players: replay.header.players.clone(),
            view: access.name(),
            seq: replay.seq(),
            head: hex::encode(&replay.head()),
            turn: replay.turn(),
            state: replay.current().state_json(access.view()),
            remarks: replay
                .remarks_in_force()
                .into_iter()
                .map(|r| RemarkOut {
                    seq: r.seq,
                    text: r.text,
                })
                .collect(),
            text: replay.render(access.view()),
            svg: replay.current().svg(access.view()),
            id,
        }))
    })
    .await
}

/// The bearer's access to an existing record: 404 for no record, 401 for a token not its.
pub fn access(store: &dyn RecordStore, id: &str, bearer: &Bearer) -> Result<Access, ApiError> {
    store.head(id)?;
    Access::of(store, id, bearer)
}

#[derive(Serialize, ToSchema)]
pub struct Legal {
    seq: u64,
    head: String,
    #[schema(value_type = TurnDoc)]
    turn: Turn,
    /// False when this game's moves cannot be listed (then `moves` is empty).
    listed: bool,
    moves: Vec<Move>,
}

#[derive(Serialize, ToSchema)]
struct Move {
    actor: String,
    command: String,
}

/// What the bearer may enter now: a seat's token its own moves, the arbiter's token
/// everything (chance outcomes of an observed game too). A list can show a hand, so it needs a
/// token.
#[utoipa::path(get, path = "/v1/records/{id}/legal", tag = "records", params(("id" = String, Path)),
    security(("token" = [])),
    responses((status = 200, body = Legal), (status = 401, body = Problem), (status = 404, body = Problem)))]
pub async fn legal(State(app): State<App>, Path(id): Path<String>, bearer: Bearer) -> Result<Json<Legal>, ApiError> {
    let id = record_id(&id)?;
    app.blocking(move |store, _| {
        let access = access(store, &id, &bearer)?;
        if access == Access::Public {
            return Err(ApiError::unauthorized(
                "what may be entered is shown to a seat's or the arbiter's token (it can show a hand)",
            ));
        }
        let replay = store.replay(&id, None)?;
        let actions = replay.current().legal_actions();
        let moves = actions
            .iter()
            .flatten()
            .filter(|(actor, _)| access == Access::Arbiter || Access::Seat(seat_of(*actor)) == access)
            .map(|(actor, command)| Move {
                actor: actor.to_string(),
                command: command.clone(),
            })
            .collect();
        Ok(Json(Legal {
            seq: replay.seq(),
            head: hex::encode(&replay.head()),
            turn: replay.turn(),
            listed: actions.is_some(),
            moves,
        }))
    })
    .await
}

/// A seat's number, or one no seat has for the other actors.
fn seat_of(actor: Actor) -> u8 {
    match actor {
        Actor::Seat(seat) => seat,
        _ => u8::MAX,
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FromQuery {
    /// The first entry to list (default 1).
    from: Option<u64>,
}

#[derive(Serialize, ToSchema)]
pub struct Log {
    id: String,
    view: String,
    /// The header's canonical lines.
    header: Vec<String>,
    /// The record's last entry and chain head.
    seq: u64,
    head: String,
    entries: Vec<EntryOut>,
}

/// The entries from `from` on, in the bearer's view, each marked when a correction withdrew it.
#[utoipa::path(get, path = "/v1/records/{id}/log", tag = "records", params(("id" = String, Path), FromQuery),
    security((), ("token" = [])),
    responses((status = 200, body = Log), (status = 401, body = Problem), (status = 404, body = Problem)))]
pub async fn log(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(query): Query<FromQuery>,
    bearer: Bearer,
) -> Result<Json<Log>, ApiError> {
    let id = record_id(&id)?;
    app.blocking(move |store, _| {
        let access = access(store, &id, &bearer)?;
        let seen = Seen::read(store, &id, access.view())?;
        let from = query.from.unwrap_or(1);
        let (seq, head) = seen.record.head();
        Ok(Json(Log {
            view: access.name(),
            header: seen.record.header.canonical_lines(),
            seq,
            head: hex::encode(&head),
            entries: seen.entries(from),
            id,
        }))
    })
    .await
}

/// A record with its entries as one view sees them.
pub struct Seen {
    pub record: Record,
    /// The entries in the view (the record's own for the full view).
    pub shown: Vec<Entry>,
    /// Withdrawn entry -> the correction that withdrew it.
    pub withdrawn: BTreeMap<u64, u64>,
    /// Entry -> the game's mark on it.
    pub remarks: BTreeMap<u64, String>,
    /// Whose turn it is after the last entry.
    pub turn: Option<Turn>,
}

impl Seen {
    /// Reads and replays a record (a blocking store call) for `view`.
    pub fn read(store: &dyn RecordStore, id: &str, view: View) -> Result<Seen, ApiError> {
        let record = store.record(id)?;
        let report = kifu_core::replay::verify_record(kifu_games::registry(), &record);
        if let Some(failure) = &report.failure {
            return Err(ApiError::internal(format!("record {id} does not replay: {failure}")));
        }
        let shown = if view == View::Full {
            record.entries.clone()
        } else {
            kifu_core::replay::log_view(kifu_games::registry(), &record, view)
                .map_err(|f| ApiError::internal(format!("record {id} does not replay: {f}")))?
        };
        Ok(Seen {
            withdrawn: report.withdrawn.iter().map(|w| (w.seq, w.by)).collect(),
            remarks: report.remarks.iter().map(|r| (r.seq, r.text.clone())).collect(),
            turn: report.turn,
            shown,
            record,
        })
    }

    /// The entries from seq `from` on.
    pub fn entries(&self, from: u64) -> Vec<EntryOut> {
        let open = self.hidden().is_none();
        self.shown
            .iter()
            .filter(|e| e.seq >= from)
            .map(|e| {
                let remark = self.remarks.get(&e.seq).cloned();
                EntryOut::from(e, self.withdrawn.get(&e.seq).copied(), remark, open)
            })
            .collect()
    }

    /// The first entry this view sees otherwise than the arbiter does, if any.
    fn hidden(&self) -> Option<u64> {
        self.shown
            .iter()
            .zip(&self.record.entries)
            .find(|(a, b)| a.command != b.command)
            .map(|(_, b)| b.seq)
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FormatQuery {
    /// `kifu` (the default) or a notation format that carries the game (see `/v1/games`).
    format: Option<String>,
    /// Only the record up to this entry (0: the start): a position format gives the position
    /// after it.
    at: Option<u64>,
}

/// The record as a file: kifu text, or a notation (the game as corrections left it). A record
/// holding hidden information is exported only to the arbiter's token, since a file cannot
/// hide part of it.
#[utoipa::path(get, path = "/v1/records/{id}/export", tag = "records", params(("id" = String, Path), FormatQuery),
    security((), ("token" = [])),
    responses(
        (status = 200, description = "The file", content_type = "text/plain"),
        (status = 400, body = Problem), (status = 401, body = Problem),
        (status = 403, body = Problem, description = "Hidden information: only the arbiter's token may export it"),
        (status = 404, body = Problem), (status = 422, body = Problem)))]
pub async fn export(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(query): Query<FormatQuery>,
    bearer: Bearer,
) -> Result<Response, ApiError> {
    let id = record_id(&id)?;
    app.blocking(move |store, _| {
        let access = access(store, &id, &bearer)?;
        let mut seen = Seen::read(store, &id, access.view())?;
        if let Some(seq) = seen.hidden() {
            return Err(ApiError::forbidden(format!(
                "record {id} holds hidden information (entry {seq} shows more to the arbiter than to {}); a file cannot hide it: export it with the arbiter's token",
                access.name()
            )));
        }
        if let Some(at) = query.at {
            let entries = seen.record.entries.len() as u64;
            if at > entries {
                return Err(ApiError::bad_request(format!("at={at}: record {id} has {entries} entries")));
            }
            seen.record.entries.truncate(at as usize);
        }
        let name = query.format.unwrap_or_else(|| "kifu".into());
        if name == "kifu" {
            return Ok(text_file(text::write(&seen.record).into_bytes()));
        }
        let format = kifu_games::format(&name)
            .ok_or_else(|| ApiError::bad_request(format!("unknown format '{name}' (see /v1/games)")))?;
        if !format.games().contains(&seen.record.header.game.as_str()) {
            return Err(ApiError::bad_request(format!(
                "format {name} does not carry {}",
                seen.record.header.game
            )));
        }
        let game = kifu_core::replay::in_force(kifu_games::registry(), &seen.record)
            .map_err(|f| ApiError::internal(format!("record {id} does not replay: {f}")))?;
        match format.write_bytes(&game) {
            Some(bytes) => {
                let bytes = bytes.map_err(|e| ApiError::unprocessable(format!("record {id}: {e}")))?;
                Ok(([(header::CONTENT_TYPE, "application/octet-stream")], bytes).into_response())
            }
            None => {
                let text = format
                    .write(&game)
                    .map_err(|e| ApiError::unprocessable(format!("record {id}: {e}")))?;
                Ok(text_file(text.into_bytes()))
            }
        }
    })
    .await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProofQuery {
    /// The last entry to prove (0: the header alone); the head when absent.
    seq: Option<u64>,
}

/// An inclusion proof bundle, as `kifu prove` writes it (docs/AUDIT.md): the record's header
/// and entries up to `seq`, each one's leaf index, the audit paths of the header and of entry
/// `seq` to a checkpoint signed now, and that checkpoint. `kifu verify FILE --proof BUNDLE
/// --key VERIFIER` checks a file against it. It holds the entries as a file does, so a record
/// holding hidden information up to `seq` is proven only to the arbiter's token.
#[utoipa::path(get, path = "/v1/records/{id}/proof", tag = "records", params(("id" = String, Path), ProofQuery),
    security((), ("token" = [])),
    responses(
        (status = 200, description = "The proof bundle (format `kifu-proof 1`)", content_type = "application/json",
            body = Object),
        (status = 400, body = Problem), (status = 401, body = Problem),
        (status = 403, body = Problem, description = "Hidden information: only the arbiter's token may have it"),
        (status = 404, body = Problem),
        (status = 503, body = Problem, description = "The server has no log key")))]
pub async fn proof(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(query): Query<ProofQuery>,
    bearer: Bearer,
) -> Result<Response, ApiError> {
    let id = record_id(&id)?;
    let key = super::tlog::key(&app)?;
    app.blocking(move |store, _| {
        let access = access(store, &id, &bearer)?;
        let seen = Seen::read(store, &id, access.view())?;
        let head = seen.record.entries.len() as u64;
        let seq = query.seq.unwrap_or(head);
        if seq > head {
            return Err(ApiError::bad_request(format!("seq={seq}: record {id} has {head} entries")));
        }
        if let Some(hidden) = seen.hidden().filter(|hidden| *hidden <= seq) {
            return Err(ApiError::forbidden(format!(
                "record {id} holds hidden information (entry {hidden} shows more to the arbiter than to {}); a proof holds the entries: ask with the arbiter's token",
                access.name()
            )));
        }
        let bundle = store
            .prove(&id, Some(seq), &key, false)
            .map_err(super::tlog::log_error)?;
        let text = serde_json::to_string_pretty(&bundle).unwrap_or_default() + "\n";
        Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
    })
    .await
}

fn text_file(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], bytes).into_response()
}
