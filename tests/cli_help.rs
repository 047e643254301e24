//! End-to-end: the help a person reads. Every command's `--help` has a one-line summary, a
//! description for every argument and two or more examples that run kifu; the main texts are
//! kept as plain files in tests/snapshots/ so a change to them is seen in review (run with
//! `KIFU_BLESS=1` to write them anew); completions and manual pages are generated for every
//! shell and command.

use kifu_e2e::Session;

/// The commands `kifu --help` lists, read from it.
fn commands(s: &Session) -> Vec<String> {
    let help = s.ok(&["--help"]);
    let section = help.split("Commands:\n").nth(1).expect("a Commands section");
    section
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// The lines of one section of a help text (`Arguments:`, `Examples:`), up to the next.
fn section<'a>(help: &'a str, title: &str) -> Vec<&'a str> {
    let Some(rest) = help.split(&format!("\n{title}\n")).nth(1) else {
        return Vec::new();
    };
    rest.lines()
        .take_while(|l| l.is_empty() || l.starts_with(' '))
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn every_command_has_a_summary_described_arguments_and_examples() {
    let s = Session::new();
    let names = commands(&s);
    assert!(names.len() >= 24, "kifu lists only {names:?}");
    for name in &names {
        let help = s.ok(&[name, "--help"]);
        let summary = help.lines().next().unwrap_or_default();
        assert!(
            !summary.is_empty() && !summary.ends_with('.') && summary.len() < 100,
            "{name}: the first line is not a one-line summary: {summary:?}"
        );
        // `-h` shows arguments on one line each: `  <ID>  The record: ...`.
        let short = s.ok(&[name, "-h"]);
        for line in section(&short, "Arguments:") {
            let words: Vec<&str> = line.split_whitespace().collect();
            assert!(words.len() > 2, "{name}: an argument without a description: {line:?}");
        }
        let examples: Vec<&str> = section(&help, "Examples:")
            .into_iter()
            .filter(|l| l.trim_start().starts_with("kifu "))
            .collect();
        assert!(
            (2..=5).contains(&examples.len()),
            "{name}: {} examples:\n{help}",
            examples.len()
        );
        for example in examples {
            let sub = example
                .split_whitespace()
                .find(|w| !w.starts_with('-') && *w != "kifu" && !w.contains('/'));
            assert!(
                sub.is_some_and(|w| names.iter().any(|n| n == w)),
                "{name}: an example runs no kifu command: {example}"
            );
        }
    }
}

#[test]
fn commands_that_need_no_store_do_not_offer_one() {
    let s = Session::new();
    for name in ["games", "perft", "completions", "man"] {
        let help = s.ok(&[name, "--help"]);
        assert!(!help.contains("--store"), "{name} --help offers --store:\n{help}");
    }
    assert!(s.ok(&["show", "--help"]).contains("--store"), "show takes --store");
}

#[test]
fn one_meaning_per_flag() {
    let s = Session::new();
    // -o is the output file wherever it is taken; options are -O / --option.
    for name in commands(&s) {
        let help = s.ok(&[&name, "--help"]);
        if let Some(line) = help.lines().find(|l| l.trim_start().starts_with("-o, ")) {
            assert!(line.contains("--output"), "{name}: -o is not --output: {line}");
        }
        if let Some(line) = help.lines().find(|l| l.trim_start().starts_with("-O, ")) {
            assert!(line.contains("--option"), "{name}: -O is not --option: {line}");
        }
    }
    for name in [
        "playout",
        "demo",
        "export",
        "games",
        "perft",
        "key",
        "checkpoint",
        "list",
        "show",
    ] {
        assert!(s.ok(&[name, "--help"]).contains("--json"), "{name} has no --json");
    }
}

/// Compares `text` with tests/snapshots/NAME, or writes it there under `KIFU_BLESS=1`.
fn snapshot(name: &str, text: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    if std::env::var_os("KIFU_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let kept = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with KIFU_BLESS=1 to write it)", path.display()));
    assert_eq!(
        kept, text,
        "{name} changed: review the new text and run with KIFU_BLESS=1 to keep it"
    );
}

#[test]
fn the_main_help_texts_are_as_reviewed() {
    let s = Session::new();
    snapshot("help.txt", &s.ok(&["--help"]));
    for name in ["new", "play", "show", "list", "export", "verify"] {
        snapshot(&format!("help-{name}.txt"), &s.ok(&[name, "--help"]));
    }
}

#[test]
fn completions_and_manual_pages_are_generated() {
    let s = Session::new();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish", "Bash"] {
        let script = s.ok(&["completions", shell]);
        for word in ["kifu", "show", "svg", "json"] {
            assert!(script.contains(word), "{shell}: the script lacks {word}");
        }
    }
    assert_eq!(s.run(&["completions", "tcsh"]).code, 2, "an unknown shell is bad usage");
    let page = s.ok(&["man"]);
    assert!(
        page.contains(".TH KIFU 1"),
        "not a manual page:\n{}",
        &page[..200.min(page.len())]
    );
    assert!(page.contains("completions"), "the page lists the commands");
    let dir = s.path("man1");
    let said = s.ok(&["man", "--dir", dir.to_str().unwrap()]);
    let written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(said.starts_with(&format!("{} pages written", written.len())), "{said}");
    for name in ["kifu.1", "kifu-show.1", "kifu-export.1", "kifu-completions.1"] {
        assert!(written.iter().any(|w| w == name), "{name} missing from {written:?}");
    }
    let show = std::fs::read_to_string(dir.join("kifu-show.1")).unwrap();
    assert!(show.contains(".TH KIFU-SHOW 1") && show.contains("svg"), "{show}");
}
