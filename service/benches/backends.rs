//! The store's backends under the service: the same recorders (1, 8 and 64, each on its own
//! record, one note at a time, 201 only once durable) through one in-process server on a redb
//! file, one on PostgreSQL, and three on one PostgreSQL database (recorders spread over them),
//! measured in the same run on this machine. Prints appends/s and p50/p99 latency; checks that
//! every acknowledged append is stored with its head. PostgreSQL is the server at
//! KIFU_TEST_POSTGRES (tests/pg/run-cluster sets one up); without it only redb runs.
//!
//! `tests/pg/run-cluster cargo bench -p kifu-service --bench backends [-- --quick]`

#[path = "client/mod.rs"]
mod client;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use client::{recorders, Measure};
use kifu_core::record::hex;
use kifu_records::{OpenOptions, RecordStore};
use kifu_service::{Clock, Config, Server};

fn now() -> String {
    "2026-12-01T20:00:00Z".into()
}

fn precise() -> String {
    static TICK: AtomicU64 = AtomicU64::new(0);
    format!("2026-12-01T20:00:00.{:09}Z", TICK.fetch_add(1, Ordering::Relaxed))
}

/// Servers started in this process on one store; stopped when dropped.
struct Servers {
    addrs: Vec<SocketAddr>,
    stops: Vec<tokio::sync::oneshot::Sender<()>>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Servers {
    fn start(location: &str, count: usize) -> Servers {
        let mut servers = Servers {
            addrs: Vec::new(),
            stops: Vec::new(),
            threads: Vec::new(),
        };
        for _ in 0..count {
            let store = kifu_records::open(location, kifu_games::registry(), &OpenOptions::default()).expect("store");
            let mut config = Config::new(Clock { now, precise });
            config.log_requests = false;
            let server = Server::bind(store, ([127, 0, 0, 1], 0).into(), config).expect("bind");
            servers.addrs.push(server.local_addr().expect("address"));
            let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
            servers.stops.push(stop);
            servers.threads.push(std::thread::spawn(move || {
                server
                    .run_until(async move {
                        let _ = stopped.await;
                    })
                    .expect("serve")
            }));
        }
        servers
    }

    fn stop(self) {
        for stop in self.stops {
            let _ = stop.send(());
        }
        for thread in self.threads {
            thread.join().expect("server thread");
        }
    }
}

/// A new database on the server at `url`; its URL.
fn scratch_database(url: &str, name: &str) -> String {
    let mut admin = postgres::Client::connect(url, postgres::NoTls).expect("the PostgreSQL server");
    for statement in [
        format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
        format!("CREATE DATABASE {name}"),
    ] {
        admin.batch_execute(&statement).expect("a scratch database");
    }
    format!(
        "{}/{name}",
        &url[..url.rfind('/').expect("a URL ending with /DATABASE")]
    )
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let scale = if quick { 1 } else { 4 };
    let dir = tempfile::tempdir().expect("temp dir");
    let mut setups = vec![(
        "redb, 1 server".to_string(),
        dir.path().join("b.redb").display().to_string(),
        1,
    )];
    match std::env::var("KIFU_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => {
            setups.push((
                "PostgreSQL, 1 server".into(),
                scratch_database(&url, "kifu_bench_one"),
                1,
            ));
            setups.push((
                "PostgreSQL, 3 servers".into(),
                scratch_database(&url, "kifu_bench_three"),
                3,
            ));
        }
        _ => eprintln!("PostgreSQL skipped: KIFU_TEST_POSTGRES is unset (run under tests/pg/run-cluster)"),
    }
    let cases: [(usize, usize); 3] = [(1, 100 * scale), (8, 25 * scale), (64, 12 * scale)];
    let clients = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("client runtime");
    println!("| backend | recorders | appends | appends/s | p50 ms | p99 ms |");
    println!("|---|--:|--:|--:|--:|--:|");
    for (name, location, count) in &setups {
        let servers = Servers::start(location, *count);
        let mut acknowledged = Vec::new();
        for (n, each) in cases {
            let (measure, acks): (Measure, _) = clients.block_on(recorders(&servers.addrs, n, each, false));
            println!(
                "| {name} | {n} | {} | {:.0} | {:.1} | {:.1} |",
                measure.appends,
                measure.rate(),
                measure.percentile(0.5),
                measure.percentile(0.99)
            );
            acknowledged.extend(acks);
        }
        servers.stop();
        let store: Arc<dyn RecordStore> =
            kifu_records::open(location, kifu_games::registry(), &OpenOptions::default()).expect("reopen");
        let mut hashes: HashMap<String, Vec<String>> = HashMap::new();
        for (id, seq, head) in &acknowledged {
            let stored = hashes.entry(id.clone()).or_insert_with(|| {
                store
                    .record(id)
                    .expect("record")
                    .hashes()
                    .iter()
                    .map(|h| hex::encode(h))
                    .collect()
            });
            assert_eq!(
                stored.get(*seq as usize),
                Some(head),
                "{name}: an acknowledged append is missing"
            );
        }
    }
}
