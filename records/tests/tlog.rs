//! The store's transparency log through the public API: every record's header and entries
//! are leaves in the order they were written (new records, appends, imports, extensions), the
//! stored tree gives the roots and proofs the leaves give, checkpoints are signed only for
//! extensions of the last, and bundles prove a record and catch a cut or changed one.

use kifu_core::chance::ChanceRng;
use kifu_core::format::build_checked;
use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::Checked;
use kifu_records::{Append, LogError, RecordStore, Store};
use kifu_tlog::{leaf, merkle, Checkpoint, Hash};
use redb::{ReadableDatabase, ReadableTable};

mod backends;
use backends::{Kind, Scratch};

fn senet(store: &dyn RecordStore, moves: u64, salt: u64) -> String {
    let header = Header::new("senet", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
    let id = store.create(header, None, None).unwrap().id;
    for step in 0..moves {
        let replay = store.replay(&id, None).unwrap();
        let legal = replay.current().legal().unwrap();
        if legal.is_empty() {
            break;
        }
        let pick = legal[ChanceRng::for_entry(b"tlog", salt * 1000 + step).below(legal.len() as u64) as usize].clone();
        store
            .append(
                &id,
                &Append {
                    commands: vec![(None, pick)],
                    ..Append::default()
                },
            )
            .unwrap();
    }
    id
}

fn chess_games(n: usize) -> Vec<Checked> {
    let pgn = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/pgn/oracle_python_chess.pgn"
    ))
    .unwrap();
    let format = kifu_games::format("pgn").unwrap();
    format
        .read(&pgn)
        .into_iter()
        .take(n)
        .map(|d| build_checked(kifu_games::registry(), &d.unwrap(), None).unwrap())
        .collect()
}

/// The leaf hashes of every record's chain positions, in the order given.
fn leaves_of(records: &[(String, Record)]) -> Vec<Hash> {
    records
        .iter()
        .flat_map(|(id, r)| {
            r.hashes()
                .into_iter()
                .enumerate()
                .map(move |(seq, h)| leaf::hash(id, seq as u64, &h))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn records_imports_and_appends_are_logged_in_order_and_proven(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    assert_eq!(store.log_size().unwrap(), 0);
    assert_eq!(store.log_root(0).unwrap(), merkle::empty_root());
    let a = senet(store, 0, 1);
    let checked = chess_games(6);
    store.import(&checked, 4, false, &mut |_| {}).unwrap();
    let mut expected = vec![(a.clone(), store.record(&a).unwrap())];
    for c in &checked {
        expected.push((c.record().id(), c.record().clone()));
    }
    let mut leaves = leaves_of(&expected);
    assert_eq!(store.log_size().unwrap(), leaves.len() as u64);
    // Moves on record a now come after the imports; interleave another record's.
    let b = senet(store, 3, 2);
    let before = store.record(&a).unwrap().entries.len();
    for step in 0..40 {
        let legal = store.replay(&a, None).unwrap().current().legal().unwrap();
        let pick = legal[ChanceRng::for_entry(b"a", step).below(legal.len() as u64) as usize].clone();
        store
            .append(
                &a,
                &Append {
                    commands: vec![(None, pick)],
                    ..Append::default()
                },
            )
            .unwrap();
    }
    let b_record = store.record(&b).unwrap();
    leaves.extend(leaves_of(&[(b.clone(), b_record)]));
    let a_record = store.record(&a).unwrap();
    for (seq, h) in a_record.hashes().iter().enumerate().skip(before + 1) {
        leaves.push(leaf::hash(&a, seq as u64, h));
    }
    let size = store.log_size().unwrap();
    assert_eq!(size, leaves.len() as u64);
    for n in [0, 1, 7, 100, size / 2, size] {
        assert_eq!(
            store.log_root(n).unwrap(),
            merkle::root(&leaves[..n as usize]),
            "root of {n}"
        );
    }
    for index in [0, 1, size / 3, size - 1] {
        let path = store.log_inclusion(index, size).unwrap();
        merkle::verify_inclusion(index, size, &leaves[index as usize], &path, &merkle::root(&leaves)).unwrap();
    }
    let proof = store.log_consistency(size / 2, size).unwrap();
    assert_eq!(proof, merkle::consistency_proof(size as usize / 2, &leaves).unwrap());
    let got = store.log_leaves(size - 3, size).unwrap();
    assert_eq!(got.len(), 3);
    assert_eq!(got[2].id, a);
    assert_eq!(
        got[2].data(),
        leaf::data(&a, a_record.entries.len() as u64, &a_record.head().1)
    );
    let tile = store.log_tile(0, 0, 10).unwrap().unwrap();
    assert_eq!(tile, leaves[..10].to_vec());
    assert!(store.log_tile(0, 0, size.min(256) + 1).unwrap().is_none());
    for id in store.ids().unwrap() {
        assert!(store.audit(&id).unwrap().failure.is_none(), "{id}");
    }

    // A checkpoint and a bundle for record a at an earlier entry, and at its head.
    let key = store.log_key(Some(&scratch.dir.path().join("log.key")), true).unwrap();
    let verifier = key.verifier();
    let signed = store.sign_checkpoint(&key).unwrap();
    assert_eq!(signed.checkpoint.size, size);
    assert_eq!(signed.checkpoint.root, merkle::root(&leaves));
    assert!(signed.checkpoint.origin.starts_with("kifu/"));
    let bundle = store.prove(&a, None, &key, false).unwrap();
    let proven = bundle.verify(&a_record, &verifier).unwrap();
    assert_eq!(proven.seq, a_record.entries.len() as u64);
    let mut cut = a_record.clone();
    cut.entries.pop();
    let error = bundle.verify(&cut, &verifier).unwrap_err().to_string();
    assert!(error.contains("the file was cut"), "{error}");
    let early = store.prove(&a, Some(5), &key, true).unwrap();
    assert_eq!(early.inclusion.len(), 6);
    let mut first_five = a_record.clone();
    first_five.entries.truncate(5);
    early.verify(&first_five, &verifier).unwrap();
    assert!(matches!(
        store.prove(&a, Some(999), &key, false),
        Err(LogError::NoSuchEntry { .. })
    ));
    let other = kifu_tlog::Signer::from_seed(verifier.name(), &[3; 32])
        .unwrap()
        .verifier();
    assert!(bundle.verify(&a_record, &other).is_err(), "another key");
}

/// The log's pending leaves (the rightmost tile's): first leaf -> (record, first seq, hashes).
const PENDING: redb::TableDefinition<u64, Pending> = redb::TableDefinition::new("log_pending");
type Pending = (&'static str, u64, &'static [u8]);

#[test]
fn a_tree_that_does_not_extend_the_last_signed_one_is_never_signed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    let key_file = dir.path().join("elsewhere.key");
    {
        let store = Store::open(&path, kifu_games::registry()).unwrap();
        senet(&store, 5, 3);
        let key = store.log_key(Some(&key_file), true).unwrap();
        let first = store.sign_checkpoint(&key).unwrap();
        senet(&store, 2, 4);
        let second = store.sign_checkpoint(&key).unwrap();
        assert!(second.checkpoint.size > first.checkpoint.size);
        assert_eq!(store.latest_checkpoint().unwrap(), Some(second.note.clone()));
        let text = key.verifier().open(&second.note).unwrap().to_string();
        assert_eq!(Checkpoint::parse(&text).unwrap(), second.checkpoint);
    }
    // Someone changes a leaf hash in the stored log.
    {
        let db = redb::Database::create(&path).unwrap();
        let (id, seq, mut hashes) = {
            let txn = db.begin_read().unwrap();
            let table = txn.open_table(PENDING).unwrap();
            let row = table.get(0).unwrap().unwrap();
            let (id, seq, hashes) = row.value();
            (id.to_string(), seq, hashes.to_vec())
        };
        hashes[5] ^= 1;
        let txn = db.begin_write().unwrap();
        txn.open_table(PENDING)
            .unwrap()
            .insert(0, (id.as_str(), seq, hashes.as_slice()))
            .unwrap();
        txn.commit().unwrap();
    }
    let store = Store::open(&path, kifu_games::registry()).unwrap();
    let key = store.log_key(Some(&key_file), true).unwrap();
    let refused = store.sign_checkpoint(&key).unwrap_err();
    assert!(matches!(refused, LogError::NotExtension { .. }), "{refused}");
    assert!(
        store.audit(&store.ids().unwrap()[0]).unwrap().failure.is_some()
            || store.audit(&store.ids().unwrap()[1]).unwrap().failure.is_some(),
        "the record whose leaf changed no longer matches the log"
    );
}

#[test]
fn a_store_without_a_log_gets_one_of_every_record_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    let ids = {
        let store = Store::open(&path, kifu_games::registry()).unwrap();
        vec![senet(&store, 4, 5), senet(&store, 6, 6)]
    };
    {
        let db = redb::Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        for name in ["log_tiles", "log_runs", "log_places", "log_pending", "log_meta"] {
            let table: redb::TableDefinition<u64, u64> = redb::TableDefinition::new(name);
            txn.delete_table(table).unwrap();
        }
        txn.commit().unwrap();
    }
    // Even a reader opens it for writing once, to build the log.
    let store = Store::open_read_only(&path, kifu_games::registry()).unwrap();
    let mut records: Vec<(String, Record)> = ids.iter().map(|id| (id.clone(), store.record(id).unwrap())).collect();
    records.sort_by(|a, b| a.0.cmp(&b.0));
    let leaves = leaves_of(&records);
    assert_eq!(store.log_size().unwrap(), leaves.len() as u64);
    assert_eq!(store.log_root(leaves.len() as u64).unwrap(), merkle::root(&leaves));
    assert!(store.log_origin().unwrap().starts_with("kifu/"));
}

mod layouts;
use layouts::numbered::{BLOCKS, HEADS};

#[test]
fn a_record_changed_in_a_full_tile_is_named_and_proven_nowhere() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.redb");
    let checked = chess_games(8);
    let (first, second) = (checked[0].record().clone(), checked[1].record().clone());
    {
        let store = Store::open(&path, kifu_games::registry()).unwrap();
        store.import(&checked, 100, false, |_| {}).unwrap();
        senet(&store, 3, 9);
        assert!(store.log_size().unwrap() > 300, "the first tile is full");
        // Untouched, the whole store checks clean, tiles shared between records included.
        let clean = store.check_all(|_, _| {}).unwrap();
        assert!(clean.damaged.is_empty(), "{:?}", clean.damaged);
        assert_eq!(clean.records, 9);
        assert!(
            (first.entries.len() + second.entries.len() + 2) < 256,
            "both in the first tile"
        );
    }
    // The first game's first move is rewritten in the store, its chain made whole again.
    let id = first.id();
    let number = layouts::number_of(&path, &id);
    {
        let db = redb::Database::create(&path).unwrap();
        let packed = {
            let txn = db.begin_read().unwrap();
            let value = txn.open_table(BLOCKS).unwrap().get((number, 1)).unwrap().unwrap();
            value.value().1.to_vec()
        };
        let text = String::from_utf8(zstd::decode_all(packed.as_slice()).unwrap()).unwrap();
        let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let changed = lines[0].replace("; s=", "; t=2020-01-01T00:00:00Z s=");
        assert_ne!(changed, lines[0]);
        lines[0] = changed;
        let mut head = kifu_core::record::header_hash(&first.header.canonical_text());
        for (k, line) in lines.iter().enumerate() {
            head = kifu_core::record::chain_step(&head, &format!("{} {line}", k + 1));
        }
        let packed = zstd::encode_all(lines.join("\n").as_bytes(), 3).unwrap();
        let txn = db.begin_write().unwrap();
        txn.open_table(BLOCKS)
            .unwrap()
            .insert((number, 1), (head, packed.as_slice()))
            .unwrap();
        let status = {
            let heads = txn.open_table(HEADS).unwrap();
            let row = heads.get(number).unwrap().unwrap();
            row.value().2.to_string()
        };
        txn.open_table(HEADS)
            .unwrap()
            .insert(number, (lines.len() as u64, head, status.as_str()))
            .unwrap();
        txn.commit().unwrap();
    }
    let store = Store::open(&path, kifu_games::registry()).unwrap();
    let key = store.log_key(None, true).unwrap();
    let failure = store.audit(&id).unwrap().failure.expect("the changed record fails");
    assert!(failure.reason.contains("changed since"), "{}", failure.reason);
    assert!(failure.reason.contains(&id), "{}", failure.reason);
    // Its neighbour in the same tile cannot be proven either: the tile no longer hashes.
    let error = store.prove(&second.id(), None, &key, false).unwrap_err().to_string();
    assert!(error.contains("changed since"), "{error}");
    // The records of later tiles still prove.
    let last = store
        .ids()
        .unwrap()
        .into_iter()
        .find(|id| store.header(id).unwrap().game == "senet");
    let last = last.unwrap();
    store.prove(&last, None, &key, false).unwrap();
    // The whole store checked at once (records in log order, checked tiles shared between
    // them): the changed record and its neighbour in the broken tile are named, whichever of
    // them met the tile first; the record of a later tile is not.
    let check = store.check_all(|_, _| {}).unwrap();
    let damaged: Vec<&str> = check.damaged.iter().map(|(id, _, _)| id.as_str()).collect();
    assert!(damaged.contains(&id.as_str()), "{damaged:?}");
    assert!(damaged.contains(&second.id().as_str()), "{damaged:?}");
    assert!(!damaged.contains(&last.as_str()), "{damaged:?}");
    assert_eq!(check.records, 9);
}

/// Batches that end inside a tile and tiles filled inside a batch: the log an import writes
/// (its leaves held for the transaction, written at its close) is the one its leaves give.
fn imports_in_batches_log_every_leaf_in_order(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let checked = chess_games(60);
    let mut expected = Vec::new();
    for (batch, size) in checked.chunks(23).zip([7, 1, 23]) {
        store.import(batch, size, false, &mut |_| {}).unwrap();
        expected.extend(batch.iter().map(|c| (c.record().id(), c.record().clone())));
        let leaves = leaves_of(&expected);
        let size = leaves.len() as u64;
        assert_eq!(store.log_size().unwrap(), size);
        for n in [1, 255, 256, 257, size / 2, size - 1, size] {
            assert_eq!(
                store.log_root(n).unwrap(),
                merkle::root(&leaves[..n as usize]),
                "root of {n}"
            );
        }
        let last_tile = size / 256;
        assert_eq!(
            store.log_tile(0, last_tile, size % 256).unwrap().unwrap_or_default(),
            leaves[(last_tile * 256) as usize..].to_vec()
        );
    }
    assert!(store.log_size().unwrap() > 3 * 256, "several tiles");
    for id in store.ids().unwrap() {
        assert!(store.audit(&id).unwrap().failure.is_none(), "{id}");
    }
}

on_both!(
    records_imports_and_appends_are_logged_in_order_and_proven,
    imports_in_batches_log_every_leaf_in_order
);
