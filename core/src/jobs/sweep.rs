//! [`Sweep`]: the jobs that read the whole company with as few calls as the API allows.
//!
//! - **Presence board** (`presence_board`): one `presence` call without an e-mail gives every
//!   time-tracked employee's presence for the day. When that answer cannot be used (a decode
//!   error, a 5xx after the retries), the job falls back to `employees` and one `presence` per
//!   e-mail, and says so ([`SweepFallback`]).
//!   Without a day every call asks the server's today: a board stopped and resumed after midnight
//!   would mix two days, so give the day to resume across one.
//! - **Leave-year report** (`leave_year_report`): one `leave_year` call (every leave-managed
//!   employee's overview and the legend); nothing cheaper exists and no other call gives the same
//!   answer, so there is no fallback: its failure is listed.
//! - **Project hours** (`project_hours`): `projects` (also when project ids are given: it checks
//!   them, and an id the list does not have is listed as a failure without a call), then
//!   `project_bookings` for every **top-level** project (or each given one) (a project's bookings include its
//!   sub-projects', so asking a sub-project too would count hours twice) in pieces of the range of
//!   at most 31 days after their first day (the API's limit). A piece that fails is listed; the
//!   others go on (a project the API does not know answers code 3, "authentication failed", as
//!   deleting one does: after a call of the job went through, that is the project's failure; as
//!   the job's first answer it stops the job, since a refused key looks the same). Which projects are top-level is read from the list's `parentId` (absent, empty,
//!   `"0"` or `null`, or a parent not in the list, mean top-level): the spec does not show the
//!   project's fields, so this is the sandbox's and our assumption.
//!
//! The machine keeps the calls still to make (a queue) and the failures; the rows go to the caller
//! as they come. Its checkpoint is that state as JSON.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::{Deserialize, Serialize};

use super::{eta_ms, id_text, is_hopeless, read_state, reason, Plan, Progress, API_LIMIT_PER_MINUTE};
use crate::date::Date;
use crate::error::Error;
use crate::ops::MAX_BOOKING_RANGE_DAYS;
use crate::routes::OperationId;

/// Which sweep a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SweepKind {
    /// One day's presence of the whole company.
    PresenceBoard,
    /// The yearly leave overview.
    LeaveYearReport,
    /// Every top-level project's bookings over a range.
    ProjectHours,
}

impl SweepKind {
    /// The stable name: `presence_board`, `leave_year_report`, `project_hours`.
    pub fn name(self) -> &'static str {
        match self {
            SweepKind::PresenceBoard => "presence_board",
            SweepKind::LeaveYearReport => "leave_year_report",
            SweepKind::ProjectHours => "project_hours",
        }
    }
}

/// A call a sweep asks for (reads only).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SweepCall {
    /// `presence(email, day)`: the whole company (`email` none) or one employee.
    Presence {
        /// The day (none: the server's today).
        #[serde(default)]
        day: Option<Date>,
        /// One employee's e-mail (none: the whole company).
        #[serde(default)]
        email: Option<String>,
    },
    /// `employees()`: the active employees (the presence board's fallback).
    Employees,
    /// `leave_year(year)`.
    LeaveYear {
        /// The year.
        year: i32,
    },
    /// `projects(email)`: the company's projects.
    Projects {
        /// The acting project manager.
        email: String,
    },
    /// `project_bookings(email, uuid, start, end)`: one project's bookings for one piece.
    ProjectBookings {
        /// The acting project manager.
        email: String,
        /// The project's id.
        uuid: String,
        /// The piece's first day.
        start: Date,
        /// The piece's last day (at most 31 days after `start`).
        end: Date,
    },
}

impl SweepCall {
    /// The operation it is.
    pub fn operation(&self) -> OperationId {
        match self {
            SweepCall::Presence { .. } => OperationId::Presence,
            SweepCall::Employees => OperationId::Employees,
            SweepCall::LeaveYear { .. } => OperationId::LeaveYear,
            SweepCall::Projects { .. } => OperationId::Projects,
            SweepCall::ProjectBookings { .. } => OperationId::ProjectBookings,
        }
    }

    /// A stable key naming the call in rows' `source` and in failures: `presence`,
    /// `presence:<email>`, `employees`, `leave_year:<year>`, `projects`,
    /// `project_bookings:<uuid>:<start>..<end>`. It holds no key (the manager's e-mail is left out).
    pub fn key(&self) -> String {
        match self {
            SweepCall::Presence { email: None, .. } => "presence".to_string(),
            SweepCall::Presence { email: Some(e), .. } => format!("presence:{e}"),
            SweepCall::Employees => "employees".to_string(),
            SweepCall::LeaveYear { year } => format!("leave_year:{year}"),
            SweepCall::Projects { .. } => "projects".to_string(),
            SweepCall::ProjectBookings { uuid, start, end, .. } => format!("project_bookings:{uuid}:{start}..{end}"),
        }
    }

    /// The call's arguments as a JSON object with the SDK's snake_case names (`day`, `email`,
    /// `year`, `uuid`, `start`, `end`; dates `YYYY-MM-DD`; absent ones left out): what the
    /// bindings hand to their own client's method of [`SweepCall::operation`].
    pub fn args(&self) -> serde_json::Value {
        // Externally tagged (`{"presence": {...}}`, `"employees"`): lighter code than a tag field,
        // which counts in the mobile library.
        let mut args = match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(mut o)) => o.remove(self.operation().name()).unwrap_or_default(),
            _ => serde_json::Value::Null,
        };
        match args.as_object_mut() {
            Some(o) => o.retain(|_, x| !x.is_null()),
            None => args = serde_json::Value::Object(serde_json::Map::new()),
        }
        args
    }

    /// Whether the job plans from this call's answer (a list): its failure stops the job.
    fn is_list(&self) -> bool {
        matches!(self, SweepCall::Employees | SweepCall::Projects { .. })
    }
}

/// What a failed call means for the sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SweepAction {
    /// Going on is pointless (the key refused, the company inactive, a module missing, or the list
    /// the job plans from failed): the job stops; its checkpoint keeps what was finished.
    Fatal,
    /// The company-wide call failed: per-employee calls follow (listed in [`Sweep::fallbacks`]).
    FallBack,
    /// This call failed: listed in [`Sweep::failures`]; the job goes on.
    Failed,
}

/// A company-wide call whose answer could not be used, and why (the job went on another way).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepFallback {
    /// The call's key.
    pub call: String,
    /// Why (the error's kind and code).
    pub reason: String,
}

/// What the job was asked, kept to check a checkpoint against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Spec {
    kind: SweepKind,
    #[serde(default)]
    day: Option<Date>,
    #[serde(default)]
    year: Option<i32>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    start: Option<Date>,
    #[serde(default)]
    end: Option<Date>,
    #[serde(default)]
    projects: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct State {
    job: String,
    spec: Spec,
    /// The calls still to make, the next first.
    pending: VecDeque<SweepCall>,
    /// Whether the presence board fell back to per-employee calls.
    #[serde(default)]
    per_employee: bool,
    /// Whether a call was answered in this run (the key works now). Not kept in the checkpoint: a
    /// job resumed with a key revoked since must stop at its first code 3, not list every call.
    #[serde(skip)]
    answered_any: bool,
    calls_done: usize,
    failed: BTreeMap<String, String>,
    /// The calls behind `failed` (a project id not in the list has none): a resumed job makes
    /// them again.
    #[serde(default)]
    failed_calls: Vec<SweepCall>,
    fallbacks: Vec<SweepFallback>,
    fatal: Option<String>,
    #[serde(default)]
    note: Option<String>,
    /// Whose checkpoint it is ([`owner_of`](super::owner_of)); none in one written before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    owner: Option<String>,
}

pub(super) const FORMAT: &str = "zeitkonto.sweep.v1";

/// A presence board, leave-year report or project-hours report as a state machine (module docs).
#[derive(Debug, Clone)]
pub struct Sweep {
    s: State,
    limit_per_minute: u32,
    /// Whose the job becomes at its first answer ([`Self::claim`]).
    claimant: Option<String>,
}

/// The pieces of `start..=end`, each ending at most [`MAX_BOOKING_RANGE_DAYS`] after its start.
fn pieces(start: Date, end: Date) -> Vec<(Date, Date)> {
    let mut out = Vec::new();
    let mut from = start;
    while from.days_until(end) >= 0 {
        let to = match from.add_days(MAX_BOOKING_RANGE_DAYS) {
            Some(d) if d.days_until(end) > 0 => d,
            _ => end,
        };
        out.push((from, to));
        match to.add_days(1) {
            Some(next) => from = next,
            None => break,
        }
    }
    out
}

/// Whether `call` is one the job asked as `spec` can make.
fn fits(spec: &Spec, call: &SweepCall) -> bool {
    match (spec.kind, call) {
        (SweepKind::PresenceBoard, SweepCall::Presence { day, .. }) => *day == spec.day,
        (SweepKind::PresenceBoard, SweepCall::Employees) => true,
        (SweepKind::LeaveYearReport, SweepCall::LeaveYear { year }) => Some(*year) == spec.year,
        (SweepKind::ProjectHours, SweepCall::Projects { email }) => Some(email) == spec.email.as_ref(),
        (SweepKind::ProjectHours, SweepCall::ProjectBookings { email, uuid, start, end }) => {
            let (Some(from), Some(to)) = (spec.start, spec.end) else { return false };
            Some(email) == spec.email.as_ref()
                && (spec.projects.is_empty() || spec.projects.contains(uuid))
                && from.days_until(*start) >= 0
                && end.days_until(to) >= 0
                && (0..=MAX_BOOKING_RANGE_DAYS).contains(&start.days_until(*end))
        }
        _ => false,
    }
}

fn unique(field: &str, values: &[String]) -> Result<(), Error> {
    let mut seen = BTreeSet::new();
    for v in values {
        if v.trim().is_empty() {
            return Err(Error::invalid(field, "an id is empty"));
        }
        if !seen.insert(v) {
            return Err(Error::invalid(field, "an id is given twice"));
        }
    }
    Ok(())
}

fn bookings(email: &str, projects: &[String], start: Date, end: Date) -> VecDeque<SweepCall> {
    let pieces = pieces(start, end);
    projects
        .iter()
        .flat_map(|uuid| {
            pieces.iter().map(move |&(start, end)| SweepCall::ProjectBookings {
                email: email.to_string(),
                uuid: uuid.clone(),
                start,
                end,
            })
        })
        .collect()
}

impl Sweep {
    fn with(spec: Spec, pending: VecDeque<SweepCall>) -> Sweep {
        Sweep {
            s: State {
                job: FORMAT.to_string(),
                spec,
                pending,
                per_employee: false,
                answered_any: false,
                calls_done: 0,
                failed: BTreeMap::new(),
                failed_calls: Vec::new(),
                fallbacks: Vec::new(),
                fatal: None,
                note: None,
                owner: None,
            },
            limit_per_minute: API_LIMIT_PER_MINUTE,
            claimant: None,
        }
    }

    fn spec(kind: SweepKind) -> Spec {
        Spec { kind, day: None, year: None, email: None, start: None, end: None, projects: Vec::new() }
    }

    /// The presence board of `day` (none: the server's today).
    pub fn presence_board(day: Option<Date>) -> Sweep {
        let spec = Spec { day, ..Sweep::spec(SweepKind::PresenceBoard) };
        Sweep::with(spec, VecDeque::from([SweepCall::Presence { day, email: None }]))
    }

    /// The leave-year report of `year` (1-9999).
    pub fn leave_year_report(year: i32) -> Result<Sweep, Error> {
        crate::validate::year("year", year)?;
        let spec = Spec { year: Some(year), ..Sweep::spec(SweepKind::LeaveYearReport) };
        Ok(Sweep::with(spec, VecDeque::from([SweepCall::LeaveYear { year }])))
    }

    /// The project hours from `start` to `end` (both included; any length: the job cuts it into
    /// pieces the API takes) of `projects` (ids; empty: every top-level project of the list),
    /// asked as the project manager `email`.
    pub fn project_hours(email: &str, start: Date, end: Date, projects: Vec<String>) -> Result<Sweep, Error> {
        // The list call's own check, before the plan is stated: nothing is asked with a bad e-mail.
        // (Its reason quotes no value: the jobs' own planner knows no key to redact from it.)
        crate::validate::email("email", email)
            .map_err(|_| Error::invalid("email", "not a plausible e-mail address"))?;
        if start.days_until(end) < 0 {
            return Err(Error::invalid("start", format!("start {start} is after end {end}")));
        }
        unique("projects", &projects)?;
        // The list first, also when the ids are given: it checks them (an unknown id is listed as
        // a failure without a call) and the key, for one call.
        let pending = VecDeque::from([SweepCall::Projects { email: email.to_string() }]);
        let spec = Spec {
            email: Some(email.to_string()),
            start: Some(start),
            end: Some(end),
            projects,
            ..Sweep::spec(SweepKind::ProjectHours)
        };
        Ok(Sweep::with(spec, pending))
    }

    /// A job from its checkpoint. A checkpoint that does not parse, is of another job, or (with
    /// `expect`, the job as asked now) was asked differently, is refused naming `checkpoint`.
    pub fn resume(checkpoint: &str, expect: Option<&Sweep>) -> Result<Sweep, Error> {
        let s: State = read_state(checkpoint, FORMAT)?;
        if let Some(want) = expect {
            if s.spec.kind != want.s.spec.kind {
                let (theirs, ours) = (s.spec.kind.name(), want.s.spec.kind.name());
                return Err(Error::invalid("checkpoint", format!("is a {theirs} checkpoint, not a {ours} one")));
            }
            if s.spec != want.s.spec {
                let kind = s.spec.kind.name();
                return Err(Error::invalid(
                    "checkpoint",
                    format!("belongs to a {kind} asked differently (another day, year, range, e-mail or projects)"),
                ));
            }
        }
        // A hand-edited checkpoint must not ask what the job was not asked (another year, day,
        // manager, project or range, a piece over 31 days).
        if let Some(bad) = s.pending.iter().chain(&s.failed_calls).find(|c| !fits(&s.spec, c)) {
            return Err(Error::invalid(
                "checkpoint",
                format!("holds a call the job was not asked for ({})", bad.key()),
            ));
        }
        // What stopped the job last time is tried again (its call was not finished), and so are
        // the calls that failed (a 502 then may answer now): they go to the end of the queue.
        let mut s = s;
        s.fatal = None;
        for call in std::mem::take(&mut s.failed_calls) {
            s.failed.remove(&call.key());
            s.pending.push_back(call);
        }
        Ok(Sweep { s, limit_per_minute: API_LIMIT_PER_MINUTE, claimant: None })
    }

    /// Which sweep this is.
    pub fn kind(&self) -> SweepKind {
        self.s.spec.kind
    }

    /// The rate limit the estimates assume (default 60 a minute); 0 means none.
    pub fn set_limit_per_minute(&mut self, limit: u32) {
        self.limit_per_minute = limit;
    }

    /// Keeps the caller's `note` in the checkpoint (e.g. how much of an output file is written).
    pub fn set_note(&mut self, note: Option<String>) {
        self.s.note = note;
    }

    /// The note of the checkpoint this job resumed from (or set since).
    pub fn note(&self) -> Option<&str> {
        self.s.note.as_deref()
    }

    /// Makes the job `owner`'s ([`owner_of`](super::owner_of) the client's base URL and key): a
    /// checkpoint of another owner is refused (naming `checkpoint`); one without an owner becomes
    /// this one's at the first answer of this run.
    pub fn claim(&mut self, owner: &str) -> Result<(), Error> {
        self.claimant = super::claim(self.s.owner.as_deref(), owner)?;
        Ok(())
    }

    /// The job's state as JSON: give it to [`Sweep::resume`] to go on.
    pub fn checkpoint(&self) -> String {
        serde_json::to_string(&self.s).unwrap_or_default()
    }

    /// The call to make next; `None` when the job is done (or stopped on a fatal failure).
    pub fn next_call(&self) -> Option<SweepCall> {
        if self.s.fatal.is_some() {
            return None;
        }
        self.s.pending.front().cloned()
    }

    /// Takes `call` off the queue (the front, normally) and counts it.
    fn finish(&mut self, call: &SweepCall) {
        if let Some(i) = self.s.pending.iter().position(|c| c == call) {
            self.s.pending.remove(i);
        }
        self.s.calls_done += 1;
    }

    /// Takes an answered `call` off the queue.
    fn finish_answered(&mut self, call: &SweepCall) {
        self.finish(call);
        self.s.answered_any = true;
        if let Some(owner) = self.claimant.take() {
            self.s.owner = Some(owner);
        }
    }

    /// A call that gives rows (`presence`, `leave_year`, `project_bookings`) came back.
    pub fn answered(&mut self, call: &SweepCall) {
        self.finish_answered(call);
    }

    /// The employee list (the presence board's fallback) came back: one `presence` per e-mail
    /// (empty and repeated e-mails are skipped).
    pub fn employees_listed(&mut self, emails: Vec<String>) {
        self.finish_answered(&SweepCall::Employees);
        let day = self.s.spec.day;
        let mut seen = BTreeSet::new();
        let calls = emails
            .into_iter()
            .filter(|e| !e.trim().is_empty() && seen.insert(e.clone()))
            .map(|email| SweepCall::Presence { day, email: Some(email) });
        self.s.pending.extend(calls);
    }

    /// The project list came back: `projects` as the API sends them (records with `uuid` and
    /// `parentId`, each a string or a number). Reads the ids by `id_text`, the one rule every
    /// language's driver follows, then as [`Sweep::projects_listed`]; a record without an id is
    /// skipped. Returns the ids it will ask for.
    pub fn projects_answered(&mut self, projects: &[serde_json::Value]) -> Vec<String> {
        let pairs = projects
            .iter()
            .filter_map(|p| Some((id_text(p.get("uuid")?)?, p.get("parentId").and_then(id_text))))
            .collect();
        self.projects_listed(pairs)
    }

    /// The project list came back as (id, parent id) pairs: one `project_bookings` per piece of
    /// the range for every top-level project (or, when ids were given, for each of them that the
    /// list has; one it does not have is listed as a failure, `NotInProjectList`, without a call).
    /// Returns the ids it will ask for.
    pub fn projects_listed(&mut self, projects: Vec<(String, Option<String>)>) -> Vec<String> {
        let email = match self.s.pending.front() {
            Some(SweepCall::Projects { email }) => email.clone(),
            _ => self.s.spec.email.clone().unwrap_or_default(),
        };
        self.finish_answered(&SweepCall::Projects { email: email.clone() });
        let ids: BTreeSet<&str> = projects.iter().map(|(id, _)| id.as_str()).collect();
        if !self.s.spec.projects.is_empty() {
            let given = self.s.spec.projects.clone();
            let (known, unknown): (Vec<String>, Vec<String>) =
                given.into_iter().partition(|p| ids.contains(p.as_str()));
            // A given sub-project whose parent (or grandparent, ...) is given too is not asked:
            // its bookings come with the parent's (no hour counted twice).
            let parent_of: BTreeMap<&str, &str> =
                projects.iter().filter_map(|(id, p)| Some((id.as_str(), p.as_deref()?))).collect();
            let wanted: BTreeSet<&str> = known.iter().map(String::as_str).collect();
            let under_given = |id: &str| {
                let mut at = id;
                for _ in 0..projects.len() {
                    match parent_of.get(at) {
                        Some(&p) if wanted.contains(p) => return true,
                        Some(&p) => at = p,
                        None => return false,
                    }
                }
                false
            };
            let known: Vec<String> = known.iter().filter(|id| !under_given(id)).cloned().collect();
            for id in unknown {
                self.s.failed.insert(format!("project_bookings:{id}"), "NotInProjectList".to_string());
            }
            if let (Some(start), Some(end)) = (self.s.spec.start, self.s.spec.end) {
                self.s.pending.extend(bookings(&email, &known, start, end));
            }
            return known;
        }
        let mut seen = BTreeSet::new();
        let top: Vec<String> = projects
            .iter()
            .filter(|(id, parent)| {
                let parent = parent.as_deref().map(str::trim).unwrap_or("");
                !id.trim().is_empty() && (parent.is_empty() || parent == "0" || !ids.contains(parent))
            })
            .filter(|(id, _)| seen.insert(id.clone()))
            .map(|(id, _)| id.clone())
            .collect();
        if let (Some(start), Some(end)) = (self.s.spec.start, self.s.spec.end) {
            self.s.pending.extend(bookings(&email, &top, start, end));
        }
        top
    }

    /// A call failed with an error of `kind` and, for `Api`, the API's `code`. Returns what it
    /// means for the job; the machine has noted it.
    pub fn call_failed(&mut self, call: &SweepCall, kind: &str, code: Option<i64>) -> SweepAction {
        // A fatal failure does not finish its call: a job resumed from the checkpoint (the key
        // fixed, the company active again) makes it again.
        // The API answers 3 ("authentication failed") for a project of another company or none
        // (as for deleting one): once a call of this job went through, the key works, and a 3 on
        // `project_bookings` is that project's failure, not the key's.
        let unknown_project =
            code == Some(3) && self.s.answered_any && matches!(call, SweepCall::ProjectBookings { .. });
        if (is_hopeless(kind, code) && !unknown_project) || call.is_list() {
            self.s.fatal = Some(reason(kind, code));
            return SweepAction::Fatal;
        }
        self.finish(call);
        // The fallback is for an answer that cannot be used (it does not decode, or comes with a
        // status the API does not document, such as a 5xx after the retries); a timeout, a 429 or
        // a refused connection would not be cured by 1 + employees calls: listed (and made again
        // on resume).
        let unusable = matches!(kind, "Decode" | "UnexpectedStatus");
        if let (SweepCall::Presence { email: None, .. }, true) = (call, unusable) {
            if self.s.spec.kind == SweepKind::PresenceBoard && !self.s.per_employee {
                self.s.per_employee = true;
                self.s.fallbacks.push(SweepFallback { call: call.key(), reason: reason(kind, code) });
                self.s.pending.push_front(SweepCall::Employees);
                return SweepAction::FallBack;
            }
        }
        self.s.failed.insert(call.key(), reason(kind, code));
        self.s.failed_calls.push(call.clone());
        SweepAction::Failed
    }

    /// Company-wide calls whose answer could not be used, with why.
    pub fn fallbacks(&self) -> &[SweepFallback] {
        &self.s.fallbacks
    }

    /// Calls that failed (by key), with why (the error's kind and code); a resumed job makes them
    /// again (but for a project id the list does not have, which stays listed).
    pub fn failures(&self) -> &BTreeMap<String, String> {
        &self.s.failed
    }

    /// Whether the job stopped on a fatal failure.
    pub fn stopped(&self) -> bool {
        self.s.fatal.is_some()
    }

    fn remaining(&self) -> usize {
        if self.s.fatal.is_some() {
            0
        } else {
            self.s.pending.len()
        }
    }

    /// The plan from here: the path, the calls and the time they take at the rate limit.
    pub fn plan(&self) -> Plan {
        let calls = self.remaining();
        let path = match self.s.spec.kind {
            SweepKind::PresenceBoard if self.s.per_employee => "employees",
            SweepKind::PresenceBoard | SweepKind::LeaveYearReport => "company",
            SweepKind::ProjectHours => "projects",
        };
        Plan { path, calls, eta_ms: eta_ms(calls, self.limit_per_minute) }
    }

    /// Done and total calls, and the time the rest takes.
    pub fn progress(&self) -> Progress {
        let remaining = self.remaining();
        Progress {
            done: self.s.calls_done,
            total: self.s.calls_done.saturating_add(remaining),
            eta_ms: eta_ms(remaining, self.limit_per_minute),
        }
    }
}

#[cfg(test)]
mod tests;
