//! What every request handler shares: the store, the live-stream hub, the writer, the stop
//! signal and the configuration. Store calls block, so they run here on tokio's blocking pool,
//! never on the threads that serve requests; a store call must never be made from async code
//! directly, and appends are never made here but by the writer.

use std::sync::Arc;

use kifu_records::RecordStore;
use tokio::sync::watch;

use crate::auth::Grants;
use crate::error::ApiError;
use crate::hub::Hub;
use crate::writer::Writer;
use crate::Config;

/// The shared state, cheap to clone.
#[derive(Clone)]
pub struct App(Arc<Shared>);

pub struct Shared {
    store: Arc<dyn RecordStore>,
    pub hub: Arc<Hub>,
    /// The one way to append: see `writer`.
    pub writer: Writer,
    /// Tokens already found good (their hashes), so appends skip the store's look-up.
    pub grants: Grants,
    /// Turns true when the server is stopping: live streams end.
    pub stopping: watch::Receiver<bool>,
    pub config: Config,
}

impl std::ops::Deref for App {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl App {
    pub fn new(
        store: Arc<dyn RecordStore>,
        hub: Arc<Hub>,
        writer: Writer,
        config: Config,
        stopping: watch::Receiver<bool>,
    ) -> App {
        App(Arc::new(Shared {
            store,
            hub,
            writer,
            grants: Grants::default(),
            stopping,
            config,
        }))
    }

    /// Runs a store call on the blocking pool. A call once started runs to its end even when
    /// the client goes away, so an append is committed whole or not at all. A panic in it is
    /// answered 500 and the server goes on.
    pub async fn blocking<T: Send + 'static>(
        &self,
        call: impl FnOnce(&dyn RecordStore, &Hub) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let app = self.clone();
        match tokio::task::spawn_blocking(move || call(&*app.store, &app.hub)).await {
            Ok(result) => result,
            Err(error) => Err(ApiError::internal(format!(
                "the server failed on this request ({error})"
            ))),
        }
    }
}
