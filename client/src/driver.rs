//! The one driver: "limiter → send → policy decides → sleep or finish", written once for every
//! operation, every target and every binding.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use zeitkonto_core::limiter::{Acquire, LimiterConfig, RateLimiter};
use zeitkonto_core::retry::{Decision, Outcome, RetryConfig, RetryState};
use zeitkonto_core::settings::millis;
use zeitkonto_core::{Context, Error, OperationId, Request, Response};

use crate::runtime;
use crate::telemetry::{SpanSink, Trace};
use crate::transport::{Transport, TransportError};

/// One limiter per server, key and limiter setting, shared by every client of that key on that
/// server in the process. The server (`base_url`) is part of it: it is what counts the requests,
/// so two sandboxes (or staging and production) with the same key do not slow each other down.
fn shared_limiter(base_url: &str, key: &str, config: LimiterConfig) -> Arc<Mutex<RateLimiter>> {
    // Only a hash of the key is kept: the registry never holds the secret itself.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    // The key first: a `str` is hashed with a closing 0xFF, a byte no text holds, so where the key
    // ends and the server begins is unambiguous (`http://a.de1` + `2x` and `http://a.de` + `12x`
    // are two limiters).
    key.hash(&mut h);
    hash_server(base_url, &mut h);
    let id = (h.finish(), config.limit, config.window_ms, config.margin_ms, server_hash(base_url));
    let mut list = REGISTRY.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, limiter)) = list.iter().find(|(k, _)| *k == id) {
        return limiter.clone();
    }
    let limiter = Arc::new(Mutex::new(RateLimiter::new(config)));
    list.push((id, limiter.clone()));
    limiter
}

/// The shared limiters: (hash of key and server, limit, window, margin, hash of the server).
/// A list, not a map: a process uses a handful of keys (and a map's code costs the .wasm 2 KB).
/// (A const `Mutex`, no `OnceLock`: its `Once` costs the .wasm 1.5 KB.)
#[allow(clippy::type_complexity)]
static REGISTRY: Mutex<Vec<((u64, u32, u64, u64, u64), Arc<Mutex<RateLimiter>>)>> = Mutex::new(Vec::new());

fn server_hash(base_url: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    hash_server(base_url, &mut h);
    h.finish()
}

/// Forgets what the shared limiters of the server `base_url` names with the limit `limit` per
/// `window` (to the millisecond: a window in seconds may round) have counted, for every key and every client of it in the process (their next calls
/// go at once): for a test server that starts afresh (the test kits' new sandboxes and `reset()`,
/// which pass their own limit, so a sandbox with another limit is left alone). The real service
/// keeps counting: never needed against it.
pub fn reset_rate_limits(base_url: &str, limit: u32, window: Duration) {
    let (server, window_ms) = (server_hash(base_url), millis(window));
    let list = REGISTRY.lock().unwrap_or_else(|p| p.into_inner());
    for (_, limiter) in list.iter().filter(|(id, _)| (id.4, id.1) == (server, limit) && id.2.abs_diff(window_ms) <= 1) {
        let mut limiter = limiter.lock().unwrap_or_else(|p| p.into_inner());
        *limiter = RateLimiter::new(limiter.config());
    }
}

/// Feeds `h` the server a checked base URL names: `scheme://host[:port]` in lower case (byte by byte:
/// string helpers cost the .wasm), without a path prefix and without the scheme's default port
/// written out, so `HTTPS://Desktop.saas.de:443/x` and `https://desktop.saas.de` are one server.
fn hash_server(base_url: &str, h: &mut impl Hasher) {
    let url = base_url.as_bytes();
    let mut slashes = 0;
    let end = url.iter().position(|&b| {
        slashes += usize::from(b == b'/');
        slashes == 3
    });
    // `https` has an `s` where `http:` has its colon (the scheme is checked: one of the two).
    let default_port: &[u8] = if url.get(4).is_some_and(|b| b | 0x20 == b's') { b":443" } else { b":80" };
    let origin = end.and_then(|end| url.get(..end)).unwrap_or(url);
    for &b in origin.strip_suffix(default_port).unwrap_or(origin) {
        h.write_u8(b.to_ascii_lowercase());
    }
}

/// The error of a call made outside a tokio runtime (native builds).
#[cfg(not(target_arch = "wasm32"))]
const NO_RUNTIME: &str = "no tokio runtime is running here: Zeitkonto's native client waits and sends on tokio \
     (a runtime with IO and time enabled: `#[tokio::main]`, or `Runtime::block_on`); nothing was sent";

/// A callback for driver events (logging).
pub type Observer = Arc<dyn Fn(&Event) + Send + Sync>;

/// Everything the driver needs besides the request: context, transport, settings.
pub struct Driver {
    pub(crate) context: Context,
    pub(crate) transport: Arc<dyn Transport>,
    pub(crate) timeout: Option<Duration>,
    pub(crate) retry: RetryConfig,
    pub(crate) limiter: LimiterConfig,
    pub(crate) observer: Option<Observer>,
    /// Where every call's span goes (`ClientBuilder::on_span`), unless a call runs inside
    /// `telemetry::with_spans`.
    pub(crate) spans: Option<SpanSink>,
    pub(crate) max_response_bytes: usize,
    /// How the bundled transport was made (to make it again in a forked child).
    pub(crate) settings: crate::transport::TransportSettings,
    /// The shared limiters of this driver's keys (company, workspace), looked up once each.
    pub(crate) limiters: [Mutex<Option<Arc<Mutex<RateLimiter>>>>; 2],
}

/// What the driver did, for logging. Holds only redacted text.
#[derive(Debug, Clone, PartialEq)]
#[allow(missing_docs)] // fields are named for what they hold
pub enum Event {
    /// A request is being sent (redacted `METHOD url`), attempt number from 1.
    Send { operation: &'static str, request: String, attempt: u32 },
    /// A response arrived, `elapsed` after the request was sent.
    Received { operation: &'static str, status: u16, elapsed: Duration },
    /// Waiting `delay` before the next attempt (`reason`: "rate limit", "429" or "retry").
    Wait { operation: &'static str, delay: Duration, reason: &'static str },
    /// The call failed (redacted message).
    Failed { operation: &'static str, error: String },
}

impl Event {
    /// The kind, as every language names it: `send`, `received`, `wait` or `failed`.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Send { .. } => "send",
            Event::Received { .. } => "received",
            Event::Wait { .. } => "wait",
            Event::Failed { .. } => "failed",
        }
    }
}

impl std::fmt::Display for Event {
    /// One line as a person reads it (redacted, like every event):
    /// `employees: send GET https://…/employees/*** (attempt 1)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::Send { operation, request, attempt } => write!(f, "{operation}: send {request} (attempt {attempt})"),
            Event::Received { operation, status, elapsed } => {
                write!(f, "{operation}: HTTP {status} after {} ms", millis(*elapsed))
            }
            Event::Wait { operation, delay, reason } => {
                write!(f, "{operation}: wait {} ms ({reason})", millis(*delay))
            }
            Event::Failed { operation, error } => write!(f, "{operation}: failed: {error}"),
        }
    }
}

/// The canonical form of an event, what the bindings hand to their users (Python's log records,
/// npm's `onEvent`): `event` (the kind), `operation`, then `request`, `attempt`, `status`,
/// `elapsedMs`, `delayMs` (whole milliseconds), `reason`, `error`, `null` where the kind has no
/// such field. Each binding shows the durations as `elapsed` and `delay` in its platform's
/// duration type or unit (`zeitkonto_core::settings::DURATIONS`), like Kotlin's and Swift's
/// `ZeitkontoEvent`.
impl serde::Serialize for Event {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Form<'a> {
            event: &'static str,
            operation: &'static str,
            request: Option<&'a str>,
            attempt: Option<u32>,
            status: Option<u16>,
            elapsed_ms: Option<u64>,
            delay_ms: Option<u64>,
            reason: Option<&'static str>,
            error: Option<&'a str>,
        }
        let mut f = Form {
            event: self.kind(),
            operation: "",
            request: None,
            attempt: None,
            status: None,
            elapsed_ms: None,
            delay_ms: None,
            reason: None,
            error: None,
        };
        match self {
            Event::Send { operation, request, attempt } => {
                (f.operation, f.request, f.attempt) = (operation, Some(request.as_str()), Some(*attempt));
            }
            Event::Received { operation, status, elapsed } => {
                (f.operation, f.status, f.elapsed_ms) = (operation, Some(*status), Some(millis(*elapsed)));
            }
            Event::Wait { operation, delay, reason } => {
                (f.operation, f.delay_ms, f.reason) = (operation, Some(millis(*delay)), Some(*reason));
            }
            Event::Failed { operation, error } => (f.operation, f.error) = (operation, Some(error.as_str())),
        }
        f.serialize(s)
    }
}

/// Watches one call: when its future is dropped before it finished (the caller cancelled: a
/// Swift task, a Kotlin coroutine, an AbortSignal, asyncio) after a request went out, it reports a
/// `failed` event saying so; for a write, that it may have been applied.
struct Abandoned<'a> {
    driver: &'a Driver,
    op: OperationId,
    sent: AtomicBool,
    finished: bool,
}

impl Drop for Abandoned<'_> {
    fn drop(&mut self) {
        if self.finished || !self.sent.load(Ordering::Relaxed) {
            return;
        }
        let error = if self.op.is_idempotent() {
            "cancelled after the request was sent"
        } else {
            "cancelled after the request was sent: the write may have been applied (check before sending it again)"
        };
        self.driver.emit(|| Event::Failed { operation: self.op.name(), error: error.to_string() });
    }
}

/// The typed error for an answer larger than the configured bound.
fn too_large(op: OperationId, limit: usize) -> Error {
    Error::Decode {
        operation: op.name().to_string(),
        detail: format!("the response body is larger than the limit of {limit} bytes (max_response_bytes)"),
    }
}

fn lock(l: &Mutex<RateLimiter>) -> std::sync::MutexGuard<'_, RateLimiter> {
    l.lock().unwrap_or_else(|p| p.into_inner())
}

impl Driver {
    /// Builds and delivers an event only when someone observes them (no formatting otherwise).
    fn emit(&self, event: impl FnOnce() -> Event) {
        if let Some(o) = &self.observer {
            o(&event());
        }
    }

    /// The key the server counts requests against for `op`.
    fn limiter_key(&self, op: OperationId) -> String {
        // From the operation's declaration (`operations!` in core/src/routes.rs), never a list here.
        self.context.key(op.key_kind()).map(|k| k.expose().to_string()).unwrap_or_default()
    }

    /// The shared limiter that counts `op`'s requests (the registry is asked once per key kind:
    /// a driver's keys never change).
    fn limiter_for(&self, op: OperationId) -> Arc<Mutex<RateLimiter>> {
        let slot = match op.key_kind() {
            zeitkonto_core::routes::KeyKind::Company => &self.limiters[0],
            zeitkonto_core::routes::KeyKind::Workspace => &self.limiters[1],
        };
        // Held while the registry is asked (always in this order: slot, then registry).
        let mut slot = slot.lock().unwrap_or_else(|p| p.into_inner());
        slot.get_or_insert_with(|| shared_limiter(self.context.base_url(), &self.limiter_key(op), self.limiter)).clone()
    }

    /// Sends `request` for `op` under the limiter and the retry policy, and hands the final
    /// response to `parse`. Errors are redacted against the context's keys.
    pub async fn run<T>(
        &self,
        op: OperationId,
        request: Request,
        parse: impl Fn(&Response) -> Result<T, Error>,
    ) -> Result<T, Error> {
        // Only this small wrapper is generic: the loop (`exchange`) is one copy for every
        // operation and output type (it was once per operation, ~10 KB each in the libraries).
        let mut watch = Abandoned { driver: self, op, sent: AtomicBool::new(false), finished: false };
        let (result, mut trace) = self.traced_exchange(op, &request, &watch.sent).await;
        let result = match result {
            Ok(resp) => parse(&resp),
            Err(e) => Err(e),
        };
        watch.finished = true;
        let result = result.map_err(|e| {
            // The request knows every secret it carries (keys, secret path segments, secret body
            // fields); the context's pass is a second net for keys in every form.
            let e = self.context.redact_error(request.redact_error(e));
            self.emit(|| Event::Failed { operation: op.name(), error: e.to_string() });
            e
        });
        trace.end(Some(result.as_ref().map(|_| ())));
        result
    }

    /// [`Driver::exchange`] inside the call's span (the core's description; nothing is built when
    /// nobody records), which the caller ends with the parsed outcome. Not generic, like
    /// `exchange`: the span costs each operation's `run` nothing but a call (a `Trace` held across
    /// `run`'s await was ~2.7 KB per operation in the Python extension).
    async fn traced_exchange(
        &self,
        op: OperationId,
        request: &Request,
        sent: &AtomicBool,
    ) -> (Result<Response, Error>, Trace) {
        let mut trace = Trace::start(self.spans.as_ref(), op, request, &self.context);
        #[cfg(feature = "tracing")]
        let span = trace.span();
        let exchange = self.exchange(op, request, sent, &mut trace);
        #[cfg(feature = "tracing")]
        let exchange = tracing::Instrument::instrument(exchange, span);
        let result = exchange.await;
        (result, trace)
    }

    /// Sends `request` under the limiter and the retry policy; the final answer (bound to its
    /// request), or the error that ended the call.
    async fn exchange(
        &self,
        op: OperationId,
        request: &Request,
        sent: &AtomicBool,
        trace: &mut Trace,
    ) -> Result<Response, Error> {
        // The native client waits and sends on tokio: outside a runtime, tokio would panic at the
        // first timer or connection ("there is no reactor running").
        #[cfg(not(target_arch = "wasm32"))]
        if tokio::runtime::Handle::try_current().is_err() {
            return Err(Error::Transport { detail: NO_RUNTIME.to_string(), may_have_reached_server: false });
        }
        let limiter = self.limiter_for(op);
        let idempotent = op.is_idempotent();
        let mut state = RetryState::default();
        let mut attempt = 0;
        loop {
            // One `Wait` event per wait for a slot, not per poll: a call woken to find its slot
            // taken by another waits again silently.
            let mut announced = false;
            let sent_at = loop {
                let now = runtime::now_ms();
                let decision = lock(&limiter).acquire(now);
                match decision {
                    Acquire::Ready => break now,
                    Acquire::Wait(ms) => {
                        if !announced {
                            announced = true;
                            trace.wait(ms, "rate limit");
                            self.emit(|| Event::Wait {
                                operation: op.name(),
                                delay: Duration::from_millis(ms),
                                reason: "rate limit",
                            });
                        }
                        runtime::sleep_ms(ms).await;
                    }
                }
            };
            attempt += 1;
            trace.attempt();
            self.emit(|| Event::Send { operation: op.name(), request: request.to_string(), attempt });
            let started = runtime::now_ms();
            sent.store(true, Ordering::Relaxed);
            let sent = self.transport.send(request, self.timeout).await;
            if matches!(&sent, Ok(resp) if resp.status == 429) {
                // The server did not count a refused request: its token comes back at once.
                lock(&limiter).on_refused(sent_at, runtime::now_ms());
            } else {
                lock(&limiter).settle(sent_at, runtime::now_ms());
            }
            let (outcome, result) = match sent {
                Ok(mut resp) => {
                    // An answer that is not a 2xx is read by its status and its start (a code, an
                    // excerpt): one beyond the bound (a foreign transport reads it whole) is cut
                    // there, not a `Decode` error that hides a 429 or a refusal.
                    if !(200..300).contains(&resp.status) {
                        resp.body.truncate(self.max_response_bytes);
                    }
                    // Bound to its request: excerpts are redacted before they are cut, and an
                    // echoed month is read against the requested one.
                    // Its arrival by this clock (none when the clock reads before 1970): a `Retry-After`
                    // date without a `Date` header reads against it.
                    let mut resp = resp.for_request(request);
                    let received = i64::try_from(runtime::unix_nanos() / 1_000_000_000).unwrap_or(0);
                    if received > 0 {
                        resp = resp.received_at(received);
                    }
                    trace.status(resp.status);
                    self.emit(|| Event::Received {
                        operation: op.name(),
                        status: resp.status,
                        elapsed: Duration::from_millis(runtime::now_ms().saturating_sub(started)),
                    });
                    if resp.status == 429 {
                        // Every caller of the key on this server waits too (and the limiter learns the server's
                        // limit), but only for a wait this call honours: a longer one gives up at
                        // once and must not stall the others.
                        let now = runtime::now_ms();
                        let mut l = lock(&limiter);
                        let mut wait_ms = l.rate_limited_wait(now, resp.retry_after_ms());
                        if wait_ms <= self.retry.max_retry_after_ms {
                            wait_ms = l.on_rate_limited(now, resp.retry_after_ms());
                        }
                        (Outcome::RateLimited { wait_ms }, Ok(resp))
                    } else {
                        (Outcome::Status(resp.status), Ok(resp))
                    }
                }
                Err(TransportError::Connect(detail)) => {
                    (Outcome::ConnectFailed, Err(Error::Transport { detail, may_have_reached_server: false }))
                }
                Err(TransportError::Tls(failure, detail)) => {
                    (Outcome::Unrecoverable, Err(Error::Tls { failure, detail }))
                }
                Err(TransportError::Lost(detail)) => {
                    (Outcome::ConnectionLost, Err(Error::Transport { detail, may_have_reached_server: true }))
                }
                #[cfg(not(target_arch = "wasm32"))]
                Err(TransportError::Unusable { detail, may_have_reached_server }) => {
                    (Outcome::Unrecoverable, Err(Error::Transport { detail, may_have_reached_server }))
                }
                Err(TransportError::TooLarge) => (Outcome::Status(200), Err(too_large(op, self.max_response_bytes))),
                Err(TransportError::Timeout) => {
                    (Outcome::TimedOut, Err(Error::Timeout { may_have_reached_server: true }))
                }
            };
            match self.retry.decide(&mut state, idempotent, outcome, runtime::jitter()) {
                Decision::Finish | Decision::GiveUp => {
                    return match result {
                        Ok(resp) if resp.body.len() > self.max_response_bytes => {
                            Err(too_large(op, self.max_response_bytes))
                        }
                        other => other,
                    };
                }
                Decision::Retry { after_ms } => {
                    let reason = if matches!(outcome, Outcome::RateLimited { .. }) { "429" } else { "retry" };
                    trace.wait(after_ms, reason);
                    self.emit(|| Event::Wait { operation: op.name(), delay: Duration::from_millis(after_ms), reason });
                    runtime::sleep_ms(after_ms).await;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zeitkonto_core::decl::DRIVER_EVENTS;

    #[test]
    fn a_server_is_its_origin_in_any_case_with_or_without_its_default_port() {
        let hashed = |url: &str| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            hash_server(url, &mut h);
            h.finish()
        };
        for url in [
            "https://desktop.saas.de",
            "HTTPS://Desktop.SAAS.de",
            "https://desktop.saas.de/prefix",
            "https://desktop.saas.de:443",
            "HTTPS://desktop.saas.de:443/prefix",
        ] {
            assert_eq!(hashed(url), hashed("https://desktop.saas.de"), "{url}");
        }
        assert_eq!(hashed("http://127.0.0.1:80/x"), hashed("http://127.0.0.1"), "http's default port");
        for other in [
            "https://desktop.saas.de:80",
            "http://desktop.saas.de:443",
            "https://desktop.saas.de:4430",
            "https://desktop.saas.de:1443",
            "http://desktop.saas.de",
        ] {
            assert_ne!(hashed(other), hashed("https://desktop.saas.de"), "{other}");
        }
        assert_ne!(hashed("http://127.0.0.1:8080"), hashed("http://127.0.0.1:8081"));
        assert_ne!(hashed("https://desktop.saas.de"), hashed("https://other.saas.de"));
    }

    #[test]
    fn a_call_outside_a_tokio_runtime_is_a_transport_error_not_a_panic() {
        let client =
            crate::Client::builder().api_key("k3y-9f8e7d-5c4b").base_url("http://127.0.0.1:9").build().unwrap();
        // A plain executor, no tokio runtime (the call's future polled by hand).
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        let mut call = std::pin::pin!(client.come("anna@x.de"));
        match std::future::Future::poll(call.as_mut(), &mut cx) {
            std::task::Poll::Ready(Err(Error::Transport { detail, may_have_reached_server: false })) => {
                assert!(detail.starts_with("no tokio runtime"), "{detail}")
            }
            other => panic!("{:?}", other.map(|r| r.map(|_| ()))),
        }
    }

    #[test]
    fn a_limiter_is_shared_by_server_and_key() {
        let config = LimiterConfig::default();
        let a = shared_limiter("http://127.0.0.1:1001", "shared-key-test", config);
        assert!(Arc::ptr_eq(&a, &shared_limiter("http://127.0.0.1:1001", "shared-key-test", config)));
        assert!(
            !Arc::ptr_eq(&a, &shared_limiter("http://127.0.0.1:1002", "shared-key-test", config)),
            "another server"
        );
        assert!(!Arc::ptr_eq(&a, &shared_limiter("http://127.0.0.1:1001", "another-key-test", config)), "another key");
        // Where the key ends is marked: a port digit moved into the key is another pair.
        let b = shared_limiter("http://127.0.0.1:10012", "x-shared-key", config);
        assert!(!Arc::ptr_eq(&b, &shared_limiter("http://127.0.0.1:1001", "2x-shared-key", config)), "a split moved");
    }

    #[test]
    fn resetting_a_servers_rate_limits_forgets_their_counts_for_every_key_there_only() {
        let config = LimiterConfig::per_window(1, 60_000);
        let here = [
            shared_limiter("http://127.0.0.1:1003", "reset-key-a", config),
            shared_limiter("HTTP://127.0.0.1:1003/prefix", "reset-key-b", config),
        ];
        let there = shared_limiter("http://127.0.0.1:1004", "reset-key-a", config);
        let other_limit = shared_limiter("http://127.0.0.1:1003", "reset-key-a", LimiterConfig::per_window(1, 30_000));
        let take = |l: &Arc<Mutex<RateLimiter>>| matches!(l.lock().unwrap().acquire(1_000), Acquire::Ready);
        for l in here.iter().chain([&there, &other_limit]) {
            assert!(take(l), "the first of the window goes");
            assert!(!take(l), "the second waits");
        }
        reset_rate_limits("http://127.0.0.1:1003", 1, Duration::from_secs(60));
        for l in &here {
            assert!(take(l), "forgotten: goes at once");
        }
        assert!(!take(&there), "another server's count stays");
        assert!(!take(&other_limit), "another limit's count stays");
        assert_eq!(here[0].lock().unwrap().config(), config, "the settings stay");
    }

    #[test]
    fn every_event_is_its_declaration() {
        let events = [
            Event::Send { operation: "employees", request: "GET https://x/***".into(), attempt: 1 },
            Event::Received { operation: "employees", status: 200, elapsed: Duration::from_millis(5) },
            Event::Wait { operation: "employees", delay: Duration::from_millis(7), reason: "retry" },
            Event::Failed { operation: "employees", error: "timed out".into() },
        ];
        assert_eq!(events.len(), DRIVER_EVENTS.len());
        for (event, decl) in events.iter().zip(DRIVER_EVENTS) {
            assert_eq!(event.kind(), decl.kind);
            let form = serde_json::to_value(event).expect("an event serializes");
            let given: Vec<String> = form
                .as_object()
                .expect("an object")
                .iter()
                .filter(|(k, v)| *k != "event" && !v.is_null())
                .map(|(k, _)| k.clone())
                .collect();
            let mut declared: Vec<String> = decl
                .fields
                .iter()
                .map(|f| if f.ty == "duration" { format!("{}Ms", f.name) } else { f.name.to_string() })
                .collect();
            declared.sort();
            let mut given = given;
            given.sort();
            assert_eq!(given, declared, "{}", decl.kind);
        }
    }
}
