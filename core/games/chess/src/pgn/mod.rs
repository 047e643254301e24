//! PGN as text: reading what real PGN files hold into tags and structured move tokens (or
//! straight into the kernel's drafts), and writing games back. It holds no chess rules: which
//! move a token means, and whether it is legal, is the engine's to decide. It never guesses
//! silently: what it cannot read is an error naming the game, line, ply and token; lenient
//! readings it makes are listed as notes.

mod draft;
mod lexer;
mod reader;
mod stream;
mod token;
mod variant;
mod writer;

#[cfg(test)]
mod tests_draft;
#[cfg(test)]
mod tests_fixture;
#[cfg(test)]
mod tests_oracle;
#[cfg(test)]
mod tests_reader;
#[cfg(test)]
mod tests_speed;
#[cfg(test)]
mod tests_stream;
#[cfg(test)]
mod tests_token;
#[cfg(test)]
mod tests_writer;

pub(crate) use draft::push_notes;
pub use reader::{drafts, games, read_games, Cut, Drafts, Games, ReadAs, Reader};
pub use stream::Pieces;
pub use token::{parse_move, MoveToken, NormalMove, ParsedMove, PieceHint, Square};
pub use variant::{lichess_variant_name, variant_game, variant_tag};
pub use writer::{write_game, OutGame, OutMove};

use kifu_core::format::FormatError;

/// A game's result token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2` (read also as `½-½`)
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// The result as PGN writes it.
    pub fn text(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

/// A move number as written before a move: `12.` (white) or `12...` / `12. ...` (black).
/// Recorded as written and never checked against the ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub black: bool,
}

/// A line of play: the main line of a game, or a variation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Line {
    pub moves: Vec<PgnMove>,
    /// Comments of a line that has no move to hang them on (`( {only words} )`); when the
    /// line has moves, every comment belongs to one of them and this is empty.
    pub comments: Vec<String>,
}

/// One move of a line, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The word as written, suffix included (`Nxe5+!?`).
    pub raw: String,
    pub token: MoveToken,
    /// What followed the move in its word: check marks (not trusted), glyphs, `e.p.`.
    /// An `e.p.` written as a word of its own is added here after a space.
    pub suffix: String,
    /// NAGs in the order written: glyphs of the suffix, `$n`, and glyphs standing alone.
    pub nags: Vec<u16>,
    /// The 1-based line of the file.
    pub line: usize,
    /// The 1-based ply within the game: the first move of the text is ply 1, and a variation's
    /// first move has the ply of the move it replaces.
    pub ply: usize,
    /// The move number written before it, if any.
    pub number: Option<MoveNumber>,
    /// Comments before the move that follow no move of the same line (the opening comment of a
    /// line, or one after a variation).
    pub comments_before: Vec<String>,
    /// Comments right after the move (and its NAGs).
    pub comments_after: Vec<String>,
    /// Variations replacing this move, in order.
    pub variations: Vec<Line>,
}

/// A lenient reading the reader made, so none of them is silent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnNote {
    pub line: usize,
    pub text: String,
}

/// One game read from a PGN text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// 1-based number of the game within the file.
    pub number: usize,
    /// The 1-based line of its first tag or move.
    pub line: usize,
    /// Tag pairs in file order, escapes (`\"`, `\\`) undone.
    pub tags: Vec<(String, String)>,
    pub main: Line,
    /// The result token at the end of the movetext; `None` when the text stops without one.
    pub result: Option<GameResult>,
    pub notes: Vec<PgnNote>,
}

impl PgnGame {
    /// The value of the first tag named exactly `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Why a game could not be read. The other games of the file are read all the same.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct PgnError {
    /// 1-based game number within the file.
    pub game: usize,
    pub line: usize,
    /// The ply the bad token stands at, when it stands among moves.
    pub ply: Option<usize>,
    /// The offending text as written.
    pub token: Option<String>,
    pub reason: String,
}

impl PgnError {
    fn describe(&self) -> String {
        let ply = self.ply.map(|p| format!(", ply {p}")).unwrap_or_default();
        let token = self.token.as_ref().map(|t| format!("'{t}': ")).unwrap_or_default();
        format!("game {}, line {}{ply}: {token}{}", self.game, self.line, self.reason)
    }
}

impl From<PgnError> for FormatError {
    fn from(e: PgnError) -> Self {
        let token = e.token.map(|t| format!("'{t}': ")).unwrap_or_default();
        FormatError {
            game: Some(e.game),
            line: Some(e.line),
            ply: e.ply,
            reason: format!("{token}{}", e.reason),
        }
    }
}
