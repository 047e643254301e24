//! End-to-end: a Taluva game recorded with the `kifu` binary (observed draws typed in, tiles
//! laid, huts built), its JSON and SVG, bad input refused with the reason and the head
//! unchanged, and a seeded game played out to the end that verifies.

use kifu_e2e::Session;

#[test]
fn a_taluva_game_is_recorded_and_refuses_bad_input() {
    let s = Session::new();
    let id = s
        .ok(&["new", "taluva", "--player", "Ana", "--player", "Bo", "--player", "Cy"])
        .trim()
        .to_string();
    for command in [
        "draw jungle-clearing",
        "tile 0,0 0",
        "hut 1,0",
        "draw sand-rock",
        "tile -1,-1 0",
        "hut 0,-1",
    ] {
        s.ok(&["play", &id, command]);
    }
    let state = s.json(&["show", &id, "--json"]);
    let text = state.to_string();
    assert!(
        text.contains(r#""building":"hut","count":1,"level":1,"owner":1,"q":0,"r":-1,"terrain":"sand""#),
        "{text}"
    );
    let svg = s.ok(&["show", &id, "--svg"]);
    assert!(svg.contains(r#"data-cell="0,-1""#), "{svg}");

    let before = s.head(&id);
    for (bad, why) in [
        ("tile 0,0 1", "must be drawn"),
        ("draw lava-rock", "not a terrain"),
        ("draw lake-lake lake", "draw LEFT-RIGHT"),
    ] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(why), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }
    s.ok(&["play", &id, "draw rock-rock"]);
    let before = s.head(&id);
    for (bad, why) in [
        ("tile 0,0 0", "exactly on one"),
        ("tile 1,0 2", "volcano must lie on a volcano"),
        ("tile 5,5 0", "touch the island"),
        ("tile 0,0 9", "direction 0 to 5"),
        ("hut 1,-1", "lay the tile before building"),
        ("temple", "write temple Q,R"),
    ] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(why), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }
    s.ok(&["play", &id, "tile 2,-1 0"]);
    let before = s.head(&id);
    for (bad, why) in [
        ("hut 0,-1", "already holds a hut"),
        ("tower 1,-1", "level 3"),
        ("hut 2,-1", "volcano"),
    ] {
        let run = s.fails(&["play", &id, bad], 1);
        assert!(run.stderr.contains(why), "{bad}: {}", run.stderr);
        assert_eq!(s.head(&id), before, "{bad} changed the head");
    }
}

#[test]
fn a_seeded_taluva_game_is_played_out_and_verifies() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "taluva",
            "--seed",
            "7a1c7a1c7a1c7a1c7a1c7a1c7a1c7a1c",
            "--player",
            "Ana",
            "--player",
            "Bo",
        ])
        .trim()
        .to_string();
    s.ok(&["playout", &id]);
    let out = s.ok(&["verify", &id]);
    assert!(out.contains(": ok,"), "{out}");
    let state = s.json(&["show", &id, "--json"]);
    assert_eq!(state["turn"]["kind"], "over", "{state}");
}
