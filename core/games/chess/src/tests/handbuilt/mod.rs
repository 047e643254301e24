//! Hand-built positions per fairy variant (issue 12: twenty or more each, from the rules' own
//! examples or built to make one rule fire), every answer reasoned from the rules and written
//! before the engine was run, never copied from its output. A file per variant; the count per
//! variant, with the older cases elsewhere, is in fixtures/chess/HANDBUILT.md.

mod alice;
mod andernach;
mod balbo;
mod chad;
mod chessence;
mod circe;
mod congo;
mod cylinder;
mod cylinder_ranks;
mod doublechess;
mod dunsany;
mod dynamo;
mod extinction;
mod glinski;
mod grid;
mod hostage;
mod knightrelay;
mod losalamos;
mod madrasi;
mod masonic;
mod monochromatic;
mod patrol;
mod plender;
mod portal;
mod stratomic;

use crate::fen::{parse_fen, to_fen};
use crate::movegen::legal_moves;
use crate::outcome::position_result;
use crate::uci::{move_to_uci, parse_uci};
use crate::variant::Variant;

/// The twenty moves of the standard start, where a variant leaves them as they are.
pub(super) const CHESS_START_MOVES: &[&str] = &[
    "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "f2f4", "g2g3", "g2g4",
    "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
];

/// What must hold in a position.
pub(super) enum Want {
    /// Exactly these legal moves (UCI, any order).
    Moves(&'static [&'static str]),
    /// Exactly these legal moves among those from one square.
    From(&'static str, &'static [&'static str]),
    /// These moves are legal, these are not.
    Some(&'static [&'static str], &'static [&'static str]),
    /// The game is over: `white`, `black` or `draw`, and a word of the reason.
    Over(&'static str, &'static str),
    /// After the move: this FEN, and the result then (`none` when the game goes on).
    After(&'static str, &'static str, &'static str),
}

/// A position, where it comes from, and what must hold.
pub(super) struct Case {
    pub why: &'static str,
    pub fen: &'static str,
    pub want: Want,
}

fn result_word(pos: &crate::position::Position) -> String {
    match position_result(pos) {
        None => "none".to_string(),
        Some(o) if o.winners.is_empty() => format!("draw {}", o.reason),
        Some(o) if o.winners == [0] => format!("white {}", o.reason),
        Some(o) => format!("black {}", o.reason),
    }
}

fn sorted(mut l: Vec<String>) -> Vec<String> {
    l.sort();
    l
}

fn check_one(v: Variant, fen: &str, want: &Want) -> Result<(), String> {
    let pos = parse_fen(v, fen)?;
    let legal = sorted(legal_moves(&pos).iter().map(|m| move_to_uci(&pos, m)).collect());
    let list = |l: &[&str]| sorted(l.iter().map(|s| s.to_string()).collect());
    match want {
        Want::Moves(want) => {
            if legal != list(want) {
                return Err(format!("legal {legal:?}, want {:?}", list(want)));
            }
        }
        Want::From(sq, want) => {
            let got: Vec<String> = legal.iter().filter(|m| m.starts_with(sq)).cloned().collect();
            if got != list(want) {
                return Err(format!("from {sq}: {got:?}, want {:?}", list(want)));
            }
        }
        Want::Some(yes, no) => {
            if let Some(m) = yes.iter().find(|m| !legal.contains(&m.to_string())) {
                return Err(format!("{m} should be legal; legal {legal:?}"));
            }
            if let Some(m) = no.iter().find(|m| legal.contains(&m.to_string())) {
                return Err(format!("{m} should not be legal"));
            }
        }
        Want::Over(who, word) => {
            let got = result_word(&pos);
            if !got.starts_with(who) || !got.contains(word) {
                return Err(format!("result '{got}', want {who} ({word})"));
            }
        }
        Want::After(uci, fen, who) => {
            let m = parse_uci(&pos, uci)?;
            let mut next = pos.clone();
            next.play(&m);
            let got = to_fen(&next);
            let res = result_word(&next);
            if got != *fen || !res.starts_with(who) {
                return Err(format!("after {uci}: {got} ({res}), want {fen} ({who})"));
            }
        }
    }
    Ok(())
}

/// Checks every case, and that there are at least `at_least` of them.
pub(super) fn check(v: Variant, cases: &[Case], at_least: usize) {
    assert!(cases.len() >= at_least, "{}: only {} positions", v.name(), cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            check_one(v, c.fen, &c.want)
                .err()
                .map(|e| format!("{} [{}] {}: {e}", v.name(), c.why, c.fen))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
