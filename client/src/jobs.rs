//! Whole-company jobs over the one driver: [`Client::month_close`] runs the core's planner
//! (`zeitkonto_core::jobs::MonthClose`) with this client's calls, as a stream of [`JobEvent`]s;
//! [`Client::presence_board`], [`Client::leave_year_report`] and [`Client::project_hours`] run the
//! core's sweep planner (`zeitkonto_core::jobs::Sweep`) the same way ([`SweepJob`]).
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

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use zeitkonto_core::jobs::{
    FailureAction, JobCall, MonthClose, Person, Plan, Progress, SummaryMatch, Sweep, SweepAction, SweepCall,
};
use zeitkonto_core::{Date, Error, Month};

/// What a job is asked, checked by the core (one entry for every job: [`Client::job`]).
pub use zeitkonto_core::jobs::JobSpec;

use crate::Client;

mod events;
pub use events::{AccountRow, BookingRow, EventValue, JobEvent, LeaveRow, PresenceRow};

fn api_code(error: &Error) -> Option<i64> {
    match error {
        Error::Api { code, .. } => Some(*code),
        _ => None,
    }
}

/// What both jobs' drivers share: the events of the call in hand, the planner as it was before
/// that call, and whether the job stopped. A call counts as finished once its events were all
/// handed over and the consumer asked for the next one; until then the checkpoint is `before`'s,
/// and a job resumed from it makes that call again (at least once: a row is never lost, and may
/// come twice). The same rule in every language.
struct Handover<M> {
    before: Option<M>,
    queue: VecDeque<JobEvent>,
    failed: bool,
}

impl<M: Clone> Handover<M> {
    fn new() -> Handover<M> {
        Handover { before: None, queue: VecDeque::new(), failed: false }
    }

    /// An event to hand over (`Some(Some(..))`), the end of a stopped job (`Some(None)`), or
    /// `None`: the consumer asks for more after every event of the last call, which is finished,
    /// and the next call is to be made (a fatal one is not finished: `failed`, `before` kept).
    fn ready(&mut self) -> Option<Option<Result<JobEvent, Error>>> {
        if let Some(e) = self.queue.pop_front() {
            return Some(Some(Ok(e)));
        }
        if self.failed {
            return Some(None);
        }
        self.before = None;
        None
    }

    /// The consumer handled every event handed over so far (and asks for more): the call in hand
    /// is finished, as `ready` finds before the next call. A stopped job keeps `before`.
    fn settle(&mut self) {
        if self.queue.is_empty() && !self.failed {
            self.before = None;
        }
    }

    /// The planner as it is before the call about to be made.
    fn begin(&mut self, machine: &M) {
        self.before = Some(machine.clone());
    }

    /// The job stopped on `error` (handed over once).
    fn stop(&mut self, error: Error) -> Option<Result<JobEvent, Error>> {
        self.failed = true;
        Some(Err(error))
    }

    /// The call's events are queued: its progress goes first; the first of them.
    fn finish(&mut self, progress: Progress) -> Option<Result<JobEvent, Error>> {
        self.queue.push_front(JobEvent::Progress(progress));
        self.queue.pop_front().map(Ok)
    }
}

/// A running month close (see the module docs; it holds a clone of the client: the same driver,
/// limiter and connections). Pull events with [`MonthCloseJob::next`] or turn it into a `Stream`
/// with [`MonthCloseJob::into_stream`] (or borrow one with [`MonthCloseJob::stream`], to
/// checkpoint after stopping early).
pub struct MonthCloseJob {
    client: Client,
    machine: MonthClose,
    month: Month,
    events: Handover<MonthClose>,
    span: JobSpan,
}

/// With the `tracing` feature, a job is a `tracing` span (`zeitkonto.job`, named by the core's
/// `job_span`), the parent of its calls' spans; it ends when the job is dropped.
#[derive(Clone)]
struct JobSpan(#[cfg(feature = "tracing")] tracing::Span);

impl JobSpan {
    fn new(job: &str) -> JobSpan {
        #[cfg(feature = "tracing")]
        {
            let (name, _) = zeitkonto_core::telemetry::job_span(job);
            JobSpan(
                tracing::info_span!(target: "zeitkonto", "zeitkonto.job", otel.name = name.as_str(), zeitkonto.job = job),
            )
        }
        #[cfg(not(feature = "tracing"))]
        {
            let _ = job;
            JobSpan()
        }
    }

    /// `step` run inside the job's span.
    async fn within<T>(&self, step: impl std::future::Future<Output = T>) -> T {
        #[cfg(feature = "tracing")]
        return tracing::Instrument::instrument(step, self.0.clone()).await;
        #[cfg(not(feature = "tracing"))]
        step.await
    }
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
        let spec = JobSpec::MonthClose { year, month, departments };
        match self.job(&spec, checkpoint)? {
            Job::MonthClose(job) => Ok(job),
            Job::Sweep(_) => Err(Error::invalid("kind", "not a month close")),
        }
    }

    /// The job `kind` with its arguments as JSON by their camelCase names, as a binding hands them
    /// over ([`JobSpec::from_json`] reads and checks them; `limitPerMinute`, what the estimates
    /// assume, among them); `checkpoint`: the job's checkpoint to resume from.
    pub fn job_from_json(&self, kind: &str, spec: &serde_json::Value, checkpoint: Option<&str>) -> Result<Job, Error> {
        let job_spec = JobSpec::from_json(kind, spec).map_err(|e| self.context().redact_error(e))?;
        let mut job = self.job(&job_spec, checkpoint)?;
        if let Some(limit) = zeitkonto_core::jobs::limit_per_minute(spec)? {
            job.set_limit_per_minute(limit);
        }
        Ok(job)
    }

    /// The job `spec` asks (read from its arguments with [`JobSpec::from_json`]: one entry for
    /// every job, for a binding that hands its language one job type); `checkpoint`: the job's
    /// checkpoint to resume from.
    pub fn job(&self, spec: &JobSpec, checkpoint: Option<&str>) -> Result<Job, Error> {
        // A refusal that quotes a value (a key passed as the e-mail) shows none of the keys.
        let mut job = self.start_job(spec, checkpoint).map_err(|e| self.context().redact_error(e))?;
        // The estimates assume this client's rate limit (at most the API's 60 a minute).
        job.set_limit_per_minute(self.limiter().per_minute());
        Ok(job)
    }

    fn start_job(&self, spec: &JobSpec, checkpoint: Option<&str>) -> Result<Job, Error> {
        let span = JobSpan::new(spec.name());
        // Whose the job is: a checkpoint of another key or service is refused.
        let context = self.context();
        let owner = context.api_key().ok().map(|key| zeitkonto_core::jobs::owner_of(context.base_url(), key.expose()));
        if let (Some(mut machine), JobSpec::MonthClose { month, .. }) = (spec.month_close(checkpoint)?, spec) {
            if let Some(owner) = &owner {
                machine.claim(owner)?;
            }
            let month = Month::from_number(*month).ok_or_else(|| Error::invalid("month", "1-12"))?;
            let events = Handover::new();
            return Ok(Job::MonthClose(MonthCloseJob { client: self.clone(), machine, month, events, span }));
        }
        let mut machine = spec.sweep(checkpoint)?.ok_or_else(|| Error::invalid("kind", "no machine for this job"))?;
        if let Some(owner) = &owner {
            machine.claim(owner)?;
        }
        Ok(Job::Sweep(SweepJob { client: self.clone(), machine, events: Handover::new(), span }))
    }
}

impl MonthCloseJob {
    /// The plan from here (before the first call: the whole job).
    pub fn plan(&self) -> Plan {
        self.machine.plan()
    }

    /// The state as JSON, to resume from: at least once (see `Handover`): a job stopped while its
    /// consumer handled a call's events makes that call again on resume.
    pub fn checkpoint(&self) -> String {
        self.events.before.as_ref().unwrap_or(&self.machine).checkpoint()
    }

    /// The planner, to read failures and fallbacks so far.
    pub fn machine(&self) -> &MonthClose {
        &self.machine
    }

    /// The next event; `None` when the job is done; an `Err` (once) when it stopped on a fatal
    /// failure (the key refused, the company inactive, the employee list failing).
    pub async fn next(&mut self) -> Option<Result<JobEvent, Error>> {
        let span = self.span.clone();
        span.within(self.step()).await
    }

    async fn step(&mut self) -> Option<Result<JobEvent, Error>> {
        if let Some(ready) = self.events.ready() {
            return ready;
        }
        let call = self.machine.next_call()?;
        self.events.begin(&self.machine);
        let (year, month) = (self.machine.year(), self.month);
        let outcome = match &call {
            JobCall::Employees => self.client.employees().await.map(|list| {
                let people = list
                    .iter()
                    .filter_map(|e| Person::of(e.email.as_deref(), e.given_name.as_deref(), e.last_name.as_deref()))
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
                    self.events.queue.push_back(JobEvent::Account(AccountRow { employee, account, source }));
                }
            }),
            JobCall::Employee(email) => self.client.time_account(email, year, month).await.map(|account| {
                self.machine.employee_answered(email);
                let row = AccountRow { employee: email.clone(), account, source: "time_account".into() };
                self.events.queue.push_back(JobEvent::Account(row));
            }),
        };
        if let Err(error) = outcome {
            match self.machine.call_failed(&call, error.kind(), api_code(&error)) {
                FailureAction::Fatal => return self.events.stop(error),
                FailureAction::FallBack => {
                    if let Some(f) = self.machine.fallbacks().last() {
                        self.events.queue.push_back(JobEvent::DepartmentFallback(f.clone()));
                    }
                }
                FailureAction::EmployeeFailed => {
                    let employee = match &call {
                        JobCall::Employee(e) => e.clone(),
                        _ => String::new(),
                    };
                    self.events.queue.push_back(JobEvent::EmployeeFailure { employee, error });
                }
            }
        }
        self.events.finish(self.machine.progress())
    }

    /// The job as a `Stream` of events (it takes the job: to checkpoint after stopping early, use
    /// [`Self::stream`]).
    pub fn into_stream(self) -> impl futures_core::Stream<Item = Result<JobEvent, Error>> {
        futures_util::stream::unfold(self, |mut job| async move { job.next().await.map(|e| (e, job)) })
    }

    /// The job's events as a `Stream` that borrows the job: once it is dropped (a `break`, a
    /// timeout) the job is there again for its `checkpoint()`, `progress()` or more events.
    pub fn stream(&mut self) -> impl futures_core::Stream<Item = Result<JobEvent, Error>> + '_ {
        futures_util::stream::unfold(self, |job| async move { job.next().await.map(|e| (e, job)) })
    }
}

/// A running presence board, leave-year report or project-hours report (the core's
/// `zeitkonto_core::jobs::Sweep`: which calls, in which order, what a failure means). Pull events
/// with [`SweepJob::next`] or turn it into a `Stream` with [`SweepJob::into_stream`] (or borrow
/// one with [`SweepJob::stream`]); it holds a clone of the client (the same driver, limiter and
/// connections).
pub struct SweepJob {
    client: Client,
    machine: Sweep,
    events: Handover<Sweep>,
    span: JobSpan,
}

impl Client {
    fn sweep(&self, spec: JobSpec, checkpoint: Option<&str>) -> Result<SweepJob, Error> {
        match self.job(&spec, checkpoint)? {
            Job::Sweep(job) => Ok(job),
            Job::MonthClose(_) => Err(Error::invalid("kind", "not a sweep")),
        }
    }

    /// The presence board of `day` (none: the server's today): every time-tracked employee's
    /// presence in one call, or (when that answer cannot be used) the employee list and one call
    /// per employee. `checkpoint`: a [`SweepJob::checkpoint`] to resume from.
    pub fn presence_board(&self, day: Option<Date>, checkpoint: Option<&str>) -> Result<SweepJob, Error> {
        self.sweep(JobSpec::PresenceBoard { day }, checkpoint)
    }

    /// The leave-year report of `year`: every leave-managed employee's yearly overview (one call).
    pub fn leave_year_report(&self, year: i32, checkpoint: Option<&str>) -> Result<SweepJob, Error> {
        self.sweep(JobSpec::LeaveYearReport { year }, checkpoint)
    }

    /// The project hours from `start` to `end` (both included, any length): the bookings of
    /// `projects` (ids, checked against the company's list: an unknown one is listed in
    /// [`SweepJob::failures`] without a call; empty: every top-level project of the list), asked as the project
    /// manager `email`, in pieces of at most 31 days.
    pub fn project_hours(
        &self,
        email: &str,
        start: Date,
        end: Date,
        projects: Vec<String>,
        checkpoint: Option<&str>,
    ) -> Result<SweepJob, Error> {
        self.sweep(JobSpec::ProjectHours { email: email.to_string(), start, end, projects }, checkpoint)
    }
}

impl SweepJob {
    /// The plan from here (before the first call: the whole job as far as it is known).
    pub fn plan(&self) -> Plan {
        self.machine.plan()
    }

    /// The state as JSON, to resume from (at least once, as [`MonthCloseJob::checkpoint`]).
    pub fn checkpoint(&self) -> String {
        self.events.before.as_ref().unwrap_or(&self.machine).checkpoint()
    }

    /// The planner, to read failures and fallbacks so far.
    pub fn machine(&self) -> &Sweep {
        &self.machine
    }

    /// Calls that failed so far (by key), with why.
    pub fn failures(&self) -> &BTreeMap<String, String> {
        self.machine.failures()
    }

    /// Makes `call` and queues its rows (or notes the list it answered).
    async fn run(&mut self, call: &SweepCall) -> Result<(), Error> {
        let source = call.key();
        match call {
            SweepCall::Presence { day, email } => {
                let report = self.client.presence(email.as_deref(), *day).await?;
                self.machine.answered(call);
                for entry in report.info {
                    self.events.queue.push_back(JobEvent::Presence(PresenceRow { entry, source: source.clone() }));
                }
            }
            SweepCall::Employees => {
                let list = self.client.employees().await?;
                self.machine.employees_listed(list.into_iter().filter_map(|e| e.email).collect());
            }
            SweepCall::LeaveYear { year } => {
                let overview = self.client.leave_year(*year).await?;
                self.machine.answered(call);
                let legend = Arc::new(overview.legend);
                for entry in overview.employees {
                    let row = LeaveRow { entry, legend: legend.clone(), source: source.clone() };
                    self.events.queue.push_back(JobEvent::Leave(row));
                }
            }
            SweepCall::Projects { email } => {
                let report = self.client.projects(email).await?;
                self.machine.projects_answered(&report.projects);
            }
            SweepCall::ProjectBookings { email, uuid, start, end } => {
                let report = self.client.project_bookings(email, uuid, *start, *end).await?;
                self.machine.answered(call);
                for entry in report.entries {
                    let row = BookingRow { project: uuid.clone(), entry, source: source.clone() };
                    self.events.queue.push_back(JobEvent::Booking(row));
                }
            }
        }
        Ok(())
    }

    /// The next event; `None` when the job is done; an `Err` (once) when it stopped on what makes
    /// going on pointless (the key refused, the company inactive, a missing module, the list it
    /// plans from failing).
    pub async fn next(&mut self) -> Option<Result<JobEvent, Error>> {
        let span = self.span.clone();
        span.within(self.step()).await
    }

    async fn step(&mut self) -> Option<Result<JobEvent, Error>> {
        if let Some(ready) = self.events.ready() {
            return ready;
        }
        let call = self.machine.next_call()?;
        self.events.begin(&self.machine);
        if let Err(error) = self.run(&call).await {
            match self.machine.call_failed(&call, error.kind(), api_code(&error)) {
                SweepAction::Fatal => return self.events.stop(error),
                SweepAction::FallBack => {
                    if let Some(f) = self.machine.fallbacks().last() {
                        self.events.queue.push_back(JobEvent::Fallback(f.clone()));
                    }
                }
                SweepAction::Failed => self.events.queue.push_back(JobEvent::CallFailure { call: call.key(), error }),
            }
        }
        self.events.finish(self.machine.progress())
    }

    /// The job as a `Stream` of events (it takes the job: to checkpoint after stopping early, use
    /// [`Self::stream`]).
    pub fn into_stream(self) -> impl futures_core::Stream<Item = Result<JobEvent, Error>> {
        futures_util::stream::unfold(self, |mut job| async move { job.next().await.map(|e| (e, job)) })
    }

    /// The job's events as a `Stream` that borrows the job: once it is dropped (a `break`, a
    /// timeout) the job is there again for its `checkpoint()`, `progress()` or more events.
    pub fn stream(&mut self) -> impl futures_core::Stream<Item = Result<JobEvent, Error>> + '_ {
        futures_util::stream::unfold(self, |job| async move { job.next().await.map(|e| (e, job)) })
    }
}

/// Either job, for a binding that hands its language one job type (Python): the same driver, and
/// what a job's owner sets and reads besides its events.
pub enum Job {
    /// A month close.
    MonthClose(MonthCloseJob),
    /// A presence board, leave-year report or project-hours report.
    Sweep(SweepJob),
}

impl Job {
    /// The job's stable name (its span's): `month_close`, `presence_board`, `leave_year_report` or
    /// `project_hours`.
    pub fn name(&self) -> &'static str {
        match self {
            Job::MonthClose(_) => "month_close",
            Job::Sweep(j) => j.machine.kind().name(),
        }
    }

    /// The next event; `None` when the job is done; an `Err` (once) when it stopped.
    pub async fn next(&mut self) -> Option<Result<JobEvent, Error>> {
        match self {
            Job::MonthClose(j) => j.next().await,
            Job::Sweep(j) => j.next().await,
        }
    }

    /// The plan from here.
    pub fn plan(&self) -> Plan {
        match self {
            Job::MonthClose(j) => j.machine.plan(),
            Job::Sweep(j) => j.machine.plan(),
        }
    }

    /// Calls done and the total as far as known, and the time the rest takes.
    pub fn progress(&self) -> Progress {
        match self {
            Job::MonthClose(j) => j.machine.progress(),
            Job::Sweep(j) => j.machine.progress(),
        }
    }

    /// The state as JSON, to resume from (at least once, as [`MonthCloseJob::checkpoint`]).
    pub fn checkpoint(&self) -> String {
        match self {
            Job::MonthClose(j) => j.checkpoint(),
            Job::Sweep(j) => j.checkpoint(),
        }
    }

    /// The consumer handled every event handed over so far: the call they came from is finished
    /// and the checkpoint holds it (what [`Job::next`] does before its next call). A binding that
    /// writes the checkpoint to a file calls it before writing, when its consumer asks for more.
    pub fn settle(&mut self) {
        match self {
            Job::MonthClose(j) => j.events.settle(),
            Job::Sweep(j) => j.events.settle(),
        }
    }

    /// The note kept in the checkpoint (the CLI keeps its output's length there).
    pub fn note(&self) -> Option<&str> {
        match self {
            Job::MonthClose(j) => j.machine.note(),
            Job::Sweep(j) => j.machine.note(),
        }
    }

    /// Keeps the caller's `note` in the checkpoint: from the end of the call in hand (the note
    /// says what the caller did with the events handed over, which a resumed job would hand over
    /// again until that call is finished).
    pub fn set_note(&mut self, note: Option<String>) {
        match self {
            Job::MonthClose(j) => j.machine.set_note(note),
            Job::Sweep(j) => j.machine.set_note(note),
        }
    }

    /// The rate limit the plan's and progress's estimates assume (default: the client's rate
    /// limit, at most the API's 60 a minute; 0: none).
    pub fn set_limit_per_minute(&mut self, limit: u32) {
        match self {
            Job::MonthClose(j) => j.machine.set_limit_per_minute(limit),
            Job::Sweep(j) => j.machine.set_limit_per_minute(limit),
        }
    }

    /// What failed so far, with why: employees' e-mails (month close) or calls' keys (sweeps).
    pub fn failures(&self) -> &BTreeMap<String, String> {
        match self {
            Job::MonthClose(j) => j.machine.failures(),
            Job::Sweep(j) => j.machine.failures(),
        }
    }

    /// The fallbacks so far, as (department or call key, why).
    pub fn fallbacks(&self) -> Vec<(String, String)> {
        match self {
            Job::MonthClose(j) => {
                j.machine.fallbacks().iter().map(|f| (f.department.clone(), f.reason.clone())).collect()
            }
            Job::Sweep(j) => j.machine.fallbacks().iter().map(|f| (f.call.clone(), f.reason.clone())).collect(),
        }
    }
}

impl From<MonthCloseJob> for Job {
    fn from(j: MonthCloseJob) -> Job {
        Job::MonthClose(j)
    }
}

impl From<SweepJob> for Job {
    fn from(j: SweepJob) -> Job {
        Job::Sweep(j)
    }
}

/// One loop over a job at a time, for the bindings whose job objects are shared (Kotlin's and
/// Swift's): a `next` while another `next` of the same job is running (two collectors of one job's
/// events, each of which would get part of them) is refused, as npm's loop refuses it. (Python's
/// steps wait for each other instead: a step cancelled by a timeout goes on to its call's end, and
/// the same iterator then carries on.)
#[derive(Debug, Default)]
pub struct OneLoop(std::sync::atomic::AtomicBool);

/// A running `next` of a job ([`OneLoop::enter`]); the next may begin once it is dropped.
#[derive(Debug)]
pub struct InLoop<'a>(&'a OneLoop);

impl OneLoop {
    /// Marks a `next` running, or refuses it (`InvalidInput` naming `job`) while another is.
    pub fn enter(&self) -> Result<InLoop<'_>, Error> {
        use std::sync::atomic::Ordering;
        if self.0.compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return Err(Error::invalid("job", "has a call in flight in another loop: one loop over a job at a time"));
        }
        Ok(InLoop(self))
    }
}

impl Drop for InLoop<'_> {
    fn drop(&mut self) {
        self.0 .0.store(false, std::sync::atomic::Ordering::Release);
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub mod checkpoint_file;

#[cfg(test)]
mod event_parts_tests;
