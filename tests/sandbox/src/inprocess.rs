//! The engine as a [`zeitkonto::Transport`] (feature `client`): a Rust user's tests call the
//! sandbox in-process, with no socket and no port, through the same driver (limiter, retry,
//! timeouts) as production.
//!
//! ```
//! use zeitkonto_sandbox::{InProcess, FaultKind, Fault};
//! use zeitkonto_sandbox::engine::EngineConfig;
//! # tokio_test_block_on(async {
//! let sandbox = InProcess::new(EngineConfig { today: Some("2026-11-21".parse().unwrap()), ..Default::default() });
//! let client = sandbox.client().build().unwrap();
//! let people = client.employees().await.unwrap();
//! assert_eq!(people.len(), 39);
//! # });
//! # fn tokio_test_block_on<F: std::future::Future>(f: F) -> F::Output {
//! #     tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(f)
//! # }
//! ```

// The README's snippet, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

use std::sync::Arc;
use std::time::Duration;

use zeitkonto::{BoxFuture, ClientBuilder, RateLimitSettings, Transport, TransportError};
use zeitkonto_core::{OperationId, Request, Response};

use crate::control::Fault;
use crate::engine::{path_and_query, EngineConfig, HttpRequest};
use crate::shared::{Outcome, Shared, TimeSource};

/// The base URL in-process clients use (never resolved: nothing leaves the process); every kit's
/// constant is generated from [`crate::kit::IN_PROCESS_BASE_URL`].
pub const BASE_URL: &str = crate::kit::IN_PROCESS_BASE_URL;

/// An in-process sandbox: the engine, and the transport that reaches it.
#[derive(Clone, Debug)]
pub struct InProcess {
    shared: Shared,
}

impl InProcess {
    /// A sandbox from `config`, on the system clock. A test kit's default: no rate limit (pass
    /// `rate_limit` to have one), the demo seed.
    pub fn new(config: EngineConfig) -> InProcess {
        InProcess::with_time(config, crate::shared::system_time())
    }

    /// A sandbox on a time source of the caller's.
    pub fn with_time(config: EngineConfig, time: TimeSource) -> InProcess {
        // A new sandbox: what clients counted against an earlier one in the process is forgotten.
        let kit = InProcess { shared: Shared::new(config, time) };
        kit.reset_clients();
        kit
    }

    /// Over an engine a server (or another kit) also runs.
    pub fn over(shared: Shared) -> InProcess {
        InProcess { shared }
    }

    /// The shared engine (faults, counters, the world).
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    /// The transport, for `ClientBuilder::transport`.
    pub fn transport(&self) -> Arc<dyn Transport> {
        Arc::new(self.clone())
    }

    /// A client builder wired to this sandbox: its base URL, the seed's company and workspace keys
    /// ([`crate::keys_of`]: the demo's, or a seed of your own's), this transport, and the
    /// client-side limit of the sandbox's own rate limit (off when the sandbox has none, so tests
    /// do not wait).
    pub fn client(&self) -> ClientBuilder {
        client_of(&self.shared, BASE_URL).transport(self.transport())
    }

    /// Injects a fault; `Err` names the field that is wrong.
    pub fn inject(&self, fault: Fault) -> Result<(), (String, String)> {
        self.shared.inject(fault)
    }

    /// Applied writes of `op` so far.
    pub fn writes(&self, op: OperationId) -> u64 {
        self.shared.writes(op)
    }

    /// Requests of `op` received so far.
    pub fn requests(&self, op: OperationId) -> u64 {
        self.shared.requests(op)
    }

    /// Back to the seed, rate-limit windows included: the clients' at [`BASE_URL`] with this
    /// sandbox's limit too.
    pub fn reset(&self) {
        self.shared.reset();
        self.reset_clients();
    }

    /// Forgets what clients counted at [`BASE_URL`] with this sandbox's limit (none: nothing to).
    fn reset_clients(&self) {
        reset_clients(&self.shared, BASE_URL);
    }
}

impl Transport for InProcess {
    fn send<'a>(
        &'a self,
        request: &'a Request,
        timeout: Option<Duration>,
    ) -> BoxFuture<'a, Result<Response, TransportError>> {
        Box::pin(async move {
            let (path, query) = path_and_query(request.url());
            let req = HttpRequest {
                method: request.method().as_str(),
                path,
                query,
                body: request.body().unwrap_or_default(),
            };
            let timeout_ms = timeout.map(|t| t.as_millis() as u64);
            match self.shared.exchange(&req, timeout_ms, zeitkonto::runtime::sleep_ms).await {
                Outcome::Response(r) => Ok(Response::new(r.status, r.headers, r.body)),
                Outcome::Reset(_) => {
                    Err(TransportError::Lost("the sandbox broke the connection (an injected reset)".into()))
                }
                Outcome::TimedOut => Err(TransportError::Timeout),
            }
        })
    }
}

/// A client builder for the sandbox engine `shared` at `base_url` (in-process or served): the
/// seed's company and workspace keys ([`crate::keys_of`]) and the client-side limit of the
/// sandbox's own rate limit (off when it has none).
pub(crate) fn client_of(shared: &Shared, base_url: &str) -> ClientBuilder {
    let keys = crate::keys_of(&shared.lock().initial);
    let limit = shared.lock().limit;
    let rate_limit = if limit.limit == 0 {
        RateLimitSettings::per_window(0, Duration::from_secs(60))
    } else {
        RateLimitSettings::per_window(limit.limit, Duration::from_millis(limit.window_ms.max(1)))
    };
    let mut b = zeitkonto::Client::builder().base_url(base_url).rate_limit(rate_limit);
    // A key the seed has none of (an empty text in `keys_of`) is left out.
    if !keys["companyKey"].is_empty() {
        b = b.api_key(keys["companyKey"].as_str());
    }
    if !keys["workspaceKey"].is_empty() {
        b = b.workspace_key(keys["workspaceKey"].as_str());
    }
    b
}

/// Forgets what this process's clients counted at `base_url` with the limit of the sandbox engine
/// `shared` (none: nothing to).
pub(crate) fn reset_clients(shared: &Shared, base_url: &str) {
    let limit = shared.lock().limit;
    if limit.limit > 0 {
        zeitkonto::reset_rate_limits(base_url, limit.limit, Duration::from_millis(limit.window_ms.max(1)));
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::path_and_query;

    #[test]
    fn the_path_and_query_are_read_from_any_base_url() {
        assert_eq!(path_and_query("http://sandbox.localhost/a/b?x=1"), ("/a/b", "x=1"));
        assert_eq!(path_and_query("https://h:8/p"), ("/p", ""));
        assert_eq!(path_and_query("http://h"), ("/", ""));
    }
}
