//! PGN for this crate's games that fit it: the seven tag roster plus a `Variant` tag, and the
//! moves numbered as the game prints them (progressive chess: one number per series, `3. Nf3
//! Bc4 d3`; dark chess: one per move pair, as chess). It reads and writes text only; the rules
//! judge the moves.

use kifu_core::format::{Draft, DraftMove, Format, FormatError};
use kifu_core::record::{Actor, Record};
use kifu_core::replay::verify_record;
use kifu_core::Turn;

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// How the movetext is numbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbering {
    /// A number each time the side changes (a series of moves).
    PerSeries,
    /// A number before each White move (and `N...` when Black moves first), as chess.
    PerMovePair,
}

/// One game's PGN dialect.
pub struct SecretPgn {
    pub name: &'static str,
    pub describe: &'static str,
    /// The game it carries (its registry name, a one-element list).
    pub games: &'static [&'static str],
    /// The `Variant` tag written.
    pub variant: &'static str,
    /// How a `Variant` tag read must begin (lower case, spaces and dashes left out).
    pub variant_reads: &'static [&'static str],
    pub numbering: Numbering,
    /// The chance entry a record read from PGN starts with, if the game wants one (dark
    /// chess's `key ?`: a file carries no key).
    pub opening_chance: Option<&'static str>,
}

impl Format for SecretPgn {
    fn name(&self) -> &'static str {
        self.name
    }
    fn describe(&self) -> &'static str {
        self.describe
    }
    fn extensions(&self) -> &'static [&'static str] {
        &[] // .pgn is chess's; name this format with --format
    }
    fn games(&self) -> &'static [&'static str] {
        self.games
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        split_games(text)
            .into_iter()
            .enumerate()
            .map(|(i, (line, lines))| {
                self.read_game(line, &lines).map_err(|mut e| {
                    e.game = Some(i + 1);
                    e
                })
            })
            .collect()
    }

    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let report = verify_record(crate::registry(), record);
        if let Some(failure) = report.failure {
            return Err(FormatError::new(format!("the record does not replay: {failure}")));
        }
        let result = result_text(report.turn);
        let mut out = tags(record, result, self.variant);
        out.push('\n');
        let mut words: Vec<String> = Vec::new();
        let (mut number, mut last) = (0u32, None);
        if self.numbering == Numbering::PerMovePair {
            // The start position's move number, less one: the first White move adds it back.
            let fields: Vec<&str> = record.header.start.as_deref().unwrap_or("").split(' ').collect();
            number = fields
                .get(5)
                .and_then(|n| n.parse().ok())
                .unwrap_or(1u32)
                .saturating_sub(1);
            if fields.get(1) == Some(&"b") {
                number += 1;
                words.push(format!("{number}..."));
                last = Some(Actor::Seat(1));
            }
        }
        for entry in &record.entries {
            if !matches!(entry.actor, Actor::Seat(_)) || entry.command == "resign" {
                continue; // notes and the arbiter's entries do not travel; a resignation is the result
            }
            let numbered = match self.numbering {
                Numbering::PerSeries => last != Some(entry.actor),
                Numbering::PerMovePair => entry.actor == Actor::Seat(0),
            };
            if numbered {
                number += 1;
                words.push(format!("{number}."));
            }
            last = Some(entry.actor);
            // A salt (`e4 salt=HEX`) stays in the record: PGN carries the move alone.
            words.push(entry.command.split(' ').next().unwrap_or_default().to_string());
        }
        words.push(result.to_string());
        wrap_words(&mut out, words);
        Ok(out)
    }
}

/// The PGN result of a game that stands at `turn` (`*` while it goes on).
pub(crate) fn result_text(turn: Option<Turn>) -> &'static str {
    match turn {
        Some(Turn::Over { outcome }) => match outcome.winners.as_slice() {
            [0] => "1-0",
            [1] => "0-1",
            _ => "1/2-1/2",
        },
        _ => "*",
    }
}

/// Writes movetext words into lines shorter than 80 characters.
pub(crate) fn wrap_words(out: &mut String, words: Vec<String>) {
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + word.len() >= 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
}

/// The tag section: the seven tag roster, `Variant`, the start position and the record's
/// other tags.
pub(crate) fn tags(record: &Record, result: &str, variant: &str) -> String {
    let mut out = String::new();
    for tag in ROSTER {
        let value = match tag {
            "White" => record.header.players.first().cloned().unwrap_or_else(|| "?".into()),
            "Black" => record.header.players.get(1).cloned().unwrap_or_else(|| "?".into()),
            "Result" => result.to_string(),
            "Date" => record
                .header
                .tags
                .get("Date")
                .cloned()
                .unwrap_or_else(|| "????.??.??".into()),
            _ => record.header.tags.get(tag).cloned().unwrap_or_else(|| "?".into()),
        };
        out.push_str(&format!("[{tag} \"{}\"]\n", escape(&value)));
    }
    out.push_str(&format!("[Variant \"{}\"]\n", variant));
    if let Some(start) = &record.header.start {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", escape(start)));
    }
    for (key, value) in &record.header.tags {
        if !ROSTER.contains(&key.as_str()) && !["Variant", "SetUp", "FEN"].contains(&key.as_str()) {
            out.push_str(&format!("[{key} \"{}\"]\n", escape(value)));
        }
    }
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The games of a file: each starts at a tag line after movetext (or at the first line).
pub(crate) fn split_games(text: &str) -> Vec<(usize, Vec<(usize, &str)>)> {
    let mut games: Vec<(usize, Vec<(usize, &str)>)> = Vec::new();
    let mut in_moves = true;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let tag = line.starts_with('[');
        if (tag && in_moves) || games.is_empty() {
            games.push((i + 1, Vec::new()));
        }
        in_moves = !tag;
        if let Some((_, lines)) = games.last_mut() {
            lines.push((i + 1, line));
        }
    }
    games
}

impl SecretPgn {
    fn read_game(&self, first: usize, lines: &[(usize, &str)]) -> Result<Draft, FormatError> {
        let mut draft = Draft {
            game: self.games[0].into(),
            line: first,
            players: vec!["?".into(), "?".into()],
            ..Draft::default()
        };
        if let Some(text) = self.opening_chance {
            draft.moves.push(DraftMove {
                actor: Some(Actor::Chance),
                text: text.into(),
                line: first,
            });
        }
        let mut result = None;
        let mut depth = 0usize;
        for &(number, line) in lines {
            if depth == 0 && line.starts_with('[') {
                let (key, value) = read_tag(line)
                    .ok_or_else(|| FormatError::at_line(number, format!("'{line}' is not a tag [Name \"value\"]")))?;
                match key {
                    "White" => draft.players[0] = value,
                    "Black" => draft.players[1] = value,
                    "FEN" => draft.start = Some(value),
                    "Variant" if !self.reads_variant(&value) => {
                        return Err(FormatError::at_line(
                            number,
                            format!("Variant \"{value}\" is not {}", self.variant),
                        ))
                    }
                    "Variant" | "SetUp" | "Result" => {}
                    _ if value != "?" && value != "????.??.??" => {
                        draft.tags.insert(key.to_string(), value);
                    }
                    _ => {}
                }
                continue;
            }
            for word in line.split_whitespace() {
                if word.starts_with('{') || depth > 0 {
                    depth += word.matches('{').count();
                    depth = depth.saturating_sub(word.matches('}').count());
                    continue;
                }
                if word.starts_with(';') {
                    break;
                }
                if ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
                    result = Some(word);
                    continue;
                }
                // A move number (`3.`, `3...`), or one glued to its move (`3.Nf3`).
                let word = match word.split_once('.') {
                    Some((n, rest))
                        if !n.is_empty()
                            && n.chars().all(|c| c.is_ascii_digit())
                            && !rest.trim_start_matches('.').is_empty() =>
                    {
                        rest.trim_start_matches('.')
                    }
                    _ => word,
                };
                let digits = word.trim_end_matches('.');
                if word.starts_with('$') || (digits != word && digits.chars().all(|c| c.is_ascii_digit())) {
                    continue;
                }
                draft.moves.push(DraftMove {
                    actor: None,
                    text: word.trim_end_matches(['!', '?']).to_string(),
                    line: number,
                });
            }
        }
        let mated = draft.moves.last().is_some_and(|m| m.text.ends_with('#'));
        let loser = match result {
            Some("1-0") => Some(1),
            Some("0-1") => Some(0),
            _ => None,
        };
        if let (Some(loser), false) = (loser, mated) {
            let line = lines.last().map_or(first, |(n, _)| *n);
            draft.moves.push(DraftMove {
                actor: Some(Actor::Seat(loser)),
                text: "resign".into(),
                line,
            });
        }
        Ok(draft)
    }

    /// Whether a `Variant` tag names this dialect's game.
    fn reads_variant(&self, value: &str) -> bool {
        let plain: String = value
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .collect();
        self.variant_reads.iter().any(|prefix| plain.starts_with(prefix))
    }
}

pub(crate) fn read_tag(line: &str) -> Option<(&str, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key, value.replace("\\\"", "\"").replace("\\\\", "\\")))
}
