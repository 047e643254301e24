//! End-to-end: dice chess with the `kifu` binary: a seeded game played out by kifu (every roll
//! drawn from the seed and checked at the reveal), and an observed one where a move the roll
//! does not allow is refused with the reason and nothing stored.

use kifu_e2e::Session;

#[test]
fn a_seeded_game_is_played_out_and_verifies() {
    let s = Session::new();
    let id = s
        .ok(&["new", "dicechess", "--seed", "d1ced1ced1ced1ced1ced1ced1ced1ce"])
        .trim()
        .to_string();
    s.ok(&["playout", &id]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["kind"], "over", "{shown}");
    let verified = s.ok(&["verify", &id]);
    assert!(verified.contains("seed"), "{verified}");
}

#[test]
fn an_observed_roll_limits_the_move() {
    let s = Session::new();
    let id = s.ok(&["new", "dicechess"]).trim().to_string();
    s.ok(&["play", &id, "chance:4 2"]);
    let before = s.json(&["show", &id, "--json"])["head"].clone();
    let refused = s.fails(&["play", &id, "e4"], 1);
    assert!(
        refused.stderr.contains("not allowed by the roll 2 4"),
        "{}",
        refused.stderr
    );
    assert_eq!(s.json(&["show", &id, "--json"])["head"], before);
    s.ok(&["play", &id, "Nf3"]);
    let refused = s.fails(&["play", &id, "chance:7 1"], 1);
    assert!(refused.stderr.contains("1 to 6"), "{}", refused.stderr);
}
