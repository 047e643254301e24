//! End-to-end: a notation file kifu cannot read is never passed over in silence. An empty file,
//! or one with no game in it, is exit 2 "no games found" in every format; a line that does not
//! read is named with its game and line, and nothing of that game is stored.

use kifu_e2e::Session;

#[test]
fn a_file_without_games_is_refused_in_every_format() {
    let s = Session::new();
    let cases = [
        ("empty.pgn", ""),
        ("comments.pgn", "% only an escape line\n\n"),
        ("empty.kifu", "\n\n"),
        ("empty.senet", "# nothing but a comment\n"),
        ("empty.coords", "\n \n"),
        ("empty.sgf", "  \n"),
        ("empty.fen", "# no positions\n"),
        ("empty.uci", "\n"),
        ("empty.epd", ""),
    ];
    for (name, text) in cases {
        let path = s.path(name);
        std::fs::write(&path, text).unwrap();
        let run = s.fails(&["import", path.to_str().unwrap()], 2);
        assert!(run.stderr.contains("no games found"), "{name}: {}", run.stderr);
        assert!(run.stderr.contains(name), "{name}: {}", run.stderr);
    }
    assert!(s.stored().is_empty(), "nothing stored");
}

/// Imports `text` as file `name`, expecting the game refused at `line` with `why`.
fn refused(s: &Session, name: &str, text: &str, line: usize, why: &str) {
    let path = s.path(name);
    std::fs::write(&path, text).unwrap();
    let run = s.fails(&["import", path.to_str().unwrap()], 1);
    let place = format!("{name}: game 1, line {line}");
    assert!(
        run.stderr.contains(&place),
        "{name}: wanted '{place}' in {}",
        run.stderr
    );
    assert!(run.stderr.contains(why), "{name}: wanted '{why}' in {}", run.stderr);
    assert!(run.stderr.contains("0 stored"), "{name}: {}", run.stderr);
}

#[test]
fn an_unreadable_line_is_named_in_every_line_based_format() {
    let s = Session::new();
    refused(
        &s,
        "typo.psq",
        "Piskvorky 15x15, 1:1, 0\n8,8,0\n9;9,0\n10,10,0\n",
        3,
        "not a move",
    );
    refused(
        &s,
        "late.psq",
        "Piskvorky 15x15, 1:1, 0\n8,8,0\nAda\n9,9,0\n",
        4,
        "after the moves ended",
    );
    refused(&s, "typo.coords", "h8 i9\nh7 ?9\n", 2, "not part of a coordinate");
    refused(
        &s,
        "typo.uci",
        "position start moves e2e4\n",
        1,
        "'startpos' or 'fen FEN'",
    );
    refused(
        &s,
        "typo.fen",
        "\n# a comment\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n",
        3,
        "",
    );
    refused(&s, "typo.senet", "Game: senet\nP1: Ada\nP2: Bo\n1. p1 thorw 3\n", 4, "");
    refused(
        &s,
        "setup.sgf",
        "(;GM[4]SZ[15];B[hh];AB[ii];W[jj])",
        1,
        "only the root may set stones up",
    );
    refused(&s, "clear.sgf", "(;GM[4]SZ[15]AB[hh]AE[ii]PL[W];W[jj])", 1, "AE");
    assert!(s.stored().is_empty(), "nothing stored");
}

#[test]
fn a_renlib_file_of_garbage_is_refused_whole() {
    let s = Session::new();
    let mut bytes = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 4];
    bytes.extend([0xFF; 10]);
    // h8 h8: the same point twice on one line.
    bytes.extend([0x78, 0x00, 0x78, 0x40]);
    let path = s.path("garbage.lib");
    std::fs::write(&path, &bytes).unwrap();
    let run = s.fails(&["import", path.to_str().unwrap()], 1);
    assert!(run.stderr.contains("byte 22"), "{}", run.stderr);
    assert!(run.stderr.contains("played twice on one line"), "{}", run.stderr);
}
