//! The record header and its canonical text: one line per field, in a fixed order.

use std::collections::BTreeMap;

use super::entry::push_decimal;
use super::hex;

/// How chance entries come about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChanceMode {
    /// Physical play: the recorder enters what the sticks, dice or deck showed.
    Observed,
    /// Digital play: outcomes derive from a secret seed whose blake3 hash is committed here.
    Seeded { commitment: [u8; 32] },
}

/// The kifu text format version new records are written in.
pub const FORMAT_VERSION: u32 = 2;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The kifu text format version: 2, or 1 for records made before records had ids.
    pub format: u32,
    /// The record's identity (format 2): 128 bits given once, when the record is made (random
    /// for a new game, derived from the whole content for an imported one). `None` in format 1,
    /// and in a format-2 header not yet given one (the store gives it on `create`).
    pub id: Option<[u8; 16]>,
    pub game: String,
    pub rules_version: u32,
    /// When the record was created (RFC 3339), set by whoever created it; optional.
    pub created: Option<String>,
    pub options: BTreeMap<String, String>,
    /// One name per seat, in seat order; `?` for unknown.
    pub players: Vec<String>,
    pub tags: BTreeMap<String, String>,
    pub chance: ChanceMode,
    /// A set-up position in the game's own notation; `None` for the standard start.
    pub start: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("header line {line}: {reason}")]
pub struct HeaderError {
    /// 1-based line within the header.
    pub line: usize,
    pub reason: String,
}

impl Header {
    /// A header for `game` at its rules version: seeded (committing to `seed`) when a seed is
    /// given, else observed; with the players named, or "?" for each seat of the fewest the
    /// game takes when none are.
    pub fn for_game(game: &dyn crate::game::Game, players: Vec<String>, seed: Option<&[u8]>) -> Self {
        let players = if players.is_empty() {
            vec!["?".to_string(); *game.players().start()]
        } else {
            players
        };
        let chance = match seed {
            Some(seed) => ChanceMode::Seeded {
                commitment: crate::chance::commitment(seed),
            },
            None => ChanceMode::Observed,
        };
        Header::new(game.name(), game.version(), players, chance)
    }

    pub fn new(game: &str, rules_version: u32, players: Vec<String>, chance: ChanceMode) -> Self {
        Header {
            format: FORMAT_VERSION,
            id: None,
            game: game.to_string(),
            rules_version,
            created: None,
            options: BTreeMap::new(),
            players,
            tags: BTreeMap::new(),
            chance,
            start: None,
        }
    }

    /// The canonical lines, each without its newline.
    pub fn canonical_lines(&self) -> Vec<String> {
        let mut lines = Vec::with_capacity(8 + self.options.len() + self.players.len() + self.tags.len());
        let mut line = String::new();
        self.write_lines(&mut line, |line| lines.push(std::mem::take(line)));
        lines
    }

    /// The text the chain starts from: every canonical line followed by `\n`.
    pub fn canonical_text(&self) -> String {
        let mut text = String::with_capacity(256);
        self.write_lines(&mut text, |text| text.push('\n'));
        text
    }

    /// Writes each canonical line into `out` in turn, calling `end` with `out` after each.
    fn write_lines(&self, out: &mut String, mut end: impl FnMut(&mut String)) {
        out.push_str("kifu ");
        push_decimal(out, self.format.into());
        end(out);
        if let Some(id) = &self.id {
            out.push_str("id ");
            hex::push(out, id);
            end(out);
        }
        out.push_str("game ");
        out.push_str(&self.game);
        end(out);
        out.push_str("rules ");
        push_decimal(out, self.rules_version.into());
        end(out);
        if let Some(created) = &self.created {
            out.push_str("created ");
            out.push_str(created);
            end(out);
        }
        for (key, value) in &self.options {
            push_pair(out, "option ", key, value);
            end(out);
        }
        for (seat, name) in self.players.iter().enumerate() {
            out.push_str("player ");
            push_decimal(out, seat as u64 + 1);
            out.push(' ');
            out.push_str(name);
            end(out);
        }
        for (key, value) in &self.tags {
            push_pair(out, "tag ", key, value);
            end(out);
        }
        match &self.chance {
            ChanceMode::Observed => out.push_str("chance observed"),
            ChanceMode::Seeded { commitment } => {
                out.push_str("chance seeded ");
                hex::push(out, commitment);
            }
        }
        end(out);
        if let Some(start) = &self.start {
            out.push_str("start ");
            out.push_str(start);
            end(out);
        }
    }

    /// The record id: the 32 hex digits of the `id` field; for a format-1 record (which has
    /// none), the first 12 hex digits of the header hash.
    pub fn id(&self) -> String {
        match &self.id {
            Some(id) => hex::encode(id),
            None => hex::encode(&super::header_hash(&self.canonical_text()))[..12].to_string(),
        }
    }

    /// Checks every field can be written as one canonical line and read back the same. A
    /// format-2 header not yet given an id is checked as if it had one.
    pub fn validate(&self) -> Result<(), HeaderError> {
        if self.plainly_valid() {
            return Ok(());
        }
        self.round_trip()
    }

    /// `validate` the long way: the canonical lines read back and compared.
    fn round_trip(&self) -> Result<(), HeaderError> {
        if self.format >= 2 && self.id.is_none() {
            let mut with_id = self.clone();
            with_id.id = Some([0; 16]);
            return with_id.round_trip();
        }
        let lines = self.canonical_lines();
        let parsed = Header::parse(&lines.iter().map(String::as_str).collect::<Vec<_>>())?;
        if &parsed != self {
            return Err(HeaderError {
                line: 1,
                reason: "a field does not survive its canonical text".into(),
            });
        }
        Ok(())
    }

    /// Whether every field plainly survives its canonical text, so the round trip `validate`
    /// makes would find nothing: a sufficient test, not a necessary one (a header it doubts
    /// gets the round trip and its exact error).
    fn plainly_valid(&self) -> bool {
        let value = |text: &str| check_text(text).is_ok();
        // After `key=`, a value may be empty but may not end in a space.
        let pair = |(key, value): (&String, &String)| {
            check_key(key).is_ok() && !value.chars().any(char::is_control) && value.trim_end() == value
        };
        (1..=FORMAT_VERSION).contains(&self.format)
            && (self.format >= 2 || self.id.is_none())
            && value(&self.game)
            && self.created.as_deref().is_none_or(value)
            && self.options.iter().chain(&self.tags).all(pair)
            && self.players.iter().all(|name| value(name))
            && self.start.as_deref().is_none_or(value)
    }

    /// Reads header lines (without newlines). They must be canonical: in order, each once.
    pub fn parse(lines: &[&str]) -> Result<Header, HeaderError> {
        let mut header = Header::new("", 0, Vec::new(), ChanceMode::Observed);
        let mut saw = [false; 4]; // kifu, game, rules, chance
        for (index, line) in lines.iter().enumerate() {
            let at = index + 1;
            let fail = |reason: String| HeaderError { line: at, reason };
            let (key, rest) = line
                .split_once(' ')
                .ok_or_else(|| fail(format!("'{line}' is not 'field value'")))?;
            check_text(rest).map_err(|why| fail(format!("{key}: {why}")))?;
            match key {
                "kifu" => {
                    header.format = rest
                        .parse()
                        .map_err(|_| fail(format!("format version '{rest}' is not a number")))?;
                    if !(1..=FORMAT_VERSION).contains(&header.format) {
                        return Err(fail(format!(
                            "format version {} is not known (this kifu reads 1 and 2)",
                            header.format
                        )));
                    }
                    saw[0] = true;
                }
                "id" => {
                    if header.format < 2 {
                        return Err(fail("a format-1 header has no 'id' line".into()));
                    }
                    header.id = Some(
                        hex::decode(rest)
                            .and_then(|b| <[u8; 16]>::try_from(b).ok())
                            .ok_or_else(|| fail(format!("id '{rest}' is not 32 lower-case hex digits")))?,
                    );
                }
                "game" => {
                    header.game = rest.to_string();
                    saw[1] = true;
                }
                "rules" => {
                    header.rules_version = rest
                        .parse()
                        .map_err(|_| fail(format!("rules version '{rest}' is not a number")))?;
                    saw[2] = true;
                }
                "created" => header.created = Some(rest.to_string()),
                "option" | "tag" => {
                    let (k, v) = rest
                        .split_once('=')
                        .ok_or_else(|| fail(format!("{key} '{rest}' is not key=value")))?;
                    check_key(k).map_err(|why| fail(format!("{key} key: {why}")))?;
                    let map = if key == "option" {
                        &mut header.options
                    } else {
                        &mut header.tags
                    };
                    if map.insert(k.to_string(), v.to_string()).is_some() {
                        return Err(fail(format!("{key} '{k}' given twice")));
                    }
                }
                "player" => {
                    let (n, name) = rest
                        .split_once(' ')
                        .ok_or_else(|| fail("player line is 'player N name'".into()))?;
                    let expected = header.players.len() + 1;
                    if n != expected.to_string() {
                        return Err(fail(format!("expected player {expected}, found player {n}")));
                    }
                    header.players.push(name.to_string());
                }
                "chance" => {
                    header.chance = match rest.split_once(' ') {
                        None if rest == "observed" => ChanceMode::Observed,
                        Some(("seeded", hash)) => ChanceMode::Seeded {
                            commitment: hex::decode32(hash)
                                .ok_or_else(|| fail("seed commitment is not 64 lower-case hex digits".into()))?,
                        },
                        _ => return Err(fail(format!("chance '{rest}' is neither 'observed' nor 'seeded HASH'"))),
                    };
                    saw[3] = true;
                }
                "start" => header.start = Some(rest.to_string()),
                other => return Err(fail(format!("unknown header field '{other}'"))),
            }
        }
        let missing = ["kifu", "game", "rules", "chance"];
        for (seen, name) in saw.iter().zip(missing) {
            if !seen {
                return Err(HeaderError {
                    line: lines.len().max(1),
                    reason: format!("the header has no '{name}' line"),
                });
            }
        }
        if header.format >= 2 && header.id.is_none() {
            return Err(HeaderError {
                line: 2,
                reason: "a format-2 header has an 'id' line after 'kifu 2'".into(),
            });
        }
        let canonical = header.canonical_lines();
        for (index, (got, want)) in lines.iter().zip(&canonical).enumerate() {
            if got != want {
                return Err(HeaderError {
                    line: index + 1,
                    reason: format!("not in canonical form or order: expected '{want}'"),
                });
            }
        }
        Ok(header)
    }
}

/// Appends `field key=value`.
fn push_pair(out: &mut String, field: &str, key: &str, value: &str) {
    out.push_str(field);
    out.push_str(key);
    out.push('=');
    out.push_str(value);
}

/// A header value: one line, no control characters, no surrounding spaces, not empty.
pub(crate) fn check_text(text: &str) -> Result<(), String> {
    if text.is_empty() {
        return Err("empty value".into());
    }
    if text.chars().any(char::is_control) {
        return Err("contains a control character (newline, tab, ...)".into());
    }
    if text.trim() != text {
        return Err("has leading or trailing spaces".into());
    }
    Ok(())
}

/// An option or tag key: letters, digits, `_`, `-`, `.`.
pub(crate) fn check_key(key: &str) -> Result<(), String> {
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c)) {
        return Err(format!("'{key}' must be letters, digits, '_', '-' or '.'"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Header {
        let mut h = Header::new(
            "senet",
            1,
            vec!["Ann".into(), "?".into()],
            ChanceMode::Seeded { commitment: [7; 32] },
        );
        h.id = Some([0xab; 16]);
        h.created = Some("2026-11-22T02:00:00Z".into());
        h.options.insert("variant".into(), "kendall".into());
        h.tags.insert("Event".into(), "Club night = fun".into());
        h.start = Some("x y z".into());
        h
    }

    #[test]
    fn canonical_lines_read_back() {
        let h = sample();
        let lines = h.canonical_lines();
        assert_eq!(lines[0], "kifu 2");
        assert_eq!(lines[1], format!("id {}", "ab".repeat(16)));
        assert_eq!(lines[5], "option variant=kendall");
        assert_eq!(lines[8], "tag Event=Club night = fun");
        assert_eq!(h.id(), "ab".repeat(16));
        let back = Header::parse(&lines.iter().map(String::as_str).collect::<Vec<_>>()).unwrap();
        assert_eq!(back, h);
        h.validate().unwrap();
    }

    #[test]
    fn out_of_order_and_bad_fields_are_named() {
        let err = Header::parse(&["game senet", "kifu 1", "rules 1", "chance observed"]).unwrap_err();
        assert_eq!(err.line, 1);
        let err = Header::parse(&["kifu 1", "game senet", "rules one", "chance observed"]).unwrap_err();
        assert_eq!(err.line, 3);
        assert!(err.reason.contains("not a number"));
        let err = Header::parse(&["kifu 1", "game senet", "rules 1", "player 2 Bob", "chance observed"]).unwrap_err();
        assert!(err.reason.contains("expected player 1"));
        let err = Header::parse(&["kifu 1", "game senet", "rules 1"]).unwrap_err();
        assert!(err.reason.contains("no 'chance'"));
    }

    #[test]
    fn format_1_has_no_id_and_format_2_needs_one() {
        let old = Header::parse(&["kifu 1", "game senet", "rules 1", "chance observed"]).unwrap();
        assert_eq!(old.id, None);
        assert_eq!(old.id().len(), 12, "a format-1 id is the header hash's first 12 digits");
        let id = format!("id {}", "0f".repeat(16));
        let err = Header::parse(&["kifu 1", &id, "game senet", "rules 1", "chance observed"]).unwrap_err();
        assert!(err.reason.contains("format-1"), "{}", err.reason);
        let err = Header::parse(&["kifu 2", "game senet", "rules 1", "chance observed"]).unwrap_err();
        assert!(err.reason.contains("'id'"), "{}", err.reason);
        let new = Header::parse(&["kifu 2", &id, "game senet", "rules 1", "chance observed"]).unwrap();
        assert_eq!(new.id(), "0f".repeat(16));
        let upper = format!("id {}", "0F".repeat(16));
        assert!(Header::parse(&["kifu 2", &upper, "game senet", "rules 1", "chance observed"]).is_err());
    }

    #[test]
    fn the_quick_check_agrees_with_the_round_trip() {
        let mut headers = vec![sample()];
        let mut edit = |change: &dyn Fn(&mut Header)| {
            let mut h = sample();
            change(&mut h);
            headers.push(h);
        };
        edit(&|h| h.id = None);
        edit(&|h| h.format = 1);
        edit(&|h| {
            h.format = 1;
            h.id = None;
        });
        edit(&|h| h.format = 3);
        edit(&|h| h.format = 0);
        edit(&|h| h.game = String::new());
        edit(&|h| h.game = " senet".into());
        edit(&|h| h.game = "two words".into());
        edit(&|h| h.created = Some("now ".into()));
        edit(&|h| h.start = Some(String::new()));
        edit(&|h| h.start = Some("a\tb".into()));
        for value in [
            "",
            " lead",
            "trail ",
            "in side",
            "a=b",
            "new\nline",
            "\u{a0}",
            "x\u{2003}",
        ] {
            edit(&|h| {
                h.tags.insert("Annotator".into(), value.into());
            });
            edit(&|h| {
                h.options.insert("variant".into(), value.into());
            });
            edit(&|h| h.players[0] = value.into());
        }
        for key in ["", "a=b", "with space", "Ünicode", "ok_key-1.2"] {
            edit(&|h| {
                h.tags.insert(key.into(), "v".into());
            });
        }
        let mut quick = 0;
        for h in &headers {
            assert_eq!(h.validate(), h.round_trip(), "{h:?}");
            quick += usize::from(h.plainly_valid());
            if h.plainly_valid() {
                h.round_trip().unwrap();
            }
        }
        assert!(quick > 10 && quick < headers.len() - 10, "{quick} of {}", headers.len());
        // The text is the lines, each ended by a newline.
        let h = sample();
        assert_eq!(h.canonical_text(), format!("{}\n", h.canonical_lines().join("\n")));
    }

    #[test]
    fn values_with_newlines_are_refused() {
        let mut h = sample();
        h.tags.insert("Site".into(), "two\nlines".into());
        assert!(h.validate().is_err());
    }
}
