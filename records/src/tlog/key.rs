//! The log's signing key: an Ed25519 private key in a file beside the store, `STORE.tlog-key`
//! (or at a path given), made on first use readable by its owner alone and holding the key in
//! Go's `PRIVATE+KEY+NAME+HASH+BASE64` text. Never prints, logs or overwrites the private key.

use std::io::Write;
use std::path::{Path, PathBuf};

use kifu_tlog::{Signer, Verifier};

/// The log key file of a store: its path with `.tlog-key` added.
pub fn key_path(store: &Path) -> PathBuf {
    let mut name = store.as_os_str().to_owned();
    name.push(".tlog-key");
    PathBuf::from(name)
}

/// Why the log's key could not be had.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("log key file {0}: {1}")]
    Io(String, std::io::Error),
    #[error("log key file {0} is not a kifu log key: {1}")]
    Bad(String, String),
    #[error("the log key file {0} is missing: 'kifu key' makes one")]
    Missing(String),
    #[error(
        "a store on PostgreSQL has no file beside it to keep the log's key in: give the key file's path (--key-file)"
    )]
    NotGiven,
    #[error("the operating system gave no random bytes for the log key: {0}")]
    Random(String),
}

/// The key that signs a log's checkpoints.
pub struct LogKey {
    signer: Signer,
}

impl LogKey {
    /// Reads the key file at `path`; with `make_as`, makes it first if it is missing (a new
    /// Ed25519 key named `make_as`, mode 0600, never overwriting a file that exists).
    pub fn load(path: &Path, make_as: Option<&str>) -> Result<LogKey, KeyError> {
        let shown = path.display().to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => match make_as {
                Some(name) => return make(path, name),
                None => return Err(KeyError::Missing(shown)),
            },
            Err(e) => return Err(KeyError::Io(shown, e)),
        };
        let signer = Signer::parse(text.trim_end()).map_err(|e| KeyError::Bad(shown, e.to_string()))?;
        Ok(LogKey { signer })
    }

    /// The verifier key in its text form (`NAME+HASH+BASE64`), to give to whoever checks.
    pub fn verifier(&self) -> Verifier {
        self.signer.verifier()
    }

    /// The key's name, which signature lines carry.
    pub fn name(&self) -> String {
        self.signer.verifier().name().to_string()
    }

    /// A signed note of `text`.
    pub(crate) fn sign(&self, text: &str) -> String {
        self.signer.sign(text).expect("a checkpoint's text is a note's text")
    }
}

fn make(path: &Path, name: &str) -> Result<LogKey, KeyError> {
    let shown = path.display().to_string();
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| KeyError::Random(e.to_string()))?;
    let signer = Signer::from_seed(name, &seed).map_err(|e| KeyError::Bad(shown.clone(), e.to_string()))?;
    let mut file = match crate::secrets::private_file(path) {
        Ok(file) => file,
        // Another process made it meanwhile: use that one.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return LogKey::load(path, None),
        Err(e) => return Err(KeyError::Io(shown, e)),
    };
    file.write_all(format!("{}\n", signer.to_text()).as_bytes())
        .and_then(|_| file.sync_all())
        .map_err(|e| KeyError::Io(shown, e))?;
    Ok(LogKey { signer })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_private_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = key_path(&dir.path().join("s.redb"));
        assert!(path.ends_with("s.redb.tlog-key"));
        assert!(matches!(LogKey::load(&path, None), Err(KeyError::Missing(_))));
        let made = LogKey::load(&path, Some("kifu/0011")).unwrap();
        let again = LogKey::load(&path, Some("kifu/other")).unwrap();
        assert_eq!(made.verifier(), again.verifier(), "kept, not remade");
        assert_eq!(again.name(), "kifu/0011");
        let note = made.sign("kifu/0011\n0\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n");
        assert!(again.verifier().open(&note).is_ok());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "not a key\n").unwrap();
        assert!(matches!(LogKey::load(&path, None), Err(KeyError::Bad(..))));
    }
}
