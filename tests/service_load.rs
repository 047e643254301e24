//! Load and fault: `kifu serve` on loopback under 32 recorders on 32 chess games and 8 racing
//! on one more with `expect_head`, each request a random legal move (while the game lasts) and
//! a note naming the request, every acknowledged (seq, head) kept. Afterwards every
//! acknowledged append is stored at its seq with its head (no fork), no request is stored twice
//! or without having been sent, and `kifu check` passes. Then the same load again, the server
//! killed with SIGKILL in the middle of it, restarted on the same store, the requests left
//! unanswered retried with their idempotency keys, and the same checks. Bounded: a few seconds
//! by default; `cargo test --test service_load -- --ignored` runs the 30-second version.
//! Never reaches beyond 127.0.0.1, and asserts nothing about time.

mod serve;

use std::time::Duration;

use kifu_e2e::Session;
use serde_json::json;
use serve::load::{check, retry, Game, Ledger, Load};
use serve::{create, Served};

const SOLO: usize = 32;
const RACERS: usize = 8;

fn load_and_fault(duration: Duration) {
    let s = Session::new();
    let mut server = Served::start(&s);
    let games: Vec<Game> = (0..=SOLO)
        .map(|_| {
            let made = create(&server.http, json!({"game": "chess"}));
            Game {
                arbiter: made.token("arbiter"),
                id: made.id,
            }
        })
        .collect();
    let (solo, shared) = (&games[..SOLO], &games[SOLO]);
    let mut ledger = Ledger::default();

    // The load for the whole duration, then every acknowledgement checked against the store
    // (read by the CLI while the server runs).
    let load = Load::start(std::slice::from_ref(&server.http), solo, shared, RACERS, "a");
    std::thread::sleep(duration);
    let unanswered = ledger.add(load.finish());
    assert!(unanswered.is_empty(), "the server failed to answer: {unanswered:?}");
    eprintln!("under load: {} appends acknowledged", ledger.total());
    assert!(ledger.total() > 0, "nothing was acknowledged");
    check(&s, &games, &ledger);

    // The load again, and the server killed in the middle of it.
    let load = Load::start(std::slice::from_ref(&server.http), solo, shared, RACERS, "b");
    std::thread::sleep(duration / 3);
    while load.acknowledged() == 0 && load.running() {
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = server.kill9();
    assert!(!status.success(), "{status:?}");
    let before = ledger.total();
    let unanswered = ledger.add(load.finish());
    eprintln!(
        "killed: {} appends acknowledged before the kill, {} requests unanswered",
        ledger.total() - before,
        unanswered.len()
    );
    // Restarted on the same store: each request left unanswered is sent again with its key.
    let mut server = Served::start(&s);
    let retried = retry(&server.http, unanswered, &mut ledger);
    eprintln!("retried after the restart (status, replayed): {retried:?}");
    check(&s, &games, &ledger);
    let status = server.terminate();
    assert!(status.success(), "{status:?}");
    check(&s, &games, &ledger);
}

#[test]
fn acknowledged_appends_survive_load_and_a_kill() {
    load_and_fault(Duration::from_secs(3));
}

#[test]
#[ignore = "30 seconds of load: cargo test --test service_load -- --ignored"]
fn acknowledged_appends_survive_thirty_seconds_of_load_and_a_kill() {
    load_and_fault(Duration::from_secs(30));
}
