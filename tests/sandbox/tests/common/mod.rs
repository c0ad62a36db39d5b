//! Raw HTTP/1.1 over `std::net::TcpStream`: the sandbox's own tests use no SDK code.
//!
//! The same rule tests run twice: over HTTP (test binary `rules`) and straight through the engine
//! (test binary `rules_engine`: API requests go to the started sandbox's engine in-process, with
//! no socket; the `/__sandbox/` control routes and requests with extra headers such as CORS
//! preflights, which are the server shell's business, still go over HTTP).
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;
use std::sync::Mutex;
use zeitkonto_core::Date;

use zeitkonto_sandbox::engine::HttpRequest;
use zeitkonto_sandbox::shared::Outcome;
use zeitkonto_sandbox::{Sandbox, SandboxConfig, Shared};

pub const TODAY: (i32, u8, u8) = (2026, 11, 21);

pub fn today() -> Date {
    Date::new(TODAY.0, TODAY.1, TODAY.2).expect("valid")
}

/// A sandbox frozen at 2026-11-21 with a generous rate limit.
pub fn sandbox() -> Sandbox {
    let mut cfg = SandboxConfig { today: Some(today()), ..Default::default() };
    cfg.rate_limit.limit = 100_000;
    start(cfg)
}

/// The engines of the sandboxes started by this test binary, by base URL, oldest first (a port
/// freed by a finished test can be given to a later sandbox, so a base URL can repeat).
static ENGINES: Mutex<Vec<(String, Shared)>> = Mutex::new(Vec::new());

/// Starts a sandbox (and notes its engine, for the `rules_engine` binary).
pub fn start(cfg: SandboxConfig) -> Sandbox {
    let sb = Sandbox::start(cfg).expect("start");
    ENGINES.lock().unwrap_or_else(|p| p.into_inner()).push((sb.base_url().to_string(), sb.shared().clone()));
    sb
}

/// Whether this binary drives the engine in-process (`rules_engine`) rather than HTTP (`rules`).
fn engine_mode() -> bool {
    std::env::current_exe()
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().starts_with("rules_engine")))
        .unwrap_or(false)
}

/// The request through the engine of the sandbox at `base`, on a runtime of its own.
fn through_engine(base: &str, method: &str, path: &str, body: &str) -> Reply {
    let shared = ENGINES
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
        // The newest first: a finished test's sandbox may have had the same port (base URL).
        .rev()
        .find(|(b, _)| b == base)
        .map(|(_, s)| s.clone())
        .unwrap_or_else(|| panic!("no engine noted for {base}: start sandboxes with common::start"));
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let req = HttpRequest { method, path, query, body: body.as_bytes() };
    let rt = tokio::runtime::Builder::new_current_thread().enable_time().build().expect("runtime");
    let outcome = rt.block_on(shared.exchange(&req, None, |ms| tokio::time::sleep(Duration::from_millis(ms))));
    match outcome {
        Outcome::Response(r) => Reply { status: r.status, body: r.text(), headers: r.headers },
        Outcome::Reset(r) => Reply { status: r.status, headers: r.headers, body: String::new() },
        Outcome::TimedOut => Reply { status: 0, headers: Vec::new(), body: String::new() },
    }
}

pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Asserts a 403 text/plain with this code.
    pub fn assert_code(&self, code: &str) {
        assert_eq!((self.status, self.body.trim()), (403, code), "{}", self.body);
        assert_eq!(self.header("content-type"), Some("text/plain"));
    }
}

pub fn http(base: &str, method: &str, path: &str, body: Option<&str>) -> Reply {
    if engine_mode() && !path.starts_with("/__sandbox") {
        return through_engine(base, method, path, body.unwrap_or(""));
    }
    http_with(base, method, path, body, &[])
}

pub fn http_with(base: &str, method: &str, path: &str, body: Option<&str>, headers: &[(&str, &str)]) -> Reply {
    let host = base.trim_start_matches("http://");
    let mut s = TcpStream::connect(host).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(20))).ok();
    let body = body.unwrap_or("");
    let mut req =
        format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    if !body.is_empty() {
        req.push_str("Content-Type: application/json\r\n");
    }
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).expect("write");
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect();
    let chunked = headers.iter().any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let body = if chunked { dechunk(rest) } else { rest.to_string() };
    Reply { status, headers, body }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

pub fn get(base: &str, path: &str) -> Reply {
    http(base, "GET", path, None)
}

pub fn post(base: &str, path: &str, body: &str) -> Reply {
    http(base, "POST", path, Some(body))
}
