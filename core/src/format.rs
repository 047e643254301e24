//! Notation formats other than kifu's own: each reads a file into drafts (a header's fields
//! and the moves as typed) and writes a record back. The kernel turns a draft into a record
//! by playing its moves through the rules, so a format never decides legality itself.

use std::collections::BTreeMap;

use crate::record::{chain_step, content_id_of, header_hash, Actor, ChanceMode, Header, Record};
use crate::registry::Registry;
use crate::replay::{Checked, Failure, Replay};

/// A game as a notation file gives it, before the rules have seen it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Draft {
    pub game: String,
    pub options: BTreeMap<String, String>,
    pub players: Vec<String>,
    pub tags: BTreeMap<String, String>,
    pub start: Option<String>,
    pub moves: Vec<DraftMove>,
    /// The 1-based line of the file where this game begins.
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftMove {
    /// Who made it; `None` for whoever is to act.
    pub actor: Option<Actor>,
    pub text: String,
    /// The 1-based line of the file it was read from.
    pub line: usize,
}

/// A problem in a notation file: which game of the file, which line, why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct FormatError {
    /// 1-based game number within the file.
    pub game: Option<usize>,
    pub line: Option<usize>,
    /// 1-based ply (entry) number within the game.
    pub ply: Option<usize>,
    pub reason: String,
}

impl FormatError {
    pub fn new(reason: impl Into<String>) -> Self {
        FormatError {
            game: None,
            line: None,
            ply: None,
            reason: reason.into(),
        }
    }
    pub fn at_line(line: usize, reason: impl Into<String>) -> Self {
        FormatError {
            game: None,
            line: Some(line),
            ply: None,
            reason: reason.into(),
        }
    }
    fn describe(&self) -> String {
        let mut place = Vec::new();
        if let Some(g) = self.game {
            place.push(format!("game {g}"));
        }
        if let Some(l) = self.line {
            place.push(format!("line {l}"));
        }
        if let Some(p) = self.ply {
            place.push(format!("ply {p}"));
        }
        if place.is_empty() {
            self.reason.clone()
        } else {
            format!("{}: {}", place.join(", "), self.reason)
        }
    }
}

/// The games of a file, read one at a time.
pub type Drafts<'a> = Box<dyn Iterator<Item = Result<Draft, FormatError>> + 'a>;

/// A notation format.
pub trait Format: Sync {
    /// The name for `--format` ("senet", "pgn").
    fn name(&self) -> &'static str;
    fn describe(&self) -> &'static str;
    /// File endings it is guessed from, without the dot.
    fn extensions(&self) -> &'static [&'static str];
    /// The games it can carry.
    fn games(&self) -> &'static [&'static str];
    /// Reads every game in a file; one bad game does not stop the others.
    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>>;
    /// As `read`, one game at a time, for files too long to hold as drafts all at once (a
    /// format whose files are long reads lazily here; the others hand out what `read` made).
    fn read_each<'a>(&self, text: &'a str) -> Drafts<'a> {
        Box::new(self.read(text).into_iter())
    }
    fn write(&self, record: &Record) -> Result<String, FormatError>;
    /// A reader fed a long file a piece at a time, for formats whose files can be long (a
    /// PGN database): the file is then never held whole. `None` for a format read whole.
    fn stream(&self) -> Option<Box<dyn GameStream>> {
        None
    }
    /// Reads a binary file (Renlib); `None` for a text format, whose bytes are decoded and
    /// given to `read`.
    fn read_bytes(&self, bytes: &[u8]) -> Option<Drafts<'static>> {
        let _ = bytes;
        None
    }
    /// Writes a binary file; `None` for a text format, written by `write`.
    fn write_bytes(&self, record: &Record) -> Option<Result<Vec<u8>, FormatError>> {
        let _ = record;
        None
    }
}

/// A long file read a piece at a time (see [`Format::stream`]). The games it hands out over
/// all `feed`s and the `finish` are exactly those `read_each` finds in the whole text, with
/// the same lines and game numbers, however the text is cut into pieces of whole lines.
pub trait GameStream: Send {
    /// Takes the next piece of the decoded text (whole lines, a byte-order mark already
    /// dropped) and hands out the games it completed.
    fn feed(&mut self, piece: &str) -> Vec<Result<Draft, FormatError>>;
    /// The file is done: the games still held.
    fn finish(&mut self) -> Vec<Result<Draft, FormatError>>;
}

/// Plays a draft's moves through the rules into an observed record. Its id is derived from
/// its content (`Record::content_id`), so importing the same game twice names the same record.
/// `created` is the creation time to put in the header, if any.
pub fn build(games: &Registry, draft: &Draft, created: Option<&str>) -> Result<Record, FormatError> {
    build_checked(games, draft, created).map(Checked::into_record)
}

/// As `build`, keeping what the replay ended on, so a store need not replay it again. The
/// moves' canonical lines are written once, by the replay, and chained once the id they give
/// is in the header.
pub fn build_checked(games: &Registry, draft: &Draft, created: Option<&str>) -> Result<Checked, FormatError> {
    let game = games
        .find(&draft.game)
        .ok_or_else(|| FormatError::at_line(draft.line, format!("unknown game '{}'", draft.game)))?;
    let mut header = Header::for_game(game, draft.players.clone(), None);
    header.created = created.map(str::to_string);
    header.options = draft.options.clone();
    header.tags = draft.tags.clone();
    header.start = draft.start.clone();
    header
        .validate()
        .map_err(|e| FormatError::at_line(draft.line, e.reason))?;
    let mut replay = Replay::start_unchained(games, header, draft.moves.len())
        .map_err(|f| FormatError::at_line(draft.line, f.reason))?;
    let mut entries = Vec::with_capacity(draft.moves.len());
    // Plies count the moves of the game; notes between them are not plies.
    let mut ply = 0;
    for mv in &draft.moves {
        if mv.actor != Some(Actor::Note) {
            ply += 1;
        }
        if mv.actor == Some(Actor::Arbiter) {
            // It may be a correction, which rebuilds the game from the entries in force.
            replay.keep_in_force(&entries);
        }
        let entry = replay
            .play(mv.actor, &mv.text, None)
            .map_err(|f: Failure| FormatError {
                game: None,
                line: Some(mv.line),
                ply: Some(ply),
                reason: format!("'{}': {}", mv.text, f.reason),
            })?;
        entries.push(entry);
    }
    let lines = replay.take_kept().lines;
    // The replay is done with its header: the record takes it.
    let mut header = std::mem::replace(&mut replay.header, Header::new("", 0, Vec::new(), ChanceMode::Observed));
    header.id = Some(content_id_of(&header.canonical_text(), &lines));
    let text = header.canonical_text();
    let mut chain = Vec::with_capacity(lines.len() + 1);
    chain.push(header_hash(&text));
    for line in lines.iter() {
        chain.push(chain_step(&chain[chain.len() - 1], line));
    }
    let record = Record { header, entries };
    Ok(Checked::from_replay(record, &replay, text, lines, chain))
}

/// How the bytes of a file were read as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// Not valid UTF-8: read byte for byte as ISO 8859-1, as old PGN files are.
    Latin1,
}

/// Reads a file's bytes as text: a UTF-8 byte-order mark is dropped, invalid UTF-8 is read
/// as Latin-1, and a file with a NUL byte in its first 8 KiB is refused as binary.
pub fn decode_text(bytes: &[u8]) -> Result<(String, Encoding), FormatError> {
    if bytes.iter().take(8192).any(|b| *b == 0) {
        return Err(FormatError::new(
            "this is a binary file, not a notation text (it holds NUL bytes)",
        ));
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok((text.to_string(), Encoding::Utf8)),
        Err(_) => Ok((bytes.iter().map(|b| *b as char).collect(), Encoding::Latin1)),
    }
}

/// As `decode_text`, taking the bytes: UTF-8 text is kept as it is, without a second copy.
pub fn decode_text_owned(bytes: Vec<u8>) -> Result<String, FormatError> {
    if bytes.iter().take(8192).any(|b| *b == 0) {
        return decode_text(&bytes).map(|(text, _)| text);
    }
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            if text.starts_with('\u{feff}') {
                text.drain(..'\u{feff}'.len_utf8());
            }
            Ok(text)
        }
        Err(e) => decode_text(e.as_bytes()).map(|(text, _)| text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_handles_bom_latin1_and_binary() {
        assert_eq!(
            decode_text(b"\xef\xbb\xbfabc").unwrap(),
            ("abc".to_string(), Encoding::Utf8)
        );
        assert_eq!(decode_text(b"Ren\xe9").unwrap(), ("René".to_string(), Encoding::Latin1));
        assert!(decode_text(b"PK\x03\x04\x00\x00")
            .unwrap_err()
            .reason
            .contains("binary"));
        for bytes in [&b"\xef\xbb\xbfabc"[..], b"Ren\xe9", b"PK\x03\x04\x00\x00"] {
            assert_eq!(
                decode_text_owned(bytes.to_vec()),
                decode_text(bytes).map(|(text, _)| text)
            );
        }
    }
}
