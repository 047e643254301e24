//! End-to-end: a Renju arbiter records tournament games, checks forbidden points, takes a
//! foul claim, and moves games between RenjuNet, Renlib, SGF, Piskvork and plain coordinates.

use kifu_e2e::Session;

/// Black h8 i9 j8 i7 around i8, white far away: i8 is a double three for black.
const THREE_THREE: [&str; 8] = ["h8", "a1", "i9", "a2", "j8", "a3", "i7", "a4"];

#[test]
fn a_forbidden_point_is_listed_and_refused_with_its_kind() {
    let s = Session::new();
    let id = s.ok(&["new", "renju", "-p", "Kim", "-p", "Lee"]).trim().to_string();
    let mut args = vec!["play", id.as_str()];
    args.extend(THREE_THREE);
    s.ok(&args);
    let state = &s.json(&["show", &id, "--json"])["state"];
    assert_eq!(
        state["forbidden"],
        serde_json::json!([{"point": "i8", "kind": "double-three"}])
    );
    let run = s.fails(&["play", &id, "i8"], 1);
    assert!(
        run.stderr.contains("entry 9 (p1 'i8')") && run.stderr.contains("double three"),
        "{}",
        run.stderr
    );
    s.ok(&["play", &id, "k8"]);
}

#[test]
fn under_claim_rules_a_foul_stands_until_white_claims_it() {
    let s = Session::new();
    let id = s.ok(&["new", "renju", "--option", "fouls=claim"]).trim().to_string();
    let mut args = vec!["play", id.as_str()];
    args.extend(THREE_THREE);
    args.push("i8");
    s.ok(&args);
    s.ok(&["play", &id, "claim"]);
    let turn = &s.json(&["show", &id, "--json"])["turn"];
    assert_eq!(turn["kind"], "over");
    assert_eq!(
        turn["outcome"]["winners"],
        serde_json::json!([1]),
        "white wins on the claim"
    );
    assert!(s.ok(&["verify", &id]).contains(": ok, 10 entries"));
}

#[test]
fn a_renjunet_database_imports_game_by_game_and_names_the_bad_ones() {
    let s = Session::new();
    let db = s.path("tournament.xml");
    std::fs::write(
        &db,
        r#"<?xml version="1.0" encoding="utf-8"?>
<database>
<players><player id="1" name="Ann" surname="Lee"/><player id="2" name="Bob" surname="Ray"/></players>
<tournaments><tournament id="3" name="Club Open" start="2026-11-01" city="7"/></tournaments>
<games>
<game id="10" tournament="3" round="1" black="1" white="2" bresult="1"><move>h8 i9 h7 i7 h6 i6 h5 i5 h4</move></game>
<game id="12" tournament="3" round="2" black="1" white="2" bresult="0.5"><move>h8 h8</move></game>
<game id="13" tournament="3" round="3" black="2" white="1" bresult="0"><move>h8 i9 j10</move></game>
</games>
</database>
"#,
    )
    .unwrap();
    let run = s.fails(&["import", db.to_str().unwrap(), "--format", "renjunet"], 1);
    assert_eq!(run.stdout.lines().count(), 2, "two good games stored: {}", run.stdout);
    assert!(
        run.stderr.contains("game 2") && run.stderr.contains("ply 2"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("2 stored, 0 already in the store, 1 skipped"),
        "{}",
        run.stderr
    );
    let listed = s.json(&["list", "--player", "Ann Lee", "--json"]);
    assert_eq!(listed.as_array().unwrap().len(), 2);
}

#[test]
fn games_round_trip_through_renlib_sgf_psq_and_coordinates() {
    let s = Session::new();
    let id = s.ok(&["new", "renju", "-p", "Kim", "-p", "Lee"]).trim().to_string();
    s.ok(&["play", &id, "h8", "i9", "h7", "i7", "h6", "i6", "h5", "i5", "h4"]);
    let moves = |s: &Session, id: &str| -> Vec<String> {
        s.ok(&["log", id])
            .lines()
            .filter(|l| l.contains(" p1 ") || l.contains(" p2 "))
            .map(|l| l.split(' ').take(3).collect::<Vec<_>>().join(" "))
            .collect()
    };
    let original = moves(&s, &id);
    assert_eq!(original.len(), 9);
    for (format, file) in [
        ("renlib", "g.lib"),
        ("sgf", "g.sgf"),
        ("coords", "g.txt"),
        ("psq", "g.psq"),
    ] {
        let path = s.path(file);
        s.ok(&["export", &id, "--format", format, "-o", path.to_str().unwrap()]);
        let other = Session::new();
        let out = other.ok(&["import", path.to_str().unwrap(), "--format", format]);
        let new_id = out
            .lines()
            .next()
            .unwrap_or_else(|| panic!("{format}: nothing imported"));
        assert_eq!(moves(&other, new_id), original, "{format} keeps the moves");
        assert_eq!(
            other.json(&["show", new_id, "--json"])["turn"]["kind"],
            "over",
            "{format}"
        );
    }
    let bytes = std::fs::read(s.path("g.lib")).unwrap();
    assert!(bytes.contains(&0), "renlib is written as binary");
}

/// The `p1`/`p2` entries of a record, as `SEQ ACTOR COMMAND`.
fn played(s: &Session, id: &str) -> Vec<String> {
    s.ok(&["log", id])
        .lines()
        .filter(|l| l.contains(" p1 ") || l.contains(" p2 "))
        .map(|l| l.split(" ; ").next().unwrap_or(l).to_string())
        .collect()
}

fn header(s: &Session, id: &str) -> String {
    s.json(&["log", id, "--json"])["header"].to_string()
}

fn winners(s: &Session, id: &str) -> serde_json::Value {
    s.json(&["show", id, "--json"])["turn"]["outcome"]["winners"].clone()
}

/// Black's double three at i8 under `fouls=claim`, claimed by white.
fn claimed_foul(s: &Session) -> String {
    let id = s
        .ok(&["new", "renju", "-O", "fouls=claim", "-p", "Kim", "-p", "Lee"])
        .trim()
        .to_string();
    let mut args = vec!["play", id.as_str()];
    args.extend(THREE_THREE);
    args.extend(["i8", "claim"]);
    s.ok(&args);
    assert_eq!(winners(s, &id), serde_json::json!([1]));
    id
}

#[test]
fn a_win_by_a_claimed_foul_keeps_its_result_where_the_file_holds_one() {
    let s = Session::new();
    let id = claimed_foul(&s);
    let all = played(&s, &id);
    assert_eq!(all.last().map(String::as_str), Some("10 p2 claim i8"));

    // kifu text and SGF carry everything: the option, the claim, the result.
    for (format, file) in [("kifu", "g.kifu"), ("sgf", "g.sgf")] {
        let path = s.path(file);
        s.ok(&["export", &id, "--format", format, "-o", path.to_str().unwrap()]);
        let text = std::fs::read_to_string(&path).unwrap();
        if format == "sgf" {
            assert!(
                text.contains("RU[renju fouls=claim]") && text.contains("RE[W+F]"),
                "{text}"
            );
            assert!(text.contains("C[claim i8]"), "{text}");
        }
        let other = Session::new();
        let new_id = other.ok(&["import", path.to_str().unwrap()]).trim().to_string();
        assert_eq!(played(&other, &new_id), all, "{format}:\n{text}");
        assert_eq!(winners(&other, &new_id), serde_json::json!([1]), "{format}:\n{text}");
        assert!(header(&other, &new_id).contains("option fouls=claim"), "{format}");
        assert!(other.ok(&["verify", &new_id]).contains(": ok,"), "{format}");
    }

    // RenjuNet holds the result (bresult) but not the claim; it imports with fouls=claim, so
    // the foul stands and white is the winner by the result tag.
    let xml = s.path("g.xml");
    s.ok(&["export", &id, "--format", "renjunet", "-o", xml.to_str().unwrap()]);
    let text = std::fs::read_to_string(&xml).unwrap();
    assert!(text.contains("bresult=\"0\""), "{text}");
    let other = Session::new();
    let new_id = other.ok(&["import", xml.to_str().unwrap()]).trim().to_string();
    assert_eq!(played(&other, &new_id), all[..9], "the stones");
    assert!(header(&other, &new_id).contains("tag result=white"), "{text}");
    other.ok(&["play", &new_id, "claim"]);
    assert_eq!(winners(&other, &new_id), serde_json::json!([1]));

    // Coordinates and Renlib hold only the stones: the foul imports with --option.
    for (format, file) in [("coords", "g.txt"), ("renlib", "g.lib")] {
        let path = s.path(file);
        s.ok(&["export", &id, "--format", format, "-o", path.to_str().unwrap()]);
        let other = Session::new();
        let refused = other.fails(&["import", path.to_str().unwrap()], 1);
        assert!(
            refused.stderr.contains("'i8'") && refused.stderr.contains("double three"),
            "{format}: {}",
            refused.stderr
        );
        let new_id = other
            .ok(&["import", path.to_str().unwrap(), "--option", "fouls=claim"])
            .trim()
            .to_string();
        assert_eq!(played(&other, &new_id), all[..9], "{format}");
        assert!(header(&other, &new_id).contains("option fouls=claim"), "{format}");
        other.ok(&["play", &new_id, "claim"]);
        assert_eq!(winners(&other, &new_id), serde_json::json!([1]), "{format}");
    }
}

#[test]
fn a_won_game_keeps_its_result_and_a_gomoku_game_its_rules_in_sgf() {
    let s = Session::new();
    let id = s.ok(&["new", "renju", "-p", "Kim", "-p", "Lee"]).trim().to_string();
    s.ok(&["play", &id, "h8", "i9", "h7", "i7", "h6", "i6", "h5", "i5", "h4"]);
    let sgf = s.ok(&["export", &id, "--format", "sgf"]);
    assert!(sgf.contains("RE[B+]"), "black made five: {sgf}");
    let xml = s.ok(&["export", &id, "--format", "renjunet"]);
    assert!(xml.contains("bresult=\"1\""), "{xml}");

    let omok = s
        .ok(&["new", "gomoku", "-O", "rules=omok", "-O", "fouls=claim"])
        .trim()
        .to_string();
    let mut args = vec!["play", omok.as_str()];
    args.extend(THREE_THREE);
    args.push("i8");
    s.ok(&args);
    let path = s.path("omok.sgf");
    s.ok(&["export", &omok, "-o", path.to_str().unwrap()]);
    let other = Session::new();
    let new_id = other.ok(&["import", path.to_str().unwrap()]).trim().to_string();
    let got = header(&other, &new_id);
    assert!(
        got.contains("game gomoku") && got.contains("option fouls=claim") && got.contains("option rules=omok"),
        "{got}"
    );
    other.ok(&["play", &new_id, "claim"]);
    assert_eq!(winners(&other, &new_id), serde_json::json!([1]));
}

#[test]
fn import_takes_the_options_a_file_cannot_carry_and_refuses_unknown_ones() {
    let s = Session::new();
    let file = s.path("foul.txt");
    std::fs::write(&file, format!("{} i8\n", THREE_THREE.join(" "))).unwrap();
    let path = file.to_str().unwrap();
    for (option, why) in [
        ("foul=claim", "unknown option 'foul'"),
        ("fouls=maybe", "fouls=maybe: it must be reject, auto or claim"),
        ("fouls", "is not KEY=VALUE"),
    ] {
        let run = s.fails(&["import", path, "-O", option], 2);
        assert!(run.stderr.contains(why), "{option}: {}", run.stderr);
    }
    let run = s.fails(&["import", path, "-O", "fouls=claim", "-O", "fouls=auto"], 2);
    assert!(run.stderr.contains("given twice"), "{}", run.stderr);
    assert!(s.stored().is_empty(), "nothing stored");

    let id = s.ok(&["import", path, "-O", "fouls=claim"]).trim().to_string();
    assert!(header(&s, &id).contains("option fouls=claim"));
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
    // Under fouls=auto the same stones end the game: black loses on the foul.
    let auto = s.ok(&["import", path, "--option", "fouls=auto"]).trim().to_string();
    assert_eq!(winners(&s, &auto), serde_json::json!([1]));

    // A kifu record carries its own options.
    let kifu = s.path("g.kifu");
    s.ok(&["export", &id, "-o", kifu.to_str().unwrap()]);
    let run = s.fails(&["import", kifu.to_str().unwrap(), "-O", "fouls=claim"], 2);
    assert!(run.stderr.contains("carries its options"), "{}", run.stderr);
}
