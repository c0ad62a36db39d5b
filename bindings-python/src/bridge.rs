//! The Rust half of the async bridge (ARCHITECTURE "The async bridge"): a runtime thread that
//! finishes a call stores its `Outcome` in the call's `Pending` and pushes the call's token into
//! a completion queue (plain Rust: no GIL, no Python object); one Python thread waits on the queue
//! (`wait_completions`) and wakes each caller's event loop.

use std::sync::{Arc, Condvar, Mutex};

use pyo3::prelude::*;

use crate::{internal, into_py, Outcome};

/// Tokens of finished async calls, not yet handed to Python; `closed` once Python shuts down.
struct Completions {
    state: Mutex<(Vec<u64>, bool)>,
    ready: Condvar,
}

static COMPLETIONS: Completions = Completions { state: Mutex::new((Vec::new(), false)), ready: Condvar::new() };

/// Called by a runtime thread when a call is done (plain Rust: no GIL, no Python object).
pub(crate) fn complete(token: u64) {
    if let Ok(mut state) = COMPLETIONS.state.lock() {
        state.0.push(token);
        COMPLETIONS.ready.notify_all();
    }
}

/// Blocks, with the GIL released, until some async calls are done; returns their tokens, or `None`
/// once `close_completions()` was called (the waiting thread then ends).
#[pyfunction]
pub(crate) fn wait_completions(py: Python<'_>) -> Option<Vec<u64>> {
    py.detach(|| {
        let mut state = COMPLETIONS.state.lock().ok()?;
        loop {
            if state.1 {
                return None;
            }
            if !state.0.is_empty() {
                return Some(std::mem::take(&mut state.0));
            }
            state = COMPLETIONS.ready.wait(state).ok()?;
        }
    })
}

/// Makes `wait_completions()` return `None` now and from now on (at interpreter exit).
#[pyfunction]
pub(crate) fn close_completions() {
    if let Ok(mut state) = COMPLETIONS.state.lock() {
        state.1 = true;
        COMPLETIONS.ready.notify_all();
    }
}

/// An async call in flight: `take()` has the result once its token came out of `wait_completions()`.
#[pyclass(module = "zeitkonto._core", frozen)]
pub(crate) struct Pending {
    pub(crate) slot: Arc<Mutex<Option<Outcome>>>,
}

#[pymethods]
impl Pending {
    /// Whether the call is done (`take()` will not fail with "not ready").
    fn done(&self) -> bool {
        self.slot.lock().map(|s| s.is_some()).unwrap_or(true)
    }

    /// The typed output (see `typed::output_to_py`), or raises `CoreError`.
    fn take(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let taken = self.slot.lock().map_err(|_| internal("poisoned result"))?.take();
        match taken {
            Some(o) => into_py(py, o),
            None => Err(internal("the result is not ready")),
        }
    }
}
