//! The `briscola` notation file (seeds/briscola.md): `Key: value` header lines, then chance
//! lines (`chance deal ...`, `chance draw ...`) and the players' moves as `pN TOKEN` pairs,
//! a trick to a line. It reads text into drafts and writes records back; legality is the rules'.

use std::collections::BTreeMap;

use kifu_core::format::{Draft, DraftMove, Format, FormatError};
use kifu_core::record::{Actor, Record};
use kifu_core::replay::{reveal_of, verify_record};
use kifu_core::rules::Turn;

pub struct BriscolaFormat;

pub static FORMAT: BriscolaFormat = BriscolaFormat;

const GAMES: [&str; 2] = ["briscola", "briscola-chiamata"];

impl Format for BriscolaFormat {
    fn name(&self) -> &'static str {
        "briscola"
    }
    fn describe(&self) -> &'static str {
        "Briscola and Briscola Chiamata as 'Key: value' lines, chance lines and 'pN CARD' moves (seeds/briscola.md)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["briscola"]
    }
    fn games(&self) -> &'static [&'static str] {
        &GAMES
    }
    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        let mut games: Vec<Result<Draft, FormatError>> = Vec::new();
        let mut current: Option<(Draft, bool)> = None;
        let mut failed = false;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let number = index + 1;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let header = header_line(line);
            let new_game = match (&current, header) {
                (None, _) => true,
                (Some((_, has_moves)), Some((key, _))) => *has_moves || key.eq_ignore_ascii_case("game"),
                _ => false,
            };
            if new_game {
                if let Some((draft, _)) = current.take() {
                    if !failed {
                        games.push(Ok(draft));
                    }
                }
                failed = false;
                current = Some((
                    Draft {
                        line: number,
                        ..Draft::default()
                    },
                    false,
                ));
            }
            let Some((draft, has_moves)) = current.as_mut() else {
                continue;
            };
            if failed {
                continue;
            }
            let result = match header {
                Some((key, value)) if !*has_moves => header_field(draft, key, value),
                _ => {
                    *has_moves = true;
                    moves(draft, line, number)
                }
            };
            if let Err(reason) = result {
                let mut error = FormatError::at_line(number, reason);
                error.game = Some(games.len() + 1);
                games.push(Err(error));
                failed = true;
            }
        }
        if let Some((draft, _)) = current {
            if !failed {
                games.push(Ok(draft));
            }
        }
        for (number, game) in games.iter_mut().enumerate() {
            if let Ok(draft) = game {
                if draft.game.is_empty() {
                    *game = Err(FormatError {
                        game: Some(number + 1),
                        line: Some(draft.line),
                        ply: None,
                        reason: "no 'Game:' line (briscola or briscola-chiamata)".into(),
                    });
                }
            }
        }
        games
    }
    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let header = &record.header;
        if !GAMES.contains(&header.game.as_str()) {
            return Err(FormatError::new(format!(
                "the briscola format holds briscola games, not {}",
                header.game
            )));
        }
        let mut out = format!("Game: {}\n", header.game);
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
                    out.push_str(&format!("chance {}\n", entry.command));
                }
                Actor::Seat(seat) => line.push(format!("p{} {}", seat + 1, compact(&entry.command))),
                // Notes are not part of the notation: they are left out.
                Actor::Note => {}
                Actor::Arbiter => {
                    return Err(FormatError::new(format!(
                        "entry {}: the briscola format has no arbiter entries",
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

/// A player's command as one token: `play Ad` is `Ad`, `bid 70` is `70`, `call 3d` is `3d`.
fn compact(command: &str) -> &str {
    ["play ", "bid ", "call "]
        .iter()
        .find_map(|p| command.strip_prefix(p))
        .unwrap_or(command)
}

fn is_reserved(key: &str) -> bool {
    let lower = key.to_ascii_lowercase();
    lower == "game" || lower == "option" || player_field(&lower).is_some()
}

fn player_field(lower: &str) -> Option<usize> {
    lower
        .strip_prefix('p')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=6).contains(n))
}

/// `Key: value` with a key of letters, digits, `_`, `-`, `.` starting with a letter.
fn header_line(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    let key_like = key.starts_with(|c: char| c.is_ascii_alphabetic())
        && key.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
    key_like.then(|| (key, value.trim()))
}

fn header_field(draft: &mut Draft, key: &str, value: &str) -> Result<(), String> {
    if value.is_empty() {
        return Err(format!("'{key}:' has no value"));
    }
    let lower = key.to_ascii_lowercase();
    if lower == "game" {
        if !GAMES.contains(&value) {
            return Err(format!("this is a briscola file; it cannot hold the game '{value}'"));
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
        insert_once(&mut draft.options, k.trim(), v.trim(), "option")?;
    } else {
        insert_once(&mut draft.tags, key, value, "tag")?;
    }
    Ok(())
}

fn insert_once(map: &mut BTreeMap<String, String>, key: &str, value: &str, what: &str) -> Result<(), String> {
    if map.insert(key.to_string(), value.to_string()).is_some() {
        return Err(format!("{what} '{key}' is given twice"));
    }
    Ok(())
}

/// A moves line: `chance COMMAND`, or `pN TOKEN` pairs.
fn moves(draft: &mut Draft, line: &str, number: usize) -> Result<(), String> {
    if let Some(rest) = line.strip_prefix("chance ") {
        draft.moves.push(DraftMove {
            actor: Some(Actor::Chance),
            text: rest.trim().to_string(),
            line: number,
        });
        return Ok(());
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    for pair in words.chunks(2) {
        let [who, token] = pair else {
            return Err(format!(
                "'{}' has no move after it: write pairs as p1 Ad p2 3b",
                pair[0]
            ));
        };
        let seat = player_field(&who.to_ascii_lowercase())
            .ok_or_else(|| format!("'{who}' is not a player (p1 to p6) or 'chance'"))?;
        draft.moves.push(DraftMove {
            actor: Some(Actor::Seat(seat as u8 - 1)),
            text: token.to_string(),
            line: number,
        });
    }
    Ok(())
}
