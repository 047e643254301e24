//! A few open connections to the database, reused: a caller takes one for an operation and it
//! goes back when dropped (unless it broke). Never shares a connection between two callers.

use std::sync::Mutex;

use postgres::{Client, Config, NoTls};

use crate::error::StoreError;

/// Connections kept idle at most; more may be open while many calls run at once.
const IDLE: usize = 16;

pub(crate) struct Pool {
    pub config: Config,
    idle: Mutex<Vec<Client>>,
}

impl Pool {
    pub fn new(config: Config) -> Pool {
        Pool {
            config,
            idle: Mutex::new(Vec::new()),
        }
    }

    /// An idle connection, else a new one.
    pub fn get(&self) -> Result<Pooled<'_>, StoreError> {
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let client = match idle {
            Some(client) if !client.is_closed() => client,
            _ => self.config.connect(NoTls)?,
        };
        Ok(Pooled {
            client: Some(client),
            pool: self,
        })
    }
}

/// A connection taken from the pool.
pub(crate) struct Pooled<'a> {
    client: Option<Client>,
    pool: &'a Pool,
}

impl std::ops::Deref for Pooled<'_> {
    type Target = Client;
    fn deref(&self) -> &Client {
        self.client.as_ref().expect("taken only on drop")
    }
}

impl std::ops::DerefMut for Pooled<'_> {
    fn deref_mut(&mut self) -> &mut Client {
        self.client.as_mut().expect("taken only on drop")
    }
}

impl Drop for Pooled<'_> {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            let mut idle = self.pool.idle.lock().unwrap_or_else(|e| e.into_inner());
            if !client.is_closed() && idle.len() < IDLE {
                idle.push(client);
            }
        }
    }
}
