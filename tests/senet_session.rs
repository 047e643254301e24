//! End-to-end: a user records Senet games with the `kifu` binary, as at a terminal.
//! Moves are picked from `kifu legal --json`, so the tests follow whatever Senet's notation is.

use kifu_e2e::Session;

fn legal(s: &Session, id: &str) -> Vec<String> {
    let v = s.json(&["legal", id, "--json"]);
    v.as_array()
        .expect("legal --json is an array")
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

fn turn_kind(s: &Session, id: &str) -> String {
    s.json(&["show", id, "--json"])["turn"]["kind"]
        .as_str()
        .unwrap()
        .to_string()
}

fn new_observed(s: &Session, created_tag: &str) -> String {
    s.ok(&[
        "new",
        "senet",
        "--player",
        "Ani",
        "--player",
        "Hunefer",
        "--tag",
        &format!("Round={created_tag}"),
    ])
    .trim()
    .to_string()
}

#[test]
fn a_seeded_game_is_played_to_the_end_and_verifies() {
    let s = Session::new();
    let id = s
        .ok(&[
            "new",
            "senet",
            "--seed",
            "c0ffeec0ffeec0ffeec0ffeec0ffeec0",
            "--player",
            "Ani",
            "--player",
            "Hunefer",
        ])
        .trim()
        .to_string();
    assert_eq!(id.len(), 32, "a record id is 128 bits in hex");
    s.ok(&["playout", &id, "--policy", "2a"]);
    assert_eq!(turn_kind(&s, &id), "over");
    let out = s.ok(&["verify", &id]);
    assert!(out.contains(": ok,"), "{out}");
    assert!(out.contains("seeded chance checked against the revealed seed"), "{out}");
    let log = s.ok(&["log", &id]);
    assert!(
        log.lines().last().unwrap().contains(" chance reveal c0ffee"),
        "the seed is revealed at the end"
    );
    // The exported file verifies on its own, and imports into a fresh store with the same head.
    let file = s.path("game.kifu");
    s.ok(&["export", &id, "-o", file.to_str().unwrap()]);
    assert!(s.ok(&["verify", file.to_str().unwrap()]).contains(": ok,"));
    let other = Session::new();
    let imported = other.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(imported.trim(), id);
    assert_eq!(other.head(&id), s.head(&id));
}

#[test]
fn an_observed_game_takes_the_throws_the_recorder_enters() {
    let s = Session::new();
    let id = new_observed(&s, "1");
    assert_eq!(turn_kind(&s, &id), "chance");
    let throws = legal(&s, &id);
    assert_eq!(throws, ["1", "2", "3", "4", "5"]);
    s.ok(&["play", &id, "3"]);
    assert_eq!(turn_kind(&s, &id), "seat");
    let moves = legal(&s, &id);
    assert!(!moves.is_empty());
    let out = s.ok(&["play", &id, &moves[0], "--json"]);
    let answer: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(answer["seq"], 2);
    let log = s.ok(&["log", &id]);
    assert!(log.contains("\n1 chance 3 ;"), "{log}");
    assert!(log.contains(&format!("\n2 p1 {} ;", moves[0])), "{log}");
}

#[test]
fn a_throw_of_seven_is_refused_and_the_head_stays() {
    let s = Session::new();
    let id = new_observed(&s, "2");
    s.ok(&["play", &id, "2"]);
    let first = legal(&s, &id)[0].clone();
    s.ok(&["play", &id, &first]);
    while turn_kind(&s, &id) != "chance" {
        let m = legal(&s, &id)[0].clone();
        s.ok(&["play", &id, &m]);
    }
    let before = s.head(&id);
    let run = s.fails(&["play", &id, "7"], 1);
    assert!(
        run.stderr.contains(&format!("entry {}", before.0 + 1)),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains('7'), "{}", run.stderr);
    assert_eq!(s.head(&id), before);
    // A batch whose second command is refused stores neither.
    let run = s.fails(&["play", &id, "4", "7"], 1);
    assert!(run.stderr.contains("kifu: "), "{}", run.stderr);
    assert_eq!(s.head(&id), before);
}

#[test]
fn one_changed_byte_in_an_exported_file_is_found_at_its_entry() {
    let s = Session::new();
    let id = s
        .ok(&["new", "senet", "--seed", "0b5e55ed0b5e55ed0b5e55ed0b5e55ed"])
        .trim()
        .to_string();
    s.ok(&["playout", &id, "--max", "30"]);
    let file = s.path("game.kifu");
    s.ok(&["export", &id, "-o", file.to_str().unwrap()]);
    let text = std::fs::read_to_string(&file).unwrap();
    // Change the throw of the fourth chance entry: the line still reads, the chain breaks there.
    let lines: Vec<&str> = text.lines().collect();
    let (index, line) = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains(" chance ") && !l.contains("reveal"))
        .nth(3)
        .unwrap();
    let seq: u64 = line.split(' ').next().unwrap().parse().unwrap();
    let throw = line.split(' ').nth(2).unwrap();
    let other = if throw == "1" { "2" } else { "1" };
    let tampered_line = line.replacen(&format!(" chance {throw} "), &format!(" chance {other} "), 1);
    let mut tampered: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    tampered[index] = tampered_line;
    let bad = s.path("tampered.kifu");
    std::fs::write(&bad, tampered.join("\n") + "\n").unwrap();
    let run = s.fails(&["verify", bad.to_str().unwrap()], 1);
    assert!(
        run.stdout.contains(&format!("FAILED at entry {seq} ")),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains(&format!("(line {})", index + 1)), "{}", run.stdout);
    let v: serde_json::Value =
        serde_json::from_str(&s.fails(&["verify", bad.to_str().unwrap(), "--json"], 1).stdout).unwrap();
    assert_eq!(v["failure"]["seq"], seq);
    // Importing the tampered file stores nothing.
    let other = Session::new();
    other.fails(&["import", bad.to_str().unwrap()], 1);
    assert!(other.stored().is_empty(), "nothing stored");
}

#[test]
fn a_stale_expected_head_is_refused() {
    let s = Session::new();
    let id = new_observed(&s, "3");
    let (_, h0) = s.head(&id);
    let out = s.ok(&["play", &id, "1", "--expect-head", &h0]);
    let (seq, h1) = s.head(&id);
    assert_eq!(out.trim(), format!("{seq} {h1}"));
    let m = legal(&s, &id)[0].clone();
    let run = s.fails(&["play", &id, &m, "--expect-head", &h0], 1);
    assert!(run.stderr.contains("head moved"), "{}", run.stderr);
    assert!(
        run.stderr.contains(&h1[..16]),
        "the error names the actual head: {}",
        run.stderr
    );
    assert_eq!(s.head(&id), (seq, h1));
}

#[test]
fn a_retried_play_with_the_same_key_is_answered_once() {
    let s = Session::new();
    let id = new_observed(&s, "4");
    let first = s.ok(&["play", &id, "4", "--key", "tablet-1"]);
    let again = s.ok(&["play", &id, "4", "--key", "tablet-1"]);
    assert_eq!(first, again);
    assert_eq!(s.head(&id).0, 1);
}

#[test]
fn diff_names_the_entry_where_two_records_part() {
    let s = Session::new();
    let a = new_observed(&s, "a");
    let b = new_observed(&s, "b");
    for seq in 1..=12u64 {
        let options = legal(&s, &a);
        assert_eq!(
            options,
            legal(&s, &b),
            "both records are in the same position before entry {seq}"
        );
        let pick_a = options[0].clone();
        let pick_b = if seq == 12 {
            options.last().unwrap().clone()
        } else {
            pick_a.clone()
        };
        if seq == 12 {
            assert_ne!(pick_a, pick_b, "entry 12 offers a choice");
        }
        s.ok(&["play", &a, &pick_a]);
        s.ok(&["play", &b, &pick_b]);
    }
    let run = s.fails(&["diff", &a, &b], 1);
    assert!(run.stdout.contains("the records part at entry 12:"), "{}", run.stdout);
    let v: serde_json::Value = serde_json::from_str(&s.fails(&["diff", &a, &b, "--json"], 1).stdout).unwrap();
    assert_eq!(v["divergence"]["seq"], 12);
    assert!(v["unified"].as_str().unwrap().contains("-12 "));
}

#[test]
fn bad_usage_and_unknown_records_exit_2_with_a_reason() {
    let s = Session::new();
    let run = s.fails(&["new", "tiddlywinks"], 2);
    assert!(run.stderr.contains("no game 'tiddlywinks'"), "{}", run.stderr);
    let run = s.fails(&["show", "abcdef123456"], 2);
    assert!(
        run.stderr.contains("no store at"),
        "reading makes no store: {}",
        run.stderr
    );
    s.ok(&["new", "senet"]);
    let run = s.fails(&["show", "abcdef123456"], 2);
    assert!(run.stderr.contains("no record"), "{}", run.stderr);
    s.fails(&["play"], 2);
    let run = s.fails(&["new", "senet", "--option", "speed=fast"], 2);
    assert!(run.stderr.contains("speed"), "{}", run.stderr);
    let junk = s.path("junk.kifu");
    std::fs::write(&junk, "hello\n").unwrap();
    let run = s.fails(&["verify", junk.to_str().unwrap()], 2);
    assert!(run.stderr.contains("line"), "{}", run.stderr);
}

#[test]
fn notes_are_kept_in_the_chain_and_never_reach_the_rules() {
    let s = Session::new();
    let id = new_observed(&s, "notes");
    s.ok(&["play", &id, "3", "note:the sticks bounced; rethrown once"]);
    let log = s.ok(&["log", &id]);
    assert!(
        log.contains("\n2 note the sticks bounced\\x3b rethrown once ;"),
        "{log}"
    );
    assert_eq!(
        turn_kind(&s, &id),
        "seat",
        "a note is not a move: the player still has to move"
    );
    let m = legal(&s, &id)[0].clone();
    s.ok(&["play", &id, &m]);
    assert!(s.ok(&["verify", &id]).contains(": ok, 3 entries"));
}
