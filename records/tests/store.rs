//! The store's promises, on Senet: appends against an expected head, idempotency keys,
//! all-or-nothing batches, seeded chance with its reveal, lists, import, reopening the file.
//! Commands are picked from `legal()`, so these tests do not depend on Senet's notation.

use kifu_core::chance::commitment;
use kifu_core::record::{ChanceMode, Header};
use kifu_core::replay::{Checked, SeedCheck};
use kifu_core::rules::Turn;
use kifu_records::{Append, AppendError, Filter, ImportOutcome, RecordStore};

mod backends;
use backends::{Kind, Scratch};

fn header(chance: ChanceMode, created: &str) -> Header {
    let mut h = Header::new("senet", 1, vec!["Ani".into(), "Hunefer".into()], chance);
    h.created = Some(created.into());
    h.tags.insert("Event".into(), "Club night".into());
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

fn appends_advance_the_head_and_read_back(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let created = store.create(header(ChanceMode::Observed, "t1"), None, None).unwrap();
    assert_eq!(created.seq, 0);
    for n in 1..=6 {
        let command = first_legal(store, &created.id);
        let answer = store.append(&created.id, &one(command)).unwrap();
        assert_eq!(answer.seq, n);
        assert_eq!(store.head(&created.id).unwrap(), (n, answer.head));
    }
    let record = store.record(&created.id).unwrap();
    assert_eq!(record.entries.len(), 6);
    assert_eq!(record.head().1, store.head(&created.id).unwrap().1);
    let report = store.audit(&created.id).unwrap();
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert_eq!(report.seed, SeedCheck::NotSeeded);
}

fn a_stale_head_is_a_conflict_and_changes_nothing(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let id = store.create(header(ChanceMode::Observed, "t2"), None, None).unwrap().id;
    let (_, before) = store.head(&id).unwrap();
    store.append(&id, &one(first_legal(store, &id))).unwrap();
    let (seq, now) = store.head(&id).unwrap();
    let stale = Append {
        expect: Some(before),
        ..one(first_legal(store, &id))
    };
    match store.append(&id, &stale) {
        Err(AppendError::Conflict {
            expected,
            actual_seq,
            actual,
        }) => {
            assert_eq!((expected, actual_seq, actual), (before, seq, now));
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert_eq!(store.head(&id).unwrap(), (seq, now));
    let fresh = Append {
        expect: Some(now),
        ..one(first_legal(store, &id))
    };
    assert_eq!(store.append(&id, &fresh).unwrap().seq, seq + 1);
}

fn a_retry_with_the_same_key_gets_the_first_answer(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let id = store.create(header(ChanceMode::Observed, "t3"), None, None).unwrap().id;
    let request = Append {
        key: Some("tablet-7/41".into()),
        ..one(first_legal(store, &id))
    };
    let first = store.append(&id, &request).unwrap();
    let again = store.append(&id, &request).unwrap();
    assert!(again.replayed && !first.replayed);
    assert_eq!(
        (again.seq, again.head, &again.lines),
        (first.seq, first.head, &first.lines)
    );
    assert_eq!(store.head(&id).unwrap().0, first.seq);
    let other = Append {
        key: Some("tablet-7/41".into()),
        ..one(first_legal(store, &id))
    };
    let other = Append {
        commands: vec![(None, "not a move".into())],
        ..other
    };
    assert!(matches!(store.append(&id, &other), Err(AppendError::KeyReused(_))));
}

fn a_batch_is_all_or_nothing(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let id = store.create(header(ChanceMode::Observed, "t4"), None, None).unwrap().id;
    let head = store.head(&id).unwrap();
    let batch = Append {
        commands: vec![(None, first_legal(store, &id)), (None, "7 7 7".into())],
        ..Append::default()
    };
    match store.append(&id, &batch) {
        Err(AppendError::Rejected(failure)) => {
            assert_eq!(failure.seq, 2);
            assert_eq!(failure.command.as_deref(), Some("7 7 7"));
        }
        other => panic!("expected a rejection, got {other:?}"),
    }
    assert_eq!(store.head(&id).unwrap(), head);
    assert!(store.record(&id).unwrap().entries.is_empty());
}

fn a_seeded_game_draws_chance_itself_and_reveals_the_seed_at_the_end(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let seed = b"club night seed";
    let h = header(
        ChanceMode::Seeded {
            commitment: commitment(seed),
        },
        "t5",
    );
    let created = store.create(h, Some(seed), None).unwrap();
    assert!(
        !created.entries.is_empty(),
        "Senet opens with a throw, drawn at creation"
    );
    let mut moves = 0;
    while !matches!(store.replay(&created.id, None).unwrap().turn(), Turn::Over { .. }) {
        let answer = store
            .append(&created.id, &one(first_legal(store, &created.id)))
            .unwrap();
        // The typed command is a player's; the throws after it were drawn by kifu.
        assert_ne!(answer.lines[0].split(' ').nth(1), Some("chance"), "{:?}", answer.lines);
        moves += 1;
        assert!(moves < 5_000, "the game does not end");
    }
    let record = store.record(&created.id).unwrap();
    let last = record.entries.last().unwrap();
    assert!(last.command.starts_with("reveal "), "{}", last.canonical_line());
    let report = store.audit(&created.id).unwrap();
    assert!(report.failure.is_none(), "{:?}", report.failure);
    assert_eq!(report.seed, SeedCheck::Checked);
}

fn chance_cannot_be_typed_into_a_seeded_record(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let seed = b"s";
    let id = store
        .create(
            header(
                ChanceMode::Seeded {
                    commitment: commitment(seed),
                },
                "t6",
            ),
            Some(seed),
            None,
        )
        .unwrap()
        .id;
    let head = store.head(&id).unwrap();
    // Whoever is to act, a chance entry typed by hand is refused.
    let r = store.append(
        &id,
        &Append {
            commands: vec![(Some(kifu_core::Actor::Chance), "1".into())],
            ..Append::default()
        },
    );
    assert!(matches!(r, Err(AppendError::Rejected(_))), "{r:?}");
    assert_eq!(store.head(&id).unwrap(), head);
}

fn a_wrong_seed_is_refused_at_creation(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let h = header(
        ChanceMode::Seeded {
            commitment: commitment(b"one"),
        },
        "t7",
    );
    assert!(store.create(h, Some(b"two"), None).is_err());
    assert!(store.list(&Filter::default()).unwrap().is_empty());
}

fn lists_by_game_player_and_tag(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let a = store.create(header(ChanceMode::Observed, "a"), None, None).unwrap().id;
    let mut other = header(ChanceMode::Observed, "b");
    other.players = vec!["Ani".into(), "Meryt".into()];
    other.tags.clear();
    let b = store.create(other, None, None).unwrap().id;
    let ids = |f: Filter| store.list(&f).unwrap().into_iter().map(|s| s.id).collect::<Vec<_>>();
    let mut both = vec![a.clone(), b.clone()];
    both.sort();
    assert_eq!(ids(Filter::default()), both);
    assert_eq!(
        ids(Filter {
            game: Some("senet".into()),
            ..Filter::default()
        })
        .len(),
        2
    );
    assert_eq!(
        ids(Filter {
            game: Some("chess".into()),
            ..Filter::default()
        }),
        Vec::<String>::new()
    );
    assert_eq!(
        ids(Filter {
            player: Some("Meryt".into()),
            ..Filter::default()
        }),
        vec![b.clone()]
    );
    assert_eq!(
        ids(Filter {
            tag: Some("Event=Club night".into()),
            ..Filter::default()
        }),
        vec![a.clone()]
    );
    assert_eq!(
        ids(Filter {
            player: Some("Ani".into()),
            tag: Some("Event=Club night".into()),
            ..Filter::default()
        }),
        vec![a]
    );
}

fn the_same_header_twice_makes_two_records_but_the_same_id_is_refused(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let first = store.create(header(ChanceMode::Observed, "same"), None, None).unwrap();
    let second = store.create(header(ChanceMode::Observed, "same"), None, None).unwrap();
    assert_ne!(first.id, second.id, "each new record gets its own random id");
    assert_eq!(first.id.len(), 32);
    let mut again = header(ChanceMode::Observed, "same");
    again.id = store.header(&first.id).unwrap().id;
    assert!(matches!(
        store.create(again, None, None),
        Err(kifu_records::CreateError::Exists(_))
    ));
}

fn import_stores_checked_records_and_skips_what_is_there(kind: Kind) {
    let Some(scratch_source) = Scratch::new(kind) else {
        return;
    };
    let source = &*scratch_source;
    let id = source
        .create(header(ChanceMode::Observed, "imp"), None, None)
        .unwrap()
        .id;
    for _ in 0..10 {
        source.append(&id, &one(first_legal(source, &id))).unwrap();
    }
    let record = source.record(&id).unwrap();
    let mut broken = record.clone();
    broken.header.created = Some("other".into());
    broken.entries[3].command = "nonsense".into();
    let failure = Checked::new(kifu_games::registry(), broken).unwrap_err();
    assert_eq!(
        failure.seq, 4,
        "a record that does not replay cannot be handed to import"
    );
    let Some(scratch_target) = Scratch::new(kind) else {
        return;
    };
    let target = &*scratch_target;
    let checked = Checked::new(kifu_games::registry(), record.clone()).unwrap();
    let report = target
        .import(std::slice::from_ref(&checked), 1, false, &mut |_| {})
        .unwrap();
    assert_eq!(
        report.outcomes,
        vec![ImportOutcome::Stored {
            id: id.clone(),
            relation: None
        }]
    );
    assert_eq!(target.record(&id).unwrap(), record);
    assert_eq!(target.head(&id).unwrap(), source.head(&id).unwrap());
    assert!(target.audit(&id).unwrap().failure.is_none());
    // The derived snapshot is the replay's: the next append resumes from it.
    target.append(&id, &one(first_legal(target, &id))).unwrap();
    let again = target.import(&[checked], 10, false, &mut |_| {}).unwrap();
    assert_eq!(again.outcomes, vec![ImportOutcome::Contained { id, more: 1 }]);
}

fn the_store_reopens_where_it_was(kind: Kind) {
    let Some(mut scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let id = store
        .create(header(ChanceMode::Observed, "reopen"), None, None)
        .unwrap()
        .id;
    store.append(&id, &one(first_legal(store, &id))).unwrap();
    let head = store.head(&id).unwrap();
    scratch.reopen();
    let store = &*scratch;
    assert_eq!(store.head(&id).unwrap(), head);
    let next = store
        .append(
            &id,
            &Append {
                expect: Some(head.1),
                ..one(first_legal(store, &id))
            },
        )
        .unwrap();
    assert_eq!(next.seq, head.0 + 1);
}

fn ids_resolve_from_unique_prefixes(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let id = store.create(header(ChanceMode::Observed, "p"), None, None).unwrap().id;
    assert_eq!(store.resolve(&id[..6]).unwrap(), id);
    assert_eq!(store.resolve(&id.to_uppercase()).unwrap(), id);
    assert!(store.resolve("zz").is_err());
    assert!(store.resolve("0000000000000").is_err());
}

on_both!(
    appends_advance_the_head_and_read_back,
    a_stale_head_is_a_conflict_and_changes_nothing,
    a_retry_with_the_same_key_gets_the_first_answer,
    a_batch_is_all_or_nothing,
    a_seeded_game_draws_chance_itself_and_reveals_the_seed_at_the_end,
    chance_cannot_be_typed_into_a_seeded_record,
    a_wrong_seed_is_refused_at_creation,
    lists_by_game_player_and_tag,
    the_same_header_twice_makes_two_records_but_the_same_id_is_refused,
    import_stores_checked_records_and_skips_what_is_there,
    ids_resolve_from_unique_prefixes,
    the_store_reopens_where_it_was,
);
