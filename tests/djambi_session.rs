//! End-to-end: a four-player Djambi game with the `kifu` binary: moves and a kill recorded,
//! the position shown as text and JSON, the log, bad moves refused with the reason and the
//! head unchanged, the record exported as kifu text and imported back, a game won from a set
//! position, and a random playout that ends and verifies.

use kifu_e2e::Session;

#[test]
fn a_djambi_game_is_recorded_shown_exported_and_imported_back() {
    let s = Session::new();
    let new = ["new", "djambi", "-p", "Ann", "-p", "Ben", "-p", "Cy", "-p", "Di"];
    let id = s.ok(&new).trim().to_string();
    // Red, blue (killing red's militant, its corpse put on a5), yellow, green.
    s.ok(&["play", &id, "M c2-e4", "Mg2xe4@a5", "M h7-h5", "M b7-b5"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(
        shown["state"]["position"],
        "gCgAgM3yMyAyC/gRgDgM3yMyDyR/gM1gN3yN1yM/9/xMgM5yM1/4bM4/rMrMrN3bNbMbM/rRrD5bDbR/rCrArM3bMbAbC r r 2 4",
        "{shown}"
    );
    assert_eq!(shown["state"]["to_move"], "red");
    let text = s.ok(&["show", &id]);
    assert!(text.contains("5 xM gM") && text.contains("red (p1) to move"), "{text}");
    let log = s.ok(&["log", &id]);
    assert!(log.contains(" p2 M g2xe4 @a5 ;"), "canonical text in the log: {log}");

    let before = s.head(&id);
    for (bad, why) in [
        ("C a1-a2", "the reporter on a2 is your own"),
        ("M c3-c4", "c3 holds a necromobile, not a militant"),
        ("M c1-c4", "cannot reach c4"),
        ("A b1xe4 @c4", "on the square it came from, b1"),
        ("g3-g4", "is blue (p2)'s, and it is red (p1)'s move"),
        ("z1-z2", "is not a square"),
        ("pass", "may pass only with no move left"),
    ] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(why), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }

    let file = s.path("game.kifu");
    s.ok(&["export", &id, "-o", file.to_str().unwrap()]);
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.contains("game djambi") && written.contains("p3 M h7-h5"),
        "{written}"
    );
    let other = Session::new();
    let imported = other.ok(&["import", file.to_str().unwrap()]);
    assert!(imported.contains(&id), "{imported}");
    let verified = other.ok(&["verify", &id]);
    assert!(verified.contains("ok, 4 entries"), "{verified}");
}

#[test]
fn the_last_chief_alive_wins_from_a_set_position() {
    let s = Session::new();
    // Red's chief on a1, blue's on a5 and a blue militant: yellow and green are already out.
    let start = "9/9/9/9/bC8/9/9/9/rC3bM4 r r 0 0";
    let id = s.ok(&["new", "djambi", "--start", start]).trim().to_string();
    let run = s.fails(&["new", "djambi", "--start", "9/9/9/9/bC8/9/9/9/rC3bM3 r r 0 0"], 2);
    assert!(run.stderr.contains("rank 1 has 8 squares, not 9"), "{}", run.stderr);
    s.ok(&["play", &id, "C a1xa5 @b2"]);
    let over = s.json(&["show", &id, "--json"]);
    assert_eq!(over["turn"]["kind"], "over", "{over}");
    assert_eq!(over["turn"]["outcome"]["winners"], serde_json::json!([0]), "{over}");
    assert!(s.ok(&["verify", &id]).contains("over"));
    let run = s.fails(&["play", &id, "C a5-a6"], 1);
    assert!(run.stderr.contains("over"), "{}", run.stderr);
}

#[test]
fn a_random_playout_ends_and_verifies() {
    let s = Session::new();
    let id = s.ok(&["new", "djambi"]).trim().to_string();
    s.ok(&["playout", &id, "--policy", "d1"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["kind"], "over", "{shown}");
    s.ok(&["verify", &id]);
}
