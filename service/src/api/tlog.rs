//! The store's transparency log, read-only, in the C2SP tlog-tiles layout: `/log/checkpoint`
//! (a signed checkpoint), `/log/tile/<L>/<N>[.p/<W>]` (tile hashes, 32 bytes each) and
//! `/log/tile/entries/<N>[.p/<W>]` (each leaf's data with a 2-byte big-endian length). Full
//! tiles never change and are served as immutable; partial ones and the checkpoint are not
//! cached. Nothing here needs a token: the log holds record ids, seqs and chain hashes only.

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use kifu_records::{LogError, LogKey, RecordStore};
use kifu_tlog::tile::WIDTH;
use kifu_tlog::Checkpoint;

use crate::error::ApiError;
use crate::state::App;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const NO_CACHE: &str = "no-cache";

/// The log's routes (outside `/v1`, so outside the OpenAPI document: their layout is the
/// tlog-tiles specification's).
pub fn routes() -> Router<App> {
    Router::new()
        .route("/log/checkpoint", get(checkpoint))
        .route("/log/tile/{*path}", get(tile))
}

/// A log error as an answer.
pub fn log_error(e: LogError) -> ApiError {
    match e {
        LogError::NotFound(_) => ApiError::not_found(e.to_string()),
        LogError::NoSuchEntry { .. } | LogError::OutOfRange { .. } => ApiError::bad_request(e.to_string()),
        LogError::Read(e) => e.into(),
        LogError::NotExtension { .. }
        | LogError::OtherKey { .. }
        | LogError::Unlogged { .. }
        | LogError::Key(_)
        | LogError::Store(_) => ApiError::internal(e.to_string()),
    }
}

/// The service's log key, or 503 when it was started without one.
pub fn key(app: &App) -> Result<std::sync::Arc<LogKey>, ApiError> {
    app.config.log_key.clone().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "this server was started without the log's key: it signs no checkpoints",
        )
    })
}

/// The last checkpoint signed when it covers the log as it stands (and is this key's), else a
/// new one: a request signs (a write) only when the log has grown since.
async fn checkpoint(State(app): State<App>) -> Result<Response, ApiError> {
    let key = key(&app)?;
    let note = app.blocking(move |store, _| current_checkpoint(store, &key)).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, NO_CACHE),
        ],
        note,
    )
        .into_response())
}

fn current_checkpoint(store: &dyn RecordStore, key: &LogKey) -> Result<String, ApiError> {
    let size = store.log_size()?;
    if let Some(note) = store.latest_checkpoint()? {
        let covers = key
            .verifier()
            .open(&note)
            .ok()
            .and_then(|text| Checkpoint::parse(text).ok())
            .is_some_and(|c| c.size == size);
        if covers {
            return Ok(note);
        }
    }
    Ok(store.sign_checkpoint(key).map_err(log_error)?.note)
}

/// What a tile path asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    /// Tile (level, index), its first `width` hashes.
    Hashes(u8, u64, u64),
    /// The entry bundle `index`, its first `width` leaves.
    Entries(u64, u64),
}

async fn tile(State(app): State<App>, Path(path): Path<String>) -> Result<Response, ApiError> {
    let asked = parse(&path).ok_or_else(|| ApiError::not_found(format!("/log/tile/{path} is not a tile path")))?;
    let body = app
        .blocking(move |store, _| match asked {
            Asked::Hashes(level, index, width) => {
                let hashes = store.log_tile(level, index, width).map_err(log_error)?;
                let hashes = hashes.ok_or_else(|| ApiError::not_found("the log has not reached this tile"))?;
                Ok(hashes.concat())
            }
            Asked::Entries(index, width) => {
                let start = index * WIDTH;
                if store.log_size()? < start + width {
                    return Err(ApiError::not_found("the log has not reached these entries"));
                }
                let leaves = store.log_leaves(start, start + width).map_err(log_error)?;
                let mut body = Vec::new();
                for leaf in leaves {
                    let data = leaf.data();
                    body.extend_from_slice(&(data.len() as u16).to_be_bytes());
                    body.extend_from_slice(data.as_bytes());
                }
                Ok(body)
            }
        })
        .await?;
    let full = match asked {
        Asked::Hashes(_, _, width) | Asked::Entries(_, width) => width == WIDTH,
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream"),
            (header::CACHE_CONTROL, if full { IMMUTABLE } else { NO_CACHE }),
        ],
        body,
    )
        .into_response())
}

/// Reads `<L>/<N>[.p/<W>]` or `entries/<N>[.p/<W>]`, in the canonical form only.
fn parse(path: &str) -> Option<Asked> {
    let (path, width) = match path.split_once(".p/") {
        Some((path, w)) => {
            let width: u64 = decimal(w)?;
            if width == 0 || width >= WIDTH {
                return None;
            }
            (path, width)
        }
        None => (path, WIDTH),
    };
    let (level, index) = path.split_once('/')?;
    let index = tile_index(index)?;
    if level == "entries" {
        return Some(Asked::Entries(index, width));
    }
    let level = decimal(level)?;
    if level > 63 {
        return None;
    }
    Some(Asked::Hashes(level as u8, index, width))
}

/// Decimal without leading zeros.
fn decimal(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || (text.len() > 1 && text.starts_with('0')) {
        return None;
    }
    text.parse().ok()
}

/// A tile index in path form: groups of three digits, all but the last prefixed with `x`
/// (1234067 is `x001/x234/067`); only the shortest form is taken.
fn tile_index(text: &str) -> Option<u64> {
    let groups: Vec<&str> = text.split('/').collect();
    let mut index: u64 = 0;
    for (k, group) in groups.iter().enumerate() {
        let digits = if k + 1 < groups.len() {
            group.strip_prefix('x')?
        } else {
            group
        };
        if digits.len() != 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        index = index.checked_mul(1000)?.checked_add(digits.parse::<u64>().ok()?)?;
    }
    (index_path(index) == text).then_some(index)
}

/// The path form of a tile index.
pub fn index_path(mut index: u64) -> String {
    let mut groups = vec![format!("{:03}", index % 1000)];
    index /= 1000;
    while index > 0 {
        groups.push(format!("x{:03}", index % 1000));
        index /= 1000;
    }
    groups.reverse();
    groups.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_paths_read_in_their_canonical_form_only() {
        assert_eq!(index_path(1_234_067), "x001/x234/067");
        assert_eq!(index_path(0), "000");
        assert_eq!(index_path(1000), "x001/000");
        assert_eq!(parse("0/x001/x234/067"), Some(Asked::Hashes(0, 1_234_067, 256)));
        assert_eq!(parse("2/000.p/5"), Some(Asked::Hashes(2, 0, 5)));
        assert_eq!(parse("entries/x001/000"), Some(Asked::Entries(1000, 256)));
        assert_eq!(parse("entries/000.p/255"), Some(Asked::Entries(0, 255)));
        for bad in [
            "0/0",
            "0/x000/001",
            "0/001/002",
            "0/000.p/0",
            "0/000.p/256",
            "0/000.p/05",
            "00/000",
            "64/000",
            "entries",
            "0/x1/000",
            "a/000",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
