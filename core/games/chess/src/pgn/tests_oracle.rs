//! Checks the reader against python-chess (an independent PGN reader): the file
//! `fixtures/pgn/oracle_python_chess.pgn` was written by python-chess 1.11.2 and the `.json`
//! beside it is what python-chess read back from it (see `fixtures/pgn/make_oracle.py`).

use serde_json::Value;

use super::*;

const PGN: &str = include_str!("../../../../../fixtures/pgn/oracle_python_chess.pgn");
const JSON: &str = include_str!("../../../../../fixtures/pgn/oracle_python_chess.json");

fn text(value: &Value, key: &str) -> String {
    let raw = value.get(key).and_then(Value::as_str).unwrap_or_default();
    raw.split_ascii_whitespace().collect::<Vec<_>>().join(" ")
}

fn same_line(read: &[PgnMove], expected: &[Value], place: &str) {
    assert_eq!(read.len(), expected.len(), "{place}: move count");
    for (i, (m, e)) in read.iter().zip(expected).enumerate() {
        let place = format!("{place}, move {}", i + 1);
        assert_eq!(m.raw, text(e, "san"), "{place}");
        let mut nags = m.nags.clone();
        nags.sort_unstable();
        let want: Vec<u16> = e
            .get("nags")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_u64).map(|n| n as u16).collect())
            .unwrap_or_default();
        assert_eq!(nags, want, "{place}: nags");
        assert_eq!(
            m.comments_before.join(" "),
            text(e, "before"),
            "{place}: comment before"
        );
        assert_eq!(m.comments_after.join(" "), text(e, "after"), "{place}: comment after");
        let variations = e
            .get("variations")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        assert_eq!(m.variations.len(), variations.len(), "{place}: variations");
        for (k, (v, ev)) in m.variations.iter().zip(&variations).enumerate() {
            let moves = ev.as_array().cloned().unwrap_or_default();
            same_line(&v.moves, &moves, &format!("{place}, variation {}", k + 1));
        }
    }
}

#[test]
fn reads_what_python_chess_reads() {
    let expected: Vec<Value> = serde_json::from_str(JSON).unwrap_or_else(|e| panic!("{e}"));
    let games = read_games(PGN);
    assert_eq!(games.len(), expected.len());
    assert_eq!(games.len(), 60);
    let mut moves = 0;
    for (game, want) in games.iter().zip(&expected) {
        let game = game.as_ref().unwrap_or_else(|e| panic!("{e}"));
        let place = format!("game {}", game.number);
        let tags: Vec<(String, String)> = want
            .get("tags")
            .and_then(Value::as_array)
            .map(|pairs| {
                pairs
                    .iter()
                    .map(|p| {
                        (
                            p[0].as_str().unwrap_or("").to_string(),
                            p[1].as_str().unwrap_or("").to_string(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let names: Vec<&str> = game.tags.iter().map(|(n, _)| n.as_str()).collect();
        let want_names: Vec<String> = tags.iter().map(|(n, _)| n.clone()).collect();
        assert_eq!(names, want_names, "{place}");
        for ((_, value), (_, want_value)) in game.tags.iter().zip(&tags) {
            assert_eq!(value, want_value, "{place}");
        }
        assert_eq!(
            game.result.map(GameResult::text),
            want.get("result").and_then(Value::as_str),
            "{place}"
        );
        let want_moves = want.get("moves").and_then(Value::as_array).cloned().unwrap_or_default();
        same_line(&game.main.moves, &want_moves, &place);
        moves += game.main.moves.len();
    }
    assert!(moves > 2000);
}
