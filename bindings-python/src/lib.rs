//! `zeitkonto._core`: the Python extension. It only converts and forwards:
//! - `Client.call(operation, params)` reads the parameters into the core's params struct (the
//!   core's reader, `typed::params`), runs the call through the Rust driver with the GIL released
//!   and returns the typed output as `<Model>Data` objects, whose getters give Python objects
//!   (`datetime.date`, `int`, `str`, lists); no JSON between the core's output and Python;
//! - `Client.call_async(..., token)` spawns the call on a tokio runtime and returns a `Pending`;
//!   when the call is done its result goes into the `Pending` and `token` into the completion queue.
//!   One Python thread (`zeitkonto._bridge`) waits on that queue with `wait_completions()` (GIL
//!   released) and wakes each caller's event loop with `loop.call_soon_threadsafe`, so any asyncio
//!   loop works (Proactor on Windows included; no file descriptor, no `add_reader`). **No tokio
//!   thread ever touches Python** (no GIL, no Python objects), so nothing can crash while the
//!   interpreter shuts down (the failure mode of GIL-taking tokio callbacks);
//! - driver events (already redacted) are queued without the GIL; Python drains them into logging;
//! - a call's span (the core's description) is collected without the GIL into a `Trace`, which
//!   Python hands to OpenTelemetry after the call;
//! - `build_request` / `parse_response` are the sans-IO core;
//! - `cli_main` runs the `zeitkonto` command line (the `zeitkonto-cli` crate);
//! - `Sandbox` is the sandbox engine in-process (`zeitkonto.testing`), which clients reach through
//!   the engine's transport with no socket;
//! - every failure is raised as `CoreError(error_json)`; the pure-Python layer maps its `kind` to the
//!   exception classes. Panics are caught and become `CoreError` too: none crosses into Python.

mod bridge;
mod cli;
mod client;
mod convert;
mod errors;
mod jobs;
mod json;
mod runtime;
mod sansio;
mod telemetry;
mod testing;
mod typed;
mod typed_support;

use pyo3::prelude::*;

use bridge::{close_completions, wait_completions, Pending};
use errors::{operation, CoreError};

/// Whether `operation` may be retried (reads).
#[pyfunction]
fn is_idempotent(operation_name: &str) -> PyResult<bool> {
    Ok(operation(operation_name)?.is_idempotent())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<client::Client>()?;
    m.add_class::<Pending>()?;
    m.add_class::<telemetry::Trace>()?;
    m.add_class::<testing::Sandbox>()?;
    m.add_class::<jobs::Job>()?;
    m.add_function(wrap_pyfunction!(jobs::job, m)?)?;
    m.add_function(wrap_pyfunction!(cli::cli_main, m)?)?;
    m.add("CoreError", m.py().get_type::<CoreError>())?;
    sansio::register(m)?;
    typed::register(m)?;
    m.add_function(wrap_pyfunction!(is_idempotent, m)?)?;
    m.add_function(wrap_pyfunction!(wait_completions, m)?)?;
    m.add_function(wrap_pyfunction!(close_completions, m)?)?;
    Ok(())
}
