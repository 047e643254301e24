//! The service as a user runs it, for the end-to-end tests: the real `kifu serve --listen
//! 127.0.0.1:0` on a scratch store, its address read from its first line, and a small blocking
//! HTTP client (ureq) that never treats a status as an error. Loopback only.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use kifu_e2e::{kifu_bin, Session};

pub mod load;
use serde_json::Value;

/// A running `kifu serve`.
pub struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    _stdout: BufReader<ChildStdout>,
    pub http: Http,
}

impl Served {
    /// Starts the server on the session's store and reads its address.
    pub fn start(session: &Session) -> Served {
        Served::start_with(session, "serve.log", &[])
    }

    /// Starts a server on the session's store with more arguments to `serve`, logging to
    /// `log` in the session's folder.
    pub fn start_with(session: &Session, log: &str, args: &[&str]) -> Served {
        let log = std::fs::File::options()
            .create(true)
            .append(true)
            .open(session.path(log))
            .expect("server log file");
        let mut child = Command::new(kifu_bin())
            .arg("--store")
            .arg(session.store())
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .env_remove("KIFU_STORE")
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .expect("start kifu serve");
        let mut stdout = BufReader::new(child.stdout.take().expect("server stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("the server's first line");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("first line: {line:?}"))
            .to_string();
        assert!(base.starts_with("http://127.0.0.1:"), "{base}");
        assert!(!base.ends_with(":0"), "the real port is printed: {base}");
        Served {
            child,
            http: Http::new(&base),
            base,
            _stdout: stdout,
        }
    }

    /// Sends SIGTERM and waits (at most a minute) for the server to stop.
    pub fn terminate(&mut self) -> ExitStatus {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().expect("run kill");
        assert!(sent.success());
        self.wait()
    }

    /// Kills the server with SIGKILL (`kill -9`): no handler runs, nothing is finished.
    pub fn kill9(&mut self) -> ExitStatus {
        self.child.kill().expect("kill -9 the server");
        self.wait()
    }

    /// Waits (at most a minute) for the server to exit.
    pub fn wait(&mut self) -> ExitStatus {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for the server") {
                return status;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "the server did not stop");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether the process is still running.
    pub fn running(&mut self) -> bool {
        self.child.try_wait().expect("poll the server").is_none()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: status, headers we look at, and the body as text.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub content_type: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A blocking client for one server.
#[derive(Clone)]
pub struct Http {
    agent: ureq::Agent,
    pub base: String,
}

impl Http {
    pub fn new(base: &str) -> Http {
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build();
        Http {
            agent: config.into(),
            base: base.to_string(),
        }
    }

    /// GET with optional extra headers (`Authorization: Bearer T` is ("authorization", ...)).
    pub fn get(&self, path: &str, headers: &[(&str, &str)]) -> Result<Answer, ureq::Error> {
        let mut request = self.agent.get(format!("{}{path}", self.base));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        answer(request.call()?)
    }

    /// GET, the body as bytes (tiles are binary): status, headers, body.
    pub fn get_bytes(&self, path: &str) -> (u16, Vec<(String, String)>, Vec<u8>) {
        let mut response = self
            .agent
            .get(format!("{}{path}", self.base))
            .call()
            .expect("the server answers");
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or_default().to_string()))
            .collect();
        let body = response.body_mut().read_to_vec().expect("the body");
        (status, headers, body)
    }

    /// POST a body of the given content type.
    pub fn post(
        &self,
        path: &str,
        content_type: &str,
        body: &[u8],
        headers: &[(&str, &str)],
    ) -> Result<Answer, ureq::Error> {
        let mut request = self
            .agent
            .post(format!("{}{path}", self.base))
            .header("content-type", content_type);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        answer(request.send(body)?)
    }

    /// POST JSON, with a bearer token when given.
    pub fn post_json(&self, path: &str, token: Option<&str>, body: &Value) -> Answer {
        let auth = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("authorization", a.as_str())).collect();
        self.post(path, "application/json", body.to_string().as_bytes(), &headers)
            .expect("the server answers")
    }

    /// GET with a bearer token when given.
    pub fn get_as(&self, path: &str, token: Option<&str>) -> Answer {
        let auth = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("authorization", a.as_str())).collect();
        self.get(path, &headers).expect("the server answers")
    }

    /// Opens a stream and hands back a line reader over its body.
    pub fn open_stream(&self, path: &str, headers: &[(&str, &str)]) -> (u16, Box<dyn BufRead + Send>) {
        let mut request = self.agent.get(format!("{}{path}", self.base));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.call().expect("the server answers");
        let status = response.status().as_u16();
        (status, Box::new(BufReader::new(response.into_body().into_reader())))
    }
}

fn answer(mut response: ureq::http::Response<ureq::Body>) -> Result<Answer, ureq::Error> {
    let status = response.status().as_u16();
    let headers: Vec<(String, String)> = response
        .headers()
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or_default().to_string()))
        .collect();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body = response.body_mut().read_to_string()?;
    Ok(Answer {
        status,
        content_type,
        headers,
        body,
    })
}

/// A record made through the service: its id and tokens.
pub struct Made {
    pub id: String,
    pub head: String,
    pub tokens: Value,
}

impl Made {
    pub fn token(&self, who: &str) -> String {
        self.tokens[who]
            .as_str()
            .unwrap_or_else(|| panic!("no token for {who}"))
            .to_string()
    }
}

/// Creates a record and checks the answer's shape.
pub fn create(http: &Http, request: Value) -> Made {
    let answer = http.post_json("/v1/records", None, &request);
    assert_eq!(answer.status, 201, "{}", answer.body);
    let body = answer.json();
    let id = body["id"].as_str().unwrap().to_string();
    assert_eq!(answer.header("location"), Some(format!("/v1/records/{id}").as_str()));
    Made {
        head: body["head"].as_str().unwrap().to_string(),
        tokens: body["tokens"].clone(),
        id,
    }
}

/// Enters commands with a token; returns the answer.
pub fn play(http: &Http, id: &str, token: Option<&str>, commands: &[&str]) -> Answer {
    http.post_json(
        &format!("/v1/records/{id}/entries"),
        token,
        &serde_json::json!({ "commands": commands }),
    )
}
