//! End-to-end: Condottiere recorded at a real table, where nobody sees the hands, and a
//! seeded game that kifu deals itself.

use kifu_e2e::Session;

fn seq(s: &Session, id: &str) -> u64 {
    s.json(&["show", id, "--json"])["seq"].as_u64().unwrap()
}

#[test]
fn a_ninth_ten_is_refused_even_with_no_hand_ever_seen() {
    let s = Session::new();
    let id = s
        .ok(&["new", "condottiere", "-p", "Ada", "-p", "Bo", "-p", "Cy"])
        .trim()
        .to_string();
    assert_eq!(
        s.json(&["legal", &id, "--json"]),
        serde_json::json!(["deal p1:?10 p2:?10 p3:?10"])
    );
    s.ok(&["play", &id, "deal"]);
    s.ok(&["play", &id, "choose Genova"]);
    s.ok(&["play", &id, "10", "10", "10", "10", "10", "10", "10", "10"]);
    assert_eq!(seq(&s, &id), 10);
    let before = s.ok(&["log", &id]);
    let run = s.fails(&["play", &id, "10"], 1);
    assert!(run.stderr.contains("entry 11 (p3 '10')"), "{}", run.stderr);
    assert!(run.stderr.contains("all are accounted for"), "{}", run.stderr);
    assert_eq!(s.ok(&["log", &id]), before, "nothing changed");
    // Other cards are still possible from the unknown hands.
    s.ok(&["play", &id, "6"]);
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}

#[test]
fn a_seeded_game_hides_each_hand_from_the_other_players() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "condottiere",
            "--seed",
            "5eed5eed5eed5eed5eed5eed5eed5eed",
            "-p",
            "Ada",
            "-p",
            "Bo",
            "-p",
            "Cy",
        ])
        .trim()
        .to_string();
    let full = s.ok(&["show", &id, "--as", "arbiter"]);
    let own = s.ok(&["show", &id, "--as", "p1"]);
    let public = s.ok(&["show", &id, "--as", "public"]);
    assert_eq!(s.ok(&["show", &id]), public, "the public view is the default");
    let run = s.fails(&["show", &id, "--as", "p4"], 2);
    assert!(run.stderr.contains("3 seats"), "{}", run.stderr);
    let run = s.fails(&["export", &id], 2);
    assert!(run.stderr.contains("--as arbiter"), "{}", run.stderr);
    assert!(s.ok(&["export", &id, "--as", "arbiter"]).contains(" chance deal "));
    assert!(
        full.contains("p2: 10 cards [") && !full.contains("p2: 10 cards [?10]"),
        "{full}"
    );
    assert!(
        own.contains("p2: 10 cards [?10]") && !own.contains("p1: 10 cards [?10]"),
        "{own}"
    );
    assert!(public.contains("p1: 10 cards [?10]"), "{public}");
    // The log itself is a view too: the seeded deal lists every hand, each player sees theirs.
    let deal = |view: &str| {
        s.ok(&["log", &id, "--as", view])
            .lines()
            .find(|l| l.contains(" chance deal "))
            .unwrap()
            .to_string()
    };
    assert_eq!(s.ok(&["log", &id]), s.ok(&["log", &id, "--as", "public"]));
    let everything = s
        .ok(&["log", &id, "--as", "arbiter"])
        .lines()
        .find(|l| l.contains(" chance deal "))
        .unwrap()
        .to_string();
    assert!(!everything.contains('?'), "{everything}");
    let for_p2 = deal("p2");
    assert!(
        for_p2.contains(" p1:?10 ") && for_p2.contains(" p3:?10 ") && !for_p2.contains(" p2:?10 "),
        "{for_p2}"
    );
    assert!(deal("public").contains("deal p1:?10 p2:?10 p3:?10 ;"));
    s.ok(&["playout", &id, "--policy", "07"]);
    let out = s.ok(&["verify", &id]);
    assert!(out.contains("over,") && out.contains("seeded chance checked"), "{out}");
}
