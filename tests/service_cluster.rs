//! Several servers on one store: three `kifu serve` processes on one PostgreSQL database, 16
//! recorders spread over them (8 on games of their own, 8 racing on one game with
//! `expect_head`), and a follower on server 3 streaming a game recorded through server 1.
//! Afterwards: no fork, no acknowledged append lost, every record verifies, and the follower
//! saw every entry. Then the load again with server 2 killed (SIGKILL) in the middle: the
//! others go on acknowledging; server 2 restarted on the store serves every record as the
//! others do, and the requests it left unanswered, retried on it with their idempotency keys,
//! are never stored twice. A few seconds by default; `--ignored` runs 30 s. Needs PostgreSQL
//! (KIFU_TEST_POSTGRES; skipped with the reason printed when unset outside CI).

mod serve;

use std::io::BufRead;
use std::sync::mpsc;
use std::time::Duration;

use kifu_e2e::{pg, Session};
use serde_json::{json, Value};
use serve::load::{check, retry, Game, Ledger, Load};
use serve::{create, Served};

const SOLO: usize = 8;
const RACERS: usize = 8;
const SERVERS: usize = 3;

/// Server `n` (0-based) of the session's store, with the shared key files.
fn start(s: &Session, n: usize) -> Served {
    let (log_key, seed_key) = (s.path("log.key"), s.path("seeds.key"));
    Served::start_with(
        s,
        &format!("serve{}.log", n + 1),
        &[
            "--key-file",
            log_key.to_str().unwrap(),
            "--seed-key",
            seed_key.to_str().unwrap(),
        ],
    )
}

/// Follows record `id`'s live stream on a server; every entry's seq goes to the channel.
fn follow(server: &Served, id: &str) -> mpsc::Receiver<u64> {
    let (status, mut lines) = server.http.open_stream(
        &format!("/v1/records/{id}/stream"),
        &[("accept", "application/x-ndjson")],
    );
    assert_eq!(status, 200);
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || loop {
        let mut line = String::new();
        match lines.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                let item: Value = serde_json::from_str(&line).unwrap();
                if item["event"] == "entry" && send.send(item["seq"].as_u64().unwrap()).is_err() {
                    return;
                }
            }
        }
    });
    receive
}

/// A record as a server serves it: (seq, head).
fn head_on(server: &Served, id: &str) -> (u64, String) {
    let answer = server.http.get_as(&format!("/v1/records/{id}"), None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let record = answer.json();
    (
        record["seq"].as_u64().unwrap(),
        record["head"].as_str().unwrap().to_string(),
    )
}

fn three_servers(duration: Duration) {
    let Some(database) = pg::Database::new() else { return };
    let s = Session::on_store(&database.url);
    let mut servers: Vec<Served> = (0..SERVERS).map(|n| start(&s, n)).collect();
    let https: Vec<_> = servers.iter().map(|server| server.http.clone()).collect();
    let games: Vec<Game> = (0..=SOLO)
        .map(|n| {
            let made = create(&https[n % SERVERS], json!({"game": "chess"}));
            Game {
                arbiter: made.token("arbiter"),
                id: made.id,
            }
        })
        .collect();
    let (solo, shared) = (&games[..SOLO], &games[SOLO]);
    let mut ledger = Ledger::default();

    // Solo game 0 is recorded through server 1 (recorder 0); server 3 streams it.
    let followed = follow(&servers[2], &solo[0].id);
    let load = Load::start(&https, solo, shared, RACERS, "a");
    std::thread::sleep(duration);
    let unanswered = ledger.add(load.finish());
    assert!(unanswered.is_empty(), "a server failed to answer: {unanswered:?}");
    eprintln!("three servers: {} appends acknowledged", ledger.total());
    assert!(ledger.total() > 0, "nothing was acknowledged");
    check(&s, &games, &ledger);
    let (last, _) = head_on(&servers[0], &solo[0].id);
    let mut seen = Vec::new();
    while seen.last() != Some(&last) {
        match followed.recv_timeout(Duration::from_secs(20)) {
            Ok(seq) => seen.push(seq),
            Err(_) => panic!("server 3's stream stopped at {seen:?} of {last} entries made on server 1"),
        }
    }
    assert_eq!(
        seen,
        (1..=last).collect::<Vec<_>>(),
        "server 3 saw every entry in order"
    );

    // The load again; server 2 killed in the middle of it, the others going on.
    let load = Load::start(&https, solo, shared, RACERS, "b");
    std::thread::sleep(duration / 3);
    while load.acknowledged() == 0 && load.running() {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!servers[1].kill9().success());
    let at_kill = load.acknowledged();
    while load.acknowledged() < at_kill + 20 && load.running() {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        load.acknowledged() >= at_kill + 20,
        "servers 1 and 3 stopped acknowledging when server 2 was killed"
    );
    std::thread::sleep(duration / 3);
    let before = ledger.total();
    let unanswered = ledger.add(load.finish());
    eprintln!(
        "server 2 killed: {} appends acknowledged in this phase, {} requests unanswered",
        ledger.total() - before,
        unanswered.len()
    );

    // Restarted, server 2 serves every record as server 1 does, and answers the requests it
    // left unanswered by their keys: first answer, stored now, or stale; never twice.
    servers[1] = start(&s, 1);
    for game in &games {
        assert_eq!(
            head_on(&servers[1], &game.id),
            head_on(&servers[0], &game.id),
            "{}",
            game.id
        );
    }
    let retried = retry(&servers[1].http, unanswered, &mut ledger);
    eprintln!("retried on the restarted server (status, replayed): {retried:?}");
    check(&s, &games, &ledger);
    for server in &mut servers {
        assert!(server.terminate().success());
    }
    check(&s, &games, &ledger);
}

#[test]
fn three_servers_on_one_database_never_fork_and_follow_each_other() {
    three_servers(Duration::from_secs(3));
}

#[test]
#[ignore = "30 seconds of load: cargo test --test service_cluster -- --ignored (needs PostgreSQL)"]
fn three_servers_on_one_database_for_thirty_seconds() {
    three_servers(Duration::from_secs(30));
}
