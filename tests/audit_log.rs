//! End-to-end: the store's transparency log as a player, an arbiter and an auditor use it.
//! A file cut by one line or rewritten and re-chained passes the chain check but fails against
//! its proof bundle; a record rewritten and re-chained inside the store is caught by 'kifu
//! check', a re-signed log is refused, and a log rebuilt and signed anew is caught by an old
//! checkpoint's consistency check; a forked copy of the log is caught by comparing checkpoints.

use std::path::Path;

use kifu_e2e::Session;
use redb::{ReadableDatabase, ReadableTable, TableDefinition};

/// id -> the record's number, which its other rows are keyed by.
const NUMBERS: TableDefinition<&str, u64> = TableDefinition::new("record_numbers");
/// number -> (id, the header's text).
const HEADERS: TableDefinition<u64, (&str, &str)> = TableDefinition::new("headers");
/// (number, first seq) -> (chain hash after the block, zstd of its lines).
const BLOCKS: TableDefinition<(u64, u64), Block> = TableDefinition::new("entry_blocks");
type Block = ([u8; 32], &'static [u8]);
/// number -> (seq, chain hash, status JSON).
const HEADS: TableDefinition<u64, (u64, [u8; 32], &str)> = TableDefinition::new("record_heads");
const LOG_META: TableDefinition<&str, &str> = TableDefinition::new("log_meta");

/// A chess game of `moves` moves by the players at the table; its id.
fn game(s: &Session, store: &Path, moves: &[&str]) -> String {
    let run = s.run_on(store, &["new", "chess", "--player", "Ann", "--player", "Ben"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let id = run.stdout.trim().to_string();
    let mut args = vec!["play", id.as_str()];
    args.extend_from_slice(moves);
    let run = s.run_on(store, &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    id
}

fn write(s: &Session, name: &str, text: &str) -> String {
    let path = s.path(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The kifu text of `lines` (header lines, then entry lines without hashes) chained anew, as
/// anyone with blake3 can.
fn rechain(header: &[&str], entries: &[String]) -> String {
    let mut text: String = header.iter().map(|l| format!("{l}\n")).collect();
    let mut head = *blake3::hash(text.as_bytes()).as_bytes();
    text.push_str(&format!("header {}\n", hex(&head)));
    for line in entries {
        let mut h = blake3::Hasher::new();
        h.update(&head);
        h.update(line.as_bytes());
        head = *h.finalize().as_bytes();
        text.push_str(&format!("{line} {}\n", hex(&head)));
    }
    text
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A kifu file split into header lines and entry lines without their hashes.
fn split(file: &str) -> (Vec<&str>, Vec<String>) {
    let lines: Vec<&str> = file.lines().collect();
    let end = lines.iter().position(|l| l.starts_with("header ")).unwrap();
    let entries = lines[end + 1..]
        .iter()
        .map(|l| l.rsplit_once(' ').unwrap().0.to_string())
        .collect();
    (lines[..end].to_vec(), entries)
}

#[test]
fn a_file_cut_by_one_line_or_rewritten_fails_against_its_proof() {
    let s = Session::new();
    let id = game(&s, &s.store(), &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    let file = s.ok(&["export", &id]);
    let exported = write(&s, "game.kifu", &file);
    let key = s.ok(&["key"]);
    let key_file = write(&s, "log.pub", &key);
    assert!(key.starts_with("kifu/"), "{key}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(s.path("store.redb.tlog-key"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the signing key is its owner's alone");
    }
    assert_eq!(s.ok(&["key"]), key, "made once");
    let bundle = s.path("game.proof.json");
    s.ok(&["prove", &id, "-o", bundle.to_str().unwrap()]);
    let bundle = bundle.to_str().unwrap();
    let ok = s.ok(&["verify", &exported, "--proof", bundle, "--key", &key_file]);
    assert!(ok.contains("game.kifu: ok, 6 entries"), "{ok}");
    assert!(
        ok.contains("proof: ok, the header at leaf 0 and entry 6 at leaf 6"),
        "{ok}"
    );
    let json = s.json(&["verify", &exported, "--proof", bundle, "--key", key.trim(), "--json"]);
    assert_eq!(json["proof"]["tree_size"], 7);

    // Cut by one line: the chain alone still holds; the proof does not.
    let cut = write(&s, "cut.kifu", &file[..file.trim_end().rfind('\n').unwrap() + 1]);
    assert!(s.ok(&["verify", &cut]).contains(": ok, 5 entries"));
    let run = s.fails(&["verify", &cut, "--proof", bundle, "--key", &key_file], 1);
    assert!(run.stdout.contains("the file was cut"), "{}", run.stdout);

    // Rewritten and re-chained: the time of entry 3 changed, every hash after it recomputed.
    let (header, mut entries) = split(&file);
    let time = entries[2][entries[2].find("t=").unwrap()..entries[2].find(" s=").unwrap()].to_string();
    entries[2] = entries[2].replace(&time, "t=2020-01-01T00:00:00Z");
    let forged = write(&s, "forged.kifu", &rechain(&header, &entries));
    assert!(
        s.ok(&["verify", &forged]).contains(": ok, 6 entries"),
        "the chain alone holds"
    );
    let run = s.fails(&["verify", &forged, "--proof", bundle, "--key", &key_file], 1);
    assert!(run.stdout.contains("is not what the log recorded"), "{}", run.stdout);
    assert!(
        run.stdout.contains("parts from the logged record at entry 3"),
        "{}",
        run.stdout
    );

    // A proof of an earlier entry fits the file cut there; another log's key fits nothing.
    let early = s.path("early.json");
    s.ok(&[
        "prove",
        &id,
        "--seq",
        "5",
        "-o",
        early.to_str().unwrap(),
        "--every-entry",
    ]);
    s.ok(&["verify", &cut, "--proof", early.to_str().unwrap(), "--key", &key_file]);
    let other = Session::new();
    game(&other, &other.store(), &["d4"]);
    let other_key = other.ok(&["key"]);
    let run = s.fails(&["verify", &exported, "--proof", bundle, "--key", other_key.trim()], 1);
    assert!(
        run.stdout.contains("no signature by") || run.stdout.contains("does not verify"),
        "{}",
        run.stdout
    );
    // --proof needs --key.
    s.fails(&["verify", &exported, "--proof", bundle], 2);
}

/// Edits record `id` inside the store file as its operator could: entry `seq`'s time changed,
/// the chain after it recomputed, the blocks' and the head row's hashes set to match.
fn rewrite_in_store(store: &Path, id: &str, seq: usize) {
    let db = redb::Database::create(store).unwrap();
    let (number, header, packed) = {
        let txn = db.begin_read().unwrap();
        let number = txn.open_table(NUMBERS).unwrap().get(id).unwrap().unwrap().value();
        let header = txn
            .open_table(HEADERS)
            .unwrap()
            .get(number)
            .unwrap()
            .unwrap()
            .value()
            .1
            .to_string();
        let value = txn
            .open_table(BLOCKS)
            .unwrap()
            .get((number, 1))
            .unwrap()
            .unwrap()
            .value()
            .1
            .to_vec();
        (number, header, value)
    };
    let text = String::from_utf8(zstd::decode_all(packed.as_slice()).unwrap()).unwrap();
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let line = &lines[seq - 1];
    let time = &line[line.find("t=").unwrap()..line.find(" s=").unwrap()];
    lines[seq - 1] = line.replace(time, "t=2020-01-01T00:00:00Z");
    let mut head = *blake3::hash(header.as_bytes()).as_bytes();
    for (i, rest) in lines.iter().enumerate() {
        let mut h = blake3::Hasher::new();
        h.update(&head);
        h.update(format!("{} {rest}", i + 1).as_bytes());
        head = *h.finalize().as_bytes();
    }
    let packed = zstd::encode_all(lines.join("\n").as_bytes(), 3).unwrap();
    let txn = db.begin_write().unwrap();
    txn.open_table(BLOCKS)
        .unwrap()
        .insert((number, 1), (head, packed.as_slice()))
        .unwrap();
    let status = {
        let heads = txn.open_table(HEADS).unwrap();
        let row = heads.get(number).unwrap().unwrap();
        row.value().2.to_string()
    };
    txn.open_table(HEADS)
        .unwrap()
        .insert(number, (lines.len() as u64, head, status.as_str()))
        .unwrap();
    txn.commit().unwrap();
}

/// Drops the log's tables but its name (and, with `forget`, the memory of what was signed):
/// the next kifu to open the store logs every record anew.
fn drop_log(store: &Path, forget: bool) {
    let db = redb::Database::create(store).unwrap();
    let txn = db.begin_write().unwrap();
    for name in ["log_tiles", "log_runs", "log_places", "log_pending"] {
        let table: TableDefinition<u64, u64> = TableDefinition::new(name);
        txn.delete_table(table).unwrap();
    }
    if forget {
        txn.open_table(LOG_META).unwrap().remove("signed").unwrap();
    }
    txn.commit().unwrap();
}

#[test]
fn a_record_rewritten_in_the_store_is_caught_by_the_log_and_by_an_old_checkpoint() {
    let s = Session::new();
    let a = game(&s, &s.store(), &["e4", "e5", "Nf3"]);
    let b = game(&s, &s.store(), &["d4", "d5"]);
    let old = write(&s, "old.checkpoint", &s.ok(&["checkpoint"]));
    let kept = s.ok(&["export", &a]);
    let key = s.ok(&["key"]);
    game(&s, &s.store(), &["c4"]);
    assert!(s.ok(&["check"]).contains("3 ok, 0 damaged"));

    // The operator rewrites game a's second entry and re-chains it: every chain check passes,
    // but its leaves in the log do not match.
    rewrite_in_store(&s.store(), &a, 2);
    let run = s.fails(&["check"], 1);
    assert!(
        run.stdout.contains(&format!("{a}: FAILED at entry 2")),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("transparency log"), "{}", run.stdout);
    assert!(s.ok(&["verify", &b]).contains(": ok,"));

    // The operator rebuilds the log from the rewritten records: kifu will not sign it.
    drop_log(&s.store(), false);
    assert!(
        s.ok(&["check"]).contains("3 ok, 0 damaged"),
        "the rebuilt log holds the rewrite"
    );
    let run = s.fails(&["checkpoint"], 1);
    assert!(run.stderr.contains("refused to sign"), "{}", run.stderr);

    // ... and makes it forget what it signed: the new checkpoint is signed, but whoever kept the
    // old one sees that the new tree does not extend it.
    drop_log(&s.store(), true);
    let new = write(&s, "new.checkpoint", &s.ok(&["checkpoint"]));
    let run = s.fails(&["consistency", &old, &new], 1);
    assert!(run.stdout.contains("FAILED"), "{}", run.stdout);
    assert!(run.stdout.contains("forked or was rewritten"), "{}", run.stdout);
    let run = s.fails(&["consistency", &old, &new, "--key", key.trim(), "--json"], 1);
    assert!(run.stdout.contains("\"ok\":false"), "{}", run.stdout);
    // The game as the players kept it no longer matches a proof from the rewritten store.
    let bundle = s.path("a.json");
    s.ok(&["prove", &a, "-o", bundle.to_str().unwrap()]);
    let kept = write(&s, "a.kifu", &kept);
    let run = s.fails(
        &[
            "verify",
            &kept,
            "--proof",
            bundle.to_str().unwrap(),
            "--key",
            key.trim(),
        ],
        1,
    );
    assert!(
        run.stdout.contains("parts from the logged record at entry 2"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_checkpoint_of_a_forked_log_is_caught() {
    let s = Session::new();
    let (left, right) = (s.path("left.redb"), s.path("right.redb"));
    game(&s, &left, &["e4", "c5"]);
    let run = |store: &Path, args: &[&str], code: i32| {
        let run = s.run_on(store, args);
        assert_eq!(run.code, code, "{args:?}:\n{}\n{}", run.stdout, run.stderr);
        run.stdout
    };
    let key = write(&s, "log.pub", &run(&left, &["key"], 0));
    let base = write(&s, "base.checkpoint", &run(&left, &["checkpoint"], 0));
    // The store is copied with its key, and the copies go on apart.
    std::fs::copy(&left, &right).unwrap();
    std::fs::copy(s.path("left.redb.tlog-key"), s.path("right.redb.tlog-key")).unwrap();
    game(&s, &left, &["d4"]);
    game(&s, &right, &["c4"]);
    let l1 = write(&s, "l1.checkpoint", &run(&left, &["checkpoint"], 0));
    let r1 = write(&s, "r1.checkpoint", &run(&right, &["checkpoint"], 0));
    // Each copy extends the common past...
    run(&left, &["consistency", &base, &l1], 0);
    let proof = s.path("r.proof");
    run(
        &right,
        &["consistency", &base, &r1, "--save-proof", proof.to_str().unwrap()],
        0,
    );
    // ... but two trees of one size with two roots are a fork, whoever looks.
    let out = run(&left, &["consistency", &l1, &r1, "--key", &key], 1);
    assert!(out.contains("the log forked"), "{out}");
    // The right copy grows on; the left store does not hold its tree, and the right store's
    // tree does not extend the left checkpoint.
    game(&s, &right, &["Nf3"]);
    let r2 = write(&s, "r2.checkpoint", &run(&right, &["checkpoint"], 0));
    let out = run(&left, &["consistency", &l1, &r2], 1);
    assert!(out.contains("never had"), "{out}");
    let out = run(&right, &["consistency", &l1, &r2], 1);
    assert!(out.contains("not this store's"), "{out}");
    // Without any store: the right copy's proof from the common checkpoint holds for it and
    // fails for the left checkpoint of the same size.
    let nowhere = s.path("none.redb");
    run(
        &nowhere,
        &[
            "consistency",
            &base,
            &r1,
            "--proof",
            proof.to_str().unwrap(),
            "--key",
            &key,
        ],
        0,
    );
    let out = run(
        &nowhere,
        &[
            "consistency",
            &base,
            &l1,
            "--proof",
            proof.to_str().unwrap(),
            "--key",
            &key,
        ],
        1,
    );
    assert!(out.contains("FAILED"), "{out}");
    assert!(!nowhere.exists(), "a check with --proof opens no store");
    // A checkpoint signed by another key is refused.
    let other = Session::new();
    game(&other, &other.store(), &["g3"]);
    let foreign = write(&s, "foreign.checkpoint", &other.ok(&["checkpoint"]));
    let failed = s.run_on(&left, &["consistency", &base, &foreign, "--key", &key]);
    assert_eq!(failed.code, 1, "{}", failed.stderr);
}

#[test]
fn an_old_store_is_logged_whole_when_first_opened() {
    let s = Session::new();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/store");
    std::fs::copy(fixtures.join("format1.redb"), s.store()).unwrap();
    std::fs::copy(fixtures.join("format1.redb.key"), s.path("store.redb.key")).unwrap();
    let leaves: u64 = std::fs::read_to_string(fixtures.join("manifest.txt"))
        .unwrap()
        .lines()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap() + 1)
        .sum();
    let note = s.ok(&["checkpoint"]);
    assert_eq!(note.lines().nth(1), Some(leaves.to_string().as_str()), "{note}");
    let check = s.ok(&["check"]);
    assert!(check.contains("0 damaged"), "{check}");
    for id in s.ok(&["list", "--json"]).split("\"id\":\"").skip(1) {
        let id = &id[..32];
        s.ok(&["prove", id, "-o", s.path("p.json").to_str().unwrap()]);
    }
}

/// The Python of docs/AUDIT.md, run as a user would, when python3 and its `cryptography`
/// package are there.
#[test]
fn the_python_check_of_the_audit_page_agrees() {
    let python = std::process::Command::new("python3")
        .args(["-c", "import cryptography"])
        .output();
    if !python.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: python3 with the cryptography package is not installed");
        return;
    }
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/AUDIT.md")).unwrap();
    let script = page.split("```python\n").nth(1).unwrap().split("```").next().unwrap();
    let s = Session::new();
    let check = write(&s, "check.py", script);
    let id = game(&s, &s.store(), &["e4", "e5", "Nf3", "Nc6"]);
    let file = s.ok(&["export", &id]);
    let key = write(&s, "log.pub", &s.ok(&["key"]));
    let bundle = s.path("b.json");
    s.ok(&["prove", &id, "-o", bundle.to_str().unwrap()]);
    let run = |file: &str| {
        std::process::Command::new("python3")
            .args([check.as_str(), file, bundle.to_str().unwrap(), key.as_str()])
            .output()
            .unwrap()
    };
    let ok = run(&write(&s, "game.kifu", &file));
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    assert!(String::from_utf8_lossy(&ok.stdout).starts_with("ok: record"));
    let cut = run(&write(
        &s,
        "cut.kifu",
        &file[..file.trim_end().rfind('\n').unwrap() + 1],
    ));
    assert!(!cut.status.success());
    assert!(String::from_utf8_lossy(&cut.stderr).contains("it was cut"));
    let (header, mut entries) = split(&file);
    entries[3] = entries[3].replace(" ; t=", " ; t=1");
    let forged = run(&write(&s, "forged.kifu", &rechain(&header, &entries)));
    assert!(!forged.status.success());
    assert!(String::from_utf8_lossy(&forged.stderr).contains("entry 4 of the file is not in the log"));
}
