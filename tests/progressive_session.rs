//! End-to-end: Scottish progressive chess with the `kifu` binary: a series entered as several
//! moves by one side, exported to PGN with a number per series and imported back.

use kifu_e2e::Session;

#[test]
fn a_series_is_recorded_exported_and_imported() {
    let s = Session::new();
    let id = s
        .ok(&["new", "progressive", "--player", "A", "--player", "B"])
        .trim()
        .to_string();
    s.ok(&["play", &id, "e4", "e5", "Nf6", "Qh5", "Bc4", "Qxf7"]);
    let shown = s.json(&["show", &id, "--json"]);
    assert_eq!(shown["turn"]["kind"], "over", "{shown}");
    let file = s.path("game.pgn");
    s.ok(&[
        "export",
        &id,
        "--format",
        "progressive-pgn",
        "--output",
        file.to_str().unwrap(),
    ]);
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert!(pgn.contains("1. e4 2. e5 Nf6 3. Qh5 Bc4 Qxf7# 1-0"), "{pgn}");
    let other = Session::new();
    other.ok(&["import", file.to_str().unwrap(), "--format", "progressive-pgn"]);
    assert_eq!(other.stored().len(), 1);
    let refused = s.fails(&["play", &id, "e5"], 1);
    assert!(refused.stderr.contains("over"), "{}", refused.stderr);
}
