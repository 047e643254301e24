//! Records' rows keyed by a number given in storing order (`record_numbers`): a store of each
//! earlier layout (rows keyed by id; heads and statuses apart too; entries one a row too) is
//! moved on its first writable open (a reader's too) and reads, appends and proves as it did;
//! a kifu from before numbering fails to open a moved store; numbers follow the storing order
//! across reopenings and imports. Earlier layouts are made with raw redb (`layouts`).

use std::path::Path;

use kifu_core::chance::{commitment, ChanceRng};
use kifu_core::format::build_checked;
use kifu_core::record::{chain_step, header_hash, Actor, ChanceMode, Header};
use kifu_core::replay::Checked;
use kifu_records::{Append, Appended, Filter, ImportOutcome, Relation, Store, Token};
use redb::{ReadableDatabase, ReadableTable, TableError};

mod layouts;
use layouts::by_id;

fn senet(chance: ChanceMode) -> Header {
    Header::new("senet", 1, vec!["Ani".into(), "Hunefer".into()], chance)
}

/// Appends `moves` moves to record `id`, each picked from the legal ones by `salt`.
fn play(store: &Store, id: &str, moves: u64, salt: u64) {
    for step in 0..moves {
        let legal = store.replay(id, None).unwrap().current().legal().unwrap();
        let pick =
            legal[ChanceRng::for_entry(b"numbering", salt * 1000 + step).below(legal.len() as u64) as usize].clone();
        let request = Append {
            commands: vec![(None, pick)],
            ..Append::default()
        };
        store.append(id, &request).unwrap();
    }
}

fn chess_games(count: usize) -> Vec<Checked> {
    let pgn = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/pgn/oracle_python_chess.pgn"
    ))
    .unwrap();
    kifu_games::format("pgn")
        .unwrap()
        .read(&pgn)
        .into_iter()
        .take(count)
        .map(|d| build_checked(kifu_games::registry(), &d.unwrap(), None).unwrap())
        .collect()
}

/// `checked`'s first `entries` entries, under its own id or (`other_id`) another.
fn cut(checked: &Checked, entries: usize, other_id: Option<u8>) -> Checked {
    let mut record = checked.record().clone();
    record.entries.truncate(entries);
    if let Some(byte) = other_id {
        record.header.id = Some([byte; 16]);
    }
    Checked::new(kifu_games::registry(), record).unwrap()
}

/// What the test stored: the record with tokens and a keyed append, the seeded one, and the
/// keyed append's request and answer.
struct Written {
    tokened: String,
    seeded: String,
    tokens: Vec<(Actor, Token)>,
    keyed: Append,
    answer: Appended,
}

/// A store written by today's code: an observed Senet game with tokens, played on with an
/// idempotency key; a seeded one in play (its seed kept secret); a fresh one; three imported
/// chess games.
fn written_today(path: &Path) -> Written {
    let store = Store::open(path, kifu_games::registry()).unwrap();
    let tokens: Vec<(Actor, Token)> = [Actor::Arbiter, Actor::Seat(0), Actor::Seat(1)]
        .into_iter()
        .map(|actor| (actor, Token::random().unwrap()))
        .collect();
    let tokened = store
        .create_with_tokens(senet(ChanceMode::Observed), None, None, &tokens)
        .unwrap()
        .id;
    play(&store, &tokened, 6, 1);
    let legal = store.replay(&tokened, None).unwrap().current().legal().unwrap();
    let keyed = Append {
        commands: vec![(None, legal[0].clone())],
        key: Some("retry-me".into()),
        ..Append::default()
    };
    let answer = store.append(&tokened, &keyed).unwrap();
    play(&store, &tokened, 2, 2);
    let seed = b"numbering seed";
    let seeded = store
        .create(
            senet(ChanceMode::Seeded {
                commitment: commitment(seed),
            }),
            Some(seed),
            None,
        )
        .unwrap()
        .id;
    play(&store, &seeded, 5, 3);
    store.create(senet(ChanceMode::Observed), None, None).unwrap();
    store.import(&chess_games(3), 10, false, |_| {}).unwrap();
    Written {
        tokened,
        seeded,
        tokens,
        keyed,
        answer,
    }
}

/// Everything a user or verifier sees of the store, as text to compare: each record's summary,
/// head, whole record and audit, its tokens and seed; the log's size and root.
fn seen(store: &Store) -> Vec<String> {
    let mut out = Vec::new();
    for summary in store.list(&Filter::default()).unwrap() {
        let id = &summary.id;
        let audit = store.audit(id).unwrap();
        assert!(audit.failure.is_none(), "{id}: {:?}", audit.failure);
        let extras = store.extras(id).unwrap();
        out.push(format!(
            "{summary:?} {:?} {:?} {:?} {:?}",
            store.head(id).unwrap(),
            store.record(id).unwrap(),
            extras.tokens,
            extras.seed
        ));
    }
    let size = store.log_size().unwrap();
    out.push(format!("log {size} {:?}", store.log_root(size).unwrap()));
    out
}

#[derive(Debug, Clone, Copy)]
enum Earlier {
    /// Rows keyed by the record's id (the layout just before numbering).
    ById,
    /// And the head and the status in two tables.
    HeadsApart,
    /// And entries one a row, not in blocks.
    EntriesOneARow,
}

fn make_earlier(path: &Path, layout: Earlier) {
    layouts::unnumber(path);
    if matches!(layout, Earlier::HeadsApart | Earlier::EntriesOneARow) {
        layouts::split_heads(path);
    }
    if matches!(layout, Earlier::EntriesOneARow) {
        layouts::entries_one_a_row(path, chain_step, header_hash);
    }
}

#[test]
fn every_earlier_layout_is_moved_to_numbers_and_reads_appends_and_proves_as_it_did() {
    for layout in [Earlier::ById, Earlier::HeadsApart, Earlier::EntriesOneARow] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.redb");
        let written = written_today(&path);
        let before = seen(&Store::open_read_only(&path, kifu_games::registry()).unwrap());
        make_earlier(&path, layout);
        let size_before = std::fs::metadata(&path).unwrap().len();
        let names = layouts::table_names(&path);
        assert!(!names.iter().any(|n| n == "record_numbers"), "{layout:?}: {names:?}");
        {
            // The id-keyed tables are what an earlier kifu reads.
            let db = redb::Database::open(&path).unwrap();
            let txn = db.begin_read().unwrap();
            txn.open_table(by_id::HEADERS).unwrap();
            txn.open_table(by_id::TOKENS).unwrap();
        }

        // A reader opens it for writing once, which moves it; everything reads as before.
        let reader = Store::open_read_only(&path, kifu_games::registry()).unwrap();
        assert_eq!(seen(&reader), before, "{layout:?}");
        drop(reader);
        // The copy's room given back once moved: the file is no larger than it was.
        let size_after = std::fs::metadata(&path).unwrap().len();
        assert!(
            size_after <= size_before,
            "{layout:?}: {size_before} bytes, then {size_after}"
        );
        let names = layouts::table_names(&path);
        for gone in ["heads", "status", "entries"] {
            assert!(!names.iter().any(|n| n == gone), "{layout:?}: {names:?}");
        }
        assert!(!names.iter().any(|n| n.ends_with(".by_id")), "{layout:?}: {names:?}");
        // Numbers were given in id order (the order the old tables held the records).
        let numbers = layouts::numbers(&path);
        assert_eq!(numbers.len(), 6, "{layout:?}");
        assert!(numbers.values().copied().eq(0..6), "{layout:?}: {numbers:?}");

        // A writer: the key's retry gets its first answer, tokens and the seed serve, play
        // goes on (the seeded game draws from its kept seed), and nothing is moved twice.
        let store = Store::open(&path, kifu_games::registry()).unwrap();
        let retried = store.append(&written.tokened, &written.keyed).unwrap();
        assert!(retried.replayed, "{layout:?}");
        assert_eq!((retried.seq, retried.head), (written.answer.seq, written.answer.head));
        for (actor, token) in &written.tokens {
            assert_eq!(
                store.bearer(&written.tokened, token).unwrap(),
                Some(*actor),
                "{layout:?}"
            );
        }
        play(&store, &written.tokened, 3, 4);
        play(&store, &written.seeded, 3, 5);
        let fresh = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
        assert_eq!(
            layouts::numbers(&path)[&fresh],
            6,
            "the next number after the moved ones"
        );
        let check = store.check_all(|_, _| {}).unwrap();
        assert_eq!(check.records, 7);
        assert!(check.damaged.is_empty(), "{layout:?}: {:?}", check.damaged);
        let after = seen(&store);
        drop(store);
        assert_eq!(seen(&Store::open(&path, kifu_games::registry()).unwrap()), after);
    }
}

#[test]
fn a_kifu_from_before_numbering_fails_to_open_a_moved_store() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    written_today(&path);
    make_earlier(&path, Earlier::ById);
    drop(Store::open(&path, kifu_games::registry()).unwrap());
    let db = redb::Database::create(&path).unwrap();
    let mismatch = |opened: Result<(), TableError>, name: &str| match opened {
        Err(TableError::TableTypeMismatch { .. }) => {}
        other => panic!("table {name} opened with the id-keyed types: {other:?}"),
    };
    // What an earlier kifu's reader opens, then what its writer opens (every table it knows).
    let txn = db.begin_read().unwrap();
    mismatch(txn.open_table(by_id::HEADERS).map(drop), "headers");
    mismatch(txn.open_table(by_id::HEADS).map(drop), "record_heads");
    drop(txn);
    let txn = db.begin_write().unwrap();
    mismatch(txn.open_table(by_id::HEADERS).map(drop), "headers");
    mismatch(txn.open_table(by_id::BLOCKS).map(drop), "entry_blocks");
    mismatch(txn.open_table(by_id::HEADS).map(drop), "record_heads");
    mismatch(txn.open_table(by_id::SNAPSHOTS).map(drop), "snapshots");
    mismatch(txn.open_table(by_id::SECRETS).map(drop), "secrets");
    mismatch(txn.open_table(by_id::KEYS).map(drop), "idempotency");
    mismatch(txn.open_table(by_id::TOKENS).map(drop), "tokens");
    mismatch(txn.open_table(by_id::BY_GAME).map(drop), "by_game");
    mismatch(txn.open_table(by_id::BY_PLAYER).map(drop), "by_player");
    mismatch(txn.open_table(by_id::BY_TAG).map(drop), "by_tag");
    mismatch(txn.open_table(by_id::BY_CONTENT).map(drop), "by_content");
    txn.abort().unwrap();
}

#[test]
fn numbers_follow_the_storing_order_and_a_reopened_store_continues_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    let mut stored = Vec::new();
    {
        let store = Store::open(&path, kifu_games::registry()).unwrap();
        for _ in 0..5 {
            stored.push(store.create(senet(ChanceMode::Observed), None, None).unwrap().id);
        }
    }
    {
        let store = Store::open(&path, kifu_games::registry()).unwrap();
        for _ in 0..3 {
            stored.push(store.create(senet(ChanceMode::Observed), None, None).unwrap().id);
        }
        let report = store.import(&chess_games(4), 3, false, |_| {}).unwrap();
        for outcome in report.outcomes {
            match outcome {
                ImportOutcome::Stored { id, .. } => stored.push(id),
                other => panic!("{other:?}"),
            }
        }
    }
    let numbers = layouts::numbers(&path);
    assert_eq!(numbers.len(), stored.len());
    for (number, id) in stored.iter().enumerate() {
        assert_eq!(numbers[id], number as u64, "record {id}, stored {number}th");
    }
    // Ids are random and content-made: the storing order is not theirs.
    let mut by_id = stored.clone();
    by_id.sort();
    assert_ne!(by_id, stored);
    // The list is by id whatever the numbers.
    let store = Store::open_read_only(&path, kifu_games::registry()).unwrap();
    let listed: Vec<String> = store
        .list(&Filter::default())
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(listed, by_id);
}

#[test]
fn an_import_into_a_store_that_holds_records_extends_them_by_id_and_by_content() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    let games = chess_games(12);
    let long = |c: &&Checked| c.record().entries.len() >= 20;
    let store = Store::open(&path, kifu_games::registry()).unwrap();
    let created = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
    play(&store, &created, 4, 6);
    // Stored first: two games, one cut short under its own id, one under another id.
    let whole: Vec<&Checked> = games[..11].iter().filter(long).take(2).collect();
    let (same, other) = (whole[0], whole[1]);
    let first = vec![games[11].clone(), cut(same, 10, None), cut(other, 10, Some(7))];
    store.import(&first, 10, false, |_| {}).unwrap();
    let numbers_before = layouts::numbers(&path);
    assert_eq!(numbers_before.len(), 4);

    // Then, with `extend`: both whole, one already stored, and new games.
    let mut second = vec![same.clone(), other.clone(), games[11].clone()];
    second.extend(
        games[..6]
            .iter()
            .filter(|c| !whole.iter().any(|w| w.record().id() == c.record().id()))
            .cloned(),
    );
    let report = store.import(&second, 2, true, |_| {}).unwrap();
    let other_stored = cut(other, 10, Some(7)).record().id();
    assert_eq!(
        report.outcomes[0],
        ImportOutcome::Extended {
            id: same.record().id(),
            from: 10,
            to: same.record().entries.len() as u64
        }
    );
    assert_eq!(
        report.outcomes[1],
        ImportOutcome::Extended {
            id: other_stored.clone(),
            from: 10,
            to: other.record().entries.len() as u64
        }
    );
    assert_eq!(
        report.outcomes[2],
        ImportOutcome::Exists {
            id: games[11].record().id()
        }
    );
    assert!(report.outcomes[3..]
        .iter()
        .all(|o| matches!(o, ImportOutcome::Stored { .. })));
    // The extended records are whole now, each under its number; new ones got the next numbers.
    assert_eq!(
        store.record(&same.record().id()).unwrap().entries,
        same.record().entries
    );
    assert_eq!(store.record(&other_stored).unwrap().entries, other.record().entries);
    let numbers = layouts::numbers(&path);
    for (id, number) in &numbers_before {
        assert_eq!(numbers[id], *number, "{id} keeps its number");
    }
    let new = report.outcomes.len() - 3;
    assert_eq!(numbers.len(), 4 + new);
    assert!(numbers
        .values()
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .eq(0..(4 + new) as u64));
    // Importing a cut copy under yet another id now names the extended record as containing it.
    let report = store.import(&[cut(other, 12, Some(8))], 1, false, |_| {}).unwrap();
    assert!(matches!(
        &report.outcomes[0],
        ImportOutcome::Stored { relation: Some(Relation::PrefixOf { of, .. }), .. } if *of == other_stored
    ));
    // Lists narrowed by several indexes at once give the records every one names, by id.
    let white = same.record().header.players[0].clone();
    let narrowed = store
        .list(&Filter {
            game: Some("chess".into()),
            player: Some(white.clone()),
            tag: None,
        })
        .unwrap();
    let mut expected: Vec<String> = store
        .list(&Filter::default())
        .unwrap()
        .into_iter()
        .filter(|s| s.game == "chess" && s.players.contains(&white))
        .map(|s| s.id)
        .collect();
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(narrowed.into_iter().map(|s| s.id).collect::<Vec<_>>(), expected);
    let check = store.check_all(|_, _| {}).unwrap();
    assert!(check.damaged.is_empty(), "{:?}", check.damaged);
}

#[test]
fn rows_of_no_record_are_not_moved_and_never_meet_a_new_record() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    written_today(&path);
    make_earlier(&path, Earlier::ById);
    // A block and an idempotency key of an id with neither a header nor a head row: nothing
    // ever read them.
    let stray = "ffffffffffffffffffffffffffffffff";
    {
        let db = redb::Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        txn.open_table(by_id::BLOCKS)
            .unwrap()
            .insert((stray, 129), ([3; 32], b"not a block".as_slice()))
            .unwrap();
        txn.open_table(by_id::KEYS)
            .unwrap()
            .insert((stray, "k"), ([4; 32], "{}"))
            .unwrap();
        txn.commit().unwrap();
    }
    let store = Store::open(&path, kifu_games::registry()).unwrap();
    assert!(!layouts::numbers(&path).contains_key(stray));
    // The next record gets the next number, and none of the stray rows.
    let id = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
    assert_eq!(layouts::numbers(&path)[&id], 6);
    play(&store, &id, 3, 7);
    assert_eq!(store.record(&id).unwrap().entries.len(), 3);
    let check = store.check_all(|_, _| {}).unwrap();
    assert_eq!(check.records, 7);
    assert!(check.damaged.is_empty(), "{:?}", check.damaged);
}

#[test]
fn a_record_without_its_head_row_is_stored_anew_under_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    let games = chess_games(2);
    let id = games[0].record().id();
    drop(
        Store::open(&path, kifu_games::registry())
            .unwrap()
            .import(&games, 10, false, |_| {})
            .unwrap(),
    );
    let number = layouts::number_of(&path, &id);
    {
        let db = redb::Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        txn.open_table(layouts::numbered::HEADS)
            .unwrap()
            .remove(number)
            .unwrap();
        txn.commit().unwrap();
    }
    let store = Store::open(&path, kifu_games::registry()).unwrap();
    assert!(store.record(&id).is_err(), "damaged");
    let report = store.import(&games[..1], 10, false, |_| {}).unwrap();
    assert!(matches!(&report.outcomes[0], ImportOutcome::Stored { id: stored, .. } if *stored == id));
    assert_eq!(store.record(&id).unwrap().entries, games[0].record().entries);
    assert_eq!(layouts::numbers(&path)[&id], number, "under the number it had");
    let check = store.check_all(|_, _| {}).unwrap();
    assert_eq!(check.records, 2);
    assert!(check.damaged.is_empty(), "{:?}", check.damaged);
}

#[test]
fn a_record_whose_number_was_swapped_with_another_s_fails_its_audit_and_names_why() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    let (a, b) = {
        let store = Store::open(&path, kifu_games::registry()).unwrap();
        let a = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
        let b = store.create(senet(ChanceMode::Observed), None, None).unwrap().id;
        play(&store, &a, 3, 1);
        play(&store, &b, 5, 2);
        (a, b)
    };
    // The numbers table altered by hand: each id now names the other's rows.
    {
        let numbers: redb::TableDefinition<&str, u64> = redb::TableDefinition::new("record_numbers");
        let db = redb::Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut table = txn.open_table(numbers).unwrap();
            let na = table.get(a.as_str()).unwrap().unwrap().value();
            let nb = table.get(b.as_str()).unwrap().unwrap().value();
            table.insert(a.as_str(), nb).unwrap();
            table.insert(b.as_str(), na).unwrap();
        }
        txn.commit().unwrap();
    }
    let store = Store::open_read_only(&path, kifu_games::registry()).unwrap();
    for (id, other) in [(&a, &b), (&b, &a)] {
        let failure = store
            .audit(id)
            .unwrap()
            .failure
            .expect("another record's rows do not pass");
        assert_eq!(failure.seq, 0, "{}", failure.reason);
        assert!(
            failure.reason.contains(&format!("is record {other}'s")),
            "{}",
            failure.reason
        );
    }
    let check = store.check_all(|_, _| {}).unwrap();
    assert_eq!(check.damaged.len(), 2, "{:?}", check.damaged);
}
