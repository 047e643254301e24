//! Dark chess against open-spiel's `dark_chess` (version in the fixture): random games it
//! played, replayed through kifu, comparing at every ply the move's SAN, the whole FEN, each
//! side's view (open-spiel's observation string: `?` on unseen squares, own castling rights)
//! and the result. Fixture: fixtures/darkchess/open_spiel_games.json (generate.py beside it).

use kifu_core::record::{ChanceMode, Header};
use kifu_core::replay::Replay;
use kifu_core::{Actor, Turn, View};
use serde_json::Value;

use crate::registry;

const FIXTURE: &str = include_str!("../../../../../fixtures/darkchess/open_spiel_games.json");

fn field(fen: &str, i: usize) -> &str {
    fen.split(' ').nth(i).unwrap_or_default()
}

/// A FEN board as 64 characters, a8 first, `1` for an empty square.
fn squares(board: &str) -> Vec<char> {
    board
        .chars()
        .filter(|&c| c != '/')
        .flat_map(|c| match c.to_digit(10) {
            Some(n) => vec!['1'; n as usize],
            None => vec![c],
        })
        .collect()
}

/// Compares kifu's views with open-spiel's after a ply (`what` names it in a failure).
/// Fields compared: board, side to move, castling, en passant, move number; not the
/// half-move clock, which kifu's views do not show. One difference is expected and counted:
/// open-spiel also gives the side *not* to move its pawns' diagonal steps onto the en passant
/// square the mover may use (and the square behind it), so that side sees that empty square
/// and has it in its view FEN; in kifu en passant is the mover's alone.
/// Returns the number of squares where that difference showed.
fn same_views(replay: &Replay, expected: &Value, what: &str, king_taken: bool) -> usize {
    let full = replay.current().state_json(View::Full);
    let fen = expected["fen"].as_str().unwrap();
    if king_taken {
        // open-spiel keeps the castling rights of a side whose king is gone; kifu drops them.
        assert_eq!(field(full["fen"].as_str().unwrap(), 0), field(fen, 0), "{what}: board");
    } else {
        assert_eq!(full["fen"], fen, "{what}: FEN");
    }
    let mut quirks = 0;
    let mover = if field(fen, 1) == "w" { 0 } else { 1 };
    for (seat, side) in [(0u8, "white"), (1, "black")] {
        let mine = replay.current().state_json(View::Seat(seat))["fen"]
            .as_str()
            .unwrap()
            .to_string();
        let theirs = expected[side].as_str().unwrap();
        let ep = field(fen, 3);
        let by_ep = |i: usize| -> bool {
            // Square i (a8 first) is the en passant square or the one behind it for `seat`.
            let (file, rank) = ((i % 8) as u8, 7 - (i / 8) as u8);
            let name = format!("{}{}", (b'a' + file) as char, rank + 1);
            let behind_rank = if seat == 0 { rank + 1 } else { rank.wrapping_sub(1) };
            let behind = format!("{}{}", (b'a' + file) as char, behind_rank.wrapping_add(1));
            ep != "-" && (name == ep || behind == ep)
        };
        let (a, b) = (squares(field(&mine, 0)), squares(field(theirs, 0)));
        assert_eq!(a.len(), 64, "{what}: {mine}");
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            if x != y {
                let quirk = seat != mover && *x == '?' && *y == '1' && by_ep(i);
                assert!(quirk, "{what}: {side}'s view differs at square {i}: {mine} vs {theirs}");
                quirks += 1;
            }
        }
        for i in [1, 2, 3, 5] {
            if (i == 2 && king_taken) || (i == 3 && seat != mover) {
                continue;
            }
            assert_eq!(
                field(&mine, i),
                field(theirs, i),
                "{what}: {side}'s view field {i}: {mine} vs {theirs}"
            );
        }
    }
    quirks
}

#[test]
fn open_spiel_dark_chess_games_replay_with_the_same_views_at_every_ply() {
    let fixture: Value = serde_json::from_str(FIXTURE).unwrap();
    assert_eq!(fixture["open_spiel"], "2.0.2");
    let games = fixture["games"].as_array().unwrap();
    let (mut plies, mut quirks, mut draws) = (0, 0, 0);
    for game in games {
        let seed = &game["seed"];
        let header = crate::testing::header("darkchess", game["fen"].as_str(), ChanceMode::Observed);
        let mut replay = Replay::start(registry(), &header).unwrap();
        quirks += same_views(&replay, &game["start"], &format!("game {seed} start"), false);
        replay.play(Some(Actor::Chance), "key ?", None).unwrap();
        let moves = game["plies"].as_array().unwrap();
        let returns = game["returns_white_black"].as_array().unwrap();
        let drawn = returns[0].as_f64() == Some(0.0);
        draws += usize::from(drawn);
        for (i, ply) in moves.iter().enumerate() {
            let san = ply["san"].as_str().unwrap();
            let seat = match replay.turn() {
                Turn::Seat { seat } => seat,
                turn => panic!("game {seed} ply {}: {turn}", i + 1),
            };
            let entry = replay
                .play(Some(Actor::Seat(seat)), san, None)
                .unwrap_or_else(|f| panic!("game {seed} ply {} {san}: {}", i + 1, f.reason));
            let last = i + 1 == moves.len();
            let king_taken = last && !drawn;
            assert_eq!(entry.command.trim_end_matches('#'), san, "game {seed} ply {}", i + 1);
            assert_eq!(
                entry.command.ends_with('#'),
                king_taken,
                "game {seed} ply {}: only a last move takes a king",
                i + 1
            );
            if !last {
                assert!(
                    matches!(replay.turn(), Turn::Seat { .. }),
                    "game {seed} ply {}: over too soon",
                    i + 1
                );
            }
            quirks += same_views(&replay, ply, &format!("game {seed} ply {} {san}", i + 1), king_taken);
            plies += 1;
        }
        let winners: Vec<u8> = match returns[0].as_f64() {
            Some(1.0) => vec![0],
            Some(-1.0) => vec![1],
            _ => vec![],
        };
        match replay.turn() {
            Turn::Over { outcome } => assert_eq!(outcome.winners, winners, "game {seed}: {outcome}"),
            turn => panic!("game {seed} did not end: {turn}"),
        }
    }
    assert!(plies > 2000, "{plies} plies compared");
    println!(
        "{} games, {plies} plies, {draws} draws, {quirks} en passant squares",
        games.len()
    );
    assert!(draws >= 4, "the fixture has draws by both rules");
    assert!(
        (1..=8).contains(&quirks),
        "{quirks} squares differed by open-spiel's en passant for the side not to move"
    );
}

/// A header for the oracle's games (kept apart so that the fixture's games are also checked
/// to verify as records).
#[test]
fn open_spiel_games_verify_as_kifu_records() {
    let fixture: Value = serde_json::from_str(FIXTURE).unwrap();
    let game = &fixture["games"][0];
    let header: Header = crate::testing::header("darkchess", None, ChanceMode::Observed);
    let mut replay = Replay::start(registry(), &header).unwrap();
    let mut record = kifu_core::record::Record::new(header);
    record
        .entries
        .push(replay.play(Some(Actor::Chance), "key ?", None).unwrap());
    for ply in game["plies"].as_array().unwrap() {
        let seat = match replay.turn() {
            Turn::Seat { seat } => seat,
            turn => panic!("{turn}"),
        };
        record.entries.push(
            replay
                .play(Some(Actor::Seat(seat)), ply["san"].as_str().unwrap(), None)
                .unwrap(),
        );
    }
    let report = kifu_core::replay::verify_record(registry(), &record);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert!(matches!(report.turn, Some(Turn::Over { .. })));
}
