//! Raw HTTP/1.1 over `std::net::TcpStream`: the sandbox's own tests use no SDK code.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::Value;
use zeitkonto_core::Date;
use zeitkonto_sandbox::{Sandbox, SandboxConfig};

pub const TODAY: (i32, u8, u8) = (2026, 11, 21);

pub fn today() -> Date {
    Date::new(TODAY.0, TODAY.1, TODAY.2).expect("valid")
}

/// A sandbox frozen at 2026-11-21 with a generous rate limit.
pub fn sandbox() -> Sandbox {
    let mut cfg = SandboxConfig { today: Some(today()), ..Default::default() };
    cfg.rate_limit.limit = 100_000;
    Sandbox::start(cfg).expect("start")
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
