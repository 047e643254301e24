//! End-to-end: Concordia Solitaria dealt from a seed, a wrong Contrarius entry refused with the
//! reason and the head unchanged, the game played out to its end, and its export verified.

use kifu_e2e::Session;

#[test]
fn a_seeded_solitaria_game_refuses_a_wrong_contrarius_entry_and_plays_out_to_a_verified_end() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "concordia-solitaria",
            "--seed",
            "50105050501050505010505050105050",
            "-p",
            "Ada",
            "-p",
            "Contrarius",
        ])
        .trim()
        .to_string();
    let shown = s.ok(&["show", &id]);
    assert!(shown.contains("Concordia Solitaria on the imperium map"), "{shown}");
    assert!(shown.contains("Level standard; p1 started at 20 points"), "{shown}");

    // A Prefect taking cash scores Contrarius two points (seeds/concordia-solitaria.md).
    s.ok(&["play", &id, "prefect cash"]);
    let state = s.json(&["show", &id, "--json"]);
    assert_eq!(state["turn"]["actor"], "p2", "{state}");
    let before = s.head(&id);
    for (bad, why) in [
        ("p2: score 3", "Contrarius must score 2, not score 3"),
        ("p2: take 1", "Contrarius must score 2, not take 1"),
    ] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(why), "{bad}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("entry {}", before.0 + 1)),
            "{bad}: {}",
            run.stderr
        );
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }
    s.ok(&["play", &id, "p2: score 2"]);

    s.ok(&["playout", &id]);
    let state = s.json(&["show", &id, "--json"]);
    assert_eq!(state["turn"]["kind"], "over", "{state}");
    let export = s.path("solitaria.kifu");
    s.ok(&["export", &id, "-o", export.to_str().unwrap()]);
    let text = std::fs::read_to_string(&export).unwrap();
    assert!(
        text.lines().any(|l| l.split(' ').nth(1) == Some("p2")),
        "Contrarius has entries"
    );
    let out = s.ok(&["verify", export.to_str().unwrap()]);
    assert!(
        out.contains(": ok,") && out.contains("over,") && out.contains("seeded chance checked"),
        "{out}"
    );
}

#[test]
fn contrarius_as_a_third_player_takes_a_veto_once_and_plays_out_to_a_verified_end() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "concordia-solitaria",
            "--seed",
            "7410741074107410741074107410741a",
            "-p",
            "Ada",
            "-p",
            "Contrarius",
            "-p",
            "Bo",
        ])
        .trim()
        .to_string();
    let shown = s.ok(&["show", &id]);
    assert!(shown.contains("Contrarius as a third player"), "{shown}");
    let run = s.fails(&["play", &id, "p1: prefect cash"], 1);
    assert!(run.stderr.contains("p1 may not act now: p3 to act"), "{}", run.stderr);
    s.ok(&["play", &id, "p3: prefect cash"]);
    s.ok(&["play", &id, "p1: mercator"]);
    // The seeded black die is rolled; p3 vetoes it once, and a second veto is refused.
    s.ok(&["play", &id, "p3: veto"]);
    let before = s.head(&id);
    let run = s.fails(&["play", &id, "p3: veto"], 1);
    assert!(
        run.stderr.contains("p3 may not act now: p1, p2 to act at once"),
        "{}",
        run.stderr
    );
    assert_eq!(s.head(&id), before, "the refused veto changed the head");
    s.ok(&["playout", &id]);
    let state = s.json(&["show", &id, "--json"]);
    assert_eq!(state["turn"]["kind"], "over", "{state}");
    let out = s.ok(&["verify", &id]);
    assert!(out.contains(": ok,") && out.contains("p3 "), "{out}");
}
