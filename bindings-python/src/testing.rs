//! `zeitkonto._core.Sandbox`: the sandbox engine in-process, behind `zeitkonto.testing.Sandbox`.
//! Clients made with `sandbox=` reach it through `zeitkonto_sandbox::InProcess` (no socket);
//! `serve()` puts the same engine behind a small HTTP/1.1 server (`std_server`) on 127.0.0.1 for code that brings its own
//! HTTP stack. Bad input is `InvalidInput` naming the field, like the client's.

use std::collections::BTreeMap;
use std::sync::Mutex;

use pyo3::prelude::*;
use zeitkonto_core::limiter::LimiterConfig;
use zeitkonto_sandbox::engine::EngineConfig;
use zeitkonto_sandbox::{kit, InProcess};

use crate::errors::{guarded, invalid, raise, routes_from};

/// An in-process sandbox (the Python class `zeitkonto.testing.Sandbox` wraps it).
#[pyclass(module = "zeitkonto._core", frozen)]
pub(crate) struct Sandbox {
    pub(crate) kit: InProcess,
    server: Mutex<Option<zeitkonto_sandbox::std_server::StdServer>>,
}

/// A refusal of the kit's input as the client's `InvalidInput`.
fn refused((field, reason): zeitkonto_sandbox::kit::Refusal) -> PyErr {
    invalid(&field, reason)
}

#[pymethods]
impl Sandbox {
    #[new]
    #[pyo3(signature = (*, today=None, seed_json=None, rate_limit=None, routes=None))]
    fn new(
        today: Option<String>,
        seed_json: Option<String>,
        rate_limit: Option<(u32, f64)>,
        routes: Option<std::collections::HashMap<String, String>>,
    ) -> PyResult<Sandbox> {
        guarded(|| {
            let today = kit::today(today.as_deref()).map_err(refused)?;
            let seed = kit::seed(seed_json.as_deref()).map_err(refused)?;
            let rate_limit = match rate_limit {
                None => LimiterConfig { limit: 0, window_ms: 60_000, margin_ms: 0 },
                Some((limit, window)) => {
                    if !(window.is_finite() && window > 0.0 && window <= 86_400.0) {
                        return Err(invalid("rate_limit.window", "must be more than 0 and at most a day (seconds)"));
                    }
                    LimiterConfig { limit, window_ms: (window * 1000.0).ceil() as u64, margin_ms: 0 }
                }
            };
            let routes = routes_from(routes).map_err(|e| raise(&e))?;
            let kit = InProcess::new(EngineConfig { seed, today, rate_limit, routes });
            Ok(Sandbox { kit, server: Mutex::new(None) })
        })
    }

    /// The kit's surface as the engine declares it (fault kinds, `inject` options), JSON text.
    #[staticmethod]
    fn declaration() -> String {
        kit::declaration().to_string()
    }

    /// Adds a fault: `kind` as Python writes it (`rate_limit`), durations in milliseconds; every
    /// value is checked by the engine (`kit::inject_fault`), with the reason every kit gives.
    #[pyo3(signature = (kind, *, operation=None, count=None, status=None, delay_ms=None, retry_after_ms=None, after_applying=false, pad=None, location=None))]
    #[allow(clippy::too_many_arguments)]
    fn inject(
        &self,
        kind: &str,
        operation: Option<String>,
        count: Option<f64>,
        status: Option<f64>,
        delay_ms: Option<f64>,
        retry_after_ms: Option<f64>,
        after_applying: bool,
        pad: Option<f64>,
        location: Option<String>,
    ) -> PyResult<()> {
        let args =
            kit::InjectArgs { operation, count, status, delay_ms, retry_after_ms, after_applying, pad, location };
        guarded(|| self.kit.inject(kit::inject_fault(kind, args, true).map_err(refused)?).map_err(refused))
    }

    /// Applied writes of `operation_name` (all operations when `None`).
    #[pyo3(signature = (operation_name=None))]
    fn writes(&self, operation_name: Option<&str>) -> PyResult<u64> {
        kit::writes(&self.kit.shared().lock(), operation_name).map_err(refused)
    }

    /// Requests of `operation_name` received (all operations when `None`).
    #[pyo3(signature = (operation_name=None))]
    fn requests(&self, operation_name: Option<&str>) -> PyResult<u64> {
        kit::requests(&self.kit.shared().lock(), operation_name).map_err(refused)
    }

    /// 429s the sandbox's own rate limit answered.
    fn rate_limited(&self) -> u64 {
        self.kit.shared().lock().stats.rate_limited
    }

    /// Back to the seed: data, counters, faults, rate-limit windows.
    fn reset(&self) {
        self.kit.reset();
    }

    /// The demo keys and people, by camelCase name.
    fn keys(&self) -> BTreeMap<&'static str, &'static str> {
        zeitkonto_sandbox::demo_keys()
    }

    /// The seed the sandbox started from, as JSON.
    fn seed_json(&self) -> String {
        serde_json::to_string(&self.kit.shared().lock().initial).unwrap_or_default()
    }

    /// The sandbox's "today", `YYYY-MM-DD`.
    fn today(&self) -> String {
        self.kit.shared().lock().clock.today().to_string()
    }

    /// The sandbox's rate limit as (limit, window in seconds); limit 0 = none.
    fn rate_limit(&self) -> (u32, f64) {
        let l = self.kit.shared().lock().limit;
        (l.limit, l.window_ms as f64 / 1000.0)
    }

    /// Serves the same engine over HTTP on 127.0.0.1 (a free port); returns the base URL. Serving
    /// again returns the same URL.
    fn serve(&self) -> PyResult<String> {
        guarded(|| {
            let mut server = self.server.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(s) = server.as_ref() {
                return Ok(s.base_url().to_string());
            }
            let listener = std::net::TcpListener::bind(("127.0.0.1", 0))
                .map_err(|e| invalid("serve", format!("could not bind 127.0.0.1: {e}")))?;
            let s = zeitkonto_sandbox::std_server::StdServer::start(listener, self.kit.shared().clone())
                .map_err(|e| invalid("serve", format!("could not start the server: {e}")))?;
            let url = s.base_url().to_string();
            *server = Some(s);
            Ok(url)
        })
    }

    /// Stops the server `serve()` started (in-process clients keep working).
    fn stop_serving(&self, py: Python<'_>) {
        let server = self.server.lock().unwrap_or_else(|p| p.into_inner()).take();
        py.detach(move || drop(server));
    }
}
