//! The `redblackwar` notation file (seeds/redblackwar.md): `Key: value` header lines, a blank
//! line, then chance's `open ...` and `situation ...` lines and the kingdoms' entries as
//! `pN TOKEN` pairs. It reads text into drafts and writes records back; legality is the rules'.

use kifu_core::format::{Draft, DraftMove, Format, FormatError};
use kifu_core::record::{Actor, Record};
use kifu_core::replay::{reveal_of, verify_record};
use kifu_core::rules::Turn;

pub struct WarFormat;

pub static FORMAT: WarFormat = WarFormat;

const GAMES: [&str; 1] = ["redblackwar"];

impl Format for WarFormat {
    fn name(&self) -> &'static str {
        "redblackwar"
    }
    fn describe(&self) -> &'static str {
        "Red-Black War as 'Key: value' lines, 'open'/'situation' lines and 'pN TOKEN' entries (seeds/redblackwar.md)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["rbw"]
    }
    fn games(&self) -> &'static [&'static str] {
        &GAMES
    }
    /// One war per file: a second `Game:` line after moves starts another.
    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        let mut games = Vec::new();
        let mut draft: Option<Draft> = None;
        let mut failed = false;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let number = index + 1;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let header = header_line(line);
            let starts = match (&draft, header) {
                (None, _) => true,
                (Some(d), Some((key, _))) => !d.moves.is_empty() || key.eq_ignore_ascii_case("game"),
                _ => false,
            };
            if starts {
                if let Some(done) = draft.take() {
                    if !failed {
                        games.push(finish(done, games.len() + 1));
                    }
                }
                failed = false;
                draft = Some(Draft {
                    line: number,
                    ..Draft::default()
                });
            }
            let Some(current) = draft.as_mut() else { continue };
            if failed {
                continue;
            }
            let result = match header {
                Some((key, value)) if current.moves.is_empty() => header_field(current, key, value),
                _ => moves(current, line, number),
            };
            if let Err(reason) = result {
                let mut error = FormatError::at_line(number, reason);
                error.game = Some(games.len() + 1);
                games.push(Err(error));
                failed = true;
            }
        }
        if let Some(done) = draft {
            if !failed {
                games.push(finish(done, games.len() + 1));
            }
        }
        games
    }
    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let header = &record.header;
        if header.game != "redblackwar" {
            return Err(FormatError::new(format!(
                "the redblackwar format holds Red-Black War, not {}",
                header.game
            )));
        }
        let mut out = "Game: redblackwar\n".to_string();
        for (seat, name) in header.players.iter().enumerate() {
            out.push_str(&format!("P{}: {name}\n", seat + 1));
        }
        for (key, value) in &header.options {
            out.push_str(&format!("Option: {key}={value}\n"));
        }
        for (key, value) in &header.tags {
            if is_reserved(key) {
                return Err(FormatError::new(format!(
                    "the tag '{key}' would read back as the '{key}:' field of the format"
                )));
            }
            out.push_str(&format!("{key}: {value}\n"));
        }
        out.push('\n');
        let mut line: Vec<String> = Vec::new();
        for entry in record.entries.iter().filter(|e| reveal_of(e).is_none()) {
            match entry.actor {
                Actor::Chance => {
                    if !line.is_empty() {
                        out.push_str(&format!("{}\n", line.join(" ")));
                        line.clear();
                    }
                    out.push_str(&format!("{}\n", entry.command));
                }
                Actor::Seat(seat) => line.push(format!("p{} {}", seat + 1, entry.command)),
                Actor::Note => {}
                Actor::Arbiter => {
                    return Err(FormatError::new(format!(
                        "entry {}: the redblackwar format has no arbiter entries",
                        entry.seq
                    )))
                }
            }
        }
        if !line.is_empty() {
            out.push_str(&format!("{}\n", line.join(" ")));
        }
        if let Some(Turn::Over { outcome }) = verify_record(crate::registry(), record).turn {
            out.push_str(&format!("# {outcome}\n"));
        }
        Ok(out)
    }
}

fn finish(draft: Draft, number: usize) -> Result<Draft, FormatError> {
    if draft.game.is_empty() {
        return Err(FormatError {
            game: Some(number),
            line: Some(draft.line),
            ply: None,
            reason: "no 'Game: redblackwar' line".into(),
        });
    }
    Ok(draft)
}

fn is_reserved(key: &str) -> bool {
    let lower = key.to_ascii_lowercase();
    lower == "game" || lower == "option" || player_field(&lower).is_some()
}

fn player_field(lower: &str) -> Option<usize> {
    lower
        .strip_prefix('p')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=4).contains(n))
}

/// `Key: value` with a key of letters, digits, `_`, `-`, `.` starting with a letter, and a
/// space after the colon (so `ally:p3` is not a header).
fn header_line(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(": ")?;
    let key_like = key.starts_with(|c: char| c.is_ascii_alphabetic())
        && key.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
    key_like.then(|| (key, value.trim()))
}

fn header_field(draft: &mut Draft, key: &str, value: &str) -> Result<(), String> {
    let lower = key.to_ascii_lowercase();
    if lower == "game" {
        if value != "redblackwar" {
            return Err(format!("this is a redblackwar file; it cannot hold the game '{value}'"));
        }
        draft.game = value.to_string();
    } else if let Some(n) = player_field(&lower) {
        if draft.players.len() < n {
            draft.players.resize(n, "?".into());
        }
        draft.players[n - 1] = value.to_string();
    } else if lower == "option" {
        let (k, v) = value
            .split_once('=')
            .ok_or_else(|| format!("option '{value}' is not key=value"))?;
        if draft.options.insert(k.trim().into(), v.trim().into()).is_some() {
            return Err(format!("option '{}' is given twice", k.trim()));
        }
    } else if draft.tags.insert(key.into(), value.into()).is_some() {
        return Err(format!("tag '{key}' is given twice"));
    }
    Ok(())
}

/// A moves line: chance's `open ...` or `situation ...`, or `pN TOKEN` pairs.
fn moves(draft: &mut Draft, line: &str, number: usize) -> Result<(), String> {
    if line.starts_with("open") || line.starts_with("situation ") || line.starts_with("key ") {
        draft.moves.push(DraftMove {
            actor: Some(Actor::Chance),
            text: line.to_string(),
            line: number,
        });
        return Ok(());
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    for pair in words.chunks(2) {
        let [who, token] = pair else {
            return Err(format!(
                "'{}' has no entry after it: write pairs as p1 11 p2 K",
                pair[0]
            ));
        };
        let seat = player_field(&who.to_ascii_lowercase())
            .ok_or_else(|| format!("'{who}' is not a kingdom (p1 to p4), 'open' or 'situation'"))?;
        draft.moves.push(DraftMove {
            actor: Some(Actor::Seat(seat as u8 - 1)),
            text: token.to_string(),
            line: number,
        });
    }
    Ok(())
}
