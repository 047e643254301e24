//! End-to-end: Splendor recorded at a table (the recorder types each card turned up) and
//! bad input refused with its reason and the head unchanged.

use kifu_e2e::Session;

fn new_game(s: &Session) -> String {
    s.ok(&["new", "splendor", "-p", "Ada", "-p", "Bo"]).trim().to_string()
}

/// The command fails with the reason and the log is exactly as before.
fn refused(s: &Session, id: &str, args: &[&str], reason: &str) {
    let before = s.ok(&["log", id]);
    let mut all = vec!["play", id];
    all.extend_from_slice(args);
    let run = s.fails(&all, 1);
    assert!(run.stderr.contains(reason), "{args:?}: {}", run.stderr);
    assert_eq!(s.ok(&["log", id]), before, "{args:?} changed nothing");
}

#[test]
fn bad_cards_are_refused_with_the_reason_and_the_head_unchanged() {
    let s = Session::new();
    let id = new_game(&s);
    s.ok(&[
        "play",
        &id,
        "deal nobles:1,2,3 L1:1,2,3,4 L2:41,42,43,44 L3:71,72,73,74",
    ]);
    s.ok(&["play", &id, "reserve 2"]);
    refused(&s, &id, &["refill 95"], "there is no card '95' in the game");
    refused(
        &s,
        &id,
        &["refill 3"],
        "#3 (L1 white, 0pt, costs u1g1r1k1) cannot come from the level 1 deck: it is face up in the market",
    );
    refused(&s, &id, &["refill 2"], "p1 has reserved it");
    refused(&s, &id, &["refill 50"], "is a level 2 card");
    s.ok(&["play", &id, "refill 9", "take wug", "reserve L1", "draw ?"]);
    refused(
        &s,
        &id,
        &["buy 2"],
        "p2 cannot buy #2 (L1 white, 0pt, costs r2k1): p1 has reserved it",
    );
    refused(&s, &id, &["take wu"], "three tokens of different colours");
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}

#[test]
fn a_seeded_game_hides_a_blind_reserve_from_the_other_player() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "splendor",
            "--seed",
            "5eed5eed5eed5eed5eed5eed5eed5eed",
            "-p",
            "Ada",
            "-p",
            "Bo",
        ])
        .trim()
        .to_string();
    s.ok(&["play", &id, "reserve L3"]);
    let drawn = |view: &str| {
        s.ok(&["log", &id, "--as", view])
            .lines()
            .find(|l| l.contains(" chance draw "))
            .unwrap()
            .to_string()
    };
    assert!(!drawn("arbiter").contains("draw ?"), "{}", drawn("arbiter"));
    assert_eq!(drawn("p1"), drawn("arbiter"));
    assert!(drawn("p2").contains("draw ?"), "{}", drawn("p2"));
    assert!(drawn("public").contains("draw ?"));
    assert!(s.ok(&["show", &id, "--as", "p2"]).contains("reserved L3?"));
    assert!(!s.ok(&["show", &id, "--as", "p1"]).contains("L3?"));
}
