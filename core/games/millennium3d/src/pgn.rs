//! PGN for Millennium 3D Chess (`--format millennium3d-pgn`): the seven tag roster, a
//! `Variant "Millennium 3D"` tag, `SetUp`/`FEN` with the three-level position text, and the
//! moves numbered in pairs as chess. Comments, NAGs and move numbers are skipped on reading
//! (not kept); variations are refused. Text only: the rules judge the moves.

use std::collections::BTreeMap;

use kifu_core::format::{Draft, DraftMove, Format, FormatError};
use kifu_core::record::{Actor, Record};
use kifu_core::replay::verify_record;
use kifu_core::rules::Turn;

const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];
const VARIANT: &str = "Millennium 3D";
const GAME: &str = "millennium3d";

pub struct Millennium3dPgn;

impl Format for Millennium3dPgn {
    fn name(&self) -> &'static str {
        "millennium3d-pgn"
    }
    fn describe(&self) -> &'static str {
        "Millennium 3D Chess games as PGN with a Variant tag, squares named with their level (1e4)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &[] // .pgn is chess's; name this format with --format
    }
    fn games(&self) -> &'static [&'static str] {
        &[GAME]
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        split_games(text.strip_prefix('\u{feff}').unwrap_or(text))
            .into_iter()
            .enumerate()
            .map(|(i, (first, lines))| {
                read_game(first, &lines).map_err(|mut e| {
                    e.game = Some(i + 1);
                    e
                })
            })
            .collect()
    }

    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let header = &record.header;
        if header.game != GAME {
            return Err(FormatError::new(format!(
                "millennium3d-pgn holds millennium3d games, not {}",
                header.game
            )));
        }
        let report = verify_record(crate::registry(), record);
        if let Some(failure) = report.failure {
            return Err(FormatError::new(format!("the record does not replay: {failure}")));
        }
        let result = match report.turn {
            Some(Turn::Over { outcome }) => match outcome.winners.as_slice() {
                [0] => "1-0",
                [1] => "0-1",
                _ => "1/2-1/2",
            },
            _ => "*",
        };
        let mut out = String::new();
        for tag in ROSTER {
            let value = match tag {
                "White" => header.players.first().cloned(),
                "Black" => header.players.get(1).cloned(),
                _ => header.tags.get(tag).cloned(),
            };
            out.push_str(&tag_line(tag, value.as_deref().unwrap_or("?"))?);
        }
        out.push_str(&tag_line("Result", result)?);
        out.push_str(&tag_line("Variant", VARIANT)?);
        for (key, value) in &header.tags {
            if ROSTER.contains(&key.as_str()) {
                continue;
            }
            if matches!(key.as_str(), "Result" | "Variant" | "SetUp" | "FEN") {
                return Err(FormatError::new(format!(
                    "the tag '{key}' is written by the format itself"
                )));
            }
            out.push_str(&tag_line(key, value)?);
        }
        if let Some(start) = &header.start {
            out.push_str(&tag_line("SetUp", "1")?);
            out.push_str(&tag_line("FEN", start)?);
        }
        out.push('\n');
        out.push_str(&movetext(record, result)?);
        out.push_str("\n\n");
        Ok(out)
    }
}

fn tag_line(name: &str, value: &str) -> Result<String, FormatError> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(FormatError::new(format!("'{name}' cannot be a PGN tag name")));
    }
    if value.contains(['\n', '\r']) {
        return Err(FormatError::new(format!("the tag '{name}' holds a line break")));
    }
    Ok(format!(
        "[{name} \"{}\"]\n",
        value.replace('\\', "\\\\").replace('"', "\\\"")
    ))
}

/// The moves numbered in pairs, a resignation left to the result.
fn movetext(record: &Record, result: &str) -> Result<String, FormatError> {
    let (black_first, mut number) = match &record.header.start {
        Some(start) => {
            let fields: Vec<&str> = start.split_whitespace().collect();
            (
                fields.get(1) == Some(&"b"),
                fields.get(5).and_then(|n| n.parse::<u32>().ok()).unwrap_or(1),
            )
        }
        None => (false, 1),
    };
    let mut words = Vec::new();
    let mut white_next = !black_first;
    for (i, entry) in record.entries.iter().enumerate() {
        if entry.command == "resign" {
            if i + 1 != record.entries.len() {
                return Err(FormatError::new(format!(
                    "entry {}: a resignation before the end",
                    entry.seq
                )));
            }
            continue;
        }
        if white_next {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(entry.command.clone());
        if !white_next {
            number += 1;
        }
        white_next = !white_next;
    }
    words.push(result.to_string());
    let mut out = String::new();
    let mut width = 0;
    for word in words {
        if width > 0 && width + 1 + word.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(&word);
        width += word.len();
    }
    Ok(out)
}

/// The games of a file: each a run of tag lines then movetext, with its first line number.
fn split_games(text: &str) -> Vec<(usize, Vec<(usize, &str)>)> {
    let mut games: Vec<(usize, Vec<(usize, &str)>)> = Vec::new();
    let mut in_moves = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let tag = line.starts_with('[');
        if games.is_empty() || (tag && in_moves) {
            games.push((i + 1, Vec::new()));
            in_moves = false;
        }
        if !tag {
            in_moves = true;
        }
        if let Some((_, lines)) = games.last_mut() {
            lines.push((i + 1, line));
        }
    }
    games
}

fn read_game(first: usize, lines: &[(usize, &str)]) -> Result<Draft, FormatError> {
    let mut tags: BTreeMap<String, String> = BTreeMap::new();
    let mut moves = Vec::new();
    let mut result: Option<&str> = None;
    let mut in_comment = false;
    for &(number, line) in lines {
        if !in_comment && line.starts_with('[') {
            let (name, value) = parse_tag(line).map_err(|reason| FormatError::at_line(number, reason))?;
            tags.insert(name, value);
            continue;
        }
        for word in words(line, &mut in_comment) {
            if result.is_some() {
                return Err(FormatError::at_line(number, format!("'{word}' after the result")));
            }
            match word {
                "1-0" | "0-1" | "1/2-1/2" | "*" => result = Some(word),
                w if w.starts_with('(') || w.starts_with(')') => {
                    return Err(FormatError::at_line(
                        number,
                        "variations are not read in millennium3d-pgn",
                    ))
                }
                w if w.starts_with('$') => {}
                w if w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) && w.ends_with('.') => {}
                w => {
                    // A move number may be glued to its move (`12.N2d1`, `3...1e4`).
                    let w = match w.rsplit_once('.') {
                        Some((number, mv)) if number.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) => mv,
                        _ => w,
                    };
                    moves.push(DraftMove {
                        actor: None,
                        text: w.to_string(),
                        line: number,
                    })
                }
            }
        }
    }
    match tags.get("Variant") {
        Some(v) if v.to_ascii_lowercase().replace([' ', '-', '_'], "") == "millennium3d" => {}
        Some(v) => {
            return Err(FormatError::at_line(
                first,
                format!("the Variant tag '{v}' is not \"{VARIANT}\""),
            ));
        }
        None => {
            return Err(FormatError::at_line(
                first,
                format!("no Variant tag: a game here has [Variant \"{VARIANT}\"]"),
            ))
        }
    }
    let players = vec![
        tags.get("White").cloned().unwrap_or_else(|| "?".into()),
        tags.get("Black").cloned().unwrap_or_else(|| "?".into()),
    ];
    let start = tags.get("FEN").cloned();
    if let Some((last_line, _)) = lines.last() {
        if let Some(resign) = resignation(result, &start, &moves) {
            moves.push(DraftMove {
                actor: Some(resign),
                text: "resign".into(),
                line: *last_line,
            });
        }
    }
    let tags = tags
        .into_iter()
        .filter(|(k, _)| !matches!(k.as_str(), "White" | "Black" | "Result" | "Variant" | "SetUp" | "FEN"))
        .filter(|(k, v)| !(ROSTER.contains(&k.as_str()) && v == "?"))
        .collect();
    Ok(Draft {
        game: GAME.into(),
        options: BTreeMap::new(),
        players,
        tags,
        start,
        moves,
        line: first,
    })
}

/// A decisive result the moves do not reach, with the loser to move, is the loser's
/// resignation (entered after the moves). Any other result the moves do not reach is not
/// kept: PGN's result is read only so. Moves that do not replay are left for the rules to
/// refuse with their place.
fn resignation(result: Option<&str>, start: &Option<String>, moves: &[DraftMove]) -> Option<Actor> {
    let position = match start {
        Some(text) => crate::fen::parse(text).ok()?,
        None => crate::board::Position::start(),
    };
    let mut state = crate::State::new(position);
    for m in moves {
        match crate::command::parse(&state.position, &m.text).ok()? {
            crate::Command::Move(mv, _) if state.result.is_none() => state.play(&mv),
            _ => return None,
        }
    }
    if state.result.is_some() {
        return None;
    }
    match (result?, state.position.to_move) {
        ("1-0", crate::board::Colour::Black) => Some(Actor::Seat(1)),
        ("0-1", crate::board::Colour::White) => Some(Actor::Seat(0)),
        _ => None,
    }
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("'{line}' is not a tag line [Name \"value\"]"))?;
    let (name, rest) = inner
        .split_once(' ')
        .ok_or_else(|| format!("'{line}' is not a tag line [Name \"value\"]"))?;
    let value = rest
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| format!("the tag {name}'s value is not in double quotes"))?;
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    Ok((name.to_string(), out))
}

/// The words of a movetext line outside `{...}` and `;` comments.
fn words<'a>(line: &'a str, in_comment: &mut bool) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = line;
    loop {
        if *in_comment {
            match rest.find('}') {
                Some(end) => {
                    rest = &rest[end + 1..];
                    *in_comment = false;
                }
                None => return out,
            }
        }
        let cut = rest.find(['{', ';']).unwrap_or(rest.len());
        out.extend(rest[..cut].split_whitespace());
        if cut == rest.len() || rest[cut..].starts_with(';') {
            return out;
        }
        rest = &rest[cut + 1..];
        *in_comment = true;
    }
}
