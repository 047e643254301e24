//! Who is asking: the bearer token of a request (`Authorization: Bearer T`) and what it grants
//! in one record: a seat's view and that seat's commands, the arbiter's view and every
//! command, or (no token) the public view and nothing to write. Tokens are checked by the
//! store against their hashes; a token is never logged, echoed or kept here.

use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts};
use kifu_core::record::Actor;
use kifu_core::rules::View;
use kifu_records::{Store, Token};

use crate::error::ApiError;

/// The token a request carries, if any. A malformed `Authorization` header is refused (401)
/// rather than read as no token.
pub struct Bearer(pub Option<Token>);

impl<S: Send + Sync> FromRequestParts<S> for Bearer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Bearer, ApiError> {
        let Some(value) = parts.headers.get(header::AUTHORIZATION) else {
            return Ok(Bearer(None));
        };
        let text = value.to_str().unwrap_or_default().trim();
        let (scheme, token) = text.split_once(' ').unwrap_or((text, ""));
        if !scheme.eq_ignore_ascii_case("bearer") {
            return Err(ApiError::unauthorized(
                "the Authorization header must be 'Bearer TOKEN'",
            ));
        }
        match Token::parse(token.trim()) {
            Some(token) => Ok(Bearer(Some(token))),
            None => Err(ApiError::unauthorized(
                "this is not a kifu token (32 lower-case hex digits)",
            )),
        }
    }
}

/// What the bearer may see and do in one record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// No token: the public view, no writing.
    Public,
    /// A seat's token (0-based): that seat's view, that seat's commands.
    Seat(u8),
    /// The arbiter's token: everything.
    Arbiter,
}

impl Access {
    /// Looks the token up in record `id` (a blocking store call). An unknown token is 401.
    pub fn of(store: &Store, id: &str, bearer: &Bearer) -> Result<Access, ApiError> {
        let Some(token) = &bearer.0 else {
            return Ok(Access::Public);
        };
        match store.bearer(id, token)? {
            Some(Actor::Seat(seat)) => Ok(Access::Seat(seat)),
            Some(Actor::Arbiter) => Ok(Access::Arbiter),
            _ => Err(ApiError::unauthorized(format!(
                "this token is not one of record {id}'s"
            ))),
        }
    }

    /// The view of the record this access gives.
    pub fn view(self) -> View {
        match self {
            Access::Public => View::Public,
            Access::Seat(seat) => View::Seat(seat),
            Access::Arbiter => View::Full,
        }
    }

    /// The view's name: `public`, `arbiter`, or a seat as `p1`.
    pub fn name(self) -> String {
        match self {
            Access::Public => "public".into(),
            Access::Seat(seat) => Actor::Seat(seat).to_string(),
            Access::Arbiter => "arbiter".into(),
        }
    }
}

/// A record id as the path gives it: lower-case hex (12 digits for a version-1 record, 32
/// otherwise). Anything else names no record.
pub fn record_id(text: &str) -> Result<String, ApiError> {
    let hex = text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if hex && (text.len() == 32 || text.len() == 12) {
        Ok(text.to_string())
    } else {
        Err(ApiError::not_found(format!(
            "'{}' is not a record id (32 lower-case hex digits)",
            text.chars().take(80).collect::<String>()
        )))
    }
}
