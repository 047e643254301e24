//! Replays the random games python-chess played (fixtures/chess/oracle, see generate.py
//! there): every UCI move must be accepted, its canonical SAN must equal python-chess's SAN
//! (pawn drops written `P@e4` here, `@e4` there) and read back as the same move, and the
//! final FEN and the outcome must match the oracle's.

use std::collections::BTreeMap;

use crate::fen::parse_fen;
use crate::rules::{ChessRules, Command};
use crate::variant::Variant;
use kifu_core::record::Actor;
use kifu_core::rules::{Rules, Setup, Turn};

const FILES: [(Variant, &str); 9] = [
    (
        Variant::Standard,
        include_str!("../../../../../fixtures/chess/oracle/chess.games"),
    ),
    (
        Variant::Chess960,
        include_str!("../../../../../fixtures/chess/oracle/chess960.games"),
    ),
    (
        Variant::Crazyhouse,
        include_str!("../../../../../fixtures/chess/oracle/crazyhouse.games"),
    ),
    (
        Variant::Atomic,
        include_str!("../../../../../fixtures/chess/oracle/atomic.games"),
    ),
    (
        Variant::Antichess,
        include_str!("../../../../../fixtures/chess/oracle/antichess.games"),
    ),
    (
        Variant::Horde,
        include_str!("../../../../../fixtures/chess/oracle/horde.games"),
    ),
    (
        Variant::KingOfTheHill,
        include_str!("../../../../../fixtures/chess/oracle/kingofthehill.games"),
    ),
    (
        Variant::ThreeCheck,
        include_str!("../../../../../fixtures/chess/oracle/threecheck.games"),
    ),
    (
        Variant::RacingKings,
        include_str!("../../../../../fixtures/chess/oracle/racingkings.games"),
    ),
];

pub(super) struct Game {
    pub(super) start: String,
    pub(super) moves: Vec<String>,
    pub(super) sans: Vec<String>,
    pub(super) final_fen: String,
    pub(super) outcome: String,
}

pub(super) fn games(text: &str) -> Vec<Game> {
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut fields = BTreeMap::new();
        for line in block.lines() {
            if let Some((k, v)) = line.split_once(' ') {
                fields.insert(k, v);
            }
        }
        let (Some(start), Some(moves), Some(sans), Some(final_fen), Some(outcome)) = (
            fields.get("start"),
            fields.get("moves"),
            fields.get("san"),
            fields.get("final"),
            fields.get("outcome"),
        ) else {
            continue;
        };
        out.push(Game {
            start: start.to_string(),
            moves: moves.split_whitespace().map(str::to_string).collect(),
            sans: sans.split_whitespace().map(str::to_string).collect(),
            final_fen: final_fen.to_string(),
            outcome: outcome.to_string(),
        });
    }
    out
}

/// kifu's outcome in the oracle's words: winner and termination kind.
pub(super) fn oracle_words(turn: &Turn) -> String {
    let Turn::Over { outcome } = turn else {
        return "none -".to_string();
    };
    let winner = match outcome.winners.first() {
        None => "draw",
        Some(0) => "white",
        Some(_) => "black",
    };
    let r = &outcome.reason;
    let kind = if r.contains("checkmate") {
        "CHECKMATE"
    } else if r.contains("stalemate") {
        "STALEMATE"
    } else if r.contains("insufficient") {
        "INSUFFICIENT_MATERIAL"
    } else if r.contains("seventy-five") {
        "SEVENTYFIVE_MOVES"
    } else if r.contains("fivefold") {
        "FIVEFOLD_REPETITION"
    } else if r.contains("fifty") {
        "FIFTY_MOVES"
    } else if r.contains("threefold") {
        "REPETITION"
    } else {
        "VARIANT"
    };
    format!("{winner} {kind}")
}

fn normalise(oracle: &str) -> String {
    oracle
        .replace("VARIANT_WIN", "VARIANT")
        .replace("VARIANT_LOSS", "VARIANT")
        .replace("VARIANT_DRAW", "VARIANT")
}

fn replay(variant: Variant, game: &Game) -> Result<(), String> {
    let rules = ChessRules { variant };
    let options = BTreeMap::new();
    let setup = Setup {
        options: &options,
        players: 2,
        start: Some(&game.start),
    };
    let mut state = rules.setup(&setup).map_err(|e| format!("start refused: {e}"))?;
    for (i, uci) in game.moves.iter().enumerate() {
        let Turn::Seat { seat } = rules.turn(&state) else {
            return Err(format!("ply {}: game already over before {uci}", i + 1));
        };
        let actor = Actor::Seat(seat);
        let command = rules
            .parse(&state, actor, uci)
            .map_err(|e| format!("ply {} {uci}: {e}", i + 1))?;
        let san = rules.format(&state, &command);
        let oracle_san = game
            .sans
            .get(i)
            .map(|s| if s.starts_with('@') { format!("P{s}") } else { s.clone() });
        if oracle_san.as_deref() != Some(san.as_str()) {
            return Err(format!("ply {} {uci}: SAN {san}, oracle {oracle_san:?}", i + 1));
        }
        let again = rules
            .parse(&state, actor, &san)
            .map_err(|e| format!("ply {} SAN {san}: {e}", i + 1))?;
        if again != command || !matches!(command, Command::Move(_)) {
            return Err(format!("ply {} SAN {san} reads back as another move", i + 1));
        }
        rules
            .apply(&mut state, actor, &command)
            .map_err(|e| format!("ply {} {uci}: {e}", i + 1))?;
    }
    let pos = parse_fen(variant, &state.fen())?;
    let fen = crate::fen::to_fen(&pos);
    if fen != game.final_fen {
        return Err(format!("final FEN {fen}, oracle {}", game.final_fen));
    }
    let got = oracle_words(&rules.turn(&state));
    if got != normalise(&game.outcome) {
        return Err(format!("outcome {got}, oracle {}", game.outcome));
    }
    Ok(())
}

/// Debug builds replay every third game to stay quick; release builds (`cargo test --release`)
/// replay them all.
const STEP: usize = if cfg!(debug_assertions) { 3 } else { 1 };

#[test]
fn oracle_games_replay() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (variant, text) in FILES {
        for (i, game) in games(text).iter().enumerate() {
            if i % STEP != 0 {
                continue;
            }
            count += 1;
            if let Err(e) = replay(variant, game) {
                failures.push(format!("{} game {}: {e}", variant.name(), i + 1));
            }
        }
    }
    assert!(count * STEP >= 300, "only {count} oracle games");
    assert!(
        failures.is_empty(),
        "{} of {count} games differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
