//! Kriegspiel in PGN (`--format kriegspiel-pgn`): the seven tag roster plus `Variant
//! "Kriegspiel"`, the legal moves in SAN numbered as chess's (so that a chess reader sees the
//! game), and before each move the attempts the umpire refused, in a comment `{refused: e4e5
//! d1h5}` that this reader turns back into entries. A file holds the whole game: it cannot hide
//! part of a record. It reads and writes text only; the rules judge the attempts.

use kifu_chess::fen::parse_state_fen;
use kifu_chess::movegen::legal_moves;
use kifu_chess::Variant;
use kifu_core::format::{Draft, DraftMove, Format, FormatError};
use kifu_core::record::{Actor, Record};
use kifu_core::replay::Replay;
use kifu_core::View;

use super::attempts::{as_legal, attempts, read, san};
use super::umpire::checks;
use crate::pgn::{read_tag, result_text, split_games, tags, wrap_words};

pub struct KriegspielPgn;

pub static FORMAT: KriegspielPgn = KriegspielPgn;

const VARIANT: &str = "Kriegspiel";

impl Format for KriegspielPgn {
    fn name(&self) -> &'static str {
        "kriegspiel-pgn"
    }
    fn describe(&self) -> &'static str {
        "PGN for Kriegspiel: the legal moves in SAN, the refused attempts in {refused: ...} comments"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &[] // .pgn is chess's; name this format with --format
    }
    fn games(&self) -> &'static [&'static str] {
        &["kriegspiel"]
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        split_games(text)
            .into_iter()
            .enumerate()
            .map(|(i, (line, lines))| {
                read_game(line, &lines).map_err(|mut e| {
                    e.game = Some(i + 1);
                    e
                })
            })
            .collect()
    }

    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let registry = crate::registry();
        let fail = |f: kifu_core::replay::Failure| FormatError::new(format!("the record does not replay: {f}"));
        let mut replay = Replay::start(registry, &record.header).map_err(fail)?;
        let mut words: Vec<String> = Vec::new();
        let mut refused: Vec<String> = Vec::new();
        for entry in &record.entries {
            let fen = replay.current().state_json(View::Full)["fen"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            replay.check(entry).map_err(fail)?;
            if !matches!(entry.actor, Actor::Seat(_)) || entry.command == "resign" {
                continue; // the key does not travel; a resignation is the result
            }
            let pos = parse_state_fen(Variant::Standard, &fen).map_err(FormatError::new)?;
            let all = attempts(&pos);
            let typed = entry.command.split(' ').next().unwrap_or_default();
            let attempt = read(&pos, &all, typed).map_err(FormatError::new)?;
            let Some(m) = as_legal(&pos, &legal_moves(&pos), &attempt) else {
                refused.push(attempt.uci(pos.geo));
                continue;
            };
            let mut after = pos.clone();
            after.play(&m);
            let mark = match (checks(&after).is_empty(), legal_moves(&after).is_empty()) {
                (true, _) => "",
                (false, true) => "#",
                (false, false) => "+",
            };
            if pos.turn.index() == 0 {
                words.push(format!("{}.", pos.fullmove));
            } else if words.is_empty() {
                words.push(format!("{}...", pos.fullmove));
            }
            if !refused.is_empty() {
                words.push(format!("{{refused: {}}}", refused.join(" ")));
                refused.clear();
            }
            words.push(san(&pos, &all, &attempt, mark));
        }
        if !refused.is_empty() {
            words.push(format!("{{refused: {}}}", refused.join(" ")));
        }
        let result = result_text(Some(replay.turn()));
        words.push(result.to_string());
        let mut out = tags(record, result, VARIANT);
        out.push('\n');
        wrap_words(&mut out, words);
        Ok(out)
    }
}

fn read_game(first: usize, lines: &[(usize, &str)]) -> Result<Draft, FormatError> {
    let mut draft = Draft {
        game: "kriegspiel".into(),
        line: first,
        players: vec!["?".into(), "?".into()],
        ..Draft::default()
    };
    draft.moves.push(DraftMove {
        actor: Some(Actor::Chance),
        text: "key ?".into(),
        line: first,
    });
    let mut result = None;
    let mut comment: Option<String> = None;
    let mut last_line = first;
    for &(number, line) in lines {
        last_line = number;
        if comment.is_none() && line.starts_with('[') {
            let (key, value) = read_tag(line)
                .ok_or_else(|| FormatError::at_line(number, format!("'{line}' is not a tag [Name \"value\"]")))?;
            match key {
                "White" => draft.players[0] = value,
                "Black" => draft.players[1] = value,
                "FEN" => draft.start = Some(value),
                "Variant" if !value.to_ascii_lowercase().starts_with("kriegspiel") => {
                    return Err(FormatError::at_line(
                        number,
                        format!("Variant \"{value}\" is not {VARIANT}"),
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
        let mut word = String::new();
        for c in line.chars().chain([' ']) {
            if let Some(text) = comment.as_mut() {
                if c == '}' {
                    if let Some(list) = text.trim().strip_prefix("refused:") {
                        for uci in list.split_whitespace() {
                            draft.moves.push(DraftMove {
                                actor: None,
                                text: uci.to_string(),
                                line: number,
                            });
                        }
                    }
                    comment = None;
                } else {
                    text.push(c);
                }
                continue;
            }
            match c {
                '{' | ';' | ' ' => {
                    if let Some(w) = movetext_word(&word) {
                        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&w) {
                            result = Some(w.to_string());
                        } else {
                            draft.moves.push(DraftMove {
                                actor: None,
                                text: w.to_string(),
                                line: number,
                            });
                        }
                    }
                    word.clear();
                    if c == '{' {
                        comment = Some(String::new());
                    } else if c == ';' {
                        break;
                    }
                }
                _ => word.push(c),
            }
        }
    }
    if comment.is_some() {
        return Err(FormatError::at_line(last_line, "a comment { is never closed"));
    }
    let mated = draft.moves.last().is_some_and(|m| m.text.ends_with('#'));
    let loser = match result.as_deref() {
        Some("1-0") => Some(1),
        Some("0-1") => Some(0),
        _ => None,
    };
    if let (Some(loser), false) = (loser, mated) {
        draft.moves.push(DraftMove {
            actor: Some(Actor::Seat(loser)),
            text: "resign".into(),
            line: last_line,
        });
    }
    Ok(draft)
}

/// A movetext word without its move number (`3.`, `3...`, `3.Nf3`) and marks (`!`, `?`);
/// `None` for a bare number or a numeric annotation glyph.
fn movetext_word(word: &str) -> Option<&str> {
    let word = match word.split_once('.') {
        Some((n, rest)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => rest.trim_start_matches('.'),
        _ => word,
    };
    let word = word.trim_end_matches(['!', '?']);
    if word.is_empty() || word.starts_with('$') {
        None
    } else {
        Some(word)
    }
}
