//! The games, making a record (with its tokens, shown this once) and listing records. What a
//! game is and what it takes is asked of the kernel's registry; nothing here knows a game.

use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use kifu_core::record::{hex, Actor, Header};
use kifu_core::Turn;
use kifu_records::{Filter, Token};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::JsonBody;
use crate::error::{ApiError, Problem};
use crate::state::App;

#[derive(Serialize, ToSchema)]
pub struct Games {
    games: Vec<GameInfo>,
}

#[derive(Serialize, ToSchema)]
struct GameInfo {
    /// The registry name, as `game` takes it.
    name: &'static str,
    /// The version of its rules new records are made under.
    rules: u32,
    /// The fewest and the most players.
    players: [usize; 2],
    /// The option keys it takes (`options` of a new record).
    options: Vec<String>,
    /// The notation formats that carry it (beside kifu's own).
    formats: Vec<&'static str>,
    about: &'static str,
}

/// The games this server records, with their options and formats.
#[utoipa::path(get, path = "/v1/games", tag = "records", responses((status = 200, body = Games)))]
pub async fn games() -> Json<Games> {
    let formats = kifu_games::formats();
    let games = kifu_games::all()
        .into_iter()
        .map(|g| GameInfo {
            name: g.name(),
            rules: g.version(),
            players: [*g.players().start(), *g.players().end()],
            options: g.options(),
            formats: formats
                .iter()
                .filter(|f| f.games().contains(&g.name()))
                .map(|f| f.name())
                .collect(),
            about: g.describe(),
        })
        .collect();
    Json(Games { games })
}

/// A new record. Chance is observed (entered by the arbiter) unless a seed is given or asked for.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewRecord {
    /// The game's registry name (see `/v1/games`).
    game: String,
    /// Game options, key to value.
    #[serde(default)]
    options: BTreeMap<String, String>,
    /// The players' names in seat order; their count sets the number of seats (default: the
    /// fewest the game takes, each named `?`).
    #[serde(default)]
    players: Vec<String>,
    /// Free metadata: Event, Site, Round, ...
    #[serde(default)]
    tags: BTreeMap<String, String>,
    /// Seeded chance from this secret seed (16 to 64 bytes, as hex).
    seed: Option<String>,
    /// Seeded chance from 32 random bytes the server draws.
    #[serde(default)]
    random_seed: bool,
    /// Observed chance (the default): the arbiter enters what the dice or deck showed.
    #[serde(default)]
    observed: bool,
    /// A set-up position in the game's own notation.
    start: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Created {
    id: String,
    /// The number of entries (chance drawn at the start, in a seeded game).
    seq: u64,
    /// The chain hash at the head: what `expect_head` names.
    head: String,
    /// One token per seat (`p1`, `p2`, ...) and one for the `arbiter`. Shown this once: the
    /// server keeps only their hashes.
    tokens: BTreeMap<String, String>,
}

/// Makes a record and its tokens.
#[utoipa::path(post, path = "/v1/records", tag = "records", request_body = NewRecord,
    responses(
        (status = 201, body = Created, description = "Made; the tokens are shown this once"),
        (status = 400, body = Problem, description = "Not a request this server can read"),
        (status = 422, body = Problem, description = "The game refuses its set-up (options, players, start)"),
    ))]
pub async fn create(State(app): State<App>, JsonBody(request): JsonBody<NewRecord>) -> Result<Response, ApiError> {
    let game = kifu_games::find(&request.game)
        .ok_or_else(|| ApiError::bad_request(format!("unknown game '{}' (see /v1/games)", request.game)))?;
    let chosen = [request.seed.is_some(), request.random_seed, request.observed];
    if chosen.iter().filter(|c| **c).count() > 1 {
        return Err(ApiError::bad_request("give one of seed, random_seed and observed"));
    }
    let seed = match (&request.seed, request.random_seed) {
        (Some(text), _) => Some(seed_from_hex(text)?),
        (None, true) => Some(random_bytes(32)?),
        (None, false) => None,
    };
    if request.players.len() > 255 {
        return Err(ApiError::bad_request("at most 255 players"));
    }
    let clock = app.config.clock;
    let mut header = Header::for_game(game, request.players, seed.as_deref());
    header.created = Some((clock.precise)());
    header.options = request.options;
    header.tags = request.tags;
    header.start = request.start;
    header.validate().map_err(|e| ApiError::bad_request(e.reason))?;
    let mut tokens = vec![(Actor::Arbiter, new_token()?)];
    for seat in 0..header.players.len() {
        tokens.push((Actor::Seat(seat as u8), new_token()?));
    }
    let shown: BTreeMap<String, String> = tokens.iter().map(|(a, t)| (a.to_string(), t.to_string())).collect();
    let created = app
        .blocking(move |store, _| {
            Ok(store.create_with_tokens(header, seed.as_deref(), Some(&(clock.now)()), &tokens)?)
        })
        .await?;
    let location = format!("/v1/records/{}", created.id);
    let body = Created {
        id: created.id,
        seq: created.seq,
        head: hex::encode(&created.head),
        tokens: shown,
    };
    Ok((StatusCode::CREATED, [(header::LOCATION, location)], Json(body)).into_response())
}

/// A seed typed as hex: 16 to 64 bytes.
fn seed_from_hex(text: &str) -> Result<Vec<u8>, ApiError> {
    let bytes = hex::decode(&text.to_ascii_lowercase())
        .ok_or_else(|| ApiError::bad_request("seed is not hex (an even number of digits 0-9, a-f)"))?;
    if !(16..=64).contains(&bytes.len()) {
        return Err(ApiError::bad_request(format!(
            "seed has {} bytes: a seed is 16 to 64 bytes, so that no one can find it by trying",
            bytes.len()
        )));
    }
    Ok(bytes)
}

fn random_bytes(n: usize) -> Result<Vec<u8>, ApiError> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::internal(format!("the operating system gave no random bytes ({e})")))?;
    Ok(bytes)
}

fn new_token() -> Result<Token, ApiError> {
    Token::random().map_err(|e| ApiError::internal(format!("the operating system gave no random bytes ({e})")))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only records of this game.
    game: Option<String>,
    /// Only records with a player of this name.
    player: Option<String>,
    /// Only records with this tag, as KEY=VALUE.
    tag: Option<String>,
    /// The page after this id (the `next` of the page before).
    after: Option<String>,
    /// Records per page (1 to 500, default 50).
    limit: Option<usize>,
}

#[derive(Serialize, ToSchema)]
pub struct Page {
    records: Vec<Summary>,
    /// The `after` of the next page; absent on the last page.
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct Summary {
    id: String,
    game: String,
    players: Vec<String>,
    created: Option<String>,
    /// How many entries it has.
    entries: u64,
    #[schema(value_type = Option<super::schema::TurnDoc>)]
    turn: Option<Turn>,
}

/// The records, by id, a page at a time; every filter given must hold.
#[utoipa::path(get, path = "/v1/records", tag = "records", params(ListQuery),
    responses((status = 200, body = Page), (status = 400, body = Problem)))]
pub async fn list(State(app): State<App>, Query(query): Query<ListQuery>) -> Result<Json<Page>, ApiError> {
    let limit = query.limit.unwrap_or(50).clamp(1, 500);
    let filter = Filter {
        game: query.game,
        player: query.player,
        tag: query.tag,
    };
    let rows = app.blocking(move |store, _| Ok(store.list(&filter)?)).await?;
    let mut rows: Vec<Summary> = rows
        .into_iter()
        .filter(|r| query.after.as_ref().is_none_or(|after| r.id > *after))
        .take(limit + 1)
        .map(|r| Summary {
            id: r.id,
            game: r.game,
            players: r.players,
            created: r.created,
            entries: r.entries,
            turn: r.turn,
        })
        .collect();
    let next = (rows.len() > limit).then(|| {
        rows.truncate(limit);
        rows.last().map(|r| r.id.clone()).unwrap_or_default()
    });
    Ok(Json(Page { records: rows, next }))
}
