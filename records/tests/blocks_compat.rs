//! A record's partial last block is stored plain (a zstd frame of raw blocks) by an append and
//! packed once full, once its game is over, or by import; a store written before the plain form,
//! whose partial blocks are all packed, reads, appends, audits and checks as it did. That older
//! store is made here from a store written by today's code, its rows keyed by id again
//! (`layouts::unnumber`), by packing every block row with raw redb and zstd, as the code before
//! did (level 1, zstd's checksum).

use std::collections::BTreeMap;

use kifu_core::chance::ChanceRng;
use kifu_core::format::build_checked;
use kifu_core::record::{ChanceMode, Header};
use kifu_records::{Append, Store};
use redb::{ReadableDatabase, ReadableTable};

mod layouts;
use layouts::numbered::BLOCKS;

/// Each block row's bytes, by (record id, first seq).
type Rows = BTreeMap<(String, u64), Vec<u8>>;

fn append(store: &Store, id: &str, command: &str) {
    let request = Append {
        commands: vec![(None, command.to_string())],
        ..Append::default()
    };
    store.append(id, &request).unwrap();
}

/// Appends `moves` moves to record `id`, each picked from the legal ones by `salt`.
fn play(store: &Store, id: &str, moves: u64, salt: u64) {
    for step in 0..moves {
        let legal = store.replay(id, None).unwrap().current().legal().unwrap();
        let pick = &legal[ChanceRng::for_entry(b"blocks", salt * 1000 + step).below(legal.len() as u64) as usize];
        append(store, id, pick);
    }
}

/// The records of a store written by today's code: a Senet game past its first block, one
/// in its first, a chess game played to mate and two imported chess games (one in play); the
/// ids of the first three.
fn written_today(path: &std::path::Path) -> [String; 3] {
    let games = kifu_games::registry();
    let store = Store::open(path, games).unwrap();
    let senet = || Header::new("senet", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
    let long = store.create(senet(), None, None).unwrap().id;
    play(&store, &long, 140, 1);
    let short = store.create(senet(), None, None).unwrap().id;
    play(&store, &short, 12, 2);
    let chess = Header::new("chess", 3, vec!["W".into(), "B".into()], ChanceMode::Observed);
    let mated = store.create(chess, None, None).unwrap().id;
    for m in ["f3", "e5", "g4", "Qh4#"] {
        append(&store, &mated, m);
    }
    // Import packs every block, a game still in play too.
    let pgn = "[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n\
               [White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    let imported: Vec<_> = kifu_games::format("pgn")
        .unwrap()
        .read(pgn)
        .into_iter()
        .map(|d| build_checked(games, &d.unwrap(), None).unwrap())
        .collect();
    assert_eq!(imported.len(), 2);
    store.import(&imported, 10, false, |_| {}).unwrap();
    [long, short, mated]
}

/// Each block row's bytes in a store of today's layout.
fn rows(path: &std::path::Path) -> Rows {
    let ids: BTreeMap<u64, String> = layouts::numbers(path).into_iter().map(|(id, n)| (n, id)).collect();
    let db = redb::Database::open(path).unwrap();
    let txn = db.begin_read().unwrap();
    let table = txn.open_table(BLOCKS).unwrap();
    table
        .iter()
        .unwrap()
        .map(|item| {
            let (key, value) = item.unwrap();
            let (number, start) = key.value();
            ((ids[&number].clone(), start), value.value().1.to_vec())
        })
        .collect()
}

/// Whether a block row holds its text as it is: any zstd decoder reads it, and it is the
/// text after the frame's 17 bytes of headers.
fn is_plain(bytes: &[u8]) -> bool {
    let text = zstd::decode_all(bytes).unwrap();
    bytes.len() == text.len() + 17 && bytes[17..] == text[..]
}

/// Keys the store's rows by id again and packs every block row as the code before the plain
/// form did.
fn pack_every_block(path: &std::path::Path) {
    layouts::unnumber(path);
    let db = redb::Database::create(path).unwrap();
    let txn = db.begin_write().unwrap();
    {
        let mut table = txn.open_table(layouts::by_id::BLOCKS).unwrap();
        let mut packed = Vec::new();
        for item in table.iter().unwrap() {
            let (key, value) = item.unwrap();
            let (id, start) = key.value();
            let (chain, bytes) = value.value();
            let text = zstd::decode_all(bytes).unwrap();
            let mut compressor = zstd::bulk::Compressor::new(1).unwrap();
            compressor.include_checksum(true).unwrap();
            packed.push((id.to_string(), start, chain, compressor.compress(&text).unwrap()));
        }
        for (id, start, chain, bytes) in &packed {
            table.insert((id.as_str(), *start), (*chain, bytes.as_slice())).unwrap();
        }
        assert!(table.iter().unwrap().all(|item| !is_plain(item.unwrap().1.value().1)));
    }
    txn.commit().unwrap();
}

#[test]
fn an_append_leaves_the_partial_block_plain_and_packs_what_is_done() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("today.redb");
    let [long, short, mated] = written_today(&path);
    let rows = rows(&path);
    assert_eq!(rows.len(), 6, "{:?}", rows.keys());
    for ((id, start), bytes) in &rows {
        let plain = (id == &long && *start == 129) || id == &short;
        assert_eq!(is_plain(bytes), plain, "record {id}, block {start}");
    }
    assert!(
        rows.contains_key(&(mated.clone(), 1)),
        "a game over packs its last block"
    );
    let store = Store::open_read_only(&path, kifu_games::registry()).unwrap();
    assert_eq!(store.record(&long).unwrap().entries.len(), 140);
    assert!(store.check_all(|_, _| {}).unwrap().damaged.is_empty());
}

#[test]
fn a_store_whose_partial_blocks_are_packed_reads_appends_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.redb");
    let [long, short, mated] = written_today(&path);
    let records_before: Vec<_> = {
        let store = Store::open_read_only(&path, kifu_games::registry()).unwrap();
        let ids = [&long, &short, &mated];
        ids.iter().map(|id| store.record(id).unwrap()).collect()
    };
    pack_every_block(&path);

    // Read-only, every record reads and audits as it did.
    let reader = Store::open_read_only(&path, kifu_games::registry()).unwrap();
    for (id, before) in [&long, &short, &mated].into_iter().zip(&records_before) {
        assert_eq!(&reader.record(id).unwrap(), before, "{id}");
        assert!(reader.audit(id).unwrap().failure.is_none(), "{id}");
    }
    let check = reader.check_all(|_, _| {}).unwrap();
    assert_eq!(check.records, 5);
    assert!(check.damaged.is_empty(), "{:?}", check.damaged);
    drop(reader);

    // A writer appends to the packed partial blocks (cold: it keeps no tail yet), then again.
    let store = Store::open(&path, kifu_games::registry()).unwrap();
    play(&store, &long, 3, 3);
    play(&store, &short, 2, 4);
    assert_eq!(store.head(&long).unwrap().0, 143);
    assert_eq!(store.head(&short).unwrap().0, 14);
    for (id, before) in [&long, &short].into_iter().zip(&records_before) {
        let record = store.record(id).unwrap();
        assert_eq!(record.entries[..before.entries.len()], before.entries[..], "{id}");
    }
    let check = store.check_all(|_, _| {}).unwrap();
    assert_eq!(check.records, 5);
    assert!(check.damaged.is_empty(), "{:?}", check.damaged);
    assert_eq!(
        store.log_size().unwrap(),
        check.entries + 5,
        "a leaf a header and an entry"
    );
    drop(store);
    let rows = rows(&path);
    assert!(is_plain(&rows[&(long.clone(), 129)]));
    assert!(is_plain(&rows[&(short.clone(), 1)]));
    assert!(!is_plain(&rows[&(long, 1)]), "the full block stays as it was");
    assert!(!is_plain(&rows[&(mated, 1)]));
}
