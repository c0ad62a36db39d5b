//! The sandbox engine for the Kotlin/JVM and Swift test kits (`de.zeitkonto:zeitkonto-testing`,
//! the `ZeitkontoTesting` product): a library of its own, so the app's library does not carry it.
//! Sans-IO as the engine is: `begin` takes a request and returns a step; the hand-written Kotlin
//! and Swift `ZeitkontoSandbox` (a `ZeitkontoTransport` of the app's library) do the waiting with
//! their own coroutines / tasks, cancelled with the call, then `resume` or `abandon` the request.

use std::collections::HashMap;
use std::sync::Arc;

use zeitkonto_sandbox::engine::Response;
use zeitkonto_sandbox::kit::{InjectArgs, Refusal};
use zeitkonto_sandbox::shared::system_time;
use zeitkonto_sandbox::{KitEngine, KitOptions, KitStep};

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

/// The engine, its waiting requests and its HTTP server (`serve`): `zeitkonto_sandbox::KitEngine`.
#[derive(uniffi::Object)]
pub struct SandboxEngine {
    kit: KitEngine,
}

fn step(step: KitStep) -> SandboxStep {
    let none = || Response { status: 0, headers: Vec::new(), body: Vec::new() };
    let (kind, r, delay_ms, pending) = match step {
        KitStep::Answer(r) => (StepKind::Answer, r, 0, 0),
        KitStep::Reset(r) => (StepKind::Reset, r, 0, 0),
        KitStep::AnswerAfter { delay_ms, response } => (StepKind::AnswerAfter, response, delay_ms, 0),
        KitStep::HandleAfter { delay_ms, pending } => (StepKind::HandleAfter, none(), delay_ms, pending),
    };
    let headers = r.headers.into_iter().map(|(name, value)| StepHeader { name, value }).collect();
    SandboxStep { kind, status: i32::from(r.status), headers, body: r.body, delay_ms, pending }
}

#[uniffi::export]
impl SandboxEngine {
    /// An engine: `today` `YYYY-MM-DD` (none: the real date), `seedJson` the data as JSON (none:
    /// the demo seed), `rateLimit` requests per `windowMs` (none: no limit; the engine checks both),
    /// route overrides.
    #[uniffi::constructor]
    pub fn new(
        today: Option<String>,
        seed_json: Option<String>,
        rate_limit: Option<f64>,
        window_ms: f64,
        routes: HashMap<String, String>,
    ) -> Result<Arc<SandboxEngine>, SandboxError> {
        let options = KitOptions {
            today: today.as_deref(),
            seed_json: seed_json.as_deref(),
            rate_limit: rate_limit.map(|limit| (limit, window_ms)),
            routes: routes.into_iter().collect(),
        };
        Ok(Arc::new(SandboxEngine { kit: KitEngine::new(options, system_time()).map_err(refused)? }))
    }

    /// Takes a request (its whole URL: only the path and query count).
    pub fn begin(&self, method: String, url: String, body: Option<Vec<u8>>) -> SandboxStep {
        step(self.kit.begin_url(&method, &url, &body.unwrap_or_default()))
    }

    /// Handles the request `pending` after its wait.
    pub fn resume(&self, pending: u32) -> SandboxStep {
        step(self.kit.resume(pending))
    }

    /// Forgets the request `pending` (its caller gave up during the wait: nothing is applied).
    pub fn abandon(&self, pending: u32) {
        self.kit.abandon(pending);
    }

    /// Adds a fault; every value is checked by the engine (`kit::inject_fault`: the reasons every
    /// language's kit gives), durations in milliseconds.
    #[allow(clippy::too_many_arguments)]
    pub fn inject(
        &self,
        kind: String,
        operation: Option<String>,
        count: f64,
        status: Option<f64>,
        delay_ms: Option<f64>,
        retry_after_ms: Option<f64>,
        after_applying: bool,
        pad: Option<f64>,
        location: Option<String>,
    ) -> Result<(), SandboxError> {
        let args = InjectArgs {
            operation,
            count: Some(count),
            status,
            delay_ms,
            retry_after_ms,
            after_applying,
            pad,
            location,
        };
        self.kit.inject(&kind, args, false).map_err(refused)
    }

    /// Applied writes of `operation` (all when none).
    pub fn writes(&self, operation_name: Option<String>) -> Result<u64, SandboxError> {
        self.kit.writes(operation_name.as_deref()).map_err(refused)
    }

    /// Requests of `operation` received (all when none).
    pub fn requests(&self, operation_name: Option<String>) -> Result<u64, SandboxError> {
        self.kit.requests(operation_name.as_deref()).map_err(refused)
    }

    /// 429s of the sandbox's own rate limit.
    pub fn rate_limited(&self) -> u64 {
        self.kit.rate_limited()
    }

    /// The rate limit: requests per window (0: none).
    pub fn rate_limit(&self) -> u32 {
        self.kit.rate_limit().0
    }

    /// The rate limit's window in milliseconds.
    pub fn rate_limit_window_ms(&self) -> u64 {
        self.kit.rate_limit().1
    }

    /// Back to the seed.
    pub fn reset(&self) {
        self.kit.reset();
    }

    /// The base URLs clients reach this sandbox at (in-process, and served when it is), where the
    /// kit resets its clients' rate limits (`resetRateLimits` of the app's library).
    pub fn servers(&self) -> Vec<String> {
        self.kit.servers()
    }

    /// The demo keys and people by camelCase name.
    pub fn keys(&self) -> HashMap<String, String> {
        self.kit.keys().into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }

    /// Today, `YYYY-MM-DD`.
    pub fn today(&self) -> String {
        self.kit.today()
    }

    /// Serves the engine over HTTP on 127.0.0.1 (a free port); returns the base URL.
    pub fn serve(&self) -> Result<String, SandboxError> {
        self.kit.serve().map_err(refused)
    }

    /// Stops the server of `serve`, if any.
    pub fn stop_serving(&self) {
        self.kit.stop_serving();
    }
}
