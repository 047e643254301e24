//! End-to-end: dark chess with the `kifu` binary: a session whose views (show, log, export)
//! hide from each seat what its pieces do not see, a move that is not one refused with the
//! reason and nothing stored, a king taken, the game in PGN and back, a random playout, and
//! the service's reads and live stream in each token's view.

mod serve;

use std::io::BufRead;

use kifu_e2e::Session;
use serde_json::{json, Value};
use serve::{create, play, Served};

#[test]
fn a_dark_chess_session_shows_each_seat_its_own_sight() {
    let s = Session::new();
    // Seeded: kifu draws the game's key, from which each move's salt is made.
    let id = s
        .ok(&[
            "new",
            "darkchess",
            "--seed",
            "da4cda4cda4cda4cda4cda4cda4cda4c",
            "-p",
            "Ann",
            "-p",
            "Ben",
        ])
        .trim()
        .to_string();
    s.ok(&["play", &id, "e4", "d5", "Nc3", "Qd6"]);
    let before = s.json(&["show", &id, "--json"])["head"].clone();

    // A move that is not one is refused with the reason, and the head does not move.
    let refused = s.fails(&["play", &id, "Nd6"], 1);
    assert!(refused.stderr.contains("Nd6"), "{}", refused.stderr);
    let refused = s.fails(&["play", &id, "Qxd5"], 1);
    assert!(refused.stderr.contains("queen"), "{}", refused.stderr);
    assert_eq!(s.json(&["show", &id, "--json"])["head"], before);

    // White sees d5 (exd5) but not the queen on d6 behind it; Black sees its queen.
    let white = s.json(&["show", &id, "--as", "p1", "--json"]);
    let fen = white["state"]["fen"].as_str().unwrap_or_else(|| panic!("{white}"));
    assert_eq!(
        fen,
        "????????/????????/1???????/?1?p1??1/4P3/2N1?3/PPPP1PPP/R1BQKBNR w KQ - ? 3"
    );
    let shown = s.ok(&["show", &id, "--as", "p1"]);
    assert!(shown.contains("white view:") && !shown.contains('q'), "{shown}");
    let black = s.json(&["show", &id, "--as", "p2", "--json"]);
    assert!(
        black["state"]["fen"]
            .as_str()
            .unwrap()
            .starts_with("rnb1kbnr/ppp1pppp/3q"),
        "{black}"
    );
    let full = s.json(&["show", &id, "--as", "arbiter", "--json"]);
    assert_eq!(
        full["state"]["fen"],
        "rnb1kbnr/ppp1pppp/3q4/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3"
    );

    // The log: a seat sees its own moves, the public none.
    let log = |view: &str| -> Vec<String> {
        s.ok(&["log", &id, "--as", view])
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .filter_map(|l| l.split_whitespace().nth(2).map(str::to_string))
            .collect()
    };
    assert_eq!(log("p1"), ["key", "e4", "?", "Nc3", "?"]);
    assert_eq!(log("p2"), ["key", "?", "d5", "?", "Qd6"]);
    assert_eq!(log("public"), ["key", "?", "?", "?", "?"]);
    assert_eq!(log("arbiter"), ["key", "e4", "d5", "Nc3", "Qd6"]);
    let white = s.ok(&["log", &id, "--as", "p1"]);
    assert!(!white.contains("s="), "no state hash in a seat's log: {white}");
    assert!(white.contains("chance key ?") && white.contains("e4 salt="), "{white}");
    assert_eq!(s.ok(&["log", &id, "--as", "arbiter"]).matches(" salt=").count(), 4);

    // A file cannot hide part of a record: a seat's export is refused, the arbiter's whole.
    let run = s.fails(&["export", &id, "--as", "p1"], 2);
    assert!(run.stderr.contains("--as arbiter"), "{}", run.stderr);
    let pgn = s.ok(&["export", &id, "--as", "arbiter", "--format", "darkchess-pgn"]);
    assert!(
        pgn.contains("[Variant \"Dark chess\"]") && pgn.contains("1. e4 d5 2. Nc3 Qd6"),
        "{pgn}"
    );

    // The king left in attack is taken: the game ends, and the record verifies.
    s.ok(&["play", &id, "Nb5", "Qxh2", "Nc7", "Qxg1", "Nxe8"]);
    let over = s.json(&["show", &id, "--json"]);
    assert_eq!(over["turn"]["kind"], "over", "{over}");
    assert!(
        over["turn"]["outcome"]["reason"]
            .as_str()
            .unwrap()
            .contains("took the king"),
        "{over}"
    );
    let verified = s.ok(&["verify", &id]);
    assert!(verified.contains("over") && verified.contains("seed"), "{verified}");

    // The PGN reads back as the same game.
    let pgn = s.ok(&["export", &id, "--as", "arbiter", "--format", "darkchess-pgn"]);
    assert!(pgn.contains("Nxe8#") && pgn.contains("1-0"), "{pgn}");
    let file = s.path("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let imported = s.ok(&["import", file.to_str().unwrap(), "--format", "darkchess-pgn"]);
    assert!(!imported.trim().is_empty(), "{imported}");
}

#[test]
fn an_observed_game_starts_with_the_key_or_none() {
    let s = Session::new();
    let id = s.ok(&["new", "darkchess"]).trim().to_string();
    let refused = s.fails(&["play", &id, "e4"], 1);
    assert!(refused.stderr.contains("key"), "{}", refused.stderr);
    s.ok(&["play", &id, "chance:key ?", "e4", "e5"]);
    let log = s.ok(&["log", &id, "--as", "arbiter"]);
    assert!(
        log.contains(" p1 e4 ;") && !log.contains("salt="),
        "moves stored bare without a key: {log}"
    );
}

#[test]
fn a_random_playout_ends_and_verifies() {
    let s = Session::new();
    let id = s
        .ok(&["new", "darkchess", "--seed", "0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d"])
        .trim()
        .to_string();
    s.ok(&["playout", &id, "--policy", "d4"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["kind"], "over", "{shown}");
    s.ok(&["verify", &id]);
}

#[test]
fn the_service_reads_and_streams_each_token_its_own_view() {
    let s = Session::new();
    let server = Served::start(&s);
    let http = server.http.clone();
    let game = create(
        &http,
        json!({"game": "darkchess", "players": ["Ann", "Ben"], "random_seed": true}),
    );
    let (p1, p2) = (game.token("p1"), game.token("p2"));
    assert_eq!(play(&http, &game.id, Some(&p1), &["e4"]).status, 201);
    // Black may not enter White's move, nor White a move that is not one.
    assert_eq!(play(&http, &game.id, Some(&p1), &["d5"]).status, 403);
    let refused = play(&http, &game.id, Some(&p2), &["Qd5"]);
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(play(&http, &game.id, Some(&p2), &["d5"]).status, 201);
    assert_eq!(play(&http, &game.id, Some(&p1), &["Nc3"]).status, 201);
    assert_eq!(play(&http, &game.id, Some(&p2), &["Qd6"]).status, 201);

    let record = format!("/v1/records/{}", game.id);
    let fen = |token: Option<&str>| -> String {
        let answer = http.get_as(&record, token);
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.json()["state"]["fen"].as_str().unwrap_or_default().to_string()
    };
    assert_eq!(
        fen(Some(&p1)),
        "????????/????????/1???????/?1?p1??1/4P3/2N1?3/PPPP1PPP/R1BQKBNR w KQ - ? 3"
    );
    assert!(
        fen(Some(&p2)).starts_with("rnb1kbnr/ppp1pppp/3q4/"),
        "{}",
        fen(Some(&p2))
    );
    assert!(fen(None).starts_with("????????/????????/"), "{}", fen(None));
    assert!(
        !http.get_as(&record, Some(&p1)).body.contains("3q4"),
        "White's answer holds no queen on d6"
    );

    // The live stream, in White's view: its own moves, Black's as `?`, and no state hash.
    let (status, mut lines) = http.open_stream(
        &format!("{record}/stream"),
        &[
            ("accept", "application/x-ndjson"),
            ("authorization", &format!("Bearer {p1}")),
        ],
    );
    assert_eq!(status, 200);
    let mut seen = Vec::new();
    for _ in 0..5 {
        let mut line = String::new();
        lines.read_line(&mut line).unwrap();
        let item: Value = serde_json::from_str(&line).unwrap();
        assert!(item.get("state").is_none_or(Value::is_null), "{line}");
        let command = item["command"].as_str().unwrap_or_default();
        seen.push(command.split(' ').next().unwrap_or_default().to_string());
    }
    assert_eq!(seen, ["key", "e4", "?", "Nc3", "?"]);
    drop(lines);
    let (_, mut lines) = http.open_stream(&format!("{record}/stream"), &[("accept", "application/x-ndjson")]);
    let mut commands = Vec::new();
    for _ in 0..2 {
        let mut line = String::new();
        lines.read_line(&mut line).unwrap();
        let item: Value = serde_json::from_str(&line).unwrap();
        commands.push(item["command"].as_str().unwrap_or_default().to_string());
    }
    assert_eq!(commands, ["key ?", "?"], "the public sees no key and no move");
}
