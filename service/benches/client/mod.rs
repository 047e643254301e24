//! The benches' HTTP client: keep-alive HTTP/1.1 connections to a service on loopback, and
//! recorders appending notes (each on its own record, or racing on one with `expect_head`),
//! timing each acknowledged append. Never reaches beyond 127.0.0.1.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper::{Request, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};

/// One case's result: acknowledged appends, the wall time, every acknowledged request's time.
pub struct Measure {
    pub appends: usize,
    pub wall: Duration,
    pub latencies: Vec<Duration>,
    pub conflicts: usize,
}

impl Measure {
    pub fn rate(&self) -> f64 {
        self.appends as f64 / self.wall.as_secs_f64().max(1e-9)
    }
    pub fn percentile(&self, p: f64) -> f64 {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
        sorted.get(at).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

/// A note, the one command any record takes from the arbiter at any time.
pub fn note(n: usize) -> String {
    format!("note:recorder remark {n}")
}

/// A keep-alive HTTP/1.1 connection to the server.
pub async fn connect(addr: SocketAddr) -> SendRequest<Full<Bytes>> {
    let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.set_nodelay(true).expect("nodelay");
    let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("handshake");
    tokio::spawn(connection);
    sender
}

/// POSTs JSON; the status and the body read as JSON.
pub async fn post(
    sender: &mut SendRequest<Full<Bytes>>,
    path: &str,
    token: Option<&str>,
    body: &Value,
) -> (StatusCode, Value) {
    sender.ready().await.expect("connection ready");
    let mut request = Request::post(path)
        .header("host", "127.0.0.1")
        .header("content-type", "application/json");
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let request = request.body(Full::new(Bytes::from(body.to_string()))).expect("request");
    let response = sender.send_request(request).await.expect("answer");
    let status = response.status();
    let bytes = response.into_body().collect().await.expect("body").to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// A new chess record: (id, head, the arbiter's token).
pub async fn create(addr: SocketAddr) -> (String, String, String) {
    let mut sender = connect(addr).await;
    let (status, body) = post(&mut sender, "/v1/records", None, &json!({"game": "chess"})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let text = |v: &Value| v.as_str().expect("text").to_string();
    (text(&body["id"]), text(&body["head"]), text(&body["tokens"]["arbiter"]))
}

/// `recorders` tasks, recorder n talking to server `n % addrs.len()`, each appending `each` notes; all on one record (racing with
/// `expect_head`, retrying after a conflict) or each on its own. Returns the measure and the
/// acknowledged (record, seq, head) of every append.
pub async fn recorders(
    addrs: &[SocketAddr],
    recorders: usize,
    each: usize,
    one_record: bool,
) -> (Measure, Vec<(String, u64, String)>) {
    let mut records = Vec::new();
    for n in 0..recorders {
        if n == 0 || !one_record {
            records.push(create(addrs[n % addrs.len()]).await);
        } else {
            records.push(records[0].clone());
        }
    }
    let started = Instant::now();
    let tasks: Vec<_> = records
        .into_iter()
        .enumerate()
        .map(|(n, (id, mut head, token))| {
            let addr = addrs[n % addrs.len()];
            tokio::spawn(async move {
                let mut sender = connect(addr).await;
                let path = format!("/v1/records/{id}/entries");
                let (mut latencies, mut acks, mut conflicts) = (Vec::new(), Vec::new(), 0);
                let mut attempts = 0;
                while acks.len() < each {
                    attempts += 1;
                    assert!(attempts <= each * 100, "too many conflicts");
                    let mut body = json!({ "commands": [note(acks.len())] });
                    if one_record {
                        body["expect_head"] = json!(head);
                    }
                    let sent = Instant::now();
                    let (status, answer) = post(&mut sender, &path, Some(&token), &body).await;
                    let took = sent.elapsed();
                    match status {
                        StatusCode::CREATED => {
                            latencies.push(took);
                            head = answer["head"].as_str().expect("head").to_string();
                            acks.push((id.clone(), answer["seq"].as_u64().expect("seq"), head.clone()));
                        }
                        StatusCode::CONFLICT if one_record => {
                            conflicts += 1;
                            head = answer["head"].as_str().expect("head").to_string();
                        }
                        other => panic!("{other}: {answer}"),
                    }
                }
                (latencies, acks, conflicts)
            })
        })
        .collect();
    let mut measure = Measure {
        appends: 0,
        wall: Duration::ZERO,
        latencies: Vec::new(),
        conflicts: 0,
    };
    let mut acknowledged = Vec::new();
    for task in tasks {
        let (latencies, acks, conflicts) = task.await.expect("recorder");
        measure.latencies.extend(latencies);
        measure.appends += acks.len();
        measure.conflicts += conflicts;
        acknowledged.extend(acks);
    }
    measure.wall = started.elapsed();
    (measure, acknowledged)
}
