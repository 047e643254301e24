//! RenjuNet XML databases: `<player id name surname>`, `<tournament id name start city>`,
//! `<city id name>` and `<game id tournament round black white bresult>` holding
//! `<move>h8 i9 ...</move>`. Every game becomes a draft (players, event, round, date, site,
//! result, rule name) as free-play Renju with `fouls=claim`, since a tournament foul that was
//! not claimed in time stands; a game that cannot be read is reported alone and the others
//! still import. The rules, not this reader, find illegal games. Text only.

use std::collections::BTreeMap;

use super::result::{ending, Ending};
use super::xml::{attr, escape, events, Event};
use super::{clean, coords, draft, push, stones, tag, Colour, Point};
use kifu_core::format::{Draft, Format, FormatError};
use kifu_core::record::Record;

pub struct RenjuNet;

pub static FORMAT: RenjuNet = RenjuNet;

#[derive(Default)]
struct Tables {
    players: BTreeMap<String, String>,
    cities: BTreeMap<String, String>,
    rules: BTreeMap<String, String>,
    /// id -> (name, start date, city id)
    tournaments: BTreeMap<String, (String, String, String)>,
}

/// A game element as read: its attributes, its move text and its line.
struct RawGame {
    attrs: Vec<(String, String)>,
    moves: Option<String>,
    line: usize,
}

fn result(bresult: &str) -> Option<&'static str> {
    match bresult.trim() {
        "1" | "1.0" => Some("black"),
        "0" | "0.0" => Some("white"),
        "0.5" => Some("draw"),
        _ => None,
    }
}

fn build(raw: &RawGame, tables: &Tables) -> Result<Draft, FormatError> {
    let mut d = draft("renju", 15, raw.line);
    // Tournament records keep a foul that was not claimed in time: the move stands.
    d.options.insert("fouls".into(), "claim".into());
    let name = |key: &str| {
        attr(&raw.attrs, key)
            .and_then(|id| tables.players.get(id).cloned())
            .unwrap_or_else(|| "?".to_string())
    };
    d.players = vec![name("black"), name("white")];
    if let Some(id) = attr(&raw.attrs, "id") {
        tag(&mut d, "renjunet-id", id);
    }
    if let Some((event, start, city)) = attr(&raw.attrs, "tournament").and_then(|t| tables.tournaments.get(t)) {
        tag(&mut d, "event", event);
        tag(&mut d, "date", start);
        if let Some(site) = tables.cities.get(city) {
            tag(&mut d, "site", site);
        }
    }
    tag(&mut d, "round", attr(&raw.attrs, "round").unwrap_or(""));
    if let Some(rule) = attr(&raw.attrs, "rule").and_then(|r| tables.rules.get(r)) {
        tag(&mut d, "renjunet-rule", rule);
    }
    if let Some(r) = attr(&raw.attrs, "bresult").and_then(result) {
        tag(&mut d, "result", r);
    }
    let moves = raw
        .moves
        .as_deref()
        .ok_or_else(|| FormatError::at_line(raw.line, "the game has no <move> element"))?;
    for m in coords::tokens(moves, raw.line)? {
        push(&mut d, m, raw.line);
    }
    Ok(d)
}

fn read_all(text: &str) -> Vec<Result<Draft, FormatError>> {
    let (events, error) = events(text);
    let mut tables = Tables::default();
    let mut games: Vec<RawGame> = Vec::new();
    let mut in_game = false;
    let mut in_move = false;
    for event in events {
        match event {
            Event::Start {
                name,
                attrs,
                empty,
                line,
            } => match name.as_str() {
                "player" => {
                    let full = [attr(&attrs, "name"), attr(&attrs, "surname")]
                        .iter()
                        .flatten()
                        .copied()
                        .collect::<Vec<_>>()
                        .join(" ");
                    if let (Some(id), Some(full)) = (attr(&attrs, "id"), clean(&full)) {
                        tables.players.insert(id.to_string(), full);
                    }
                }
                "city" | "rule" => {
                    if let (Some(id), Some(n)) = (attr(&attrs, "id"), attr(&attrs, "name")) {
                        let table = if name == "city" {
                            &mut tables.cities
                        } else {
                            &mut tables.rules
                        };
                        table.insert(id.to_string(), n.to_string());
                    }
                }
                "tournament" => {
                    if let Some(id) = attr(&attrs, "id") {
                        let get = |k: &str| attr(&attrs, k).unwrap_or("").to_string();
                        tables
                            .tournaments
                            .insert(id.to_string(), (get("name"), get("start"), get("city")));
                    }
                }
                "game" => {
                    games.push(RawGame {
                        attrs,
                        moves: None,
                        line,
                    });
                    in_game = !empty;
                }
                "move" if in_game => {
                    in_move = !empty;
                    if let Some(game) = games.last_mut() {
                        game.moves.get_or_insert_with(String::new);
                    }
                }
                _ => {}
            },
            Event::End { name } => match name.as_str() {
                "game" => in_game = false,
                "move" => in_move = false,
                _ => {}
            },
            Event::Text(t) if in_move => {
                if let Some(moves) = games.last_mut().and_then(|g| g.moves.as_mut()) {
                    moves.push_str(&t);
                    moves.push(' ');
                }
            }
            Event::Text(_) => {}
        }
    }
    let mut drafts: Vec<Result<Draft, FormatError>> = games.iter().map(|g| build(g, &tables)).collect();
    for (index, d) in drafts.iter_mut().enumerate() {
        if let Err(e) = d {
            e.game = Some(index + 1);
        }
    }
    if let Some((line, why)) = error {
        drafts.push(Err(FormatError::at_line(
            line,
            format!("the XML breaks off here: {why}"),
        )));
    }
    if drafts.is_empty() {
        drafts.push(Err(FormatError::new(
            "no <game> element found: not a RenjuNet database",
        )));
    }
    drafts
}

impl Format for RenjuNet {
    fn name(&self) -> &'static str {
        "renjunet"
    }
    fn describe(&self) -> &'static str {
        "RenjuNet XML database (players, tournaments, games with move strings and results)"
    }
    fn extensions(&self) -> &'static [&'static str] {
        &["xml"]
    }
    fn games(&self) -> &'static [&'static str] {
        &["renju"]
    }

    fn read(&self, text: &str) -> Vec<Result<Draft, FormatError>> {
        read_all(text)
    }

    /// A database of this one game.
    fn write(&self, record: &Record) -> Result<String, FormatError> {
        let s = stones(record)?;
        if s.size != 15 || s.start.is_some() {
            return Err(FormatError::new("a RenjuNet game is a 15x15 game from the empty board"));
        }
        let tags = &record.header.tags;
        let get = |k: &str| escape(tags.get(k).map_or("", String::as_str));
        let mut moves = Vec::new();
        for (i, m) in s.moves.iter().enumerate() {
            let p: &Point = m.as_ref().ok_or_else(|| {
                FormatError::new(format!("a RenjuNet move string cannot hold a pass (move {})", i + 1))
            })?;
            moves.push(p.text());
        }
        // The rules' result when the game is over, else the result tag; how it was won (a
        // claimed foul) has no place in a RenjuNet game.
        let bresult = match ending(record, &s) {
            Some(Ending::Win {
                winner: Colour::Black, ..
            }) => " bresult=\"1\"",
            Some(Ending::Win {
                winner: Colour::White, ..
            }) => " bresult=\"0\"",
            Some(Ending::Draw) => " bresult=\"0.5\"",
            _ => "",
        };
        let name = |c: Colour| escape(super::player(record, &s, c));
        Ok(format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database>\n<players>\n\
             <player id=\"1\" name=\"{}\" surname=\"\"/>\n<player id=\"2\" name=\"{}\" surname=\"\"/>\n</players>\n\
             <cities>\n<city id=\"1\" name=\"{}\"/>\n</cities>\n\
             <tournaments>\n<tournament id=\"1\" name=\"{}\" start=\"{}\" city=\"1\"/>\n</tournaments>\n\
             <games>\n<game id=\"1\" tournament=\"1\" round=\"{}\" black=\"1\" white=\"2\"{bresult}>\n\
             <move>{}</move>\n</game>\n</games>\n</database>\n",
            name(Colour::Black),
            name(Colour::White),
            get("site"),
            get("event"),
            get("date"),
            get("round"),
            moves.join(" ")
        ))
    }
}
