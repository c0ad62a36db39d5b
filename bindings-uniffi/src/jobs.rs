//! Whole-company jobs for Kotlin and Swift: `ZeitkontoClient.monthClose(...)` gives a
//! [`MonthCloseJob`] over the Rust client's job (`zeitkonto::jobs`, the core's planner): its plan,
//! its checkpoint, and `next()`, which the hand-written `events()` (Kotlin `Flow`, Swift
//! `AsyncThrowingStream`) pull from.

use std::sync::Arc;

use crate::client::ZeitkontoClient;
use crate::models::MonthlyAccount;
use crate::types::{PlatformDuration, PlatformInt};
use crate::ZeitkontoError;

/// The plan, stated before running.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct JobPlan {
    /// "departments" (one summary per department) or "employees" (one account per employee).
    pub path: String,
    /// Calls the job expects to make.
    pub calls: PlatformInt,
    /// The time the rate limit makes them take.
    pub eta: PlatformDuration,
}

/// What a job reports (the same events as Python's and Rust's).
#[derive(Debug, Clone, uniffi::Enum)]
#[allow(clippy::large_enum_variant)] // crosses to Kotlin/Swift by value, one at a time
pub enum JobEvent {
    /// After every call: calls done and total (as far as known), the time the rest takes.
    Progress {
        /// Calls finished.
        done: PlatformInt,
        /// Calls the job needs as far as it knows now.
        total: PlatformInt,
        /// The time the rest takes at the rate limit.
        eta: PlatformDuration,
    },
    /// One employee's monthly account.
    Account {
        /// The e-mail (empty for someone a summary lists who is not in the active list).
        employee: String,
        /// The account, as `timeAccount` returns it.
        account: MonthlyAccount,
        /// "department_month_employees:<id>" or "time_account".
        source: String,
    },
    /// One employee's account failed; the job went on.
    EmployeeFailure {
        /// The e-mail.
        employee: String,
        /// Why.
        error: ZeitkontoError,
    },
    /// A department's summary could not be used: its employees got calls of their own.
    DepartmentFallback {
        /// The department id.
        department: String,
        /// Why.
        reason: String,
    },
}

/// A running month close. Pull with `next()` (or `events()`); `checkpoint()` is its state, to
/// resume with `monthClose(..., checkpoint)`.
#[derive(uniffi::Object)]
pub struct MonthCloseJob {
    inner: tokio::sync::Mutex<zeitkonto::jobs::MonthCloseJob>,
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
        Ok(Arc::new(MonthCloseJob { inner: tokio::sync::Mutex::new(job) }))
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl MonthCloseJob {
    /// The next event; `null`/`nil` when the job is done; throws when it stopped on what makes
    /// going on pointless (the key refused, the company inactive).
    pub async fn next(&self) -> Result<Option<JobEvent>, ZeitkontoError> {
        use zeitkonto::jobs::JobEvent as E;
        let mut job = self.inner.lock().await;
        Ok(match job.next().await {
            None => None,
            Some(Err(e)) => return Err(e.into()),
            Some(Ok(E::Progress(p))) => Some(JobEvent::Progress {
                done: PlatformInt(p.done as i64),
                total: PlatformInt(p.total as i64),
                eta: millis(p.eta_ms),
            }),
            Some(Ok(E::Account(row))) => {
                Some(JobEvent::Account { employee: row.employee, account: row.account.into(), source: row.source })
            }
            Some(Ok(E::EmployeeFailure { employee, error })) => {
                Some(JobEvent::EmployeeFailure { employee, error: error.into() })
            }
            Some(Ok(E::DepartmentFallback(f))) => {
                Some(JobEvent::DepartmentFallback { department: f.department, reason: f.reason })
            }
        })
    }

    /// The plan from here.
    pub async fn plan(&self) -> JobPlan {
        let p = self.inner.lock().await.plan();
        JobPlan { path: p.path.to_string(), calls: PlatformInt(p.calls as i64), eta: millis(p.eta_ms) }
    }

    /// The job's state as JSON, to resume from.
    pub async fn checkpoint(&self) -> String {
        self.inner.lock().await.checkpoint()
    }
}
