//! End-to-end: an Apocalypse turn recorded with the `kifu` binary: both moves sealed (kifu
//! draws each salt and prints the opening to keep), then both shown and resolved together.

use kifu_e2e::Session;

fn sealed(s: &Session, id: &str, seat: &str, choice: &str) -> String {
    let answer = s.json(&["play", id, &format!("{seat}:seal {choice}"), "--json"]);
    answer["openings"][0].as_str().expect("an opening to keep").to_string()
}

#[test]
fn both_moves_are_sealed_then_shown_and_resolved_together() {
    let s = Session::new();
    let id = s.ok(&["new", "apocalypse"]).trim().to_string();
    let white = sealed(&s, &id, "p1", "d1d2");
    let black = sealed(&s, &id, "p2", "e4e3");
    let log = s.ok(&["log", &id, "--as", "p1"]);
    assert!(
        !log.contains("e4e3"),
        "Black's move is not in White's view before it is shown:\n{log}"
    );
    s.ok(&["play", &id, &white, &black]);
    let white = sealed(&s, &id, "p1", "d2e3");
    let black = sealed(&s, &id, "p2", "e3d2");
    let refused = s.fails(&["play", &id, &white.replace("d2e3", "d2d3")], 1);
    assert!(
        refused.stderr.contains("does not match the commitment"),
        "{}",
        refused.stderr
    );
    s.ok(&["play", &id, &black, &white]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["state"]["position"], "npppn/p4/4P/P2pP/NPP1N 0 0");
    s.ok(&["verify", &id]);
}
