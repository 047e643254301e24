//! A store whose writer was killed (a server's process gone with SIGKILL) is left marked as
//! needing repair; every command must still read it, with nothing lost, without waiting for
//! a writer to come along and repair it first.

mod serve;

use kifu_e2e::Session;
use serve::Served;

#[test]
fn every_reading_command_opens_a_store_whose_server_was_killed() {
    let s = Session::new();
    let id = s.ok(&["new", "senet"]).trim().to_string();
    s.ok(&["play", &id, "3", "1-4"]);
    let before = s.ok(&["log", &id]);

    let mut server = Served::start(&s);
    server.kill9();

    // Reads first: before this fix each of them said "Database repair aborted".
    assert!(s.ok(&["list"]).contains(&id));
    assert_eq!(s.ok(&["log", &id]), before, "the record changed across the crash");
    assert!(s.ok(&["verify", &id]).contains(": ok, 2 entries"));
    s.ok(&["check"]);
    // And the store still takes entries.
    s.ok(&["play", &id, "2"]);
}
