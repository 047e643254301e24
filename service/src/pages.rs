//! The browser pages `kifu serve` serves beside the API: `/` (the records, and a new one),
//! `/r/{id}` (the viewer, and the recorder when a token is in the URL fragment) and their
//! scripts and style under `/assets/`. Plain HTML, CSS and JavaScript compiled into the binary
//! (no build step, nothing from another site); the pages call only the `/v1` API, in the
//! browser. Nothing here reads a token: a page keeps its token in the fragment (never sent)
//! and the browser's localStorage, and sends it only as `Authorization: Bearer`.

use axum::extract::Path;
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::auth::record_id;
use crate::error::ApiError;

/// A file of the pages: its name under `/assets/`, its media type and its text.
struct Asset {
    name: &'static str,
    kind: &'static str,
    text: &'static str,
}

const JS: &str = "text/javascript; charset=utf-8";

const ASSETS: &[Asset] = &[
    Asset {
        name: "kifu.css",
        kind: "text/css; charset=utf-8",
        text: include_str!("../pages/kifu.css"),
    },
    Asset {
        name: "api.js",
        kind: JS,
        text: include_str!("../pages/api.js"),
    },
    Asset {
        name: "index.js",
        kind: JS,
        text: include_str!("../pages/index.js"),
    },
    Asset {
        name: "record.js",
        kind: JS,
        text: include_str!("../pages/record.js"),
    },
    Asset {
        name: "recorder.js",
        kind: JS,
        text: include_str!("../pages/recorder.js"),
    },
    Asset {
        name: "boards.js",
        kind: JS,
        text: include_str!("../pages/boards.js"),
    },
];

const INDEX: &str = include_str!("../pages/index.html");
const RECORD: &str = include_str!("../pages/record.html");

/// What every page and asset is sent with: scripts and styles from this server only, no
/// inline script, no framing, no referrer (a page's address is never passed on), and calls
/// to this server alone.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
    connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The page routes, for the service's router.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(|| async { page(INDEX) }))
        .route("/r/{id}", get(record_page))
        .route("/assets/{name}", get(asset))
}

async fn record_page(Path(id): Path<String>) -> Result<Response, ApiError> {
    record_id(&id)?;
    Ok(page(RECORD))
}

async fn asset(Path(name): Path<String>) -> Result<Response, ApiError> {
    let asset = ASSETS
        .iter()
        .find(|a| a.name == name)
        .ok_or_else(|| ApiError::not_found(format!("no asset '{}'", name.chars().take(80).collect::<String>())))?;
    Ok(send(asset.kind, asset.text))
}

fn page(text: &'static str) -> Response {
    send("text/html; charset=utf-8", text)
}

fn send(kind: &'static str, text: &'static str) -> Response {
    let mut response = (StatusCode::OK, text).into_response();
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_TYPE, kind),
        (header::CACHE_CONTROL, "no-cache"),
        (header::CONTENT_SECURITY_POLICY, POLICY),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    headers.insert(
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_a_page_names_is_served() {
        for page in [INDEX, RECORD] {
            for part in page.split("/assets/").skip(1) {
                let name: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
                    .collect();
                let name = name.trim_end_matches('.');
                assert!(ASSETS.iter().any(|a| a.name == name), "{name} is not an asset");
            }
        }
        for asset in ASSETS.iter().filter(|a| a.kind == JS) {
            for part in asset.text.split("from './").skip(1) {
                let name = part.split('\'').next().unwrap_or_default();
                assert!(ASSETS.iter().any(|a| a.name == name), "{} imports {name}", asset.name);
            }
        }
    }

    #[test]
    fn no_page_loads_anything_from_another_site_or_runs_inline_script() {
        for text in ASSETS.iter().map(|a| a.text).chain([INDEX, RECORD]) {
            // The SVG namespace is a name, not an address anything is fetched from.
            let text = text.replace("http://www.w3.org/2000/svg", "");
            assert!(
                !text.contains("http://") && !text.contains("https://"),
                "a page names another site"
            );
            assert!(
                !text.contains("<script>") && !text.contains(" style=\""),
                "inline script or style"
            );
        }
    }
}
