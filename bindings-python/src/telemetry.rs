//! `zeitkonto._core.Trace`: one call's span as the core describes it (`zeitkonto_core::telemetry`),
//! collected without the GIL while the call runs on the runtime's threads, and handed to Python
//! afterwards (`take()`), which records it through OpenTelemetry's API with the times it happened
//! (`zeitkonto/_telemetry.py`). No tokio thread touches Python.

use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use zeitkonto::{SpanAction, SpanSink};

/// The span actions of one call (start, events, end; redacted), in order.
#[pyclass(module = "zeitkonto._core", frozen)]
#[derive(Default)]
pub(crate) struct Trace {
    actions: Arc<Mutex<Vec<SpanAction>>>,
}

impl Trace {
    /// The sink a call's future runs with (`zeitkonto::with_spans`).
    pub(crate) fn sink(&self) -> SpanSink {
        let actions = self.actions.clone();
        Arc::new(move |a: &SpanAction| {
            if let Ok(mut list) = actions.lock() {
                list.push(a.clone());
            }
        })
    }
}

#[pymethods]
impl Trace {
    #[new]
    fn new() -> Trace {
        Trace::default()
    }

    /// The actions so far, as dicts (`SpanAction`'s canonical form: `action`, `name`, `kind`,
    /// `timeUnixNano`, `attributes`, `error`, `message`); they are taken out.
    fn take(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let actions = self.actions.lock().map(|mut l| std::mem::take(&mut *l)).unwrap_or_default();
        actions.iter().map(|a| crate::typed_support::canonical(py, a)).collect()
    }
}

/// `future` with the trace's sink (`None`: no trace) for the calls it makes.
pub(crate) fn traced<F: std::future::Future>(trace: Option<SpanSink>, future: F) -> zeitkonto::telemetry::WithSpans<F> {
    zeitkonto::with_spans(trace, future)
}
