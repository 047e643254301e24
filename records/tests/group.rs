//! Group commit (`Store::append_group`), on Senet: a group stores what the same appends made
//! one after another would; a refused request in a group leaves no trace and spoils no other;
//! requests to one record in one group see each other (expected heads, idempotency keys); a
//! group that ends a seeded game reveals its seed; a group's appends log their leaves in order,
//! across a full tile of the log, cold and warm, retried and corrected. Commands come from
//! `legal()`.

use kifu_core::chance::commitment;
use kifu_core::record::{Actor, ChanceMode, Header};
use kifu_core::replay::SeedCheck;
use kifu_core::rules::Turn;
use kifu_records::{Append, AppendError, RecordStore};
use kifu_tlog::{leaf, merkle};

mod backends;
use backends::{Kind, Scratch};

fn header(n: u8) -> Header {
    let mut h = Header::new("senet", 1, vec!["Ani".into(), "Hunefer".into()], ChanceMode::Observed);
    h.created = Some(format!("group {n}"));
    h.id = Some([n; 16]);
    h
}

fn first_legal(store: &dyn RecordStore, id: &str) -> String {
    store.replay(id, None).unwrap().current().legal().unwrap().remove(0)
}

fn one(command: String) -> Append {
    Append {
        commands: vec![(None, command)],
        ..Append::default()
    }
}

/// Every record of the store verifies, and the tables agree.
fn whole(store: &dyn RecordStore) {
    let check = store.check_all(&mut |_, _| {}).unwrap();
    assert!(check.damaged.is_empty(), "{:?}", check.damaged);
}

fn a_group_stores_what_the_same_appends_one_after_another_would(kind: Kind) {
    let Some(scratch_grouped) = Scratch::new(kind) else {
        return;
    };
    let grouped = &*scratch_grouped;
    let Some(scratch_single) = Scratch::new(kind) else {
        return;
    };
    let single = &*scratch_single;
    let ids: Vec<String> = (1..=4)
        .map(|n| {
            let id = grouped.create(header(n), None, None).unwrap().id;
            assert_eq!(single.create(header(n), None, None).unwrap().id, id);
            id
        })
        .collect();
    for _round in 0..5 {
        let requests: Vec<(String, Append)> = ids
            .iter()
            .map(|id| (id.clone(), one(first_legal(grouped, id))))
            .collect();
        let outcomes = grouped.append_group(&requests).unwrap();
        for ((id, request), outcome) in requests.iter().zip(outcomes) {
            let alone = single.append(id, request).unwrap();
            assert_eq!(outcome.unwrap(), alone);
            assert_eq!(grouped.head(id).unwrap(), single.head(id).unwrap());
        }
    }
    for id in &ids {
        assert_eq!(grouped.record(id).unwrap(), single.record(id).unwrap());
    }
    whole(grouped);
    assert!(grouped.append_group(&[]).unwrap().is_empty());
}

fn a_refused_request_leaves_no_trace_and_spoils_no_other(kind: Kind) {
    let Some(scratch_store) = Scratch::new(kind) else {
        return;
    };
    let store = &*scratch_store;
    let ids: Vec<String> = (1..=5)
        .map(|n| store.create(header(n), None, None).unwrap().id)
        .collect();
    for id in &ids {
        store.append(id, &one(first_legal(store, id))).unwrap();
    }
    let before: Vec<_> = ids.iter().map(|id| store.head(id).unwrap()).collect();
    let records: Vec<_> = ids.iter().map(|id| store.record(id).unwrap()).collect();
    let stale = Append {
        expect: Some([7; 32]),
        ..one(first_legal(store, &ids[2]))
    };
    // Seat 1's command sent with seat 0's token, or the other way round.
    let turn = store.replay(&ids[3], None).unwrap().turn();
    let not_mine = match turn {
        Turn::Seat { seat } => 1 - seat,
        other => panic!("senet waits for {other:?}"),
    };
    let forbidden = Append {
        as_seat: Some(not_mine),
        key: Some("k".into()),
        ..one(first_legal(store, &ids[3]))
    };
    let requests = vec![
        (ids[0].clone(), one(first_legal(store, &ids[0]))),
        (ids[1].clone(), one("no such move".into())),
        (ids[2].clone(), stale),
        (ids[3].clone(), forbidden),
        ("00".repeat(16), one("1".into())),
        (ids[4].clone(), one(first_legal(store, &ids[4]))),
    ];
    let outcomes = store.append_group(&requests).unwrap();
    assert_eq!(outcomes.len(), 6);
    assert_eq!(outcomes[0].as_ref().unwrap().seq, before[0].0 + 1);
    assert!(
        matches!(outcomes[1], Err(AppendError::Rejected(_))),
        "{:?}",
        outcomes[1]
    );
    assert!(
        matches!(outcomes[2], Err(AppendError::Conflict { actual, .. }) if actual == before[2].1),
        "{:?}",
        outcomes[2]
    );
    assert!(
        matches!(outcomes[3], Err(AppendError::Forbidden { .. })),
        "{:?}",
        outcomes[3]
    );
    assert!(
        matches!(outcomes[4], Err(AppendError::NotFound(_))),
        "{:?}",
        outcomes[4]
    );
    assert_eq!(outcomes[5].as_ref().unwrap().seq, before[4].0 + 1);
    for n in 1..=3 {
        assert_eq!(store.head(&ids[n]).unwrap(), before[n], "record {n} moved");
        assert_eq!(store.record(&ids[n]).unwrap(), records[n]);
    }
    // The refused request's key was not kept: sent as the right seat, it is entered.
    let mine = Append {
        as_seat: Some(1 - not_mine),
        key: Some("k".into()),
        ..one(first_legal(store, &ids[3]))
    };
    let answer = store.append(&ids[3], &mine).unwrap();
    assert!(!answer.replayed);
    whole(store);
}

fn requests_to_one_record_in_one_group_see_each_other(kind: Kind) {
    let Some(scratch_store) = Scratch::new(kind) else {
        return;
    };
    let store = &*scratch_store;
    let id = store.create(header(9), None, None).unwrap().id;
    let (seq, head) = store.head(&id).unwrap();
    // Senet's first move, as two recorders would send it against the same head.
    let first = first_legal(store, &id);
    let racing = |key: Option<&str>| Append {
        expect: Some(head),
        key: key.map(String::from),
        ..one(first.clone())
    };
    let requests = vec![
        (id.clone(), racing(Some("a"))),
        (id.clone(), racing(Some("b"))),
        (id.clone(), racing(Some("a"))),
        (
            id.clone(),
            Append {
                key: Some("a".into()),
                ..one(first.clone())
            },
        ),
    ];
    let outcomes = store.append_group(&requests).unwrap();
    let won = outcomes[0].as_ref().unwrap().clone();
    assert_eq!(won.seq, seq + 1);
    match &outcomes[1] {
        Err(AppendError::Conflict { actual_seq, actual, .. }) => {
            assert_eq!((*actual_seq, *actual), (won.seq, won.head))
        }
        other => panic!("the second racer should conflict: {other:?}"),
    }
    let retried = outcomes[2].as_ref().unwrap();
    assert!(retried.replayed);
    assert_eq!(
        (retried.seq, retried.head, &retried.lines),
        (won.seq, won.head, &won.lines)
    );
    assert!(
        matches!(outcomes[3], Err(AppendError::KeyReused(_))),
        "{:?}",
        outcomes[3]
    );
    assert_eq!(store.head(&id).unwrap(), (won.seq, won.head));

    // Without an expected head, each request of the group goes after the one before.
    let mut requests = Vec::new();
    let mut replay = store.replay(&id, None).unwrap();
    for _ in 0..3 {
        let command = replay.current().legal().unwrap().remove(0);
        replay.play(None, &command, None).unwrap();
        requests.push((id.clone(), one(command)));
    }
    let outcomes = store.append_group(&requests).unwrap();
    let seqs: Vec<u64> = outcomes.iter().map(|o| o.as_ref().unwrap().seq).collect();
    assert_eq!(seqs, [won.seq + 1, won.seq + 2, won.seq + 3]);
    assert_eq!(store.head(&id).unwrap(), (won.seq + 3, replay.head()));
    whole(store);
}

fn a_seeded_game_ended_in_a_group_reveals_its_seed(kind: Kind) {
    let Some(scratch_store) = Scratch::new(kind) else {
        return;
    };
    let store = &*scratch_store;
    let seed = b"group seed";
    let mut h = header(3);
    h.chance = ChanceMode::Seeded {
        commitment: commitment(seed),
    };
    let id = store.create(h, Some(seed), None).unwrap().id;
    let other = store.create(header(4), None, None).unwrap().id;
    let mut groups = 0;
    while !matches!(store.replay(&id, None).unwrap().turn(), Turn::Over { .. }) {
        let requests = vec![
            (other.clone(), one("no such move".into())),
            (id.clone(), one(first_legal(store, &id))),
            (
                other.clone(),
                Append {
                    commands: vec![(Some(Actor::Chance), "9".into())],
                    ..Append::default()
                },
            ),
        ];
        let outcomes = store.append_group(&requests).unwrap();
        assert!(outcomes[0].is_err() && outcomes[1].is_ok() && outcomes[2].is_err());
        groups += 1;
        assert!(groups < 5_000, "the game does not end");
    }
    let record = store.record(&id).unwrap();
    assert!(record.entries.last().unwrap().command.starts_with("reveal "));
    let report = store.audit(&id).unwrap();
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert_eq!(report.seed, SeedCheck::Checked);
    assert_eq!(store.head(&other).unwrap().0, 0);
    whole(store);
}

/// 100 records, then three groups of an append to each (cold in the first group, warm after),
/// so that the log's first tile fills in the middle of the second: every leaf is logged where
/// the appends' order puts it (the roots checked against leaves made from the records apart).
/// In the groups, a correction (which reads the record's whole log in the group's transaction),
/// and a keyed request then its retry (which adds nothing).
#[test]
fn a_group_that_fills_a_log_tile_logs_every_leaf_in_order() {
    let scratch = Scratch::new(Kind::Redb).expect("redb");
    let store = &*scratch;
    let ids: Vec<String> = (1..=100)
        .map(|n| store.create(header(n), None, None).unwrap().id)
        .collect();
    let mut logged: Vec<(String, u64)> = ids.iter().map(|id| (id.clone(), 0)).collect();
    let keyed = |command: String| Append {
        key: Some("once".into()),
        ..one(command)
    };
    let mut retry = None;
    for round in 0..3 {
        let mut requests: Vec<(String, Append)> = Vec::new();
        for (n, id) in ids.iter().enumerate() {
            let request = match (round, n) {
                (1, 3) => keyed(first_legal(store, id)),
                (2, 3) => Append {
                    commands: vec![(Some(Actor::Arbiter), "correct 1 a slip".into())],
                    ..Append::default()
                },
                _ => one(first_legal(store, id)),
            };
            requests.push((id.clone(), request));
        }
        if let Some(again) = retry.take() {
            requests.insert(50, again);
        }
        let outcomes = store.append_group(&requests).unwrap();
        for ((id, request), outcome) in requests.iter().zip(outcomes) {
            let appended = outcome.unwrap_or_else(|e| panic!("round {round}, {id}: {e}"));
            if appended.replayed {
                continue;
            }
            let first = appended.seq + 1 - appended.lines.len() as u64;
            logged.extend((first..=appended.seq).map(|seq| (id.clone(), seq)));
            if request.key.is_some() {
                retry = Some((id.clone(), request.clone()));
            }
        }
    }
    assert!(retry.is_none(), "the retry was sent");
    assert!(logged.len() > 300, "{} leaves", logged.len());
    let chains: std::collections::BTreeMap<&String, Vec<kifu_tlog::Hash>> =
        ids.iter().map(|id| (id, store.record(id).unwrap().hashes())).collect();
    let leaves: Vec<kifu_tlog::Hash> = logged
        .iter()
        .map(|(id, seq)| leaf::hash(id, *seq, &chains[id][*seq as usize]))
        .collect();
    let size = store.log_size().unwrap();
    assert_eq!(size, leaves.len() as u64);
    for n in [1, 100, 255, 256, 257, 300, size] {
        assert_eq!(
            store.log_root(n).unwrap(),
            merkle::root(&leaves[..n as usize]),
            "root of {n}"
        );
    }
    let corrected = store.record(&ids[3]).unwrap();
    assert!(corrected.entries.last().unwrap().command.starts_with("correct 1"));
    whole(store);
}

on_both!(
    a_group_stores_what_the_same_appends_one_after_another_would,
    a_refused_request_leaves_no_trace_and_spoils_no_other,
    requests_to_one_record_in_one_group_see_each_other,
    a_seeded_game_ended_in_a_group_reveals_its_seed,
);
