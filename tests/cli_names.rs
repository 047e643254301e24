//! End-to-end: what a person types is read as they meant it, or refused saying what would
//! work. Games, formats and views in any case; the closest name suggested; ids by any unique
//! prefix of 4 digits or more or by the header hash; `list` by any part of a name; a store
//! that is not there named, not made; `diff` of two games refused; `export --at`; seats named
//! alike in text and JSON.

use kifu_e2e::Session;

fn new(s: &Session, args: &[&str]) -> String {
    s.ok(args).trim().to_string()
}

#[test]
fn names_are_read_in_any_case_and_near_misses_are_suggested() {
    let s = Session::new();
    let id = new(&s, &["new", "Senet", "-p", "Ani", "-p", "Hunefer"]);
    assert_eq!(s.json(&["show", &id, "--json"])["game"], "senet");
    assert!(s.ok(&["show", &id, "--as", "P2"]).contains("chance to act"));
    let wrong = s.fails(&["new", "sennet"], 2);
    assert_eq!(
        wrong.stderr.trim(),
        "kifu: no game 'sennet'; did you mean 'senet'? (see 'kifu games')"
    );
    let far = s.fails(&["new", "backgammon"], 2);
    assert!(!far.stderr.contains("did you mean"), "{}", far.stderr);
    let view = s.fails(&["show", &id, "--as", "arbitor"], 2);
    assert!(view.stderr.contains("did you mean 'arbiter'?"), "{}", view.stderr);
    let format = s.fails(&["export", &id, "--format", "pgm"], 2);
    assert!(format.stderr.contains("did you mean 'pgn'?"), "{}", format.stderr);
    let empty = s.fails(&["new", "chess", "-p", "", "-p", "Ben"], 2);
    assert!(
        empty.stderr.contains("--player 1: a player's name is empty"),
        "{}",
        empty.stderr
    );
    let count = s.fails(&["new", "chess", "-p", "A", "-p", "B", "-p", "C"], 2);
    assert!(
        count.stderr.contains("chess takes exactly 2 players, not 3"),
        "{}",
        count.stderr
    );
}

#[test]
fn ids_are_prefixes_of_four_digits_or_more_or_the_header_hash() {
    let s = Session::new();
    let id = new(&s, &["new", "chess"]);
    s.ok(&["play", &id, "e4"]);
    let short = s.fails(&["show", &id[..3]], 2);
    assert!(
        short.stderr.contains("an id prefix needs 4 digits or more"),
        "{}",
        short.stderr
    );
    assert!(s.ok(&["show", &id[..4].to_uppercase()]).contains(&id));
    let text = s.ok(&["export", &id]);
    let header = text
        .lines()
        .find_map(|l| l.strip_prefix("header "))
        .expect("a header line");
    assert_eq!(header.len(), 64);
    assert_eq!(s.json(&["show", header, "--json"])["id"], id.as_str());
    let other = "0".repeat(64);
    assert!(s.fails(&["show", &other], 2).stderr.contains("no record"));
}

#[test]
fn list_matches_any_part_of_a_name_in_any_case_and_lines_up_wide_letters() {
    let s = Session::new();
    let smith = new(&s, &["new", "chess", "-p", "Smith, John", "-p", "Ben"]);
    let kim = new(&s, &["new", "renju", "-p", "김정수", "-p", "Lee"]);
    let listed = s.json(&["list", "--player", "smith", "--json"]);
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["id"], smith.as_str());
    assert_eq!(s.json(&["list", "--game", "REN", "--json"])[0]["id"], kim.as_str());
    assert_eq!(s.json(&["list", "--player", "정수", "--json"])[0]["id"], kim.as_str());
    // Oldest first by default.
    let ids: Vec<String> = s
        .json(&["list", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids, [smith.clone(), kim.clone()]);
    // Columns line up in terminal cells: a Hangul syllable takes two.
    let text = s.ok(&["list"]);
    let turn_at: Vec<usize> = text
        .lines()
        .map(|l| {
            let at = l.find("p1 (").expect("a turn");
            unicode_cells(&l[..at])
        })
        .collect();
    assert_eq!(turn_at[0], turn_at[1], "the turn column is not aligned:\n{text}");
    let sorted = s.json(&["list", "--sort", "game", "--json"]);
    assert_eq!(sorted[0]["game"], "chess");
}

/// Terminal cells of a text of ASCII and Hangul, counted here without the CLI's code.
fn unicode_cells(text: &str) -> usize {
    text.chars()
        .map(|c| if ('\u{AC00}'..='\u{D7A3}').contains(&c) { 2 } else { 1 })
        .sum()
}

#[test]
fn a_store_that_is_not_there_is_named_and_not_made_by_reading() {
    let s = Session::new();
    let missing = s.path("typo/store.redb");
    for args in [&["list"][..], &["show", "abcd"], &["log", "abcd"], &["check"]] {
        let run = s.run_on(&missing, args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("no store at {}", missing.display())),
            "{}",
            run.stderr
        );
    }
    assert!(!s.path("typo").exists(), "reading made the folder");
    // A command that writes makes it.
    let run = s.run_on(&missing, &["new", "chess"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(missing.exists());
}

#[test]
fn diff_refuses_two_games_and_export_at_gives_the_position_there() {
    let s = Session::new();
    let chess = new(&s, &["new", "chess"]);
    let senet = new(&s, &["new", "senet"]);
    s.ok(&["play", &chess, "e4", "e5"]);
    let run = s.fails(&["diff", &chess, &senet], 2);
    assert!(
        run.stderr.contains("is a record of chess and") && run.stderr.contains("of senet"),
        "{}",
        run.stderr
    );
    assert_eq!(
        s.ok(&["export", &chess, "--format", "FEN", "--at", "1"]).trim(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let cut = s.ok(&["export", &chess, "--at", "1"]);
    assert!(cut.contains("\n1 p1 e4") && !cut.contains("p2 e5"), "{cut}");
    assert!(s
        .fails(&["export", &chess, "--at", "3"], 2)
        .stderr
        .contains("has 2 entries"));
    let json = s.json(&["export", &chess, "--format", "pgn", "--json"]);
    assert_eq!(json["format"], "pgn");
    assert!(json["text"].as_str().unwrap().contains("1. e4 e5"));
}

#[test]
fn seats_are_named_alike_in_text_and_json() {
    let s = Session::new();
    let id = new(&s, &["new", "chess", "-p", "Ann", "-p", "Ben"]);
    s.ok(&["play", &id, "e4"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["seat"], 1, "the service's 0-based seat stays");
    assert_eq!(shown["turn"]["actor"], "p2");
    assert_eq!(shown["turn"]["player"], "Ben");
    assert!(s.ok(&["show", &id]).contains("p2 (Ben) to act"));
    s.ok(&["play", &id, "p2:resign"]);
    let over = s.json(&["show", &id, "--json"]);
    assert_eq!(over["turn"]["outcome"]["winning"][0]["actor"], "p1");
    assert_eq!(over["turn"]["outcome"]["winning"][0]["player"], "Ann");
    assert!(
        s.ok(&["show", &id]).contains("p1 (Ann) wins"),
        "{}",
        s.ok(&["show", &id])
    );
}

#[test]
fn a_game_lists_the_formats_it_travels_in() {
    let s = Session::new();
    let lines = |game: &str| s.ok(&["games", game]).lines().map(str::to_string).collect::<Vec<_>>();
    assert!(lines("djambi").contains(&"formats: kifu, svg (export)".to_string()));
    assert!(lines("senet").contains(&"formats: kifu, svg (export), senet".to_string()));
}
