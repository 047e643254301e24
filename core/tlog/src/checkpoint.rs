//! C2SP tlog checkpoints: the origin line, the tree size, the base64 root hash, then any
//! extension lines, each ended by a newline. The text a signed note carries; never signs.

use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;

use crate::merkle::Hash;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    /// The log's name, unique to it (by convention a host and path).
    pub origin: String,
    pub size: u64,
    pub root: Hash,
    /// Lines after the root, kept as they are.
    pub extensions: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("checkpoint line {line}: {reason}")]
pub struct CheckpointError {
    pub line: usize,
    pub reason: String,
}

impl Checkpoint {
    /// The checkpoint's text, ready to be signed.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n{}\n{}\n", self.origin, self.size, BASE64.encode(self.root));
        for line in &self.extensions {
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// Reads a checkpoint's text (the text of a signed note, once opened).
    pub fn parse(text: &str) -> Result<Checkpoint, CheckpointError> {
        let fail = |line: usize, reason: &str| CheckpointError {
            line,
            reason: reason.to_string(),
        };
        let body = text
            .strip_suffix('\n')
            .ok_or_else(|| fail(1, "the text does not end with a newline"))?;
        let lines: Vec<&str> = body.split('\n').collect();
        if lines.len() < 3 {
            return Err(fail(lines.len(), "a checkpoint has an origin, a size and a root hash"));
        }
        if lines[0].is_empty() {
            return Err(fail(1, "the origin is empty"));
        }
        let size_text = lines[1];
        let canonical = !size_text.is_empty() && (size_text == "0" || !size_text.starts_with('0'));
        let size = size_text
            .parse::<u64>()
            .ok()
            .filter(|_| canonical && size_text.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| fail(2, "the tree size is not a decimal number"))?;
        let root: Hash = BASE64
            .decode(lines[2])
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| fail(3, "the root hash is not 32 bytes of base64"))?;
        if BASE64.encode(root) != lines[2] {
            return Err(fail(3, "the root hash is not in canonical base64"));
        }
        if let Some(at) = lines.iter().skip(3).position(|l| l.is_empty()) {
            return Err(fail(at + 4, "an empty extension line"));
        }
        Ok(Checkpoint {
            origin: lines[0].to_string(),
            size,
            root,
            extensions: lines[3..].iter().map(|l| l.to_string()).collect(),
        })
    }
}
