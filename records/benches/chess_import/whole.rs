//! The release `kifu import` itself run on a PGN file, as a user runs it: wall time, the
//! child's peak resident memory (its own rusage) and the store's size. Never changes the file.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// What one `kifu import` did.
pub struct Imported {
    pub secs: f64,
    /// Peak resident set of the `kifu` process, bytes.
    pub peak_rss: u64,
    /// CPU time of the `kifu` process, all its threads, user and system, seconds: steadier than
    /// wall time on a shared machine.
    pub cpu_secs: f64,
    /// The store file after the import (rewritten in key order, as `kifu import` leaves it), bytes.
    pub store_bytes: u64,
}

/// The `kifu` binary: `--kifu PATH`, else the release build beside this bench's own binary
/// (`target/release/kifu`); `None` when it is not built.
pub fn binary(given: Option<&String>) -> Option<PathBuf> {
    if let Some(path) = given {
        return Some(PathBuf::from(path));
    }
    let me = std::env::current_exe().ok()?;
    let path = me.parent()?.parent()?.join("kifu");
    path.exists().then_some(path)
}

/// Imports `pgn` into a new store in `dir` with `jobs` threads; panics if `kifu` fails.
pub fn import(kifu: &Path, pgn: &Path, dir: &Path, jobs: usize) -> Imported {
    let store = dir.join(format!("whole-{jobs}.redb"));
    let _ = std::fs::remove_file(&store);
    let t = Instant::now();
    // Waited for by `wait4` (for its rusage), not by `Child::wait`.
    #[allow(clippy::zombie_processes)]
    let child = Command::new(kifu)
        .arg("--store")
        .arg(&store)
        .args(["import", "--json", "--jobs", &jobs.to_string()])
        .arg(pgn)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start kifu");
    let (status, peak_rss, cpu_secs) = wait_with_usage(child.id());
    let secs = t.elapsed().as_secs_f64();
    assert_eq!(status, 0, "kifu import {} failed", pgn.display());
    let store_bytes = std::fs::metadata(&store).map_or(0, |m| m.len());
    let _ = std::fs::remove_file(&store);
    Imported {
        secs,
        peak_rss,
        cpu_secs,
        store_bytes,
    }
}

/// Waits for the child `pid`: its exit status, its peak resident set in bytes and its CPU
/// seconds.
fn wait_with_usage(pid: u32) -> (i32, u64, f64) {
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills in; pid is our own child, not yet waited.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid as libc::pid_t, "wait for kifu");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    // ru_maxrss is in KiB on Linux.
    (
        code,
        usage.ru_maxrss as u64 * 1024,
        seconds(usage.ru_utime) + seconds(usage.ru_stime),
    )
}
