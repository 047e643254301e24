//! Helpers for the end-to-end tests: the built `kifu` binary and a scratch store to run it
//! against, so each test reads like a user's session at a terminal.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The `kifu` binary of this build profile, built once if cargo has not built it yet.
pub fn kifu_bin() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let exe = std::env::current_exe().expect("test executable path");
        let profile_dir = exe.parent().and_then(Path::parent).expect("target/<profile>/deps");
        let bin = profile_dir.join(format!("kifu{}", std::env::consts::EXE_SUFFIX));
        let release = profile_dir.file_name().is_some_and(|n| n == "release");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut build = Command::new(cargo);
        build.args(["build", "-q", "-p", "kifu", "--bin", "kifu"]);
        if release {
            build.arg("--release");
        }
        let status = build.status().expect("run cargo build for the kifu binary");
        assert!(status.success(), "building the kifu binary failed");
        bin
    })
}

/// A user at a terminal with an empty store of their own.
pub struct Session {
    pub dir: tempfile::TempDir,
    /// Another store than the session's file (a PostgreSQL database's URL).
    location: Option<PathBuf>,
}

/// What one command did.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    fn from(output: Output) -> Run {
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            dir: tempfile::tempdir().expect("temporary folder"),
            location: None,
        }
    }

    /// A session whose store is at `location` (a PostgreSQL database's URL).
    pub fn on_store(location: &str) -> Session {
        Session {
            location: Some(PathBuf::from(location)),
            ..Session::new()
        }
    }

    pub fn store(&self) -> PathBuf {
        match &self.location {
            Some(location) => location.clone(),
            None => self.dir.path().join("store.redb"),
        }
    }

    /// A path inside the session's folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Runs `kifu ARGS` against this session's store.
    pub fn run(&self, args: &[&str]) -> Run {
        self.run_on(&self.store(), args)
    }

    /// Runs `kifu ARGS` against another store file.
    pub fn run_on(&self, store: &Path, args: &[&str]) -> Run {
        let output = Command::new(kifu_bin())
            .arg("--store")
            .arg(store)
            .args(args)
            .env_remove("KIFU_STORE")
            .current_dir(self.dir.path())
            .output()
            .expect("run kifu");
        Run::from(output)
    }

    /// Runs and expects exit 0; returns stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let run = self.run(args);
        assert_eq!(run.code, 0, "kifu {args:?} failed:\n{}\n{}", run.stdout, run.stderr);
        run.stdout
    }

    /// Runs and expects the given exit code; returns the run.
    pub fn fails(&self, args: &[&str], code: i32) -> Run {
        let run = self.run(args);
        assert_eq!(
            run.code, code,
            "kifu {args:?}: expected exit {code}:\n{}\n{}",
            run.stdout, run.stderr
        );
        run
    }

    /// The ids of the records stored, in `list`'s order; none when the store was never made
    /// (a command that only reads never makes it, and `list` refuses a store not there).
    pub fn stored(&self) -> Vec<String> {
        if !self.store().exists() {
            return Vec::new();
        }
        let listed = self.json(&["list", "--json"]);
        let rows = listed.as_array().expect("list --json is an array");
        rows.iter()
            .map(|row| row["id"].as_str().expect("an id").to_string())
            .collect()
    }

    /// Runs and parses stdout as JSON.
    pub fn json(&self, args: &[&str]) -> serde_json::Value {
        let out = self.ok(args);
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("kifu {args:?} printed no JSON ({e}):\n{out}"))
    }

    /// A record's last sequence number and head hash, as `show --json` gives them.
    pub fn head(&self, id: &str) -> (u64, String) {
        let v = self.json(&["show", id, "--json"]);
        let seq = v["seq"].as_u64().expect("show --json has a seq");
        (seq, v["head"].as_str().expect("show --json has a head").to_string())
    }
}

/// A scratch database on the PostgreSQL server at `KIFU_TEST_POSTGRES` (tests/pg/run-cluster
/// starts a throwaway one and sets it), dropped at the end.
pub mod pg {
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// The server's URL, or `None` with the reason printed; under CI a missing server fails.
    pub fn url() -> Option<String> {
        match std::env::var("KIFU_TEST_POSTGRES") {
            Ok(url) if !url.is_empty() => Some(url),
            _ if std::env::var_os("CI").is_some() => {
                panic!("CI runs the PostgreSQL suites: KIFU_TEST_POSTGRES is unset (tests/pg/run-cluster sets it)")
            }
            _ => {
                eprintln!("skipped: this test needs PostgreSQL and KIFU_TEST_POSTGRES is unset (run under tests/pg/run-cluster)");
                None
            }
        }
    }

    pub struct Database {
        server: String,
        name: String,
        /// `postgres://.../NAME`.
        pub url: String,
    }

    impl Database {
        /// A new empty database, or `None` (printed why) when there is no server.
        pub fn new() -> Option<Database> {
            static MADE: AtomicUsize = AtomicUsize::new(0);
            let server = url()?;
            let name = format!(
                "kifu_e2e_{}_{}",
                std::process::id(),
                MADE.fetch_add(1, Ordering::SeqCst)
            );
            let mut admin = postgres::Client::connect(&server, postgres::NoTls).expect("the test server");
            admin
                .batch_execute(&format!("CREATE DATABASE {name}"))
                .expect("create a database");
            let base = &server[..server.rfind('/').expect("a URL ending with /DATABASE")];
            Some(Database {
                url: format!("{base}/{name}"),
                server,
                name,
            })
        }
    }

    impl Drop for Database {
        fn drop(&mut self) {
            if let Ok(mut admin) = postgres::Client::connect(&self.server, postgres::NoTls) {
                let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
            }
        }
    }
}
