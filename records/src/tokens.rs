//! Bearer tokens of a record: who may write to it through a service. A token is 128 random
//! bits shown once when the record is made; the store keeps only its hash (blake3 in derive-key
//! mode), never the token, and compares a presented token with every stored hash in constant
//! time. It grants an actor (a seat or the arbiter); it decides nothing about the rules.

use kifu_core::record::{hex, Actor, Hash, Header};

use crate::error::{CreateError, ReadError, StoreError};
use crate::guard::guarded;
use crate::tables::{number_in, NUMBERS, TOKENS};
use crate::{Created, Store};

/// The context of the hash a token is stored as.
const CONTEXT: &str = "kifu 1 service token";

/// A bearer token: 16 random bytes, written as 32 lower-case hex digits.
#[derive(Clone, PartialEq, Eq)]
pub struct Token([u8; 16]);

impl Token {
    /// A new token from the operating system's randomness.
    pub fn random() -> Result<Token, String> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|e| e.to_string())?;
        Ok(Token(bytes))
    }

    /// Reads a token as written by `Display` (32 lower-case hex digits).
    pub fn parse(text: &str) -> Option<Token> {
        if text.len() != 32 {
            return None;
        }
        let bytes = hex::decode(text)?;
        Some(Token(bytes.try_into().ok()?))
    }

    /// What the store keeps instead of the token. `blake3::Hash` compares in constant time.
    pub fn hash(&self) -> blake3::Hash {
        blake3::Hasher::new_derive_key(CONTEXT).update(&self.0).finalize()
    }
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&hex::encode(&self.0))
    }
}

/// Never printed by accident: a debug print shows no digit of the secret.
impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(..)")
    }
}

/// The actor a token stands for, as the tokens table names it (`arbiter`, `p1`, ...).
fn role(actor: Actor) -> Option<String> {
    match actor {
        Actor::Seat(_) | Actor::Arbiter => Some(actor.to_string()),
        Actor::Chance | Actor::Note => None,
    }
}

impl Store {
    /// Creates a record as [`Store::create`] does and, in the same transaction, stores the hash
    /// of each token with the actor it stands for (a seat or the arbiter, one token each).
    pub fn create_with_tokens(
        &self,
        header: Header,
        seed: Option<&[u8]>,
        time: Option<&str>,
        tokens: &[(Actor, Token)],
    ) -> Result<Created, CreateError> {
        self.create_inner(header, seed, time, &token_rows(tokens)?)
    }

    /// The actor `token` stands for in record `id`, or `None` when it is none of the record's
    /// tokens. Every stored hash of the record is compared, each in constant time.
    pub fn bearer(&self, id: &str, token: &Token) -> Result<Option<Actor>, ReadError> {
        guarded(|| {
            let presented = token.hash();
            let txn = self.db.begin_read().map_err(StoreError::from)?;
            let number = crate::read::numbered(&txn, id)?.number;
            let table = match txn.open_table(TOKENS) {
                Ok(table) => table,
                // A store made before tokens existed has no table: no record has a token.
                Err(redb::TableError::TableDoesNotExist(_)) => return Ok(None),
                Err(e) => return Err(StoreError::from(e).into()),
            };
            let mut found = None;
            for item in table
                .range((number, "")..=(number, "\u{10ffff}"))
                .map_err(StoreError::from)?
            {
                let (key, value) = item.map_err(StoreError::from)?;
                let stored: Hash = value.value();
                // blake3::Hash compares in constant time.
                if blake3::Hash::from_bytes(stored) == presented {
                    found = Actor::parse(key.value().1);
                }
            }
            Ok(found)
        })
    }
}

impl Store {
    /// A new token for `actor` (a seat of the record or the arbiter) in record `id`, replacing
    /// the one it had: the old token stops working. For records made without a service (`kifu
    /// new`, an import), which have none, and for a token that was lost or leaked.
    pub fn issue_token(&self, id: &str, actor: Actor) -> Result<Token, TokenError> {
        guarded(|| {
            let (role, token) = new_token_for(id, &self.header(id)?, actor)?;
            let txn = self.writer()?;
            let number = number_in(&txn.open_table(NUMBERS).map_err(StoreError::from)?, id)
                .map_err(StoreError::from)?
                .ok_or_else(|| ReadError::NotFound(id.to_string()))?;
            txn.open_table(TOKENS)
                .map_err(StoreError::from)?
                .insert((number, role.as_str()), *token.hash().as_bytes())
                .map_err(StoreError::from)?;
            txn.commit().map_err(StoreError::from)?;
            Ok(token)
        })
    }
}

/// What `issue_token` can meet.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("{0}")]
    Role(String),
    #[error("no randomness for a token: {0}")]
    Random(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The (role, token hash) rows of a new record's tokens: one token an actor, each a seat or the
/// arbiter. Shared by every backend.
pub(crate) fn token_rows(tokens: &[(Actor, Token)]) -> Result<Vec<(String, Hash)>, CreateError> {
    let mut rows: Vec<(String, Hash)> = Vec::with_capacity(tokens.len());
    for (actor, token) in tokens {
        let role = role(*actor).ok_or_else(|| CreateError::Token(format!("no token can stand for {actor}")))?;
        if rows.iter().any(|(r, _)| *r == role) {
            return Err(CreateError::Token(format!("two tokens for {role}")));
        }
        rows.push((role, *token.hash().as_bytes()));
    }
    Ok(rows)
}

/// A new token for `actor` in the record of `header` and the role it is stored under; refused
/// for an actor no token stands for or a seat the record lacks. Shared by every backend.
pub(crate) fn new_token_for(id: &str, header: &Header, actor: Actor) -> Result<(String, Token), TokenError> {
    let role = role(actor).ok_or_else(|| TokenError::Role(format!("no token can stand for {actor}")))?;
    if let Actor::Seat(seat) = actor {
        if seat as usize >= header.players.len() {
            return Err(TokenError::Role(format!(
                "record {id} has {} seats: there is no {actor}",
                header.players.len()
            )));
        }
    }
    Ok((role, Token::random().map_err(TokenError::Random)?))
}

/// Writes a new record's token hashes (`number` the record's).
pub(crate) fn write_tokens(
    txn: &redb::WriteTransaction,
    number: u64,
    rows: &[(String, Hash)],
) -> Result<(), StoreError> {
    if rows.is_empty() {
        return Ok(());
    }
    let mut table = txn.open_table(TOKENS)?;
    for (role, hash) in rows {
        table.insert((number, role.as_str()), *hash)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Token;

    #[test]
    fn tokens_read_back_and_refuse_other_text() {
        let token = Token::random().unwrap();
        let text = token.to_string();
        assert_eq!(text.len(), 32);
        assert_eq!(Token::parse(&text), Some(token.clone()));
        assert_eq!(Token::parse(&text.to_ascii_uppercase()), None);
        assert_eq!(Token::parse(&text[..30]), None);
        assert_eq!(Token::parse(&format!("{text}00")), None);
        assert_eq!(format!("{token:?}"), "Token(..)");
        assert_ne!(Token::random().unwrap(), token);
    }
}
