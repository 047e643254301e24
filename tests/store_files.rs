//! End-to-end: a store file that is not a store, or was cut short, is refused with a reason
//! and exit 2, never a panic; a record file that is not kifu text likewise.

use kifu_e2e::Session;

#[test]
fn a_file_that_is_not_a_store_is_refused() {
    let s = Session::new();
    let path = s.path("notes.redb");
    std::fs::write(&path, "shopping list\n".repeat(400)).unwrap();
    let run = s.run_on(&path, &["list"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("cannot open store") && run.stderr.contains("notes.redb"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_store_cut_short_is_refused_and_left_as_it_was() {
    let s = Session::new();
    let id = s
        .ok(&["new", "senet", "--seed", "abababababababababababababababab"])
        .trim()
        .to_string();
    s.ok(&["playout", &id]);
    let store = s.store();
    let len = std::fs::metadata(&store).unwrap().len();
    let bytes = std::fs::read(&store).unwrap();
    std::fs::write(&store, &bytes[..(len / 3) as usize]).unwrap();
    let run = s.run(&["list"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("cannot open store"), "{}", run.stderr);
    assert_eq!(
        std::fs::metadata(&store).unwrap().len(),
        len / 3,
        "the damaged file is not rewritten"
    );
}

#[test]
fn binary_and_truncated_record_files_are_refused_with_their_place() {
    let s = Session::new();
    let bin = s.path("photo.kifu");
    std::fs::write(&bin, [0x89, b'P', b'N', b'G', 0, 0, 0, 13]).unwrap();
    let run = s.fails(&["verify", bin.to_str().unwrap()], 2);
    assert!(run.stderr.contains("binary"), "{}", run.stderr);
    let id = s
        .ok(&["new", "senet", "--seed", "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"])
        .trim()
        .to_string();
    s.ok(&["playout", &id, "--max", "20"]);
    let text = s.ok(&["export", &id]);
    let cut = s.path("cut.kifu");
    std::fs::write(&cut, &text[..text.len() - 30]).unwrap();
    // A file cut short was altered: verification fails (exit 1) and names the line.
    let run = s.fails(&["verify", cut.to_str().unwrap()], 1);
    assert!(run.stdout.contains("cut.kifu: FAILED at line "), "{}", run.stdout);
}
