//! End-to-end: a Tablut game recorded with the `kifu` binary, exported to OpenTafl and imported
//! back, and bad moves refused with the reason while the head stays where it was.

use kifu_e2e::Session;

#[test]
fn a_tablut_game_is_recorded_exported_and_refuses_bad_moves() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "tablut",
            "--player",
            "Lonsdale",
            "--player",
            "Piirsoo",
            "--option",
            "rules=linnaeus",
        ])
        .trim()
        .to_string();
    s.ok(&["play", &id, "e2-g2"]);
    s.ok(&["play", &id, "e3-h3"]);
    let state = s.json(&["show", &id, "--json"]);
    let text = state.to_string();
    assert!(
        text.contains("/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/7T1/6t2/3ttt3/"),
        "{text}"
    );

    let before = s.head(&id);
    for (bad, why) in [
        ("b5-c4", "along a rank or a file"),
        ("e5-e6", "white piece"),
        ("b5-b3xb4", "captures nothing"),
        ("z1-z2", "not a square"),
    ] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(why), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }

    let file = s.path("game.otg");
    s.ok(&["export", &id, "--format", "opentafl", "-o", file.to_str().unwrap()]);
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.contains("[attackers:Lonsdale]") && written.contains("1. e2-g2 e3-h3"),
        "{written}"
    );
    let other = Session::new();
    let imported = other.ok(&["import", file.to_str().unwrap()]);
    assert!(!imported.trim().is_empty());
}
