//! `zeitkonto._core.Sandbox`: the sandbox engine in-process, behind `zeitkonto.testing.Sandbox`.
//! Clients made with `sandbox=` reach it through `zeitkonto_sandbox::InProcess` (no socket);
//! `serve()` puts the same engine behind a small HTTP/1.1 server (`std_server`) on 127.0.0.1 for code that brings its own
//! HTTP stack. Bad input is `InvalidInput` naming the field, like the client's.

use std::collections::HashMap;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};
use serde_json::Value;
use zeitkonto_sandbox::kit::{self, InjectArgs};
use zeitkonto_sandbox::shared::system_time;
use zeitkonto_sandbox::{KitEngine, KitOptions};

use crate::convert::from_py;
use crate::errors::{guarded, invalid};

/// An in-process sandbox (the Python class `zeitkonto.testing.Sandbox` wraps it):
/// `zeitkonto_sandbox::KitEngine`.
#[pyclass(module = "zeitkonto._core", frozen)]
pub(crate) struct Sandbox {
    pub(crate) kit: KitEngine,
}

/// A refusal of the kit's input as the client's `InvalidInput`.
fn refused((field, reason): zeitkonto_sandbox::kit::Refusal) -> PyErr {
    invalid(&field, reason)
}

#[pymethods]
impl Sandbox {
    /// `today`: a `datetime.date` or `YYYY-MM-DD`; `rate_limit`: (limit, window in seconds).
    #[new]
    #[pyo3(signature = (*, today=None, seed_json=None, rate_limit=None, routes=None))]
    fn new(
        today: Option<Bound<'_, PyAny>>,
        seed_json: Option<String>,
        rate_limit: Option<(f64, f64)>,
        routes: Option<HashMap<String, String>>,
    ) -> PyResult<Sandbox> {
        let today = today.map(|t| crate::convert::day(&t, "today")).transpose()?.map(|d| d.to_string());
        let options = KitOptions {
            today: today.as_deref(),
            seed_json: seed_json.as_deref(),
            rate_limit: rate_limit.map(|(limit, seconds)| (limit, seconds * 1000.0)),
            routes: routes.unwrap_or_default().into_iter().collect(),
        };
        guarded(|| Ok(Sandbox { kit: KitEngine::new(options, system_time()).map_err(refused)? }))
    }

    /// The kit's surface as the engine declares it (fault kinds, `inject` options), JSON text.
    #[staticmethod]
    fn declaration() -> String {
        kit::declaration().to_string()
    }

    /// Adds a fault: `kind` as Python writes it (`rate_limit`), `options` a dict by the declared
    /// (camelCase) names, durations in seconds; every value is checked by the engine
    /// (`kit::InjectArgs::from_json`, `kit::inject_fault`), with the reason every kit gives.
    #[pyo3(signature = (kind, options=None))]
    fn inject(&self, kind: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
        let mut given = serde_json::Map::new();
        for (name, v) in options.iter().flat_map(|o| o.iter()) {
            // Any real number (numpy's, a Fraction, an int beyond 64 bits) as a float, one JSON cannot
            // hold (inf, nan) as one beyond every range; anything from_py refuses as a value of no
            // option's type: each refused as such.
            let number =
                if v.cast::<PyBool>().is_ok() || v.cast::<PyString>().is_ok() { None } else { v.extract::<f64>().ok() };
            let value = match number {
                Some(f) => Value::from(if f.is_finite() { f } else { f64::MAX.copysign(f) }),
                None => from_py(&v, "options").unwrap_or(Value::Array(Vec::new())),
            };
            given.insert(name.extract()?, value);
        }
        let args = InjectArgs::from_json(&Value::Object(given), 1000.0).map_err(refused)?;
        guarded(|| self.kit.inject(kind, args, true).map_err(refused))
    }

    /// Applied writes of `operation_name` (all operations when `None`).
    #[pyo3(signature = (operation_name=None))]
    fn writes(&self, operation_name: Option<&str>) -> PyResult<u64> {
        self.kit.writes(operation_name).map_err(refused)
    }

    /// Requests of `operation_name` received (all operations when `None`).
    #[pyo3(signature = (operation_name=None))]
    fn requests(&self, operation_name: Option<&str>) -> PyResult<u64> {
        self.kit.requests(operation_name).map_err(refused)
    }

    /// 429s the sandbox's own rate limit answered.
    fn rate_limited(&self) -> u64 {
        self.kit.rate_limited()
    }

    /// Back to the seed: data, counters, faults, rate-limit windows.
    fn reset(&self) {
        self.kit.reset();
    }

    /// The demo keys and people, by camelCase name.
    fn keys(&self) -> HashMap<&'static str, String> {
        self.kit.keys().into_iter().collect()
    }

    /// The seed the sandbox started from, as JSON.
    fn seed_json(&self) -> String {
        self.kit.seed_json()
    }

    /// The sandbox's "today", `YYYY-MM-DD`.
    fn today(&self) -> String {
        self.kit.today()
    }

    /// The sandbox's rate limit as (limit, window in seconds); limit 0 = none.
    fn rate_limit(&self) -> (u32, f64) {
        let (limit, window_ms) = self.kit.rate_limit();
        (limit, window_ms as f64 / 1000.0)
    }

    /// Serves the same engine over HTTP on 127.0.0.1 (a free port); returns the base URL. Serving
    /// again returns the same URL.
    fn serve(&self) -> PyResult<String> {
        guarded(|| self.kit.serve().map_err(refused))
    }

    /// Stops the server `serve()` started (in-process clients keep working).
    fn stop_serving(&self, py: Python<'_>) {
        py.detach(|| self.kit.stop_serving());
    }
}
