//! End-to-end: a Beirut chess game recorded with the `kifu` binary. Each side seals its bomb
//! carrier (kifu draws the salt and prints the opening to keep), White sets its bomb off, and
//! a forged opening is refused with the reason while the head stays where it was.

use kifu_e2e::Session;

fn head(s: &Session, id: &str) -> String {
    s.json(&["show", id, "--json"])["head"].as_str().unwrap().to_string()
}

/// Seals `choice` for `seat` and returns the opening kifu printed to keep.
fn seal(s: &Session, id: &str, seat: &str, choice: &str) -> String {
    let answer = s.json(&["play", id, &format!("{seat}:seal {choice}"), "--json"]);
    let opening = answer["openings"][0].as_str().expect("an opening to keep").to_string();
    let prefix = format!("{seat}:open ");
    assert!(opening.starts_with(&prefix), "{opening}");
    assert!(opening.ends_with(&format!(" {choice}")), "{opening}");
    opening
}

#[test]
fn a_sealed_bomb_goes_off_and_a_forged_one_is_refused() {
    let s = Session::new();
    let id = s
        .ok(&["new", "beirut", "--player", "Winslow", "--player", "Guest"])
        .trim()
        .to_string();
    let white = seal(&s, &id, "p1", "g1");
    let _black = seal(&s, &id, "p2", "b8");
    let log = s.ok(&["log", &id, "--as", "p2"]);
    assert!(
        !log.contains(" g1"),
        "the carrier is not in Black's view of the log:\n{log}"
    );
    assert!(log.contains("p1 commit "), "{log}");
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "Nxe5", "Qd4"] {
        s.ok(&["play", &id, m]);
    }
    let before = head(&s, &id);
    let forged = white.replace(" g1", " b1");
    let refused = s.fails(&["play", &id, &forged], 1);
    assert!(
        refused.stderr.contains("does not match the commitment"),
        "{}",
        refused.stderr
    );
    assert_eq!(head(&s, &id), before, "nothing stored");
    s.ok(&["play", &id, &white]);
    let shown = s.json(&["show", &id, "--json"]);
    let fen = shown["state"]["fen"].as_str().unwrap();
    assert!(
        fen.starts_with("r1b1kbnr/1pp2ppp/p1p5/8/8/8/PPPP1PPP/RNBQK2R b"),
        "{fen}"
    );
    s.ok(&["verify", &id]);
    let file = s.path("beirut.kifu");
    s.ok(&["export", &id, "--output", file.to_str().unwrap()]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("game beirut"));
    s.ok(&["verify", file.to_str().unwrap()]);
}

#[test]
fn a_bad_seal_or_opening_is_refused_with_its_place() {
    let s = Session::new();
    let id = s.ok(&["new", "beirut"]).trim().to_string();
    let refused = s.fails(&["play", &id, "p1:commit 12ab"], 1);
    assert!(refused.stderr.contains("64 hex digits"), "{}", refused.stderr);
    let refused = s.fails(&["play", &id, "p1:e4"], 1);
    assert!(refused.stderr.contains("commits"), "{}", refused.stderr);
    assert_eq!(s.json(&["show", &id, "--json"])["seq"], 0);
}
