//! End-to-end: every record has its own id. Games that share a header are all stored; a game is
//! "already in the store" only when the store holds it whole; a longer version of a stored
//! game is stored with its relation named, or appended with --extend. In every format.

use kifu_e2e::Session;

fn ids(out: &str) -> Vec<String> {
    out.lines().map(str::to_string).collect()
}

fn import(s: &Session, file: &std::path::Path, extra: &[&str]) -> kifu_e2e::Run {
    let mut args = vec!["import", file.to_str().unwrap()];
    args.extend_from_slice(extra);
    s.run(&args)
}

#[test]
fn games_that_share_a_header_are_all_stored() {
    let s = Session::new();
    let cases = [
        ("tagless.pgn", "1. d4 d5 *\n\n1. c4 c5 *\n", 2),
        (
            "same_tags.pgn",
            "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 c5 *\n",
            2,
        ),
        ("three.txt", "h8 i9\n\nh8 h9\n\nh8 j10\n", 3),
        ("three.uci", "e2e4 e7e5\ng1f3 g8f6\nb1c3 b8c6\n", 3),
    ];
    for (name, text, games) in cases {
        let path = s.path(name);
        std::fs::write(&path, text).unwrap();
        let format: &[&str] = if name.ends_with(".txt") {
            &["--format", "coords"]
        } else {
            &[]
        };
        let first = import(&s, &path, format);
        assert_eq!(first.code, 0, "{name}: {}", first.stderr);
        let stored = ids(&first.stdout);
        assert_eq!(stored.len(), games, "{name}: {}", first.stderr);
        assert!(
            first.stderr.contains(&format!("{games} stored, 0 already")),
            "{}",
            first.stderr
        );
        // The same file again: every game is already there, under the same ids.
        let again = import(&s, &path, format);
        assert_eq!(again.code, 0, "{}", again.stderr);
        assert!(again.stdout.is_empty(), "{}", again.stdout);
        assert!(
            again.stderr.contains(&format!("0 stored, {games} already")),
            "{}",
            again.stderr
        );
        for id in &stored {
            assert!(again.stderr.contains(id.as_str()), "{}", again.stderr);
        }
    }
    assert_eq!(s.json(&["list", "--json"]).as_array().unwrap().len(), 10);
}

/// A game recorded with `new_args` and `moves`, exported in `format` after `short` moves and
/// again after all of them.
fn short_and_long(
    s: &Session,
    new_args: &[&str],
    moves: &[&str],
    short: usize,
    format: &str,
) -> (std::path::PathBuf, std::path::PathBuf) {
    let id = s.ok(new_args).trim().to_string();
    let ext = format;
    let short_file = s.path(&format!("short-{format}.{ext}"));
    let long_file = s.path(&format!("long-{format}.{ext}"));
    for (i, mv) in moves.iter().enumerate() {
        if i == short {
            s.ok(&["export", &id, "--format", format, "-o", short_file.to_str().unwrap()]);
        }
        let mv = if *mv == "?" {
            s.ok(&["legal", &id]).split_whitespace().next().unwrap().to_string()
        } else {
            mv.to_string()
        };
        s.ok(&["play", &id, &mv]);
    }
    s.ok(&["export", &id, "--format", format, "-o", long_file.to_str().unwrap()]);
    (short_file, long_file)
}

#[test]
fn a_longer_version_is_stored_with_its_relation_or_appended_in_every_format() {
    let chess: &[&str] = &["new", "chess", "-p", "A", "-p", "B"];
    let renju: &[&str] = &["new", "renju", "-p", "A", "-p", "B"];
    let senet: &[&str] = &["new", "senet", "-p", "A", "-p", "B"];
    let chess_moves: &[&str] = &["e4", "e5", "Nf3", "Nc6"];
    let renju_moves: &[&str] = &["h8", "i9", "h9", "i10"];
    let senet_moves: &[&str] = &["3", "?", "2", "?", "1", "?"];
    let cases: &[(&[&str], &[&str], usize, &str)] = &[
        (chess, chess_moves, 2, "pgn"),
        (chess, chess_moves, 2, "uci"),
        (renju, renju_moves, 2, "coords"),
        (renju, renju_moves, 2, "sgf"),
        (renju, renju_moves, 2, "psq"),
        (renju, renju_moves, 2, "renjunet"),
        (renju, renju_moves, 2, "renlib"),
        (senet, senet_moves, 2, "senet"),
        (senet, senet_moves, 2, "kifu"),
    ];
    for (new_args, moves, short, format) in cases {
        let maker = Session::new();
        let (short_file, long_file) = short_and_long(&maker, new_args, moves, *short, format);
        let fmt = ["--format", format];
        // Stored as a new record that says which one it extends.
        let s = Session::new();
        let first = import(&s, &short_file, &fmt);
        assert_eq!(first.code, 0, "{format}: {}", first.stderr);
        let short_id = first.stdout.trim().to_string();
        let longer = import(&s, &long_file, &fmt);
        if *format == "kifu" {
            // The same record (the same id), longer: appended only when asked.
            assert_eq!(longer.code, 1, "{format}: {}", longer.stderr);
            assert!(longer.stderr.contains("import --extend"), "{}", longer.stderr);
        } else {
            assert_eq!(longer.code, 0, "{format}: {}", longer.stderr);
            let long_id = longer.stdout.trim().to_string();
            assert_ne!(long_id, short_id, "{format}");
            assert!(
                longer.stderr.contains(&format!("which extends {short_id} at entry")),
                "{format}: {}",
                longer.stderr
            );
            // The shorter file again is still stored whole: already there.
            let again = import(&s, &short_file, &fmt);
            assert!(
                again.stderr.contains("0 stored, 1 already"),
                "{format}: {}",
                again.stderr
            );
        }
        // With --extend the longer game goes onto the stored record.
        let t = Session::new();
        let short_id = import(&t, &short_file, &fmt).stdout.trim().to_string();
        let extended = import(&t, &long_file, &["--format", format, "--extend"]);
        assert_eq!(extended.code, 0, "{format}: {}", extended.stderr);
        assert!(
            extended.stderr.contains(&format!("appended to {short_id}")),
            "{format}: {}",
            extended.stderr
        );
        let list = t.json(&["list", "--json"]);
        assert_eq!(list.as_array().unwrap().len(), 1, "{format}: {list}");
        assert!(t.ok(&["verify", &short_id]).contains(": ok,"), "{format}");
        let entries = list[0]["entries"].as_u64().unwrap();
        assert!(entries as usize >= moves.len(), "{format}: {entries} entries");
    }
}

#[test]
fn fen_positions_are_records_of_their_own() {
    let s = Session::new();
    let path = s.path("two.fen");
    std::fs::write(
        &path,
        "8/8/8/4k3/8/8/8/4K2R w K - 0 1\n8/8/8/4k3/8/8/8/R3K3 w Q - 0 1\n",
    )
    .unwrap();
    assert_eq!(ids(&s.ok(&["import", path.to_str().unwrap()])).len(), 2);
    let again = s.run(&["import", path.to_str().unwrap()]);
    assert!(again.stderr.contains("0 stored, 2 already"), "{}", again.stderr);
}
