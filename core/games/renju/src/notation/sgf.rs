//! SGF for five in a row (`GM[4]`): x letters from the left, y letters from the top, so a1 is
//! `ao` on 15x15. Reads every game of a collection along its main line (the first variation
//! at each branch), with players, event, round, date, place, result, a set-up (AB, AW, PL) and
//! kifu's game and options in `RU` (`RU[renju fouls=claim]`); writes the same. A win by a
//! claimed foul is `RE[W+F]` with `C[claim h8]` on the last node, read back as that claim.
//! Text only.

use super::result::{ending, read_rules_text, rules_text, Ending};
use super::{clean, draft, push, stones, tag, Colour, Point, Stones};
use crate::position::Position;
use kifu_core::format::{Draft, Format, FormatError};
use kifu_core::record::Record;

pub struct Sgf;

pub static FORMAT: Sgf = Sgf;

/// One node: its properties with their values, and the line it starts on.
struct Node {
    props: Vec<(String, Vec<String>)>,
    line: usize,
}

impl Node {
    fn get(&self, key: &str) -> Option<&[String]> {
        self.props.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_slice())
    }
    fn first(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(|v| v.first()).map(String::as_str)
    }
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
}

impl Reader {
    fn peek(&mut self) -> Option<char> {
        while let Some(c) = self.chars.get(self.at).copied() {
            if !c.is_whitespace() {
                return Some(c);
            }
            if c == '\n' {
                self.line += 1;
            }
            self.at += 1;
        }
        None
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.at).copied();
        self.at += 1;
        if c == Some('\n') {
            self.line += 1;
        }
        c
    }
    fn fail<T>(&self, why: impl Into<String>) -> Result<T, FormatError> {
        Err(FormatError::at_line(self.line, why))
    }

    /// A game tree after its `(`: the main line's nodes; later variations are skipped.
    fn tree(&mut self, depth: usize) -> Result<Vec<Node>, FormatError> {
        if depth > 1_000 {
            return self.fail("variations nested too deeply");
        }
        let mut nodes = Vec::new();
        let mut took_child = false;
        loop {
            match self.peek() {
                Some(';') => {
                    self.bump();
                    let line = self.line;
                    let props = self.props()?;
                    if !took_child {
                        nodes.push(Node { props, line });
                    }
                }
                Some('(') => {
                    self.bump();
                    let child = self.tree(depth + 1)?;
                    if !took_child {
                        nodes.extend(child);
                        took_child = true;
                    }
                }
                Some(')') => {
                    self.bump();
                    return Ok(nodes);
                }
                Some(c) => return self.fail(format!("'{c}' where a node ';' or a variation was due")),
                None => return self.fail("the file ends inside a game (a ')' is missing)"),
            }
        }
    }

    fn props(&mut self) -> Result<Vec<(String, Vec<String>)>, FormatError> {
        let mut props = Vec::new();
        while let Some(c) = self.peek() {
            if !c.is_ascii_alphabetic() {
                break;
            }
            let mut key = String::new();
            while let Some(c) = self.chars.get(self.at).copied().filter(char::is_ascii_alphabetic) {
                key.push(c);
                self.at += 1;
            }
            let mut values = Vec::new();
            while self.peek() == Some('[') {
                self.bump();
                let mut value = String::new();
                loop {
                    match self.bump() {
                        Some('\\') => value.extend(self.bump()),
                        Some(']') => break,
                        Some(c) => value.push(c),
                        None => return self.fail(format!("property {key} is not closed with ']'")),
                    }
                }
                values.push(value);
            }
            if values.is_empty() {
                return self.fail(format!("property {key} has no value"));
            }
            props.push((key, values));
        }
        Ok(props)
    }
}

/// An SGF point (`hh`) on a board of `size`; `None` for a pass (empty or `tt`).
fn point(value: &str, size: u8, line: usize) -> Result<Option<Point>, FormatError> {
    let bytes = value.as_bytes();
    if value.is_empty() || (value == "tt" && size <= 19) {
        return Ok(None);
    }
    match bytes {
        [x @ b'a'..=b'z', y @ b'a'..=b'z'] if (x - b'a') < size && (y - b'a') < size => {
            Ok(Some(Point::new(x - b'a', size - 1 - (y - b'a'))))
        }
        _ => Err(FormatError::at_line(
            line,
            format!("'{value}' is not a point on the {size}x{size} board"),
        )),
    }
}

fn sgf_point(p: Point, size: u8) -> String {
    format!("{}{}", (b'a' + p.x) as char, (b'a' + (size - 1 - p.y)) as char)
}

fn game(nodes: &[Node], start_line: usize) -> Result<Draft, FormatError> {
    let Some(root) = nodes.first() else {
        return Err(FormatError::at_line(start_line, "an empty game"));
    };
    if let Some(gm) = root.first("GM") {
        if gm.trim() != "4" {
            return Err(FormatError::at_line(
                root.line,
                format!("GM[{gm}] is not five in a row (GM[4])"),
            ));
        }
    }
    let size = match root.first("SZ") {
        None => 15,
        Some(text) => {
            let parts: Vec<&str> = text.split(':').map(str::trim).collect();
            match parts.first().and_then(|s| s.parse::<u8>().ok()) {
                Some(n) if (5..=26).contains(&n) && parts.len() <= 2 && parts.iter().all(|p| *p == n.to_string()) => n,
                _ => {
                    return Err(FormatError::at_line(
                        root.line,
                        format!("SZ[{text}] is not a square board of 5 to 26"),
                    ))
                }
            }
        }
    };
    let mut d = draft(if size == 15 { "renju" } else { "gomoku" }, size, root.line);
    let names = [root.first("PB").and_then(clean), root.first("PW").and_then(clean)];
    if names.iter().any(Option::is_some) {
        d.players = names.iter().map(|n| n.clone().unwrap_or_else(|| "?".into())).collect();
    }
    for (key, prop) in [("event", "EV"), ("round", "RO"), ("date", "DT"), ("site", "PC")] {
        tag(&mut d, key, root.first(prop).unwrap_or(""));
    }
    if let Some((game, options)) = root.first("RU").and_then(read_rules_text) {
        d.game = game.to_string();
        // The board size is SZ's to say.
        d.options.extend(options.into_iter().filter(|(k, _)| k != "size"));
    }
    if let Some(re) = root.first("RE") {
        let re = re.trim();
        let result = match re.chars().next() {
            Some('B' | 'b') => "black",
            Some('W' | 'w') => "white",
            Some('0' | 'D' | 'd') => "draw",
            _ => re,
        };
        tag(&mut d, "result", result);
    }
    let mut first = Colour::Black;
    if root.get("AB").is_some() || root.get("AW").is_some() {
        let list = |key: &str| -> Result<String, FormatError> {
            let mut out = Vec::new();
            for v in root.get(key).unwrap_or(&[]) {
                if let Some(p) = point(v, size, root.line)? {
                    out.push(p.text());
                }
            }
            Ok(out.join(","))
        };
        let (b, w) = (list("AB")?, list("AW")?);
        let to = match root.first("PL") {
            Some("W" | "w") => "w",
            _ => "b",
        };
        let position =
            Position::parse(&format!("b:{b} w:{w} to:{to}"), size).map_err(|e| FormatError::at_line(root.line, e))?;
        first = position.to_move;
        d.start = Some(position.text());
    }
    if root.get("AE").is_some() {
        return Err(FormatError::at_line(
            root.line,
            "AE (stones removed) in the root: a set-up is given by AB and AW alone",
        ));
    }
    // Set-up stones after the root would change the board between moves, which a record of
    // play cannot hold: refused, never skipped.
    for node in &nodes[1..] {
        if let Some(prop) = ["AB", "AW", "AE"].into_iter().find(|p| node.get(p).is_some()) {
            return Err(FormatError::at_line(
                node.line,
                format!("{prop} (set-up stones) after the first node: only the root may set stones up"),
            ));
        }
    }
    let mut expected = first;
    for node in nodes {
        for (key, colour) in [("B", Colour::Black), ("W", Colour::White)] {
            let Some(value) = node.first(key) else { continue };
            if colour != expected {
                return Err(FormatError::at_line(
                    node.line,
                    format!("a {} move where {} is to move", colour.name(), expected.name()),
                ));
            }
            let text = point(value, size, node.line)?.map_or("pass".to_string(), Point::text);
            push(&mut d, text, node.line);
            expected = expected.other();
        }
    }
    if let Some(claim) = claim_of(root, nodes) {
        let line = nodes.last().map_or(root.line, |n| n.line);
        push(&mut d, claim, line);
    }
    Ok(d)
}

/// The claim a game ended on: `C[claim h8]` on its last node, in a game won by a foul
/// (`RE[W+F]`, `RE[B+Forfeit]`), as `write` puts it.
fn claim_of(root: &Node, nodes: &[Node]) -> Option<String> {
    let re = root.first("RE")?.trim().to_ascii_lowercase();
    let reason = re.strip_prefix("w+").or_else(|| re.strip_prefix("b+"))?;
    if !reason.starts_with('f') {
        return None;
    }
    let comment = nodes.last()?.first("C")?.trim();
    let point = comment.strip_prefix("claim ")?.trim();
    Some(format!("claim {point}"))
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

fn write_stones(record: &Record, s: &Stones) -> String {
    let mut out = format!(
        "(;GM[4]FF[4]CA[UTF-8]AP[kifu]SZ[{}]RU[{}]",
        s.size,
        escape(&rules_text(record))
    );
    let names = [("PB", Colour::Black), ("PW", Colour::White)];
    for (prop, colour) in names {
        out.push_str(&format!("{prop}[{}]", escape(super::player(record, s, colour))));
    }
    for (key, prop) in [("event", "EV"), ("round", "RO"), ("date", "DT"), ("site", "PC")] {
        if let Some(v) = record.header.tags.get(key) {
            out.push_str(&format!("{prop}[{}]", escape(v)));
        }
    }
    let ending = ending(record, s);
    let re = match &ending {
        Some(Ending::Win { winner, foul, .. }) => {
            let side = if *winner == Colour::Black { "B" } else { "W" };
            format!("{side}+{}", if *foul { "F" } else { "" })
        }
        Some(Ending::Draw) => "0".to_string(),
        Some(Ending::Other(text)) => text.clone(),
        None => String::new(),
    };
    if !re.is_empty() {
        out.push_str(&format!("RE[{}]", escape(&re)));
    }
    if let Some(start) = &s.start {
        for (prop, colour) in [("AB", Colour::Black), ("AW", Colour::White)] {
            let list = start.board.stones(colour);
            if !list.is_empty() {
                out.push_str(prop);
                for p in list {
                    out.push_str(&format!("[{}]", sgf_point(p, s.size)));
                }
            }
        }
        out.push_str(if start.to_move == Colour::White {
            "PL[W]"
        } else {
            "PL[B]"
        });
    }
    for (i, m) in s.moves.iter().enumerate() {
        let colour = if s.colour(i) == Colour::Black { 'B' } else { 'W' };
        let value = m.map_or(String::new(), |p| sgf_point(p, s.size));
        out.push_str(&format!("\n;{colour}[{value}]"));
    }
    if let Some(Ending::Win { claim: Some(p), .. }) = ending {
        out.push_str(&format!("C[claim {}]", p.text()));
    }
    out.push_str(")\n");
    out
}

impl Format for Sgf {
    fn name(&self) -> &'static str {
        "sgf"
    }
    fn describe(&self) -> &'static str {
        "SGF with GM[4] (a1 = ao on 15x15); the main line of each game"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["sgf"]
    }
    fn games(&self) -> &'static [&'static str] {
        super::GAMES
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        let mut reader = Reader {
            chars: text.chars().collect(),
            at: 0,
            line: 1,
        };
        let mut games = Vec::new();
        while let Some(c) = reader.peek() {
            let line = reader.line;
            if c != '(' {
                games.push(reader.fail(format!("'{c}' outside a game (a game starts with '(')")));
                break;
            }
            reader.bump();
            match reader.tree(0) {
                Ok(nodes) => games.push(game(&nodes, line)),
                Err(e) => {
                    games.push(Err(e));
                    break;
                }
            }
        }
        games
    }

    fn write(&self, record: &Record) -> Result<String, FormatError> {
        Ok(write_stones(record, &stones(record)?))
    }
}
