//! The writer's memory of the records it appended to last: the game at each one's head and
//! its last block unpacked, so that the next append to it neither resumes a snapshot nor
//! unpacks a block. Never an authority: what is kept is used only when the record's head row,
//! read in the appending transaction, names the very head it was kept at (a chain hash, which
//! commits to every line before it); anything else is read from the store as before.

use std::collections::BTreeMap;
use std::sync::Mutex;

use kifu_core::record::Hash;
use kifu_core::replay::Replay;

use crate::blocks::Unpacked;

/// How many records' tails are kept; past it the one with the smallest id is forgotten.
const KEPT: usize = 64;

/// A record as its last append left it.
pub(crate) struct Tail {
    /// The head it was kept at: (seq of the last entry, chain hash after it).
    pub head: (u64, Hash),
    /// The game after that entry (its seed set, when the store keeps one).
    pub replay: Replay,
    /// The record's last block, unpacked.
    pub block: Unpacked,
    /// The seq of the last snapshot written for the record, when this writer knows it.
    pub snapshot_at: Option<u64>,
}

/// The tails a store keeps, by record id.
#[derive(Default)]
pub(crate) struct Tails(Mutex<BTreeMap<String, Tail>>);

impl Tails {
    /// The tail of record `id` if it was kept at exactly this head; it is taken out either
    /// way, so a refused append (which may leave its replay half-played) never leaves one.
    pub fn take(&self, id: &str, head: (u64, Hash)) -> Option<Tail> {
        let mut kept = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        kept.remove(id).filter(|tail| tail.head == head)
    }

    /// Keeps record `id`'s tail after an append wrote it.
    pub fn keep(&self, id: &str, tail: Tail) {
        let mut kept = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if kept.len() >= KEPT && !kept.contains_key(id) {
            kept.pop_first();
        }
        kept.insert(id.to_string(), tail);
    }
}

#[cfg(test)]
mod tests {
    use kifu_core::record::{ChanceMode, Header};
    use kifu_core::replay::Replay;

    use crate::tables::SNAPSHOTS;
    use crate::{Append, AppendError, Store};

    /// A Senet header with a fixed id, so that two stores hold the same record.
    fn header() -> Header {
        let mut header = Header::new("senet", 1, vec!["A".into(), "B".into()], ChanceMode::Observed);
        header.id = Some([7; 16]);
        header
    }

    /// The first legal command at each turn, `count` of them (throws typed as chance).
    fn commands(count: usize) -> Vec<String> {
        let mut replay = Replay::start(kifu_games::registry(), &header()).unwrap();
        let mut out = Vec::new();
        while out.len() < count {
            let Some(command) = replay.current().legal().and_then(|l| l.into_iter().next()) else {
                break;
            };
            replay.play(None, &command, None).unwrap();
            out.push(command);
        }
        out
    }

    fn one(command: &str) -> Append {
        Append {
            commands: vec![(None, command.to_string())],
            ..Append::default()
        }
    }

    fn snapshot_at(store: &Store, id: &str) -> Option<u64> {
        let txn = store.db.begin_read().unwrap();
        let number = crate::read::numbered(&txn, id).unwrap().number;
        let table = txn.open_table(SNAPSHOTS).unwrap();
        let at = table.get(number).unwrap().map(|v| v.value().0);
        at
    }

    #[test]
    fn a_writer_that_keeps_tails_stores_what_cold_appends_store() {
        let dir = tempfile::tempdir().unwrap();
        let games = kifu_games::registry();
        let commands = commands(300);
        assert!(
            commands.len() > 140,
            "the game crosses a block: {} entries",
            commands.len()
        );
        let (warm_at, cold_at) = (dir.path().join("warm.redb"), dir.path().join("cold.redb"));
        let id = Store::open(&warm_at, games)
            .unwrap()
            .create(header(), None, None)
            .unwrap()
            .id;
        Store::open(&cold_at, games)
            .unwrap()
            .create(header(), None, None)
            .unwrap();
        // One handle for every append, against a handle opened afresh for each (no tail kept).
        let warm = Store::open(&warm_at, games).unwrap();
        // The append after the refusal (entry 41) is cold and writes a snapshot, then one is
        // written every `SNAPSHOT_EVERY` entries: stop the warm writer between two of them.
        let every = crate::append::SNAPSHOT_EVERY as usize;
        let cut = (commands.len() - every..commands.len() - 1)
            .find(|cut| (cut - 41) % every != 0)
            .unwrap();
        for (n, command) in commands[..cut].iter().enumerate() {
            // A refused command in between leaves nothing behind, the tail included.
            if n == 40 {
                let refused = warm.append(&id, &one("not a move"));
                assert!(matches!(refused, Err(AppendError::Rejected(_))), "{refused:?}");
            }
            warm.append(&id, &one(command)).unwrap();
            Store::open(&cold_at, games)
                .unwrap()
                .append(&id, &one(command))
                .unwrap();
        }
        // Block for block the same bytes: a block grown line by line in the tail (the last one
        // plain, the full ones packed) is stored as one made afresh from the stored block.
        let blocks = |store: &Store| {
            let txn = store.db.begin_read().unwrap();
            let number = crate::read::numbered(&txn, &id).unwrap().number;
            crate::blocks::stored(&txn.open_table(crate::tables::BLOCKS).unwrap(), number).unwrap()
        };
        assert_eq!(blocks(&warm), blocks(&Store::open(&cold_at, games).unwrap()));
        let seq = cut as u64;
        let behind = snapshot_at(&warm, &id).unwrap();
        assert!(
            behind < seq && seq - behind < every as u64,
            "snapshot at {behind} of {seq}"
        );
        assert_eq!(snapshot_at(&Store::open(&cold_at, games).unwrap(), &id), Some(seq));
        drop(warm);
        // A new process resumes the older snapshot and checks the entries after it.
        for command in &commands[cut..] {
            Store::open(&warm_at, games)
                .unwrap()
                .append(&id, &one(command))
                .unwrap();
            Store::open(&cold_at, games)
                .unwrap()
                .append(&id, &one(command))
                .unwrap();
        }
        let (warm, cold) = (
            Store::open(&warm_at, games).unwrap(),
            Store::open(&cold_at, games).unwrap(),
        );
        assert_eq!(snapshot_at(&warm, &id), Some(commands.len() as u64));
        let (warm_record, cold_record) = (warm.record(&id).unwrap(), cold.record(&id).unwrap());
        assert_eq!(warm_record.entries.len(), commands.len());
        assert_eq!(warm_record.entries, cold_record.entries);
        assert_eq!(blocks(&warm), blocks(&cold));
        assert_eq!(warm.head(&id).unwrap(), cold.head(&id).unwrap());
        let report = warm.audit(&id).unwrap();
        assert!(report.failure.is_none(), "{:?}", report.failure);
        assert!(warm.check_all(&mut |_, _| {}).unwrap().damaged.is_empty());
    }
}
