//! Piskvork `.psq` files: a first line `Piskvorky 20x20, 11:11, 0`, then one move a line as
//! `x,y,milliseconds` with x from 1 at the left and y from 1 at the TOP, then the players'
//! program names. Read as freestyle gomoku on the given board; text only.

use super::{clean, draft, push, stones, Colour, Point};
use kifu_core::format::{Draft, Format, FormatError};
use kifu_core::record::Record;

pub struct Psq;

pub static FORMAT: Psq = Psq;

/// The board size from the first line's `WxH`.
fn size(first: &str) -> Result<u8, String> {
    if !first.trim_start().to_ascii_lowercase().starts_with("piskvorky") {
        return Err("a .psq file starts with 'Piskvorky WxH'".into());
    }
    let dims = first
        .split(|c: char| c.is_whitespace() || c == ',')
        .find(|w| w.contains('x'))
        .ok_or("the first line gives no board size (WxH)")?;
    match dims.split_once('x').map(|(w, h)| (w.parse::<u8>(), h.parse::<u8>())) {
        Some((Ok(w), Ok(h))) if w == h && (5..=26).contains(&w) => Ok(w),
        _ => Err(format!("'{dims}' is not a square board of 5 to 26")),
    }
}

/// A move line `x,y[,time]`, if the line is one.
fn move_line(line: &str) -> Option<(i64, i64)> {
    let mut parts = line.split(',').map(str::trim);
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    let rest: Vec<&str> = parts.collect();
    (rest.len() <= 1 && rest.iter().all(|t| t.parse::<i64>().is_ok())).then_some((x, y))
}

/// A line meant as a move that does not read as one: it starts with a number and has a comma.
fn broken_move(line: &str) -> bool {
    let line = line.trim();
    line.contains(',') && line.starts_with(|c: char| c.is_ascii_digit() || c == '-')
}

/// The lines after the moves: the two players' program names and, in Piskvork's own files, a
/// closing number; nothing else is read, so a line out of place is refused, never skipped.
const MAX_NAMES: usize = 2;

fn read_game(text: &str) -> Result<Draft, FormatError> {
    let mut lines = text.lines().enumerate();
    let (_, first) = lines.next().ok_or_else(|| FormatError::new("an empty file"))?;
    let size = size(first).map_err(|e| FormatError::at_line(1, e))?;
    let mut d = draft("gomoku", size, 1);
    d.options.insert("rules".into(), "freestyle".into());
    let mut names = Vec::new();
    // The line where the moves ended, once they have.
    let mut moves_ended: Option<usize> = None;
    for (index, line) in lines {
        let number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        match (move_line(line), moves_ended) {
            (Some((x, y)), None) => {
                let n = size as i64;
                if !(1..=n).contains(&x) || !(1..=n).contains(&y) {
                    return Err(FormatError::at_line(
                        number,
                        format!("{x},{y} is off the {size}x{size} board"),
                    ));
                }
                push(&mut d, Point::new((x - 1) as u8, (n - y) as u8).text(), number);
            }
            (Some(_), Some(end)) => {
                return Err(FormatError::at_line(
                    number,
                    format!("a move after the moves ended at line {end}"),
                ))
            }
            (None, _) if broken_move(line) => {
                return Err(FormatError::at_line(
                    number,
                    format!("'{}' is not a move (x,y or x,y,milliseconds)", line.trim()),
                ))
            }
            (None, _) => {
                moves_ended.get_or_insert(number);
                if line.trim().parse::<i64>().is_ok() {
                    continue;
                }
                if names.len() == MAX_NAMES {
                    return Err(FormatError::at_line(
                        number,
                        format!("'{}' is neither a move nor one of the two players' names", line.trim()),
                    ));
                }
                names.push(clean(line).unwrap_or_else(|| "?".into()));
            }
        }
    }
    if names.len() == MAX_NAMES {
        d.players = names;
    }
    Ok(d)
}

impl Format for Psq {
    fn name(&self) -> &'static str {
        "psq"
    }
    fn describe(&self) -> &'static str {
        "Piskvork .psq (x,y from the top left), read as freestyle gomoku"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["psq"]
    }
    fn games(&self) -> &'static [&'static str] {
        super::GAMES
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        vec![read_game(text)]
    }

    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let s = stones(record)?;
        if s.start.is_some() {
            return Err(FormatError::new(".psq cannot hold a set-up position"));
        }
        let mut out = format!("Piskvorky {0}x{0}, 11:11, 0\n", s.size);
        for (i, m) in s.moves.iter().enumerate() {
            let Some(p) = m else {
                return Err(FormatError::new(format!(".psq cannot hold a pass (move {})", i + 1)));
            };
            out.push_str(&format!("{},{},0\n", p.x + 1, s.size - p.y));
        }
        for colour in [Colour::Black, Colour::White] {
            out.push_str(super::player(record, &s, colour));
            out.push('\n');
        }
        Ok(out)
    }
}
