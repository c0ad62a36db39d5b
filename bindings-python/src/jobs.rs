//! `zeitkonto._core.Job`: a whole-company job of the Rust client (`zeitkonto::jobs::Job`: the one
//! driver over the core's planners, which Rust, Kotlin and Swift use too) for `zeitkonto.jobs`. It
//! hands over the job's events one at a time, blocking (`next`, interruptible by Ctrl-C) or through
//! the async bridge (`next_async`), and its plan, progress, checkpoint, note, failures and
//! fallbacks; the client's `CheckpointFile` reads and saves its checkpoint. Nothing here knows a
//! job's calls, names, ids, years or checkpoint rule.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::IntoPyObjectExt;
use serde_json::Value;
use zeitkonto::jobs::checkpoint_file::{CheckpointFile, SavedCheckpoint};
use zeitkonto::jobs::{EventValue, Job as RustJob, JobEvent};

use crate::bridge::{spawn, Pending};
use crate::client::Client;
use crate::errors::{error_value, internal, invalid, raise};
use crate::json::to_py;
use crate::runtime::run;
use crate::telemetry::{traced, Trace};
use crate::typed::{MonthlyAccountData, PresenceEntryData};
use crate::typed_support::{canonical, value_map};

/// An event as a tuple: its declared kind, then its fields' values in declared order
/// (`zeitkonto_core::jobs::events`; the generated `zeitkonto/_job_events.py` makes its dataclass
/// of it). A duration is in milliseconds; an error is its canonical JSON (a dict), as `CoreError`
/// carries it; a model is its `<Model>Data`.
fn event_to_py(py: Python<'_>, event: JobEvent) -> PyResult<Py<PyAny>> {
    let (kind, values) = event.into_parts();
    let mut items = vec![kind.into_py_any(py)?];
    for value in values {
        items.push(match value {
            EventValue::Count(n) | EventValue::DurationMs(n) => n.into_py_any(py)?,
            EventValue::Text(text) => text.into_py_any(py)?,
            EventValue::Error(e) => to_py(py, &error_value(&e))?.unbind(),
            EventValue::Json(v) => to_py(py, &v)?.unbind(),
            EventValue::Legend(legend) => value_map(py, legend.iter())?,
            EventValue::MonthlyAccount(a) => MonthlyAccountData(a).into_py_any(py)?,
            EventValue::PresenceEntry(e) => PresenceEntryData(e).into_py_any(py)?,
            // A value this binding does not know yet (the enum is non-exhaustive): None.
            _ => py.None(),
        });
    }
    PyTuple::new(py, items)?.into_py_any(py)
}

/// A step's event in Python (a tuple, see [`event_to_py`]), or None when the job is done.
fn step_to_py(py: Python<'_>, event: Option<JobEvent>) -> PyResult<Py<PyAny>> {
    event.map_or_else(|| Ok(py.None()), |e| event_to_py(py, e))
}

/// A job and its checkpoint (saved to the file, if any, by the client's `CheckpointFile`).
type Running = (RustJob, CheckpointFile);

/// A running job of the Rust client.
#[pyclass(module = "zeitkonto._core", frozen)]
pub(crate) struct Job {
    inner: Arc<tokio::sync::Mutex<Running>>,
    name: &'static str,
    /// The checkpoint saved last, readable while a step holds the job.
    saved: SavedCheckpoint,
}

impl Job {
    /// The job, between its steps (a step holds it while its call runs; the Python wrapper never
    /// asks for anything during a step).
    fn job(&self) -> PyResult<tokio::sync::MappedMutexGuard<'_, RustJob>> {
        let guard = self.inner.try_lock().map_err(|_| internal("the job is running a step"))?;
        Ok(tokio::sync::MutexGuard::map(guard, |(job, _)| job))
    }
}

/// One step of `job`: its checkpoint saved, then the next event (`CheckpointFile::next`).
async fn next(job: Arc<tokio::sync::Mutex<Running>>) -> Result<Option<JobEvent>, zeitkonto::Error> {
    let mut guard = job.lock().await;
    let (job, file) = &mut *guard;
    file.next(job).await.transpose()
}

/// The job `kind` (`month_close`, `presence_board`, `leave_year_report`, `project_hours`) over
/// `client`, with its arguments as JSON text by their camelCase names (`limitPerMinute` among
/// them): the core reads and checks them (`zeitkonto::jobs::JobSpec::from_json`). `checkpoint`:
/// the checkpoint file to go on from (when it exists) and to save to, written at once (an
/// unwritable path fails before the first call).
#[pyfunction]
#[pyo3(signature = (client, kind, spec_json, checkpoint=None))]
pub(crate) fn job(client: &Client, kind: &str, spec_json: &str, checkpoint: Option<PathBuf>) -> PyResult<Job> {
    let spec: Value = serde_json::from_str(spec_json).map_err(|e| invalid("options", format!("not JSON: {e}")))?;
    let client = client.current()?;
    let start = || -> Result<Running, zeitkonto::Error> {
        let (mut file, text) = CheckpointFile::open(checkpoint)?;
        let job = client.job_from_json(kind, &spec, text.as_deref())?;
        file.save(&job)?;
        Ok((job, file))
    };
    let running = start().map_err(|e| raise(&e))?;
    let (name, saved) = (running.0.name(), running.1.saved_handle());
    Ok(Job { name, saved, inner: Arc::new(tokio::sync::Mutex::new(running)) })
}

#[pymethods]
impl Job {
    /// The job's stable name: "month_close", "presence_board", "leave_year_report" or
    /// "project_hours".
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// The job's span as the core describes it (`zeitkonto_core::telemetry::job_span`): its name
    /// (`zeitkonto.job month_close`) and attributes (`zeitkonto.job`).
    #[getter]
    fn span(&self, py: Python<'_>) -> PyResult<(String, Py<PyAny>)> {
        let (name, attributes) = zeitkonto_core::telemetry::job_span(self.name);
        Ok((name, canonical(py, &attributes)?))
    }

    /// The next event (a tuple, see `event_to_py`), or None when the job is done; raises
    /// `CoreError` when it stopped. Blocks with the GIL released, interruptible by Ctrl-C.
    /// `trace`: collects the spans of the calls the step makes.
    #[pyo3(signature = (trace=None))]
    fn next(&self, py: Python<'_>, trace: Option<PyRef<'_, Trace>>) -> PyResult<Py<PyAny>> {
        run(py, traced(trace.map(|t| t.sink()), next(self.inner.clone())), step_to_py, || {})
    }

    /// Starts the next step on the runtime; returns its `Pending`. When it is done, `token`
    /// comes out of `wait_completions()`.
    #[pyo3(signature = (token, trace=None))]
    fn next_async(&self, token: u64, trace: Option<PyRef<'_, Trace>>) -> PyResult<Pending> {
        spawn(traced(trace.map(|t| t.sink()), next(self.inner.clone())), step_to_py, token)
    }

    /// (path, calls, eta in ms): the plan from here.
    fn plan(&self) -> PyResult<(&'static str, usize, u64)> {
        let p = self.job()?.plan();
        Ok((p.path, p.calls, p.eta_ms))
    }

    /// (done, total, eta in ms).
    fn progress(&self) -> PyResult<(usize, usize, u64)> {
        let p = self.job()?.progress();
        Ok((p.done, p.total, p.eta_ms))
    }

    /// The checkpoint last saved, as JSON text, to resume from (the calls whose events the
    /// consumer handled).
    fn checkpoint(&self) -> String {
        self.saved.get()
    }

    /// The note kept in the checkpoint.
    fn note(&self) -> PyResult<Option<String>> {
        Ok(self.job()?.note().map(str::to_string))
    }

    /// Keeps the caller's note in the checkpoint.
    #[pyo3(signature = (note=None))]
    fn set_note(&self, note: Option<String>) -> PyResult<()> {
        self.job()?.set_note(note);
        Ok(())
    }

    /// [(what failed, reason)]: e-mails (month close) or call keys (sweeps).
    fn failures(&self) -> PyResult<Vec<(String, String)>> {
        Ok(self.job()?.failures().iter().map(|(k, v)| (k.clone(), v.clone())).collect())
    }

    /// [(department or call key, reason)]: the fallbacks so far.
    fn fallbacks(&self) -> PyResult<Vec<(String, String)>> {
        Ok(self.job()?.fallbacks())
    }
}
