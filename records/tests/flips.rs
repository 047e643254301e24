//! A store file with one byte flipped, 200 times over: the store never panics and never hands
//! back a record cut short or changed. Every read either returns the record exactly as it was
//! stored, or fails naming the damage; records the flip did not touch stay readable.

use std::panic::{catch_unwind, AssertUnwindSafe};

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::format::build_checked;
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::Checked;
use kifu_records::{Append, Filter, Store};

/// A store with seeded Senet games part-played and some PGN chess games imported.
fn build(path: &std::path::Path) -> Vec<(String, Record)> {
    let store = Store::open(path, kifu_games::registry()).unwrap();
    let mut ids = Vec::new();
    for game in 0..10u64 {
        let seed = [game as u8 + 1; 32];
        let header = Header::new(
            "senet",
            1,
            vec!["A".into(), "B".into()],
            ChanceMode::Seeded {
                commitment: commitment(&seed),
            },
        );
        let id = store.create(header, Some(&seed), None).unwrap().id;
        for step in 0..(10 + game * 3) {
            let legal = store.replay(&id, None).unwrap().current().legal().unwrap();
            let pick =
                legal[ChanceRng::for_entry(b"flips", game * 1000 + step).below(legal.len() as u64) as usize].clone();
            let request = Append {
                commands: vec![(None, pick)],
                ..Append::default()
            };
            if store.append(&id, &request).is_err() {
                break;
            }
        }
        ids.push(id);
    }
    let pgn = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/pgn/oracle_python_chess.pgn"
    ))
    .unwrap();
    let format = kifu_games::format("pgn").unwrap();
    let checked: Vec<Checked> = format
        .read(&pgn)
        .into_iter()
        .take(8)
        .map(|d| build_checked(kifu_games::registry(), &d.unwrap(), None).unwrap())
        .collect();
    store.import(&checked, 100, false, |_| {}).unwrap();
    ids.extend(checked.iter().map(|c| c.record().id()));
    ids.into_iter()
        .map(|id| (id.clone(), store.record(&id).unwrap()))
        .collect()
}

thread_local! {
    /// Reads the storage engine gave up on (it panicked), caught at the store's boundary.
    static ENGINE_PANICS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[derive(Default, Debug)]
struct Tally {
    panics: usize,
    silent: usize,
    refused_at_open: usize,
    harmless: usize,
    records_caught: usize,
    flips_caught_in_records: usize,
}

#[test]
fn two_hundred_flipped_bytes_never_panic_nor_silently_cut_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let original = dir.path().join("original.redb");
    let records = build(&original);
    let bytes = std::fs::read(&original).unwrap();
    let copy = dir.path().join("flipped.redb");
    let mut rng = ChanceRng::for_entry(b"byte flips", 0);
    let mut tally = Tally::default();
    for _ in 0..200 {
        let mut flipped = bytes.clone();
        let at = rng.below(flipped.len() as u64) as usize;
        flipped[at] ^= 1 + rng.below(255) as u8;
        std::fs::write(&copy, &flipped).unwrap();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let store = match Store::open(&copy, kifu_games::registry()) {
                Ok(store) => store,
                Err(_) => return (true, 0usize, 0usize),
            };
            let _ = store.list(&Filter::default());
            let (mut caught, mut silent) = (0, 0);
            for (n, (id, record)) in records.iter().enumerate() {
                match store.record(id) {
                    Ok(read) if read == *record => {}
                    Ok(_) => silent += 1,
                    Err(error) => {
                        caught += 1;
                        if error.to_string().contains("the store file is damaged") {
                            ENGINE_PANICS.with(|c| c.set(c.get() + 1));
                        }
                    }
                }
                // The audit (a replay through the rules) of a few: it reads the same rows.
                if n % 8 == 0 {
                    if let Ok(report) = store.audit(id) {
                        if report.failure.is_none() && store.record(id).ok().as_ref() != Some(record) {
                            silent += 1;
                        }
                    }
                }
            }
            (false, caught, silent)
        }));
        match outcome {
            Err(_) => tally.panics += 1,
            Ok((true, _, _)) => tally.refused_at_open += 1,
            Ok((false, caught, silent)) => {
                tally.silent += silent;
                tally.records_caught += caught;
                if caught > 0 {
                    tally.flips_caught_in_records += 1;
                } else if silent == 0 {
                    tally.harmless += 1;
                }
            }
        }
    }
    println!(
        "{} bytes, 200 flips: {tally:?}; reads where redb panicked, caught as errors: {}",
        bytes.len(),
        ENGINE_PANICS.with(|c| c.get())
    );
    assert_eq!(tally.panics, 0, "{tally:?}");
    assert_eq!(tally.silent, 0, "{tally:?}");
}
