//! kifu-service: the record service. An HTTP API under `/v1` (axum on tokio) over one
//! kifu-records store and the kernel, with per-record bearer tokens and live streams.
//! It knows no game (the kernel does) and does no I/O besides HTTP and the store: no files,
//! no environment, no clock of its own (the binary hands it one in [`Config`]).
//! Its browser pages (`/`, `/r/{id}`) are static files compiled in; they call the API from
//! the browser.

mod api;
mod auth;
mod error;
mod hub;
mod pages;
mod state;
mod writer;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use kifu_records::{LogKey, RecordStore};

pub use api::openapi;

/// Where the service reads the time: the binary's clock, as RFC 3339 text.
#[derive(Clone, Copy)]
pub struct Clock {
    /// The time stamped on new entries (seconds).
    pub now: fn() -> String,
    /// The time in a new record's header (with fractions, so two headers differ).
    pub precise: fn() -> String,
}

/// How the service runs.
#[derive(Clone)]
pub struct Config {
    /// The largest JSON body taken; larger ones are refused with 413.
    pub max_body: usize,
    /// The largest file taken by import and verify.
    pub max_file: usize,
    /// How long a stop waits for requests in flight before it closes their connections (an
    /// append already handed to the store still finishes).
    pub grace: Duration,
    /// Whether each request is logged as one line on standard error (`kifu serve` always
    /// logs; a benchmark may not).
    pub log_requests: bool,
    pub clock: Clock,
    /// The key that signs the transparency log's checkpoints (`/log/checkpoint`, proof
    /// bundles); without one those answer 503 and only tiles are served.
    pub log_key: Option<Arc<LogKey>>,
}

impl Config {
    pub fn new(clock: Clock) -> Config {
        Config {
            max_body: 256 * 1024,
            max_file: 16 * 1024 * 1024,
            grace: Duration::from_secs(10),
            log_requests: true,
            clock,
            log_key: None,
        }
    }
}

/// A service bound to its address, not yet serving.
pub struct Server {
    listener: std::net::TcpListener,
    runtime: tokio::runtime::Runtime,
    store: Arc<dyn RecordStore>,
    config: Config,
    signals: Signals,
}

impl Server {
    /// Binds `addr` (port 0 picks a free port) and makes the runtime. A redb store is the only
    /// one this process writes to while it serves; a PostgreSQL store may be shared by several
    /// servers, each hearing of the others' appends (`RecordStore::watch`).
    pub fn bind(store: Arc<dyn RecordStore>, addr: SocketAddr, config: Config) -> std::io::Result<Server> {
        let listener = std::net::TcpListener::bind(addr)?;
        listener.set_nonblocking(true)?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .thread_name("kifu-serve")
            .build()?;
        // The handlers are installed now, before anyone is told the address, so a stop sent
        // as soon as the address is known is never missed.
        let signals = {
            let _inside = runtime.enter();
            Signals::install()?
        };
        Ok(Server {
            listener,
            runtime,
            store,
            config,
            signals,
        })
    }

    /// The address actually bound.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until SIGINT or SIGTERM, then stops taking requests, lets those in flight finish
    /// (up to the grace period) and waits for every store call already started.
    pub fn run(mut self) -> std::io::Result<()> {
        let signals = std::mem::replace(&mut self.signals, Signals::None);
        self.run_until(signals.received())
    }

    /// Serves until `stop` completes, then stops as [`Server::run`] does.
    pub fn run_until(self, stop: impl std::future::Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        let Server {
            listener,
            runtime,
            store,
            config,
            signals: _,
        } = self;
        let (stopping, stopped) = tokio::sync::watch::channel(false);
        let hub = Arc::new(hub::Hub::default());
        // Appends other servers make on a shared store wake this one's live streams too.
        store
            .watch(Arc::new(hub::Heard(Arc::downgrade(&hub))))
            .map_err(|e| std::io::Error::other(format!("cannot listen for other servers' appends: {e}")))?;
        let (writer, writing) = writer::Writer::start(store.clone(), hub.clone())?;
        let grace = config.grace;
        let app = state::App::new(store, hub, writer, config, stopped);
        let served = runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener)?;
            let router = api::router(app);
            let (tell, told) = tokio::sync::oneshot::channel::<()>();
            let server = axum::serve(listener, router).with_graceful_shutdown(async move {
                let _ = told.await;
            });
            let mut serving = tokio::spawn(async move { server.await });
            tokio::select! {
                done = &mut serving => return done.map_err(std::io::Error::other)?,
                () = stop => {}
            }
            eprintln!("kifu serve: stopping: no new requests; finishing those in flight");
            // Live streams end, so their connections can close; then the server drains.
            let _ = stopping.send(true);
            let _ = tell.send(());
            match tokio::time::timeout(grace, &mut serving).await {
                Ok(done) => done.map_err(std::io::Error::other)?,
                Err(_) => {
                    eprintln!(
                        "kifu serve: requests still open after {:.0} s: closing them",
                        grace.as_secs_f64()
                    );
                    serving.abort();
                    Ok(())
                }
            }
        });
        // Dropping the runtime waits for store calls on the blocking pool and drops every
        // handle to the writer, which then commits the appends still waiting and ends: an
        // append handed to it is committed (or not) whole before the store is closed.
        drop(runtime);
        if writing.join().is_err() {
            eprintln!("kifu serve: the writer failed");
        }
        eprintln!("kifu serve: stopped");
        served
    }
}

/// SIGINT (Ctrl-C) and SIGTERM, listened for from the moment the server is bound.
enum Signals {
    #[cfg(unix)]
    Unix {
        interrupt: tokio::signal::unix::Signal,
        terminate: tokio::signal::unix::Signal,
    },
    None,
}

impl Signals {
    #[cfg(unix)]
    fn install() -> std::io::Result<Signals> {
        use tokio::signal::unix::{signal, SignalKind};
        Ok(Signals::Unix {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
        })
    }

    #[cfg(not(unix))]
    fn install() -> std::io::Result<Signals> {
        Ok(Signals::None)
    }

    /// Completes when either signal arrives (Ctrl-C alone where there are no Unix signals).
    async fn received(self) {
        match self {
            #[cfg(unix)]
            Signals::Unix {
                mut interrupt,
                mut terminate,
            } => {
                tokio::select! {
                    _ = interrupt.recv() => {}
                    _ = terminate.recv() => {}
                }
            }
            Signals::None => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
}
