//! The sandbox engine for the Kotlin/JVM and Swift test kits (`de.zeitkonto:zeitkonto-testing`,
//! the `ZeitkontoTesting` product): a library of its own, so the app's library does not carry it.
//! Sans-IO as the engine is: `begin` takes a request and returns a step; the hand-written Kotlin
//! and Swift `ZeitkontoSandbox` (a `ZeitkontoTransport` of the app's library) do the waiting with
//! their own coroutines / tasks, cancelled with the call, then `resume` or `abandon` the request.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_core::RouteTable;
use zeitkonto_sandbox::engine::{path_and_query, EngineConfig, HttpRequest, Pending, Response, Step};
use zeitkonto_sandbox::kit::{self, Refusal};
use zeitkonto_sandbox::shared::{system_time, Shared};
use zeitkonto_sandbox::std_server::StdServer;

uniffi::setup_scaffolding!();

/// Bad input to the test kit; `field` names the parameter.
#[derive(Debug, Clone, PartialEq, uniffi::Error)]
pub enum SandboxError {
    /// A parameter is not acceptable.
    InvalidInput {
        /// The parameter (`today`, `seed`, `kind`, `operation`, `status`, …).
        field: String,
        /// Why.
        reason: String,
    },
}

impl std::fmt::Display for SandboxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SandboxError::InvalidInput { field, reason } => write!(f, "invalid input `{field}`: {reason}"),
        }
    }
}

impl std::error::Error for SandboxError {}

fn invalid(field: &str, reason: impl Into<String>) -> SandboxError {
    SandboxError::InvalidInput { field: field.to_string(), reason: reason.into() }
}

fn refused((field, reason): Refusal) -> SandboxError {
    SandboxError::InvalidInput { field, reason }
}

/// What the kit does next with a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum StepKind {
    /// Answer with the step's response now.
    Answer,
    /// Wait `delayMs`, then answer with the step's response (already applied).
    AnswerAfter,
    /// Wait `delayMs`, then `resume(pending)` (not applied yet; `abandon` it when cancelled).
    HandleAfter,
    /// Break the connection (the request may have been applied).
    Reset,
}

/// A header of a step's response.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct StepHeader {
    /// The name (lower case).
    pub name: String,
    /// The value.
    pub value: String,
}

/// One step of a request through the engine.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SandboxStep {
    /// What to do.
    pub kind: StepKind,
    /// The response's status (0 for `HandleAfter`).
    pub status: i32,
    /// The response's headers.
    pub headers: Vec<StepHeader>,
    /// The response's body.
    pub body: Vec<u8>,
    /// How long to wait first, in milliseconds.
    pub delay_ms: u64,
    /// The request to resume (`HandleAfter`), else 0.
    pub pending: u32,
}

/// The engine, its waiting requests and its HTTP server (`serve`).
#[derive(uniffi::Object)]
pub struct SandboxEngine {
    shared: Shared,
    pending: Mutex<(u32, HashMap<u32, Box<Pending>>)>,
    server: Mutex<Option<StdServer>>,
}

fn step_of(kind: StepKind, r: Option<Response>, delay_ms: u64, pending: u32) -> SandboxStep {
    let r = r.unwrap_or(Response { status: 0, headers: Vec::new(), body: Vec::new() });
    SandboxStep {
        kind,
        status: i32::from(r.status),
        headers: r.headers.into_iter().map(|(name, value)| StepHeader { name, value }).collect(),
        body: r.body,
        delay_ms,
        pending,
    }
}

impl SandboxEngine {
    fn step(&self, step: Step) -> SandboxStep {
        match step {
            Step::Answer(r) => step_of(StepKind::Answer, Some(r), 0, 0),
            Step::Reset(r) => step_of(StepKind::Reset, Some(r), 0, 0),
            Step::AnswerAfter { delay_ms, response } => step_of(StepKind::AnswerAfter, Some(response), delay_ms, 0),
            Step::HandleAfter { delay_ms, pending } => {
                let mut p = self.pending.lock().unwrap_or_else(|e| e.into_inner());
                p.0 = p.0.wrapping_add(1).max(1);
                let id = p.0;
                p.1.insert(id, pending);
                step_of(StepKind::HandleAfter, None, delay_ms, id)
            }
        }
    }
}

#[uniffi::export]
impl SandboxEngine {
    /// An engine: `today` `YYYY-MM-DD` (none: the real date), `seedJson` the data as JSON (none:
    /// the demo seed), `rateLimit` requests per `windowMs` (0: no limit), route overrides.
    #[uniffi::constructor]
    pub fn new(
        today: Option<String>,
        seed_json: Option<String>,
        rate_limit: u32,
        window_ms: u64,
        routes: HashMap<String, String>,
    ) -> Result<Arc<SandboxEngine>, SandboxError> {
        let today = kit::today(today.as_deref()).map_err(refused)?;
        let seed = kit::seed(seed_json.as_deref()).map_err(refused)?;
        if window_ms == 0 {
            return Err(invalid("rateLimit.window", "must be more than 0"));
        }
        let routes = RouteTable::from_overrides(routes).map_err(|e| invalid("routes", e.to_string()))?;
        let config = EngineConfig {
            seed,
            today,
            rate_limit: LimiterConfig { limit: rate_limit, window_ms, margin_ms: 0 },
            routes,
        };
        Ok(Arc::new(SandboxEngine {
            shared: Shared::new(config, system_time()),
            pending: Mutex::new((0, HashMap::new())),
            server: Mutex::new(None),
        }))
    }

    /// Takes a request (its whole URL: only the path and query count).
    pub fn begin(&self, method: String, url: String, body: Option<Vec<u8>>) -> SandboxStep {
        let (path, query) = path_and_query(&url);
        let body = body.unwrap_or_default();
        let now = self.shared.now();
        let step = self.shared.lock().begin(&HttpRequest { method: &method, path, query, body: &body }, now);
        self.step(step)
    }

    /// Handles the request `pending` after its wait.
    pub fn resume(&self, pending: u32) -> SandboxStep {
        let taken = self.pending.lock().unwrap_or_else(|e| e.into_inner()).1.remove(&pending);
        match taken {
            Some(p) => {
                let now = self.shared.now();
                let step = self.shared.lock().resume(p, now);
                self.step(step)
            }
            None => step_of(StepKind::Answer, Some(Response::new(500, "text/plain", "")), 0, 0),
        }
    }

    /// Forgets the request `pending` (its caller gave up during the wait: nothing is applied).
    pub fn abandon(&self, pending: u32) {
        self.pending.lock().unwrap_or_else(|e| e.into_inner()).1.remove(&pending);
    }

    /// Adds a fault; every value is checked by the engine (`kit::inject_fault`: the reasons every
    /// language's kit gives), durations in milliseconds.
    #[allow(clippy::too_many_arguments)]
    pub fn inject(
        &self,
        kind: String,
        operation_name: Option<String>,
        count: f64,
        status: Option<f64>,
        delay_ms: Option<f64>,
        retry_after_ms: Option<f64>,
        after_applying: bool,
        pad: Option<f64>,
        location: Option<String>,
    ) -> Result<(), SandboxError> {
        let args = kit::InjectArgs {
            operation: operation_name,
            count: Some(count),
            status,
            delay_ms,
            retry_after_ms,
            after_applying,
            pad,
            location,
        };
        self.shared.inject(kit::inject_fault(&kind, args, false).map_err(refused)?).map_err(refused)
    }

    /// Applied writes of `operation` (all when none).
    pub fn writes(&self, operation_name: Option<String>) -> Result<u64, SandboxError> {
        kit::writes(&self.shared.lock(), operation_name.as_deref()).map_err(refused)
    }

    /// Requests of `operation` received (all when none).
    pub fn requests(&self, operation_name: Option<String>) -> Result<u64, SandboxError> {
        kit::requests(&self.shared.lock(), operation_name.as_deref()).map_err(refused)
    }

    /// 429s of the sandbox's own rate limit.
    pub fn rate_limited(&self) -> u64 {
        self.shared.lock().stats.rate_limited
    }

    /// The rate limit: requests per window (0: none).
    pub fn rate_limit(&self) -> u32 {
        self.shared.lock().limit.limit
    }

    /// The rate limit's window in milliseconds.
    pub fn rate_limit_window_ms(&self) -> u64 {
        self.shared.lock().limit.window_ms
    }

    /// Back to the seed.
    pub fn reset(&self) {
        self.shared.reset();
        self.pending.lock().unwrap_or_else(|e| e.into_inner()).1.clear();
    }

    /// The demo keys and people by camelCase name.
    pub fn keys(&self) -> HashMap<String, String> {
        zeitkonto_sandbox::demo_keys().into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    /// Today, `YYYY-MM-DD`.
    pub fn today(&self) -> String {
        self.shared.lock().clock.today().to_string()
    }

    /// Serves the engine over HTTP on 127.0.0.1 (a free port); returns the base URL.
    pub fn serve(&self) -> Result<String, SandboxError> {
        let mut server = self.server.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = server.as_ref() {
            return Ok(s.base_url().to_string());
        }
        let listener = std::net::TcpListener::bind(("127.0.0.1", 0))
            .map_err(|e| invalid("serve", format!("could not bind 127.0.0.1: {e}")))?;
        let s = StdServer::start(listener, self.shared.clone())
            .map_err(|e| invalid("serve", format!("could not start the server: {e}")))?;
        let url = s.base_url().to_string();
        *server = Some(s);
        Ok(url)
    }

    /// Stops the server of `serve`, if any.
    pub fn stop_serving(&self) {
        let server = self.server.lock().unwrap_or_else(|e| e.into_inner()).take();
        drop(server);
    }
}
