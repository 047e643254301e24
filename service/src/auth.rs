//! Who is asking: the bearer token of a request (`Authorization: Bearer T`) and what it grants
//! in one record: a seat's view and that seat's commands, the arbiter's view and every
//! command, or (no token) the public view and nothing to write. Tokens are checked by the
//! store against their hashes; a token is never logged, echoed or kept here (`Grants` keeps
//! the hashes the store keeps, never a token).

use std::collections::HashMap;
use std::sync::Mutex;

use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts};
use kifu_core::record::Actor;
use kifu_core::rules::View;
use kifu_records::{RecordStore, Token};

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
    pub fn of(store: &dyn RecordStore, id: &str, bearer: &Bearer) -> Result<Access, ApiError> {
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

/// The tokens this process has found good, so that an append need not ask the store again:
/// per record, the hash the store keeps of each (never the token) and the access it gives. A
/// record's tokens never change once it is made and no record is ever removed, so a grant once
/// found stays true; a refusal is never kept. A presented token is compared with every hash of
/// its record, each in constant time, as the store compares.
#[derive(Default)]
pub struct Grants(Mutex<HashMap<String, Vec<(blake3::Hash, Access)>>>);

/// Records whose grants are kept at most; past this the grants are forgotten and found again.
const MAX_GRANTED: usize = 65_536;

impl Grants {
    /// The access `bearer` was found to give in record `id`, if it was.
    pub fn get(&self, id: &str, bearer: &Bearer) -> Option<Access> {
        let presented = bearer.0.as_ref()?.hash();
        let grants = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut found = None;
        for (hash, access) in grants.get(id)? {
            if *hash == presented {
                found = Some(*access);
            }
        }
        found
    }

    /// Keeps what the store found `bearer` to give in record `id` (a seat or the arbiter).
    pub fn keep(&self, id: &str, bearer: &Bearer, access: Access) {
        let Some(token) = &bearer.0 else {
            return;
        };
        if access == Access::Public {
            return;
        }
        let mut grants = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if grants.len() >= MAX_GRANTED && !grants.contains_key(id) {
            grants.clear();
        }
        let kept = grants.entry(id.to_string()).or_default();
        let hash = token.hash();
        if !kept.iter().any(|(h, _)| *h == hash) {
            kept.push((hash, access));
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

#[cfg(test)]
mod tests {
    use super::{Access, Bearer, Grants};
    use kifu_records::Token;

    #[test]
    fn a_grant_is_kept_for_its_token_in_its_record_only() {
        let grants = Grants::default();
        let token = Bearer(Some(Token::random().unwrap()));
        let other = Bearer(Some(Token::random().unwrap()));
        assert_eq!(grants.get("a", &token), None);
        grants.keep("a", &token, Access::Seat(1));
        grants.keep("a", &other, Access::Arbiter);
        grants.keep("a", &Bearer(None), Access::Public);
        assert_eq!(grants.get("a", &token), Some(Access::Seat(1)));
        assert_eq!(grants.get("a", &other), Some(Access::Arbiter));
        assert_eq!(grants.get("b", &token), None);
        assert_eq!(grants.get("a", &Bearer(None)), None);
        assert_eq!(grants.get("a", &Bearer(Some(Token::random().unwrap()))), None);
        assert_eq!(grants.0.lock().unwrap()["a"].len(), 2);
    }
}
