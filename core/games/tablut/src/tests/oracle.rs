//! pytablut 0.1.2 as the oracle for the Ashton rule set: its random games (every move, the
//! squares each move emptied, the final position and the result) and, for ten of them, every
//! position's legal moves (fixtures/tablut/, made by fixtures/tablut/generate.py).

use crate::board::{Board, Side};
use crate::moves::side_moves;
use crate::ruleset::RuleSet;

use super::{game, over};

const GAMES: &str = include_str!("../../../../../fixtures/tablut/pytablut.games");
const LEGAL: &str = include_str!("../../../../../fixtures/tablut/pytablut.legal");

/// The value of each `key value` line of one game block.
fn field<'a>(block: &'a str, key: &str) -> &'a str {
    block
        .lines()
        .find_map(|line| line.strip_prefix(key).and_then(|rest| rest.strip_prefix(' ')))
        .unwrap_or_else(|| panic!("no {key} in {block}"))
}

#[test]
fn pytablut_games_replay_move_for_move() {
    let blocks: Vec<&str> = GAMES.split("\n\n").filter(|b| b.contains("moves ")).collect();
    assert_eq!(blocks.len(), 40);
    for (number, block) in blocks.iter().enumerate() {
        let start = field(block, "start");
        assert_eq!(field(block, "first"), "WHITE");
        let mut state = game(&[("rules", "ashton")], Some(start)).unwrap();
        let moves: Vec<&str> = field(block, "moves").split_whitespace().collect();
        let captures: Vec<&str> = field(block, "captures").split_whitespace().collect();
        assert_eq!(moves.len(), captures.len());
        assert_eq!(moves.len(), field(block, "plies").parse::<usize>().unwrap());
        for (ply, (text, taken)) in moves.iter().zip(&captures).enumerate() {
            let place = format!("game {}, ply {}: {text}", number + 1, ply + 1);
            assert!(over(&state).is_none(), "{place}: over too soon: {:?}", over(&state));
            let mv = crate::command::parse(&state, text).unwrap_or_else(|e| panic!("{place}: {e}"));
            let mut emptied: Vec<String> = state.play(mv, text).iter().map(|s| s.to_string()).collect();
            emptied.sort();
            let expected: Vec<String> = match *taken {
                "-" => Vec::new(),
                list => list.split(',').map(str::to_string).collect(),
            };
            assert_eq!(emptied, expected, "{place}");
        }
        assert_eq!(state.board.write(), field(block, "final"), "game {}", number + 1);
        let (winners, reason) = over(&state).unwrap_or_else(|| panic!("game {} not over", number + 1));
        let outcome: Vec<&str> = field(block, "outcome").split_whitespace().collect();
        match outcome.as_slice() {
            ["white", "KING_ESCAPED"] => assert!(winners == [1] && reason.contains("escapes"), "{reason}"),
            ["black", "KING_CAPTURED"] => assert!(winners == [0] && reason.contains("captured"), "{reason}"),
            ["draw", _] => assert!(winners.is_empty()),
            other => panic!("game {}: outcome {other:?} not expected", number + 1),
        }
    }
}

#[test]
fn pytablut_legal_moves_match_in_every_position() {
    let rules = RuleSet::from_options(&[("rules".to_string(), "ashton".to_string())].into()).unwrap();
    let mut positions = 0;
    let mut lines = LEGAL.lines().filter(|l| !l.starts_with('#'));
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("position ") else {
            continue;
        };
        let (position, side) = rest.split_once(' ').unwrap();
        let legal = lines.next().unwrap();
        let expected: Vec<&str> = legal.split_whitespace().skip(2).collect();
        let count: usize = legal.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert_eq!(count, expected.len());
        if count == 0 {
            continue; // a finished game's last position
        }
        let board = Board::parse(position).unwrap();
        let side = if side == "WHITE" { Side::White } else { Side::Black };
        let mut ours: Vec<String> = side_moves(&rules, &board, side)
            .iter()
            .map(|m| format!("{}-{}", m.from, m.to))
            .collect();
        ours.sort();
        assert_eq!(ours, expected, "{position} {side:?}");
        positions += 1;
    }
    assert_eq!(positions, 393);
}
