//! `zeitkonto._core`: the Python extension. It only converts and forwards:
//! - `Client.call(operation, params_json)` runs any operation through the Rust driver
//!   (`zeitkonto::Client::call_json`) with the GIL released and returns the canonical JSON output;
//! - `Client.call_async(...)` spawns the call on a tokio runtime and returns a `Pending` whose
//!   `fileno()` becomes readable when it is done; asyncio watches it with `loop.add_reader` and then
//!   calls `take()`. **No tokio thread ever touches Python** (no GIL, no Python objects), so nothing
//!   can crash while the interpreter shuts down (the failure mode of GIL-taking tokio callbacks);
//! - driver events (already redacted) are queued without the GIL; Python drains them into logging;
//! - `build_request` / `parse_response` are the sans-IO core;
//! - every failure is raised as `CoreError(error_json)`; the pure-Python layer maps its `kind` to the
//!   exception classes. Panics are caught and become `CoreError` too: none crosses into Python.

use std::collections::HashMap;
use std::io::Write;
use std::os::fd::AsRawFd;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use futures_util::FutureExt;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use serde_json::{json, Value};
use zeitkonto::{Client as RustClient, Error, Event, LimiterConfig, OperationId, RetryConfig};
use zeitkonto_core::{Context, Response, RouteTable};

create_exception!(_core, CoreError, PyException, "A Zeitkonto error; args[0] is its JSON form.");

fn error_json(e: &Error) -> String {
    serde_json::to_string(e).unwrap_or_else(|_| r#"{"kind":"Decode","message":"unprintable error"}"#.to_string())
}

fn raise(e: &Error) -> PyErr {
    CoreError::new_err(error_json(e))
}

fn internal(what: &str) -> PyErr {
    CoreError::new_err(json!({"kind": "Internal", "message": format!("internal error in Zeitkonto: {what}")}).to_string())
}

fn invalid(field: &str, reason: impl Into<String>) -> PyErr {
    raise(&Error::InvalidInput { field: field.to_string(), reason: reason.into() })
}

fn operation(name: &str) -> PyResult<OperationId> {
    OperationId::from_name(name).ok_or_else(|| invalid("operation", format!("unknown operation {name:?}")))
}

fn parse_json(field: &str, text: &str) -> PyResult<Value> {
    serde_json::from_str(text).map_err(|e| invalid(field, format!("not JSON: {e}")))
}

/// Runs `f`, turning a panic into `CoreError`.
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    std::panic::catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| Err(internal("panic")))
}

fn routes_from(routes: Option<HashMap<String, String>>) -> Result<RouteTable, Error> {
    let mut table = RouteTable::new();
    for (op, route) in routes.unwrap_or_default() {
        table.set_by_name(&op, &route)?;
    }
    Ok(table)
}

/// The one tokio runtime of the extension (its threads never call into Python).
fn runtime() -> PyResult<&'static tokio::runtime::Runtime> {
    static RUNTIME: OnceLock<Result<tokio::runtime::Runtime, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("zeitkonto")
                .enable_all()
                .build()
                .map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| internal(&format!("could not start the runtime: {e}")))
}

type Outcome = Result<String, String>;

fn outcome(result: Result<Result<Value, Error>, Box<dyn std::any::Any + Send>>) -> Outcome {
    match result {
        Ok(Ok(v)) => Ok(v.to_string()),
        Ok(Err(e)) => Err(error_json(&e)),
        Err(_) => Err(json!({"kind": "Internal", "message": "internal error in Zeitkonto: panic"}).to_string()),
    }
}

fn into_py(o: Outcome) -> PyResult<String> {
    o.map_err(CoreError::new_err)
}

/// An async call in flight: `fileno()` becomes readable when `take()` has the result.
#[pyclass(module = "zeitkonto._core", frozen)]
struct Pending {
    reader: std::io::PipeReader,
    slot: Arc<Mutex<Option<Outcome>>>,
}

#[pymethods]
impl Pending {
    /// The file descriptor to watch (readable once the call is done).
    fn fileno(&self) -> i32 {
        self.reader.as_raw_fd()
    }

    /// Whether the result is there.
    fn done(&self) -> bool {
        self.slot.lock().map(|s| s.is_some()).unwrap_or(true)
    }

    /// The canonical JSON output, or raises `CoreError`.
    fn take(&self) -> PyResult<String> {
        let taken = self.slot.lock().map_err(|_| internal("poisoned result"))?.take();
        match taken {
            Some(o) => into_py(o),
            None => Err(internal("the result is not ready")),
        }
    }
}

/// The Rust client behind `zeitkonto.Client` and `zeitkonto.AsyncClient`.
#[pyclass(module = "zeitkonto._core", frozen)]
struct Client {
    inner: RustClient,
    events: Arc<Mutex<Vec<String>>>,
}

#[pymethods]
impl Client {
    #[new]
    #[pyo3(signature = (*, api_key=None, base_url=None, workspace_key=None, routes=None, timeout=None, retry_json=None, rate_limit_json=None, log_events=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        api_key: Option<String>,
        base_url: Option<String>,
        workspace_key: Option<String>,
        routes: Option<HashMap<String, String>>,
        timeout: Option<f64>,
        retry_json: Option<String>,
        rate_limit_json: Option<String>,
        log_events: bool,
    ) -> PyResult<Client> {
        guarded(|| {
            let mut b = RustClient::builder().routes(routes_from(routes).map_err(|e| raise(&e))?);
            if let Some(u) = base_url {
                b = b.base_url(u);
            }
            if let Some(k) = api_key {
                b = b.api_key(k);
            }
            if let Some(k) = workspace_key {
                b = b.workspace_key(k);
            }
            let timeout = match timeout {
                Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
                Some(t) if t.is_finite() && t == 0.0 => None,
                Some(_) => return Err(invalid("timeout", "must be a positive number of seconds (0 disables it)")),
                None => Some(zeitkonto::DEFAULT_TIMEOUT),
            };
            b = b.timeout(timeout);
            if let Some(r) = retry_json {
                let cfg: RetryConfig = serde_json::from_str(&r).map_err(|e| invalid("retry", e.to_string()))?;
                b = b.retry(cfg);
            }
            if let Some(l) = rate_limit_json {
                let cfg: LimiterConfig = serde_json::from_str(&l).map_err(|e| invalid("rate_limit", e.to_string()))?;
                b = b.rate_limit(cfg);
            }
            let events: Arc<Mutex<Vec<String>>> = Arc::default();
            if log_events {
                let queue = events.clone();
                b = b.on_event(move |e: &Event| {
                    if let Ok(mut q) = queue.lock() {
                        if q.len() < 10_000 {
                            q.push(format!("{e:?}"));
                        }
                    }
                });
            }
            Ok(Client { inner: b.build().map_err(|e| raise(&e))?, events })
        })
    }

    /// Runs `operation` with canonical JSON params; returns the canonical JSON output. Blocks with
    /// the GIL released.
    fn call(&self, py: Python<'_>, operation_name: &str, params_json: &str) -> PyResult<String> {
        let op = operation(operation_name)?;
        let params = parse_json("params", params_json)?;
        let client = self.inner.clone();
        let rt = runtime()?;
        let result = py.detach(move || {
            rt.block_on(AssertUnwindSafe(async move { client.call_json(op, &params).await }).catch_unwind())
        });
        into_py(outcome(result))
    }

    /// Starts `operation` on the runtime; returns a `Pending` to watch.
    fn call_async(&self, operation_name: &str, params_json: &str) -> PyResult<Pending> {
        let op = operation(operation_name)?;
        let params = parse_json("params", params_json)?;
        let client = self.inner.clone();
        let (reader, mut writer) = std::io::pipe().map_err(|e| internal(&format!("pipe: {e}")))?;
        let slot: Arc<Mutex<Option<Outcome>>> = Arc::default();
        let done = slot.clone();
        runtime()?.spawn(async move {
            let result = AssertUnwindSafe(async move { client.call_json(op, &params).await }).catch_unwind().await;
            if let Ok(mut s) = done.lock() {
                *s = Some(outcome(result));
            }
            // Wakes the event loop; if Python has gone away the write just fails.
            let _ = writer.write_all(b"!");
        });
        Ok(Pending { reader, slot })
    }

    /// Driver events (redacted) since the last call, for `logging`.
    fn take_events(&self) -> Vec<String> {
        self.events.lock().map(|mut q| std::mem::take(&mut *q)).unwrap_or_default()
    }

    fn __repr__(&self) -> String {
        format!("<zeitkonto._core.Client base_url={:?} api_key=***>", self.inner.context().base_url())
    }
}

/// Builds the request of `operation` without sending it. Returns
/// `(method, url, headers, body, redacted_url, redacted_body)`; `url` and `body` hold the key.
#[pyfunction]
#[pyo3(signature = (operation_name, params_json, *, api_key=None, base_url=None, workspace_key=None, routes=None))]
#[allow(clippy::type_complexity)]
fn build_request<'py>(
    py: Python<'py>,
    operation_name: &str,
    params_json: &str,
    api_key: Option<String>,
    base_url: Option<String>,
    workspace_key: Option<String>,
    routes: Option<HashMap<String, String>>,
) -> PyResult<(String, String, Vec<(String, String)>, Option<Bound<'py, PyBytes>>, String, Option<String>)> {
    guarded(|| {
        let op = operation(operation_name)?;
        let params = parse_json("params", params_json)?;
        let mut ctx = Context::default().with_routes(routes_from(routes).map_err(|e| raise(&e))?);
        if let Some(u) = base_url {
            ctx = ctx.with_base_url(&u).map_err(|e| raise(&e))?;
        }
        if let Some(k) = api_key {
            ctx = ctx.with_api_key(k);
        }
        if let Some(k) = workspace_key {
            ctx = ctx.with_workspace_key(k);
        }
        let req = zeitkonto_core::build_request(op, &params, &ctx).map_err(|e| raise(&ctx.redact_error(e)))?;
        let body = req.body().map(|b| PyBytes::new(py, b));
        Ok((
            req.method().as_str().to_string(),
            req.url().to_string(),
            req.headers().to_vec(),
            body,
            req.redacted_url().to_string(),
            req.redacted_body().map(str::to_string),
        ))
    })
}

/// Parses a response of `operation` into its canonical JSON output (a string).
#[pyfunction]
fn parse_response(operation_name: &str, status: u16, headers: Vec<(String, String)>, body: &[u8]) -> PyResult<String> {
    guarded(|| {
        let op = operation(operation_name)?;
        let resp = Response::new(status, headers, body.to_vec());
        zeitkonto_core::parse_response(op, &resp).map(|v| v.to_string()).map_err(|e| raise(&e))
    })
}

/// The stable names of the 24 operations.
#[pyfunction]
fn operations() -> Vec<&'static str> {
    OperationId::ALL.iter().map(|o| o.name()).collect()
}

/// Whether `operation` may be retried (reads).
#[pyfunction]
fn is_idempotent(operation_name: &str) -> PyResult<bool> {
    Ok(operation(operation_name)?.is_idempotent())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Client>()?;
    m.add_class::<Pending>()?;
    m.add("CoreError", m.py().get_type::<CoreError>())?;
    m.add_function(wrap_pyfunction!(build_request, m)?)?;
    m.add_function(wrap_pyfunction!(parse_response, m)?)?;
    m.add_function(wrap_pyfunction!(operations, m)?)?;
    m.add_function(wrap_pyfunction!(is_idempotent, m)?)?;
    Ok(())
}
