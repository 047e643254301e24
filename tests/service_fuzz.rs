//! End-to-end: a few thousand mangled requests thrown at a running `kifu serve` (JSON bodies
//! with bytes flipped, cut, spliced and retyped, odd headers and queries, mangled files for
//! import and verify). No answer may be a 5xx, every error is JSON, and the server still answers
//! and its records still verify afterwards. Bounded in count and in time; loopback only.

mod serve;

use std::time::{Duration, Instant};

use kifu_e2e::Session;
use serde_json::{json, Value};
use serve::{create, play, Served};

/// How many requests, at most, and for how long, at most.
const REQUESTS: usize = 3000;
const TIME: Duration = Duration::from_secs(120);

/// xorshift64*: a fixed, seeded sequence, so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const TOKENS: &[&str] = &[
    "null",
    "[",
    "]",
    "{",
    "}",
    "\"",
    ",",
    ":",
    "true",
    "-1",
    "1e999",
    "18446744073709551616",
    "0.5",
    "\"\\ud800\"",
    "\"\\u0000\"",
    "\"p1:\"",
    "\"arbiter:correct 0 x\"",
    "\"note:\"",
    "\"\"",
    "[[[[",
    "\\",
    "\u{7f}",
    "é",
    "\u{0}",
];

/// A value to put in place of a node of a request.
fn odd_value(rng: &mut Rng) -> Value {
    match rng.below(12) {
        0 => Value::Null,
        1 => json!(-1),
        2 => json!(u64::MAX),
        3 => json!(1.5e300),
        4 => json!(""),
        5 => json!("x".repeat(rng.below(5000))),
        6 => json!("\u{0}\n;\t"),
        7 => json!([]),
        8 => json!({}),
        9 => json!(["p1:e4", "chance:3", "arbiter:correct 9999 x", "note:n"]),
        10 => {
            let depth = 1 + rng.below(300);
            serde_json::from_str(&format!("{}{}", "[".repeat(depth), "]".repeat(depth))).unwrap_or(Value::Null)
        }
        _ => json!(true),
    }
}

/// Replaces one node of `value` (at some depth) with an odd value.
fn retype(value: &mut Value, rng: &mut Rng) {
    match value {
        Value::Object(map) if !map.is_empty() && rng.below(3) > 0 => {
            let key = map.keys().nth(rng.below(map.len())).cloned().unwrap_or_default();
            if let Some(inner) = map.get_mut(&key) {
                retype(inner, rng);
            }
        }
        Value::Array(items) if !items.is_empty() && rng.below(3) > 0 => {
            let at = rng.below(items.len());
            retype(&mut items[at], rng);
        }
        Value::Object(map) if rng.below(4) == 0 => {
            map.insert(format!("extra{}", rng.below(9)), odd_value(rng));
        }
        _ => *value = odd_value(rng),
    }
}

/// One mangling of a body's bytes.
fn mangle(body: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut bytes = body.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 if !bytes.is_empty() => {
                let at = at.min(bytes.len() - 1);
                bytes[at] = rng.next() as u8;
            }
            1 if !bytes.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            2 => bytes.truncate(at),
            3 => {
                let token = rng.pick(TOKENS).as_bytes().to_vec();
                bytes.splice(at..at, token);
            }
            4 => {
                let copy = bytes.clone();
                bytes.splice(at..at, copy);
            }
            _ => {
                if let Ok(mut value) = serde_json::from_slice::<Value>(&bytes) {
                    retype(&mut value, rng);
                    bytes = value.to_string().into_bytes();
                }
            }
        }
    }
    bytes
}

/// Printable ASCII of a random length, as a header value can hold it.
fn printable(rng: &mut Rng, max: usize) -> String {
    (0..rng.below(max))
        .map(|_| (b' ' + rng.below(95) as u8) as char)
        .collect()
}

/// A query value made of random bytes, percent-encoded.
fn encoded(rng: &mut Rng) -> String {
    (0..rng.below(12))
        .map(|_| format!("%{:02X}", rng.next() as u8))
        .collect()
}

fn log_tail(s: &Session) -> String {
    let log = std::fs::read_to_string(s.path("serve.log")).unwrap_or_default();
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(5)..].join("\n")
}

#[test]
fn mangled_requests_never_get_a_server_error_and_the_server_goes_on() {
    let s = Session::new();
    let mut server = Served::start(&s);
    let http = server.http.clone();
    let chess = create(&http, json!({"game": "chess", "players": ["A", "B"]}));
    let cards = create(&http, json!({"game": "condottiere", "players": ["A", "B", "C"]}));
    assert_eq!(play(&http, &chess.id, Some(&chess.token("p1")), &["e4"]).status, 201);
    let kifu_file = http.get_as(&format!("/v1/records/{}/export", chess.id), None).body;
    let pgn_file =
        "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) *\n";
    let bases: Vec<(String, Option<String>, Vec<u8>)> = vec![
        (
            "/v1/records".into(),
            None,
            json!({"game": "chess", "players": ["A", "B"], "tags": {"Event": "x"}, "options": {}})
                .to_string()
                .into_bytes(),
        ),
        (
            "/v1/records".into(),
            None,
            json!({"game": "condottiere", "seed": "5eed".repeat(8), "players": ["a", "b", "c"]})
                .to_string()
                .into_bytes(),
        ),
        (
            format!("/v1/records/{}/entries", chess.id),
            Some(chess.token("p2")),
            json!({"commands": ["e5", "Nf3"], "expect_head": "0".repeat(64)})
                .to_string()
                .into_bytes(),
        ),
        (
            format!("/v1/records/{}/entries", cards.id),
            Some(cards.token("arbiter")),
            json!({"commands": ["deal", "choose Genova", "10"]})
                .to_string()
                .into_bytes(),
        ),
        ("/v1/import?format=pgn".into(), None, pgn_file.as_bytes().to_vec()),
        ("/v1/import".into(), None, kifu_file.as_bytes().to_vec()),
        ("/v1/verify".into(), None, kifu_file.as_bytes().to_vec()),
    ];
    let reads = [
        "/v1/records?limit=",
        "/v1/records?after=",
        "/v1/records?tag=",
        &format!("/v1/records/{}?at=", chess.id),
        &format!("/v1/records/{}/log?from=", cards.id),
        &format!("/v1/records/{}/export?format=", chess.id),
        &format!("/v1/records/{}/stream?after=", chess.id),
        "/v1/records/",
    ];
    let mut rng = Rng(0x6b69_6675_7365_7276);
    let started = Instant::now();
    let mut sent = 0;
    let mut statuses = std::collections::BTreeMap::new();
    while sent < REQUESTS && started.elapsed() < TIME {
        sent += 1;
        let mut headers: Vec<(String, String)> = Vec::new();
        if rng.below(6) == 0 {
            let token = match rng.below(3) {
                0 => format!("Bearer {}", chess.token("arbiter")),
                1 => format!("Bearer {}", printable(&mut rng, 40)),
                _ => printable(&mut rng, 60),
            };
            headers.push(("authorization".into(), token));
        }
        for name in ["if-match", "idempotency-key", "last-event-id"] {
            if rng.below(8) == 0 {
                headers.push((name.into(), printable(&mut rng, 80)));
            }
        }
        // A body over the limit may be refused before it is all sent: the client may then see
        // the connection closed instead of the 413, which is no failure of the server's.
        let mut oversized = false;
        let answer = if rng.below(5) == 0 {
            // A read with an odd query; streams are asked for in a form that ends.
            let path = format!("{}{}", rng.pick(&reads), encoded(&mut rng));
            if path.contains("/stream") {
                headers.push(("last-event-id".into(), "x".into()));
            }
            let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
            http.get(&path, &headers)
        } else {
            let (path, token, body) = rng.pick(&bases).clone();
            if let Some(token) = token {
                if rng.below(4) > 0 && !headers.iter().any(|(n, _)| n == "authorization") {
                    headers.push(("authorization".into(), format!("Bearer {token}")));
                }
            }
            let content_type = match (path.contains("/entries") || path == "/v1/records", rng.below(10)) {
                (_, 0) => "text/plain",
                (_, 1) => "application/json; charset=utf-8",
                (true, _) => "application/json",
                (false, _) => "application/octet-stream",
            };
            oversized = rng.below(200) == 0;
            let body = if oversized {
                vec![b' '; 17 * 1024 * 1024] // over every limit
            } else {
                mangle(&body, &mut rng)
            };
            let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
            // A connection a body was cut short on is not one to send the next request on.
            let client = if oversized {
                serve::Http::new(&http.base)
            } else {
                http.clone()
            };
            client.post(&path, content_type, &body, &headers)
        };
        let answer = match answer {
            Ok(answer) => answer,
            Err(_) if oversized => continue,
            Err(e) => panic!(
                "request {sent}: no answer: {e} (server running: {}); log ends:\n{}",
                server.running(),
                log_tail(&s)
            ),
        };
        *statuses.entry(answer.status).or_insert(0) += 1;
        assert!(answer.status < 500, "request {sent}: {} {}", answer.status, answer.body);
        if answer.status >= 400 {
            assert!(answer.json()["error"].is_string(), "request {sent}: {}", answer.body);
        }
    }
    eprintln!(
        "{sent} requests in {:.1} s: {statuses:?}",
        started.elapsed().as_secs_f64()
    );
    assert!(server.running(), "the server died");
    assert_eq!(http.get_as("/v1/games", None).status, 200);
    assert_eq!(
        play(&http, &chess.id, Some(&chess.token("arbiter")), &["note:still here"]).status,
        201
    );
    assert!(server.terminate().success());
    // Every record in the store, made by hand or by the mangled requests, still verifies.
    s.ok(&["check"]);
}
