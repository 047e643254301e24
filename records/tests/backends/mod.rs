//! The store's tests run on every backend: `on_both!` makes each listed test function (taking
//! the backend's `Kind`) a test on a scratch redb file and one on a scratch PostgreSQL
//! database. PostgreSQL is the server at `KIFU_TEST_POSTGRES` (tests/pg/run-cluster starts a
//! throwaway one and sets it); without it a test is skipped with a printed reason, except under
//! CI, where it fails.

#![allow(dead_code)]

use std::ops::Deref;

use kifu_records::{OpenOptions, RecordStore};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Redb,
    Postgres,
}

/// A store of its own for one test, removed after it (the file, or the database).
pub struct Scratch {
    store: Option<Box<dyn RecordStore>>,
    pub dir: tempfile::TempDir,
    pub kind: Kind,
    pub location: String,
    /// PostgreSQL: the server's URL and the scratch database's name, dropped at the end.
    database: Option<(String, String)>,
}

impl Deref for Scratch {
    type Target = dyn RecordStore;
    fn deref(&self) -> &(dyn RecordStore + 'static) {
        self.store.as_deref().expect("open")
    }
}

/// The PostgreSQL server the tests use, or `None` (with the reason printed) when there is none.
pub fn postgres_url() -> Option<String> {
    match std::env::var("KIFU_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var_os("CI").is_some() => {
            panic!("CI runs the PostgreSQL suites: KIFU_TEST_POSTGRES is unset (tests/pg/run-cluster sets it)")
        }
        _ => {
            eprintln!("skipped on PostgreSQL: KIFU_TEST_POSTGRES is unset (run under tests/pg/run-cluster)");
            None
        }
    }
}

/// A new, empty database on the server at `url`; its URL.
pub fn scratch_database(url: &str) -> (String, String) {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).unwrap();
    let name = format!("kifu_test_{}", kifu_core::record::hex::encode(&bytes));
    let mut admin = postgres::Client::connect(url, postgres::NoTls).expect("the test server");
    admin.batch_execute(&format!("CREATE DATABASE {name}")).unwrap();
    let base = &url[..url.rfind('/').expect("a URL ending with /DATABASE")];
    (format!("{base}/{name}"), name)
}

impl Scratch {
    /// A new empty store of `kind`; `None` when the backend is not available here.
    pub fn new(kind: Kind) -> Option<Scratch> {
        let dir = tempfile::tempdir().unwrap();
        let (location, database) = match kind {
            Kind::Redb => (dir.path().join("s.redb").display().to_string(), None),
            Kind::Postgres => {
                let url = postgres_url()?;
                let (location, name) = scratch_database(&url);
                (location, Some((url, name)))
            }
        };
        let mut scratch = Scratch {
            store: None,
            dir,
            kind,
            location,
            database,
        };
        scratch.reopen();
        Some(scratch)
    }

    pub fn options(&self) -> OpenOptions {
        OpenOptions {
            seed_key: Some(self.dir.path().join("seeds.key")),
            ..OpenOptions::default()
        }
    }

    /// Closes the store and opens it again.
    pub fn reopen(&mut self) {
        self.store = None;
        self.store = Some(kifu_records::open_boxed(&self.location, kifu_games::registry(), &self.options()).unwrap());
    }

    /// Another handle on the same store (PostgreSQL: as another server would have).
    pub fn another(&self) -> Box<dyn RecordStore> {
        kifu_records::open_boxed(&self.location, kifu_games::registry(), &self.options()).unwrap()
    }

    /// Everything stored, closed first: the redb file's bytes, or every row of every table of
    /// the database as text (bytea in hex).
    pub fn stored_bytes(&mut self) -> Vec<u8> {
        self.store = None;
        match self.kind {
            Kind::Redb => std::fs::read(&self.location).unwrap(),
            Kind::Postgres => {
                let mut sql = self.sql();
                let tables: Vec<String> = sql
                    .query("SELECT tablename::text FROM pg_tables WHERE schemaname = 'public'", &[])
                    .unwrap()
                    .iter()
                    .map(|row| row.get(0))
                    .collect();
                let mut out = Vec::new();
                for table in tables {
                    for row in sql.query(&format!("SELECT t::text FROM {table} t"), &[]).unwrap() {
                        out.extend(row.get::<_, String>(0).into_bytes());
                        out.push(b'\n');
                    }
                }
                out
            }
        }
    }

    /// A connection to the scratch database, to change it as someone with other tools could.
    pub fn sql(&self) -> postgres::Client {
        postgres::Client::connect(&self.location, postgres::NoTls).unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        self.store = None;
        if let Some((url, name)) = &self.database {
            if let Ok(mut admin) = postgres::Client::connect(url, postgres::NoTls) {
                let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
            }
        }
    }
}

/// Makes each named function `fn(Kind)` a test on redb and one on PostgreSQL.
#[macro_export]
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod on_redb {
            $( #[test] fn $name() { super::$name($crate::backends::Kind::Redb) } )*
        }
        mod on_postgres {
            $( #[test] fn $name() { super::$name($crate::backends::Kind::Postgres) } )*
        }
    };
}
