//! End-to-end: a PGN file of many games imports the same whatever the number of threads that
//! check its games: the same records in file order, the same broken games named with their
//! number and ply, in file order; `kifu check` then reads every record back on every core.

use kifu_e2e::Session;

/// 150 games, each with an Event of its own (so a record of its own); every 37th game has an
/// illegal third ply.
fn many_games() -> String {
    (1..=150u32)
        .map(|n| {
            let moves = if n.is_multiple_of(37) {
                "1. e4 e5 2. Ke3 *"
            } else if n.is_multiple_of(2) {
                "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"
            } else {
                "1. d4 {a comment} d5 2. c4 *"
            };
            format!("[Event \"Game {n}\"]\n\n{moves}\n\n")
        })
        .collect()
}

#[test]
fn games_are_stored_and_refused_in_file_order_whatever_the_thread_count() {
    let mut runs = Vec::new();
    for args in [&["--jobs", "1"][..], &["--jobs", "3"], &["--jobs", "4", "--batch", "7"]] {
        let s = Session::new();
        let file = s.path("many.pgn");
        std::fs::write(&file, many_games()).unwrap();
        let mut command = vec!["import", file.to_str().unwrap()];
        command.extend(args);
        let run = s.fails(&command, 1);
        // Each session has a folder of its own: the messages are compared from the file's name on.
        let refused: Vec<&str> = run
            .stderr
            .lines()
            .filter(|l| l.contains("'Ke3'"))
            .filter_map(|l| l.find("many.pgn").map(|at| &l[at..]))
            .collect();
        assert_eq!(refused.len(), 4, "{}", run.stderr);
        for (line, game) in refused.iter().zip([37, 74, 111, 148]) {
            assert!(
                line.starts_with(&format!("many.pgn: game {game}, line ")) && line.contains("ply 3: 'Ke3'"),
                "{line}"
            );
        }
        let ids: Vec<String> = run.stdout.lines().map(str::to_string).collect();
        assert_eq!(ids.len(), 146, "{}", run.stdout);
        // File order: the stored records' events follow the games' numbers (asked once; the
        // other runs must give the same ids in the same order).
        if !runs.is_empty() {
            runs.push((run.stdout, refused.iter().map(|l| l.to_string()).collect::<Vec<_>>()));
            continue;
        }
        let events: Vec<String> = ids
            .iter()
            .map(|id| {
                let shown = s.json(&["log", id, "--json"]);
                let header = shown["header"].as_array().unwrap();
                header
                    .iter()
                    .find_map(|l| l.as_str()?.strip_prefix("tag Event="))
                    .unwrap()
                    .to_string()
            })
            .collect();
        let expected: Vec<String> = (1..=150u32)
            .filter(|n| !n.is_multiple_of(37))
            .map(|n| format!("Game {n}"))
            .collect();
        assert_eq!(events, expected);
        let checked = s.ok(&["check"]);
        assert!(checked.contains("146 records, "), "{checked}");
        assert!(checked.contains(": 146 ok, 0 damaged"), "{checked}");
        runs.push((run.stdout, refused.iter().map(|l| l.to_string()).collect::<Vec<_>>()));
    }
    for other in &runs[1..] {
        assert_eq!(other.0, runs[0].0, "the same records in the same order");
        assert_eq!(other.1, runs[0].1, "the same games refused, named the same");
    }
}
