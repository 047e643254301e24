//! Replays Fairy-Stockfish's random games (fixtures/chess/oracle, FFISH.md there: pyffish
//! 0.0.90 for extinction and Los Alamos, pyffish-alice 0.0.3 for Alice): every UCI move accepted
//! with the oracle's SAN, the legal move list of every position in the `.legal` files equal to
//! the oracle's, the final
//! FEN and the outcome the oracle's. Fifty-move and threefold draws are claims in both (the
//! generator claimed them), so the claim is made here too.

use std::collections::BTreeMap;

use super::oracle_games::{games, oracle_words, Game};
use crate::fen::{parse_fen, to_fen};
use crate::movegen::legal_moves;
use crate::rules::{ChessRules, Command};
use crate::uci::move_to_uci;
use crate::variant::Variant;
use kifu_core::record::Actor;
use kifu_core::rules::{Rules, Setup, Turn};

const GAMES: [(Variant, &str, &str); 3] = [
    (
        Variant::Extinction,
        include_str!("../../../../../fixtures/chess/oracle/extinction.games"),
        include_str!("../../../../../fixtures/chess/oracle/extinction.legal"),
    ),
    (
        Variant::LosAlamos,
        include_str!("../../../../../fixtures/chess/oracle/losalamos.games"),
        include_str!("../../../../../fixtures/chess/oracle/losalamos.legal"),
    ),
    (
        Variant::Alice,
        include_str!("../../../../../fixtures/chess/oracle/alice.games"),
        include_str!("../../../../../fixtures/chess/oracle/alice.legal"),
    ),
];

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
            return Err(format!("ply {}: game over before {uci}", i + 1));
        };
        let actor = Actor::Seat(seat);
        let command = rules
            .parse(&state, actor, uci)
            .map_err(|e| format!("ply {} {uci}: {e}", i + 1))?;
        let san = rules.format(&state, &command);
        if game.sans.get(i) != Some(&san) {
            return Err(format!("ply {} {uci}: SAN {san}, oracle {:?}", i + 1, game.sans.get(i)));
        }
        if rules.parse(&state, actor, &san).ok() != Some(command.clone()) {
            return Err(format!("ply {} SAN {san} does not read back", i + 1));
        }
        rules
            .apply(&mut state, actor, &command)
            .map_err(|e| format!("ply {} {uci}: {e}", i + 1))?;
    }
    let fen = to_fen(&parse_fen(variant, &state.fen())?);
    if fen != game.final_fen {
        return Err(format!("final FEN {fen}, oracle {}", game.final_fen));
    }
    let claimed = game.outcome.contains("FIFTY_MOVES") || game.outcome.contains("REPETITION");
    if let (true, Turn::Seat { seat }) = (claimed, rules.turn(&state)) {
        rules
            .apply(&mut state, Actor::Seat(seat), &Command::ClaimDraw)
            .map_err(|e| format!("the oracle's draw claim: {e}"))?;
    }
    let got = oracle_words(&rules.turn(&state));
    let want = game.outcome.replace("EXTINCTION", "VARIANT");
    if got != want {
        return Err(format!("outcome {got}, oracle {}", game.outcome));
    }
    Ok(())
}

#[test]
fn ffish_games_replay() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (variant, text, _) in GAMES {
        for (i, game) in games(text).iter().enumerate() {
            count += 1;
            if let Err(e) = replay(variant, game) {
                failures.push(format!("{} game {}: {e}", variant.name(), i + 1));
            }
        }
    }
    assert!(count >= 80, "only {count} games");
    assert!(
        failures.is_empty(),
        "{} of {count} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every position listed in a `.legal` file: (fen, sorted UCI moves).
pub(super) fn legal_lists(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut fen = None;
    for line in text.lines() {
        if let Some(f) = line.strip_prefix("fen ") {
            fen = Some(f.to_string());
        } else if let Some(rest) = line.strip_prefix("legal ") {
            let mut words = rest.split_whitespace();
            let count: usize = words.next().and_then(|n| n.parse().ok()).unwrap_or(usize::MAX);
            let moves: Vec<String> = words.map(str::to_string).collect();
            assert_eq!(
                moves.len(),
                count,
                "a .legal line counts {count} moves but lists {}",
                moves.len()
            );
            if let Some(f) = fen.take() {
                out.push((f, moves));
            }
        }
    }
    out
}

#[test]
fn ffish_legal_move_lists() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (variant, _, text) in GAMES {
        for (fen, want) in legal_lists(text) {
            count += 1;
            let pos = match parse_fen(variant, &fen) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{} {fen}: refused: {e}", variant.name()));
                    continue;
                }
            };
            // The oracle lists no move once the game is decided (extinction).
            let mut got: Vec<String> = if crate::outcome::variant_result(&pos).is_some() {
                Vec::new()
            } else {
                legal_moves(&pos).iter().map(|m| move_to_uci(&pos, m)).collect()
            };
            got.sort();
            if got != want {
                failures.push(format!("{} {fen}: kifu {got:?}, oracle {want:?}", variant.name()));
            }
        }
    }
    assert!(count >= 500, "only {count} positions");
    assert!(
        failures.is_empty(),
        "{} of {count} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
