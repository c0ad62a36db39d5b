//! Faults: what a test can inject (kinds, the builder), which request takes one, and what it
//! answers. The server's `/__sandbox/` control routes and every test kit take the same `Fault`.

use serde::{Deserialize, Serialize};
use serde_json::json;
use zeitkonto_core::OperationId;

use crate::engine::Response;

/// What an injected fault does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FaultKind {
    /// Wait `delayMs`, then answer normally (tests client timeouts).
    Delay,
    /// Send the status line and headers, then break the connection.
    Reset,
    /// Answer `status` (default 500) with a plain-text body.
    Status,
    /// Answer 200 with truncated JSON.
    Truncated,
    /// Answer `status` (default 200) with an HTML page, as a proxy would.
    Html,
    /// Answer 429 with `Retry-After: retryAfter` (default 1) seconds.
    RateLimit,
    /// Answer `status` (default 502) with a JSON body that echoes the request path (keys
    /// included), after `pad` filler characters, as some proxies do: for redaction tests.
    EchoPath,
    /// Answer `status` (default 302) with `Location: location`, as a misconfigured instance or a
    /// hostile proxy would: for the "never follow a redirect" tests.
    Redirect,
}

/// A fault for the next `count` API requests (of `operation`, when given).
///
/// Every `inject` but the bare [`Engine::inject`](crate::engine::Engine::inject), and the
/// `/__sandbox/faults` route, check it with [`check_fault`](crate::kit::check_fault): the ranges
/// named below, and `status`, `delayMs`, `retryAfter`, `pad` and `location` only for their kinds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Fault {
    /// What the fault does.
    pub kind: FaultKind,
    /// How many matching requests take the fault (default 1, at least 1); each one counts it down,
    /// and the last one removes it.
    #[serde(default = "one")]
    pub count: u32,
    /// The stable name of the only operation whose requests take the fault (`book_absence`, as
    /// [`OperationId::name`]); any API request when `None`.
    #[serde(default)]
    pub operation: Option<String>,
    /// The HTTP status that `status`, `html`, `echoPath` and `redirect` answer with (200-599;
    /// `None`: the kind's default).
    #[serde(default)]
    pub status: Option<u16>,
    /// How long a `delay` fault waits, in milliseconds (0 to 3,600,000, one hour; `None`: 1000).
    #[serde(default)]
    pub delay_ms: Option<u64>,
    /// The `Retry-After` of a `rateLimit` fault, in whole seconds (0 to 86,400, 24 hours; `None`: 1).
    #[serde(default)]
    pub retry_after: Option<u64>,
    /// Apply the request first, then answer with the fault (a write applied whose answer is lost;
    /// with `delay`: applied at once, answered late). Not for a rate-limit fault (refused by
    /// [`crate::kit::check_fault`]): the API answers a 429 before doing anything.
    #[serde(default)]
    pub after: bool,
    /// Filler characters before the echoed path (`echoPath`; 0 to 1,000,000; `None`: 0).
    #[serde(default)]
    pub pad: Option<usize>,
    /// The redirect target (`redirect`; no control characters; `None`: `/`).
    #[serde(default)]
    pub location: Option<String>,
}

fn one() -> u32 {
    1
}

impl Fault {
    /// A fault of `kind` for the next request.
    pub fn new(kind: FaultKind) -> Fault {
        Fault {
            kind,
            count: 1,
            operation: None,
            status: None,
            delay_ms: None,
            retry_after: None,
            after: false,
            pad: None,
            location: None,
        }
    }

    /// Only for this operation.
    pub fn on(mut self, op: OperationId) -> Fault {
        self.operation = Some(op.name().to_string());
        self
    }

    /// For the next `n` matching requests.
    pub fn times(mut self, n: u32) -> Fault {
        self.count = n;
        self
    }

    /// With this status.
    pub fn status(mut self, status: u16) -> Fault {
        self.status = Some(status);
        self
    }

    /// After applying the request (not for [`FaultKind::RateLimit`]: see [`Fault::after`]).
    pub fn after_applying(mut self) -> Fault {
        self.after = true;
        self
    }

    /// With this delay, in milliseconds (`delay`).
    pub fn delay_ms(mut self, ms: u64) -> Fault {
        self.delay_ms = Some(ms);
        self
    }

    /// With `n` filler characters before the echoed path.
    pub fn pad(mut self, n: usize) -> Fault {
        self.pad = Some(n);
        self
    }

    /// Redirecting to `location`.
    pub fn location(mut self, location: impl Into<String>) -> Fault {
        self.location = Some(location.into());
        self
    }

    /// With this `Retry-After`, in whole seconds (`rateLimit`).
    pub fn retry_after(mut self, secs: u64) -> Fault {
        self.retry_after = Some(secs);
        self
    }
}

/// Takes the first fault that matches `op`, counting it down.
pub fn take(faults: &mut Vec<Fault>, op: OperationId) -> Option<Fault> {
    let i = faults.iter().position(|f| f.operation.as_deref().is_none_or(|o| o == op.name()))?;
    let f = faults[i].clone();
    if faults[i].count <= 1 {
        faults.remove(i);
    } else {
        faults[i].count -= 1;
    }
    Some(f)
}

/// The response a fault answers with (not for `Delay`); `path` is the request's path as sent. For
/// `Reset` it is the head the shell sends before breaking the connection.
pub fn respond(f: &Fault, path: &str) -> Response {
    let status = |default: u16| f.status.filter(|s| (100..=999).contains(s)).unwrap_or(default);
    match f.kind {
        FaultKind::EchoPath => {
            let body = json!({
                "timestamp": "2026-11-23T10:00:00Z",
                "pad": "x".repeat(f.pad.unwrap_or(0)),
                "status": status(502),
                "error": "Bad Gateway",
                "path": path,
            });
            Response::new(status(502), "application/json", body.to_string())
        }
        FaultKind::Redirect => {
            let location = f.location.clone().unwrap_or_else(|| "/".to_string());
            Response { status: status(302), headers: vec![("location".into(), location)], body: Vec::new() }
        }
        FaultKind::Reset => Response::new(200, "application/json", ""),
        FaultKind::Status => {
            let s = status(500);
            Response::new(s, "text/plain", reason(s))
        }
        FaultKind::Truncated => Response::new(
            200,
            "application/json",
            r#"{"code":0,"time":1763712000000,"info":[{"membercode":"web","employee":"Schm"#,
        ),
        FaultKind::Html => {
            let page = "<!DOCTYPE html>\n<html><head><title>Maintenance</title></head>\n<body><h1>We'll be back soon</h1></body></html>";
            Response::new(status(200), "text/html", page)
        }
        FaultKind::RateLimit => Response::new(429, "text/plain", "Too Many Requests")
            .with_header("retry-after", f.retry_after.unwrap_or(1).to_string()),
        FaultKind::Delay => Response::new(500, "text/plain", ""),
    }
}

/// The reason phrase of the statuses faults use, as the body of a `status` fault.
fn reason(status: u16) -> &'static str {
    match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        408 => "Request Timeout",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "error",
    }
}
