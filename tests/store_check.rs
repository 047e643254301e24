//! End-to-end: a store that was altered on disk is caught where a user looks. `kifu check`
//! walks every record and names the damaged one; `show`, `log`, `export` and `verify` of that
//! record fail with exit 1 naming the entry (the first of the stored block it is in); the other
//! records stay readable.

use kifu_e2e::Session;
use redb::{ReadableDatabase, TableDefinition};

/// id -> the record's number, which its other rows are keyed by.
const NUMBERS: TableDefinition<&str, u64> = TableDefinition::new("record_numbers");
/// The store's entry blocks: (number, first seq) -> (chain hash after the block, zstd of its
/// lines).
const BLOCKS: TableDefinition<(u64, u64), Block> = TableDefinition::new("entry_blocks");
type Block = ([u8; 32], &'static [u8]);

/// Rewrites the text of a record's first block of entries, as an editor of the file could.
fn edit_first_block(s: &Session, id: &str, edit: impl Fn(&str) -> String) {
    let db = redb::Database::create(s.store()).unwrap();
    let (number, hash, packed) = {
        let txn = db.begin_read().unwrap();
        let number = txn.open_table(NUMBERS).unwrap().get(id).unwrap().unwrap().value();
        let table = txn.open_table(BLOCKS).unwrap();
        let value = table.get((number, 1)).unwrap().expect("the first block");
        let (hash, packed) = value.value();
        (number, hash, packed.to_vec())
    };
    let text = String::from_utf8(zstd::decode_all(packed.as_slice()).unwrap()).unwrap();
    let changed = edit(&text);
    assert_ne!(changed, text, "the edit changes the block");
    let packed = zstd::encode_all(changed.as_bytes(), 3).unwrap();
    let txn = db.begin_write().unwrap();
    txn.open_table(BLOCKS)
        .unwrap()
        .insert((number, 1), (hash, packed.as_slice()))
        .unwrap();
    txn.commit().unwrap();
}

#[test]
fn an_altered_entry_in_the_store_file_is_caught_on_every_read() {
    let s = Session::new();
    let pgn = s.path("two.pgn");
    std::fs::write(
        &pgn,
        "[Event \"A\"]\n\n1. e4 {zqxjkvbwmarker} e5 2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 d5 *\n",
    )
    .unwrap();
    let ids: Vec<String> = s
        .ok(&["import", pgn.to_str().unwrap()])
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(ids.len(), 2);
    let ok = s.ok(&["check"]);
    assert!(ok.contains("2 records, 6 entries: 2 ok, 0 damaged"), "{ok}");
    // Someone edits the store file: the comment of game A, one letter, in its compressed block
    // (unpacked, changed and packed again, its stored chain hash left as it was).
    edit_first_block(&s, &ids[0], |text| text.replace("zqxjkvbwmarker", "Zqxjkvbwmarker"));
    let run = s.fails(&["check"], 1);
    assert!(
        run.stdout.contains(&format!("{}: FAILED at entry 1", ids[0])),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("2 records, 2 entries: 1 ok, 1 damaged"),
        "{}",
        run.stdout
    );
    for command in ["show", "log", "export", "legal"] {
        let run = s.fails(&[command, &ids[0]], 1);
        assert!(
            run.stderr.contains("fails verification in the store at entry 1"),
            "{command}: {}",
            run.stderr
        );
    }
    let run = s.fails(&["verify", &ids[0]], 1);
    assert!(run.stdout.contains("FAILED at entry 1"), "{}", run.stdout);
    assert!(s.ok(&["verify", &ids[1]]).contains(": ok,"));
    s.ok(&["show", &ids[1]]);
    let run = s.fails(&["check", "--json"], 1);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["damaged"][0]["id"], ids[0].as_str());
    assert_eq!(json["damaged"][0]["seq"], 1);
}
