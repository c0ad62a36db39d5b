//! The test-control surface under `/__sandbox/` (kept apart from the API routes): fault injection,
//! reset, statistics (applied writes per operation), rate-limit settings, and info.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_core::OperationId;

use crate::App;

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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Fault {
    pub kind: FaultKind,
    #[serde(default = "one")]
    pub count: u32,
    #[serde(default)]
    pub operation: Option<String>,
    #[serde(default)]
    pub status: Option<u16>,
    #[serde(default)]
    pub delay_ms: Option<u64>,
    #[serde(default)]
    pub retry_after: Option<u64>,
    /// Apply the request first, then answer with the fault (a write applied whose answer is lost;
    /// with `delay`: applied at once, answered late).
    #[serde(default)]
    pub after: bool,
    /// Filler characters before the echoed path (`echoPath`).
    #[serde(default)]
    pub pad: Option<usize>,
    /// The redirect target (`redirect`).
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

    /// After applying the request.
    pub fn after_applying(mut self) -> Fault {
        self.after = true;
        self
    }

    /// With this delay.
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

    /// With this Retry-After.
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

/// The response a fault answers with (not for `Delay`); `path` is the request's path as sent.
pub fn respond(f: &Fault, path: &str) -> Response {
    match f.kind {
        FaultKind::EchoPath => {
            let status = StatusCode::from_u16(f.status.unwrap_or(502)).unwrap_or(StatusCode::BAD_GATEWAY);
            let body = json!({
                "timestamp": "2026-11-23T10:00:00Z",
                "pad": "x".repeat(f.pad.unwrap_or(0)),
                "status": status.as_u16(),
                "error": "Bad Gateway",
                "path": path,
            });
            (status, [(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response()
        }
        FaultKind::Redirect => {
            let status = StatusCode::from_u16(f.status.unwrap_or(302)).unwrap_or(StatusCode::FOUND);
            let location = f.location.clone().unwrap_or_else(|| "/".to_string());
            (status, [(header::LOCATION, location)], "").into_response()
        }
        FaultKind::Reset => {
            let stream = futures_util::stream::once(async {
                Err::<Bytes, std::io::Error>(std::io::Error::new(std::io::ErrorKind::ConnectionReset, "injected reset"))
            });
            (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], Body::from_stream(stream)).into_response()
        }
        FaultKind::Status => {
            let status = StatusCode::from_u16(f.status.unwrap_or(500)).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            (status, [(header::CONTENT_TYPE, "text/plain")], status.canonical_reason().unwrap_or("error").to_string())
                .into_response()
        }
        FaultKind::Truncated => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/json")],
            r#"{"code":0,"time":1763712000000,"info":[{"membercode":"web","employee":"Schm"#,
        )
            .into_response(),
        FaultKind::Html => {
            let status = StatusCode::from_u16(f.status.unwrap_or(200)).unwrap_or(StatusCode::OK);
            let page = "<!DOCTYPE html>\n<html><head><title>Maintenance</title></head>\n<body><h1>We'll be back soon</h1></body></html>";
            (status, [(header::CONTENT_TYPE, "text/html")], page).into_response()
        }
        FaultKind::RateLimit => {
            let secs = f.retry_after.unwrap_or(1).to_string();
            (StatusCode::TOO_MANY_REQUESTS, [(header::RETRY_AFTER, secs)], "Too Many Requests").into_response()
        }
        FaultKind::Delay => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// Rate-limit settings as the control surface takes them.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RateLimitBody {
    limit: u32,
    window_ms: u64,
}

/// The `/__sandbox` routes.
pub fn router() -> Router<Arc<App>> {
    Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/info", get(info))
        .route("/reset", post(reset))
        .route("/faults", get(list_faults).post(add_fault).delete(clear_faults))
        .route("/stats", get(stats))
        .route("/rate-limit", put(set_rate_limit))
}

async fn info(State(app): State<Arc<App>>) -> Json<Value> {
    let w = app.lock();
    let routes: HashMap<&str, String> =
        w.routes.entries().into_iter().map(|(op, r)| (op.name(), r.to_string())).collect();
    Json(json!({
        "baseUrl": app.base_url, "today": w.clock.today().to_string(),
        "rateLimit": {"limit": w.limit.limit, "windowMs": w.limit.window_ms},
        "keys": crate::demo_keys(), "routes": routes
    }))
}

async fn reset(State(app): State<Arc<App>>) -> StatusCode {
    app.lock().reset();
    StatusCode::NO_CONTENT
}

async fn list_faults(State(app): State<Arc<App>>) -> Json<Vec<Fault>> {
    Json(app.lock().faults.clone())
}

async fn add_fault(State(app): State<Arc<App>>, Json(f): Json<Fault>) -> StatusCode {
    app.lock().faults.push(f);
    StatusCode::NO_CONTENT
}

async fn clear_faults(State(app): State<Arc<App>>) -> StatusCode {
    app.lock().faults.clear();
    StatusCode::NO_CONTENT
}

async fn stats(State(app): State<Arc<App>>) -> Json<Value> {
    let w = app.lock();
    let total: u64 = w.stats.writes.values().sum();
    Json(json!({
        "writes": w.stats.writes, "writesTotal": total, "requests": w.stats.requests,
        "rateLimited": w.stats.rate_limited, "inFlight": w.stats.in_flight, "maxInFlight": w.stats.max_in_flight
    }))
}

async fn set_rate_limit(State(app): State<Arc<App>>, Json(b): Json<RateLimitBody>) -> StatusCode {
    app.lock().set_limit(LimiterConfig { limit: b.limit, window_ms: b.window_ms, margin_ms: 0 });
    StatusCode::NO_CONTENT
}

/// Sleeps for a delay fault.
pub async fn delay(f: &Fault) {
    tokio::time::sleep(Duration::from_millis(f.delay_ms.unwrap_or(1000))).await;
}
