//! `zeitkonto._core`: the Python extension. It only converts and forwards:
//! - `Client.call(operation, params_json)` runs any operation through the Rust driver
//!   (`zeitkonto::Client::call_json`) with the GIL released and returns the canonical JSON output;
//! - `Client.call_async(..., token)` spawns the call on a tokio runtime and returns a `Pending`;
//!   when the call is done its result goes into the `Pending` and `token` into the completion queue.
//!   One Python thread (`zeitkonto._bridge`) waits on that queue with `wait_completions()` (GIL
//!   released) and wakes each caller's event loop with `loop.call_soon_threadsafe`, so any asyncio
//!   loop works (Proactor on Windows included; no file descriptor, no `add_reader`). **No tokio
//!   thread ever touches Python** (no GIL, no Python objects), so nothing can crash while the
//!   interpreter shuts down (the failure mode of GIL-taking tokio callbacks);
//! - driver events (already redacted) are queued without the GIL; Python drains them into logging;
//! - `build_request` / `parse_response` are the sans-IO core;
//! - every failure is raised as `CoreError(error_json)`; the pure-Python layer maps its `kind` to the
//!   exception classes. Panics are caught and become `CoreError` too: none crosses into Python.

mod bridge;
mod sansio;
mod typed;
mod typed_support;

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};

use futures_util::FutureExt;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{json, Value};
use zeitkonto::{Client as RustClient, Error, Event, OperationId, RateLimitSettings, RetrySettings};
use zeitkonto_core::RouteTable;

use bridge::{close_completions, complete, completions, wait_completions, Pending};

create_exception!(_core, CoreError, PyException, "A Zeitkonto error; args[0] is its JSON form as a dict.");

/// JSON value → Python object (dict, list, str, int, float, bool, None), without a JSON string.
/// Object keys are created once per call and shared (the same few dozen names repeat in every
/// element of a large list).
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    let mut keys = HashMap::new();
    to_py_with(py, v, &mut keys)
}

fn to_py_with<'py, 'v>(
    py: Python<'py>,
    v: &'v Value,
    keys: &mut HashMap<&'v str, Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => PyFloat::new(py, n.as_f64().unwrap_or(f64::NAN)).into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let items = a.iter().map(|item| to_py_with(py, item, keys)).collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(o) => {
            let dict = PyDict::new(py);
            for (k, item) in o {
                let key = keys.entry(k.as_str()).or_insert_with(|| PyString::new(py, k)).clone();
                dict.set_item(key, to_py_with(py, item, keys)?)?;
            }
            dict.into_any()
        }
    })
}

/// A step from a `Node`'s root to its value.
#[derive(Clone)]
enum Seg {
    Key(String),
    Index(usize),
}

/// A read-only view of part of a JSON result. Results of large calls stay in Rust; Python gets
/// objects only for what it reads (`get`, `[]`, iteration), and everything with `to_py()`.
#[pyclass(module = "zeitkonto._core", frozen)]
struct Node {
    root: Arc<Value>,
    path: Vec<Seg>,
}

impl Node {
    fn value(&self) -> &Value {
        let mut v: &Value = &self.root;
        for seg in &self.path {
            v = match (seg, v) {
                (Seg::Key(k), Value::Object(o)) => o.get(k).unwrap_or(&Value::Null),
                (Seg::Index(i), Value::Array(a)) => a.get(*i).unwrap_or(&Value::Null),
                _ => &Value::Null,
            };
        }
        v
    }

    fn child(&self, seg: Seg) -> Node {
        let mut path = self.path.clone();
        path.push(seg);
        Node { root: self.root.clone(), path }
    }
}

/// A scalar as a Python object, a container as a `Node`.
fn wrap(py: Python<'_>, node: Node, v: &Value) -> PyResult<Py<PyAny>> {
    match v {
        Value::Object(_) | Value::Array(_) => Ok(Py::new(py, node)?.into_any()),
        scalar => Ok(to_py(py, scalar)?.unbind()),
    }
}

/// The result of a call: a `Node` over the whole value (or the scalar itself).
fn result_to_py(py: Python<'_>, v: Value) -> PyResult<Py<PyAny>> {
    let root = Arc::new(v);
    let node = Node { root: root.clone(), path: Vec::new() };
    wrap(py, node, &root)
}

#[pymethods]
impl Node {
    /// `value[key]` of an object, or `default`.
    #[pyo3(signature = (key, default=None))]
    fn get(&self, py: Python<'_>, key: &str, default: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        match self.value() {
            Value::Object(o) => match o.get(key) {
                Some(v) => wrap(py, self.child(Seg::Key(key.to_string())), v),
                None => Ok(default.unwrap_or_else(|| py.None())),
            },
            _ => Ok(default.unwrap_or_else(|| py.None())),
        }
    }

    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match self.value() {
            Value::Object(o) => {
                let k: String = key.extract()?;
                match o.get(&k) {
                    Some(v) => wrap(py, self.child(Seg::Key(k)), v),
                    None => Err(pyo3::exceptions::PyKeyError::new_err(k)),
                }
            }
            Value::Array(a) => {
                let i: isize = key.extract()?;
                let idx = if i < 0 { a.len() as isize + i } else { i };
                match usize::try_from(idx).ok().and_then(|u| a.get(u).map(|v| (u, v))) {
                    Some((u, v)) => wrap(py, self.child(Seg::Index(u)), v),
                    None => Err(pyo3::exceptions::PyIndexError::new_err("index out of range")),
                }
            }
            _ => Err(pyo3::exceptions::PyTypeError::new_err("not a container")),
        }
    }

    fn __len__(&self) -> usize {
        match self.value() {
            Value::Object(o) => o.len(),
            Value::Array(a) => a.len(),
            _ => 0,
        }
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match self.value() {
            Value::Object(o) => key.extract::<String>().map(|k| o.contains_key(&k)).unwrap_or(false),
            v @ Value::Array(_) => {
                let needle = from_py(key, "value")?;
                v.as_array().is_some_and(|a| a.contains(&needle))
            }
            _ => false,
        })
    }

    /// Keys of an object, in order (for arrays: nothing).
    fn keys(&self) -> Vec<String> {
        match self.value() {
            Value::Object(o) => o.keys().cloned().collect(),
            _ => Vec::new(),
        }
    }

    /// `(key, value)` pairs of an object.
    fn items(&self, py: Python<'_>) -> PyResult<Vec<(String, Py<PyAny>)>> {
        match self.value() {
            Value::Object(o) => {
                o.iter().map(|(k, v)| Ok((k.clone(), wrap(py, self.child(Seg::Key(k.clone())), v)?))).collect()
            }
            _ => Ok(Vec::new()),
        }
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let items: Vec<Py<PyAny>> = match self.value() {
            Value::Array(a) => {
                a.iter().enumerate().map(|(i, v)| wrap(py, self.child(Seg::Index(i)), v)).collect::<PyResult<_>>()?
            }
            Value::Object(o) => {
                o.keys().map(|k| Ok(PyString::new(py, k).into_any().unbind())).collect::<PyResult<_>>()?
            }
            _ => Vec::new(),
        };
        Ok(PyList::new(py, items)?.into_any().try_iter()?.into_any())
    }

    /// Whether this is a JSON array.
    fn is_list(&self) -> bool {
        self.value().is_array()
    }

    /// The whole value as plain Python objects (dicts, lists, scalars).
    fn to_py(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(to_py(py, self.value())?.unbind())
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(n) = other.cast::<Node>() {
            return Ok(n.get().value() == self.value());
        }
        to_py(py, self.value())?.eq(other)
    }

    fn __repr__(&self) -> String {
        let text = self.value().to_string();
        let cut: String = text.chars().take(80).collect();
        format!("<zeitkonto._core.Node {}{}>", cut, if cut.len() < text.len() { "…" } else { "" })
    }
}

/// Python object → JSON value (for parameters). Unsupported types are an `InvalidInput`.
fn from_py(obj: &Bound<'_, PyAny>, field: &str) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return match i.extract::<i64>() {
            Ok(n) => Ok(Value::from(n)),
            Err(_) => Err(invalid(field, "integer out of range")),
        };
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let v = f.value();
        return serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| invalid(field, format!("{v} is not a finite number")));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.extract::<String>()?));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (k, v) in d.iter() {
            let key = k.cast::<PyString>().map_err(|_| invalid(field, "keys must be strings"))?.extract::<String>()?;
            let value = from_py(&v, &key)?;
            map.insert(key, value);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return l.iter().map(|v| from_py(&v, field)).collect::<PyResult<Vec<_>>>().map(Value::Array);
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return t.iter().map(|v| from_py(&v, field)).collect::<PyResult<Vec<_>>>().map(Value::Array);
    }
    Err(invalid(field, format!("unsupported type {}", obj.get_type().name()?)))
}

fn error_value(e: &Error) -> Value {
    serde_json::to_value(e).unwrap_or_else(|_| json!({"kind": "Decode", "message": "unprintable error"}))
}

/// `CoreError(dict)`; the dict is the error's JSON form.
fn raise_value(v: Value) -> PyErr {
    Python::attach(|py| match to_py(py, &v) {
        Ok(obj) => CoreError::new_err(obj.unbind()),
        Err(e) => e,
    })
}

fn raise(e: &Error) -> PyErr {
    raise_value(error_value(e))
}

fn internal_value(what: &str) -> Value {
    json!({"kind": "Internal", "message": format!("internal error in Zeitkonto: {what}")})
}

pub(crate) fn internal(what: &str) -> PyErr {
    raise_value(internal_value(what))
}

fn invalid(field: &str, reason: impl Into<String>) -> PyErr {
    raise(&Error::InvalidInput { field: field.to_string(), reason: reason.into() })
}

fn operation(name: &str) -> PyResult<OperationId> {
    OperationId::from_name(name).ok_or_else(|| invalid("operation", format!("unknown operation {name:?}")))
}

/// Runs `f`, turning a panic into `CoreError`.
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    std::panic::catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| Err(internal("panic")))
}

fn routes_from(routes: Option<HashMap<String, String>>) -> Result<RouteTable, Error> {
    RouteTable::from_overrides(routes.unwrap_or_default())
}

/// How often a blocking call checks for signals (Ctrl-C) while it waits.
const SIGNAL_CHECK: std::time::Duration = std::time::Duration::from_millis(100);

/// The tokio runtime of this process (its threads never call into Python).
///
/// One per process: a child made by `fork()` (multiprocessing's default on Linux, prefork
/// servers) has the parent's memory but none of its threads, so the parent's runtime would never
/// run the child's calls. The child gets its own runtime on its first call; the parent's copy is
/// left alone (dropping it would wait for threads that do not exist there). Only called with the
/// GIL held, so no other thread is inside the lock when `os.fork()` (which holds the GIL) runs.
fn runtime() -> PyResult<&'static tokio::runtime::Runtime> {
    static CURRENT: Mutex<Option<(u32, &'static tokio::runtime::Runtime)>> = Mutex::new(None);
    let mut current = CURRENT.lock().unwrap_or_else(|p| p.into_inner());
    let pid = std::process::id();
    if let Some((owner, rt)) = *current {
        if owner == pid {
            return Ok(rt);
        }
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("zeitkonto")
        .enable_all()
        .build()
        .map_err(|e| internal(&format!("could not start the runtime: {e}")))?;
    let rt: &'static tokio::runtime::Runtime = Box::leak(Box::new(rt));
    *current = Some((pid, rt));
    Ok(rt)
}

/// A finished call: the typed output, or the error's JSON form.
pub(crate) type Outcome = Result<typed::Output, Value>;

fn outcome(result: Result<Result<typed::Output, Error>, Box<dyn std::any::Any + Send>>) -> Outcome {
    match result {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(error_value(&e)),
        Err(_) => Err(internal_value("panic")),
    }
}

pub(crate) fn into_py(py: Python<'_>, o: Outcome) -> PyResult<Py<PyAny>> {
    match o {
        Ok(v) => typed::output_to_py(py, v),
        Err(e) => Err(raise_value(e)),
    }
}

/// The Rust client behind `zeitkonto.Client` and `zeitkonto.AsyncClient`.
#[pyclass(module = "zeitkonto._core", frozen)]
struct Client {
    /// The client and the process it belongs to (see [`Client::current`]).
    inner: Mutex<(u32, RustClient)>,
    events: Arc<Mutex<Vec<Event>>>,
}

impl Client {
    /// The client for this process. In a child made by `fork()` the parent's pooled connections
    /// belong to runtime threads the child does not have: the first call there makes the same
    /// client with new connections. Called with the GIL held (see [`runtime`]).
    fn current(&self) -> PyResult<RustClient> {
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let pid = std::process::id();
        if inner.0 != pid {
            let fresh = inner.1.with_new_connections().map_err(|e| raise(&e))?;
            // The parent's client is left alone, not dropped: its pooled connections' destructors
            // would wake tasks of a runtime that has no threads here.
            std::mem::forget(std::mem::replace(&mut *inner, (pid, fresh)));
        }
        Ok(inner.1.clone())
    }
}

#[pymethods]
impl Client {
    #[new]
    #[pyo3(signature = (*, api_key=None, base_url=None, workspace_key=None, routes=None, timeout=None, retry=None, rate_limit=None, log_events=false, ca_pem=None, proxy=None))]
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
    ) -> PyResult<Client> {
        guarded(|| {
            let mut b = RustClient::builder()
                .routes(routes_from(routes).map_err(|e| raise(&e))?)
                .user_agent(concat!("zeitkonto-python/", env!("CARGO_PKG_VERSION")));
            if let Some(pem) = ca_pem {
                b = b.ca_certificates_pem(pem);
            }
            if let Some(url) = proxy {
                b = b.proxy(url);
            }
            if let Some(u) = base_url {
                b = b.base_url(u);
            }
            if let Some(k) = api_key {
                b = b.api_key(k);
            }
            if let Some(k) = workspace_key {
                b = b.workspace_key(k);
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
            Ok(Client { inner: Mutex::new((std::process::id(), b.build().map_err(|e| raise(&e))?)), events })
        })
    }

    /// Runs `operation` with canonical params (a dict); returns the typed output (`<Model>Data`
    /// objects, see `typed.rs`). Blocks with the GIL released, interruptible by Ctrl-C.
    #[pyo3(signature = (operation_name, params, on_events=None))]
    fn call(
        &self,
        py: Python<'_>,
        operation_name: &str,
        params: &Bound<'_, PyAny>,
        on_events: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let op = operation(operation_name)?;
        let params = from_py(params, "params")?;
        let client = self.current()?;
        let rt = runtime()?;
        // The call runs as a task on the runtime's threads (where the sockets are driven); this
        // thread, with the GIL released, only waits for its end.
        let mut task =
            rt.spawn(AssertUnwindSafe(async move { typed::execute(&client, op, &params).await }).catch_unwind());
        // Wait in slices of 0.1 s, checking for signals in between: Ctrl-C interrupts a blocking
        // call at once (KeyboardInterrupt), the call's task is dropped and the client stays usable.
        let result = loop {
            let slice = py.detach(|| rt.block_on(async { tokio::time::timeout(SIGNAL_CHECK, &mut task).await }));
            match slice {
                Ok(joined) => break joined,
                Err(_still_running) => {
                    if let Err(interrupted) = py.check_signals() {
                        task.abort();
                        return Err(interrupted);
                    }
                    // Events are logged while the call runs (a limiter wait shows when it starts),
                    // on this Python thread; a failing log handler never fails the call.
                    if let Some(cb) = &on_events {
                        if self.events.lock().is_ok_and(|q| !q.is_empty()) {
                            let _ = cb.call0();
                        }
                    }
                }
            }
        };
        let result = match result {
            Ok(r) => r,
            Err(join) => Err(Box::new(join.to_string()) as Box<dyn std::any::Any + Send>),
        };
        into_py(py, outcome(result))
    }

    /// Starts `operation` on the runtime; returns its `Pending`. When the call is done, `token`
    /// comes out of `wait_completions()`.
    fn call_async(&self, operation_name: &str, params: &Bound<'_, PyAny>, token: u64) -> PyResult<Pending> {
        let op = operation(operation_name)?;
        let params = from_py(params, "params")?;
        let client = self.current()?;
        let slot: Arc<Mutex<Option<Outcome>>> = Arc::default();
        let done = slot.clone();
        let queue = completions();
        runtime()?.spawn(async move {
            let result =
                AssertUnwindSafe(async move { typed::execute(&client, op, &params).await }).catch_unwind().await;
            if let Ok(mut s) = done.lock() {
                *s = Some(outcome(result));
            }
            complete(queue, token);
        });
        Ok(Pending { slot })
    }

    /// Driver events (redacted) since the last drain, in the canonical form (`zeitkonto::Event`'s
    /// `Serialize`: `elapsedMs`, `delayMs`), as dicts; `client.py` turns them into the log
    /// records' form (`elapsed`, `delay` in seconds).
    fn take_events<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let events = self.events.lock().map(|mut q| std::mem::take(&mut *q)).unwrap_or_default();
        events
            .iter()
            .map(|e| {
                // The event's canonical form (`zeitkonto::Event`'s `Serialize`), as a dict.
                let v = serde_json::to_value(e).map_err(|e| internal(&format!("event: {e}")))?;
                to_py(py, &v)
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        let inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        format!("<zeitkonto._core.Client base_url={:?} api_key=***>", inner.1.context().base_url())
    }
}

/// The stable names of every operation.
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
    m.add_class::<Node>()?;
    m.add("CoreError", m.py().get_type::<CoreError>())?;
    sansio::register(m)?;
    typed::register(m)?;
    m.add_function(wrap_pyfunction!(operations, m)?)?;
    m.add_function(wrap_pyfunction!(is_idempotent, m)?)?;
    m.add_function(wrap_pyfunction!(wait_completions, m)?)?;
    m.add_function(wrap_pyfunction!(close_completions, m)?)?;
    Ok(())
}
