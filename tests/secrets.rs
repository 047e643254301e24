//! End-to-end: a seeded game's seed stays secret until the game ends. It is at least 128 bits,
//! never in the store file in the clear, never in any output before the reveal; the store and
//! its key file are readable by their owner alone.

use kifu_e2e::Session;

const SEED: &str = "5ec4e75ec4e75ec4e75ec4e75ec4e75ec4e75ec4e75ec4e75ec4e75ec4e75ec4";

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn short_seeds_are_refused_and_sixteen_bytes_are_enough() {
    let s = Session::new();
    for short in ["01", "00112233445566778899aabbccddee"] {
        let run = s.fails(&["new", "senet", "--seed", short], 2);
        assert!(run.stderr.contains("16 to 64 bytes"), "{}", run.stderr);
    }
    s.ok(&["new", "senet", "--seed", "00112233445566778899AABBCCDDEEFF"]);
    assert!(
        s.path("store.redb.key").exists(),
        "the first seeded record makes the key file"
    );
}

#[test]
fn the_seed_is_nowhere_to_be_read_before_the_game_ends() {
    let s = Session::new();
    let id = s.ok(&["new", "senet", "--seed", SEED]).trim().to_string();
    s.ok(&["playout", &id, "--max", "30"]);
    let store = std::fs::read(s.store()).unwrap();
    let raw = unhex(SEED);
    assert!(
        !store.windows(raw.len()).any(|w| w == raw.as_slice()),
        "raw seed in the store"
    );
    assert!(
        !store.windows(16).any(|w| w == &SEED.as_bytes()[..16]),
        "hex seed in the store"
    );
    let outputs = [
        s.ok(&["show", &id, "--json"]),
        s.ok(&["show", &id, "--as", "arbiter"]),
        s.ok(&["log", &id, "--as", "arbiter", "--json"]),
        s.ok(&["export", &id, "--as", "arbiter"]),
        s.ok(&["list", "--json"]),
        s.ok(&["verify", &id, "--json"]),
        s.ok(&["legal", &id]),
    ];
    for out in &outputs {
        assert!(!out.contains(&SEED[..16]), "the seed leaked:\n{out}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let key = s.path("store.redb.key");
        for file in [s.store(), key] {
            let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{} is mode {mode:o}", file.display());
        }
    }
    // Once the game ends the seed is revealed in the log, and every draw checks against it.
    s.ok(&["playout", &id]);
    let log = s.ok(&["log", &id]);
    assert!(
        log.lines().last().unwrap().contains(&format!("chance reveal {SEED}")),
        "{log}"
    );
    assert!(s
        .ok(&["verify", &id])
        .contains("seeded chance checked against the revealed seed"));
}

#[test]
fn without_its_key_file_a_seeded_record_cannot_draw_but_stays_readable() {
    let s = Session::new();
    let id = s.ok(&["new", "senet", "--random-seed"]).trim().to_string();
    s.ok(&["playout", &id, "--max", "4"]);
    std::fs::remove_file(s.path("store.redb.key")).unwrap();
    let run = s.fails(&["playout", &id, "--max", "4"], 2);
    assert!(
        run.stderr.contains("store.redb.key") && run.stderr.contains("missing"),
        "{}",
        run.stderr
    );
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
    s.ok(&["show", &id]);
}
