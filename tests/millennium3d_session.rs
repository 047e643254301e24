//! End-to-end: Millennium 3D Chess with the `kifu` binary: a session of the inventor's own
//! opening, the board (text and SVG) and log shown, a move that is not one refused with the reason and the
//! head unchanged, a mate from a set-up position, the game exported as PGN and as kifu text
//! and imported back, verified, and a short random playout.

use kifu_e2e::Session;

fn new_game(s: &Session, start: Option<&str>) -> String {
    let mut args = vec!["new", "millennium3d", "-p", "D'Agostino", "-p", "Trimm"];
    if let Some(start) = start {
        args.extend(["--start", start]);
    }
    s.ok(&args).trim().to_string()
}

#[test]
fn a_session_plays_shows_refuses_exports_and_imports() {
    let s = Session::new();
    let id = new_game(&s, None);
    // The first moves of D'Agostino v. Trimm (2001), as the inventor published them.
    s.ok(&["play", &id, "B2b2", "Q2e7", "R2a1", "R2b8", "N2d1", "R2h7"]);

    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(
        shown["state"]["fen"],
        "8/8/8/8/8/8/PPPPPPPP/3QKBNR|1r6/4q2r/8/8/8/8/1B6/R2N4|1nb1kbn1/pppppppp/8/8/8/8/8/8 w K - 6 4",
        "{shown}"
    );
    assert_eq!(shown["state"]["to_move"], "white");
    let board = s.ok(&["show", &id]);
    assert!(
        board.contains("level 1") && board.contains("level 3") && board.contains("white to move"),
        "{board}"
    );
    let picture = s.ok(&["show", &id, "--svg"]);
    assert!(
        picture.starts_with("<svg") && picture.matches("data-cell=").count() == 192,
        "{picture}"
    );
    let legal = s.json(&["legal", &id, "--json"]);
    assert!(legal.as_array().unwrap().iter().any(|m| m == "Q2e2"), "{legal}");
    let queen = shown["state"]["board"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["san"] == "Q2e2")
        .cloned();
    assert_eq!(
        queen,
        Some(serde_json::json!({"san": "Q2e2", "from": "1d1", "to": "2e2"}))
    );

    // A move that is not one, and one that is not legal: refused with the reason, nothing stored.
    let before = s.head(&id);
    let refused = s.fails(&["play", &id, "e4"], 1);
    assert!(
        refused.stderr.contains("squares are written level digit, file, rank"),
        "{}",
        refused.stderr
    );
    let refused = s.fails(&["play", &id, "Q1d2"], 1);
    assert!(
        refused.stderr.contains("'Q1d2' is not a legal move for white here"),
        "{}",
        refused.stderr
    );
    assert_eq!(s.head(&id), before);

    s.ok(&["play", &id, "Q2e2"]);
    let log = s.ok(&["log", &id]);
    for m in ["B2b2", "Q2e7", "R2a1", "R2b8", "N2d1", "R2h7", "Q2e2"] {
        assert!(
            log.contains(&format!(" {m} ")) || log.contains(&format!(" {m};")),
            "{m}: {log}"
        );
    }

    // PGN out and back in: the same entries.
    let pgn = s.ok(&["export", &id, "--format", "millennium3d-pgn"]);
    assert!(
        pgn.contains("[Variant \"Millennium 3D\"]") && pgn.contains("1. B2b2 Q2e7 2. R2a1 R2b8"),
        "{pgn}"
    );
    let file = s.path("game.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let other = Session::new();
    let imported = other.ok(&["import", file.to_str().unwrap(), "--format", "millennium3d-pgn"]);
    let copy = imported.split_whitespace().next().unwrap().to_string();
    assert_eq!(other.head(&copy).0, 7);
    assert_eq!(other.ok(&["log", &copy]).matches(" Q2e2").count(), 1);

    // kifu text out: it verifies on its own and imports whole.
    let text = s.path("game.kifu");
    s.ok(&["export", &id, "-o", text.to_str().unwrap()]);
    assert!(s.ok(&["verify", text.to_str().unwrap()]).contains(": ok,"));
    let third = Session::new();
    assert_eq!(third.ok(&["import", text.to_str().unwrap()]).trim(), id);
    assert_eq!(third.head(&id), s.head(&id));
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}

#[test]
fn a_mate_from_a_set_up_position_ends_the_game() {
    let s = Session::new();
    let id = new_game(
        &s,
        Some("8/8/8/8/8/8/8/8|8/8/5K2/8/8/8/8/8|7k/8/8/8/8/8/8/6Q1 w - - 0 1"),
    );
    s.ok(&["play", &id, "3g1-3g7"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["kind"], "over", "{shown}");
    assert_eq!(shown["turn"]["outcome"]["reason"], "black is checkmated");
    assert!(s.ok(&["log", &id]).contains("Q3g7#"));
    let refused = s.fails(&["play", &id, "K2h7"], 1);
    assert!(refused.stderr.contains("the game is over"), "{}", refused.stderr);
    let pgn = s.ok(&["export", &id, "--format", "millennium3d-pgn"]);
    assert!(
        pgn.contains("[FEN \"8/8/8/8/8/8/8/8|8/8/5K2") && pgn.contains("1. Q3g7# 1-0"),
        "{pgn}"
    );
    assert!(s.ok(&["verify", &id]).contains(": ok,"));

    // A start position no game reaches is refused (bad input: exit 2) with the reason.
    let bad = s.fails(
        &[
            "new",
            "millennium3d",
            "--start",
            "8/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        2,
    );
    assert!(bad.stderr.contains("black has 0 kings, not one"), "{}", bad.stderr);
}

#[test]
fn a_short_random_playout_verifies() {
    let s = Session::new();
    let id = new_game(&s, None);
    s.ok(&["playout", &id, "--max", "30", "--policy", "3d"]);
    assert_eq!(s.head(&id).0, 30);
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}
