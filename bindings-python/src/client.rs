//! `zeitkonto._core.Client`: the Rust client behind `zeitkonto.Client` and `zeitkonto.AsyncClient`.
//! A call's parameters are read into the core's params struct by the core's reader (`typed::params`,
//! with the GIL); the call runs on the runtime's threads (no GIL, no Python
//! object there); its typed output becomes `<Model>Data` objects.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::PyDict;
use zeitkonto::core::Target;
use zeitkonto::{Client as RustClient, Event, RateLimitSettings, RetrySettings};

use crate::bridge::{spawn, Pending};
use crate::convert::{from_py, params_from_py};
use crate::errors::{guarded, operation, raise, redacted, routes_from};
use crate::runtime::run;
use crate::telemetry::{traced, Trace};
use crate::typed;
use crate::typed_support::canonical;

/// The Rust client behind `zeitkonto.Client` and `zeitkonto.AsyncClient`.
#[pyclass(module = "zeitkonto._core", frozen)]
pub(crate) struct Client {
    /// The client and the process it belongs to (see [`Client::current`]).
    inner: Mutex<(u32, RustClient)>,
    events: Arc<Mutex<Vec<Event>>>,
    /// Over the test kit's engine in-process (no connections to renew after a fork).
    in_process: bool,
}

impl Client {
    /// The client for this process. In a child made by `fork()` the parent's pooled connections
    /// belong to runtime threads the child does not have: the first call there makes the same
    /// client with new connections (an in-process test-kit client, which has none, stays as it
    /// is: the child's copy of the engine). Called with the GIL held (see [`runtime`]).
    pub(crate) fn current(&self) -> PyResult<RustClient> {
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let pid = std::process::id();
        if inner.0 != pid && !self.in_process {
            let fresh = inner.1.with_new_connections().map_err(|e| raise(&e))?;
            // The parent's client is left alone, not dropped: its pooled connections' destructors
            // would wake tasks of a runtime that has no threads here.
            std::mem::forget(std::mem::replace(&mut *inner, (pid, fresh)));
        }
        Ok(inner.1.clone())
    }
}

/// A call's parameters as the core's params struct, read by the core's reader (`typed::params`);
/// a refusal redacted with the client's keys (a value may be a key passed in the wrong place).
fn read_params(op: zeitkonto::OperationId, params: &Bound<'_, PyDict>, client: &RustClient) -> PyResult<typed::Params> {
    let ctx = client.context();
    let value = params_from_py(params, typed::CLOCK_TIMES).map_err(|e| redacted(params.py(), e, ctx))?;
    typed::params(op, &value).map_err(|e| raise(&ctx.redact_error(e)))
}

#[pymethods]
impl Client {
    #[new]
    #[pyo3(signature = (*, api_key=None, base_url=None, workspace_key=None, routes=None, timeout=None, retry=None, rate_limit=None, log_events=false, ca_pem=None, proxy=None, sandbox=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        api_key: Option<String>,
        base_url: Option<String>,
        workspace_key: Option<String>,
        routes: Option<HashMap<String, String>>,
        timeout: Option<f64>,
        retry: Option<Bound<'_, PyAny>>,
        rate_limit: Option<Bound<'_, PyAny>>,
        log_events: bool,
        ca_pem: Option<Vec<u8>>,
        proxy: Option<String>,
        sandbox: Option<PyRef<'_, crate::testing::Sandbox>>,
    ) -> PyResult<Client> {
        guarded(|| {
            let routes = routes_from(routes).map_err(|e| raise(&e))?;
            let (api_key, workspace_key) = (api_key.map(Into::into), workspace_key.map(Into::into));
            let mut b = RustClient::builder()
                .target(Target { base_url, api_key, workspace_key, routes, same_origin: false })
                .user_agent(concat!("zeitkonto-python/", env!("CARGO_PKG_VERSION")));
            if let Some(pem) = ca_pem {
                b = b.ca_certificates_pem(pem);
            }
            if let Some(url) = proxy {
                b = b.proxy(url);
            }
            if let Some(sb) = &sandbox {
                // zeitkonto.testing: the sandbox engine in-process instead of HTTP.
                b = b.transport(zeitkonto_sandbox::InProcess::over(sb.kit.shared().clone()).transport());
            }
            // Seconds from Python; the core checks every value against its declared range and
            // names the setting (`retry.baseDelay`; the Python wrapper prints it snake_case).
            b = b.timeout(match timeout {
                Some(seconds) => zeitkonto::core::settings::timeout_from_millis("timeout", seconds * 1000.0)
                    .map_err(|e| raise(&e))?,
                None => Some(zeitkonto::DEFAULT_TIMEOUT),
            });
            if let Some(r) = retry {
                b = b.retry(RetrySettings::from_canonical(&from_py(&r, "retry")?).map_err(|e| raise(&e))?);
            }
            if let Some(l) = rate_limit {
                b = b
                    .rate_limit(RateLimitSettings::from_canonical(&from_py(&l, "rate_limit")?).map_err(|e| raise(&e))?);
            }
            let events: Arc<Mutex<Vec<Event>>> = Arc::default();
            if log_events {
                let queue = events.clone();
                b = b.on_event(move |e: &Event| {
                    if let Ok(mut q) = queue.lock() {
                        if q.len() < 10_000 {
                            q.push(e.clone());
                        }
                    }
                });
            }
            let inner = Mutex::new((std::process::id(), b.build().map_err(|e| raise(&e))?));
            Ok(Client { inner, events, in_process: sandbox.is_some() })
        })
    }

    /// Runs `operation` with its parameters (a dict of Python values by canonical key); returns
    /// the typed output (`<Model>Data` objects, see `typed.rs`). Blocks with the GIL released, interruptible by Ctrl-C.
    /// `trace`: collects the call's span (see `telemetry.rs`).
    #[pyo3(signature = (operation_name, params, on_events=None, trace=None))]
    fn call(
        &self,
        py: Python<'_>,
        operation_name: &str,
        params: &Bound<'_, PyDict>,
        on_events: Option<Bound<'_, PyAny>>,
        trace: Option<PyRef<'_, Trace>>,
    ) -> PyResult<Py<PyAny>> {
        let op = operation(operation_name)?;
        let client = self.current()?;
        let params = read_params(op, params, &client)?;
        let sink = trace.map(|t| t.sink());
        // The call runs as a task on the runtime's threads (where the sockets are driven); this
        // thread, with the GIL released, only waits for its end. Events are logged while the call
        // runs (a limiter wait shows when it starts), on this Python thread; a failing log handler
        // never fails the call.
        let work = traced(sink, async move { typed::execute(&client, params).await });
        run(py, work, typed::output_to_py, || {
            if let Some(cb) = &on_events {
                if self.events.lock().is_ok_and(|q| !q.is_empty()) {
                    let _ = cb.call0();
                }
            }
        })
    }

    /// Starts `operation` on the runtime; returns its `Pending`. When the call is done, `token`
    /// comes out of `wait_completions()`. `trace`: collects the call's span.
    #[pyo3(signature = (operation_name, params, token, trace=None))]
    fn call_async(
        &self,
        operation_name: &str,
        params: &Bound<'_, PyDict>,
        token: u64,
        trace: Option<PyRef<'_, Trace>>,
    ) -> PyResult<Pending> {
        let op = operation(operation_name)?;
        let client = self.current()?;
        let params = read_params(op, params, &client)?;
        let sink = trace.map(|t| t.sink());
        spawn(traced(sink, async move { typed::execute(&client, params).await }), typed::output_to_py, token)
    }

    /// Driver events (redacted) since the last drain: each as its one line (`zeitkonto::Event`'s
    /// `Display`, the same in every language) and its canonical form (its `Serialize`:
    /// `elapsedMs`, `delayMs`) as a dict; `client.py` logs the line with the dict in the log
    /// record's form (`elapsed`, `delay` in seconds).
    fn take_events(&self, py: Python<'_>) -> PyResult<Vec<(String, Py<PyAny>)>> {
        let events = self.events.lock().map(|mut q| std::mem::take(&mut *q)).unwrap_or_default();
        events.iter().map(|e| Ok((e.to_string(), canonical(py, e)?))).collect()
    }

    /// The base URL as it may be printed (a key put into it as `***`).
    fn shown_base_url(&self) -> String {
        self.inner.lock().unwrap_or_else(|p| p.into_inner()).1.context().shown_base_url()
    }

    fn __repr__(&self) -> String {
        format!("<zeitkonto._core.Client base_url={:?} api_key=***>", self.shown_base_url())
    }
}
