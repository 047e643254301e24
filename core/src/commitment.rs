//! Commitments to a hidden choice (a Beirut bomb, a secret move): `commit HASH` binds a seat to
//! a choice it keeps secret, `open SALT CHOICE` later shows it. Games hold only the commitment
//! until the opening, so no state hash (`s=`) can be tested against guesses. Never random here:
//! the salt is drawn by the recording side (the CLI, a client), never by the kernel.

use serde::{Deserialize, Serialize};

use crate::record::hex;
use crate::rules::RuleError;

/// The bytes of salt every opening carries: enough that a choice from a small set (a piece, a
/// move) cannot be found by hashing every candidate.
pub const SALT_BYTES: usize = 16;

/// The blake3 derive-key context of a commitment.
const CONTEXT: &str = "kifu 1 commitment";

/// `blake3` (derive-key mode, context `kifu 1 commitment`) of the salt's 16 bytes followed by
/// the choice's UTF-8 text: what a `commit` entry states and the state keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment(pub [u8; 32]);

/// What an `open` entry shows: the salt and the choice, as the choice's canonical text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    pub salt: [u8; SALT_BYTES],
    pub choice: String,
}

impl Commitment {
    /// The commitment to `choice` under `salt`.
    pub fn seal(choice: &str, salt: &[u8; SALT_BYTES]) -> Commitment {
        let mut hasher = blake3::Hasher::new_derive_key(CONTEXT);
        hasher.update(salt);
        hasher.update(choice.as_bytes());
        Commitment(*hasher.finalize().as_bytes())
    }

    /// The canonical command that states it: `commit HEX` (64 lower-case hex digits).
    pub fn command(&self) -> String {
        format!("commit {}", hex::encode(&self.0))
    }

    /// The first 8 hex digits, to name a commitment in words.
    pub fn short(&self) -> String {
        hex::encode(&self.0[..4])
    }

    /// Whether `opening` opens this commitment; the refusal names the commitment.
    pub fn check(&self, opening: &Opening) -> Result<(), RuleError> {
        if Commitment::seal(&opening.choice, &opening.salt) == *self {
            Ok(())
        } else {
            Err(RuleError::new(format!(
                "the opening '{}' does not match the commitment {}…: the choice or the salt differs from what was committed",
                opening.choice,
                self.short()
            )))
        }
    }
}

impl Opening {
    /// The canonical command: `open SALT CHOICE` (the salt as 32 lower-case hex digits).
    pub fn command(&self) -> String {
        format!("open {} {}", hex::encode(&self.salt), self.choice)
    }
}

/// Reads a `commit HEX` command; `None` when the text is not one (another command of the game).
pub fn parse_commit(text: &str) -> Option<Result<Commitment, RuleError>> {
    let rest = text.trim().strip_prefix("commit")?;
    if !rest.is_empty() && !rest.starts_with(' ') {
        return None;
    }
    let digits = rest.trim().to_ascii_lowercase();
    Some(
        hex::decode32(&digits)
            .map(Commitment)
            .ok_or_else(|| RuleError::new(format!("'commit {digits}': a commitment is 64 hex digits"))),
    )
}

/// Reads an `open SALT CHOICE` command; `None` when the text is not one. The choice is kept
/// exactly as written after the salt (its text is what was hashed), trimmed of outer spaces.
pub fn parse_open(text: &str) -> Option<Result<Opening, RuleError>> {
    let rest = text.trim().strip_prefix("open")?;
    if !rest.is_empty() && !rest.starts_with(' ') {
        return None;
    }
    let rest = rest.trim_start();
    let (salt, choice) = rest.split_once(' ').unwrap_or((rest, ""));
    let choice = choice.trim();
    let salt = hex::decode(&salt.to_ascii_lowercase()).and_then(|bytes| <[u8; SALT_BYTES]>::try_from(bytes).ok());
    Some(match (salt, choice.is_empty()) {
        (None, _) => Err(RuleError::new(format!(
            "'open {rest}': the salt is {} hex digits, then the choice",
            SALT_BYTES * 2
        ))),
        (Some(_), true) => Err(RuleError::new("an opening names the choice after its salt")),
        (Some(salt), false) => Ok(Opening {
            salt,
            choice: choice.to_string(),
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SALT: [u8; SALT_BYTES] = [7; SALT_BYTES];

    #[test]
    fn matches_python_blake3() {
        // blake3 1.0.11 (PyPI): blake3(bytes([7]*16) + b"Ng1", derive_key_context="kifu 1 commitment")
        assert_eq!(
            hex::encode(&Commitment::seal("Ng1", &SALT).0),
            "1e405244ee044991849da49247c662a6bf762922521c20cd068367fb64b165b8"
        );
    }

    #[test]
    fn opens_only_with_the_same_choice_and_salt() {
        let commitment = Commitment::seal("Ng1", &SALT);
        let good = Opening {
            salt: SALT,
            choice: "Ng1".into(),
        };
        assert!(commitment.check(&good).is_ok());
        let other_choice = Opening {
            choice: "Nb1".into(),
            ..good.clone()
        };
        let refusal = commitment.check(&other_choice).unwrap_err().reason;
        assert!(refusal.contains("does not match the commitment"), "{refusal}");
        assert!(refusal.contains(&commitment.short()), "{refusal}");
        let mut other_salt = good.clone();
        other_salt.salt[0] = 8;
        assert!(commitment.check(&other_salt).is_err());
    }

    #[test]
    fn commands_read_back() {
        let commitment = Commitment::seal("e2e4", &SALT);
        let text = commitment.command();
        assert_eq!(parse_commit(&text).unwrap().unwrap(), commitment);
        assert_eq!(
            parse_commit(&text.to_uppercase().replacen("COMMIT", "commit", 1))
                .unwrap()
                .unwrap(),
            commitment
        );
        let opening = Opening {
            salt: SALT,
            choice: "e2e4 Qh5".into(),
        };
        assert_eq!(opening.command(), format!("open {} e2e4 Qh5", "07".repeat(16)));
        assert_eq!(parse_open(&opening.command()).unwrap().unwrap(), opening);
    }

    #[test]
    fn other_commands_are_not_commitments() {
        assert!(parse_commit("e2e4").is_none());
        assert!(parse_commit("commitments").is_none());
        assert!(parse_open("opening").is_none());
        assert!(parse_open("Nf3").is_none());
    }

    #[test]
    fn malformed_ones_are_refused_with_the_reason() {
        assert!(parse_commit("commit 12ab").unwrap().is_err());
        assert!(parse_commit("commit").unwrap().is_err());
        assert!(parse_open("open 0707 Ng1")
            .unwrap()
            .unwrap_err()
            .reason
            .contains("32 hex digits"));
        let no_choice = format!("open {}", "07".repeat(16));
        assert!(parse_open(&no_choice)
            .unwrap()
            .unwrap_err()
            .reason
            .contains("names the choice"));
    }
}
