//! A store held alone (`Store::open_exclusive`, what `kifu serve --exclusive` opens): records
//! written while it is held read back, verify and go on when the file is next opened the
//! usual way, where other processes may read beside a writer.

use std::time::Duration;

use kifu_core::record::{ChanceMode, Header};
use kifu_records::{Append, Store};

#[test]
fn a_store_written_while_held_alone_opens_and_goes_on_as_usual() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("alone.redb");
    let header = Header::new("chess", 3, vec!["Ann".into(), "Bob".into()], ChanceMode::Observed);
    let id = {
        let store = Store::open_exclusive(&path, kifu_games::registry(), Duration::from_secs(1)).unwrap();
        let id = store.create(header, None, None).unwrap().id;
        for m in ["e4", "e5", "Nf3"] {
            let request = Append {
                commands: vec![(None, m.to_string())],
                ..Append::default()
            };
            store.append(&id, &request).unwrap();
        }
        id
    };
    let store = Store::open(&path, kifu_games::registry()).unwrap();
    let record = store.record(&id).unwrap();
    let moves: Vec<&str> = record.entries.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(moves, ["e4", "e5", "Nf3"]);
    let report = kifu_core::replay::verify_record(kifu_games::registry(), &record);
    assert!(report.failure.is_none(), "{:?}", report.failure);
    let request = Append {
        commands: vec![(None, "Nc6".to_string())],
        ..Append::default()
    };
    assert_eq!(store.append(&id, &request).unwrap().seq, 4);
}
