//! The `senet` notation file (seeds/senet.md): `Key: value` header lines, then the turns as
//! `THROW:MOVE` pairs, one line per player's turn, optionally labelled `p1`/`p2`. It reads
//! text into drafts and writes records back; legality is left to the rules, never judged here.

use std::collections::BTreeMap;

use kifu_core::format::{Draft, DraftMove, Format, FormatError};
use kifu_core::record::{Actor, Record};
use kifu_core::replay::{reveal_of, verify_record};
use kifu_core::rules::Turn;

/// Header keys the format reads itself; any other key is a tag.
const RESERVED: [&str; 5] = ["game", "p1", "p2", "option", "start"];

pub struct SenetFormat;

impl Format for SenetFormat {
    fn name(&self) -> &'static str {
        "senet"
    }
    fn describe(&self) -> &'static str {
        "Senet games as 'Key: value' lines and THROW:MOVE turns (seeds/senet.md)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["senet"]
    }
    fn games(&self) -> &'static [&'static str] {
        &["senet"]
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        let mut games = Vec::new();
        let mut current: Option<GameText> = None;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let number = index + 1;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let header = header_line(line);
            let starts_game = match (&current, header) {
                (None, _) => true,
                (Some(game), Some((key, _))) => {
                    game.has_moves || (key.eq_ignore_ascii_case("game") && game.seen.iter().any(|k| k == "game"))
                }
                (Some(_), None) => false,
            };
            if starts_game {
                if let Some(done) = current.take() {
                    games.push(done.finish(games.len() + 1));
                }
                current = Some(GameText::new(number));
            }
            let Some(game) = current.as_mut() else {
                continue;
            };
            if game.error.is_some() {
                continue;
            }
            let result = match header {
                Some((key, value)) => game.header(key, value),
                None => game.moves(line, number),
            };
            if let Err(reason) = result {
                game.error = Some(FormatError::at_line(number, reason));
            }
        }
        if let Some(done) = current {
            games.push(done.finish(games.len() + 1));
        }
        games
    }

    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let header = &record.header;
        if header.game != "senet" {
            return Err(FormatError::new(format!(
                "the senet format holds senet games, not {}",
                header.game
            )));
        }
        let mut out = String::from("Game: senet\n");
        for (seat, name) in header.players.iter().enumerate() {
            out.push_str(&format!("P{}: {name}\n", seat + 1));
        }
        for (key, value) in &header.options {
            out.push_str(&format!("Option: {key}={value}\n"));
        }
        for (key, value) in &header.tags {
            if RESERVED.contains(&key.to_ascii_lowercase().as_str()) {
                return Err(FormatError::new(format!(
                    "the tag '{key}' would read back as the '{key}:' field of the format"
                )));
            }
            out.push_str(&format!("{key}: {value}\n"));
        }
        if let Some(start) = &header.start {
            out.push_str(&format!("Start: {start}\n"));
        }
        out.push('\n');
        out.push_str(&turn_lines(record)?);
        if let Some(Turn::Over { outcome }) = verify_record(crate::registry(), record).turn {
            out.push_str(&format!("# {outcome}\n"));
        }
        Ok(out)
    }
}

/// The entries as lines: one per run of a player's moves, each `p1 3:9-12 1:10-11`.
fn turn_lines(record: &Record) -> Result<String, FormatError> {
    let mut lines: Vec<(Option<u8>, Vec<String>)> = Vec::new();
    let mut throw: Option<&str> = None;
    let entries = record.entries.iter().filter(|e| reveal_of(e).is_none());
    for entry in entries {
        let command = entry.command.as_str();
        if command.contains([':', ' ', '#']) {
            return Err(FormatError::new(format!(
                "entry {}: '{command}' cannot be written in the senet format",
                entry.seq
            )));
        }
        match entry.actor {
            Actor::Chance => {
                if let Some(previous) = throw.replace(command) {
                    push_token(&mut lines, None, previous.to_string());
                }
            }
            Actor::Seat(seat) => {
                let token = match throw.take() {
                    Some(t) => format!("{t}:{command}"),
                    None => command.to_string(),
                };
                push_token(&mut lines, Some(seat), token);
            }
            // The senet format holds no annotations: they are left out.
            Actor::Note => {}
            Actor::Arbiter => {
                return Err(FormatError::new(format!(
                    "entry {}: the senet format has no arbiter entries",
                    entry.seq
                )))
            }
        }
    }
    if let Some(t) = throw {
        push_token(&mut lines, None, t.to_string());
    }
    let mut out = String::new();
    for (seat, tokens) in lines {
        if let Some(seat) = seat {
            out.push_str(&format!("{} ", Actor::Seat(seat)));
        }
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    Ok(out)
}

fn push_token(lines: &mut Vec<(Option<u8>, Vec<String>)>, seat: Option<u8>, token: String) {
    match lines.last_mut() {
        Some((last, tokens)) if seat.is_some() && *last == seat => tokens.push(token),
        _ => lines.push((seat, vec![token])),
    }
}

/// `Key: value` with a key of letters, digits, `_`, `-`, `.` starting with a letter.
fn header_line(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    let key_like = key.starts_with(|c: char| c.is_ascii_alphabetic())
        && key.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
    key_like.then(|| (key, value.trim()))
}

/// One game being read.
struct GameText {
    draft: Draft,
    seen: Vec<String>,
    has_moves: bool,
    error: Option<FormatError>,
}

impl GameText {
    fn new(line: usize) -> Self {
        GameText {
            draft: Draft {
                game: "senet".into(),
                line,
                ..Draft::default()
            },
            seen: Vec::new(),
            has_moves: false,
            error: None,
        }
    }

    fn finish(mut self, number: usize) -> Result<Draft, FormatError> {
        match self.error {
            Some(mut error) => {
                error.game = Some(number);
                Err(error)
            }
            None => {
                if !self.draft.players.is_empty() {
                    self.draft.players.resize(2, "?".into());
                }
                Ok(self.draft)
            }
        }
    }

    fn header(&mut self, key: &str, value: &str) -> Result<(), String> {
        if value.is_empty() {
            return Err(format!("'{key}:' has no value"));
        }
        let lower = key.to_ascii_lowercase();
        if lower != "option" {
            if self.seen.contains(&lower) {
                return Err(format!("'{key}:' is given twice"));
            }
            self.seen.push(lower.clone());
        }
        match lower.as_str() {
            "game" if value.eq_ignore_ascii_case("senet") => {}
            "game" => return Err(format!("this is a senet file; it cannot hold the game '{value}'")),
            "p1" | "p2" => {
                let seat = if lower == "p1" { 0 } else { 1 };
                self.draft.players.resize(2, "?".into());
                if let Some(slot) = self.draft.players.get_mut(seat) {
                    *slot = value.to_string();
                }
            }
            "option" => {
                let (k, v) = value
                    .split_once('=')
                    .ok_or_else(|| format!("option '{value}' is not key=value"))?;
                insert_once(&mut self.draft.options, k.trim(), v.trim(), "option")?;
            }
            "start" => self.draft.start = Some(value.to_string()),
            _ => insert_once(&mut self.draft.tags, key, value, "tag")?,
        }
        Ok(())
    }

    fn moves(&mut self, line: &str, number: usize) -> Result<(), String> {
        self.has_moves = true;
        let mut tokens = line.split_whitespace().peekable();
        let actor = match tokens.peek().map(|t| t.to_ascii_lowercase()).as_deref() {
            Some("p1") => Some(Actor::Seat(0)),
            Some("p2") => Some(Actor::Seat(1)),
            _ => None,
        };
        if actor.is_some() {
            tokens.next();
        }
        for token in tokens {
            let (throw, mv) = match token.split_once(':') {
                Some((throw, mv)) => (Some(throw), Some(mv).filter(|m| !m.is_empty())),
                None if token.chars().all(|c| c.is_ascii_digit()) => (Some(token), None),
                None => (None, Some(token)),
            };
            if throw == Some("") {
                return Err(format!("'{token}': a throw goes before the colon, as 3:14-17"));
            }
            if let Some(throw) = throw {
                self.push(None, throw, number);
            }
            if let Some(mv) = mv {
                self.push(actor, mv, number);
            }
        }
        Ok(())
    }

    fn push(&mut self, actor: Option<Actor>, text: &str, line: usize) {
        self.draft.moves.push(DraftMove {
            actor,
            text: text.to_string(),
            line,
        });
    }
}

fn insert_once(map: &mut BTreeMap<String, String>, key: &str, value: &str, what: &str) -> Result<(), String> {
    if map.insert(key.to_string(), value.to_string()).is_some() {
        return Err(format!("{what} '{key}' is given twice"));
    }
    Ok(())
}
