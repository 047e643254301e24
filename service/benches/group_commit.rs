//! Group commit under load: the service started in this process on loopback, N recorders (one
//! task and one keep-alive HTTP connection each, N = 1, 8, 64, each on its own record) making a
//! bounded number of durable appends, then 8 recorders racing on one record with
//! `expect_head`; against `Store::append` (one append a transaction) measured in the same run
//! on the same disk, just before and just after each case (the disk's speed drifts). Prints
//! appends/s and p50/p99 latency; checks only that every acknowledged append is in the store
//! afterwards. Never reaches beyond 127.0.0.1.
//!
//! `cargo bench -p kifu-service --bench group_commit [-- --quick]`

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

#[path = "client/mod.rs"]
mod client;

use client::{recorders, Measure};
use kifu_core::record::{hex, Actor};
use kifu_records::{Append, Store};
use kifu_service::{Clock, Config, Server};

fn now() -> String {
    "2026-12-01T20:00:00Z".into()
}

/// A different time for every header, as the binary's clock gives.
fn precise() -> String {
    static TICK: AtomicU64 = AtomicU64::new(0);
    format!("2026-12-01T20:00:00.{:09}Z", TICK.fetch_add(1, Ordering::Relaxed))
}

/// `Store::append` alone, one append a transaction, on a store and a record of its own.
struct Reference {
    store: Store,
    id: String,
    made: usize,
}

impl Reference {
    fn new(file: &std::path::Path) -> Reference {
        let store = Store::open(file, kifu_games::registry()).expect("store");
        let header = kifu_core::record::Header::new(
            "chess",
            1,
            vec!["A".into(), "B".into()],
            kifu_core::record::ChanceMode::Observed,
        );
        let id = store.create(header, None, None).expect("create").id;
        Reference { store, id, made: 0 }
    }

    fn run(&mut self, count: usize) -> Measure {
        let mut latencies = Vec::with_capacity(count);
        let started = Instant::now();
        for _ in 0..count {
            let request = Append {
                commands: vec![(Some(Actor::Note), format!("recorder remark {}", self.made))],
                time: Some(now()),
                ..Append::default()
            };
            let sent = Instant::now();
            self.store.append(&self.id, &request).expect("append");
            latencies.push(sent.elapsed());
            self.made += 1;
        }
        Measure {
            appends: count,
            wall: started.elapsed(),
            latencies,
            conflicts: 0,
        }
    }
}

/// One line of the table: the case, and the reference measured just before and just after it.
fn row(name: &str, m: &Measure, before: &Measure, after: &Measure) {
    let single = (before.rate() + after.rate()) / 2.0;
    let conflicts = if m.conflicts > 0 {
        format!(", {} conflicts", m.conflicts)
    } else {
        String::new()
    };
    println!(
        "| {name} | {}{conflicts} | {:.0} | {:.1} | {:.1} | {:.0} / {:.0} | {:.1} |",
        m.appends,
        m.rate(),
        m.percentile(0.5),
        m.percentile(0.99),
        before.rate(),
        after.rate(),
        m.rate() / single,
    );
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let scale = if quick { 1 } else { 4 };
    let dir = tempfile::tempdir().expect("temp dir");
    let mut reference = Reference::new(&dir.path().join("reference.redb"));
    let slice = 50 * scale;

    let store = Store::open(&dir.path().join("served.redb"), kifu_games::registry()).expect("store");
    let mut config = Config::new(Clock { now, precise });
    config.log_requests = false;
    let server = Server::bind(std::sync::Arc::new(store), ([127, 0, 0, 1], 0).into(), config).expect("bind");
    let addr = server.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = std::thread::spawn(move || {
        server
            .run_until(async move {
                let _ = stopped.await;
            })
            .expect("serve")
    });

    let clients = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("client runtime");
    let cases: [(&str, usize, usize, bool); 4] = [
        ("1 recorder", 1, 100 * scale, false),
        ("8 recorders, 8 records", 8, 25 * scale, false),
        ("64 recorders, 64 records", 64, 12 * scale, false),
        ("8 recorders racing on 1 record", 8, 10 * scale, true),
    ];
    // The disk's speed drifts while other jobs run: the reference is measured between cases.
    let mut references = vec![reference.run(slice)];
    let mut results = Vec::new();
    let mut acknowledged = Vec::new();
    for (name, n, each, one_record) in cases {
        let (measure, acks) = clients.block_on(recorders(&[addr], n, each, one_record));
        references.push(reference.run(slice));
        eprintln!("{name}: {:.0} appends/s", measure.rate());
        results.push((name, measure));
        acknowledged.extend(acks);
    }
    drop(clients);
    let _ = stop.send(());
    serving.join().expect("server thread");

    // Every acknowledged append is stored, with the head it was answered.
    let store = Store::open_read_only(&dir.path().join("served.redb"), kifu_games::registry()).expect("reopen");
    let mut hashes: HashMap<String, Vec<String>> = HashMap::new();
    let mut missing = 0;
    for (id, seq, head) in &acknowledged {
        let stored = hashes.entry(id.clone()).or_insert_with(|| {
            let record = store.record(id).expect("record");
            record.hashes().iter().map(|h| hex::encode(h)).collect()
        });
        if stored.get(*seq as usize) != Some(head) {
            missing += 1;
        }
    }
    assert_eq!(missing, 0, "acknowledged appends missing from the store");

    let all = Measure {
        appends: references.iter().map(|m| m.appends).sum(),
        wall: references.iter().map(|m| m.wall).sum(),
        latencies: references.iter().flat_map(|m| m.latencies.clone()).collect(),
        conflicts: 0,
    };
    println!("| case | appends | appends/s | p50 ms | p99 ms | Store::append/s before / after | × Store::append |");
    println!("|---|--:|--:|--:|--:|--:|--:|");
    row("Store::append, 1 a transaction (all slices)", &all, &all, &all);
    for (n, (name, measure)) in results.iter().enumerate() {
        row(name, measure, &references[n], &references[n + 1]);
    }
    println!(
        "all {} acknowledged appends are in the store with their heads",
        acknowledged.len()
    );
}
