//! End-to-end: a store written by an earlier kifu (one row an entry, see
//! fixtures/store/README.md) opens with today's, whose first use moves its entries into blocks:
//! every record is there, whole, with the head it had, and play goes on, a sealed seed included.

use std::path::Path;

use kifu_e2e::Session;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/store").join(name)
}

/// A session whose store is a copy of the old store (with its key file).
fn old_store(s: &Session) {
    std::fs::copy(fixture("format1.redb"), s.store()).unwrap();
    std::fs::copy(fixture("format1.redb.key"), s.path("store.redb.key")).unwrap();
}

fn manifest() -> Vec<(String, u64, String)> {
    std::fs::read_to_string(fixture("manifest.txt"))
        .unwrap()
        .lines()
        .map(|line| {
            let parts: Vec<&str> = line.split(' ').collect();
            (parts[0].to_string(), parts[1].parse().unwrap(), parts[2].to_string())
        })
        .collect()
}

#[test]
fn an_old_store_reads_whole_and_play_goes_on() {
    let s = Session::new();
    old_store(&s);
    // A reading command first: it opens the old store for writing once, to move its entries.
    let listed = s.json(&["list", "--json"]);
    assert_eq!(listed.as_array().map(Vec::len), Some(manifest().len()));
    for (id, entries, head) in manifest() {
        let report = s.json(&["verify", &id, "--json"]);
        assert_eq!(report["ok"], true, "{id}: {report}");
        assert_eq!(report["entries"], entries, "{id}");
        assert_eq!(report["head"], head.as_str(), "{id}");
    }
    let check = s.run(&["check"]);
    assert_eq!(check.code, 0, "{}", check.stderr);
    // The unfinished seeded Senet game (its seed sealed in the old store) plays to its end and
    // reveals; the chess game takes a move.
    s.ok(&["playout", "20e86daf6e81bf737e03a4c91fee0ce1"]);
    let senet = s.json(&["verify", "20e86daf6e81bf737e03a4c91fee0ce1", "--json"]);
    assert_eq!(senet["ok"], true, "{senet}");
    assert!(senet["seed"].as_str().unwrap_or("").contains("revealed"), "{senet}");
    s.ok(&["play", "6e22069d84bff399f9750e0c598a0781", "Ba4"]);
    assert_eq!(
        s.json(&["show", "6e22069d84bff399f9750e0c598a0781", "--json"])["seq"],
        7
    );
}
