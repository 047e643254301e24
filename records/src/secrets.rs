//! The seeds of seeded records, kept apart from the log: encrypted in the store
//! (XChaCha20-Poly1305, the record id as associated data) under a key in a file beside it,
//! `STORE.key`, created readable by its owner alone. Never writes a seed in the clear.

use std::io::Write;
use std::path::{Path, PathBuf};

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};

const NONCE: usize = 24;

/// The key file of a store: its path with `.key` added.
pub fn key_path(store: &Path) -> PathBuf {
    let mut name = store.as_os_str().to_owned();
    name.push(".key");
    PathBuf::from(name)
}

/// Why a seed could not be sealed or opened.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error(
        "the key file {0} that unlocks this store's seeds is missing: seeded records cannot draw chance without it"
    )]
    MissingKey(String),
    #[error("key file {0}: {1}")]
    Io(String, std::io::Error),
    #[error("a store on PostgreSQL keeps seeds sealed under a key file outside the database: give its path (--seed-key or KIFU_SEED_KEY), the same file to every server")]
    NotGiven,
    #[error("the key file {0} is not the one this store's seeds are sealed under: every server of one store must use the same key file")]
    OtherKey(String),
    #[error("key file {0} is not a kifu key (it must hold 32 bytes)")]
    BadKey(String),
    #[error("the operating system gave no random bytes: {0}")]
    Random(String),
    #[error("the stored seed of record {0} does not open with this key: the key file or the store was changed")]
    Sealed(String),
}

/// The key that seals a store's seeds.
pub struct SeedKey {
    cipher: XChaCha20Poly1305,
}

impl SeedKey {
    /// Reads the store's key file; with `create`, makes it first if it is missing (32 random
    /// bytes, mode 0600, never overwriting a file that exists).
    pub fn load(store: &Path, create: bool) -> Result<SeedKey, SecretError> {
        SeedKey::load_file(&key_path(store), create)
    }

    /// Reads the key file at `path` (a PostgreSQL store's, given); with `create`, as `load`.
    pub fn load_file(path: &Path, create: bool) -> Result<SeedKey, SecretError> {
        let shown = path.display().to_string();
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && create => make_key(path)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(SecretError::MissingKey(shown)),
            Err(e) => return Err(SecretError::Io(shown, e)),
        };
        let cipher = XChaCha20Poly1305::new_from_slice(&bytes).map_err(|_| SecretError::BadKey(shown))?;
        Ok(SeedKey { cipher })
    }

    /// The sealed form of `seed` for record `id`: a fresh random nonce, then the ciphertext.
    pub fn seal(&self, id: &str, seed: &[u8]) -> Result<Vec<u8>, SecretError> {
        let mut nonce = [0u8; NONCE];
        getrandom::fill(&mut nonce).map_err(|e| SecretError::Random(e.to_string()))?;
        let sealed = self
            .cipher
            .encrypt(
                &XNonce::from(nonce),
                Payload {
                    msg: seed,
                    aad: id.as_bytes(),
                },
            )
            .map_err(|_| SecretError::Sealed(id.to_string()))?;
        let mut out = nonce.to_vec();
        out.extend(sealed);
        Ok(out)
    }

    /// The seed sealed for record `id`.
    pub fn open(&self, id: &str, sealed: &[u8]) -> Result<Vec<u8>, SecretError> {
        if sealed.len() < NONCE {
            return Err(SecretError::Sealed(id.to_string()));
        }
        let (nonce, body) = sealed.split_at(NONCE);
        let nonce = XNonce::try_from(nonce).map_err(|_| SecretError::Sealed(id.to_string()))?;
        self.cipher
            .decrypt(
                &nonce,
                Payload {
                    msg: body,
                    aad: id.as_bytes(),
                },
            )
            .map_err(|_| SecretError::Sealed(id.to_string()))
    }
}

fn make_key(path: &Path) -> Result<Vec<u8>, SecretError> {
    let shown = path.display().to_string();
    let mut key = vec![0u8; 32];
    getrandom::fill(&mut key).map_err(|e| SecretError::Random(e.to_string()))?;
    let mut file = private_file(path).map_err(|e| SecretError::Io(shown.clone(), e))?;
    file.write_all(&key)
        .and_then(|_| file.sync_all())
        .map_err(|e| SecretError::Io(shown, e))?;
    Ok(key)
}

/// Creates a new file readable and writable by its owner alone, open for both; fails if it
/// exists.
pub fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_seed_opens_only_with_its_key_and_its_id() {
        let dir = tempfile::tempdir().unwrap();
        let store = dir.path().join("s.redb");
        assert!(matches!(SeedKey::load(&store, false), Err(SecretError::MissingKey(_))));
        let key = SeedKey::load(&store, true).unwrap();
        let seed = [0x5e; 32];
        let sealed = key.seal("abcd", &seed).unwrap();
        assert!(!sealed.windows(32).any(|w| w == seed), "no seed in the clear");
        assert_eq!(key.open("abcd", &sealed).unwrap(), seed);
        assert!(key.open("abce", &sealed).is_err(), "bound to its record");
        let again = SeedKey::load(&store, true).unwrap();
        assert_eq!(
            again.open("abcd", &sealed).unwrap(),
            seed,
            "the key file is kept, not remade"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(key_path(&store)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(key_path(&store), [1u8; 32]).unwrap();
        let other = SeedKey::load(&store, false).unwrap();
        assert!(matches!(other.open("abcd", &sealed), Err(SecretError::Sealed(_))));
    }
}
