//! End-to-end: a store that was altered on disk is caught where a user looks. `kifu check`
//! walks every record and names the damaged one; `show`, `log`, `export` and `verify` of that
//! record fail with exit 1 naming the entry; the other records stay readable.

use kifu_e2e::Session;

#[test]
fn an_altered_entry_in_the_store_file_is_caught_on_every_read() {
    let s = Session::new();
    let pgn = s.path("two.pgn");
    std::fs::write(
        &pgn,
        "[Event \"A\"]\n\n1. e4 {zqxjkvbwmarker} e5 2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 d5 *\n",
    )
    .unwrap();
    let ids: Vec<String> = s
        .ok(&["import", pgn.to_str().unwrap()])
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(ids.len(), 2);
    let ok = s.ok(&["check"]);
    assert!(ok.contains("2 records, 6 entries: 2 ok, 0 damaged"), "{ok}");
    // Someone edits the store file: the comment of game A, one letter.
    let mut bytes = std::fs::read(s.store()).unwrap();
    let at = bytes
        .windows(14)
        .position(|w| w == b"zqxjkvbwmarker")
        .expect("the note is in the file");
    bytes[at] = b'Z';
    std::fs::write(s.store(), &bytes).unwrap();
    let run = s.fails(&["check"], 1);
    assert!(
        run.stdout.contains(&format!("{}: FAILED at entry 2", ids[0])),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("2 records, 2 entries: 1 ok, 1 damaged"),
        "{}",
        run.stdout
    );
    for command in ["show", "log", "export", "legal"] {
        let run = s.fails(&[command, &ids[0]], 1);
        assert!(
            run.stderr.contains("fails verification in the store at entry 2"),
            "{command}: {}",
            run.stderr
        );
    }
    let run = s.fails(&["verify", &ids[0]], 1);
    assert!(run.stdout.contains("FAILED at entry 2"), "{}", run.stdout);
    assert!(s.ok(&["verify", &ids[1]]).contains(": ok,"));
    s.ok(&["show", &ids[1]]);
    let run = s.fails(&["check", "--json"], 1);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["damaged"][0]["id"], ids[0].as_str());
    assert_eq!(json["damaged"][0]["seq"], 2);
}
