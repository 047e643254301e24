//! Shared helpers for the tests of the variants on other boards: a game through the registry,
//! moves by text, the ending, a record's PGN and UCI round trip, and a position's legal moves
//! as sorted UCI. Helpers only; the tests live in each variant's file.

use std::collections::BTreeMap;

use kifu_core::format::{build, Format};
use kifu_core::game::Match;
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::Replay;
use kifu_core::rules::{Setup, Turn};

use crate::fen::parse_fen;
use crate::movegen::legal_moves;
use crate::uci::move_to_uci;
use crate::variant::Variant;

/// A game of `name` from its start or a FEN.
pub fn start(name: &str, fen: Option<&str>) -> Result<Box<dyn Match>, String> {
    let options = BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: fen,
    };
    let g = crate::registry().find(name).ok_or("no such game")?;
    g.start(&setup).map_err(|e| e.reason)
}

/// Plays `moves` in turn; returns their canonical texts.
pub fn play(m: &mut Box<dyn Match>, moves: &[&str]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for text in moves {
        let Turn::Seat { seat } = m.turn() else {
            return Err(format!("game over before {text}"));
        };
        out.push(
            m.apply(kifu_core::record::Actor::Seat(seat), text)
                .map_err(|e| format!("{text}: {e}"))?,
        );
    }
    Ok(out)
}

/// How the game ended, or `not over`.
pub fn over(m: &dyn Match) -> String {
    match m.turn() {
        Turn::Over { outcome } => outcome.to_string(),
        t => format!("not over: {t}"),
    }
}

/// The legal moves of a position as sorted UCI.
pub fn legal_uci(variant: Variant, fen: &str) -> Result<Vec<String>, String> {
    let pos = parse_fen(variant, fen)?;
    let mut out: Vec<String> = legal_moves(&pos).iter().map(|m| move_to_uci(&pos, m)).collect();
    out.sort();
    Ok(out)
}

/// A record of `game` with `moves` entered as text from its start.
pub fn record(game: &str, moves: &[&str]) -> Result<Record, String> {
    let header = Header::new(game, 1, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    let mut replay = Replay::start(crate::registry(), &header).map_err(|f| f.to_string())?;
    let mut record = Record::new(header);
    for text in moves {
        record
            .entries
            .push(replay.play(None, text, None).map_err(|f| format!("{text}: {f}"))?);
    }
    Ok(record)
}

/// A record written in a format and read back.
pub fn round_trip(format: &dyn Format, record: &Record) -> Result<(String, Record), String> {
    let text = format.write(record).map_err(|e| e.to_string())?;
    let drafts = format.read(&text);
    let [draft] = drafts.as_slice() else {
        return Err(format!("{} games read back from\n{text}", drafts.len()));
    };
    let draft = draft.as_ref().map_err(|e| e.to_string())?;
    let back = build(crate::registry(), draft, None).map_err(|e| format!("{e}\n{text}"))?;
    Ok((text, back))
}

/// The commands a record's entries hold, in order.
pub fn commands(record: &Record) -> Vec<String> {
    record.entries.iter().map(|e| e.command.clone()).collect()
}
