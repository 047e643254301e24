//! Import and identity at the store's level: a record is "already stored" only when the store
//! holds it whole; the same id with other entries is a conflict and changes nothing.

use kifu_core::record::{ChanceMode, Header, Record};
use kifu_core::replay::{Checked, Replay};
use kifu_records::ImportOutcome;

mod backends;
use backends::{Kind, Scratch};

fn senet(id: u8, throws: &[&str]) -> Checked {
    let mut header = Header::new("senet", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
    header.id = Some([id; 16]);
    let mut replay = Replay::start(kifu_games::registry(), &header).unwrap();
    let mut record = Record::new(header);
    for throw in throws {
        record.entries.push(replay.play(None, throw, None).unwrap());
        let first = replay.current().legal().unwrap().remove(0);
        record.entries.push(replay.play(None, &first, None).unwrap());
    }
    Checked::new(kifu_games::registry(), record).unwrap()
}

fn the_same_id_with_other_entries_is_a_conflict_and_stores_nothing(kind: Kind) {
    let Some(scratch) = Scratch::new(kind) else { return };
    let store = &*scratch;
    let first = senet(1, &["3", "2"]);
    let id = first.record().id();
    store
        .import(std::slice::from_ref(&first), 10, false, &mut |_| {})
        .unwrap();
    let before = store.head(&id).unwrap();
    let other = senet(1, &["3", "4"]);
    let report = store
        .import(std::slice::from_ref(&other), 10, true, &mut |_| {})
        .unwrap();
    assert_eq!(report.outcomes, vec![ImportOutcome::Conflict { id: id.clone(), at: 3 }]);
    assert_eq!(store.head(&id).unwrap(), before, "nothing changed");
    // A shorter version of the stored record is contained in it; a longer one needs --extend.
    let shorter = senet(1, &["3"]);
    let report = store.import(&[shorter], 10, false, &mut |_| {}).unwrap();
    assert_eq!(
        report.outcomes,
        vec![ImportOutcome::Contained {
            id: id.clone(),
            more: 2
        }]
    );
    let longer = senet(1, &["3", "2", "1"]);
    let report = store
        .import(std::slice::from_ref(&longer), 10, false, &mut |_| {})
        .unwrap();
    assert_eq!(
        report.outcomes,
        vec![ImportOutcome::Longer {
            id: id.clone(),
            stored: 4
        }]
    );
    let report = store
        .import(std::slice::from_ref(&longer), 10, true, &mut |_| {})
        .unwrap();
    assert_eq!(
        report.outcomes,
        vec![ImportOutcome::Extended {
            id: id.clone(),
            from: 4,
            to: 6
        }]
    );
    assert_eq!(store.record(&id).unwrap(), *longer.record());
    assert!(store.audit(&id).unwrap().failure.is_none());
}

on_both!(the_same_id_with_other_entries_is_a_conflict_and_stores_nothing,);
