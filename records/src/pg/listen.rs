//! Hearing of appends other servers commit: a thread of its own LISTENs on the store's channel
//! (each append's transaction NOTIFYs `ID SEQ` as it commits) and tells the watcher. After a
//! lost connection it reconnects and says appends may have been missed, so a follower looks
//! again rather than waits. Never reads or writes a record.

use std::sync::Arc;
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;
use postgres::{Config, NoTls};

use super::CHANNEL;
use crate::backend::Watcher;
use crate::error::StoreError;

/// How often the thread checks whether it is still wanted while nothing is said.
const IDLE: Duration = Duration::from_millis(500);
/// How long it waits before connecting again.
const RETRY: Duration = Duration::from_millis(200);

pub(super) fn spawn(config: Config, watcher: Arc<dyn Watcher>) -> Result<(), StoreError> {
    // The first connection is made here, so a store that cannot be listened to says so now.
    let first = connect(&config)?;
    std::thread::Builder::new()
        .name("kifu-listen".into())
        .spawn(move || run(config, first, watcher))
        .map_err(|e| StoreError::Damaged(format!("cannot start the thread that listens for appends: {e}")))?;
    Ok(())
}

fn connect(config: &Config) -> Result<postgres::Client, StoreError> {
    let mut client = config.connect(NoTls)?;
    client.batch_execute(&format!("LISTEN {CHANNEL}"))?;
    Ok(client)
}

fn run(config: Config, first: postgres::Client, watcher: Arc<dyn Watcher>) {
    let mut client = Some(first);
    while watcher.wanted() {
        let Some(mut listening) = client.take() else {
            std::thread::sleep(RETRY);
            client = connect(&config).ok();
            if client.is_some() {
                watcher.missed();
            }
            continue;
        };
        let mut notifications = listening.notifications();
        let mut heard = notifications.timeout_iter(IDLE);
        let lost = loop {
            match heard.next() {
                Ok(Some(note)) => {
                    if let Some((id, seq)) = note.payload().split_once(' ') {
                        if let Ok(seq) = seq.parse() {
                            watcher.appended(id, seq);
                        }
                    }
                }
                Ok(None) => break false,
                Err(_) => break true,
            }
        };
        drop(heard);
        drop(notifications);
        if !lost && !listening.is_closed() {
            client = Some(listening);
        }
    }
}
