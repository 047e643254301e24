//! HTTP for `--server`: one blocking ureq agent, requests carrying the bearer token, and every
//! answer's status mapped to kifu's exit codes. It never retries, never follows a redirect
//! (a token must not travel to another address), never prints, and never logs a token.

use std::time::Duration;

use serde::de::DeserializeOwned;

use crate::exit::{CliError, BAD_INPUT, FAILED};

/// How long to wait for a connection, and for a whole exchange (a large import included).
const CONNECT: Duration = Duration::from_secs(10);
const EXCHANGE: Duration = Duration::from_secs(600);
/// The largest answer read (an export of a long record fits many times over).
const MAX_ANSWER: u64 = 1 << 30;

/// A kifu server at one address, with the token sent on every request.
#[derive(Clone)]
pub struct Http {
    agent: ureq::Agent,
    /// `http://HOST:PORT` (or `https://...`), without a trailing `/` or `/v1`.
    pub base: String,
    token: Option<String>,
}

/// An answer: its status, whether it repeats a first answer (`Idempotent-Replayed`), the body.
pub struct Answer {
    pub status: u16,
    pub replayed: bool,
    pub body: Vec<u8>,
}

impl Http {
    /// The server at `url` (`http://HOST:PORT`, as `kifu serve` prints it; a `/v1` at the end
    /// is taken off). Anything else is bad usage (exit 2).
    pub fn new(url: &str, token: Option<String>) -> Result<Http, CliError> {
        let trimmed = url.trim().trim_end_matches('/');
        let base = trimmed.strip_suffix("/v1").unwrap_or(trimmed).to_string();
        let rest = base
            .strip_prefix("http://")
            .or_else(|| base.strip_prefix("https://"))
            .ok_or_else(|| CliError::input(format!("--server '{url}': give http://HOST:PORT or https://HOST")))?;
        if rest.is_empty() || rest.contains(['/', '?', '#', ' ']) {
            return Err(CliError::input(format!(
                "--server '{url}': give the server's address only, as http://HOST:PORT"
            )));
        }
        if base.starts_with("https://") && !cfg!(feature = "https") {
            return Err(CliError::input(format!(
                "--server '{url}': this kifu was built without https (cargo feature 'https'); use http:// on a trusted network or rebuild"
            )));
        }
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .timeout_connect(Some(CONNECT))
            .timeout_global(Some(EXCHANGE))
            .user_agent(concat!("kifu/", env!("CARGO_PKG_VERSION")))
            .build()
            .into();
        Ok(Http { agent, base, token })
    }

    /// GET `path` (from `/v1/...`, query included), with the token.
    pub fn get(&self, path: &str) -> Result<Answer, CliError> {
        self.get_with(path, self.token.as_deref())
    }

    /// GET `path` with another token (or none).
    pub fn get_with(&self, path: &str, token: Option<&str>) -> Result<Answer, CliError> {
        let mut request = self.agent.get(format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        self.answer(request.call())
    }

    /// POST a body of `content_type` to `path`, with the token and the extra headers.
    pub fn post(
        &self,
        path: &str,
        content_type: &str,
        body: &[u8],
        headers: &[(&str, String)],
    ) -> Result<Answer, CliError> {
        let mut request = self
            .agent
            .post(format!("{}{path}", self.base))
            .header("content-type", content_type);
        if let Some(token) = &self.token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        for (name, value) in headers {
            request = request.header(*name, value);
        }
        self.answer(request.send(body))
    }

    /// POST JSON.
    pub fn post_json(
        &self,
        path: &str,
        body: &serde_json::Value,
        headers: &[(&str, String)],
    ) -> Result<Answer, CliError> {
        self.post(path, "application/json", body.to_string().as_bytes(), headers)
    }

    fn answer(&self, result: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Result<Answer, CliError> {
        let mut response = result.map_err(|e| self.unreachable(e))?;
        let status = response.status().as_u16();
        let replayed = response
            .headers()
            .get("idempotent-replayed")
            .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"true"));
        let location = response
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let body = response
            .body_mut()
            .with_config()
            .limit(MAX_ANSWER)
            .read_to_vec()
            .map_err(|e| self.unreachable(e))?;
        if (300..400).contains(&status) {
            let to = location.map(|l| format!(" to {l}")).unwrap_or_default();
            return Err(CliError::input(format!(
                "the server at {} answered {status}, a redirect{to}: give the address it names with --server",
                self.base
            )));
        }
        Ok(Answer { status, replayed, body })
    }

    fn unreachable(&self, error: ureq::Error) -> CliError {
        CliError::input(format!("cannot reach the kifu server at {}: {error}", self.base))
    }
}

/// Exit codes for refusals, by status, where a command's local form says otherwise than the
/// usual mapping (401, 403, 409, 422: 1; anything else: 2).
pub type Overrides<'a> = &'a [(u16, u8)];

impl Answer {
    /// The body as `T` when the status is `ok`; otherwise the server's refusal as an error.
    pub fn json<T: DeserializeOwned>(self, ok: u16, overrides: Overrides) -> Result<T, CliError> {
        let body = self.expect(ok, overrides)?;
        serde_json::from_slice(&body)
            .map_err(|e| CliError::input(format!("the server's answer does not read as kifu's API ({e})")))
    }

    /// The body when the status is `ok`; otherwise the server's refusal as an error.
    pub fn expect(self, ok: u16, overrides: Overrides) -> Result<Vec<u8>, CliError> {
        if self.status == ok {
            return Ok(self.body);
        }
        Err(refusal(self.status, &self.body, overrides))
    }
}

/// A refusal: the server's words (`{"error": ...}`) with the exit code its status maps to.
pub fn refusal(status: u16, body: &[u8], overrides: Overrides) -> CliError {
    let words = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v.get("error").and_then(|e| e.as_str()).map(str::to_string))
        .unwrap_or_else(|| {
            let text = String::from_utf8_lossy(body);
            let text = text.trim();
            if text.is_empty() {
                format!("the server answered {status}")
            } else {
                format!(
                    "the server answered {status}: {}",
                    text.chars().take(200).collect::<String>()
                )
            }
        });
    let code = overrides
        .iter()
        .find(|(s, _)| *s == status)
        .map(|(_, code)| *code)
        .unwrap_or(match status {
            401 | 403 | 409 | 422 => FAILED,
            _ => BAD_INPUT,
        });
    let message = if status >= 500 {
        format!("the server failed: {words}")
    } else {
        words
    };
    CliError { code, message }
}

/// A value for a URL's path or query, percent-encoded but for the unreserved characters.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_map_to_exit_codes() {
        let body = br#"{"error":"no"}"#;
        for (status, code) in [
            (401, 1),
            (403, 1),
            (409, 1),
            (422, 1),
            (400, 2),
            (404, 2),
            (413, 2),
            (415, 2),
            (500, 2),
        ] {
            assert_eq!(refusal(status, body, &[]).code, code, "{status}");
        }
        assert_eq!(refusal(403, body, &[(403, 2)]).code, 2);
        assert_eq!(refusal(422, body, &[]).message, "no");
        assert_eq!(
            refusal(502, b"bad gateway", &[]).message,
            "the server failed: the server answered 502: bad gateway"
        );
    }

    #[test]
    fn addresses() {
        assert_eq!(
            Http::new("http://127.0.0.1:8080/", None).unwrap().base,
            "http://127.0.0.1:8080"
        );
        assert_eq!(Http::new("http://h:1/v1/", None).unwrap().base, "http://h:1");
        for bad in ["127.0.0.1:8080", "ftp://h", "http://", "http://h/x"] {
            assert_eq!(Http::new(bad, None).err().map(|e| e.code), Some(2), "{bad}");
        }
        assert_eq!(encode("K=V a/é"), "K%3DV%20a%2F%C3%A9");
    }
}
