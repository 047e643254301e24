//! The command notation: reading what a recorder types and writing the one canonical text.
//! It checks only the shape of a command (and that strokes stay on the canvas); whether it
//! is allowed now is the round's.
//!
//! Canonical forms: `master p1`, `fake p4`, `fake p4 salt=HEX`, `fake ?`, `theme animal: #HEX`,
//! `theme animal: ?`, `first p2`, `stroke 100,200 150,250 300,240`, `vote p3`, `unmask p4`,
//! `guess giraffe`, `judge right`, `judge wrong`, `reveal giraffe salt=HEX`.

use super::secret::{self, Commitment, Salt};
use super::state::CANVAS;
use kifu_core::record::Actor;
use kifu_core::rules::RuleError;

/// Most points in one stroke.
pub const MAX_POINTS: usize = 500;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Master(u8),
    /// Who got the blank paper: `None` when the record does not know (`fake ?`); the salt
    /// keeps the line's hashes from telling which seat it names.
    Fake(Option<u8>, Option<Salt>),
    /// The category said aloud and the commitment to the written word (`None`: not recorded).
    Theme {
        category: String,
        commitment: Option<Commitment>,
    },
    /// Rules version 1's theme: the word written in clear.
    ThemeInClear {
        category: String,
        word: String,
    },
    First(u8),
    Stroke(Vec<(u16, u16)>),
    Vote(u8),
    /// The fake artist owns up, when the record did not know who it was.
    Unmask(u8),
    Guess(String),
    Judge(bool),
    /// The question master shows the written word (and the salt it was committed with).
    Reveal {
        word: String,
        salt: Option<Salt>,
    },
}

fn salted(text: String, salt: &Option<Salt>) -> String {
    match salt {
        Some(salt) => format!("{text} salt={}", secret::hex(salt)),
        None => text,
    }
}

fn seat(s: u8) -> String {
    format!("p{}", u16::from(s) + 1)
}

pub fn format(command: &Command) -> String {
    match command {
        Command::Master(s) => format!("master {}", seat(*s)),
        Command::Fake(None, _) => "fake ?".to_string(),
        Command::Fake(Some(s), salt) => salted(format!("fake {}", seat(*s)), salt),
        Command::Theme { category, commitment } => match commitment {
            Some(c) => format!("theme {category}: #{}", secret::hex(c)),
            None => format!("theme {category}: ?"),
        },
        Command::ThemeInClear { category, word } => format!("theme {category}: {word}"),
        Command::First(s) => format!("first {}", seat(*s)),
        Command::Stroke(points) => {
            let parts: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
            format!("stroke {}", parts.join(" "))
        }
        Command::Vote(s) => format!("vote {}", seat(*s)),
        Command::Unmask(s) => format!("unmask {}", seat(*s)),
        Command::Guess(word) => format!("guess {word}"),
        Command::Reveal { word, salt } => salted(format!("reveal {word}"), salt),
        Command::Judge(true) => "judge right".to_string(),
        Command::Judge(false) => "judge wrong".to_string(),
    }
}

fn seat_of(text: &str) -> Result<u8, RuleError> {
    match Actor::parse(&text.to_ascii_lowercase()) {
        Some(Actor::Seat(s)) => Ok(s),
        _ => kifu_core::refuse!("'{text}' is not a seat (write p1, p2, ...)"),
    }
}

/// Words said or written at the table: one line, no `;`, at most 60 characters.
pub fn words(text: &str, what: &str) -> Result<String, RuleError> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        kifu_core::refuse!("the {what} is missing");
    }
    if text.contains(';') || text.chars().count() > 60 {
        kifu_core::refuse!("the {what} is at most 60 characters, without ';'");
    }
    Ok(text)
}

fn point(text: &str) -> Result<(u16, u16), RuleError> {
    let Some((x, y)) = text.split_once(',') else {
        kifu_core::refuse!("'{text}' is not a point: write x,y");
    };
    let coordinate = |v: &str| -> Result<u16, RuleError> {
        match v.trim().parse::<i64>() {
            Ok(n) if (0..=i64::from(CANVAS)).contains(&n) => Ok(n as u16),
            Ok(_) => kifu_core::refuse!("the point {text} is off the canvas: x and y run from 0 to {CANVAS}"),
            Err(_) => kifu_core::refuse!("'{text}' is not a point: x and y are whole numbers"),
        }
    };
    Ok((coordinate(x)?, coordinate(y)?))
}

pub fn parse(text: &str) -> Result<Command, RuleError> {
    let text = text.trim();
    let (verb, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    match verb.to_ascii_lowercase().as_str() {
        "master" => Ok(Command::Master(seat_of(rest)?)),
        "fake" => {
            let (who, salt) = secret::split_salt(rest)?;
            match (who, salt) {
                ("?", None) => Ok(Command::Fake(None, None)),
                ("?", Some(_)) => kifu_core::refuse!("an unknown fake (fake ?) has no salt"),
                (who, salt) => Ok(Command::Fake(Some(seat_of(who)?), salt)),
            }
        }
        "first" => Ok(Command::First(seat_of(rest)?)),
        "vote" => Ok(Command::Vote(seat_of(rest)?)),
        "unmask" => Ok(Command::Unmask(seat_of(rest)?)),
        "theme" => {
            let Some((category, word)) = rest.split_once(':') else {
                kifu_core::refuse!("write the theme as 'theme CATEGORY: WORD salt=HEX' (the category is said aloud)");
            };
            let category = words(category, "category")?;
            let word = word.trim();
            let commitment = if word == "?" {
                None
            } else if let Some(hex) = word.strip_prefix('#') {
                Some(secret::commitment(hex)?)
            } else {
                let (word, salt) = secret::split_salt(word)?;
                let Some(salt) = salt else {
                    kifu_core::refuse!(
                        "the word would be kept in clear: write 'theme {category}: WORD salt=HEX' (32 hex digits of your own \
                         random salt, kept to reveal the word) or 'theme {category}: #COMMITMENT', or '?' if the record does not know it"
                    );
                };
                Some(secret::commit(&salt, &words(word, "theme")?))
            };
            Ok(Command::Theme { category, commitment })
        }
        "reveal" => {
            let (word, salt) = secret::split_salt(rest)?;
            Ok(Command::Reveal {
                word: words(word, "theme")?,
                salt,
            })
        }
        "stroke" => {
            let points = rest.split_whitespace().map(point).collect::<Result<Vec<_>, _>>()?;
            if points.len() < 2 || points.len() > MAX_POINTS {
                kifu_core::refuse!(
                    "a stroke is a line through 2 to {MAX_POINTS} points (x,y x,y ...), not {}",
                    points.len()
                );
            }
            Ok(Command::Stroke(points))
        }
        "guess" => Ok(Command::Guess(words(rest, "guess")?)),
        "judge" => match rest.to_ascii_lowercase().as_str() {
            "right" | "yes" => Ok(Command::Judge(true)),
            "wrong" | "no" => Ok(Command::Judge(false)),
            _ => kifu_core::refuse!("judge the guess 'right' or 'wrong'"),
        },
        _ => kifu_core::refuse!(
            "'{text}' is not a Fake Artist command (master, fake, theme, first, stroke, vote, unmask, guess, judge, reveal)"
        ),
    }
}
