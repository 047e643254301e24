//! End-to-end: Briscola recorded at a table where nobody sees the hands, bad input refused
//! with its reason and the head unchanged, and a record exported and imported in the
//! briscola notation.

use kifu_e2e::Session;

fn head(s: &Session, id: &str) -> serde_json::Value {
    s.json(&["show", id, "--json"])["seq"].clone()
}

#[test]
fn impossible_cards_and_strangers_are_refused_and_nothing_changes() {
    let s = Session::new();
    let id = s
        .ok(&["new", "briscola", "-p", "Ada", "-p", "Bo", "-p", "Cy"])
        .trim()
        .to_string();
    s.ok(&["play", &id, "deal Kd"]);
    let before = (head(&s, &id), s.ok(&["log", &id]));
    // Not in the deck: three players play without the 2 of coins.
    let run = s.fails(&["play", &id, "2d"], 1);
    assert!(run.stderr.contains("not in the deck"), "{}", run.stderr);
    // The turned card cannot come out of an unseen hand.
    let run = s.fails(&["play", &id, "Kd"], 1);
    assert!(run.stderr.contains("the briscola turned up"), "{}", run.stderr);
    // A seat that is not in the game.
    let run = s.fails(&["play", &id, "p5:Ac"], 1);
    assert!(run.stderr.contains("p5"), "{}", run.stderr);
    assert_eq!((head(&s, &id), s.ok(&["log", &id])), before, "nothing changed");
    s.ok(&["play", &id, "Ac"]);
    let run = s.fails(&["play", &id, "Ac"], 1);
    assert!(run.stderr.contains("already on the table"), "{}", run.stderr);
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}

#[test]
fn a_bid_from_a_player_not_in_the_game_is_refused() {
    let s = Session::new();
    let mut args = vec!["new", "briscola-chiamata"];
    for name in ["A", "B", "C", "D", "E"] {
        args.extend(["-p", name]);
    }
    let id = s.ok(&args).trim().to_string();
    s.ok(&["play", &id, "deal"]);
    let before = (head(&s, &id), s.ok(&["log", &id]));
    let run = s.fails(&["play", &id, "p6:bid 70"], 1);
    assert!(run.stderr.contains("p6"), "{}", run.stderr);
    let run = s.fails(&["play", &id, "bid 121"], 1);
    assert!(run.stderr.contains("from 1 to 120"), "{}", run.stderr);
    assert_eq!((head(&s, &id), s.ok(&["log", &id])), before, "nothing changed");
    s.ok(&["play", &id, "bid 70", "pass", "pass"]);
    assert!(s.ok(&["show", &id]).contains("p1 names the called card"));
}

#[test]
fn a_seeded_hand_exports_and_imports_in_the_briscola_notation() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "briscola",
            "--seed",
            "5eed5eed5eed5eed5eed5eed5eed5eed",
            "-p",
            "Ada",
            "-p",
            "Bo",
        ])
        .trim()
        .to_string();
    let own = s.ok(&["show", &id, "--as", "p1"]);
    assert!(own.contains("p2: hand [?3]") && !own.contains("p1: hand [?3]"), "{own}");
    let legal = s.json(&["legal", &id, "--json"]);
    let first = legal[0].as_str().unwrap().to_string();
    s.ok(&["play", &id, &first]);
    let file = s.ok(&["export", &id, "--as", "arbiter", "--format", "briscola"]);
    assert!(file.starts_with("Game: briscola\n"), "{file}");
    assert!(file.contains("chance deal "), "{file}");
    let path = s.path("hand.briscola");
    std::fs::write(&path, &file).unwrap();
    let imported = s.ok(&["import", path.to_str().unwrap()]);
    assert!(!imported.trim().is_empty());
}
