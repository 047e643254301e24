//! End-to-end: `kifu serve` as a club runs it, over HTTP on loopback. A chess game played with
//! seat tokens (every refusal with its status), Condottiere's hidden hands in each view, a game
//! followed live and resumed, the OpenAPI document, and a stop by SIGTERM that keeps every
//! acknowledged append (checked with the CLI afterwards).

mod serve;

use std::collections::BTreeMap;
use std::io::BufRead;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use kifu_e2e::Session;
use serde_json::{json, Value};
use serve::{create, play, Served};

#[test]
fn a_game_is_played_with_seat_tokens_and_every_refusal_has_its_status() {
    let s = Session::new();
    let mut server = Served::start(&s);
    let http = server.http.clone();
    let games = http.get_as("/v1/games", None).json();
    let chess960 = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "chess960")
        .unwrap();
    assert_eq!(chess960["options"], json!(["position"]));

    let game = create(
        &http,
        json!({"game": "chess", "players": ["Ann", "Ben"], "tags": {"Event": "Club"}}),
    );
    let tokens = game.tokens.as_object().unwrap();
    assert_eq!(tokens.keys().collect::<Vec<_>>(), ["arbiter", "p1", "p2"]);
    for token in tokens.values() {
        let token = token.as_str().unwrap();
        assert!(
            token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()),
            "{token}"
        );
    }
    let (id, p1, p2, arbiter) = (&game.id, game.token("p1"), game.token("p2"), game.token("arbiter"));
    let entries = format!("/v1/records/{id}/entries");

    let first = play(&http, id, Some(&p1), &["e4"]);
    assert_eq!(first.status, 201, "{}", first.body);
    assert_eq!(first.json()["seq"], 1);
    let head1 = first.json()["head"].as_str().unwrap().to_string();
    assert_eq!(first.header("etag"), Some(format!("\"{head1}\"").as_str()));

    // Black's move with White's token.
    let wrong_seat = play(&http, id, Some(&p1), &["e5"]);
    assert_eq!(wrong_seat.status, 403, "{}", wrong_seat.body);
    assert_eq!(wrong_seat.json()["at"], 2);
    assert_eq!(wrong_seat.json()["actor"], "p2");
    // No token, a token of no record, a header that is no token.
    let none = play(&http, id, None, &["e5"]);
    assert_eq!(none.status, 401, "{}", none.body);
    assert_eq!(none.header("www-authenticate"), Some("Bearer"));
    assert_eq!(
        play(&http, id, Some("0123456789abcdef0123456789abcdef"), &["e5"]).status,
        401
    );
    let garbage = http
        .post(
            &entries,
            "application/json",
            br#"{"commands":["e5"]}"#,
            &[("authorization", "Basic eDp5")],
        )
        .unwrap();
    assert_eq!(garbage.status, 401);
    // Another record's token is not this one's.
    let other = create(&http, json!({"game": "chess"}));
    assert_eq!(play(&http, id, Some(&other.token("p2")), &["e5"]).status, 401);
    // The rules refuse it, saying where and why.
    let illegal = play(&http, id, Some(&p2), &["e4"]);
    assert_eq!(illegal.status, 422, "{}", illegal.body);
    assert_eq!(illegal.json()["at"], 2);
    assert!(
        illegal.json()["error"].as_str().unwrap().contains("e4"),
        "{}",
        illegal.body
    );
    // A stale head, in the body or as If-Match: the record's seq and head come back.
    let stale = http.post_json(
        &entries,
        Some(&p2),
        &json!({"commands": ["e5"], "expect_head": game.head}),
    );
    assert_eq!(stale.status, 409, "{}", stale.body);
    assert_eq!(stale.json()["seq"], 1);
    assert_eq!(stale.json()["head"], head1.as_str());
    let stale_header = format!("\"{}\"", game.head);
    let auth2 = format!("Bearer {p2}");
    let stale = http
        .post(
            &entries,
            "application/json",
            br#"{"commands":["e5"]}"#,
            &[("authorization", &auth2), ("if-match", &stale_header)],
        )
        .unwrap();
    assert_eq!(stale.status, 409, "{}", stale.body);

    // An idempotent retry gets the first answer and enters nothing twice.
    let keyed = |commands: &str| {
        http.post(
            &entries,
            "application/json",
            commands.as_bytes(),
            &[
                ("authorization", &auth2),
                ("idempotency-key", "move-2"),
                ("if-match", &format!("\"{head1}\"")),
            ],
        )
        .unwrap()
    };
    let once = keyed(r#"{"commands":["e5"]}"#);
    assert_eq!(once.status, 201, "{}", once.body);
    let again = keyed(r#"{"commands":["e5"]}"#);
    assert_eq!((again.status, again.json()), (201, once.json()));
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(http.get_as(&format!("/v1/records/{id}"), None).json()["seq"], 2);
    let reused = keyed(r#"{"commands":["d5"]}"#);
    assert_eq!(reused.status, 422, "{}", reused.body);

    // The arbiter enters anyone's move; a seat may not correct, the arbiter may.
    assert_eq!(play(&http, id, Some(&p1), &["Nf3"]).status, 201);
    assert_eq!(play(&http, id, Some(&arbiter), &["p2:Nc6"]).status, 201);
    assert_eq!(play(&http, id, Some(&p1), &["arbiter:correct 3 misread"]).status, 403);
    assert_eq!(play(&http, id, Some(&p1), &["note:a fine move"]).status, 403);
    let corrected = play(&http, id, Some(&arbiter), &["arbiter:correct 3 misread"]);
    assert_eq!(corrected.status, 201, "{}", corrected.body);
    let log = http.get_as(&format!("/v1/records/{id}/log?from=4"), None).json();
    assert_eq!(log["entries"][0]["seq"], 4);
    assert_eq!(log["entries"][0]["withdrawn_by"], 5);
    assert_eq!(log["entries"].as_array().unwrap().len(), 2);

    // What each may enter now: p2 is to move again after the correction.
    let legal = http.get_as(&format!("/v1/records/{id}/legal"), Some(&p2)).json();
    assert!(legal["moves"].as_array().unwrap().iter().all(|m| m["actor"] == "p2"));
    assert!(legal["moves"].as_array().unwrap().iter().any(|m| m["command"] == "Nc6"));
    assert!(
        http.get_as(&format!("/v1/records/{id}/legal"), Some(&p1)).json()["moves"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(http.get_as(&format!("/v1/records/{id}/legal"), None).status, 401);

    // Positions at any entry, lists, exports.
    let at1 = http.get_as(&format!("/v1/records/{id}?at=1"), None).json();
    assert_eq!((at1["seq"].clone(), at1["view"].clone()), (json!(1), json!("public")));
    assert_eq!(http.get_as(&format!("/v1/records/{id}?at=99"), None).status, 400);
    assert_eq!(
        http.get_as(&format!("/v1/records/{id}"), Some(&arbiter)).json()["view"],
        "arbiter"
    );
    let listed = |query: &str| -> Vec<String> {
        let page = http.get_as(&format!("/v1/records?{query}"), None).json();
        page["records"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(listed("player=Ben"), [id.as_str()]);
    assert_eq!(listed("tag=Event%3DClub"), [id.as_str()]);
    assert_eq!(listed("game=chess").len(), 2);
    let first_page = http.get_as("/v1/records?limit=1", None).json();
    let next = first_page["next"].as_str().unwrap();
    let second_page = http.get_as(&format!("/v1/records?limit=1&after={next}"), None).json();
    assert_eq!(second_page["records"].as_array().unwrap().len(), 1);
    assert!(second_page.get("next").is_none());
    let pgn = http.get_as(&format!("/v1/records/{id}/export?format=pgn"), None);
    assert_eq!(pgn.status, 200);
    assert!(pgn.body.contains("1. e4 e5 2. Nf3"), "{}", pgn.body);
    let kifu = http.get_as(&format!("/v1/records/{id}/export"), None);
    std::fs::write(s.path("game.kifu"), &kifu.body).unwrap();
    let verified = http
        .post("/v1/verify", "application/octet-stream", kifu.body.as_bytes(), &[])
        .unwrap()
        .json();
    assert_eq!(
        (verified["ok"].clone(), verified["entries"].clone()),
        (json!(true), json!(5))
    );

    // Bad requests are JSON errors with their status.
    let missing = http.get_as("/v1/records/0123456789abcdef0123456789abcdef", None);
    assert_eq!(
        (missing.status, missing.content_type.as_str()),
        (404, "application/json")
    );
    assert_eq!(http.get_as("/v1/records/not-an-id", None).status, 404);
    let plain = http
        .post("/v1/records", "text/plain", br#"{"game":"chess"}"#, &[])
        .unwrap();
    assert_eq!(plain.status, 415);
    let huge = format!(r#"{{"game":"chess","tags":{{"Note":"{}"}}}}"#, "x".repeat(400_000));
    let too_big = http
        .post("/v1/records", "application/json", huge.as_bytes(), &[])
        .unwrap();
    assert_eq!(too_big.status, 413, "{}", too_big.body);
    assert!(too_big.json()["error"].is_string());
    let wrong_method = http.post("/v1/games", "application/json", b"{}", &[]).unwrap();
    assert_eq!(
        (wrong_method.status, wrong_method.json()["error"].is_string()),
        (405, true)
    );
    assert!(wrong_method.header("access-control-allow-origin").is_none(), "no CORS");

    let status = server.terminate();
    assert!(status.success(), "{status:?}");
    // The CLI reads what the service stored.
    let shown = s.json(&["show", id, "--json"]);
    assert_eq!(shown["seq"], 5);
    assert!(s.ok(&["verify", id]).contains(": ok,"));
    assert!(s.ok(&["verify", "game.kifu"]).contains(": ok,"));
    let log = std::fs::read_to_string(s.path("serve.log")).unwrap();
    assert!(log.contains(&format!("POST /v1/records/{id}/entries 403")), "{log}");
    assert!(!log.contains(&p1) && !log.contains(&arbiter), "a token in the log");
}

#[test]
fn condottiere_hands_are_seen_by_their_seat_only_and_the_seed_never_before_the_end() {
    let s = Session::new();
    let server = Served::start(&s);
    let http = &server.http;
    let seed = "5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed";
    let game = create(
        http,
        json!({"game": "condottiere", "players": ["Ada", "Bo", "Cy"], "seed": seed}),
    );
    let id = &game.id;
    let views: BTreeMap<&str, Option<String>> = [
        ("public", None),
        ("p1", Some(game.token("p1"))),
        ("p2", Some(game.token("p2"))),
        ("arbiter", Some(game.token("arbiter"))),
    ]
    .into_iter()
    .collect();
    let mut states = BTreeMap::new();
    let mut deals = BTreeMap::new();
    for (view, token) in &views {
        let token = token.as_deref();
        let position = http.get_as(&format!("/v1/records/{id}"), token);
        assert_eq!(position.json()["view"], *view);
        let log = http.get_as(&format!("/v1/records/{id}/log"), token);
        let deal = log.json()["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["command"].as_str().unwrap().starts_with("deal "))
            .unwrap()["command"]
            .as_str()
            .unwrap()
            .to_string();
        let legal = http.get_as(&format!("/v1/records/{id}/legal"), token);
        for body in [&position.body, &log.body, &legal.body] {
            assert!(!body.contains(seed), "{view} sees the seed: {body}");
        }
        states.insert(*view, position.json()["state"]["players"].clone());
        deals.insert(*view, deal);
    }
    assert!(
        deals["public"].starts_with("deal p1:?10 p2:?10 p3:?10"),
        "{}",
        deals["public"]
    );
    assert!(!deals["arbiter"].contains('?'), "{}", deals["arbiter"]);
    let p2 = &deals["p2"];
    assert!(
        p2.contains(" p1:?10 ") && p2.ends_with(" p3:?10") && !p2.contains("p2:?10"),
        "{p2}"
    );
    // The positions: each seat sees its own hand as the arbiter does, the others' as the public.
    let (public, arbiter) = (
        states["public"].as_array().unwrap(),
        states["arbiter"].as_array().unwrap(),
    );
    assert_eq!(public.len(), 3);
    for (seen, whole) in public.iter().zip(arbiter) {
        assert_ne!(seen["hand"], whole["hand"]);
    }
    assert_eq!(states["p1"][0]["hand"], states["arbiter"][0]["hand"]);
    assert_eq!(states["p1"][1]["hand"], states["public"][1]["hand"]);
    assert_eq!(states["p2"][1]["hand"], states["arbiter"][1]["hand"]);
    assert_eq!(states["p2"][2]["hand"], states["public"][2]["hand"]);
    // A file cannot hide a hand: only the arbiter exports it.
    assert_eq!(http.get_as(&format!("/v1/records/{id}/export"), None).status, 403);
    assert_eq!(
        http.get_as(&format!("/v1/records/{id}/export"), views["p1"].as_deref())
            .status,
        403
    );
    let whole = http.get_as(&format!("/v1/records/{id}/export"), views["arbiter"].as_deref());
    assert_eq!(whole.status, 200);
    assert!(whole.body.contains(" chance deal ") && !whole.body.contains(seed));
    // A seat's stream shows the deal as that seat sees it.
    let (status, mut lines) = server.http.open_stream(
        &format!("/v1/records/{id}/stream"),
        &[
            ("accept", "application/x-ndjson"),
            ("authorization", &format!("Bearer {}", game.token("p3"))),
        ],
    );
    assert_eq!(status, 200);
    let mut line = String::new();
    lines.read_line(&mut line).unwrap();
    let first: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(first["event"], "entry");
    let command = first["command"].as_str().unwrap();
    assert!(
        command.starts_with("deal p1:?10 p2:?10 p3:") && !command.contains("p3:?10"),
        "{command}"
    );
    assert!(!line.contains(seed));
}

/// Reads one Server-Sent Event: (event, id, data), skipping keep-alive comments.
fn next_event(lines: &mut dyn BufRead) -> (String, Option<String>, String) {
    let (mut event, mut id, mut data) = (String::new(), None, String::new());
    loop {
        let mut line = String::new();
        assert!(lines.read_line(&mut line).unwrap() > 0, "the stream ended");
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if !event.is_empty() || !data.is_empty() {
                return (event, id, data);
            }
            continue;
        }
        if let Some(v) = line.strip_prefix("event:") {
            event = v.trim().to_string();
        } else if let Some(v) = line.strip_prefix("id:") {
            id = Some(v.trim().to_string());
        } else if let Some(v) = line.strip_prefix("data:") {
            data.push_str(v.trim());
        }
    }
}

#[test]
fn a_game_is_followed_live_and_resumed_from_the_last_event() {
    let s = Session::new();
    let server = Served::start(&s);
    let http = &server.http;
    let game = create(http, json!({"game": "chess"}));
    let (id, p1, p2) = (&game.id, game.token("p1"), game.token("p2"));
    let stream = format!("/v1/records/{id}/stream");
    assert_eq!(play(http, id, Some(&p1), &["f3"]).status, 201);
    assert_eq!(play(http, id, Some(&p2), &["e5"]).status, 201);
    let (status, mut events) = http.open_stream(&stream, &[]);
    assert_eq!(status, 200);
    for seq in 1..=2 {
        let (event, id, _) = next_event(&mut *events);
        assert_eq!((event.as_str(), id), ("entry", Some(seq.to_string())));
    }
    // Live: an entry appended now arrives on the open stream.
    assert_eq!(play(http, id, Some(&p1), &["g4"]).status, 201);
    let (event, seq, data) = next_event(&mut *events);
    assert_eq!((event.as_str(), seq.as_deref()), ("entry", Some("3")));
    let entry: Value = serde_json::from_str(&data).unwrap();
    assert_eq!(
        (entry["actor"].clone(), entry["command"].clone()),
        (json!("p1"), json!("g4"))
    );
    drop(events);
    // Resumed after the last event seen: nothing again, nothing missed, and the end is told.
    let (_, mut events) = http.open_stream(&stream, &[("last-event-id", "2")]);
    assert_eq!(next_event(&mut *events).1.as_deref(), Some("3"));
    assert_eq!(play(http, id, Some(&p2), &["Qh4#"]).status, 201);
    assert_eq!(next_event(&mut *events).1.as_deref(), Some("4"));
    let (event, _, data) = next_event(&mut *events);
    assert_eq!(event, "end");
    let end: Value = serde_json::from_str(&data).unwrap();
    assert_eq!(
        (end["seq"].clone(), end["turn"]["outcome"]["winners"].clone()),
        (json!(4), json!([1]))
    );
    drop(events);
    // The same as ndjson lines.
    let (_, mut lines) = http.open_stream(&format!("{stream}?after=1"), &[("accept", "application/x-ndjson")]);
    let mut seen = Vec::new();
    for _ in 0..4 {
        let mut line = String::new();
        lines.read_line(&mut line).unwrap();
        let item: Value = serde_json::from_str(&line).unwrap();
        seen.push(format!("{} {}", item["event"].as_str().unwrap(), item["seq"]));
    }
    assert_eq!(seen, ["entry 2", "entry 3", "entry 4", "end 4"]);
    // A bad Last-Event-ID is a bad request.
    assert_eq!(http.get(&stream, &[("last-event-id", "x")]).unwrap().status, 400);
}

#[test]
fn the_openapi_document_parses_and_lists_every_path() {
    let s = Session::new();
    let server = Served::start(&s);
    let answer = server.http.get_as("/v1/openapi.json", None);
    assert_eq!((answer.status, answer.content_type.as_str()), (200, "application/json"));
    let document = answer.json();
    assert_eq!(document["openapi"], "3.1.0");
    let paths = document["paths"].as_object().unwrap();
    for path in [
        "/v1/games",
        "/v1/records",
        "/v1/records/{id}",
        "/v1/records/{id}/legal",
        "/v1/records/{id}/log",
        "/v1/records/{id}/export",
        "/v1/records/{id}/entries",
        "/v1/records/{id}/stream",
        "/v1/import",
        "/v1/verify",
    ] {
        assert!(paths.contains_key(path), "{path}");
    }
    assert!(paths["/v1/records"]["post"]["responses"]["201"].is_object());
    assert!(paths["/v1/records/{id}/entries"]["post"]["responses"]["409"].is_object());
    assert!(
        s.ok(&["serve", "--help"]).contains("127.0.0.1:8080"),
        "loopback by default"
    );
}

#[test]
fn sigterm_stops_the_server_and_every_acknowledged_append_is_stored() {
    let s = Session::new();
    let mut server = Served::start(&s);
    let games: Vec<(String, String)> = (0..3)
        .map(|_| {
            let game = create(&server.http, json!({"game": "senet"}));
            (game.id.clone(), game.token("arbiter"))
        })
        .collect();
    let acknowledged = Arc::new(AtomicUsize::new(0));
    let writers: Vec<_> = games
        .iter()
        .cloned()
        .map(|(id, arbiter)| {
            let http = server.http.clone();
            let acknowledged = acknowledged.clone();
            std::thread::spawn(move || {
                let mut acks: Vec<(u64, String)> = Vec::new();
                for n in 0..5000 {
                    let body = json!({ "commands": [format!("note:remark {n}")] });
                    let auth = format!("Bearer {arbiter}");
                    let sent = http.post(
                        &format!("/v1/records/{id}/entries"),
                        "application/json",
                        body.to_string().as_bytes(),
                        &[("authorization", &auth)],
                    );
                    match sent {
                        Ok(answer) if answer.status == 201 => {
                            let head = answer.json();
                            acks.push((head["seq"].as_u64().unwrap(), head["head"].as_str().unwrap().into()));
                            acknowledged.fetch_add(1, Ordering::SeqCst);
                        }
                        Ok(answer) => panic!("{} {}", answer.status, answer.body),
                        Err(_) => break, // the server has stopped
                    }
                }
                (id, acks)
            })
        })
        .collect();
    while acknowledged.load(Ordering::SeqCst) < 30 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let status = server.terminate();
    assert!(status.success(), "{status:?}");
    let mut total = 0;
    for writer in writers {
        let (id, acks) = writer.join().unwrap();
        assert!(!acks.is_empty());
        total += acks.len();
        // Every acknowledged head is the chain hash of its entry in the stored record.
        s.ok(&["export", &id, "--as", "arbiter", "-o", "out.kifu"]);
        let text = std::fs::read_to_string(s.path("out.kifu")).unwrap();
        let stored: BTreeMap<u64, String> = text
            .lines()
            .skip_while(|l| !l.starts_with("header "))
            .skip(1)
            .map(|l| {
                let seq = l.split(' ').next().unwrap().parse().unwrap();
                (seq, l.rsplit(' ').next().unwrap().to_string())
            })
            .collect();
        for (seq, head) in &acks {
            assert_eq!(stored.get(seq), Some(head), "acknowledged entry {seq} of {id}");
        }
        assert!(s.ok(&["verify", &id]).contains(": ok,"));
    }
    assert!(total >= 30);
    let log = std::fs::read_to_string(s.path("serve.log")).unwrap();
    assert!(log.contains("kifu serve: stopped"), "{log}");
}

#[test]
fn the_pages_are_served_with_a_strict_policy_and_name_no_token() {
    let s = Session::new();
    let server = Served::start(&s);
    let http = &server.http;
    let game = create(http, json!({"game": "senet"}));
    for path in ["/", &format!("/r/{}", game.id)] {
        let page = http.get_as(path, None);
        assert_eq!(page.status, 200, "{path}");
        assert_eq!(page.content_type, "text/html; charset=utf-8");
        assert!(page.body.contains("/assets/kifu.css"), "{}", page.body);
        let policy = page.header("content-security-policy").unwrap();
        assert!(
            policy.contains("script-src 'self'") && policy.contains("connect-src 'self'"),
            "{policy}"
        );
        assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
        assert!(!page.body.contains(&game.token("arbiter")));
    }
    let script = http.get_as("/assets/record.js", None);
    assert_eq!(
        (script.status, script.content_type.as_str()),
        (200, "text/javascript; charset=utf-8")
    );
    assert!(script.body.contains("/v1/records/"));
    for path in ["/r/not-a-record", "/assets/nothing.js", "/assets/../Cargo.toml"] {
        let missing = http.get_as(path, None);
        assert_eq!(missing.status, 404, "{path}");
        assert!(missing.json()["error"].is_string());
    }
    // The pages are no part of the API's document.
    let document = http.get_as("/v1/openapi.json", None).json();
    assert!(document["paths"]
        .as_object()
        .unwrap()
        .keys()
        .all(|p| p.starts_with("/v1/")));
}

/// `kifu serve --exclusive` holds the store file alone: a CLI that opens the file is turned
/// away with the reason (exit 3), the records are read through the service, and once it stops
/// the file opens as usual with everything it stored.
#[test]
fn a_service_holding_its_store_alone_sends_the_cli_to_it() {
    let s = Session::new();
    let id = s.ok(&["new", "chess"]).trim().to_string();
    s.ok(&["play", &id, "e4", "e5"]);
    let mut server = Served::start_with(&s, "serve.log", &["--exclusive"]);
    let run = s.run(&["show", &id]);
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("held alone"), "{}", run.stderr);
    let through = std::process::Command::new(kifu_e2e::kifu_bin())
        .args(["--server", &server.base, "log", &id])
        .env_remove("KIFU_STORE")
        .env_remove("KIFU_SERVER")
        .output()
        .unwrap();
    assert!(through.status.success(), "{}", String::from_utf8_lossy(&through.stderr));
    assert!(String::from_utf8_lossy(&through.stdout).contains("2 p2 e5"));
    assert!(server.terminate().success());
    assert!(s.ok(&["verify", &id]).contains(": ok, 2 entries"));
}
