//! OpenTafl game records (`.otg`, seeds/tablut.md): `[key:value]` tags with the rules string
//! in `[rules:...]`, then numbered turns `1. e2-g2 e3-h3` with `[...|...]` commentary. Reads
//! text into drafts and writes records back; legality is left to the rules.

use std::collections::BTreeMap;

use kifu_core::format::{Draft, DraftMove, Format, FormatError};
use kifu_core::record::{Actor, Record};
use kifu_core::replay::{reveal_of, verify_record};
use kifu_core::rules::Turn;

use super::board::START;
use super::ruleset::RuleSet;

/// The tag kifu adds when the rules string cannot name its rule set exactly.
const KIFU_OPTIONS: &str = "kifu-options";
/// Tags the format reads itself; the rest become the header's tags.
const OWN_TAGS: [&str; 4] = ["rules", "attackers", "defenders", KIFU_OPTIONS];
/// Tags kifu works out from the moves: read past, written from the game's end.
const RESULT_TAGS: [&str; 2] = ["result", "termination"];

pub struct OpenTaflFormat;

impl Format for OpenTaflFormat {
    fn name(&self) -> &'static str {
        "opentafl"
    }
    fn describe(&self) -> &'static str {
        "OpenTafl game records: [tag:value] lines, the rules string, numbered turns (seeds/tablut.md)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["otg"]
    }
    fn games(&self) -> &'static [&'static str] {
        &["tablut"]
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        vec![read_game(text.strip_prefix('\u{feff}').unwrap_or(text))]
    }

    fn write(&self, record: &Record) -> Result<String, FormatError> {
        write_game(record)
    }
}

/// The bracketed blocks and plain lines of a file, with the line each starts on.
enum Piece<'a> {
    Bracket(String, usize),
    Line(&'a str, usize),
}

fn pieces(text: &str) -> Result<Vec<Piece<'_>>, FormatError> {
    let mut out = Vec::new();
    let mut open: Option<(String, usize)> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let mut rest = line;
        loop {
            if let Some((body, _)) = open.as_mut() {
                match rest.find(']') {
                    Some(end) => {
                        body.push_str(&rest[..end]);
                        let (body, start) = open.take().unwrap_or_default();
                        out.push(Piece::Bracket(body, start));
                        rest = &rest[end + 1..];
                    }
                    None => {
                        body.push_str(rest);
                        body.push(' ');
                        break;
                    }
                }
            } else {
                match rest.find('[') {
                    Some(begin) => {
                        if !rest[..begin].trim().is_empty() {
                            out.push(Piece::Line(rest[..begin].trim(), number));
                        }
                        open = Some((String::new(), number));
                        rest = &rest[begin + 1..];
                    }
                    None => {
                        if !rest.trim().is_empty() {
                            out.push(Piece::Line(rest.trim(), number));
                        }
                        break;
                    }
                }
            }
        }
    }
    if let Some((_, start)) = open {
        return Err(FormatError::at_line(start, "a '[' is never closed"));
    }
    Ok(out)
}

fn read_game(text: &str) -> Result<Draft, FormatError> {
    let mut draft = Draft {
        game: "tablut".to_string(),
        players: vec!["?".to_string(), "?".to_string()],
        line: 1,
        ..Draft::default()
    };
    let mut rules_tag: Option<(String, usize)> = None;
    let mut kifu_options: Option<BTreeMap<String, String>> = None;
    let mut moves_begun = false;
    let mut expected_turn = 1;
    for piece in pieces(text)? {
        match piece {
            Piece::Bracket(body, line) if !moves_begun => {
                let (key, value) = body
                    .split_once(':')
                    .ok_or_else(|| FormatError::at_line(line, format!("'[{body}]' is not a [tag:value] line")))?;
                let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
                match key.trim() {
                    "rules" => rules_tag = Some((value, line)),
                    "attackers" => draft.players[0] = value,
                    "defenders" => draft.players[1] = value,
                    KIFU_OPTIONS => {
                        let mut options = BTreeMap::new();
                        for pair in value.split_whitespace() {
                            let (k, v) = pair.split_once('=').ok_or_else(|| {
                                FormatError::at_line(line, format!("{KIFU_OPTIONS}: '{pair}' is not key=value"))
                            })?;
                            options.insert(k.to_string(), v.to_string());
                        }
                        let rules = RuleSet::from_options(&options)
                            .map_err(|e| FormatError::at_line(line, format!("{KIFU_OPTIONS}: {e}")))?;
                        kifu_options = Some(rules.options());
                    }
                    other if other.is_empty() || other.contains(char::is_whitespace) => {
                        return Err(FormatError::at_line(line, format!("'{other}' is not a tag name")))
                    }
                    other if RESULT_TAGS.contains(&other) => {}
                    other => {
                        if !value.is_empty() {
                            draft.tags.insert(other.to_string(), value);
                        }
                    }
                }
            }
            // Commentary between turns: read past (seeds/tablut.md).
            Piece::Bracket(..) => {}
            Piece::Line(line_text, line) => {
                moves_begun = true;
                let mut words = line_text.split_whitespace();
                let number = words.next().unwrap_or_default();
                let turn: usize = number.strip_suffix('.').and_then(|n| n.parse().ok()).ok_or_else(|| {
                    FormatError::at_line(line, format!("'{line_text}' is not a turn ('1. e2-g2 e3-h3')"))
                })?;
                if turn != expected_turn {
                    return Err(FormatError::at_line(
                        line,
                        format!("turn {turn} where turn {expected_turn} was due"),
                    ));
                }
                expected_turn += 1;
                let moves: Vec<&str> = words.collect();
                if moves.is_empty() || moves.len() > 2 {
                    return Err(FormatError::at_line(
                        line,
                        format!("turn {turn} has {} moves, not one or two", moves.len()),
                    ));
                }
                for text in moves {
                    draft.moves.push(DraftMove {
                        actor: None,
                        text: text.to_string(),
                        line,
                    });
                }
            }
        }
    }
    let Some((rules, line)) = rules_tag else {
        return Err(FormatError::at_line(
            1,
            "no [rules:...] tag: an OpenTafl game names its rules",
        ));
    };
    let (start, options) = match kifu_options {
        // kifu's own tag names the rule set; the rules string still gives the start.
        Some(options) => {
            let start = rules.split_once("start:").map(|(_, s)| s.trim().to_string());
            (
                start.ok_or_else(|| FormatError::at_line(line, "rules: no start: position"))?,
                options,
            )
        }
        None => {
            let (options, start) =
                RuleSet::from_otn(&rules).map_err(|e| FormatError::at_line(line, format!("rules: {e}")))?;
            (start, options)
        }
    };
    draft.options = options;
    draft.start = (start != START).then_some(start);
    Ok(draft)
}

fn write_game(record: &Record) -> Result<String, FormatError> {
    let header = &record.header;
    if header.game != "tablut" {
        return Err(FormatError::new(format!(
            "the opentafl format holds tablut games, not {}",
            header.game
        )));
    }
    let rules = RuleSet::from_options(&header.options).map_err(FormatError::new)?;
    let start = header.start.clone().unwrap_or_else(|| START.to_string());
    let mut out = String::new();
    let report = verify_record(super::registry(), record);
    let outcome = match report.turn {
        Some(Turn::Over { outcome }) => Some(outcome),
        _ => None,
    };
    for (key, value) in &header.tags {
        let own = OWN_TAGS.contains(&key.as_str()) || RESULT_TAGS.contains(&key.as_str());
        if own || value.contains([']', '[']) {
            return Err(FormatError::new(format!(
                "the tag '{key}' cannot be written as an OpenTafl tag"
            )));
        }
        out.push_str(&format!("[{key}:{value}]\n"));
    }
    for (key, name) in [("attackers", &header.players[0]), ("defenders", &header.players[1])] {
        if name.contains([']', '[']) {
            return Err(FormatError::new(format!(
                "the player '{name}' cannot be written in a tag"
            )));
        }
        out.push_str(&format!("[{key}:{name}]\n"));
    }
    if let Some(outcome) = &outcome {
        let result = match outcome.winners.first() {
            Some(0) => "1",
            Some(_) => "-1",
            None => "0",
        };
        out.push_str(&format!("[result:{result}]\n[termination:{}]\n", outcome.reason));
    }
    let otn = rules.otn_rules(&start);
    out.push_str(&format!("[rules:{otn}]\n"));
    let read_back = RuleSet::from_otn(&otn).ok().map(|(options, _)| options);
    if read_back.as_ref() != Some(&header.options) {
        out.push_str(&format!("[{KIFU_OPTIONS}:{}]\n", rules.explicit()));
    }
    out.push('\n');
    let mut moves = Vec::new();
    for entry in record.entries.iter().filter(|e| reveal_of(e).is_none()) {
        match entry.actor {
            Actor::Seat(_) => moves.push(entry.command.clone()),
            Actor::Note => {}
            _ => {
                return Err(FormatError::new(format!(
                    "entry {}: the opentafl format holds only the players' moves",
                    entry.seq
                )))
            }
        }
    }
    for (index, pair) in moves.chunks(2).enumerate() {
        out.push_str(&format!("{}. {}\n", index + 1, pair.join(" ")));
    }
    Ok(out)
}
