//! A notation file read a piece at a time, for the formats that can be read so
//! (`Format::stream`): decoded exactly as `decode_text` decodes a whole file, never held whole.
//! It reads the file twice (once for its encoding) and never writes.

use std::collections::VecDeque;
use std::fs::File;
use std::io::Read;
use std::path::Path;

use kifu_core::format::{Draft, FormatError, GameStream};

use crate::exit::CliError;

/// The first piece read; a piece that completes no game doubles the next one, so a file
/// without places to cut is read in a few pieces rather than many. A piece's games wait as
/// drafts, several times the size of their text: 4 MiB pieces took a 10 MB import to 168 MB
/// of RSS, 256 KiB to 95 MB (docs/BENCHMARKS.md, "Import of a 50 MB PGN: memory").
const FIRST_PIECE: usize = 256 << 10;

/// The games of a file as a format's stream finds them.
pub struct PiecesRead {
    file: File,
    stream: Box<dyn GameStream>,
    latin1: bool,
    /// Bytes read after the last line end, waiting for the rest of their line.
    partial: Vec<u8>,
    /// The piece being read, kept for the next one.
    buffer: Vec<u8>,
    piece: usize,
    /// No line read yet (a byte-order mark may open the file).
    first: bool,
    ready: VecDeque<Result<Draft, FormatError>>,
    done: bool,
}

impl PiecesRead {
    /// Opens `path` for `stream`; a file that is binary (a NUL in its first 8 KiB) or cannot
    /// be read is refused here, naming `file`.
    pub fn open(path: &Path, file: &str, stream: Box<dyn GameStream>) -> Result<Self, CliError> {
        Self::open_with(path, file, stream, FIRST_PIECE)
    }

    fn open_with(path: &Path, file: &str, stream: Box<dyn GameStream>, piece: usize) -> Result<Self, CliError> {
        let failed = |e: std::io::Error| CliError::input(format!("{file}: {e}"));
        let latin1 = match is_latin1(File::open(path).map_err(failed)?) {
            Ok(latin1) => latin1,
            Err(Refusal::Io(e)) => return Err(failed(e)),
            Err(Refusal::Binary(e)) => return Err(CliError::input(format!("{file}: {e}"))),
        };
        Ok(PiecesRead {
            file: File::open(path).map_err(failed)?,
            stream,
            latin1,
            partial: Vec::new(),
            buffer: Vec::new(),
            piece,
            first: true,
            ready: VecDeque::new(),
            done: false,
        })
    }

    /// Reads the next piece into the stream; false once the file is done.
    fn read_piece(&mut self) -> Result<bool, FormatError> {
        // One buffer for every piece, rather than a new one grown for each (fresh pages the
        // kernel must zero): the bench's 3000-game import peaked 10 MB lower, at the same CPU.
        let mut bytes = std::mem::take(&mut self.buffer);
        bytes.clear();
        bytes.append(&mut self.partial);
        let before = bytes.len();
        (&mut self.file)
            .take(self.piece as u64)
            .read_to_end(&mut bytes)
            .map_err(|e| FormatError::new(format!("reading the file stopped: {e}")))?;
        let at_end = bytes.len() - before < self.piece;
        let cut = match at_end {
            true => bytes.len(),
            false => bytes.iter().rposition(|b| *b == b'\n').map_or(0, |at| at + 1),
        };
        self.partial.extend_from_slice(&bytes[cut..]);
        bytes.truncate(cut);
        let mut whole = &bytes[..];
        if self.first && !whole.is_empty() {
            self.first = false;
            whole = whole.strip_prefix(b"\xef\xbb\xbf").unwrap_or(whole);
        }
        let text: std::borrow::Cow<str> = match self.latin1 {
            true => whole.iter().map(|b| *b as char).collect::<String>().into(),
            false => std::str::from_utf8(whole)
                .map_err(|_| FormatError::new("the file changed while it was read (it is no longer UTF-8)"))?
                .into(),
        };
        if text.is_empty() && !at_end {
            // Not one whole line yet: a longer piece next time.
            self.piece = self.piece.saturating_mul(2);
            self.buffer = bytes;
            return Ok(true);
        }
        let games = match at_end {
            true => {
                let mut games = self.stream.feed(&text);
                games.extend(self.stream.finish());
                games
            }
            false => self.stream.feed(&text),
        };
        drop(text);
        self.buffer = bytes;
        if games.is_empty() {
            self.piece = self.piece.saturating_mul(2);
        }
        self.ready.extend(games);
        Ok(!at_end)
    }
}

impl Iterator for PiecesRead {
    type Item = Result<Draft, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        while self.ready.is_empty() && !self.done {
            match self.read_piece() {
                Ok(more) => self.done = !more,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        self.ready.pop_front()
    }
}

enum Refusal {
    Io(std::io::Error),
    Binary(FormatError),
}

/// Whether the file is read as ISO 8859-1 (it is not valid UTF-8), as `decode_text` decides
/// for a whole file, reading it a piece at a time.
fn is_latin1(mut file: File) -> Result<bool, Refusal> {
    let mut buffer = vec![0u8; 1 << 20];
    // Bytes of a character cut by the end of the last piece.
    let mut carried = 0;
    let mut first = true;
    loop {
        let read = file.read(&mut buffer[carried..]).map_err(Refusal::Io)?;
        if first {
            first = false;
            if buffer[..read].iter().take(8192).any(|b| *b == 0) {
                return Err(Refusal::Binary(FormatError::new(
                    "this is a binary file, not a notation text (it holds NUL bytes)",
                )));
            }
        }
        let filled = carried + read;
        if read == 0 {
            return Ok(carried > 0);
        }
        match std::str::from_utf8(&buffer[..filled]) {
            Ok(_) => carried = 0,
            Err(e) if e.error_len().is_none() => {
                let valid = e.valid_up_to();
                buffer.copy_within(valid..filled, 0);
                carried = filled - valid;
            }
            Err(_) => return Ok(true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A stream that keeps the pieces it is fed and hands out one draft a piece.
    struct Recorder(Arc<Mutex<Vec<String>>>);

    impl GameStream for Recorder {
        fn feed(&mut self, piece: &str) -> Vec<Result<Draft, FormatError>> {
            self.0.lock().unwrap().push(piece.to_string());
            vec![Ok(Draft::default())]
        }
        fn finish(&mut self) -> Vec<Result<Draft, FormatError>> {
            Vec::new()
        }
    }

    /// The pieces `bytes` is fed in, read with pieces of `piece` bytes.
    fn pieces(bytes: &[u8], piece: usize) -> Result<Vec<String>, CliError> {
        let dir = std::env::temp_dir().join(format!("kifu-pieces-{}-{piece}-{}", std::process::id(), bytes.len()));
        std::fs::write(&dir, bytes).unwrap();
        let fed = Arc::new(Mutex::new(Vec::new()));
        let read = PiecesRead::open_with(&dir, "f.pgn", Box::new(Recorder(fed.clone())), piece);
        let drafts: Vec<_> = read.map(|r| r.collect())?;
        std::fs::remove_file(&dir).unwrap();
        let fed = fed.lock().unwrap().clone();
        assert_eq!(drafts.len(), fed.len());
        Ok(fed)
    }

    #[test]
    fn pieces_are_whole_lines_decoded_as_the_whole_file_would_be() {
        let utf8 = "\u{feff}[Event \"Kö\u{2654}\"]\n\n1. e4 e5 1-0\n\n[Event \"ü\"]\n1. d4 *\n".repeat(7);
        let latin1: Vec<u8> = utf8
            .chars()
            .filter(|c| *c != '\u{feff}' && (*c as u32) < 256)
            .map(|c| c as u8)
            .collect();
        for (bytes, text) in [
            (
                utf8.as_bytes().to_vec(),
                kifu_core::format::decode_text(utf8.as_bytes()).unwrap().0,
            ),
            (latin1.clone(), kifu_core::format::decode_text(&latin1).unwrap().0),
        ] {
            for piece in [1, 5, 16, 40, 1000] {
                let fed = pieces(&bytes, piece).unwrap();
                assert_eq!(fed.concat(), text, "pieces of {piece}");
                let (last, whole) = fed.split_last().unwrap();
                assert!(whole.iter().all(|p| p.ends_with('\n')), "{fed:?}");
                assert!(last.is_empty() || last.ends_with('\n'));
            }
        }
    }

    #[test]
    fn a_piece_that_completes_no_game_doubles_the_next() {
        struct Silent(Arc<Mutex<Vec<usize>>>);
        impl GameStream for Silent {
            fn feed(&mut self, piece: &str) -> Vec<Result<Draft, FormatError>> {
                self.0.lock().unwrap().push(piece.len());
                Vec::new()
            }
            fn finish(&mut self) -> Vec<Result<Draft, FormatError>> {
                Vec::new()
            }
        }
        let path = std::env::temp_dir().join(format!("kifu-pieces-silent-{}", std::process::id()));
        std::fs::write(&path, "x\n".repeat(200)).unwrap();
        let sizes = Arc::new(Mutex::new(Vec::new()));
        let read = PiecesRead::open_with(&path, "f.pgn", Box::new(Silent(sizes.clone())), 8).unwrap();
        assert_eq!(read.count(), 0);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(*sizes.lock().unwrap(), [8, 16, 32, 64, 128, 152]);
    }

    #[test]
    fn a_binary_file_is_refused_with_its_name() {
        let path = std::env::temp_dir().join(format!("kifu-pieces-binary-{}", std::process::id()));
        std::fs::write(&path, b"[Event \"x\"]\0\n").unwrap();
        let refused = PiecesRead::open(&path, "f.pgn", Box::new(Recorder(Default::default())));
        std::fs::remove_file(&path).unwrap();
        let message = refused.err().map(|e| e.message).unwrap_or_default();
        assert!(message.contains("f.pgn") && message.contains("binary"), "{message}");
    }
}
