//! Cuts PGN text into tokens (tag pairs, comments, move numbers, words, NAGs, parentheses,
//! results), each with its line. One pass over the bytes, never backwards more than a line:
//! reading stays linear however long a comment or a line is. It never decides what a word means.

use std::borrow::Cow;

use super::token::standalone_glyph_nag;
use super::GameResult;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok<'a> {
    Tag {
        name: &'a str,
        /// Escapes undone; borrowed from the text when it holds none.
        value: Cow<'a, str>,
        /// A `"` inside the value was not escaped and was read as part of the value.
        loose_quote: bool,
    },
    /// A `[` that does not make a tag pair on its line.
    BadTag {
        token: String,
        reason: String,
    },
    /// A comment's text as written, between its braces or after its `;` (see [`squeeze`]).
    Comment(&'a str),
    Open,
    Close,
    Nag(u16),
    /// A move number; `black` when it ends with two or more dots (`5...`).
    Number {
        number: u32,
        black: bool,
    },
    /// `...` standing alone (`5. ... Nf6`).
    Dots,
    Result(GameResult),
    /// `e.p.` or `ep` written as a word of its own after a move.
    EnPassant(&'a str),
    /// Anything else: a move for the move reader to judge.
    Word(&'a str),
    /// Text that can be nothing in PGN (a lone `}` or `]`, a comment never closed).
    Garbage {
        token: String,
        reason: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Spanned<'a> {
    pub tok: Tok<'a>,
    pub line: usize,
}

pub(super) struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    /// The second token of a word like `12.Nf3`.
    pending: Option<Spanned<'a>>,
    /// Where the token last handed out begins, if it is the first thing on its line.
    opening: Option<usize>,
}

const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

const fn is_delimiter(b: u8) -> bool {
    is_space(b) || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$')
}

/// How a byte bears on the end of a word: it goes on (`WORD_GOES_ON`), it ends it (a delimiter),
/// or it needs a look at what follows (`(` of a glued promotion, the 0xc2 of a no-break space).
const WORD_GOES_ON: u8 = 0;
const WORD_ENDS: u8 = 1;
const WORD_LOOK: u8 = 2;
const WORD_BYTES: [u8; 256] = {
    let mut table = [WORD_GOES_ON; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = if byte == b'(' || byte == 0xc2 {
            WORD_LOOK
        } else if is_delimiter(byte) {
            WORD_ENDS
        } else {
            WORD_GOES_ON
        };
        b += 1;
    }
    table
};

/// A byte that may open a tag name (a PGN symbol): a letter, a digit or `_`.
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A byte that may continue a tag name: the PGN standard adds `+ # = : -`.
fn is_name_continue(b: u8) -> bool {
    is_name_byte(b) || matches!(b, b'+' | b'#' | b'=' | b':' | b'-')
}

/// Whether `name` can be written as a tag name.
pub(super) fn is_tag_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.first().is_some_and(|b| is_name_byte(*b)) && bytes.iter().all(|b| is_name_continue(*b))
}

/// A comment's text with every run of white space made one space, trimmed.
pub(super) fn squeeze(text: &str) -> String {
    // Room for the braces a draft's note puts around it.
    let mut out = String::with_capacity(text.len() + 2);
    let bytes = text.as_bytes();
    let single_spaced = bytes.iter().enumerate().all(|(i, &b)| match b {
        b' ' => i > 0 && bytes.get(i + 1).is_some_and(|next| !next.is_ascii_whitespace()),
        _ => !b.is_ascii_whitespace(),
    });
    if single_spaced {
        out.push_str(text);
        return out;
    }
    for word in text.split_ascii_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A result word (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`).
fn result_of(word: &str) -> Option<GameResult> {
    match word {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" | "\u{bd}-\u{bd}" => Some(GameResult::Draw),
        "*" => Some(GameResult::Unknown),
        _ => None,
    }
}

/// Reads a word that does not open with a move number.
fn plain(word: &str) -> Tok<'_> {
    // No result, glyph or en-passant mark opens with a letter other than `e`.
    if word
        .as_bytes()
        .first()
        .is_some_and(|b| b.is_ascii_alphabetic() && *b != b'e')
    {
        return Tok::Word(word);
    }
    if let Some(result) = result_of(word) {
        Tok::Result(result)
    } else if let Some(nag) = standalone_glyph_nag(word) {
        Tok::Nag(nag)
    } else if word == "e.p." || word == "ep" {
        Tok::EnPassant(word)
    } else {
        Tok::Word(word)
    }
}

/// How many bytes of dots (`.` or `…`) open `text`, and how many dots that is.
fn dots(text: &str) -> (usize, usize) {
    let mut len = 0;
    let mut count = 0;
    for c in text.chars() {
        match c {
            '.' => count += 1,
            '\u{2026}' => count += 3,
            _ => break,
        }
        len += c.len_utf8();
    }
    (len, count)
}

impl<'a> Lexer<'a> {
    /// A lexer for a text whose first line is line `line` of its file (a piece of a long file).
    pub fn starting_at(text: &'a str, line: usize) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            line,
            pending: None,
            opening: None,
        }
    }

    /// The byte where the token last handed out begins, when it is the first thing on its
    /// line: a lexer started there is in the state this one was in before that token.
    pub fn line_opened_at(&self) -> Option<usize> {
        self.opening
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    /// Whether a line break ends at `at` (`\n`, or a `\r` not followed by `\n`).
    fn breaks_at(&self, at: usize) -> bool {
        match self.byte(at) {
            Some(b'\n') => true,
            Some(b'\r') => self.byte(at + 1) != Some(b'\n'),
            _ => false,
        }
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || matches!(self.byte(self.pos - 1), Some(b'\n' | b'\r'))
    }

    /// The position of the end of the line holding `from` (its `\r` or `\n`, or the text's end).
    fn line_end(&self, from: usize) -> usize {
        self.bytes
            .get(from..)
            .and_then(|rest| rest.iter().position(|b| matches!(b, b'\n' | b'\r')))
            .map_or(self.bytes.len(), |n| from + n)
    }

    fn skip_space(&mut self) {
        while let Some(b) = self.byte(self.pos) {
            if is_space(b) {
                if self.breaks_at(self.pos) {
                    self.line += 1;
                }
                self.pos += 1;
            } else if b == 0xc2 && self.byte(self.pos + 1) == Some(0xa0) {
                self.pos += 2;
            } else {
                break;
            }
        }
    }

    fn token(&self, tok: Tok<'a>, line: usize) -> Option<Spanned<'a>> {
        Some(Spanned { tok, line })
    }

    /// Whether the line starting at `at` is a whole tag pair line (`[Name "value"]`).
    fn tag_line_at(&self, at: usize) -> bool {
        if self.byte(at) != Some(b'[') {
            return false;
        }
        if !self.byte(at + 1).is_some_and(is_name_byte) {
            return false;
        }
        let mut i = at + 1;
        while self.byte(i).is_some_and(is_name_continue) {
            i += 1;
        }
        while matches!(self.byte(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        if self.byte(i) != Some(b'"') {
            return false;
        }
        let end = self.line_end(i);
        self.text
            .get(i + 1..end)
            .is_some_and(|rest| rest.trim_end().ends_with("\"]"))
    }

    fn brace_comment(&mut self) -> Option<Spanned<'a>> {
        let open_line = self.line;
        let start = self.pos + 1;
        let mut i = start;
        while let Some(b) = self.byte(i) {
            match b {
                b'}' => {
                    self.pos = i + 1;
                    return self.token(Tok::Comment(self.text.get(start..i).unwrap_or_default()), open_line);
                }
                b'\n' | b'\r' if self.breaks_at(i) => {
                    self.line += 1;
                    if self.tag_line_at(i + 1) {
                        self.pos = i + 1;
                        let reason = format!(
                            "the comment opened at line {open_line} is not closed before the tag line at line {}",
                            self.line
                        );
                        return self.garbage("{", reason, open_line);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        self.pos = self.bytes.len();
        self.garbage(
            "{",
            format!("the comment opened at line {open_line} is never closed"),
            open_line,
        )
    }

    fn garbage(&self, token: &str, reason: String, line: usize) -> Option<Spanned<'a>> {
        self.token(
            Tok::Garbage {
                token: token.to_string(),
                reason,
            },
            line,
        )
    }

    fn rest_of_line_comment(&mut self) -> Option<Spanned<'a>> {
        let end = self.line_end(self.pos);
        let text = self.text.get(self.pos + 1..end).unwrap_or_default();
        self.pos = end;
        self.token(Tok::Comment(text), self.line)
    }

    fn tag(&mut self) -> Option<Spanned<'a>> {
        let line = self.line;
        let start = self.pos;
        let mut name_at = start + 1;
        while matches!(self.byte(name_at), Some(b' ' | b'\t')) {
            name_at += 1;
        }
        if !self.byte(name_at).is_some_and(is_name_byte) {
            let mut end = start + 1;
            while let Some(b) = self.byte(end).filter(|b| !is_space(*b)) {
                end += 1;
                if b == b']' {
                    break;
                }
            }
            self.pos = end;
            let token = self.text.get(start..end).unwrap_or("[");
            let reason = "a '[' that opens no tag (a tag needs a name of letters, digits or '_')".to_string();
            return self.garbage(token, reason, line);
        }
        match self.tag_pair() {
            Ok(tok) => self.token(tok, line),
            Err(reason) => {
                let end = self.line_end(start);
                self.pos = end;
                let token = self.text.get(start..end).unwrap_or_default().trim_end().to_string();
                self.token(Tok::BadTag { token, reason }, line)
            }
        }
    }

    /// Reads `[Name "value"]` from `self.pos`; it must close on its line.
    fn tag_pair(&mut self) -> Result<Tok<'a>, String> {
        let skip_blank = |mut i: usize| {
            while matches!(self.byte(i), Some(b' ' | b'\t')) {
                i += 1;
            }
            i
        };
        let name_start = skip_blank(self.pos + 1);
        let mut i = name_start;
        while self.byte(i).is_some_and(is_name_continue) {
            i += 1;
        }
        let name = self.text.get(name_start..i).unwrap_or_default();
        i = skip_blank(i);
        if self.byte(i) != Some(b'"') {
            return Err(format!("tag {name} needs its value in double quotes"));
        }
        let mut value = Cow::Borrowed("");
        let mut loose_quote = false;
        let mut seg = i + 1;
        i += 1;
        while let Some(b) = self.byte(i).filter(|b| !matches!(b, b'\n' | b'\r')) {
            match b {
                b'\\' if matches!(self.byte(i + 1), Some(b'"' | b'\\')) => {
                    value.to_mut().push_str(self.text.get(seg..i).unwrap_or_default());
                    seg = i + 1;
                    i += 2;
                }
                b'"' => {
                    let after = skip_blank(i + 1);
                    if self.byte(after) == Some(b']') {
                        let rest = self.text.get(seg..i).unwrap_or_default();
                        match &mut value {
                            Cow::Borrowed(_) => value = Cow::Borrowed(rest),
                            Cow::Owned(held) => held.push_str(rest),
                        }
                        self.pos = after + 1;
                        return Ok(Tok::Tag {
                            name,
                            value,
                            loose_quote,
                        });
                    }
                    loose_quote = true;
                    i += 1;
                }
                _ => i += 1,
            }
        }
        Err(format!("tag {name} is not closed with '\"]' on its line"))
    }

    fn nag(&mut self) -> Option<Spanned<'a>> {
        let start = self.pos;
        let mut end = start + 1;
        while self.byte(end).is_some_and(|b| !is_delimiter(b)) {
            end += 1;
        }
        self.pos = end;
        let word = self.text.get(start..end).unwrap_or_default();
        let digits = word.strip_prefix('$').unwrap_or_default();
        match digits.parse::<u16>() {
            Ok(n) if digits.bytes().all(|b| b.is_ascii_digit()) => self.token(Tok::Nag(n), self.line),
            _ => self.garbage(word, "a NAG is '$' and a number (like $1)".to_string(), self.line),
        }
    }

    /// The length of a glued promotion `(Q)` at `at`, if there is one.
    fn glued_promotion(&self, at: usize) -> Option<usize> {
        let inner = self.text.get(at + 1..)?.chars().next()?;
        let close = at + 1 + inner.len_utf8();
        let fits = inner.is_ascii_alphabetic() || ('\u{2654}'..='\u{265f}').contains(&inner);
        (fits && self.byte(close) == Some(b')')).then_some(close + 1 - at)
    }

    fn word(&mut self) -> Option<Spanned<'a>> {
        let start = self.pos;
        let mut end = start;
        while let Some(&b) = self.bytes.get(end) {
            match WORD_BYTES[usize::from(b)] {
                WORD_GOES_ON => end += 1,
                WORD_ENDS => break,
                _ if b == b'(' && end > start => match self.glued_promotion(end) {
                    Some(len) => end += len,
                    None => break,
                },
                _ if is_delimiter(b) || (b == 0xc2 && self.byte(end + 1) == Some(0xa0)) => break,
                _ => end += 1,
            }
        }
        self.pos = end;
        let word = self.text.get(start..end).unwrap_or_default();
        let line = self.line;
        let (first, second) = self.split_word(word);
        if let Some(tok) = second {
            self.pending = Some(Spanned { tok, line });
        }
        self.token(first, line)
    }

    /// A word is a move number, dots and a move glued together (`12.Nf3`, `3...e5`), or one token.
    fn split_word(&self, word: &'a str) -> (Tok<'a>, Option<Tok<'a>>) {
        if word.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
            return (plain(word), None);
        }
        if result_of(word).is_some() || word == "0000" {
            return (plain(word), None);
        }
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let rest = &word[digits..];
        let (dot_len, dot_count) = dots(rest);
        let after = &rest[dot_len..];
        let second = (!after.is_empty()).then(|| plain(after));
        if digits == 0 && dot_len > 0 {
            return (Tok::Dots, second);
        }
        if digits == 0 || (dot_len == 0 && !rest.is_empty()) {
            return (plain(word), None);
        }
        match word[..digits].parse::<u32>() {
            Ok(number) => (
                Tok::Number {
                    number,
                    black: dot_count >= 2,
                },
                second,
            ),
            Err(_) => (
                Tok::Garbage {
                    token: word.to_string(),
                    reason: "the move number is too large".to_string(),
                },
                None,
            ),
        }
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Spanned<'a>;

    fn next(&mut self) -> Option<Spanned<'a>> {
        if let Some(tok) = self.pending.take() {
            self.opening = None;
            return Some(tok);
        }
        loop {
            self.skip_space();
            let b = self.byte(self.pos)?;
            let line = self.line;
            self.opening = self.at_line_start().then_some(self.pos);
            return match b {
                b'%' if self.at_line_start() => {
                    self.pos = self.line_end(self.pos);
                    continue;
                }
                b';' => self.rest_of_line_comment(),
                b'{' => self.brace_comment(),
                b'[' => self.tag(),
                b'(' => {
                    self.pos += 1;
                    self.token(Tok::Open, line)
                }
                b')' => {
                    self.pos += 1;
                    self.token(Tok::Close, line)
                }
                b'}' | b']' => {
                    self.pos += 1;
                    let token = (b as char).to_string();
                    let reason = format!("'{token}' closes nothing");
                    self.garbage(&token, reason, line)
                }
                b'$' => self.nag(),
                _ => self.word(),
            };
        }
    }
}
