//! End-to-end: a broadcast's arbiter records a rapid game in which black ignored a check and
//! white, not noticing, moved on: the illegal move stood (FIDE Laws 7.5, A.4.2). The arbiter
//! enters it, play goes on from the position it made, verify checks it was indeed illegal, and
//! the log, the position, PGN and UCI exports each say what it was.

use kifu_e2e::Session;

const STOOD: &str = "illegal move Ng8f6 by black, stood (FIDE 7.5)";

#[test]
fn an_illegal_move_that_stood_is_recorded_and_play_goes_on() {
    let s = Session::new();
    let id = s
        .ok(&["new", "chess", "-p", "Ann", "-p", "Bob", "-t", "Event=Club rapid"])
        .trim()
        .to_string();
    s.ok(&["play", &id, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Bxf7+"]);
    // Black answered the check with a knight move. A player cannot enter it...
    let run = s.fails(&["play", &id, "Ng8-f6"], 1);
    assert!(run.stderr.contains("would leave the king in danger"), "{}", run.stderr);
    let run = s.fails(&["play", &id, "illegal g8f6"], 1);
    assert!(run.stderr.contains("only the arbiter"), "{}", run.stderr);
    // ...the arbiter can, and only for a move that was illegal.
    let run = s.fails(&["play", &id, "arbiter:illegal Ke8-e7"], 1);
    assert!(run.stderr.contains("is a legal move here (Ke7)"), "{}", run.stderr);
    let out = s.ok(&["play", &id, "arbiter:illegal Ng8-f6"]);
    assert!(out.starts_with("8 "), "{out}");
    // White to move, black's king still in check (so every white move is marked '+'): the
    // king is never taken.
    let legal = s.ok(&["legal", &id]);
    assert!(legal.split_whitespace().any(|m| m == "d3+"), "{legal}");
    assert!(!legal.contains("Bxe8"), "{legal}");
    let run = s.fails(&["play", &id, "Bxe8"], 1);
    assert!(run.stderr.contains("a king is never taken"), "{}", run.stderr);
    // White moved on; black must now meet the check, and the game goes on.
    s.ok(&["play", &id, "d3", "Kxf7", "O-O"]);
    assert!(s.ok(&["verify", &id]).contains(": ok, 11 entries, p2 to act"));

    // The log marks the entry, in text and in JSON.
    let log = s.ok(&["log", &id]);
    let line = log.lines().find(|l| l.starts_with("8 ")).unwrap();
    assert!(line.starts_with("8 arbiter illegal g8f6 ;"), "{log}");
    assert!(line.ends_with(&format!("[{STOOD}]")), "{log}");
    let json = s.json(&["log", &id, "--json"]);
    assert_eq!(json["entries"][7]["actor"], "arbiter");
    assert_eq!(json["entries"][7]["command"], "illegal g8f6");
    assert_eq!(json["entries"][7]["remark"], STOOD);
    assert!(json["entries"][8]["remark"].is_null());
    // The position says which illegal move it owes.
    let show = s.json(&["show", &id, "--json"]);
    assert_eq!(show["remarks"], serde_json::json!([{"seq": 8, "text": STOOD}]));
    assert_eq!(
        show["state"]["fen"],
        "r1bq3r/pppp1kpp/2n2n2/2b1p3/4P3/3P1N2/PPP2PPP/RNBQ1RK1 b - - 1 6"
    );
    assert!(s.ok(&["show", &id]).contains(&format!("entry 8: {STOOD}")));
    assert_eq!(
        s.json(&["show", &id, "--json", "--at", "7"])["remarks"],
        serde_json::json!([])
    );

    // PGN writes it SAN-like with a comment; UCI cannot mark it and says so.
    let pgn = s.ok(&["export", &id, "--format", "pgn"]);
    let movetext = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        movetext.contains("4. Bxf7+ Ng8f6 {illegal move, stood (FIDE 7.5)} 5. d3+ Kxf7 6. O-O *"),
        "{pgn}"
    );
    let run = s.fails(&["export", &id, "--format", "uci"], 1);
    assert!(
        run.stderr.contains("('illegal g8f6') is an illegal move that stood"),
        "{}",
        run.stderr
    );
    // The kifu file carries the entry as it is and verifies on its own.
    let file = s.path("rapid.kifu");
    s.ok(&["export", &id, "-o", file.to_str().unwrap()]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\n8 arbiter illegal g8f6 ;"), "{text}");
    assert!(s.ok(&["verify", file.to_str().unwrap()]).contains(": ok, 11 entries"));
    // PGN does not read the illegal move back: the import refuses that game.
    let pgn_file = s.path("rapid.pgn");
    std::fs::write(&pgn_file, &pgn).unwrap();
    let run = s.run(&["import", pgn_file.to_str().unwrap()]);
    assert_ne!(run.code, 0, "{}", run.stdout);
    assert!(run.stderr.contains("Ng8f6"), "{}", run.stderr);
}

#[test]
fn an_illegal_move_claimed_later_is_withdrawn_by_a_correction_and_stays_marked() {
    let s = Session::new();
    let id = s.ok(&["new", "chess"]).trim().to_string();
    s.ok(&["play", &id, "e4", "e5", "arbiter:illegal Ke1-e3", "Nf6"]);
    // The players agree to take it back after all (A.4.2): back to the position after entry 2.
    s.ok(&[
        "correct",
        &id,
        "--to",
        "2",
        "--reason",
        "the players agreed to take back Ke1-e3",
    ]);
    s.ok(&["play", &id, "Nf3"]);
    let log = s.ok(&["log", &id]);
    let line = log.lines().find(|l| l.starts_with("3 ")).unwrap();
    assert!(
        line.ends_with("[illegal move Ke1e3 by white, stood (FIDE 7.5)]  [withdrawn by entry 5]"),
        "{log}"
    );
    assert_eq!(s.json(&["show", &id, "--json"])["remarks"], serde_json::json!([]));
    let pgn = s.ok(&["export", &id, "--format", "pgn"]);
    assert!(pgn.contains("1. e4 e5 2. Nf3 *") && !pgn.contains("illegal"), "{pgn}");
    assert!(s.ok(&["verify", &id]).contains(": ok, 6 entries"));
}
