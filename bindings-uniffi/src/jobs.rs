//! Whole-company jobs for Kotlin and Swift: `ZeitkontoClient.monthClose(...)` gives a
//! [`MonthCloseJob`], `presenceBoard`, `leaveYearReport` and `projectHours` a [`SweepJob`] (those
//! methods are generated from the core's declaration: `job_entries.rs`), over the Rust client's
//! jobs (`zeitkonto::jobs`, the core's planners): their plan, their checkpoint, and `next()`, which
//! the hand-written `events()` (Kotlin `Flow`, Swift `AsyncThrowingStream`) pull from.

use std::collections::HashMap;
use std::sync::Arc;

use zeitkonto::jobs::Job;

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

/// Each job object (uniffi objects cannot be generic): the struct over the Rust job of `$variant`,
/// its `over` (the object a `start_job` started), and `next`, `plan`, `checkpoint`, `failures`.
/// The docs, the refusal of another kind and `failures` itself (the job to its failure map) differ.
macro_rules! job_object {
    ($(#[$doc:meta])* $object:ident, $variant:ident, $not:literal, $next_doc:literal, $failures_doc:literal,
     |$job:ident| $failures:expr) => {
        $(#[$doc])*
        #[derive(uniffi::Object)]
        pub struct $object {
            inner: tokio::sync::Mutex<zeitkonto::jobs::$object>,
            trace: Option<Arc<JobTrace>>,
            one_loop: zeitkonto::jobs::OneLoop,
        }

        impl $object {
            /// The job object of the job that `start_job` started.
            pub(crate) fn over((job, trace): (Job, Option<Arc<JobTrace>>)) -> Result<Arc<$object>, ZeitkontoError> {
                match job {
                    Job::$variant(job) => {
                        Ok(Arc::new($object { inner: tokio::sync::Mutex::new(job), trace, one_loop: Default::default() }))
                    }
                    _ => Err(zeitkonto::Error::invalid("kind", $not).into()),
                }
            }
        }

        #[uniffi::export(async_runtime = "tokio")]
        impl $object {
            #[doc = $next_doc]
            pub async fn next(&self) -> Result<Option<JobEvent>, ZeitkontoError> {
                let _one = self.one_loop.enter()?;
                let mut job = self.inner.lock().await;
                let event = zeitkonto::with_spans(self.trace.as_ref().map(|t| t.sink()), job.next()).await;
                // The job's span ends with the job: done, or stopped on a failure.
                if let (Some(t), None | Some(Err(_))) = (&self.trace, &event) {
                    t.end(event.as_ref().and_then(|e| e.as_ref().err()));
                }
                event.transpose().map(|e| e.map(JobEvent::from)).map_err(Into::into)
            }

            /// The plan from here.
            pub async fn plan(&self) -> JobPlan {
                let p = self.inner.lock().await.plan();
                JobPlan { path: p.path.to_string(), calls: PlatformInt(p.calls as i64), eta: PlatformDuration(p.eta_ms as f64) }
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

impl ZeitkontoClient {
    /// The job `kind` with its arguments as the core reads them (`zeitkonto_core::jobs::JobSpec`:
    /// checked there, for every language), resumed from `checkpoint` when given; with this
    /// client's tracer, its span. The entry points (`job_entries.rs`) are generated.
    pub(crate) fn start_job(
        &self,
        kind: &'static str,
        spec: &serde_json::Value,
        checkpoint: Option<String>,
    ) -> Result<(Job, Option<Arc<JobTrace>>), ZeitkontoError> {
        let job = self.inner.job_from_json(kind, spec, checkpoint.as_deref())?;
        Ok((job, JobTrace::new(self.tracer.clone(), kind)))
    }
}

job_object!(
    /// A running month close. Pull with `next()` (or `events()`); `checkpoint()` is its state, to
    /// resume with `monthClose(..., checkpoint)`.
    MonthCloseJob,
    MonthClose,
    "not a month close",
    "The next event; `null`/`nil` when the job is done; throws when it stopped on what makes going on \
     pointless (the key refused, the company inactive).",
    "Employees whose own call failed so far: the e-mail to why (a resumed job asks them again).",
    |job| job.machine().failures()
);

job_object!(
    /// A running presence board, leave-year report or project-hours report. Pull with `next()` (or
    /// `events()`); `checkpoint()` is its state, to resume by passing it to the same call again.
    SweepJob,
    Sweep,
    "not a sweep",
    "The next event; `null`/`nil` when the job is done; throws when it stopped on what makes going on \
     pointless (the key refused, the company inactive, the list it plans from failing).",
    "Calls that failed so far: the call's key to why.",
    |job| job.failures()
);
