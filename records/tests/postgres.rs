//! What only a store shared by several processes must keep: handles on one PostgreSQL
//! database (as several servers hold) racing on one record never fork it, an idempotency key
//! is honoured whichever handle the retry reaches, one handle hears another's appends, the
//! seeds' and the log's key files must be the same everywhere, and rows changed behind the
//! store's back are named, never proven. Needs PostgreSQL (skipped, printed, without it).

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kifu_core::chance::commitment;
use kifu_core::record::{Actor, ChanceMode, Header};
use kifu_records::{Append, AppendError, CreateError, LogError, OpenOptions, SecretError, Watcher};

mod backends;
use backends::{Kind, Scratch};

fn chess() -> Header {
    Header::new("chess", 1, vec!["W".into(), "B".into()], ChanceMode::Observed)
}

fn note(text: &str) -> Append {
    Append {
        commands: vec![(Some(Actor::Note), text.to_string())],
        ..Append::default()
    }
}

#[test]
fn handles_racing_on_one_record_never_fork_it() {
    let Some(scratch) = Scratch::new(Kind::Postgres) else {
        return;
    };
    let id = scratch.create(chess(), None, None).unwrap().id;
    let racers: Vec<_> = (0..4)
        .map(|n| {
            let store = scratch.another();
            let id = id.clone();
            std::thread::spawn(move || {
                let (mut acked, mut conflicts) = (Vec::new(), 0);
                for k in 0..25 {
                    let (_, head) = store.head(&id).unwrap();
                    let request = Append {
                        expect: Some(head),
                        ..note(&format!("racer {n} try {k}"))
                    };
                    match store.append(&id, &request) {
                        Ok(appended) => acked.push((appended.seq, appended.head)),
                        Err(AppendError::Conflict { .. }) => conflicts += 1,
                        Err(other) => panic!("{other}"),
                    }
                }
                (acked, conflicts)
            })
        })
        .collect();
    let mut seqs = BTreeSet::new();
    let record = {
        let mut acked = Vec::new();
        for racer in racers {
            acked.extend(racer.join().unwrap().0);
        }
        let record = scratch.record(&id).unwrap();
        let hashes = record.hashes();
        for (seq, head) in acked {
            assert!(seqs.insert(seq), "two appends acknowledged at entry {seq}");
            assert_eq!(hashes[seq as usize], head, "entry {seq} forks from its answer");
        }
        record
    };
    assert_eq!(
        seqs,
        (1..=record.entries.len() as u64).collect(),
        "every entry was acknowledged once"
    );
    assert!(scratch.audit(&id).unwrap().failure.is_none());
    assert!(scratch.check_all(&mut |_, _| {}).unwrap().damaged.is_empty());
}

#[test]
fn a_key_is_honoured_whichever_handle_the_retry_reaches() {
    let Some(scratch) = Scratch::new(Kind::Postgres) else {
        return;
    };
    let other = scratch.another();
    let id = scratch.create(chess(), None, None).unwrap().id;
    let request = Append {
        key: Some("k1".into()),
        ..note("once")
    };
    let first = scratch.append(&id, &request).unwrap();
    let again = other.append(&id, &request).unwrap();
    assert!(again.replayed);
    assert_eq!(
        (again.seq, again.head, &again.lines),
        (first.seq, first.head, &first.lines)
    );
    assert_eq!(scratch.head(&id).unwrap().0, 1, "stored once");
    let reused = Append {
        key: Some("k1".into()),
        ..note("another")
    };
    assert!(matches!(other.append(&id, &reused), Err(AppendError::KeyReused(_))));
}

/// What a watcher heard.
#[derive(Default)]
struct Heard(Mutex<Vec<(String, u64)>>);

impl Watcher for Heard {
    fn appended(&self, id: &str, seq: u64) {
        self.0.lock().unwrap().push((id.to_string(), seq));
    }
    fn missed(&self) {}
    fn wanted(&self) -> bool {
        true
    }
}

#[test]
fn one_handle_hears_the_appends_of_another() {
    let Some(scratch) = Scratch::new(Kind::Postgres) else {
        return;
    };
    let listening = scratch.another();
    let heard = Arc::new(Heard::default());
    listening.watch(heard.clone()).unwrap();
    let id = scratch.create(chess(), None, None).unwrap().id;
    for n in 0..3 {
        scratch.append(&id, &note(&format!("n{n}"))).unwrap();
    }
    let group: Vec<(String, Append)> = (0..2).map(|n| (id.clone(), note(&format!("g{n}")))).collect();
    scratch.append_group(&group).unwrap();
    let want: Vec<(String, u64)> = (1..=5).map(|seq| (id.clone(), seq)).collect();
    // Bounded: a lost notification fails the test rather than hangs it.
    let started = Instant::now();
    while *heard.0.lock().unwrap() != want {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "heard {:?}",
            heard.0.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn seeds_need_the_same_key_file_everywhere() {
    let Some(scratch) = Scratch::new(Kind::Postgres) else {
        return;
    };
    let seed = b"a seed for the key file test";
    let header = || {
        Header::new(
            "senet",
            1,
            vec!["A".into(), "B".into()],
            ChanceMode::Seeded {
                commitment: commitment(seed),
            },
        )
    };
    let keyless = kifu_records::open_boxed(&scratch.location, kifu_games::registry(), &OpenOptions::default()).unwrap();
    assert!(matches!(
        keyless.create(header(), Some(seed), None),
        Err(CreateError::Secret(SecretError::NotGiven))
    ));
    let id = scratch.create(header(), Some(seed), None).unwrap().id;
    std::fs::write(scratch.dir.path().join("another.key"), [9u8; 32]).unwrap();
    let elsewhere = OpenOptions {
        seed_key: Some(scratch.dir.path().join("another.key")),
        ..OpenOptions::default()
    };
    let other = kifu_records::open_boxed(&scratch.location, kifu_games::registry(), &elsewhere).unwrap();
    let first = scratch.replay(&id, None).unwrap().current().legal().unwrap().remove(0);
    let before = scratch.head(&id).unwrap();
    let refused = other.append(
        &id,
        &Append {
            commands: vec![(None, first.clone())],
            ..Append::default()
        },
    );
    assert!(
        matches!(refused, Err(AppendError::Secret(SecretError::OtherKey(_)))),
        "{refused:?}"
    );
    assert_eq!(scratch.head(&id).unwrap(), before, "nothing stored");
    scratch
        .append(
            &id,
            &Append {
                commands: vec![(None, first)],
                ..Append::default()
            },
        )
        .unwrap();
}

#[test]
fn the_log_is_signed_by_one_key_only() {
    let Some(scratch) = Scratch::new(Kind::Postgres) else {
        return;
    };
    scratch.create(chess(), None, None).unwrap();
    assert!(
        matches!(scratch.log_key(None, true), Err(LogError::Key(_))),
        "no place beside the store"
    );
    let key = scratch.log_key(Some(&scratch.dir.path().join("a.key")), true).unwrap();
    let other = scratch.log_key(Some(&scratch.dir.path().join("b.key")), true).unwrap();
    scratch.sign_checkpoint(&key).unwrap();
    assert!(matches!(
        scratch.sign_checkpoint(&other),
        Err(LogError::OtherKey { .. })
    ));
    scratch.sign_checkpoint(&key).unwrap();
}

#[test]
fn rows_changed_behind_the_store_are_named_never_proven() {
    let Some(scratch) = Scratch::new(Kind::Postgres) else {
        return;
    };
    let key = scratch
        .log_key(Some(&scratch.dir.path().join("log.key")), true)
        .unwrap();
    // Over 256 leaves, so a full tile is checked against the level above.
    let ids: Vec<String> = (0..3)
        .map(|_| {
            let id = scratch.create(chess(), None, None).unwrap().id;
            let group: Vec<(String, Append)> = (0..100).map(|n| (id.clone(), note(&format!("n{n}")))).collect();
            for outcome in scratch.append_group(&group).unwrap() {
                outcome.unwrap();
            }
            id
        })
        .collect();
    scratch.sign_checkpoint(&key).unwrap();
    let mut sql = scratch.sql();
    // An entry's line changed: the record no longer holds together.
    sql.execute(
        "UPDATE entries SET line = replace(line, 'n7 ;', 'n8 ;') WHERE record_id = $1 AND seq = 8",
        &[&ids[2]],
    )
    .unwrap();
    let report = scratch.audit(&ids[2]).unwrap();
    let failure = report.failure.expect("a changed entry fails");
    assert_eq!(failure.seq, 8, "{}", failure.reason);
    // A leaf's hash changed in the first (full) tile: roots still come from the tiles above,
    // as logged; every answer that reads the changed tile is refused.
    let size = scratch.log_size().unwrap();
    let root = scratch.log_root(size).unwrap();
    sql.execute(
        "UPDATE log_leaves SET hash = $1 WHERE idx = 5",
        &[&[7u8; 32].as_slice()],
    )
    .unwrap();
    assert!(size > 256);
    assert_eq!(scratch.log_root(size).unwrap(), root);
    assert!(scratch.log_inclusion(5, size).is_err());
    assert!(scratch.log_tile(0, 0, 256).is_err());
    assert!(scratch.log_leaves(0, 10).is_err());
    let report = scratch.audit(&ids[0]).unwrap();
    assert!(report
        .failure
        .expect("the record's leaves were changed")
        .reason
        .contains("no longer hash"),);
    assert!(scratch.prove(&ids[0], None, &key, false).is_err());
}
