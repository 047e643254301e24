//! What a five-in-a-row file can say about a record besides its stones: how the game ended
//! (the rules' outcome when it is over, else the `result` tag; a win by a foul, claimed or
//! lost at once, is told apart) and the game and options, as SGF writes them in `RU`.

use super::{Colour, Point, Stones};
use kifu_core::record::{Actor, Record};
use kifu_core::replay::verify_record;
use kifu_core::rules::Turn;

/// How a record ended, as a file can say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// A winner; `foul` when the loser lost by a foul (claimed, or at once under `fouls=auto`),
    /// `claim` the point claimed when the game ended on a claim.
    Win {
        winner: Colour,
        foul: bool,
        claim: Option<Point>,
    },
    Draw,
    /// A `result` tag this module does not read (kept as text).
    Other(String),
}

/// The ending of a record: the rules' outcome when the game is over, else its `result` tag
/// (`black`, `white`, `draw`, as the readers make it); `None` when neither says anything.
pub fn ending(record: &Record, stones: &Stones) -> Option<Ending> {
    if let Some(Turn::Over { outcome }) = verify_record(crate::registry(), record).turn {
        let [seat] = outcome.winners.as_slice() else {
            return Some(Ending::Draw);
        };
        let winner = if *seat as usize == stones.black_seat {
            Colour::Black
        } else {
            Colour::White
        };
        let last = record
            .entries
            .iter()
            .rev()
            .find(|e| matches!(e.actor, Actor::Seat(_)))
            .map(|e| e.command.as_str());
        let claim = last
            .and_then(|c| c.strip_prefix("claim "))
            .and_then(|p| Point::parse(p, stones.size).ok());
        // A stone can end the game against its own player only as a foul under `fouls=auto`.
        let stone_lost = last.is_some_and(|c| Point::parse(c, stones.size).is_ok())
            && stones.moves.len().checked_sub(1).map(|i| stones.colour(i)) == Some(winner.other());
        return Some(Ending::Win {
            winner,
            foul: claim.is_some() || stone_lost,
            claim,
        });
    }
    let tag = record.header.tags.get("result")?;
    Some(match tag.as_str() {
        "black" => Ending::Win {
            winner: Colour::Black,
            foul: false,
            claim: None,
        },
        "white" => Ending::Win {
            winner: Colour::White,
            foul: false,
            claim: None,
        },
        "draw" => Ending::Draw,
        other => Ending::Other(other.to_string()),
    })
}

/// The options a file of stones can carry: all but `size` (the board says it) and `opening`
/// (its swaps and offers are not stones, so the stones replay as free play).
pub fn carried_options(record: &Record) -> Vec<(&str, &str)> {
    record
        .header
        .options
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "size" | "opening"))
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// The SGF `RU` text: the kifu game and its carried options (`renju fouls=claim`).
pub fn rules_text(record: &Record) -> String {
    let mut words = vec![record.header.game.clone()];
    words.extend(carried_options(record).iter().map(|(k, v)| format!("{k}={v}")));
    words.join(" ")
}

/// Reads an `RU` text this module wrote: the game and its options; `None` for any other
/// rules text (a name such as `RIF`, or words that are not `key=value`).
pub fn read_rules_text(text: &str) -> Option<(&'static str, Vec<(String, String)>)> {
    let mut words = text.split_whitespace();
    let game = match words.next()?.to_ascii_lowercase().as_str() {
        "renju" => "renju",
        "gomoku" => "gomoku",
        _ => return None,
    };
    let mut options = Vec::new();
    for word in words {
        let (k, v) = word.split_once('=')?;
        if k.is_empty() || v.is_empty() {
            return None;
        }
        options.push((k.to_string(), v.to_string()));
    }
    Some((game, options))
}
