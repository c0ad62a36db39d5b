//! [`MonthClose`]: the month close for payroll: every active employee's monthly account for a
//! year and month. It chooses the fewest calls that give the answer:
//!
//! - with department ids: `employees` once (who should be there), then one
//!   `department_month_employees` per department (every active employee of it in one call), then
//!   `time_account` only for whoever no department summary covered (a department refused, a
//!   summary missing someone): at most departments + 1 calls when the summaries cover everyone;
//! - without: `employees`, then one `time_account` per employee.
//!
//! The machine never calls anything: the caller asks [`MonthClose::next_call`], makes the call
//! through its client (the one driver: limiter, retries), and reports what came back
//! ([`MonthClose::employees_listed`], [`MonthClose::department_answered`],
//! [`MonthClose::employee_answered`], [`MonthClose::call_failed`]). It keeps only names and
//! e-mails (the accounts go to the caller's output as they come), so memory stays flat, and its
//! whole state is a [`MonthClose::checkpoint`] (JSON): a job resumed from one makes only the calls
//! it had not finished. Writes are never part of a job.
//!
//! Partial failure is data: one employee's failure (not found, a decode error) is listed and the
//! job goes on; it stops only on what makes going on pointless ([`FailureAction::Fatal`]: the key
//! refused, the company inactive, a missing module).
//!
//! Matching a department summary to the employee list: summaries name employees by UUID and
//! "First Last", the list by e-mail and given/last name; the machine matches on the name
//! (case-insensitive, spaces collapsed). A name that two employees share is never matched: both
//! get their own `time_account` call.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{eta_ms, is_hopeless, read_state, reason, Plan, Progress, API_LIMIT_PER_MINUTE};
use crate::date::Month;
use crate::error::Error;
use crate::routes::OperationId;

/// One employee of the list (`employees`): the e-mail calls are made with, and the name
/// department summaries carry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    /// Login e-mail (the `employee` parameter of `time_account`).
    pub email: String,
    /// "Given Last".
    pub name: String,
}

impl Person {
    /// The person of an employee record, by the one rule of every language: the e-mail, and the
    /// name department summaries carry, "Given Last" (either part may be missing). None without
    /// an e-mail.
    pub fn of(email: Option<&str>, given_name: Option<&str>, last_name: Option<&str>) -> Option<Person> {
        let email = email.filter(|e| !e.is_empty())?.to_string();
        let name = format!("{} {}", given_name.unwrap_or(""), last_name.unwrap_or("")).trim().to_string();
        Some(Person { email, name })
    }
}

/// The call the caller makes next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobCall {
    /// `employees`: the active employees.
    Employees,
    /// `department_month_employees(department, year, month)`.
    Department(String),
    /// `time_account(employee, year, month)`.
    Employee(String),
}

impl JobCall {
    /// The operation it is.
    pub fn operation(&self) -> OperationId {
        match self {
            JobCall::Employees => OperationId::Employees,
            JobCall::Department(_) => OperationId::DepartmentMonthEmployees,
            JobCall::Employee(_) => OperationId::TimeAccount,
        }
    }

    /// A stable key: `employees`, `department:<id>`, `employee:<email>`.
    pub fn key(&self) -> String {
        match self {
            JobCall::Employees => "employees".to_string(),
            JobCall::Department(d) => format!("department:{d}"),
            JobCall::Employee(e) => format!("employee:{e}"),
        }
    }
}

/// What a failed call means for the job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureAction {
    /// Going on is pointless (the key refused, the company inactive, a module missing, or the
    /// employee list itself failed): the job stops; its checkpoint keeps what was finished.
    Fatal,
    /// The department path failed: its employees get `time_account` calls (a fallback).
    FallBack,
    /// One employee's account failed: listed as a failure, the job goes on.
    EmployeeFailed,
}

/// What a department summary's account is, matched against the employee list by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SummaryMatch {
    /// This employee's account (deliver it; they need no call of their own).
    Covered(String),
    /// No one of the list has this name (someone who left during the month, say): deliver it
    /// without an e-mail.
    Unlisted,
    /// Shared by several employees of the list, or one already delivered: skip it (their own calls
    /// follow).
    Skip,
}

/// A fallback the result reports: a department whose summary could not be used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fallback {
    /// The department id.
    pub department: String,
    /// Why (the error's kind, or "missing employees").
    pub reason: String,
}

/// The job's whole state, as a checkpoint holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct State {
    /// Format marker.
    job: String,
    year: i32,
    month: u8,
    departments: Vec<String>,
    /// The employee list, once fetched.
    people: Option<Vec<Person>>,
    /// Departments answered or given up.
    departments_done: BTreeSet<String>,
    /// Who is settled, by position in `people`, one bit each (64 a word): their account was
    /// delivered (by a summary or their own call) or their own call failed. A bit set rather than
    /// the e-mails, so that the state does not grow while the accounts stream by.
    settled: Vec<u64>,
    /// E-mails whose own call failed, with why (listed; a resumed job asks them again).
    failed: BTreeMap<String, String>,
    fallbacks: Vec<Fallback>,
    calls_done: usize,
    fatal: Option<String>,
    /// The caller's own note, kept with the state (the CLI keeps its output file's length here).
    #[serde(default)]
    note: Option<String>,
    /// Whose checkpoint it is ([`owner_of`](super::owner_of)); none in one written before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    owner: Option<String>,
}

pub(super) const FORMAT: &str = "zeitkonto.month-close.v2";

/// The month close as a state machine. See the module docs.
#[derive(Debug, Clone)]
pub struct MonthClose {
    s: State,
    limit_per_minute: u32,
    /// Whose the job becomes at its first answer ([`Self::claim`]).
    claimant: Option<String>,
}

fn normal_name(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

impl MonthClose {
    /// A month close for `year` and calendar `month` (1-12); `departments`: department ids for the
    /// cheap path (empty: one call per employee).
    pub fn new(year: i32, month: i64, departments: Vec<String>) -> Result<MonthClose, Error> {
        let month = Month::try_from_number(month, "month")?;
        crate::validate::year("year", year)?;
        let mut seen = BTreeSet::new();
        for d in &departments {
            if d.trim().is_empty() {
                return Err(Error::invalid("departments", "a department id is empty"));
            }
            if !seen.insert(d.clone()) {
                return Err(Error::invalid("departments", "a department id is given twice"));
            }
        }
        Ok(MonthClose {
            s: State {
                job: FORMAT.to_string(),
                year,
                month: month.number(),
                departments,
                people: None,
                departments_done: BTreeSet::new(),
                settled: Vec::new(),
                failed: BTreeMap::new(),
                fallbacks: Vec::new(),
                calls_done: 0,
                fatal: None,
                note: None,
                owner: None,
            },
            limit_per_minute: API_LIMIT_PER_MINUTE,
            claimant: None,
        })
    }

    /// A job from its checkpoint. A checkpoint that does not parse, or belongs to another job
    /// (`year`, `month`, `departments` given and different), is refused naming `checkpoint`.
    pub fn resume(checkpoint: &str, expect: Option<(i32, i64, &[String])>) -> Result<MonthClose, Error> {
        let s: State = read_state(checkpoint, FORMAT)?;
        if Month::from_number(i64::from(s.month)).is_none() {
            return Err(Error::invalid("checkpoint", "holds no valid month"));
        }
        crate::validate::year("year", s.year).map_err(|_| Error::invalid("checkpoint", "holds no valid year"))?;
        let n = s.people.as_ref().map_or(0, Vec::len);
        let marks_beyond = s.settled.last().is_some_and(|w| !n.is_multiple_of(64) && w >> (n % 64) != 0);
        if s.settled.len() != n.div_ceil(64) || marks_beyond {
            return Err(Error::invalid("checkpoint", "does not hold one mark per employee"));
        }
        let mut seen = BTreeSet::new();
        if s.people.iter().flatten().any(|p| p.email.is_empty() || !seen.insert(p.email.as_str())) {
            return Err(Error::invalid("checkpoint", "holds an empty or repeated e-mail"));
        }
        if let Some((year, month, departments)) = expect {
            if (s.year, i64::from(s.month), s.departments.as_slice()) != (year, month, departments) {
                return Err(Error::invalid(
                    "checkpoint",
                    format!(
                        "belongs to the month close of {}-{:02} ({} departments), not {year}-{month:02} ({} departments)",
                        s.year,
                        s.month,
                        s.departments.len(),
                        departments.len()
                    ),
                ));
            }
        }
        // What stopped the job last time is tried again (its call was not finished), and so are
        // the employees whose own call failed (a 502 then may answer now).
        let mut s = s;
        s.fatal = None;
        let mut job = MonthClose { s, limit_per_minute: API_LIMIT_PER_MINUTE, claimant: None };
        for email in std::mem::take(&mut job.s.failed).into_keys() {
            if let Some(i) = job.s.people.as_ref().and_then(|p| p.iter().position(|p| p.email == email)) {
                if let Some(w) = job.s.settled.get_mut(i / 64) {
                    *w &= !(1 << (i % 64));
                }
            }
        }
        Ok(job)
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

    /// The year.
    pub fn year(&self) -> i32 {
        self.s.year
    }

    /// The calendar month (1-12).
    pub fn month(&self) -> u8 {
        self.s.month
    }

    /// The job's state as JSON: give it to [`MonthClose::resume`] to go on.
    pub fn checkpoint(&self) -> String {
        serde_json::to_string(&self.s).unwrap_or_default()
    }

    fn is_settled(&self, i: usize) -> bool {
        self.s.settled.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    fn settle(&mut self, i: usize) {
        if let Some(w) = self.s.settled.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    /// The position of the first employee not settled yet (words of 64 skipped at once).
    fn first_open(&self) -> Option<usize> {
        let n = self.s.people.as_ref().map_or(0, Vec::len);
        let word = self.s.settled.iter().position(|w| *w != u64::MAX)?;
        let i = word * 64 + (!self.s.settled[word]).trailing_zeros() as usize;
        (i < n).then_some(i)
    }

    /// The position of `email` in the list (the first open one, normally: the call just made).
    fn position(&self, email: &str) -> Option<usize> {
        let people = self.s.people.as_deref()?;
        match self.first_open() {
            Some(i) if people[i].email == email => Some(i),
            _ => people.iter().position(|p| p.email == email),
        }
    }

    /// How many employees are not settled yet.
    fn open_count(&self) -> usize {
        let n = self.s.people.as_ref().map_or(0, Vec::len);
        n - self.s.settled.iter().map(|w| w.count_ones() as usize).sum::<usize>().min(n)
    }

    /// The call to make next; `None` when the job is done (or stopped on a fatal failure).
    pub fn next_call(&self) -> Option<JobCall> {
        if self.s.fatal.is_some() {
            return None;
        }
        if self.s.people.is_none() {
            return Some(JobCall::Employees);
        }
        if let Some(d) = self.s.departments.iter().find(|d| !self.s.departments_done.contains(*d)) {
            return Some(JobCall::Department(d.clone()));
        }
        let i = self.first_open()?;
        self.s.people.as_ref().map(|people| JobCall::Employee(people[i].email.clone()))
    }

    /// The employee list came back.
    pub fn employees_listed(&mut self, people: Vec<Person>) {
        let mut seen = BTreeSet::new();
        let people: Vec<Person> =
            people.into_iter().filter(|p| !p.email.is_empty() && seen.insert(p.email.clone())).collect();
        self.s.settled = vec![0; people.len().div_ceil(64)];
        self.s.people = Some(people);
        self.answered();
    }

    /// The employee list came back as the SDK's records in their canonical JSON (`email`,
    /// `givenName`, `lastName`; what Python's `to_dict()` and npm's objects are): the people by
    /// [`Person::of`].
    pub fn employees_answered(&mut self, records: &[serde_json::Value]) {
        let people = records
            .iter()
            .filter_map(|r| Person::of(r["email"].as_str(), r["givenName"].as_str(), r["lastName"].as_str()))
            .collect();
        self.employees_listed(people);
    }

    /// A department's summaries came back, carrying these names ("First Last"); returns, for each,
    /// what it is (see [`SummaryMatch`]).
    pub fn department_answered(&mut self, department: &str, names: &[String]) -> Vec<SummaryMatch> {
        self.answered();
        self.s.departments_done.insert(department.to_string());
        let mut by_name: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, p) in self.s.people.iter().flatten().enumerate() {
            by_name.entry(normal_name(&p.name)).or_default().push(i);
        }
        let mut out = Vec::with_capacity(names.len());
        for n in names {
            out.push(match by_name.get(&normal_name(n)).map(Vec::as_slice) {
                None => SummaryMatch::Unlisted,
                Some(&[only]) if !self.is_settled(only) => {
                    self.settle(only);
                    let email = self.s.people.as_ref().map(|p| p[only].email.clone()).unwrap_or_default();
                    SummaryMatch::Covered(email)
                }
                Some(_) => SummaryMatch::Skip,
            });
        }
        out
    }

    /// A call came back: one more done, and the job is its claimant's (the key works).
    fn answered(&mut self) {
        self.s.calls_done += 1;
        if let Some(owner) = self.claimant.take() {
            self.s.owner = Some(owner);
        }
    }

    /// An employee's own account came back.
    pub fn employee_answered(&mut self, email: &str) {
        self.answered();
        if let Some(i) = self.position(email) {
            self.settle(i);
        }
    }

    /// A call failed with an error of `kind` (`ZeitkontoError` kinds: `Api`, `Decode`, …) and,
    /// for `Api`, the API's `code`. Returns what it means for the job; the machine has noted it.
    pub fn call_failed(&mut self, call: &JobCall, kind: &str, code: Option<i64>) -> FailureAction {
        // A fatal failure does not finish its call: a job resumed from the checkpoint (the key
        // fixed, the company active again) makes it again.
        if matches!(call, JobCall::Employees) || is_hopeless(kind, code) {
            self.s.fatal = Some(kind.to_string());
            return FailureAction::Fatal;
        }
        self.s.calls_done += 1;
        match call {
            JobCall::Employees => FailureAction::Fatal, // handled above
            JobCall::Department(d) => {
                self.s.departments_done.insert(d.clone());
                self.s.fallbacks.push(Fallback { department: d.clone(), reason: reason(kind, code) });
                FailureAction::FallBack
            }
            JobCall::Employee(e) => {
                if let Some(i) = self.position(e) {
                    self.settle(i);
                }
                self.s.failed.insert(e.clone(), reason(kind, code));
                FailureAction::EmployeeFailed
            }
        }
    }

    /// Departments whose summaries could not be used, with why.
    pub fn fallbacks(&self) -> &[Fallback] {
        &self.s.fallbacks
    }

    /// Employees whose own call failed, with why (the error's kind and code); a resumed job makes
    /// their calls again.
    pub fn failures(&self) -> &BTreeMap<String, String> {
        &self.s.failed
    }

    /// Whether the job stopped on a fatal failure.
    pub fn stopped(&self) -> bool {
        self.s.fatal.is_some()
    }

    /// Calls the job still needs, as far as it knows now.
    fn remaining(&self) -> usize {
        if self.s.fatal.is_some() {
            return 0;
        }
        let Some(people) = &self.s.people else {
            // Before the list: the list call and the departments (the per-employee calls are
            // unknown until the list is).
            return 1 + self.s.departments.len();
        };
        let departments_left = self.s.departments.iter().filter(|d| !self.s.departments_done.contains(*d)).count();
        if departments_left > 0 {
            // Assume the summaries cover everyone (the plan's promise); a fallback adds calls then.
            return departments_left;
        }
        let _ = people;
        self.open_count()
    }

    fn eta_ms(&self, calls: usize) -> u64 {
        eta_ms(calls, self.limit_per_minute)
    }

    /// The plan from here: the path, the calls and the time they take at the rate limit.
    pub fn plan(&self) -> Plan {
        let calls = self.remaining();
        Plan {
            path: if self.s.departments.is_empty() { "employees" } else { "departments" },
            calls,
            eta_ms: self.eta_ms(calls),
        }
    }

    /// Done and total calls, and the time the rest takes.
    pub fn progress(&self) -> Progress {
        let remaining = self.remaining();
        Progress {
            done: self.s.calls_done,
            total: self.s.calls_done.saturating_add(remaining),
            eta_ms: self.eta_ms(remaining),
        }
    }
}

#[cfg(test)]
mod tests;
