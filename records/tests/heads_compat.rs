//! A store of the layout before the head and the status shared a row (tables `heads`: id ->
//! (seq, chain hash), and `status`: id -> whose turn as JSON) opens with today's store: the first
//! open, even a reader's, moves them into `record_heads` and removes them; every record reads
//! whole with the head and the status it had, appends go on, and the whole store checks.
//! The old layout is made here with raw redb from a store written by today's code: its rows keyed
//! by id again (`layouts::unnumber`), then the two tables written (`layouts::split_heads`).

use kifu_core::chance::ChanceRng;
use kifu_core::format::build_checked;
use kifu_core::record::{ChanceMode, Header};
use kifu_records::{Append, Filter, Store};
use redb::{ReadableDatabase, ReadableTable};

mod layouts;
use layouts::by_id::{OLD_HEADS, OLD_STATUS};
use layouts::table_names;

/// Appends `moves` moves to record `id`, each picked from the legal ones by `salt`.
fn play(store: &Store, id: &str, moves: u64, salt: u64) {
    for step in 0..moves {
        let legal = store.replay(id, None).unwrap().current().legal().unwrap();
        let pick = legal[ChanceRng::for_entry(b"heads", salt * 1000 + step).below(legal.len() as u64) as usize].clone();
        let request = Append {
            commands: vec![(None, pick)],
            ..Append::default()
        };
        store.append(id, &request).unwrap();
    }
}

/// A store with a Senet game in play, one just created and two imported chess games, written
/// by today's code and then turned into the old layout; the ids of the Senet games.
fn old_store(path: &std::path::Path) -> (String, String) {
    let games = kifu_games::registry();
    let (playing, fresh) = {
        let store = Store::open(path, games).unwrap();
        let header = || Header::new("senet", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
        let playing = store.create(header(), None, None).unwrap().id;
        play(&store, &playing, 12, 1);
        let fresh = store.create(header(), None, None).unwrap().id;
        let pgn = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/pgn/oracle_python_chess.pgn"
        ))
        .unwrap();
        let chess: Vec<_> = kifu_games::format("pgn")
            .unwrap()
            .read(&pgn)
            .into_iter()
            .take(2)
            .map(|d| build_checked(games, &d.unwrap(), None).unwrap())
            .collect();
        store.import(&chess, 10, false, |_| {}).unwrap();
        (playing, fresh)
    };
    layouts::unnumber(path);
    layouts::split_heads(path);
    (playing, fresh)
}

/// Every record's summary (its head's seq and its status) and head, as text to compare.
fn seen(store: &Store) -> Vec<String> {
    store
        .list(&Filter::default())
        .unwrap()
        .into_iter()
        .map(|s| format!("{s:?} {:?}", store.head(&s.id).unwrap()))
        .collect()
}

#[test]
fn a_store_with_heads_and_statuses_apart_is_moved_once_and_reads_as_it_did() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.redb");
    old_store(&path);
    // What the old layout's tables say, read raw.
    let before: Vec<(String, u64, [u8; 32], String)> = {
        let db = redb::Database::open(&path).unwrap();
        let txn = db.begin_read().unwrap();
        let status = txn.open_table(OLD_STATUS).unwrap();
        let heads = txn.open_table(OLD_HEADS).unwrap();
        heads
            .iter()
            .unwrap()
            .map(|item| {
                let (id, row) = item.unwrap();
                let (seq, head) = row.value();
                let turn = status.get(id.value()).unwrap().unwrap().value().to_string();
                (id.value().to_string(), seq, head, turn)
            })
            .collect()
    };
    assert_eq!(before.len(), 4);
    assert!(table_names(&path).contains(&"heads".to_string()));
    assert!(!table_names(&path).contains(&"record_heads".to_string()));

    // A reader opens it for writing once, which moves the rows.
    let reader = Store::open_read_only(&path, kifu_games::registry()).unwrap();
    let summaries = reader.list(&Filter::default()).unwrap();
    assert_eq!(summaries.len(), before.len());
    for (id, seq, head, turn) in &before {
        assert_eq!(reader.head(id).unwrap(), (*seq, *head), "{id}");
        let summary = summaries.iter().find(|s| &s.id == id).unwrap();
        assert_eq!(summary.entries, *seq, "{id}");
        let turn: Option<kifu_core::rules::Turn> = serde_json::from_str(turn).ok();
        assert!(turn.is_some(), "{id}: the old status reads");
        assert_eq!(summary.turn, turn, "{id}");
        let record = reader.record(id).unwrap();
        assert_eq!(record.entries.len() as u64, *seq, "{id}");
        assert!(reader.audit(id).unwrap().failure.is_none(), "{id}");
    }
    drop(reader);
    let names = table_names(&path);
    assert!(names.contains(&"record_heads".to_string()), "{names:?}");
    assert!(!names.iter().any(|n| n == "heads" || n == "status"), "{names:?}");
}

#[test]
fn a_writer_moves_the_old_heads_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.redb");
    let (playing, fresh) = old_store(&path);
    let store = Store::open(&path, kifu_games::registry()).unwrap();
    let seen_first = seen(&store);
    assert_eq!(seen_first.len(), 4);
    let (seq, _) = store.head(&playing).unwrap();
    assert_eq!(seq, 12);
    // Appends go on from the moved head, a cold one (this handle kept no tail) and more.
    play(&store, &playing, 5, 2);
    play(&store, &fresh, 3, 3);
    assert_eq!(store.head(&playing).unwrap().0, 17);
    assert_eq!(store.head(&fresh).unwrap().0, 3);
    // The status moved with the head: it is whose turn the replayed game says.
    for summary in store.list(&Filter::default()).unwrap() {
        let replay = store.replay(&summary.id, None).unwrap();
        assert_eq!(summary.turn, Some(replay.turn()), "{}", summary.id);
        assert_eq!(summary.entries, replay.seq(), "{}", summary.id);
    }
    // A head that names another chain is still a conflict.
    let refused = store.append(
        &playing,
        &Append {
            commands: vec![(None, "anything".into())],
            expect: Some([7; 32]),
            ..Append::default()
        },
    );
    assert!(refused.is_err());
    assert_eq!(store.head(&playing).unwrap().0, 17);
    let check = store.check_all(|_, _| {}).unwrap();
    assert_eq!(check.records, 4);
    assert!(check.damaged.is_empty(), "{:?}", check.damaged);
    assert_eq!(
        store.log_size().unwrap(),
        check.entries + 4,
        "a leaf a header and an entry"
    );
    drop(store);
    // Opened again, nothing is moved twice.
    let again = Store::open(&path, kifu_games::registry()).unwrap();
    assert_eq!(again.head(&playing).unwrap().0, 17);
    assert!(again.check_all(|_, _| {}).unwrap().damaged.is_empty());
}
