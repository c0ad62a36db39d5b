//! Whole-company jobs for Kotlin and Swift: `ZeitkontoClient.monthClose(...)` gives a
//! [`MonthCloseJob`], `presenceBoard`, `leaveYearReport` and `projectHours` a [`SweepJob`], over
//! the Rust client's jobs (`zeitkonto::jobs`, the core's planners): their plan, their checkpoint,
//! and `next()`, which the hand-written `events()` (Kotlin `Flow`, Swift `AsyncThrowingStream`)
//! pull from.

use std::collections::HashMap;
use std::sync::Arc;

use crate::client::ZeitkontoClient;
use crate::job_events::JobEvent;
use crate::telemetry::JobTrace;
use crate::types::{self, IsoDate, PlatformDuration, PlatformInt};
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

#[uniffi::export]
impl ZeitkontoClient {
    /// The month close for `year` and calendar `month` (1-12): every active employee's monthly
    /// account, one summary call per department of `departments` (ids) or one call per employee.
    /// `checkpoint`: a job's `checkpoint()` to resume from.
    #[uniffi::method(default(departments = [], checkpoint = None))]
    pub fn month_close(
        &self,
        year: PlatformInt,
        month: PlatformInt,
        departments: Vec<String>,
        checkpoint: Option<String>,
    ) -> Result<Arc<MonthCloseJob>, ZeitkontoError> {
        let year = i32::try_from(year.0).map_err(|_| zeitkonto::Error::invalid("year", "out of range"))?;
        let job = self.client().month_close(year, month.0, departments, checkpoint.as_deref())?;
        Ok(Arc::new(MonthCloseJob {
            inner: tokio::sync::Mutex::new(job),
            trace: JobTrace::new(self.tracer(), "month_close"),
        }))
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

impl ZeitkontoClient {
    fn sweep(
        &self,
        name: &'static str,
        job: Result<zeitkonto::jobs::SweepJob, zeitkonto::Error>,
    ) -> Result<Arc<SweepJob>, ZeitkontoError> {
        Ok(Arc::new(SweepJob { inner: tokio::sync::Mutex::new(job?), trace: JobTrace::new(self.tracer(), name) }))
    }
}

#[uniffi::export]
impl ZeitkontoClient {
    /// The presence board of `day` (none: the server's today): every time-tracked employee's
    /// presence in one call, or (when that answer cannot be used) the employee list and one call
    /// per employee. `checkpoint`: a job's `checkpoint()` to resume from.
    #[uniffi::method(default(day = None, checkpoint = None))]
    pub fn presence_board(
        &self,
        day: Option<IsoDate>,
        checkpoint: Option<String>,
    ) -> Result<Arc<SweepJob>, ZeitkontoError> {
        let day = day.map(|d| types::date("day", d)).transpose()?;
        self.sweep("presence_board", self.client().presence_board(day, checkpoint.as_deref()))
    }

    /// The leave-year report of `year`: every leave-managed employee's yearly overview (one call).
    #[uniffi::method(default(checkpoint = None))]
    pub fn leave_year_report(
        &self,
        year: PlatformInt,
        checkpoint: Option<String>,
    ) -> Result<Arc<SweepJob>, ZeitkontoError> {
        self.sweep(
            "leave_year_report",
            self.client().leave_year_report(types::int32("year", year)?, checkpoint.as_deref()),
        )
    }

    /// The project hours from `start` to `end` (both included, any length): the bookings of
    /// `projects` (ids, checked against the company's list: an unknown one is listed in
    /// `failures()` without a call; empty: every top-level project), asked as the project manager `email`, in
    /// pieces of at most 31 days.
    #[uniffi::method(default(projects = [], checkpoint = None))]
    pub fn project_hours(
        &self,
        email: String,
        start: IsoDate,
        end: IsoDate,
        projects: Vec<String>,
        checkpoint: Option<String>,
    ) -> Result<Arc<SweepJob>, ZeitkontoError> {
        let (start, end) = (types::date("start", start)?, types::date("end", end)?);
        self.sweep("project_hours", self.client().project_hours(&email, start, end, projects, checkpoint.as_deref()))
    }
}

job_methods!(
    SweepJob,
    "The next event; `null`/`nil` when the job is done; throws when it stopped on what makes going on \
     pointless (the key refused, the company inactive, the list it plans from failing).",
    "Calls that failed so far: the call's key to why.",
    |job| job.failures()
);
