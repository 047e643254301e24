//! The live hub: one watch channel per followed record, holding the seq of its last committed
//! entry. An append publishes after its commit; a stream wakes and reads what is new from the
//! store, so a follower never depends on the hub for data and never misses an entry. The hub
//! holds no entry and no secret.

use std::collections::HashMap;
use std::sync::{Mutex, Weak};

use tokio::sync::watch;

#[derive(Default)]
pub struct Hub {
    records: Mutex<HashMap<String, watch::Sender<u64>>>,
}

impl Hub {
    /// Tells the followers of `id` that its log now ends at `seq`. A record nobody follows any
    /// more is forgotten here.
    pub fn publish(&self, id: &str, seq: u64) {
        let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = records.get(id) {
            if sender.receiver_count() == 0 {
                records.remove(id);
            } else {
                sender.send_replace(seq);
            }
        }
    }

    /// A receiver that changes whenever `id` is appended to.
    pub fn follow(&self, id: &str) -> watch::Receiver<u64> {
        let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        records
            .entry(id.to_string())
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }
}

impl Hub {
    /// Wakes every follower: appends may have been missed, so each reads its record again.
    pub fn wake_all(&self) {
        let records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        for sender in records.values() {
            sender.send_modify(|_| {});
        }
    }
}

/// What the store hears of appends made by other servers on the same store, passed to the
/// hub for as long as the hub lives.
pub struct Heard(pub Weak<Hub>);

impl kifu_records::Watcher for Heard {
    fn appended(&self, id: &str, seq: u64) {
        if let Some(hub) = self.0.upgrade() {
            hub.publish(id, seq);
        }
    }
    fn missed(&self) {
        if let Some(hub) = self.0.upgrade() {
            hub.wake_all();
        }
    }
    fn wanted(&self) -> bool {
        self.0.strong_count() > 0
    }
}

#[cfg(test)]
mod tests {
    use super::Hub;

    #[test]
    fn followers_see_the_last_seq_and_unfollowed_records_are_dropped() {
        let hub = Hub::default();
        hub.publish("a", 1); // nobody follows: nothing kept
        assert!(hub.records.lock().unwrap().is_empty());
        let mut rx = hub.follow("a");
        hub.publish("a", 2);
        hub.publish("a", 3);
        assert!(rx.has_changed().unwrap());
        assert_eq!(*rx.borrow_and_update(), 3);
        drop(rx);
        hub.publish("a", 4);
        assert!(hub.records.lock().unwrap().is_empty());
    }
}
