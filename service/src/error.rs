//! Errors as the API answers them: a status and a JSON body `{error, ...}` naming what failed
//! in words, with the seq and head of a conflict or the entry a refusal is at. Store failures
//! are 500 and say so; nothing here ever puts a token or a seed in a body.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use kifu_core::record::hex;
use kifu_records::{AppendError, CreateError, ReadError};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Problem {
    /// What went wrong, in words.
    pub error: String,
    /// The entry a refusal is at (422, 403).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// The actor of the refused command (422, 403).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor: Option<String>,
    /// The record's last seq, when the expected head was stale (409).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// The record's head, when the expected head was stale (409).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head: Option<String>,
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub problem: Problem,
}

impl ApiError {
    pub fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            problem: Problem {
                error: error.into(),
                at: None,
                actor: None,
                seq: None,
                head: None,
            },
        }
    }
    pub fn bad_request(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, error)
    }
    pub fn unauthorized(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, error)
    }
    pub fn forbidden(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, error)
    }
    pub fn not_found(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, error)
    }
    pub fn unprocessable(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, error)
    }
    pub fn internal(error: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error)
    }
    fn at(mut self, seq: u64, actor: Option<String>) -> ApiError {
        self.problem.at = Some(seq);
        self.problem.actor = actor;
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, axum::Json(self.problem)).into_response();
        if self.status == StatusCode::UNAUTHORIZED {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}

impl From<ReadError> for ApiError {
    fn from(e: ReadError) -> ApiError {
        match e {
            ReadError::NotFound(_) | ReadError::Ambiguous(_) => ApiError::not_found(e.to_string()),
            ReadError::Damaged { .. } | ReadError::Broken { .. } | ReadError::Store(_) => {
                ApiError::internal(e.to_string())
            }
        }
    }
}

impl From<CreateError> for ApiError {
    fn from(e: CreateError) -> ApiError {
        match e {
            CreateError::Rejected(f) => {
                ApiError::unprocessable(f.to_string()).at(f.seq, f.actor.map(|a| a.to_string()))
            }
            CreateError::Seed(_) | CreateError::Token(_) => ApiError::bad_request(e.to_string()),
            CreateError::Exists(_) | CreateError::Random(_) | CreateError::Secret(_) | CreateError::Store(_) => {
                ApiError::internal(e.to_string())
            }
        }
    }
}

impl From<AppendError> for ApiError {
    fn from(e: AppendError) -> ApiError {
        match e {
            AppendError::NotFound(_) => ApiError::not_found(e.to_string()),
            AppendError::Conflict { actual_seq, actual, .. } => {
                let mut error = ApiError::new(StatusCode::CONFLICT, e.to_string());
                error.problem.seq = Some(actual_seq);
                error.problem.head = Some(hex::encode(&actual));
                error
            }
            AppendError::Forbidden { seq, actor, .. } => {
                ApiError::forbidden(e.to_string()).at(seq, Some(actor.to_string()))
            }
            AppendError::KeyReused(_) => ApiError::unprocessable(e.to_string()),
            AppendError::Rejected(f) => {
                ApiError::unprocessable(f.to_string()).at(f.seq, f.actor.map(|a| a.to_string()))
            }
            AppendError::Read(e) => e.into(),
            AppendError::Secret(_) | AppendError::Store(_) => ApiError::internal(e.to_string()),
        }
    }
}
