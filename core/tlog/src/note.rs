//! C2SP signed notes with Ed25519 keys: a text, a blank line, then one line per signature
//! `— NAME BASE64(KEYHASH || SIGNATURE)`. Keys are written as the Go `sumdb/note` encodings
//! (`NAME+HEXHASH+BASE64(0x01 || KEY)`, the signer's with `PRIVATE+KEY+` before it).
//! Pure: the caller brings the keys; nothing here reads files or makes randomness.

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use ed25519_dalek::{Signature, Signer as _, SigningKey, Verifier as _, VerifyingKey};
use sha2::{Digest, Sha256};

const ALG_ED25519: u8 = 0x01;
const DASH: &str = "\u{2014} ";

/// Why a key or a note was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoteError {
    #[error("malformed key: {0}")]
    Key(String),
    #[error("malformed note: {0}")]
    Malformed(String),
    #[error("no signature by {0} on the note")]
    Unsigned(String),
    #[error("the signature by {0} does not verify: the note was altered or signed by another key")]
    BadSignature(String),
}

/// The 4-byte key hash: the first bytes of SHA-256 of `NAME \n 0x01 KEY`.
fn key_hash(name: &str, public: &[u8; 32]) -> [u8; 4] {
    let mut h = Sha256::new();
    h.update(name.as_bytes());
    h.update(b"\n");
    h.update([ALG_ED25519]);
    h.update(public);
    let digest = h.finalize();
    [digest[0], digest[1], digest[2], digest[3]]
}

fn check_name(name: &str) -> Result<(), NoteError> {
    if name.is_empty() || name.contains('+') || name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(NoteError::Key(format!(
            "'{name}' is not a key name (no spaces, no '+')"
        )));
    }
    Ok(())
}

/// A signer: a name and an Ed25519 private key.
pub struct Signer {
    name: String,
    key: SigningKey,
}

/// A verifier: a name, its key hash and an Ed25519 public key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verifier {
    name: String,
    hash: [u8; 4],
    key: VerifyingKey,
}

impl Signer {
    /// A signer named `name` from a 32-byte Ed25519 seed.
    pub fn from_seed(name: &str, seed: &[u8; 32]) -> Result<Signer, NoteError> {
        check_name(name)?;
        Ok(Signer {
            name: name.to_string(),
            key: SigningKey::from_bytes(seed),
        })
    }

    /// Reads `PRIVATE+KEY+NAME+HASH+BASE64(0x01 || SEED)`.
    pub fn parse(text: &str) -> Result<Signer, NoteError> {
        let rest = text
            .strip_prefix("PRIVATE+KEY+")
            .ok_or_else(|| NoteError::Key("a signer key starts with PRIVATE+KEY+".into()))?;
        let (name, hash, bytes) = split_key(rest)?;
        let seed: [u8; 32] = bytes
            .try_into()
            .map_err(|_| NoteError::Key("the private key is not 32 bytes".into()))?;
        let signer = Signer::from_seed(name, &seed)?;
        if signer.verifier().hash != hash {
            return Err(NoteError::Key("the key hash does not match the key".into()));
        }
        Ok(signer)
    }

    /// The signer's key in the `PRIVATE+KEY+...` text form.
    pub fn to_text(&self) -> String {
        let mut bytes = vec![ALG_ED25519];
        bytes.extend_from_slice(self.key.as_bytes());
        let hash = self.verifier().hash;
        format!("PRIVATE+KEY+{}+{}+{}", self.name, hex(&hash), BASE64.encode(bytes))
    }

    pub fn verifier(&self) -> Verifier {
        let key = self.key.verifying_key();
        Verifier {
            name: self.name.clone(),
            hash: key_hash(&self.name, key.as_bytes()),
            key,
        }
    }

    /// The signed note: `text` (which must end with a newline), a blank line, the signature.
    pub fn sign(&self, text: &str) -> Result<String, NoteError> {
        check_text(text)?;
        let signature = self.key.sign(text.as_bytes());
        let mut blob = self.verifier().hash.to_vec();
        blob.extend_from_slice(&signature.to_bytes());
        Ok(format!("{text}\n{DASH}{} {}\n", self.name, BASE64.encode(blob)))
    }
}

impl Verifier {
    /// Reads `NAME+HASH+BASE64(0x01 || KEY)`.
    pub fn parse(text: &str) -> Result<Verifier, NoteError> {
        let (name, hash, bytes) = split_key(text)?;
        check_name(name)?;
        let public: [u8; 32] = bytes
            .try_into()
            .map_err(|_| NoteError::Key("the public key is not 32 bytes".into()))?;
        let key = VerifyingKey::from_bytes(&public).map_err(|_| NoteError::Key("not an Ed25519 public key".into()))?;
        if key_hash(name, &public) != hash {
            return Err(NoteError::Key("the key hash does not match the key".into()));
        }
        Ok(Verifier {
            name: name.to_string(),
            hash,
            key,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The verifier key in its text form.
    pub fn to_text(&self) -> String {
        let mut bytes = vec![ALG_ED25519];
        bytes.extend_from_slice(self.key.as_bytes());
        format!("{}+{}+{}", self.name, hex(&self.hash), BASE64.encode(bytes))
    }

    /// The text of a signed note once this verifier's signature on it checks out.
    pub fn open<'a>(&self, note: &'a str) -> Result<&'a str, NoteError> {
        let split = note
            .rfind("\n\n")
            .ok_or_else(|| NoteError::Malformed("no blank line before the signatures".into()))?;
        let (text, signatures) = (&note[..split + 1], &note[split + 2..]);
        check_text(text)?;
        if !signatures.ends_with('\n') {
            return Err(NoteError::Malformed("the signatures do not end with a newline".into()));
        }
        for line in signatures.lines() {
            let rest = line
                .strip_prefix(DASH)
                .ok_or_else(|| NoteError::Malformed(format!("'{line}' is not a signature line")))?;
            let (name, blob) = rest
                .split_once(' ')
                .ok_or_else(|| NoteError::Malformed(format!("'{line}' is not '— NAME SIGNATURE'")))?;
            let blob = BASE64
                .decode(blob)
                .map_err(|_| NoteError::Malformed(format!("the signature of {name} is not base64")))?;
            if name != self.name || blob.len() < 4 || blob[..4] != self.hash {
                continue;
            }
            let signature = Signature::from_slice(&blob[4..]).map_err(|_| NoteError::BadSignature(name.to_string()))?;
            return self
                .key
                .verify(text.as_bytes(), &signature)
                .map(|_| text)
                .map_err(|_| NoteError::BadSignature(name.to_string()));
        }
        Err(NoteError::Unsigned(self.name.clone()))
    }
}

/// A note's text: UTF-8 without control characters but newlines, ending with a newline.
fn check_text(text: &str) -> Result<(), NoteError> {
    if !text.ends_with('\n') {
        return Err(NoteError::Malformed("the text does not end with a newline".into()));
    }
    if text.chars().any(|c| c.is_control() && c != '\n') {
        return Err(NoteError::Malformed("the text holds a control character".into()));
    }
    Ok(())
}

/// `NAME+HEXHASH+BASE64` into its parts; the base64 must decode to 0x01 and a key.
fn split_key(text: &str) -> Result<(&str, [u8; 4], Vec<u8>), NoteError> {
    let mut parts = text.splitn(3, '+');
    let (Some(name), Some(hash), Some(key)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(NoteError::Key("a key is NAME+HASH+KEY".into()));
    };
    let hash_bytes = unhex(hash).ok_or_else(|| NoteError::Key(format!("'{hash}' is not 8 hex digits")))?;
    let bytes = BASE64
        .decode(key)
        .map_err(|_| NoteError::Key("the key is not base64".into()))?;
    match bytes.split_first() {
        Some((&ALG_ED25519, key)) => Ok((name, hash_bytes, key.to_vec())),
        _ => Err(NoteError::Key("not an Ed25519 key (algorithm byte 0x01)".into())),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<[u8; 4]> {
    if text.len() != 8 || !text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return None;
    }
    let mut out = [0u8; 4];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}
