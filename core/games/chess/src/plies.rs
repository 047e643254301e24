//! A chess record's moves replayed onto positions for the notation writers: the players' legal
//! moves and the illegal moves the arbiter recorded as standing, each with the position before
//! it. It reads only records the kernel has verified, and decides no legality of its own.

use super::illegal::{self, IllegalMove};
use super::position::{Move, Position};
use super::san::parse_move;
use super::start::start_position;
use super::variant::Variant;
use kifu_core::format::FormatError;
use kifu_core::record::{Actor, Record};
use kifu_core::rules::Setup;

/// A chess record's variant and the position it starts from.
pub fn record_start(record: &Record) -> Result<(Variant, Position), FormatError> {
    let variant = Variant::from_name(&record.header.game)
        .ok_or_else(|| FormatError::new(format!("{} is not chess", record.header.game)))?;
    let setup = Setup {
        options: &record.header.options,
        players: 2,
        start: record.header.start.as_deref(),
    };
    let pos = start_position(variant, &setup).map_err(|e| FormatError::new(e.reason))?;
    Ok((variant, pos))
}

/// A move of a record: the players' legal moves and the illegal ones the arbiter recorded.
pub struct Ply {
    /// The entry it was.
    pub seq: u64,
    /// The position before it.
    pub before: Position,
    pub played: Played,
}

pub enum Played {
    Legal(Move),
    /// An illegal move that stood, with the position it left.
    Illegal(IllegalMove, Box<Position>),
}

/// The moves of a record, each with the position before it (draw offers, resignations and
/// other commands that are not moves are passed over), and the last position.
pub fn record_moves(record: &Record) -> Result<(Vec<Ply>, Position), FormatError> {
    let (_, mut pos) = record_start(record)?;
    let mut plies = Vec::new();
    for entry in &record.entries {
        let played = match entry.actor {
            Actor::Seat(_) => match parse_move(&pos, &entry.command) {
                Ok(m) => Played::Legal(m),
                Err(_) => continue,
            },
            Actor::Arbiter => match illegal::entry_move(&entry.command) {
                Some(text) => {
                    let bad =
                        |why: String| FormatError::new(format!("entry {} ('{}'): {why}", entry.seq, entry.command));
                    let m = illegal::parse(&pos, text).map_err(bad)?;
                    let after = illegal::make(&pos, &m).map_err(bad)?;
                    Played::Illegal(m, Box::new(after))
                }
                None => continue,
            },
            _ => continue,
        };
        let before = pos.clone();
        match &played {
            Played::Legal(m) => pos.play(m),
            Played::Illegal(_, after) => pos = (**after).clone(),
        }
        plies.push(Ply {
            seq: entry.seq,
            before,
            played,
        });
    }
    Ok((plies, pos))
}
