//! End-to-end: Red-Black War at a table, observed: bad input refused with its reason and the
//! head unchanged, a card laid down hidden from the other kingdoms, and a war exported and
//! imported in the redblackwar notation.

use kifu_e2e::Session;

fn head(s: &Session, id: &str) -> serde_json::Value {
    s.json(&["show", id, "--json"])["seq"].clone()
}

fn new_war(s: &Session, extra: &[&str]) -> String {
    let mut args = vec!["new", "redblackwar"];
    args.extend_from_slice(extra);
    for name in ["Ada", "Bo", "Cy", "Di"] {
        args.extend(["-p", name]);
    }
    let id = s.ok(&args).trim().to_string();
    // Observed: the recorder has no key for the war's salts (seeds/redblackwar.md).
    s.ok(&["play", &id, "key ?"]);
    id
}

#[test]
fn impossible_cards_and_strangers_are_refused_and_nothing_changes() {
    let s = Session::new();
    let id = new_war(&s, &[]);
    s.ok(&["play", &id, "p1:5", "p2:6", "p3:7", "p4:8", "open"]);
    let before = (head(&s, &id), s.ok(&["log", &id]));
    // Not in the deck.
    let run = s.fails(&["play", &id, "p1:19"], 1);
    assert!(run.stderr.contains("'19' is not a card of the deck"), "{}", run.stderr);
    // A card nobody could still hold: p1 used its 5 in the first battle.
    let run = s.fails(&["play", &id, "p1:5"], 1);
    assert!(run.stderr.contains("p1 has no 5 left"), "{}", run.stderr);
    // A kingdom not in the war.
    let run = s.fails(&["play", &id, "p5:6"], 1);
    assert!(run.stderr.contains("p5 may not act now"), "{}", run.stderr);
    // Chance may not turn up cards that are not down.
    let run = s.fails(&["play", &id, "chance:open"], 1);
    assert!(run.stderr.contains("chance may not act now"), "{}", run.stderr);
    assert_eq!((head(&s, &id), s.ok(&["log", &id])), before, "nothing changed");
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}

#[test]
fn a_card_laid_down_is_hidden_until_opened_and_the_war_round_trips() {
    let s = Session::new();
    let id = new_war(&s, &[]);
    s.ok(&["play", &id, "p2:K"]);
    let theirs = s.ok(&["log", &id, "--as", "p1"]);
    assert!(!theirs.contains(" K") && theirs.contains('?'), "{theirs}");
    let own = s.ok(&["log", &id, "--as", "p2"]);
    assert!(own.contains('K'), "{own}");
    let run = s.fails(&["play", &id, "p2:Q"], 1);
    assert!(
        run.stderr.contains("p2 may not act now: p1, p3, p4 to act at once"),
        "{}",
        run.stderr
    );
    // A salted play: its line shows `?` to the others, and the salt only to its own seat.
    s.ok(&["play", &id, "p1:3#00112233445566778899aabbccddeeff"]);
    let theirs = s.ok(&["log", &id, "--as", "p3"]);
    assert!(!theirs.contains("0011223344"), "{theirs}");
    assert!(s
        .ok(&["log", &id, "--as", "p1"])
        .contains(" p1 3#00112233445566778899aabbccddeeff "));
    s.ok(&["play", &id, "p3:4", "p4:2", "open"]);
    let public = s.ok(&["log", &id, "--as", "public"]);
    assert!(public.contains("open 3 K 4 2"), "{public}");
    let file = s.ok(&["export", &id, "--as", "arbiter", "--format", "redblackwar"]);
    assert!(
        file.starts_with("Game: redblackwar\n") && file.contains("\nopen 3 K 4 2\n"),
        "{file}"
    );
    assert!(file.contains("p1 3#00112233445566778899aabbccddeeff"), "{file}");
    let elsewhere = Session::new();
    let path = elsewhere.path("war.rbw");
    std::fs::write(&path, &file).unwrap();
    let imported = elsewhere.ok(&["import", path.to_str().unwrap()]).trim().to_string();
    let log = elsewhere.ok(&["log", &imported, "--as", "arbiter"]);
    assert!(
        log.contains(" p1 3#00112233445566778899aabbccddeeff") && log.contains("open 3 K 4 2"),
        "{log}"
    );
}

#[test]
fn the_economic_war_is_offered_with_the_troop_deck_only() {
    let s = Session::new();
    let players = ["-p", "A", "-p", "B", "-p", "C", "-p", "D"];
    let with = |options: &[&str]| -> Vec<String> {
        ["new", "redblackwar"]
            .iter()
            .chain(options)
            .chain(&players)
            .map(|a| a.to_string())
            .collect()
    };
    let args = with(&["-O", "expansion=economic-war"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    s.ok(&args);
    let args = with(&["-O", "expansion=economic-war", "-O", "deck=playing-cards"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = s.fails(&args, 2);
    assert!(run.stderr.contains("needs the troop deck"), "{}", run.stderr);
}
