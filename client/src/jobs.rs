//! Whole-company jobs over the one driver: [`Client::month_close`] runs the core's planner
//! (`zeitkonto_core::jobs::MonthClose`) with this client's calls, as a stream of [`JobEvent`]s.
//!
//! ```no_run
//! # async fn f(client: zeitkonto::Client) -> Result<(), zeitkonto::Error> {
//! use zeitkonto::jobs::JobEvent;
//! let mut job = client.month_close(2026, 3, vec!["SALES".into(), "ENG".into()], None)?;
//! println!("{:?}", job.plan());
//! while let Some(event) = job.next().await {
//!     match event? {
//!         JobEvent::Account(row) => println!("{} {:?}", row.employee, row.account.balance),
//!         JobEvent::EmployeeFailure { employee, error } => eprintln!("{employee}: {error}"),
//!         _ => {}
//!     }
//! }
//! let checkpoint = job.checkpoint(); // resume later with Client::month_close(.., Some(&checkpoint))
//! # Ok(()) }
//! ```

use std::collections::VecDeque;

use zeitkonto_core::jobs::{FailureAction, Fallback, JobCall, MonthClose, Person, Plan, Progress, SummaryMatch};
use zeitkonto_core::{Error, Month, MonthlyAccount};

use crate::Client;

/// One employee's monthly account, and the call that produced it.
#[derive(Debug, Clone, PartialEq)]
pub struct AccountRow {
    /// The e-mail (empty for someone a department summary lists who is not in the active list).
    pub employee: String,
    /// The account, as `time_account` returns it.
    pub account: MonthlyAccount,
    /// `"department_month_employees:<id>"` or `"time_account"`.
    pub source: String,
}

/// What a job reports.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)] // one event at a time, handed over: boxing buys nothing
pub enum JobEvent {
    /// After every call: done, total, the time the rest takes.
    Progress(Progress),
    /// An account.
    Account(AccountRow),
    /// One employee's account failed; the job went on.
    EmployeeFailure {
        /// The e-mail.
        employee: String,
        /// Why.
        error: Error,
    },
    /// A department's summary could not be used: its employees get calls of their own.
    DepartmentFallback(Fallback),
}

/// A running month close (see the module docs; it holds a clone of the client: the same driver,
/// limiter and connections). Pull events with [`MonthCloseJob::next`] or turn
/// it into a `Stream` with [`MonthCloseJob::into_stream`].
pub struct MonthCloseJob {
    client: Client,
    machine: MonthClose,
    month: Month,
    queue: VecDeque<JobEvent>,
    failed: bool,
}

impl Client {
    /// The month close for `year` and calendar `month` (1-12): every active employee's monthly
    /// account, with one summary call per department of `departments` (ids) or one call per
    /// employee without. `checkpoint`: a [`MonthCloseJob::checkpoint`] to resume from.
    pub fn month_close(
        &self,
        year: i32,
        month: i64,
        departments: Vec<String>,
        checkpoint: Option<&str>,
    ) -> Result<MonthCloseJob, Error> {
        let fresh = MonthClose::new(year, month, departments.clone())?;
        let machine = match checkpoint {
            Some(text) => MonthClose::resume(text, Some((year, month, &departments)))?,
            None => fresh,
        };
        let month = Month::from_number(month).ok_or_else(|| Error::invalid("month", "1-12"))?;
        Ok(MonthCloseJob { client: self.clone(), machine, month, queue: VecDeque::new(), failed: false })
    }
}

impl MonthCloseJob {
    /// The plan from here (before the first call: the whole job).
    pub fn plan(&self) -> Plan {
        self.machine.plan()
    }

    /// The state as JSON, to resume from.
    pub fn checkpoint(&self) -> String {
        self.machine.checkpoint()
    }

    /// The planner, to read failures and fallbacks so far.
    pub fn machine(&self) -> &MonthClose {
        &self.machine
    }

    /// The next event; `None` when the job is done; an `Err` (once) when it stopped on a fatal
    /// failure (the key refused, the company inactive, the employee list failing).
    pub async fn next(&mut self) -> Option<Result<JobEvent, Error>> {
        if let Some(e) = self.queue.pop_front() {
            return Some(Ok(e));
        }
        if self.failed {
            return None;
        }
        let call = self.machine.next_call()?;
        let (year, month) = (self.machine.year(), self.month);
        let outcome = match &call {
            JobCall::Employees => self.client.employees().await.map(|list| {
                let people = list
                    .into_iter()
                    .filter_map(|e| {
                        let name = format!(
                            "{} {}",
                            e.given_name.as_deref().unwrap_or(""),
                            e.last_name.as_deref().unwrap_or("")
                        );
                        e.email.map(|email| Person { email, name: name.trim().to_string() })
                    })
                    .collect();
                self.machine.employees_listed(people);
            }),
            JobCall::Department(d) => self.client.department_month_employees(d, year, month).await.map(|accounts| {
                let names: Vec<String> = accounts.iter().map(|a| a.name.clone().unwrap_or_default()).collect();
                let matches = self.machine.department_answered(d, &names);
                for (account, m) in accounts.into_iter().zip(matches) {
                    let employee = match m {
                        SummaryMatch::Covered(e) => e,
                        SummaryMatch::Unlisted => String::new(),
                        SummaryMatch::Skip => continue,
                    };
                    let source = format!("department_month_employees:{d}");
                    self.queue.push_back(JobEvent::Account(AccountRow { employee, account, source }));
                }
            }),
            JobCall::Employee(email) => self.client.time_account(email, year, month).await.map(|account| {
                self.machine.employee_answered(email);
                let row = AccountRow { employee: email.clone(), account, source: "time_account".into() };
                self.queue.push_back(JobEvent::Account(row));
            }),
        };
        if let Err(error) = outcome {
            let code = match &error {
                Error::Api { code, .. } => Some(*code),
                _ => None,
            };
            match self.machine.call_failed(&call, error.kind(), code) {
                FailureAction::Fatal => {
                    self.failed = true;
                    return Some(Err(error));
                }
                FailureAction::FallBack => {
                    if let Some(f) = self.machine.fallbacks().last() {
                        self.queue.push_back(JobEvent::DepartmentFallback(f.clone()));
                    }
                }
                FailureAction::EmployeeFailed => {
                    let employee = match &call {
                        JobCall::Employee(e) => e.clone(),
                        _ => String::new(),
                    };
                    self.queue.push_back(JobEvent::EmployeeFailure { employee, error });
                }
            }
        }
        // Progress first, then the call's rows.
        self.queue.push_front(JobEvent::Progress(self.machine.progress()));
        self.queue.pop_front().map(Ok)
    }

    /// The job as a `Stream` of events.
    pub fn into_stream(self) -> impl futures_core::Stream<Item = Result<JobEvent, Error>> {
        futures_util::stream::unfold(self, |mut job| async move { job.next().await.map(|e| (e, job)) })
    }
}
