//! One entry of a record and its canonical line:
//! `SEQ ACTOR COMMAND` optionally followed by ` ;` and ` t=TIME` and/or ` s=STATEHASH`.

use super::{hex, Actor};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// 1-based position in the record.
    pub seq: u64,
    pub actor: Actor,
    /// The game's canonical command text.
    pub command: String,
    /// Wall-clock time the entry was made (RFC 3339), when the recorder keeps it.
    pub time: Option<String>,
    /// The first 8 bytes of the blake3 hash of the game state after this entry.
    pub state: Option<[u8; 8]>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct EntryError {
    pub reason: String,
}

fn fail(reason: impl Into<String>) -> EntryError {
    EntryError { reason: reason.into() }
}

/// A command text fits on a canonical line: not empty, one line, no `;`, no surrounding spaces.
pub fn check_command(command: &str) -> Result<(), EntryError> {
    if is_plain_ascii(command, b";") {
        return Ok(());
    }
    if command.is_empty() {
        return Err(fail("empty command"));
    }
    if command.chars().any(|c| c.is_control() || c == ';') {
        return Err(fail(format!(
            "command '{}' holds a control character or ';'",
            command.escape_debug()
        )));
    }
    if command.trim() != command {
        return Err(fail(format!("command '{command}' has leading or trailing spaces")));
    }
    Ok(())
}

impl Entry {
    pub fn canonical_line(&self) -> String {
        let mut line = String::with_capacity(self.command.len() + 32);
        self.write_canonical_line(&mut line);
        line
    }

    /// Appends the canonical line to `out` (what the chain hashes), without the allocations
    /// of formatting: replay writes one a entry.
    pub fn write_canonical_line(&self, out: &mut String) {
        push_decimal(out, self.seq);
        out.push(' ');
        self.actor.write_to(out);
        out.push(' ');
        out.push_str(&self.command);
        if self.time.is_some() || self.state.is_some() {
            out.push_str(" ;");
            if let Some(time) = &self.time {
                out.push_str(" t=");
                out.push_str(time);
            }
            if let Some(state) = &self.state {
                out.push_str(" s=");
                hex::push(out, state);
            }
        }
    }

    /// Reads a canonical line back; anything that would not print the same is refused.
    pub fn parse_line(line: &str) -> Result<Entry, EntryError> {
        let (body, meta) = split_meta(line);
        let mut parts = body.splitn(3, ' ');
        let seq_text = parts.next().unwrap_or("");
        let seq: u64 = seq_text
            .parse()
            .map_err(|_| fail(format!("'{seq_text}' is not a sequence number")))?;
        let actor_text = parts.next().ok_or_else(|| fail("no actor"))?;
        let actor = Actor::parse(actor_text)
            .ok_or_else(|| fail(format!("'{actor_text}' is not an actor (p1, p2, ..., chance, arbiter)")))?;
        let command = parts.next().ok_or_else(|| fail("no command"))?;
        check_command(command)?;
        let mut entry = Entry {
            seq,
            actor,
            command: command.to_string(),
            time: None,
            state: None,
        };
        if let Some(meta) = meta {
            for field in meta.split(' ').skip(1) {
                match field.split_once('=') {
                    Some(("t", time)) if entry.time.is_none() && entry.state.is_none() && !time.is_empty() => {
                        entry.time = Some(time.to_string())
                    }
                    Some(("s", hash)) if entry.state.is_none() => {
                        entry.state = Some(
                            hex::decode_exact(hash)
                                .ok_or_else(|| fail(format!("state hash '{hash}' is not 16 hex digits")))?,
                        );
                    }
                    _ => return Err(fail(format!("unexpected field '{field}' after ';'"))),
                }
            }
        }
        // What would print differently, found without printing: the body is `seq_text`, the
        // actor's text (`Actor::parse` reads only what `Display` writes) and the command, as
        // printed, so only the number can differ; the fields read are those printed, in the
        // printed order, each as printed (`decode_exact` reads only lower-case hex), so `meta`
        // prints the same exactly when it opens with their space (one or more fields then
        // follow). A line whose `;` has no field prints without it, and is refused likewise.
        if !is_decimal(seq_text) || meta.is_some_and(|meta| !meta.starts_with(' ')) {
            return Err(fail("not in canonical form"));
        }
        Ok(entry)
    }
}

/// `line` split at its first ` ;`: (the entry, the fields after the `;`), as
/// `line.split_once(" ;")` splits it, looking for the rare `;` byte rather than the pair.
fn split_meta(line: &str) -> (&str, Option<&str>) {
    let bytes = line.as_bytes();
    let mut from = 0;
    while let Some(at) = bytes[from..].iter().position(|&b| b == b';') {
        let semicolon = from + at;
        if semicolon > 0 && bytes[semicolon - 1] == b' ' {
            // Both bytes are ASCII, so both cuts fall between characters.
            return (&line[..semicolon - 1], Some(&line[semicolon + 1..]));
        }
        from = semicolon + 1;
    }
    (line, None)
}

/// Whether `text` is a number as `push_decimal` writes it: digits only, no leading zero.
fn is_decimal(text: &str) -> bool {
    let bytes = text.as_bytes();
    !bytes.is_empty() && bytes.iter().all(u8::is_ascii_digit) && (bytes[0] != b'0' || bytes.len() == 1)
}

/// Appends `n` in decimal.
pub fn push_decimal(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(d as char);
    }
}

/// Whether `text` is ASCII that plainly fits a canonical line: not empty, no control character,
/// none of the bytes `refused`, no space first or last. Only then is `text.trim() == text` for
/// it (every other ASCII blank is a control character), so callers skip the general checks.
pub(crate) fn is_plain_ascii(text: &str, refused: &[u8]) -> bool {
    let bytes = text.as_bytes();
    matches!((bytes.first(), bytes.last()), (Some(&first), Some(&last)) if first != b' ' && last != b' ')
        && bytes
            .iter()
            .all(|&b| (b' '..0x7f).contains(&b) && !refused.contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip() {
        let e = Entry {
            seq: 12,
            actor: Actor::Seat(1),
            command: "move 14".into(),
            time: Some("2026-11-22T02:00:00Z".into()),
            state: Some([1, 2, 3, 4, 5, 6, 7, 8]),
        };
        let line = e.canonical_line();
        assert_eq!(line, "12 p2 move 14 ; t=2026-11-22T02:00:00Z s=0102030405060708");
        assert_eq!(Entry::parse_line(&line).unwrap(), e);
        let bare = Entry {
            seq: 1,
            actor: Actor::Chance,
            command: "3".into(),
            time: None,
            state: None,
        };
        assert_eq!(Entry::parse_line("1 chance 3").unwrap(), bare);
    }

    #[test]
    fn decimals_are_written_as_format_writes_them() {
        for n in [0, 1, 9, 10, 99, 100, 12345, u64::MAX] {
            let mut out = String::from("x");
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
        for actor in [
            Actor::Seat(0),
            Actor::Seat(9),
            Actor::Seat(255),
            Actor::Chance,
            Actor::Arbiter,
            Actor::Note,
        ] {
            let mut out = String::new();
            actor.write_to(&mut out);
            assert_eq!(out, actor.to_string());
        }
    }

    /// The plain ASCII shortcut says yes only where the general checks do, and to every plain
    /// ASCII command.
    #[test]
    fn the_plain_ascii_shortcut_agrees_with_the_general_checks() {
        for text in [
            "", " ", "a", "e4", "Nbd7+", "a b", " a", "a ", "a;b", "a\tb", "a\u{7f}", "\u{85}a", "é", "a\\b", "~",
        ] {
            let general = !text.is_empty() && text.trim() == text && !text.chars().any(|c| c.is_control() || c == ';');
            if super::is_plain_ascii(text, b";") {
                assert!(general, "{text:?}");
            } else if text.is_ascii() {
                assert!(!general, "{text:?}");
            }
            assert_eq!(check_command(text).is_ok(), general, "{text:?}");
        }
    }

    /// Every printed line reads back as its entry, and a line read back prints as it is: with
    /// each byte of printed lines dropped, doubled or changed to one of the bytes the format
    /// gives a meaning, what is read prints the same and what is not is refused.
    #[test]
    fn a_line_reads_back_exactly_when_it_prints_the_same() {
        let mut entries = Vec::new();
        for (seq, actor) in [
            (0, Actor::Seat(0)),
            (1, Actor::Seat(1)),
            (10, Actor::Seat(254)),
            (907, Actor::Chance),
            (u64::MAX, Actor::Arbiter),
            (42, Actor::Note),
        ] {
            for command in ["e4", "move 14 b", "[%clk 0:03:00] d\u{e9}j\u{e0}", "a=b"] {
                for time in [None, Some("2026-11-22T02:00:00Z"), Some("x;y=z")] {
                    for state in [None, Some([0, 1, 0xab, 0xff, 4, 5, 6, 7])] {
                        entries.push(Entry {
                            seq,
                            actor,
                            command: command.into(),
                            time: time.map(Into::into),
                            state,
                        });
                    }
                }
            }
        }
        let mut tried = 0;
        for entry in &entries {
            let line = entry.canonical_line();
            assert_eq!(Entry::parse_line(&line).as_ref(), Ok(entry), "{line}");
            let bytes = line.as_bytes();
            for at in 0..bytes.len() {
                let mut changed: Vec<Vec<u8>> = vec![
                    [&bytes[..at], &bytes[at + 1..]].concat(),
                    [&bytes[..at], &bytes[at..]].concat(),
                    [&bytes[..=at], &bytes[at..]].concat(),
                ];
                for b in *b" ;=0+pstABF\t" {
                    changed.push([&bytes[..at], &[b][..], &bytes[at + 1..]].concat());
                    changed.push([&bytes[..at], &[b][..], &bytes[at..]].concat());
                }
                for text in changed.iter().filter_map(|c| std::str::from_utf8(c).ok()) {
                    tried += 1;
                    if let Ok(read) = Entry::parse_line(text) {
                        assert_eq!(read.canonical_line(), text, "read from {text:?}");
                    }
                }
            }
            for tail in [" ;", " ; ", " ;  s=0000000000000000", " ;t=1", " ;x s=0000000000000000"] {
                let text = format!(
                    "{}{tail}",
                    Entry {
                        time: None,
                        state: None,
                        ..entry.clone()
                    }
                    .canonical_line()
                );
                assert!(Entry::parse_line(&text).is_err(), "{text:?}");
            }
        }
        assert!(tried > 50_000, "{tried}");
    }

    #[test]
    fn bad_lines_say_why() {
        assert!(Entry::parse_line("x p1 a").unwrap_err().reason.contains("sequence"));
        assert!(Entry::parse_line("1 p0 a").unwrap_err().reason.contains("actor"));
        assert!(Entry::parse_line("1 p1").unwrap_err().reason.contains("no command"));
        assert!(Entry::parse_line("1 p1 a ; s=12")
            .unwrap_err()
            .reason
            .contains("16 hex"));
        assert!(Entry::parse_line("1 p1  a").is_err());
        assert!(Entry::parse_line("01 p1 a").is_err());
        for (line, reason) in [
            ("01 p1 a", "not in canonical form"),
            ("+1 p1 a", "not in canonical form"),
            ("1 p1 a ;", "not in canonical form"),
            ("1 p1 a ;x t=1", "not in canonical form"),
            (
                "1 p1 a ; s=0123456789ABCDEF",
                "state hash '0123456789ABCDEF' is not 16 hex digits",
            ),
            ("1 p1 a ; s=0123456789abcdef t=1", "unexpected field 't=1' after ';'"),
            ("1 p1 a;b", "command 'a;b' holds a control character or ';'"),
            ("1 p1 a ;; t=1", "not in canonical form"),
        ] {
            assert_eq!(Entry::parse_line(line).unwrap_err().reason, reason, "{line}");
        }
    }
}
