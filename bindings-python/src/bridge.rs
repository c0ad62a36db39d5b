//! The Rust half of the async bridge (ARCHITECTURE "The async bridge"): a runtime thread that
//! finishes a call stores its end (`Finished`) in the call's `Pending` and pushes the call's token into
//! a completion queue (plain Rust: no GIL, no Python object); one Python thread waits on the queue
//! (`wait_completions`) and wakes each caller's event loop.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Condvar, Mutex};

use futures_util::FutureExt;
use pyo3::prelude::*;
use tokio::task::AbortHandle;

use crate::errors::internal;
use crate::runtime::{finished, into_py, runtime, Finished};

/// Tokens of finished async calls, not yet handed to Python; `closed` once Python shuts down.
pub(crate) struct Completions {
    state: Mutex<(Vec<u64>, bool)>,
    ready: Condvar,
}

/// The completion queue of this process. A child made by `fork()` gets its own: at the moment of
/// the fork a runtime thread of the parent may have held the parent's lock, which nothing in the
/// child would ever release. Only called with the GIL held (as `runtime()`), so the lookup's own
/// lock is free whenever `os.fork()` runs.
pub(crate) fn completions() -> &'static Completions {
    static CURRENT: Mutex<Option<(u32, &'static Completions)>> = Mutex::new(None);
    let mut current = CURRENT.lock().unwrap_or_else(|p| p.into_inner());
    let pid = std::process::id();
    match *current {
        Some((owner, queue)) if owner == pid => queue,
        _ => {
            let queue: &'static Completions =
                Box::leak(Box::new(Completions { state: Mutex::new((Vec::new(), false)), ready: Condvar::new() }));
            *current = Some((pid, queue));
            queue
        }
    }
}

/// Called by a runtime thread when a call is done (plain Rust: no GIL, no Python object).
pub(crate) fn complete(queue: &Completions, token: u64) {
    if let Ok(mut state) = queue.state.lock() {
        state.0.push(token);
        queue.ready.notify_all();
    }
}

/// Blocks, with the GIL released, until some async calls are done; returns their tokens, or `None`
/// once `close_completions()` was called (the waiting thread then ends).
#[pyfunction]
pub(crate) fn wait_completions(py: Python<'_>) -> Option<Vec<u64>> {
    let queue = completions();
    py.detach(|| {
        let mut state = queue.state.lock().ok()?;
        loop {
            if state.1 {
                return None;
            }
            if !state.0.is_empty() {
                return Some(std::mem::take(&mut state.0));
            }
            state = queue.ready.wait(state).ok()?;
        }
    })
}

/// Makes `wait_completions()` return `None` now and from now on (at interpreter exit).
#[pyfunction]
pub(crate) fn close_completions() {
    let queue = completions();
    if let Ok(mut state) = queue.state.lock() {
        state.1 = true;
        queue.ready.notify_all();
    }
}

/// Runs `work` (an async call, or a job's step) on the runtime: its end goes into the returned
/// `Pending` (its value to be converted by `to_py`), then `token` into the completion queue. The
/// token is queued also when the task is cancelled through `Pending.cancel` (the work is dropped
/// where it waits: a call still waiting for the rate limit or a retry's delay is never sent), so
/// the bridge forgets the call.
pub(crate) fn spawn<T: Send + 'static>(
    work: impl Future<Output = Result<T, zeitkonto::Error>> + Send + 'static,
    to_py: fn(Python<'_>, T) -> PyResult<Py<PyAny>>,
    token: u64,
) -> PyResult<Pending> {
    /// Queues the token when dropped: at the end of the work, or where a cancel drops it.
    struct Completes(&'static Completions, u64);
    impl Drop for Completes {
        fn drop(&mut self) {
            complete(self.0, self.1);
        }
    }
    let slot: Arc<Mutex<Option<Finished>>> = Arc::default();
    let (done, completes) = (slot.clone(), Completes(completions(), token));
    let task = runtime()?.spawn(async move {
        let _completes = completes;
        let value = finished(AssertUnwindSafe(work).catch_unwind().await, to_py);
        if let Ok(mut s) = done.lock() {
            *s = Some(value);
        }
    });
    Ok(Pending { slot, task: task.abort_handle() })
}

/// An async call or job step in flight: `take()` has its end once its token came out of
/// `wait_completions()`.
#[pyclass(module = "zeitkonto._core", frozen)]
pub(crate) struct Pending {
    slot: Arc<Mutex<Option<Finished>>>,
    task: AbortHandle,
}

#[pymethods]
impl Pending {
    /// Abandons the call (its awaiting task was cancelled): dropped where it waits, so a call
    /// still waiting for the rate limit or a retry's delay is never sent; a request in flight is
    /// abandoned (a write may or may not have reached the server). A job's step: the job is free
    /// at once, and its call is made again by the next step (at least once, never lost).
    fn cancel(&self) {
        self.task.abort();
    }

    /// Whether the call is done (`take()` will not fail with "not ready").
    fn done(&self) -> bool {
        self.slot.lock().map(|s| s.is_some()).unwrap_or(true)
    }

    /// The value (a call's typed output, see `typed::output_to_py`; a step's event, or None when
    /// the job is done), or raises `CoreError`.
    fn take(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let taken = self.slot.lock().map_err(|_| internal("poisoned result"))?.take();
        match taken {
            Some(o) => into_py(py, o),
            None => Err(internal("the result is not ready")),
        }
    }
}
