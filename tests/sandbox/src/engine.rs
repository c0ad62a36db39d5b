//! The sans-IO engine: the world, the handlers, the rate limit, faults and the clock, with no
//! sockets, no runtime and no clock of its own. A request goes in with the time it arrived; what
//! comes out is a [`Step`]: answer now, wait then answer, wait then handle, or break the
//! connection. The shells (the axum server in `server.rs`, the in-process transport in
//! `inprocess.rs`, the Python and npm test kits) do the waiting and the I/O.
//!
//! ```
//! use zeitkonto_sandbox::engine::{Engine, EngineConfig, HttpRequest, Now, Step};
//! let day = "2026-11-21".parse().unwrap();
//! let now = Now { epoch_ms: 0, elapsed_ms: 0 };
//! let mut engine = Engine::new(EngineConfig { today: Some(day), ..Default::default() }, now);
//! let req = HttpRequest { method: "GET", path: "/api/v2/employees/demo-company-key", query: "", body: b"" };
//! let Step::Answer(resp) = engine.begin(&req, now) else { panic!("no fault injected") };
//! assert_eq!(resp.status, 200);
//! ```

use std::collections::{BTreeMap, HashMap};

use serde_json::{json, Value};
use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_core::{Date, OperationId, RouteTable};

use crate::control::{self, Fault, FaultKind};
use crate::seed::Seed;
use crate::state::{Clock, World};

/// An HTTP answer: status, headers, body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// Header names (lower case) and values.
    pub headers: Vec<(String, String)>,
    /// The body bytes.
    pub body: Vec<u8>,
}

impl Response {
    /// A response with one `content-type` header.
    pub fn new(status: u16, content_type: &str, body: impl Into<Vec<u8>>) -> Response {
        Response { status, headers: vec![("content-type".into(), content_type.into())], body: body.into() }
    }

    /// Adds a header.
    pub fn with_header(mut self, name: &str, value: impl Into<String>) -> Response {
        self.headers.push((name.to_ascii_lowercase(), value.into()));
        self
    }

    /// The first value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The body as text (lossy).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// The time a request arrived, given by the shell: wall-clock epoch milliseconds (used when
/// "today" is not frozen) and milliseconds since the engine started (the rate limit's clock, and
/// the time of day on a frozen day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Now {
    /// Milliseconds since 1970-01-01 UTC.
    pub epoch_ms: i64,
    /// Milliseconds since the engine started (monotonic).
    pub elapsed_ms: u64,
}

/// One HTTP request as a shell received it.
#[derive(Debug, Clone, Copy)]
pub struct HttpRequest<'a> {
    /// `GET`, `POST`, …
    pub method: &'a str,
    /// The path as sent (percent-encoded), without the query.
    pub path: &'a str,
    /// The query string without `?` (may be empty).
    pub query: &'a str,
    /// The body bytes (may be empty).
    pub body: &'a [u8],
}

/// A request whose handling waits for a `delay` fault (see [`Step::HandleAfter`]).
#[derive(Debug)]
pub struct Pending {
    call: crate::api::Call,
    fault: Option<Fault>,
    path: String,
}

/// What the shell does next.
#[derive(Debug)]
pub enum Step {
    /// Answer with this now.
    Answer(Response),
    /// Wait `delay_ms`, then answer with this (the request was already applied).
    AnswerAfter {
        /// Milliseconds to wait.
        delay_ms: u64,
        /// The answer.
        response: Response,
    },
    /// Wait `delay_ms`, then pass `pending` to [`Engine::resume`] (not applied yet: a client that
    /// gives up during the wait leaves the world unchanged).
    HandleAfter {
        /// Milliseconds to wait.
        delay_ms: u64,
        /// The request, to resume.
        pending: Box<Pending>,
    },
    /// Send this status line and these headers, then break the connection.
    Reset(Response),
}

/// How to make an engine.
#[derive(Debug, Clone)]
pub struct EngineConfig {
    /// The data; `None` = the demo seed for "today".
    pub seed: Option<Seed>,
    /// Freeze "today" (deterministic tests): 12:00 UTC of that day plus the time since start;
    /// `None` = the wall clock the shell gives.
    pub today: Option<Date>,
    /// Requests per window per key; `limit: 0` (the default, as every test kit's: nothing waits)
    /// turns the limit off. The server ([`crate::SandboxConfig`]) defaults to the API's 60 per 60 s.
    pub rate_limit: LimiterConfig,
    /// The route table (defaults, or the same overrides the client uses).
    pub routes: RouteTable,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            seed: None,
            today: None,
            rate_limit: LimiterConfig { limit: 0, window_ms: 60_000, margin_ms: 0 },
            routes: RouteTable::new(),
        }
    }
}

/// One route: its operation, method and path segments.
#[derive(Debug, Clone)]
struct Compiled {
    op: OperationId,
    method: &'static str,
    segments: Vec<Segment>,
    literals: usize,
}

#[derive(Debug, Clone)]
enum Segment {
    Literal(String),
    Capture(String),
}

fn compile(routes: &RouteTable) -> Vec<Compiled> {
    let mut out: Vec<Compiled> = routes
        .entries()
        .into_iter()
        .map(|(op, route)| {
            let segments: Vec<Segment> = route
                .template
                .split('/')
                .filter(|s| !s.is_empty())
                .map(|s| match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                    Some(name) => Segment::Capture(name.to_string()),
                    None => Segment::Literal(s.to_string()),
                })
                .collect();
            let literals = segments.iter().filter(|s| matches!(s, Segment::Literal(_))).count();
            Compiled { op, method: route.method.as_str(), segments, literals }
        })
        .collect();
    // Like a router: a literal segment wins over a capture.
    out.sort_by_key(|r| std::cmp::Reverse(r.literals));
    out
}

/// Which route a path matches: `Ok((op, params))`, or `Err(status)` (404 no route, 405 the path
/// is served under another method). Like a router: the best-matching path template decides, then
/// the method among the routes of that template.
fn route(table: &[Compiled], method: &str, path: &str) -> Result<(OperationId, HashMap<String, String>), u16> {
    let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let matches = |r: &Compiled| {
        r.segments.len() == parts.len()
            && r.segments.iter().zip(&parts).all(|(seg, part)| match seg {
                Segment::Literal(l) => l == part,
                Segment::Capture(_) => true,
            })
    };
    let best = table.iter().find(|r| matches(r)).ok_or(404u16)?;
    let same_template = |r: &&Compiled| {
        r.segments.len() == best.segments.len()
            && r.segments.iter().zip(&best.segments).all(|(a, b)| match (a, b) {
                (Segment::Literal(x), Segment::Literal(y)) => x == y,
                (Segment::Capture(_), Segment::Capture(_)) => true,
                _ => false,
            })
    };
    let r = table.iter().filter(same_template).find(|r| r.method.eq_ignore_ascii_case(method)).ok_or(405u16)?;
    let params = r
        .segments
        .iter()
        .zip(&parts)
        .filter_map(|(seg, part)| match seg {
            Segment::Capture(name) => Some((name.clone(), zeitkonto_core::text::decode_segment(part))),
            Segment::Literal(_) => None,
        })
        .collect();
    Ok((r.op, params))
}

/// The path and query of a whole URL (whatever its scheme and host: the engine serves every base
/// URL), for the shells that get one (the in-process transports).
pub fn path_and_query(url: &str) -> (&str, &str) {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = after_scheme.find('/').map_or("/", |i| &after_scheme[i..]);
    let path = path.split_once('#').map_or(path, |(p, _)| p);
    path.split_once('?').unwrap_or((path, ""))
}

/// Decodes `a=1&b=x%20y` (`+` is a space), as a form.
fn parse_query(query: &str) -> HashMap<String, String> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            let dec = |s: &str| zeitkonto_core::text::decode_segment(&s.replace('+', " "));
            (dec(k), dec(v))
        })
        .collect()
}

/// The engine: the world and its routes. Every method takes the time from its caller.
pub struct Engine {
    world: World,
    table: Vec<Compiled>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine").field("routes", &self.table.len()).finish_non_exhaustive()
    }
}

impl std::ops::Deref for Engine {
    type Target = World;
    fn deref(&self) -> &World {
        &self.world
    }
}

impl std::ops::DerefMut for Engine {
    fn deref_mut(&mut self) -> &mut World {
        &mut self.world
    }
}

impl Engine {
    /// An engine from `config`, started at `now`.
    pub fn new(config: EngineConfig, now: Now) -> Engine {
        let clock = Clock::new(config.today, now);
        let seed = config.seed.unwrap_or_else(|| Seed::demo(clock.today()));
        let table = compile(&config.routes);
        Engine { world: World::new(seed, clock, config.rate_limit, config.routes), table }
    }

    /// The world, to read.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world, to change directly (Rust tests).
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// Takes a request: routes it, counts it, applies the rate limit and the faults, and handles
    /// it unless a fault says otherwise.
    pub fn begin(&mut self, req: &HttpRequest<'_>, now: Now) -> Step {
        let w = &mut self.world;
        w.clock.advance(now);
        if req.method.eq_ignore_ascii_case("OPTIONS") {
            return Step::Answer(Response::new(204, "text/plain", ""));
        }
        let (op, path) = match route(&self.table, req.method, req.path) {
            Ok(found) => found,
            Err(405) => return Step::Answer(Response::new(405, "text/plain", "Method Not Allowed")),
            Err(_) => return Step::Answer(Response::new(404, "text/plain", "Not Found")),
        };
        let body = if req.body.iter().all(u8::is_ascii_whitespace) {
            Some(Value::Object(Default::default()))
        } else {
            serde_json::from_slice(req.body).ok()
        };
        let call = crate::api::Call { op, path, query: parse_query(req.query), body };
        *w.stats.requests.entry(op.name()).or_default() += 1;
        if let Err(secs) = w.rate_limit(&call.limit_key()) {
            return Step::Answer(
                Response::new(429, "text/plain", "Too Many Requests").with_header("retry-after", secs.to_string()),
            );
        }
        let fault = control::take(&mut w.faults, op);
        match fault {
            Some(f) if f.kind == FaultKind::Delay && !f.after => Step::HandleAfter {
                delay_ms: f.delay_ms.unwrap_or(1000),
                pending: Box::new(Pending { call, fault: None, path: req.path.to_string() }),
            },
            Some(f) if !f.after => fault_step(&f, req.path),
            fault => self.finish(Pending { call, fault, path: req.path.to_string() }),
        }
    }

    /// Handles a request that waited for a `delay` fault.
    #[allow(clippy::boxed_local)] // the box Step::HandleAfter handed out, taken back as it is
    pub fn resume(&mut self, pending: Box<Pending>, now: Now) -> Step {
        self.world.clock.advance(now);
        self.finish(*pending)
    }

    /// Applies the request, then answers as its `after` fault (if any) says.
    fn finish(&mut self, pending: Pending) -> Step {
        let response = crate::api::handle(&mut self.world, &pending.call);
        match pending.fault {
            Some(f) if f.kind == FaultKind::Delay => {
                Step::AnswerAfter { delay_ms: f.delay_ms.unwrap_or(1000), response }
            }
            Some(f) => fault_step(&f, &pending.path),
            None => Step::Answer(response),
        }
    }

    /// Adds a fault.
    pub fn inject(&mut self, fault: Fault) {
        self.world.faults.push(fault);
    }

    /// The faults not used up yet.
    pub fn faults(&self) -> &[Fault] {
        &self.world.faults
    }

    /// Drops every fault.
    pub fn clear_faults(&mut self) {
        self.world.faults.clear();
    }

    /// Applied writes of `op` so far.
    pub fn writes(&self, op: OperationId) -> u64 {
        self.world.stats.writes.get(op.name()).copied().unwrap_or(0)
    }

    /// Requests of `op` received so far (before faults and the rate limit).
    pub fn requests(&self, op: OperationId) -> u64 {
        self.world.stats.requests.get(op.name()).copied().unwrap_or(0)
    }

    /// Back to the seed: data, counters, faults and rate-limit windows.
    pub fn reset(&mut self) {
        self.world.reset();
    }

    /// Changes the rate limit (`limit: 0` turns it off); the windows start over.
    pub fn set_rate_limit(&mut self, limit: u32, window_ms: u64) {
        self.world.set_limit(LimiterConfig { limit, window_ms, margin_ms: 0 });
    }

    /// What `/__sandbox/info` shows: today, the rate limit, the demo keys and the routes.
    pub fn info(&self, base_url: &str) -> Value {
        let w = &self.world;
        let routes: BTreeMap<&str, String> =
            w.routes.entries().into_iter().map(|(op, r)| (op.name(), r.to_string())).collect();
        json!({
            "baseUrl": base_url, "today": w.clock.today().to_string(),
            "rateLimit": {"limit": w.limit.limit, "windowMs": w.limit.window_ms},
            "keys": crate::keys_of(&w.initial), "routes": routes
        })
    }

    /// What `/__sandbox/stats` shows.
    pub fn stats(&self) -> Value {
        let s = &self.world.stats;
        let total: u64 = s.writes.values().sum();
        json!({
            "writes": s.writes, "writesTotal": total, "requests": s.requests,
            "rateLimited": s.rate_limited, "inFlight": s.in_flight, "maxInFlight": s.max_in_flight
        })
    }
}

/// The step of a fault that answers in place of the API (every kind but `delay`).
fn fault_step(f: &Fault, path: &str) -> Step {
    let response = control::respond(f, path);
    if f.kind == FaultKind::Reset {
        Step::Reset(response)
    } else {
        Step::Answer(response)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        let cfg = EngineConfig { today: Some(Date::new(2026, 11, 21).unwrap()), ..Default::default() };
        Engine::new(cfg, Now::default())
    }

    fn get<'a>(path: &'a str) -> HttpRequest<'a> {
        HttpRequest { method: "GET", path, query: "", body: b"" }
    }

    #[test]
    fn routes_match_literals_before_captures_and_decode_segments() {
        let table = compile(&RouteTable::new());
        let (op, params) = route(&table, "GET", "/rest/api/v2/time/department/k%2Fey/7").unwrap();
        assert_eq!(op, OperationId::DepartmentAccounts);
        assert_eq!(params["api"], "k/ey");
        assert_eq!(route(&table, "GET", "/nothing/here"), Err(404));
        assert_eq!(route(&table, "DELETE", "/api/v2/employees/x"), Err(405));
        // The literal template decides: a POST there is 405, not the clock route with action "department".
        assert_eq!(route(&table, "POST", "/rest/api/v2/time/department/k/7"), Err(405));
    }

    #[test]
    fn a_delay_before_handling_applies_nothing_until_resumed() {
        let mut e = engine();
        e.inject(Fault::new(FaultKind::Delay).delay_ms(250).on(OperationId::Clock));
        let req = HttpRequest {
            method: "POST",
            path: "/rest/api/v2/time/come/demo-company-key/anna.schmidt@demo.example",
            query: "",
            body: b"{}",
        };
        let Step::HandleAfter { delay_ms, pending } = e.begin(&req, Now::default()) else { panic!("expected a wait") };
        assert_eq!(delay_ms, 250);
        assert_eq!(e.writes(OperationId::Clock), 0);
        let Step::Answer(resp) = e.resume(pending, Now { epoch_ms: 0, elapsed_ms: 250 }) else { panic!() };
        assert_eq!(resp.status, 200);
        assert_eq!(e.writes(OperationId::Clock), 1);
    }

    #[test]
    fn a_reset_after_applying_breaks_the_connection_after_the_write() {
        let mut e = engine();
        e.inject(Fault::new(FaultKind::Reset).after_applying());
        let req = HttpRequest {
            method: "POST",
            path: "/rest/api/v2/time/come/demo-company-key/anna.schmidt@demo.example",
            query: "",
            body: b"",
        };
        assert!(matches!(e.begin(&req, Now::default()), Step::Reset(_)));
        assert_eq!(e.writes(OperationId::Clock), 1);
    }

    #[test]
    fn the_rate_limit_counts_on_the_callers_clock() {
        let mut e = engine();
        e.set_rate_limit(2, 1000);
        let req = get("/api/v2/employees/demo-company-key");
        let status = |e: &mut Engine, ms| match e.begin(&req, Now { epoch_ms: 0, elapsed_ms: ms }) {
            Step::Answer(r) => r.status,
            other => panic!("{other:?}"),
        };
        assert_eq!(status(&mut e, 0), 200);
        assert_eq!(status(&mut e, 10), 200);
        assert_eq!(status(&mut e, 20), 429);
        assert_eq!(status(&mut e, 1001), 200);
    }
}
