//! The tokio runtime of the process (fork-aware), a call's or job step's run on it, and its end.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Mutex;

use futures_util::FutureExt;
use pyo3::prelude::*;
use serde_json::Value;
use zeitkonto::Error;

use crate::errors::{error_value, internal, internal_value, raise_value};

/// How often a blocking call checks for signals (Ctrl-C) while it waits.
pub(crate) const SIGNAL_CHECK: std::time::Duration = std::time::Duration::from_millis(100);

/// The tokio runtime of this process (its threads never call into Python).
///
/// One per process: a child made by `fork()` (multiprocessing's default on Linux, prefork
/// servers) has the parent's memory but none of its threads, so the parent's runtime would never
/// run the child's calls. The child gets its own runtime on its first call; the parent's copy is
/// left alone (dropping it would wait for threads that do not exist there). Only called with the
/// GIL held, so no other thread is inside the lock when `os.fork()` (which holds the GIL) runs.
pub(crate) fn runtime() -> PyResult<&'static tokio::runtime::Runtime> {
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

/// A finished call or job step, before Python reads it: its value's conversion into Python (run
/// with the GIL), or the error's canonical JSON (a panic: an internal error).
pub(crate) type Finished = Result<Box<dyn FnOnce(Python<'_>) -> PyResult<Py<PyAny>> + Send>, Value>;

/// What a call's or step's task ended with (`catch_unwind`'s result), its value converted by `to_py`.
pub(crate) fn finished<T: Send + 'static>(
    result: Result<Result<T, Error>, Box<dyn std::any::Any + Send>>,
    to_py: fn(Python<'_>, T) -> PyResult<Py<PyAny>>,
) -> Finished {
    match result {
        Ok(Ok(v)) => Ok(Box::new(move |py| to_py(py, v))),
        Ok(Err(e)) => Err(error_value(&e)),
        Err(_) => Err(internal_value("panic")),
    }
}

/// The value in Python, or raises the error (`CoreError`).
pub(crate) fn into_py(py: Python<'_>, f: Finished) -> PyResult<Py<PyAny>> {
    f.map_err(raise_value).and_then(|convert| convert(py))
}

/// Runs `work` (a call or a job's step) on the runtime and waits for it (see
/// [`wait_interruptibly`]; `between` runs after each slice): its value through `to_py`, or raises.
pub(crate) fn run<T: Send + 'static>(
    py: Python<'_>,
    work: impl Future<Output = Result<T, Error>> + Send + 'static,
    to_py: fn(Python<'_>, T) -> PyResult<Py<PyAny>>,
    between: impl FnMut(),
) -> PyResult<Py<PyAny>> {
    let rt = runtime()?;
    let task = rt.spawn(AssertUnwindSafe(work).catch_unwind());
    let result = wait_interruptibly(py, rt, task, between)?;
    into_py(py, finished(result.unwrap_or_else(|join| Err(Box::new(join.to_string()))), to_py))
}

/// Waits, with the GIL released, for `task` (a call or a job's step on the runtime), in slices of
/// [`SIGNAL_CHECK`], checking for signals in between: Ctrl-C interrupts a blocking call at once
/// (KeyboardInterrupt; the task is aborted and the client stays usable). `between` runs on this
/// Python thread after every slice (the client logs its driver's events there).
pub(crate) fn wait_interruptibly<T: Send + 'static>(
    py: Python<'_>,
    rt: &tokio::runtime::Runtime,
    mut task: tokio::task::JoinHandle<T>,
    mut between: impl FnMut(),
) -> PyResult<Result<T, tokio::task::JoinError>> {
    loop {
        let slice = py.detach(|| rt.block_on(async { tokio::time::timeout(SIGNAL_CHECK, &mut task).await }));
        match slice {
            Ok(joined) => return Ok(joined),
            Err(_still_running) => {
                if let Err(interrupted) = py.check_signals() {
                    task.abort();
                    return Err(interrupted);
                }
                between();
            }
        }
    }
}
