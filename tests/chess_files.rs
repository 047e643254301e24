//! End-to-end: a chess club brings its PGN files. Lenient forms import to canonical SAN,
//! annotations are kept as notes (or dropped on request), a broken game is named and skipped,
//! files round-trip, bad input is refused with its place, and perft answers as published.

use kifu_e2e::Session;

const LENIENT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/chess/lenient.pgn");
const LATIN1: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/chess/latin1.pgn");

fn ids(s: &Session, filter: &[&str]) -> Vec<String> {
    let mut args = vec!["list", "--json"];
    args.extend(filter);
    s.json(&args)
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect()
}

/// The `SEQ ACTOR COMMAND` of each entry.
fn entries(s: &Session, id: &str) -> Vec<String> {
    let log = s.json(&["log", id, "--json"]);
    log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "{} {} {}",
                e["seq"],
                e["actor"].as_str().unwrap(),
                e["command"].as_str().unwrap()
            )
        })
        .collect()
}

fn moves_of(s: &Session, id: &str) -> Vec<String> {
    entries(s, id)
        .into_iter()
        .filter(|e| !e.contains(" note "))
        .map(|e| e.split(' ').nth(2).unwrap().to_string())
        .collect()
}

fn by_event(s: &Session, event: &str) -> String {
    let found = ids(s, &["--tag", &format!("Event={event}")]);
    assert_eq!(found.len(), 1, "one game with Event={event}");
    found[0].clone()
}

#[test]
fn lenient_pgn_imports_to_canonical_san_and_names_the_broken_game() {
    let s = Session::new();
    let run = s.fails(&["import", LENIENT], 1);
    assert_eq!(run.stdout.lines().count(), 9, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("lenient.pgn: game 9, line 35, ply 4: 'Ke3': no black king can go to e3"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("9 stored, 0 already in the store, 1 skipped"),
        "{}",
        run.stderr
    );

    let zeros = by_event(&s, "Zeros and e.p.");
    assert_eq!(
        moves_of(&s, &zeros),
        ["e4", "Nf6", "e5", "d5", "exd6", "e6", "Nf3", "Be7", "Bc4", "O-O", "O-O"]
    );
    assert!(entries(&s, &zeros).contains(&"12 note $1 {both castled}".to_string()));
    let site = s.json(&["log", &zeros, "--json"])["header"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l == "tag Site=Club \"Rook & Pawn\" [upstairs]");
    assert!(site, "escaped quotes and brackets in a tag");

    let forms = by_event(&s, "Figurines, lower case, captures without x");
    assert_eq!(
        moves_of(&s, &forms),
        ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "Nf6", "Bd2", "c6"]
    );
    let long = by_event(&s, "Long algebraic and UCI");
    assert_eq!(moves_of(&s, &long), ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]);
    let promo = by_event(&s, "Promotion without = and in lower case");
    assert_eq!(moves_of(&s, &promo), ["a8=Q", "a1=Q", "Qb7+", "Kg6"]);

    let marks = by_event(&s, "Move numbers missing, black numbers, wrong marks");
    let e = entries(&s, &marks);
    assert_eq!(
        &e[..4],
        ["1 p1 d4", "2 p2 d5", "3 p1 c4", "4 p2 e6"],
        "wrong + and # marks are not trusted"
    );
    assert!(
        e.contains(&"7 note $6".to_string()) && e.contains(&"9 note $3".to_string()),
        "?! and !! as NAGs: {e:?}"
    );
    assert!(
        e.contains(&"11 note (4... Bb4 (4... c5 5. Nf3) 5. e3)".to_string()),
        "nested variations: {e:?}"
    );

    assert_eq!(ids(&s, &["--game", "crazyhouse"]).len(), 1, "Variant ZH");
    assert_eq!(ids(&s, &["--game", "threecheck"]).len(), 1, "Variant 3check");
    let hill = ids(&s, &["--game", "kingofthehill"]);
    let turn = &s.json(&["show", &hill[0], "--json"])["turn"];
    assert_eq!(
        turn["outcome"]["winners"],
        serde_json::json!([0]),
        "Variant KOTH, the king reached the hill"
    );
    assert!(
        !by_event(&s, "After the broken one").is_empty(),
        "the games after a broken one import"
    );
}

#[test]
fn annotations_can_be_dropped_and_latin1_names_are_read() {
    let s = Session::new();
    s.fails(&["import", LENIENT, "--drop-annotations"], 1);
    let marks = by_event(&s, "Move numbers missing, black numbers, wrong marks");
    assert!(entries(&s, &marks).iter().all(|e| !e.contains(" note ")));
    let out = s.ok(&["import", LATIN1]);
    let id = out.trim();
    let header = s.json(&["log", id, "--json"])["header"].clone();
    assert!(
        header.as_array().unwrap().iter().any(|l| l == "player 1 Réti"),
        "{header}"
    );
    assert!(
        header.as_array().unwrap().iter().any(|l| l == "tag Event=Café open"),
        "{header}"
    );
}

#[test]
fn import_export_import_gives_the_same_records() {
    let s = Session::new();
    s.fails(&["import", LENIENT], 1);
    for id in ids(&s, &[]) {
        let file = s.path(&format!("{id}.pgn"));
        s.ok(&["export", &id, "-o", file.to_str().unwrap()]);
        let pgn = std::fs::read_to_string(&file).unwrap();
        assert!(pgn.starts_with("[Event "), "the seven tag roster comes first:\n{pgn}");
        assert!(
            pgn.lines().all(|l| l.chars().count() < 80),
            "lines stay under 80 columns:\n{pgn}"
        );
        let other = Session::new();
        let again = other.ok(&["import", file.to_str().unwrap()]);
        assert_eq!(again.trim(), id, "same header");
        let head = |s: &Session| s.json(&["show", &id, "--json"])["head"].clone();
        assert_eq!(head(&other), head(&s), "same entries:\n{pgn}");
    }
}

#[test]
fn fen_epd_and_uci_go_out_and_come_back() {
    let s = Session::new();
    s.fails(&["import", LENIENT], 1);
    let promo = by_event(&s, "Promotion without = and in lower case");
    assert_eq!(
        s.ok(&["export", &promo, "--format", "fen"]),
        "8/1Q6/6k1/8/8/8/7K/q7 w - - 2 3\n"
    );
    assert_eq!(
        s.ok(&["export", &promo, "--format", "epd"]),
        "8/1Q6/6k1/8/8/8/7K/q7 w - -\n"
    );
    let long = by_event(&s, "Long algebraic and UCI");
    assert_eq!(
        s.ok(&["export", &long, "--format", "uci"]),
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6\n"
    );
    let file = s.path("game.uci");
    std::fs::write(&file, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6\n").unwrap();
    let id = s.ok(&["import", file.to_str().unwrap()]).trim().to_string();
    assert_eq!(moves_of(&s, &id), ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]);
    let fen = s.path("problems.fen");
    std::fs::write(
        &fen,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n",
    )
    .unwrap();
    let id = s.ok(&["import", fen.to_str().unwrap()]).trim().to_string();
    s.ok(&["play", &id, "Bb5"]);
    assert_eq!(moves_of(&s, &id), ["Bb5"]);
}

/// Chess960 games by position number, castling played: 0 (BBQNNRKR, queen side), 959
/// (RKRNNQBB, king side) and 518 (the standard array).
const CHESS960: [(&str, &[&str]); 3] = [
    (
        "0",
        &["Nc3", "Nc6", "Nd3", "Nd6", "b3", "b6", "Qb2", "Qb7", "O-O-O", "O-O-O"],
    ),
    (
        "959",
        &[
            "Nc3", "Nc6", "Nd3", "Nd6", "f3", "f6", "Qf2", "Qf7", "h3", "h6", "Bh2", "Bh7", "O-O", "O-O",
        ],
    ),
    ("518", &["e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5", "O-O", "O-O"]),
];

#[test]
fn a_chess960_game_by_position_number_goes_out_as_pgn_and_uci_and_comes_back() {
    let s = Session::new();
    for (position, played) in CHESS960 {
        let id = s
            .ok(&[
                "new",
                "chess960",
                "-O",
                &format!("position={position}"),
                "-p",
                "Ann",
                "-p",
                "Bob",
            ])
            .trim()
            .to_string();
        let mut args = vec!["play", id.as_str()];
        args.extend(played);
        s.ok(&args);
        let state = |s: &Session, id: &str| s.json(&["show", id, "--json"])["state"].clone();
        let header = s.json(&["log", &id, "--json"])["header"].to_string();
        assert!(header.contains(&format!("option position={position}")), "{header}");

        let pgn = s.ok(&["export", &id, "--format", "pgn"]);
        let uci = s.ok(&["export", &id, "--format", "uci"]);
        assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
        assert!(uci.starts_with("setoption name UCI_Chess960 value true\n"), "{uci}");
        if position == "518" {
            assert!(!pgn.contains("[FEN "), "{pgn}");
            assert!(uci.contains("\nposition startpos moves "), "{uci}");
        } else {
            assert!(pgn.contains("[SetUp \"1\"]\n[FEN \""), "{pgn}");
            assert!(uci.contains("\nposition fen "), "{uci}");
        }
        for (format, text) in [("pgn", &pgn), ("uci", &uci)] {
            let file = s.path(&format!("{position}.{format}"));
            std::fs::write(&file, text).unwrap();
            let other = Session::new();
            let again = other.ok(&["import", file.to_str().unwrap()]).trim().to_string();
            assert_eq!(other.json(&["show", &again, "--json"])["game"], "chess960", "{text}");
            assert_eq!(
                moves_of(&other, &again),
                played,
                "position {position}, {format}:\n{text}"
            );
            assert_eq!(
                state(&other, &again),
                state(&s, &id),
                "position {position}, {format}:\n{text}"
            );
            assert!(other.ok(&["verify", &again]).contains(": ok,"));
        }
    }
}

#[test]
fn a_chess960_file_without_its_start_imports_with_the_position_option() {
    let s = Session::new();
    let (_, played) = CHESS960[1];
    let id = s.ok(&["new", "chess960", "-O", "position=959"]).trim().to_string();
    let mut args = vec!["play", id.as_str()];
    args.extend(played);
    s.ok(&args);
    let pgn = s.ok(&["export", &id, "--format", "pgn"]);
    let bare: String = pgn
        .lines()
        .filter(|l| !l.starts_with("[SetUp ") && !l.starts_with("[FEN "))
        .map(|l| format!("{l}\n"))
        .collect();
    let file = s.path("bare.pgn");
    std::fs::write(&file, &bare).unwrap();
    let path = file.to_str().unwrap();
    let other = Session::new();
    let run = other.fails(&["import", path], 1);
    assert!(run.stderr.contains("ply 3: 'Nd3'"), "{}", run.stderr);
    let again = other.ok(&["import", path, "-O", "position=959"]).trim().to_string();
    assert_eq!(moves_of(&other, &again), played);
    let run = other.fails(&["import", path, "-O", "position=960"], 2);
    assert!(run.stderr.contains("position must be from 0 to 959"), "{}", run.stderr);
    let chess = other.path("chess.uci");
    std::fs::write(&chess, "e2e4 e7e5\n").unwrap();
    let run = other.fails(&["import", chess.to_str().unwrap(), "-O", "position=959"], 2);
    assert!(
        run.stderr
            .contains("--option for its chess games: unknown option 'position'"),
        "{}",
        run.stderr
    );
}

#[test]
fn bad_input_is_refused_with_its_place_and_stores_nothing() {
    let s = Session::new();
    let two_kings = s.path("kings.pgn");
    std::fs::write(
        &two_kings,
        "[Event \"Kings\"]\n[FEN \"4k3/8/8/8/8/8/8/K3K3 w - - 0 1\"]\n\n1. Ka2 *\n",
    )
    .unwrap();
    let run = s.fails(&["import", two_kings.to_str().unwrap()], 1);
    assert!(
        run.stderr.contains("game 1, line 1") && run.stderr.contains("2 kings"),
        "{}",
        run.stderr
    );

    let cut = s.path("cut.pgn");
    std::fs::write(
        &cut,
        "[Event \"Cut\"]\n\n1. e4 e5 2. Nf3 {the file ends inside a comment",
    )
    .unwrap();
    let run = s.fails(&["import", cut.to_str().unwrap()], 1);
    assert!(
        run.stderr.contains("game 1, line 3") && run.stderr.contains("never closed"),
        "{}",
        run.stderr
    );

    let big = s.path("big.pgn");
    let comment = "x".repeat(5 * 1024 * 1024);
    std::fs::write(&big, format!("[Event \"Big\"]\n\n1. e4 {{{comment}}} e5 *\n")).unwrap();
    let id = s
        .ok(&["import", big.to_str().unwrap(), "--drop-annotations"])
        .trim()
        .to_string();
    assert_eq!(moves_of(&s, &id), ["e4", "e5"]);

    let binary = s.path("photo.pgn");
    std::fs::write(&binary, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR").unwrap();
    let run = s.fails(&["import", binary.to_str().unwrap()], 2);
    assert!(run.stderr.contains("binary"), "{}", run.stderr);

    assert_eq!(ids(&s, &[]), vec![id], "nothing of the refused files was stored");
    let run = s.fails(&["new", "chess", "--start", "8/8/8/8/8/8/8/KK5k w - - 0 1"], 2);
    assert!(run.stderr.contains("2 kings"), "{}", run.stderr);
}

#[test]
fn perft_matches_the_published_counts() {
    let s = Session::new();
    assert_eq!(s.ok(&["perft", "--depth", "3"]).trim(), "8902");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(s.ok(&["perft", "--fen", kiwipete, "--depth", "2"]).trim(), "2039");
    let v = s.json(&["perft", "--depth", "1", "--divide", "--json"]);
    assert_eq!(v["nodes"], 20);
    assert_eq!(v["divide"]["e2e4"], 1);
    let run = s.fails(&["perft", "--variant", "tiddlywinks", "--depth", "1"], 2);
    assert!(run.stderr.contains("tiddlywinks"), "{}", run.stderr);
}
