//! The HTTP API under `/v1`: the router, its OpenAPI document (generated from the handlers'
//! annotations, never written by hand), the body extractors with their limits, and the
//! middleware that logs one line per request and makes every error answer JSON. No CORS
//! headers are ever sent; no handler here reads a store without going through `App::blocking`.

mod entries;
mod files;
mod read;
mod records;
mod schema;
mod stream;
mod tlog;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde::de::DeserializeOwned;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::error::{ApiError, Problem};
use crate::state::App;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "kifu",
        description = "The kifu record service: append-only, hash-chained game records checked by each game's rules. \
            A record's tokens (one per seat, one for the arbiter) are returned once, when it is created; send one as \
            `Authorization: Bearer TOKEN`. Without a token every read is the public view and nothing can be written."
    ),
    modifiers(&BearerToken),
    components(schemas(Problem)),
    tags(
        (name = "records", description = "Making, reading and following records"),
        (name = "files", description = "Importing notation files and verifying kifu files"),
    )
)]
struct ApiDoc;

/// Declares the bearer token scheme the record endpoints use.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// Every documented route, with the document they make; files up to `max_file` bytes.
fn routes(max_file: usize) -> OpenApiRouter<App> {
    let files = DefaultBodyLimit::max(max_file);
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(records::games))
        .routes(routes!(records::create, records::list))
        .routes(routes!(read::show))
        .routes(routes!(read::legal))
        .routes(routes!(read::log))
        .routes(routes!(read::export))
        .routes(routes!(read::proof))
        .routes(routes!(entries::append))
        .routes(routes!(stream::stream))
        .routes(routes!(files::import).layer(files))
        .routes(routes!(files::verify).layer(files))
        .routes(routes!(openapi_json))
}

/// The OpenAPI 3.1 document of this API.
pub fn openapi() -> utoipa::openapi::OpenApi {
    routes(0).into_openapi()
}

/// The service's router over the shared state.
pub fn router(app: App) -> Router {
    let (router, _) = routes(app.config.max_file).split_for_parts();
    let limit = app.config.max_body;
    router
        .merge(crate::pages::routes())
        .merge(tlog::routes())
        .fallback(|| async { ApiError::not_found("no such endpoint (see /v1/openapi.json)") })
        .layer(DefaultBodyLimit::max(limit))
        .layer(middleware::map_response(json_errors))
        .layer(middleware::from_fn(close_after_refusal))
        .layer(middleware::from_fn_with_state(app.clone(), log_request))
        .with_state(app)
}

/// The OpenAPI document, as JSON.
#[utoipa::path(get, path = "/v1/openapi.json", tag = "records",
    responses((status = 200, description = "The OpenAPI 3.1 document of this API", content_type = "application/json")))]
async fn openapi_json() -> Response {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    let text = DOCUMENT.get_or_init(|| openapi().to_json().unwrap_or_else(|_| "{}".into()));
    ([(header::CONTENT_TYPE, "application/json")], text.as_str()).into_response()
}

/// One line per request on standard error: method, path, status, time taken. Never the
/// headers (tokens travel there) and never a body.
async fn log_request(State(app): State<App>, request: Request, next: Next) -> Response {
    if !app.config.log_requests {
        return next.run(request).await;
    }
    let started = Instant::now();
    let method = request.method().clone();
    let path: String = request.uri().path().chars().take(200).collect();
    let response = next.run(request).await;
    eprintln!(
        "{method} {path} {} {:.1} ms",
        response.status().as_u16(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    response
}

/// Set by the body extractors once a request's body is read whole.
#[derive(Clone, Default)]
struct BodyRead(Arc<AtomicBool>);

/// A request refused before its body was read (no token, too large, the wrong type, no such
/// endpoint) leaves that body on the connection, which is then closed: the answer says so, so
/// a client does not send its next request on it.
async fn close_after_refusal(mut request: Request, next: Next) -> Response {
    let has_body = request.headers().contains_key(header::CONTENT_LENGTH)
        || request.headers().contains_key(header::TRANSFER_ENCODING);
    let read = BodyRead::default();
    request.extensions_mut().insert(read.clone());
    let mut response = next.run(request).await;
    let status = response.status();
    let unread = has_body && !read.0.load(Ordering::SeqCst);
    if unread && (status.is_client_error() || status.is_server_error()) {
        response
            .headers_mut()
            .insert(header::CONNECTION, header::HeaderValue::from_static("close"));
    }
    response
}

/// Makes an error answer that is not JSON yet (a wrong method, a body over the limit, a path
/// that does not parse) into `{error}` with its status.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || is_json(response.headers()) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 16 * 1024).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let error = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_string()
    } else {
        text
    };
    let mut answer = ApiError::new(status, error).into_response();
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            answer.headers_mut().insert(name.clone(), value.clone());
        }
    }
    answer
}

fn is_json(headers: &HeaderMap) -> bool {
    content_type(headers).is_some_and(|t| t == "application/json")
}

/// The media type of a request or answer, lower case, without parameters.
fn content_type(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    Some(value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase())
}

/// A JSON body: `Content-Type: application/json` (else 415), within the size limit (else 413),
/// read as `T` (else 400, saying why).
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<JsonBody<T>, ApiError> {
        if !is_json(request.headers()) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the body as JSON, with Content-Type: application/json",
            ));
        }
        let bytes = body_bytes(request, state).await?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::bad_request(format!("the body does not read as this request: {e}")))
    }
}

/// A file sent as the body, within the file size limit. A type a web form can send without
/// asking (form data, plain text) is refused with 415: a page on another site could otherwise
/// make a browser post files here.
pub struct FileBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for FileBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<FileBody, ApiError> {
        let kind = content_type(request.headers()).unwrap_or_default();
        if matches!(
            kind.as_str(),
            "application/x-www-form-urlencoded" | "multipart/form-data" | "text/plain"
        ) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!("send the file as Content-Type: application/octet-stream, not {kind}"),
            ));
        }
        Ok(FileBody(body_bytes(request, state).await?))
    }
}

async fn body_bytes<S: Send + Sync>(request: Request, state: &S) -> Result<Bytes, ApiError> {
    let read = request.extensions().get::<BodyRead>().cloned();
    let bytes = Bytes::from_request(request, state).await.map_err(|rejection| {
        let status = rejection.status();
        let error = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "the body is larger than this server takes".to_string()
        } else {
            rejection.body_text()
        };
        ApiError::new(status, error)
    })?;
    if let Some(read) = read {
        read.0.store(true, Ordering::SeqCst);
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_document_is_openapi_3_1_and_lists_every_path() {
        let document: serde_json::Value = serde_json::from_str(&super::openapi().to_json().unwrap()).unwrap();
        assert_eq!(document["openapi"], "3.1.0");
        let paths = document["paths"].as_object().unwrap();
        for path in [
            "/v1/games",
            "/v1/records",
            "/v1/records/{id}",
            "/v1/records/{id}/legal",
            "/v1/records/{id}/log",
            "/v1/records/{id}/export",
            "/v1/records/{id}/proof",
            "/v1/records/{id}/entries",
            "/v1/records/{id}/stream",
            "/v1/import",
            "/v1/verify",
            "/v1/openapi.json",
        ] {
            assert!(paths.contains_key(path), "{path} missing from {:?}", paths.keys());
        }
        assert!(document["components"]["securitySchemes"]["token"].is_object());
        assert!(document["components"]["schemas"]["Problem"].is_object());
    }
}
