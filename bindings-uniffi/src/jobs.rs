//! Whole-company jobs for Kotlin and Swift: `ZeitkontoClient.monthClose(...)` gives a
//! [`MonthCloseJob`], `presenceBoard`, `leaveYearReport` and `projectHours` a [`SweepJob`] (those
//! methods are generated from the core's declaration: `job_entries.rs`), over the Rust client's
//! jobs (`zeitkonto::jobs`, the core's planners): their plan, their checkpoint, and `next()`, which
//! the hand-written `events()` (Kotlin `Flow`, Swift `AsyncThrowingStream`) pull from.

use std::collections::HashMap;
use std::sync::Arc;

use crate::client::ZeitkontoClient;
use crate::job_events::JobEvent;
use crate::telemetry::JobTrace;
use crate::types::{PlatformDuration, PlatformInt};
use crate::ZeitkontoError;

/// The plan, stated before running.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct JobPlan {
    /// "departments" (one summary per department), "employees" (one call per employee), "company"
    /// (one company-wide call) or "projects" (per project and piece of the range).
    pub path: String,
    /// Calls the job expects to make.
    pub calls: PlatformInt,
    /// The time the rate limit makes them take.
    pub eta: PlatformDuration,
}

fn plan(p: zeitkonto_core::jobs::Plan) -> JobPlan {
    JobPlan { path: p.path.to_string(), calls: PlatformInt(p.calls as i64), eta: millis(p.eta_ms) }
}

/// The methods both job objects export (uniffi objects cannot be generic): `next`, `plan`,
/// `checkpoint`, `failures` over the Rust job in `inner`. The docs of `next` and `failures`, and
/// `failures` itself (the job to its failure map), differ per job.
macro_rules! job_methods {
    ($object:ident, $next_doc:literal, $failures_doc:literal, |$job:ident| $failures:expr) => {
        #[uniffi::export(async_runtime = "tokio")]
        impl $object {
            #[doc = $next_doc]
            pub async fn next(&self) -> Result<Option<JobEvent>, ZeitkontoError> {
                let mut job = self.inner.lock().await;
                let event = zeitkonto::with_spans(self.trace.as_ref().map(|t| t.sink()), job.next()).await;
                // The job's span ends with the job: done, or stopped on a failure.
                if let Some(t) = &self.trace {
                    match &event {
                        None => t.end(None),
                        Some(Err(e)) => t.end(Some(e)),
                        Some(Ok(_)) => {}
                    }
                }
                event.transpose().map(|e| e.map(JobEvent::from)).map_err(Into::into)
            }

            /// The plan from here.
            pub async fn plan(&self) -> JobPlan {
                plan(self.inner.lock().await.plan())
            }

            /// The job's state as JSON, to resume from.
            pub async fn checkpoint(&self) -> String {
                self.inner.lock().await.checkpoint()
            }

            #[doc = $failures_doc]
            pub async fn failures(&self) -> HashMap<String, String> {
                let $job = self.inner.lock().await;
                $failures.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
            }
        }
    };
}

/// A running month close. Pull with `next()` (or `events()`); `checkpoint()` is its state, to
/// resume with `monthClose(..., checkpoint)`.
#[derive(uniffi::Object)]
pub struct MonthCloseJob {
    inner: tokio::sync::Mutex<zeitkonto::jobs::MonthCloseJob>,
    trace: Option<Arc<JobTrace>>,
}

fn millis(ms: u64) -> PlatformDuration {
    PlatformDuration(ms as f64)
}

impl ZeitkontoClient {
    /// The job `kind` with its arguments as the core reads them (`zeitkonto_core::jobs::JobSpec`:
    /// checked there, for every language), resumed from `checkpoint` when given; with this
    /// client's tracer, its span. The entry points (`job_entries.rs`) are generated.
    pub(crate) fn start_job(
        &self,
        kind: &'static str,
        spec: &serde_json::Value,
        checkpoint: Option<String>,
    ) -> Result<(zeitkonto::jobs::Job, Option<Arc<JobTrace>>), ZeitkontoError> {
        let job = self.client().job_from_json(kind, spec, checkpoint.as_deref())?;
        Ok((job, JobTrace::new(self.tracer(), kind)))
    }
}

impl MonthCloseJob {
    /// The job object of a month close that `start_job` started.
    pub(crate) fn over(
        (job, trace): (zeitkonto::jobs::Job, Option<Arc<JobTrace>>),
    ) -> Result<Arc<MonthCloseJob>, ZeitkontoError> {
        match job {
            zeitkonto::jobs::Job::MonthClose(job) => {
                Ok(Arc::new(MonthCloseJob { inner: tokio::sync::Mutex::new(job), trace }))
            }
            zeitkonto::jobs::Job::Sweep(_) => Err(zeitkonto::Error::invalid("kind", "not a month close").into()),
        }
    }
}

job_methods!(
    MonthCloseJob,
    "The next event; `null`/`nil` when the job is done; throws when it stopped on what makes going on \
     pointless (the key refused, the company inactive).",
    "Employees whose own call failed so far: the e-mail to why (a resumed job asks them again).",
    |job| job.machine().failures()
);

/// A running presence board, leave-year report or project-hours report. Pull with `next()` (or
/// `events()`); `checkpoint()` is its state, to resume by passing it to the same call again.
#[derive(uniffi::Object)]
pub struct SweepJob {
    inner: tokio::sync::Mutex<zeitkonto::jobs::SweepJob>,
    trace: Option<Arc<JobTrace>>,
}

impl SweepJob {
    /// The job object of a sweep that `start_job` started.
    pub(crate) fn over(
        (job, trace): (zeitkonto::jobs::Job, Option<Arc<JobTrace>>),
    ) -> Result<Arc<SweepJob>, ZeitkontoError> {
        match job {
            zeitkonto::jobs::Job::Sweep(job) => Ok(Arc::new(SweepJob { inner: tokio::sync::Mutex::new(job), trace })),
            zeitkonto::jobs::Job::MonthClose(_) => Err(zeitkonto::Error::invalid("kind", "not a sweep").into()),
        }
    }
}

job_methods!(
    SweepJob,
    "The next event; `null`/`nil` when the job is done; throws when it stopped on what makes going on \
     pointless (the key refused, the company inactive, the list it plans from failing).",
    "Calls that failed so far: the call's key to why.",
    |job| job.failures()
);
