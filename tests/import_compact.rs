//! End-to-end: an import of many games in many small transactions keeps every game: each id
//! printed once, in file order, as its batch is stored; the counts on standard error; a store
//! that `kifu check` reads back whole and that a second import of the same file finds every
//! game in. The import leaves the file as redb grew it (it no longer rewrites it in key order
//! after 1000 games); `kifu compact` rewrites it by hand and changes no record.

use std::collections::BTreeSet;

use kifu_e2e::Session;

const GAMES: u32 = 1200;

/// Short games, each with an Event of its own (so a record of its own); game 700 has an
/// illegal second move.
fn games() -> String {
    (1..=GAMES)
        .map(|n| {
            let moves = match n {
                700 => "1. e4 Ke6 *",
                n if n.is_multiple_of(2) => "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
                _ => "1. d4 {a comment} d5 2. c4 *",
            };
            format!("[Event \"Game {n}\"]\n\n{moves}\n\n")
        })
        .collect()
}

/// The `Event` tag of a stored record.
fn event(s: &Session, id: &str) -> String {
    let shown = s.json(&["log", id, "--json"]);
    shown["header"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|l| l.as_str()?.strip_prefix("tag Event="))
        .unwrap()
        .to_string()
}

#[test]
fn a_large_import_in_small_transactions_keeps_every_game() {
    let s = Session::new();
    let file = s.path("many.pgn");
    std::fs::write(&file, games()).unwrap();
    let file = file.to_str().unwrap();
    let run = s.fails(&["import", file, "--batch", "50"], 1);
    let stored = GAMES as usize - 1;
    let ids: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(ids.len(), stored, "{}", run.stderr);
    assert_eq!(ids.iter().collect::<BTreeSet<_>>().len(), stored, "every id once");
    assert!(
        run.stderr.contains(&format!(
            "many.pgn: {stored} stored, 0 already in the store, 1 skipped for errors or conflicts, 0 extended"
        )),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("many.pgn: game 700, line "), "{}", run.stderr);
    // File order: the first, the one after the refused game, and the last.
    assert_eq!(event(&s, ids[0]), "Game 1");
    assert_eq!(event(&s, ids[699]), "Game 701");
    assert_eq!(event(&s, ids[stored - 1]), format!("Game {GAMES}"));
    let listed: BTreeSet<String> = s.stored().into_iter().collect();
    assert_eq!(listed, ids.iter().map(|id| id.to_string()).collect::<BTreeSet<_>>());
    let checked = s.ok(&["check"]);
    assert!(checked.contains(&format!("{stored} records, ")), "{checked}");
    assert!(checked.contains(&format!(": {stored} ok, 0 damaged")), "{checked}");
    assert!(!s.path("store.redb.rewrite").exists(), "no new file beside the store");
    // Opened again: every game is found there.
    let again = s.fails(&["import", file], 1);
    assert_eq!(again.stdout, "", "nothing stored anew");
    assert!(
        again
            .stderr
            .contains(&format!("many.pgn: 0 stored, {stored} already in the store, 1 skipped")),
        "{}",
        again.stderr
    );
    // The import left the file as redb grew it: a rewrite by hand still makes it smaller.
    let said = s.json(&["compact", "--json"]);
    assert_eq!(said["done"], "rewritten", "{said}");
}

#[test]
fn kifu_compact_rewrites_the_store_and_changes_no_record() {
    let s = Session::new();
    let file = s.path("many.pgn");
    std::fs::write(&file, games()).unwrap();
    // In parts of 100 games.
    let text = games();
    let chunks: Vec<&str> = text.split_inclusive("*\n\n").collect();
    for (n, chunk) in chunks.chunks(100).enumerate() {
        let part = s.path(&format!("part{n}.pgn"));
        std::fs::write(&part, chunk.concat()).unwrap();
        s.run(&["import", part.to_str().unwrap()]);
    }
    let ids = s.stored();
    assert_eq!(ids.len(), GAMES as usize - 1);
    let heads: Vec<(u64, String)> = ids.iter().map(|id| s.head(id)).collect();
    let before = std::fs::metadata(s.store()).unwrap().len();
    let said = s.ok(&["compact"]);
    let after = std::fs::metadata(s.store()).unwrap().len();
    assert!(said.contains("store.redb: ") && said.contains(" MB, now "), "{said}");
    assert!(after < before, "{before} bytes, then {after}");
    assert_eq!(s.stored(), ids);
    assert_eq!(ids.iter().map(|id| s.head(id)).collect::<Vec<_>>(), heads);
    let checked = s.ok(&["check"]);
    assert!(checked.contains(&format!(": {} ok, 0 damaged", ids.len())), "{checked}");
    // Written in key order already: a second rewrite would not be a sixteenth smaller, and says so.
    let said = s.json(&["compact", "--json"]);
    assert_eq!(said["done"], "already_small", "{said}");
    assert_eq!(said["before"], after, "{said}");
    assert_eq!(std::fs::metadata(s.store()).unwrap().len(), after);
    // Play goes on in the rewritten store.
    let id = s
        .ok(&["new", "chess", "--player", "A", "--player", "B"])
        .trim()
        .to_string();
    s.ok(&["play", &id, "e4"]);
    assert_eq!(s.head(&id).0, 1);
    let nowhere = s.path("nowhere.redb");
    let refused = s.run_on(&nowhere, &["compact"]);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(refused.stderr.contains("no store at "), "{}", refused.stderr);
    assert!(!nowhere.exists(), "no store made");
    let refused = s.fails(&["--server", "http://127.0.0.1:9", "compact"], 2);
    assert!(refused.stderr.contains("needs the store itself"), "{}", refused.stderr);
}
