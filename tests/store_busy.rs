//! End-to-end: two kifu processes on one store. Reads never wait for a writer; a write waits
//! for the other process to finish (up to --wait, 10 s by default), then gives up with "store
//! busy" and exit 3, changing nothing. The other writer here is this test process holding the
//! file open for writing, with a write transaction under way, as a second kifu would; then the
//! same process holding the file alone, as `kifu serve --exclusive` does.

use std::process::Command;
use std::time::Duration;

use kifu_e2e::{kifu_bin, Session};
use redb::{Builder, ConcurrencyMode};

#[test]
fn a_busy_store_makes_writers_wait_then_give_up_while_readers_go_on() {
    let s = Session::new();
    let id = s.ok(&["new", "chess"]).trim().to_string();
    s.ok(&["play", &id, "e4"]);
    let db = Builder::new()
        .set_concurrency_mode(ConcurrencyMode::SingleWriter)
        .create(s.store())
        .unwrap();
    let held = db.begin_write().unwrap();
    // Reading goes on while another process writes.
    assert!(s.ok(&["show", &id]).contains("entry 1"));
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
    // A write gives up after --wait, with its own exit code, and changes nothing.
    let run = s.run(&["--wait", "1", "play", &id, "e5"]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("store busy"), "{}", run.stderr);
    // A write with the default wait goes through once the other writer is done.
    let mut play = Command::new(kifu_bin());
    play.args(["--store", s.store().to_str().unwrap(), "play", &id, "e5"])
        .env_remove("KIFU_STORE")
        .env_remove("KIFU_WAIT");
    let child = std::thread::spawn(move || play.output());
    std::thread::sleep(Duration::from_millis(700));
    held.abort().unwrap();
    drop(db);
    let output = child.join().unwrap().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(s.json(&["show", &id, "--json"])["seq"], 2);
}

/// What `kifu serve --exclusive` does to the others: a process holding the file alone (this
/// test, as redb's `ExclusiveWriter`) keeps readers out with the reason and writers waiting;
/// once it lets go, the store reads and writes as before.
#[test]
fn a_store_held_alone_turns_readers_away_with_the_reason_until_let_go() {
    let s = Session::new();
    let id = s.ok(&["new", "chess"]).trim().to_string();
    s.ok(&["play", &id, "e4"]);
    let db = Builder::new()
        .set_concurrency_mode(ConcurrencyMode::ExclusiveWriter)
        .create(s.store())
        .unwrap();
    let run = s.run(&["show", &id]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("held alone"), "{}", run.stderr);
    assert!(run.stderr.contains("--server"), "{}", run.stderr);
    let run = s.run(&["--wait", "1", "play", &id, "e5"]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("store busy"), "{}", run.stderr);
    drop(db);
    s.ok(&["play", &id, "e5"]);
    assert!(s.ok(&["verify", &id]).contains(": ok,"));
}
