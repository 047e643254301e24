//! Writes one game as PGN text: the Seven Tag Roster in its order, the other tags sorted,
//! `SetUp`/`FEN`, then numbered movetext wrapped under 80 columns and the result. It writes moves
//! exactly as given (already formatted SAN) and never checks them against chess rules.
//!
//! A comment holding `}` cannot sit in braces (PGN has no escape there), so it is written as
//! `;` rest-of-line comments, one per output line; reading it back gives those lines as separate
//! comments whose words, joined by spaces, are the original comment's. This is the only lossless
//! way the PGN standard allows; some readers (python-chess 1.11) skip `;` comments altogether.

use std::collections::BTreeSet;

use super::lexer::is_tag_name;
use super::token::parse_move;
use super::GameResult;
use kifu_core::format::FormatError;

/// One move to write.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OutMove {
    /// The move as it is to appear (`Nf3`, `exd5`, `e8=Q+`, `O-O`).
    pub san: String,
    /// Written as `$n` after the move.
    pub nags: Vec<u16>,
    /// A comment after the move. White space inside is written as single spaces.
    pub comment: Option<String>,
    /// PGN movetext written as it is after the move and its comment: NAGs, `{comments}` and
    /// `(variations)` kept from an imported game. The caller makes sure it reads back as such.
    pub annotations: Option<String>,
}

/// A game to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutGame {
    /// Tags in any order. A `Result` tag here is ignored: the tag is written from `result`.
    /// A `FEN` tag brings `SetUp "1"` with it unless `SetUp` is given.
    pub tags: Vec<(String, String)>,
    /// The move number of the first move (1 from the standard start).
    pub fullmove: u32,
    /// Black makes the first move (written `N...`).
    pub black_first: bool,
    pub moves: Vec<OutMove>,
    pub result: GameResult,
    /// PGN movetext written as it is before the first move (a game's opening comment).
    pub preamble: Option<String>,
}

const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

/// Lines stay under this many characters unless one word alone is longer.
const WIDTH: usize = 79;

/// Writes `game` as PGN text ending with a blank line, so games can be joined as they are.
pub fn write_game(game: &OutGame) -> Result<String, FormatError> {
    check_tags(&game.tags)?;
    let value = |name: &str| game.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    let mut out = String::new();
    for (name, default) in ROSTER {
        write_tag(&mut out, name, value(name).unwrap_or(default));
    }
    write_tag(&mut out, "Result", game.result.text());
    let mut others: Vec<&(String, String)> = game
        .tags
        .iter()
        .filter(|(n, _)| !ROSTER.iter().any(|(r, _)| r == n) && !matches!(n.as_str(), "Result" | "FEN" | "SetUp"))
        .collect();
    others.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, v) in others {
        write_tag(&mut out, name, v);
    }
    match (value("SetUp"), value("FEN")) {
        (setup, Some(fen)) => {
            write_tag(&mut out, "SetUp", setup.unwrap_or("1"));
            write_tag(&mut out, "FEN", fen);
        }
        (Some(setup), None) => write_tag(&mut out, "SetUp", setup),
        (None, None) => {}
    }
    out.push('\n');
    let mut wrap = Wrap::default();
    write_moves(&mut wrap, game)?;
    wrap.push(game.result.text(), false);
    out.push_str(&wrap.out);
    out.push_str("\n\n");
    Ok(out)
}

fn check_tags(tags: &[(String, String)]) -> Result<(), FormatError> {
    let mut seen = BTreeSet::new();
    for (name, value) in tags {
        if !is_tag_name(name) {
            return Err(FormatError::new(format!(
                "tag name '{name}' must open with a letter, a digit or '_' and hold only those and + # = : -"
            )));
        }
        if !seen.insert(name.as_str()) {
            return Err(FormatError::new(format!("tag {name} is given twice")));
        }
        if value.contains(['\n', '\r']) {
            return Err(FormatError::new(format!("tag {name}'s value holds a line break")));
        }
    }
    Ok(())
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

fn write_moves(wrap: &mut Wrap, game: &OutGame) -> Result<(), FormatError> {
    let mut commented = false;
    if let Some(text) = &game.preamble {
        wrap.movetext(text);
    }
    for (i, mv) in game.moves.iter().enumerate() {
        let ply_from_white = i + usize::from(game.black_first);
        let number = u64::from(game.fullmove) + (ply_from_white / 2) as u64;
        if ply_from_white % 2 == 0 {
            wrap.push(&format!("{number}."), false);
        } else if i == 0 || commented {
            wrap.push(&format!("{number}..."), false);
        }
        let bad = |reason: String| FormatError {
            game: None,
            line: None,
            ply: Some(i + 1),
            reason: format!("'{}': {reason}", mv.san),
        };
        if mv
            .san
            .bytes()
            .any(|b| b.is_ascii_whitespace() || b"{}[];$".contains(&b))
        {
            return Err(bad("a move cannot hold spaces or PGN punctuation".to_string()));
        }
        parse_move(&mv.san).map_err(bad)?;
        wrap.push(&mv.san, false);
        for nag in &mv.nags {
            wrap.push(&format!("${nag}"), false);
        }
        commented = mv.comment.is_some() || mv.annotations.is_some();
        if let Some(comment) = &mv.comment {
            wrap.comment(comment);
        }
        if let Some(text) = &mv.annotations {
            wrap.movetext(text);
        }
    }
    Ok(())
}

/// Movetext being laid out in lines.
#[derive(Default)]
struct Wrap {
    out: String,
    /// Characters on the current line.
    width: usize,
    /// The current line is a `;` comment: a wrapped line must open with `;` again.
    semicolon: bool,
}

impl Wrap {
    /// Adds a word after a space, or on a new line when it would pass the width. A word inside
    /// a comment that would open a line with `[` or `%` is indented, so no reader takes it
    /// for a tag line or an escape line.
    fn push(&mut self, word: &str, in_comment: bool) {
        let len = word.chars().count();
        if self.width > 0 && self.width + 1 + len > WIDTH {
            self.out.push('\n');
            self.width = 0;
            if self.semicolon {
                self.out.push_str("; ");
                self.width = 2;
            } else if in_comment && word.starts_with(['[', '%']) {
                self.out.push(' ');
                self.width = 1;
            }
        } else if self.width > 0 {
            self.out.push(' ');
            self.width += 1;
        }
        self.out.push_str(word);
        self.width += len;
    }

    /// Movetext as given, word by word; a word that would open a line with `[` or `%` is
    /// indented as inside a comment.
    fn movetext(&mut self, text: &str) {
        for word in text.split_ascii_whitespace() {
            self.push(word, true);
        }
    }

    fn comment(&mut self, text: &str) {
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        if text.contains('}') {
            self.push(";", false);
            self.semicolon = true;
            for word in words {
                self.push(word, true);
            }
            self.semicolon = false;
            self.out.push('\n');
            self.width = 0;
            return;
        }
        match words.as_slice() {
            [] => self.push("{}", false),
            [only] => self.push(&format!("{{{only}}}"), true),
            [first, middle @ .., last] => {
                self.push(&format!("{{{first}"), true);
                for word in middle {
                    self.push(word, true);
                }
                self.push(&format!("{last}}}"), true);
            }
        }
    }
}
