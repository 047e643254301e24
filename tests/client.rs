//! End-to-end: one script of kifu commands run twice, once on a store file and once against
//! `kifu serve` on 127.0.0.1:0 with `--server` and the token `new` gave, and the two outputs
//! compared (ids, heads and times aside): the same stdout, the same exit codes and, where the
//! words are kifu's own, the same stderr. Then what only a server run says: the tokens, a
//! server that cannot be reached, the commands that need the store file. Loopback only.

mod serve;

use std::process::Command;

use kifu_e2e::{kifu_bin, Session};
use serde_json::Value;
use serve::Served;

/// Two games: the first imports, the second has a move no king can make.
const PGN: &str = "[Event \"Club\"]\n[White \"Cy\"]\n[Black \"Di\"]\n[Result \"1-0\"]\n\n\
1. f3 e5 2. g4 Qh4# 1-0\n\n\
[Event \"Broken\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";

/// What one command did, normalised.
#[derive(Debug, PartialEq)]
struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

/// The `kifu` of one run: a store file, or a server with the token `new` handed out.
struct Client {
    session: Session,
    server: Option<String>,
    token: Option<String>,
    /// Ids of records made by `new` in this run, replaced by `<ID1>`, `<ID2>` ...
    ids: Vec<String>,
    /// Another store file than the session's.
    file: Option<std::path::PathBuf>,
}

impl Client {
    fn run(&self, args: &[&str]) -> Out {
        let mut command = Command::new(kifu_bin());
        match &self.server {
            Some(url) => command.args(["--server", url]),
            None => command
                .arg("--store")
                .arg(self.file.clone().unwrap_or_else(|| self.session.store())),
        };
        command
            .args(args)
            .env_remove("KIFU_STORE")
            .env_remove("KIFU_SERVER")
            .env_remove("KIFU_TOKEN")
            .current_dir(self.session.dir.path());
        if let Some(token) = &self.token {
            command.env("KIFU_TOKEN", token);
        }
        let output = command.output().expect("run kifu");
        Out {
            code: output.status.code().unwrap_or(-1),
            stdout: self.normal(&String::from_utf8_lossy(&output.stdout)),
            stderr: self.normal(&String::from_utf8_lossy(&output.stderr)),
        }
    }

    /// Ids, chain hashes (whole or cut to 16 digits) and times put aside.
    fn normal(&self, text: &str) -> String {
        let mut text = text.to_string();
        for (n, id) in self.ids.iter().enumerate() {
            text = text.replace(id.as_str(), &format!("<ID{}>", n + 1));
        }
        let mut out = String::new();
        let mut word = String::new();
        for c in text.chars().chain(std::iter::once('\n')) {
            if c.is_ascii_alphanumeric() || c == '-' || c == ':' || c == '.' {
                word.push(c);
                continue;
            }
            out.push_str(&normal_word(&word));
            word.clear();
            out.push(c);
        }
        out.pop();
        out
    }

    /// `kifu new ... --json`: the id is noted, the arbiter's token kept for what follows.
    fn make(&mut self, args: &[&str]) -> Out {
        let mut out = self.run(args);
        let mut made: Value = serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}: {out:?}"));
        let id = made["id"].as_str().expect("an id").to_string();
        if let Some(tokens) = made.as_object_mut().and_then(|m| m.remove("tokens")) {
            assert!(self.server.is_some(), "a store file gives no tokens");
            self.token = Some(tokens["arbiter"].as_str().expect("the arbiter's token").to_string());
        }
        self.ids.push(id);
        out.stdout = self.normal(&made.to_string());
        out
    }
}

fn normal_word(word: &str) -> String {
    let hex = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if hex(word) && word.len() == 64 {
        return "<HEAD>".into();
    }
    if hex(word) && word.len() == 16 {
        return "<SHORT>".into();
    }
    // 2026-11-22T20:01:07Z, with or without nanoseconds.
    let b = word.as_bytes();
    if b.len() >= 20 && b[4] == b'-' && b[10] == b'T' && word.ends_with('Z') {
        return "<TIME>".into();
    }
    word.to_string()
}

/// Runs the script, returning each step's name and what it did.
fn script(client: &mut Client) -> Vec<(String, Out)> {
    std::fs::write(client.session.path("club.pgn"), PGN).unwrap();
    let mut steps = Vec::new();
    let mut step = |name: &str, out: Out| steps.push((name.to_string(), out));
    step(
        "new",
        client.make(&["new", "chess", "-p", "Ann", "-p", "Ben", "-t", "Event=Club", "--json"]),
    );
    let id = client.ids[0].clone();
    let prefix = &id[..8];
    let run = |args: &[&str]| client.run(args);
    step("play three", run(&["play", &id, "e4", "e5", "Nf3"]));
    step("play --json", run(&["play", prefix, "--json", "Nc6"]));
    step("legal", run(&["legal", &id]));
    step("legal --json", run(&["legal", &id, "--json"]));
    step("show --json", run(&["show", &id, "--json"]));
    step("show", run(&["show", prefix]));
    step("show --at", run(&["show", &id, "--at", "2", "--json"]));
    step("show --at too far", run(&["show", &id, "--at", "9"]));
    step("log", run(&["log", &id]));
    step("log --json", run(&["log", &id, "--json"]));
    step("list --player", run(&["list", "--player", "Ann"]));
    step("list --json", run(&["list", "--player", "Ben", "--json"]));
    step("export", run(&["export", &id]));
    step("export pgn", run(&["export", &id, "--format", "pgn"]));
    step("import", run(&["import", "club.pgn"]));
    step("import again --json", run(&["import", "club.pgn", "--json"]));
    step("illegal move", run(&["play", &id, "Ke3"]));
    step(
        "stale head",
        run(&["play", &id, "--expect-head", &"0".repeat(64), "Bb5"]),
    );
    step("no such record", run(&["show", "0123456789abcdef", "--json"]));
    step("correct", run(&["correct", &id, "--to", "2", "--reason", "misread"]));
    step("log after correct --json", run(&["log", &id, "--json"]));
    step("legal after correct", run(&["legal", &id]));
    step(
        "wrong token",
        run(&["play", &id, "--token", "0123456789abcdef0123456789abcdef", "Bb5"]),
    );
    // Two records, in the order of their ids: the new one's differs from run to run.
    let mut list = run(&["list", "--tag", "Event=Club"]);
    let mut lines: Vec<&str> = list.stdout.lines().collect();
    lines.sort();
    list.stdout = lines.join("\n");
    step("list", list);
    steps
}

#[test]
fn one_script_prints_the_same_on_a_store_file_and_through_a_server() {
    let mut local = Client {
        session: Session::new(),
        server: None,
        token: None,
        ids: Vec::new(),
        file: None,
    };
    let served_session = Session::new();
    let mut server = Served::start(&served_session);
    let mut remote = Client {
        session: served_session,
        server: Some(server.base.clone()),
        token: None,
        ids: Vec::new(),
        file: None,
    };
    let here = script(&mut local);
    let there = script(&mut remote);
    assert!(remote.token.is_some(), "new on a server gives tokens");
    // Messages whose words are the service's own, not the store's: only the exit code counts.
    let words_differ = ["wrong token", "no such record", "show --at too far"];
    for ((name, a), (_, b)) in here.iter().zip(&there) {
        assert_eq!(
            a.code, b.code,
            "{name}: exit codes differ\nstore:  {a:?}\nserver: {b:?}"
        );
        assert_eq!(
            a.stdout, b.stdout,
            "{name}: stdout differs\nstore:  {a:?}\nserver: {b:?}"
        );
        if !words_differ.contains(&name.as_str()) {
            assert_eq!(
                a.stderr, b.stderr,
                "{name}: stderr differs\nstore:  {a:?}\nserver: {b:?}"
            );
        }
    }
    let code = |name: &str| here.iter().find(|(n, _)| n == name).map(|(_, o)| o.code);
    assert_eq!(code("play three"), Some(0));
    assert_eq!(code("import"), Some(1), "the broken game is refused");
    assert_eq!(code("illegal move"), Some(1));
    assert_eq!(code("stale head"), Some(1));
    assert_eq!(code("wrong token"), Some(1));
    assert_eq!(code("no such record"), Some(2));
    assert_eq!(code("show --at too far"), Some(2));
    let log: Value = serde_json::from_str(
        &here
            .iter()
            .find(|(n, _)| n == "log after correct --json")
            .unwrap()
            .1
            .stdout,
    )
    .unwrap();
    assert_eq!(log["entries"][2]["withdrawn_by"], 5, "{log}");
    let import = &there.iter().find(|(n, _)| n == "import").unwrap().1;
    assert!(
        import
            .stderr
            .contains("club.pgn: game 2, line 11, ply 3: 'Ke3': no white king can go to e3"),
        "{import:?}"
    );

    server_only(&remote);
    server.terminate();
}

/// What a server run alone says: the tokens of `new`, the store-file commands refused, a
/// server that is not there, a seat's token.
fn server_only(remote: &Client) {
    let made = remote.run(&["new", "senet", "-p", "Ani", "-p", "Hunefer"]);
    assert_eq!(made.code, 0, "{made:?}");
    let tokens: Vec<&str> = made.stderr.lines().filter(|l| l.starts_with("token ")).collect();
    assert_eq!(tokens.len(), 3, "{made:?}");
    assert!(tokens[0].starts_with("token arbiter "), "{tokens:?}");
    for command in [&["check"][..], &["demo", "senet"], &["verify", "0123456789abcdef"]] {
        let refused = remote.run(command);
        assert_eq!(refused.code, 2, "{command:?}: {refused:?}");
        assert!(refused.stderr.contains("not available with --server"), "{refused:?}");
    }
    let nobody = Client {
        session: Session::new(),
        server: Some("http://127.0.0.1:1".into()),
        token: None,
        ids: Vec::new(),
        file: None,
    };
    let unreachable = nobody.run(&["list"]);
    assert_eq!(unreachable.code, 2, "{unreachable:?}");
    assert!(
        unreachable
            .stderr
            .contains("cannot reach the kifu server at http://127.0.0.1:1"),
        "{unreachable:?}"
    );
    // No token: a record is read in the public view, but nothing is entered or listed as legal.
    let id = remote.ids[0].clone();
    let public = Client {
        token: None,
        ids: remote.ids.clone(),
        server: remote.server.clone(),
        session: Session::new(),
        file: None,
    };
    assert_eq!(public.run(&["show", &id, "--json"]).code, 0);
    assert_eq!(public.run(&["play", &id, "Bb5"]).code, 1);
    assert_eq!(public.run(&["legal", &id]).code, 1);
    let asked = public.run(&["log", &id, "--as", "arbiter"]);
    assert_eq!(asked.code, 2, "--as names a view the token does not give: {asked:?}");
    assert_eq!(public.run(&["play", &id, "--no-time", "Bb5"]).code, 2);

    // A seat's token, through the server and on the server's own store file (read while the
    // server holds it): the same moves (only that seat's) and the same view.
    let seats = remote.run(&["new", "chess", "--json"]);
    let made: Value = serde_json::from_str(&seats.stdout).unwrap();
    let id = made["id"].as_str().unwrap().to_string();
    for seat in ["p1", "p2"] {
        let token = made["tokens"][seat].as_str().unwrap().to_string();
        let through = Client {
            token: Some(token.clone()),
            ids: vec![id.clone()],
            server: remote.server.clone(),
            session: Session::new(),
            file: None,
        };
        let on_file = Client {
            token: Some(token),
            ids: vec![id.clone()],
            server: None,
            session: Session::new(),
            file: Some(remote.session.store()),
        };
        for args in [
            &["legal", &id][..],
            &["show", &id, "--json"],
            &["log", &id, "--as", seat],
        ] {
            assert_eq!(through.run(args), on_file.run(args), "{seat} {args:?}");
        }
        let legal = through.run(&["legal", &id]);
        assert_eq!(legal.stdout.trim().is_empty(), seat == "p2", "{seat}: {legal:?}");
    }
}
