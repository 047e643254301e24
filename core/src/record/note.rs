//! The text of annotation entries (`SEQ note TEXT`): any text, escaped onto one canonical
//! line. `\\` is a backslash, `\n` a line break, `\t` a tab, `\x3b` a semicolon; other control
//! characters become spaces; surrounding spaces are trimmed. Never used for game commands.

/// The canonical text of a note; `None` when nothing is left after trimming.
pub fn escape(raw: &str) -> Option<String> {
    if super::entry::is_plain_ascii(raw, b"\\;") {
        return Some(raw.to_string());
    }
    // Control characters but line breaks and tabs show as spaces; then surrounding white
    // space is trimmed, so a character counts as white space as it is shown.
    let shown = |c: char| {
        if c.is_control() && c != '\n' && c != '\t' {
            ' '
        } else {
            c
        }
    };
    let start = raw.find(|c| !shown(c).is_whitespace())?;
    let last = raw.rfind(|c| !shown(c).is_whitespace())?;
    let end = last + raw[last..].chars().next().map_or(0, char::len_utf8);
    let mut out = String::with_capacity(end - start + 8);
    for c in raw[start..end].chars().map(shown) {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            ';' => out.push_str("\\x3b"),
            c => out.push(c),
        }
    }
    Some(out)
}

/// Whether `text` is a note's canonical form (`escape` of what it stands for gives it back).
pub fn is_canonical(text: &str) -> bool {
    if super::entry::is_plain_ascii(text, b"\\;") {
        return true;
    }
    let plain =
        !text.is_empty() && text.trim() == text && !text.chars().any(|c| c == '\\' || c == ';' || c.is_control());
    plain || escape(&unescape(text)).as_deref() == Some(text)
}

/// The text a note's canonical form stands for.
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let (piece, used) = if tail.starts_with("\\x3b") {
            (";", 4)
        } else if tail.starts_with("\\\\") {
            ("\\", 2)
        } else if tail.starts_with("\\n") {
            ("\n", 2)
        } else if tail.starts_with("\\t") {
            ("\t", 2)
        } else {
            ("\\", 1)
        };
        out.push_str(piece);
        rest = &tail[used..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_round_trip_through_one_line() {
        let raw = "Better was 12...Nf6; see\tthe {line}\nbelow \\ here";
        let text = escape(raw).unwrap();
        assert!(!text.contains(';') && !text.contains('\n'));
        assert_eq!(unescape(&text), raw);
        crate::record::check_command_text(&text).unwrap();
        assert_eq!(escape("  \u{7}  "), None);
        assert_eq!(escape("a\u{7}b").as_deref(), Some("a b"));
        assert_eq!(escape(" a;b\\c\td\n ").as_deref(), Some("a\\x3bb\\\\c\\td"));
    }

    #[test]
    fn escaping_maps_control_characters_then_trims_then_escapes() {
        // The definition in passes: control characters shown as spaces, white space trimmed
        // (`str::trim`), then the rest escaped (which a trimmed text without such controls
        // goes through unchanged but for the escapes).
        let in_passes = |raw: &str| {
            let plain: String = raw
                .chars()
                .map(|c| {
                    if c.is_control() && c != '\n' && c != '\t' {
                        ' '
                    } else {
                        c
                    }
                })
                .collect();
            let trimmed = plain.trim();
            (!trimmed.is_empty()).then(|| escape(trimmed).expect("not empty"))
        };
        for raw in [
            "",
            " ",
            "plain",
            "  lead and trail\t\n",
            "\u{85}nel\u{85}",
            "\u{a0}nbsp\u{a0}",
            "\u{2028}é\u{2028}",
            "\u{7}\u{7}",
            "a;b\\c",
            "\u{1b}[0m x",
            "x \u{3000}",
            "\r\nwindows\r\n",
        ] {
            assert_eq!(escape(raw), in_passes(raw), "{raw:?}");
        }
    }

    #[test]
    fn canonical_notes_are_known_without_escaping() {
        for text in ["plain words", "[%clk 0:05:00]", "a\\nb", "x\\x3by", "é ü"] {
            assert!(is_canonical(text), "{text}");
        }
        for text in ["", " lead", "trail ", "a;b", "a\tb", "a\u{7}b", "a\\qb"] {
            assert_eq!(
                is_canonical(text),
                escape(&unescape(text)).as_deref() == Some(text),
                "{text:?}"
            );
        }
        assert!(!is_canonical("a;b") && !is_canonical(" lead") && !is_canonical(""));
    }
}
