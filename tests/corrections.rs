//! End-to-end: a recorder corrects a mistake without breaking the chain. The withdrawn entries
//! stay in the log, marked; the position, the legal moves, notation exports and diff see the
//! corrected game; verify checks both the withdrawn entries and the correction.

use kifu_e2e::Session;

#[test]
fn a_misread_throw_is_corrected_at_the_table() {
    let s = Session::new();
    let id = s.ok(&["new", "senet", "-p", "Ani", "-p", "Hunefer"]).trim().to_string();
    s.ok(&["play", &id, "3"]);
    let first = s.ok(&["legal", &id]).split_whitespace().next().unwrap().to_string();
    s.ok(&["play", &id, &first]);
    s.ok(&["play", &id, "2"]);
    let second = s.ok(&["legal", &id]).split_whitespace().next().unwrap().to_string();
    s.ok(&["play", &id, &second]);
    // The sticks had shown 4, not 2: back to the position after entry 2.
    let out = s.ok(&[
        "correct",
        &id,
        "--to",
        "2",
        "--reason",
        "entry 3 misread; the throw was 4",
    ]);
    assert!(out.starts_with("5 "), "{out}");
    assert_eq!(s.json(&["show", &id, "--json"])["turn"]["kind"], "chance");
    assert_eq!(s.ok(&["legal", &id]).trim(), "1 2 3 4 5");
    s.ok(&["play", &id, "4"]);
    let log = s.ok(&["log", &id]);
    let marked: Vec<&str> = log.lines().filter(|l| l.ends_with("[withdrawn by entry 5]")).collect();
    assert_eq!(marked.len(), 2, "{log}");
    assert!(
        marked[0].starts_with("3 chance 2") && marked[1].starts_with("4 p2 "),
        "{log}"
    );
    assert!(
        log.contains("5 arbiter correct 2 entry 3 misread\\x3b the throw was 4"),
        "{log}"
    );
    let json = s.json(&["log", &id, "--json"]);
    assert_eq!(json["entries"][2]["withdrawn_by"], 5);
    assert!(json["entries"][5]["withdrawn_by"].is_null());
    assert!(s.ok(&["verify", &id]).contains(": ok, 6 entries"));
    let file = s.path("corrected.kifu");
    s.ok(&["export", &id, "-o", file.to_str().unwrap()]);
    assert!(s.ok(&["verify", file.to_str().unwrap()]).contains(": ok,"));
    // The Senet notation carries the game as it stands: three entries, the 4 third.
    let senet = s.ok(&["export", &id, "--format", "senet"]);
    assert!(!senet.contains(&second) || second == first, "{senet}");
    let notation = s.path("corrected.senet");
    std::fs::write(&notation, &senet).unwrap();
    let copy = s.ok(&["import", notation.to_str().unwrap()]).trim().to_string();
    let moves: Vec<String> = s.json(&["log", &copy, "--json"])["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["command"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(moves, ["3", first.as_str(), "4"]);
    // diff compares the games as they stand: no entry differs.
    let run = s.run(&["diff", &id, &copy]);
    assert!(
        run.stdout.contains("same entries; the headers differ"),
        "{}",
        run.stdout
    );
}

#[test]
fn corrections_that_cannot_hold_are_refused_with_the_reason() {
    let s = Session::new();
    let id = s.ok(&["new", "chess"]).trim().to_string();
    s.ok(&["play", &id, "e4", "e5", "Nf3"]);
    let (seq, _) = head(&s, &id);
    for (to, why) in [("3", "nothing after entry 3"), ("7", "not before"), ("0", "")] {
        let run = s.run(&["correct", &id, "--to", to, "--reason", "check"]);
        if why.is_empty() {
            assert_eq!(run.code, 0, "{}", run.stderr);
        } else {
            assert_eq!(run.code, 1, "{}", run.stderr);
            assert!(run.stderr.contains(why), "{}", run.stderr);
            assert_eq!(head(&s, &id).0, seq, "a refused correction changes nothing");
        }
    }
    // After 'correct --to 0' the game starts again; the PGN holds only what followed.
    s.ok(&["play", &id, "d4", "d5"]);
    let pgn = s.ok(&["export", &id, "--format", "pgn"]);
    assert!(pgn.contains("1. d4 d5") && !pgn.contains("e4"), "{pgn}");
    let run = s.fails(&["correct", &id, "--to", "2", "--reason", "x"], 1);
    assert!(run.stderr.contains("withdrawn by entry 4"), "{}", run.stderr);
}

fn head(s: &Session, id: &str) -> (u64, String) {
    let json = s.json(&["show", id, "--json"]);
    (
        json["seq"].as_u64().unwrap(),
        json["head"].as_str().unwrap().to_string(),
    )
}
