//! `--read-only SECS`: the file's records stored once, then read back from the store and
//! verified again and again (what `kifu verify` and `kifu check` do a record), each step timed
//! apart, for a profiler; prints each step's time a ply against pgn-reader + shakmaty's.
//! Asserts only that every record reads back and verifies.

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use kifu_core::record::{chain_step, Entry, Record};
use kifu_core::replay::{verify_complete, Checked};
use kifu_records::Store;

/// Fastest of the rounds run for `secs` seconds (at least one), in seconds.
fn fastest(secs: f64, mut round: impl FnMut()) -> f64 {
    let t = Instant::now();
    let mut best = f64::MAX;
    while t.elapsed().as_secs_f64() < secs || best == f64::MAX {
        let r = Instant::now();
        round();
        best = best.min(r.elapsed().as_secs_f64());
    }
    best
}

/// Stores `built` in a new store under `dir`, then times, each for `secs` seconds: reading
/// every record back (`Store::record`: the header, the blocks unpacked, every line parsed and
/// chained), the line parsing and chaining alone on the same lines, verifying the records read
/// (`verify_complete`: the replay), and `Store::check_all` (read, replay and the transparency
/// log). `plies` is the file's moves; `reader_secs` pgn-reader + shakmaty's time on it.
pub fn print(built: &[Checked], dir: &Path, secs: f64, plies: usize, reader_secs: f64) {
    let store = Store::open(&dir.join("read-back.redb"), kifu_games::registry()).expect("store");
    store.import(built, 1000, false, |_| {}).expect("import");
    let ids = store.ids().expect("ids");
    assert_eq!(ids.len(), built.len());
    let read: Vec<Record> = ids.iter().map(|id| store.record(id).expect("reads back")).collect();
    let lines: Vec<String> = read
        .iter()
        .flat_map(|r| r.entries.iter().map(Entry::canonical_line))
        .collect();

    let reading = fastest(secs, || {
        for id in &ids {
            black_box(store.record(id).expect("reads back"));
        }
    });
    let parsing = fastest(secs, || {
        for line in &lines {
            black_box(Entry::parse_line(line).expect("a canonical line"));
        }
    });
    let chaining = fastest(secs, || {
        let mut head = [0u8; 32];
        for line in &lines {
            head = chain_step(&head, line);
        }
        black_box(head);
    });
    let replaying = fastest(secs, || {
        for record in &read {
            assert!(verify_complete(kifu_games::registry(), record).failure.is_none());
        }
    });
    let both = fastest(secs, || {
        for id in &ids {
            let record = store.record(id).expect("reads back");
            assert!(verify_complete(kifu_games::registry(), &record).failure.is_none());
        }
    });
    let checking = fastest(secs, || {
        let check = store.check_all(|_, _| {}).expect("check");
        assert!(check.damaged.is_empty());
    });
    let us = |s: f64| s * 1e6 / plies as f64;
    let reader = us(reader_secs);
    println!(
        "\nreading stored records back ({} records, {} entries, {plies} plies), best of {secs} s each",
        ids.len(),
        lines.len()
    );
    println!("{:<60} {:>10} {:>12}", "step", "us/ply", "vs reader");
    for (name, secs) in [
        ("Store::record (read back: blocks, lines, header, chain)", reading),
        ("  of which Entry::parse_line of every line, alone", parsing),
        ("  of which chain_step of every line, alone", chaining),
        (
            "  the rest: redb, blocks unpacked and split, header",
            reading - parsing - chaining,
        ),
        ("verify_complete of the records read (the replay)", replaying),
        ("read back + verify_complete (kifu verify's work)", both),
        ("Store::check_all (+ the transparency log)", checking),
    ] {
        println!("{name:<60} {:>10.3} {:>12.3}", us(secs), reader / us(secs));
    }
    println!(
        "pgn-reader + shakmaty {reader:.3} us a ply; reading is {:.2} of read + verify",
        reading / both
    );
}
