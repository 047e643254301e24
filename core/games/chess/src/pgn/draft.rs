//! A PGN game as the kernel's draft: its moves as the engine reads them, its comments, NAGs and
//! variations as note entries after the move they follow. It writes each draft string once,
//! with no scratch strings between; it knows no chess rule (legality is the kernel's to judge).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use kifu_core::format::{Draft, DraftMove, FormatError};
use kifu_core::record::{note, Actor};

use super::{variant_game, GameResult, Line, MoveToken, NormalMove, PgnGame, PgnMove, PieceHint, Square};

/// Tags the header carries in fields of its own (players, start), or that stand for nothing.
const TAGS_IN_FIELDS: &[&str] = &["White", "Black", "Variant", "FEN", "SetUp"];

/// A draft's moves, taken a main-line move at a time.
#[derive(Debug)]
pub struct Drafting {
    moves: Vec<DraftMove>,
    /// The first move that cannot be a draft move.
    error: Option<FormatError>,
}

impl Default for Drafting {
    fn default() -> Self {
        Drafting {
            // Room for a typical game's moves and notes, so the list is seldom copied to grow.
            moves: Vec::with_capacity(128),
            error: None,
        }
    }
}

impl Drafting {
    /// Adds a main-line move, with the notes before and after it, and empties its comments and
    /// variations (keeping their buffers for the next move).
    pub fn take_move(&mut self, m: &mut PgnMove) {
        push_notes(&mut self.moves, &m.comments_before, &[], &[], m.line);
        m.comments_before.clear();
        match move_text(&m.token) {
            Ok(text) => self.moves.push(DraftMove {
                actor: None,
                text,
                line: m.line,
            }),
            Err(why) => {
                self.error.get_or_insert_with(|| FormatError {
                    game: None,
                    line: Some(m.line),
                    ply: Some(m.ply),
                    reason: format!("'{}': {why}", m.raw),
                });
            }
        }
        match m.comments_after.as_mut_slice() {
            // One comment alone (a clock, most often): its note is written over its own text.
            [comment] if m.nags.is_empty() && m.variations.is_empty() => {
                let mut text = std::mem::take(comment);
                text.insert(0, '{');
                text.push('}');
                push_note(&mut self.moves, text, m.line);
            }
            _ => push_notes(&mut self.moves, &m.comments_after, &m.nags, &m.variations, m.line),
        }
        m.comments_after.clear();
        m.variations.clear();
    }

    /// The draft of `game`, whose main line holds the moves not yet taken.
    pub fn finish(mut self, game: PgnGame) -> Result<Draft, FormatError> {
        let place = |line: usize, reason: String| FormatError {
            game: None,
            line: Some(line),
            ply: None,
            reason,
        };
        let variant = match game.tag("Variant") {
            None => "chess",
            Some(name) => variant_game(name).ok_or_else(|| place(game.line, format!("unknown Variant '{name}'")))?,
        };
        let (variant, options) = crate::fairy::horizontal_cylinder::game_of(variant);
        push_notes(&mut self.moves, &game.main.comments, &[], &[], game.line);
        let player = |tag: &str| {
            game.tag(tag)
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .unwrap_or("?")
                .to_string()
        };
        let players = vec![player("White"), player("Black")];
        let start = game.tag("FEN").map(|f| f.trim().to_string()).filter(|f| !f.is_empty());
        let tags = draft_tags(game.tags, game.result);
        for mut m in game.main.moves {
            self.take_move(&mut m);
        }
        if let Some(error) = self.error {
            return Err(error);
        }
        Ok(Draft {
            game: variant.to_string(),
            options,
            players,
            tags,
            start,
            moves: self.moves,
            line: game.line,
        })
    }
}

/// The tags a draft's header keeps: names made of `[A-Za-z0-9_.-]`, values trimmed with control
/// characters as spaces, empty and unknown (`?`, `????.??.??`) values left out.
fn draft_tags(pairs: Vec<(String, String)>, result: Option<GameResult>) -> BTreeMap<String, String> {
    let mut tags = BTreeMap::new();
    for (mut name, value) in pairs {
        let trimmed = value.trim();
        if TAGS_IN_FIELDS.contains(&name.as_str()) || trimmed.is_empty() || trimmed == "?" || trimmed == "????.??.??" {
            continue;
        }
        if trimmed == "*" && name == "Result" {
            continue;
        }
        if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b"_-.".contains(&b)) {
            name = name
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || "_-.".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
        }
        let value = if trimmed.chars().any(char::is_control) {
            trimmed.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
        } else if trimmed.len() == value.len() {
            value
        } else {
            trimmed.to_string()
        };
        tags.insert(name, value);
    }
    // The result token ending the movetext is the game's result; a Result tag that says
    // otherwise is kept under ResultTag rather than dropped.
    if let Some(token) = result.filter(|r| *r != GameResult::Unknown) {
        if let Some(tag) = tags.insert("Result".to_string(), token.text().to_string()) {
            if tag != token.text() {
                tags.insert("ResultTag".to_string(), tag);
            }
        }
    }
    tags
}

/// One note entry for what is written around a move, if anything is: its NAGs (`$n`), its
/// comments (`{...}`) and its variations (`(...)`), one space between each.
pub(crate) fn push_notes(
    moves: &mut Vec<DraftMove>,
    comments: &[String],
    nags: &[u16],
    variations: &[Line],
    line: usize,
) {
    if comments.is_empty() && nags.is_empty() && variations.is_empty() {
        return;
    }
    let mut text = String::new();
    for nag in nags {
        space(&mut text, 0);
        text.push('$');
        push_number(&mut text, u32::from(*nag));
    }
    for comment in comments {
        space(&mut text, 0);
        push_comment(&mut text, comment);
    }
    for variation in variations {
        space(&mut text, 0);
        push_variation(&mut text, variation);
    }
    push_note(moves, text, line);
}

/// A note entry of `text` (see [`note_text`]), if anything is left of it.
fn push_note(moves: &mut Vec<DraftMove>, text: String, line: usize) {
    if let Some(text) = note_text(text) {
        moves.push(DraftMove {
            actor: Some(Actor::Note),
            text,
            line,
        });
    }
}

/// What a note entry keeps of `text`: `note::unescape` of its `note::escape` (control
/// characters other than line breaks and tabs as spaces, trimmed; `None` when nothing is
/// left), which is `text` itself when it holds no control character and no surrounding space.
fn note_text(text: String) -> Option<String> {
    // Control characters are bytes below 0x20, 0x7f, and 0xc2 0x80 to 0xc2 0x9f.
    let maybe_control = text.bytes().any(|b| b < 0x20 || b == 0x7f || b == 0xc2);
    if !maybe_control && !text.is_empty() && text.trim().len() == text.len() {
        return Some(text);
    }
    note::escape(&text).map(|escaped| note::unescape(&escaped))
}

/// A space before the next word, unless it is the first after `start`.
fn space(out: &mut String, start: usize) {
    if out.len() > start {
        out.push(' ');
    }
}

fn push_comment(out: &mut String, comment: &str) {
    out.push('{');
    out.push_str(comment);
    out.push('}');
}

fn push_number(out: &mut String, n: u32) {
    // Writing to a `String` cannot fail.
    let _ = write!(out, "{n}");
}

/// A variation in parentheses as PGN movetext, nested variations and comments included.
fn push_variation(out: &mut String, line: &Line) {
    out.push('(');
    let start = out.len();
    for comment in &line.comments {
        space(out, start);
        push_comment(out, comment);
    }
    for m in &line.moves {
        for comment in &m.comments_before {
            space(out, start);
            push_comment(out, comment);
        }
        if let Some(n) = m.number {
            space(out, start);
            push_number(out, n.number);
            out.push_str(if n.black { "..." } else { "." });
        }
        space(out, start);
        out.push_str(&m.raw);
        if m.suffix.is_empty() {
            for nag in &m.nags {
                space(out, start);
                out.push('$');
                push_number(out, u32::from(*nag));
            }
        }
        for comment in &m.comments_after {
            space(out, start);
            push_comment(out, comment);
        }
        for variation in &m.variations {
            space(out, start);
            push_variation(out, variation);
        }
    }
    out.push(')');
}

fn push_square(out: &mut String, sq: Square) {
    out.push((b'a' + sq.file) as char);
    match sq.rank {
        0..=8 => out.push((b'1' + sq.rank) as char),
        _ => push_number(out, u32::from(sq.rank) + 1),
    }
}

/// The text the engine's move reader takes for a PGN token: SAN-like for pieces and pawns, the
/// squares for a from-to move; for a lower-case `b` both readings stay open for the engine.
fn move_text(token: &MoveToken) -> Result<String, &'static str> {
    let mut out = String::with_capacity(8);
    match token {
        MoveToken::Castle { long: false } => out.push_str("O-O"),
        MoveToken::Castle { long: true } => out.push_str("O-O-O"),
        MoveToken::Null => return Err("a null move cannot be recorded: it is not a move of the game"),
        MoveToken::Drop { piece, to } => {
            out.push(*piece);
            out.push('@');
            push_square(&mut out, *to);
        }
        MoveToken::Exchange { given, piece, to } => {
            out.push(*given);
            out.push('-');
            out.push(*piece);
            out.push('@');
            push_square(&mut out, *to);
        }
        MoveToken::Launch { piece, from, to } => {
            out.push(*piece);
            push_square(&mut out, *from);
            out.push('@');
            push_square(&mut out, *to);
        }
        MoveToken::Normal(m) => push_normal(&mut out, m),
        // A lower-case `b`, `k` or `n`: written lower case, the engine decides by legality.
        MoveToken::Either { piece, .. } => {
            push_normal(&mut out, piece);
            out.make_ascii_lowercase();
        }
        MoveToken::Portal { entry, exit } => {
            push_normal(&mut out, entry);
            out.push('>');
            push_square(&mut out, *exit);
        }
        MoveToken::Jumps { piece, squares, len } => {
            out.push(*piece);
            for (i, &sq) in squares[..usize::from(*len)].iter().enumerate() {
                if i > 0 {
                    out.push('x');
                }
                push_square(&mut out, sq);
            }
        }
        MoveToken::Dynamo { text, len } => out.extend(text[..usize::from(*len)].iter().map(|&b| b as char)),
    }
    Ok(out)
}

fn push_normal(out: &mut String, m: &NormalMove) {
    if let PieceHint::Piece(c) = m.piece {
        out.push(c);
    }
    if let Some(file) = m.from_file {
        out.push((b'a' + file) as char);
    }
    if let Some(rank) = m.from_rank {
        push_number(out, u32::from(rank) + 1);
    }
    if m.piece == PieceHint::Any {
        push_square(out, m.to);
        if let Some(p) = m.promotion {
            out.push(p.to_ascii_lowercase());
        }
        return;
    }
    if m.capture {
        out.push('x');
    }
    push_square(out, m.to);
    if let Some(p) = m.promotion {
        out.push('=');
        out.push(p.to_ascii_uppercase());
    }
}
