//! A small XML reader for RenjuNet databases: elements with attributes and text, with line
//! numbers, the five named entities and numeric character references. It skips
//! declarations, comments and doctypes, and reports malformed markup by line; it never
//! panics and builds no tree.

/// One piece of an XML document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Start {
        name: String,
        attrs: Vec<(String, String)>,
        /// `<x/>`: no end tag follows.
        empty: bool,
        line: usize,
    },
    End {
        name: String,
    },
    Text(String),
}

/// The value of attribute `key`, if present.
pub fn attr<'a>(attrs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// Replaces `&amp;` and the like; an unknown entity is kept as written.
pub fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find(';').filter(|e| *e <= 10);
        let decoded = end.and_then(|e| {
            let name = &tail[1..e];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => {
                    let code = match name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok(),
                        None => name.strip_prefix('#').and_then(|d| d.parse().ok()),
                    };
                    code.and_then(char::from_u32)
                }
            };
            c.map(|c| (c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &tail[e + 1..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Escapes text for an attribute or element.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn lines_in(text: &str) -> usize {
    text.matches('\n').count()
}

fn tag(body: &str, line: usize) -> Result<Event, String> {
    if let Some(name) = body.strip_prefix('/') {
        return Ok(Event::End {
            name: name.trim().to_string(),
        });
    }
    let (body, empty) = match body.strip_suffix('/') {
        Some(b) => (b, true),
        None => (body, false),
    };
    let body = body.trim();
    let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
    let name = body[..name_end].to_string();
    if name.is_empty() {
        return Err("an element without a name".into());
    }
    let mut attrs = Vec::new();
    let mut rest = body[name_end..].trim_start();
    while !rest.is_empty() {
        let eq = rest
            .find('=')
            .ok_or_else(|| format!("attribute '{rest}' in <{name}> has no value"))?;
        let key = rest[..eq].trim().to_string();
        let after = rest[eq + 1..].trim_start();
        let quote = after.chars().next().filter(|c| *c == '"' || *c == '\'');
        let Some(quote) = quote else {
            return Err(format!("attribute {key} in <{name}> is not quoted"));
        };
        let close = after[1..]
            .find(quote)
            .ok_or_else(|| format!("attribute {key} in <{name}> is not closed"))?;
        attrs.push((key, unescape(&after[1..1 + close])));
        rest = after[close + 2..].trim_start();
    }
    Ok(Event::Start {
        name,
        attrs,
        empty,
        line,
    })
}

/// Reads a whole document into events; on malformed markup, the events so far and the error.
pub fn events(text: &str) -> (Vec<Event>, Option<(usize, String)>) {
    let mut out = Vec::new();
    let mut rest = text;
    let mut line = 1;
    while !rest.is_empty() {
        let Some(open) = rest.find('<') else {
            out.push(Event::Text(unescape(rest)));
            break;
        };
        if open > 0 {
            out.push(Event::Text(unescape(&rest[..open])));
            line += lines_in(&rest[..open]);
        }
        rest = &rest[open..];
        let (close_mark, skip) = if rest.starts_with("<!--") {
            ("-->", true)
        } else if rest.starts_with("<![CDATA[") {
            ("]]>", false)
        } else if rest.starts_with("<?") || rest.starts_with("<!") {
            (">", true)
        } else {
            (">", false)
        };
        let Some(end) = rest.find(close_mark) else {
            return (out, Some((line, "markup is not closed".into())));
        };
        let whole = &rest[..end + close_mark.len()];
        if rest.starts_with("<![CDATA[") {
            out.push(Event::Text(whole[9..whole.len() - 3].to_string()));
        } else if !skip {
            match tag(&whole[1..whole.len() - 1], line) {
                Ok(event) => out.push(event),
                Err(why) => return (out, Some((line, why))),
            }
        }
        line += lines_in(whole);
        rest = &rest[end + close_mark.len()..];
    }
    (out, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_elements_attributes_and_entities() {
        let (events, error) = events("<?xml version=\"1.0\"?>\n<a x=\"1 &amp; 2\">t&lt;<b y='&#65;'/></a>");
        assert_eq!(error, None);
        assert_eq!(events.len(), 5, "{events:?}");
        assert!(matches!(&events[0], Event::Text(t) if t == "\n"));
        assert!(
            matches!(&events[1], Event::Start { name, attrs, line: 2, .. } if name == "a" && attrs[0].1 == "1 & 2")
        );
        assert!(matches!(&events[3], Event::Start { attrs, empty: true, .. } if attrs[0].1 == "A"));
        for bad in ["<a x=1>", "<a x=\"1>", "<a", "< >"] {
            assert!(super::events(bad).1.is_some(), "{bad}");
        }
        assert_eq!(unescape("&bogus; & &#xZZ;"), "&bogus; & &#xZZ;");
    }
}
