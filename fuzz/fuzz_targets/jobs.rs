//! `jobs`: the job machines (the month close and the sweeps) driven by arbitrary answers, with
//! their checkpoints written and resumed at arbitrary points, and arbitrary text read as a
//! checkpoint.
//!
//! Checked: no panic and no overflow (debug assertions on); a checkpoint the machine wrote always
//! resumes, with the calls done kept and every call still to make kept (no call lost, none added
//! but the failed ones, which a resumed job makes again: at least once), the same next call when
//! none failed, and resumes again to the same progress; a call whose answer was fed is never asked
//! for again (never twice after an answer: what the drivers' checkpoint files rely on).
//!
//! The same job as steps of JSON (`JobSteps`, what npm drives): the answers are arbitrary JSON
//! of each call's shape (or of none); no panic, a finished call (answered, then the next asked
//! for) is never asked again, and a checkpoint taken at any step resumes.

#![no_main]

use std::collections::BTreeSet;

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use zeitkonto_core::date::Date;
use zeitkonto_core::jobs::{JobCall, JobSteps, MonthClose, Progress, Sweep, SweepCall};
use zeitkonto_core::limiter::LimiterConfig;

#[derive(Debug, Arbitrary)]
struct Input {
    /// 0: month close; 1: presence board; 2: leave-year report; 3: project hours.
    kind: u8,
    year: i32,
    month: i8,
    departments: Vec<String>,
    projects: Vec<String>,
    steps: Vec<Step>,
    /// Read as a checkpoint by both machines (must not panic).
    text: String,
}

#[derive(Debug, Arbitrary)]
enum Step {
    /// The current call answered; the data is what a list call brings back.
    Answer(Vec<Rec>),
    /// The current call failed with an error of this kind (and API code).
    Fail(u8, Option<i8>),
    /// Write the checkpoint and go on from it.
    Resume,
}

/// One record of a list answer: an employee (e-mail, names) or a project (id, parent), with ids
/// as strings or numbers, as the API may send them.
#[derive(Debug, Arbitrary)]
struct Rec {
    a: Option<Id>,
    b: Option<Id>,
    c: Option<String>,
}

#[derive(Debug, Arbitrary)]
enum Id {
    Text(String),
    Small(u8),
    Float(u8),
}

impl Id {
    fn json(&self) -> Value {
        match self {
            Id::Text(s) => json!(s),
            Id::Small(n) => json!(n),
            Id::Float(n) => json!(f64::from(*n) / 2.0),
        }
    }
}

const KINDS: &[&str] = &["Api", "Transport", "Timeout", "Decode", "UnexpectedStatus", "RateLimited", "Tls"];

fn kind(k: u8) -> &'static str {
    KINDS[usize::from(k) % KINDS.len()]
}

fn people(recs: &[Rec]) -> Vec<Value> {
    recs.iter()
        .map(|r| json!({ "email": r.a.as_ref().map(Id::json), "givenName": r.c, "lastName": r.b.as_ref().map(Id::json) }))
        .collect()
}

fn projects(recs: &[Rec]) -> Vec<Value> {
    recs.iter().map(|r| json!({ "uuid": r.a.as_ref().map(Id::json), "parentId": r.b.as_ref().map(Id::json) })).collect()
}

/// What the harness asks of a job machine: the one loop below drives both.
trait Machine: Sized {
    /// The next call's key.
    fn next_key(&self) -> Option<String>;
    /// The current call answered with `recs` (a list call's records).
    fn answer(&mut self, recs: &[Rec]);
    /// The current call failed.
    fn fail(&mut self, kind: &str, code: Option<i64>);
    /// The machine resumed from its checkpoint (`expect`: as a driver resumes it, checked
    /// against what it was asked).
    fn resume(&self, expect: bool) -> Self;
    fn progress(&self) -> Progress;
    fn failures(&self) -> usize;
}

impl Machine for (MonthClose, Vec<String>) {
    fn next_key(&self) -> Option<String> {
        self.0.next_call().map(|c| c.key())
    }
    fn answer(&mut self, recs: &[Rec]) {
        let m = &mut self.0;
        match m.next_call() {
            Some(JobCall::Employees) => m.employees_answered(&people(recs)),
            Some(JobCall::Department(d)) => {
                let names: Vec<String> = recs.iter().filter_map(|r| r.c.clone()).collect();
                let _ = m.department_answered(&d, &names);
            }
            Some(JobCall::Employee(e)) => m.employee_answered(&e),
            None => {}
        }
    }
    fn fail(&mut self, kind: &str, code: Option<i64>) {
        if let Some(call) = self.0.next_call() {
            let _ = self.0.call_failed(&call, kind, code);
        }
    }
    fn resume(&self, expect: bool) -> Self {
        let (m, deps) = self;
        let asked = expect.then(|| (m.year(), i64::from(m.month()), deps.as_slice()));
        let again = MonthClose::resume(&m.checkpoint(), asked).expect("a checkpoint the machine wrote resumes");
        (again, deps.clone())
    }
    fn progress(&self) -> Progress {
        self.0.progress()
    }
    fn failures(&self) -> usize {
        self.0.failures().len()
    }
}

impl Machine for Sweep {
    fn next_key(&self) -> Option<String> {
        self.next_call().map(|c| c.key())
    }
    fn answer(&mut self, recs: &[Rec]) {
        match self.next_call() {
            Some(SweepCall::Employees) => {
                let emails = people(recs).iter().filter_map(|p| p["email"].as_str().map(str::to_string)).collect();
                self.employees_listed(emails);
            }
            Some(SweepCall::Projects { .. }) => {
                let _ = self.projects_answered(&projects(recs));
            }
            Some(call) => self.answered(&call),
            None => {}
        }
    }
    fn fail(&mut self, kind: &str, code: Option<i64>) {
        if let Some(call) = self.next_call() {
            let _ = self.call_failed(&call, kind, code);
        }
    }
    fn resume(&self, expect: bool) -> Self {
        Sweep::resume(&self.checkpoint(), expect.then_some(self)).expect("a checkpoint the machine wrote resumes")
    }
    fn progress(&self) -> Progress {
        Sweep::progress(self)
    }
    fn failures(&self) -> usize {
        Sweep::failures(self).len()
    }
}

/// Drives a machine through the steps: an answered call is never asked again; a resumed job has
/// done what the job had done and still has every call it had to make, plus the failed calls it
/// makes again (at least once), the same next call when none failed, and resumes again to the
/// same progress.
fn drive<M: Machine>(mut m: M, steps: &[Step]) {
    let mut answered = BTreeSet::new();
    for step in steps.iter().take(64) {
        let Some(key) = m.next_key() else { break };
        assert!(!answered.contains(&key), "asked again after its answer: {key}");
        match step {
            Step::Answer(recs) => {
                m.answer(recs);
                answered.insert(key);
            }
            Step::Fail(k, code) => m.fail(kind(*k), code.map(i64::from)),
            Step::Resume => {
                let again = m.resume(true);
                let requeued = m.failures().saturating_sub(again.failures());
                let (before, after) = (m.progress(), again.progress());
                assert_eq!(after.done, before.done, "done calls kept");
                assert_eq!(after.total, before.total + requeued, "no call lost or added (failed ones made again)");
                if requeued == 0 {
                    assert_eq!(again.next_key(), m.next_key());
                }
                assert_eq!(again.resume(false).progress(), again.progress());
                m = again;
            }
        }
    }
}

fn sweep(input: &Input) -> Option<Sweep> {
    match input.kind % 4 {
        1 => Some(Sweep::presence_board(Date::new(2026, 1 + (input.month.unsigned_abs() % 12), 1))),
        2 => Sweep::leave_year_report(input.year).ok(),
        _ => {
            let ids: Vec<String> = input.projects.iter().take(6).cloned().collect();
            let end = Date::new(2026, 3, 1 + (input.month.unsigned_abs() % 28))?;
            Sweep::project_hours("pm@x.example", Date::new(2026, 1, 1)?, end, ids).ok()
        }
    }
}

/// An answer for the call `operation` made of `recs`: the shape the call's canonical answer has,
/// or (one record without an id) JSON of no shape at all.
fn answer(operation: &str, recs: &[Rec]) -> Value {
    if recs.len() == 1 && recs[0].a.is_none() {
        return recs[0].c.as_deref().map_or(Value::Null, |c| json!(c));
    }
    let rows: Vec<Value> = recs
        .iter()
        .map(|r| json!({ "name": r.c, "email": r.a.as_ref().map(Id::json), "uuid": r.b.as_ref().map(Id::json) }))
        .collect();
    match operation {
        "employees" => Value::Array(people(recs)),
        "department_month_employees" => Value::Array(rows),
        "projects" => json!({ "projects": projects(recs) }),
        "presence" => json!({ "info": rows }),
        "leave_year" => json!({ "employees": rows, "legend": { "LT": rows.len() } }),
        "project_bookings" => json!({ "entries": rows }),
        _ => rows.into_iter().next().unwrap_or(Value::Null),
    }
}

/// `JobSteps` driven by arbitrary answers: a finished call is never asked again; every
/// checkpoint resumes (the call in hand is made again: at least once).
fn drive_steps(input: &Input) {
    let deps: Vec<String> = input.departments.iter().take(4).cloned().collect();
    let ids: Vec<String> = input.projects.iter().take(6).cloned().collect();
    let day = 1 + (input.month.unsigned_abs() % 28);
    let (job_kind, spec) = match input.kind % 4 {
        0 => ("month_close", json!({ "year": input.year, "month": input.month, "departments": deps })),
        1 => ("presence_board", json!({ "day": format!("2026-02-{day:02}") })),
        2 => ("leave_year_report", json!({ "year": input.year })),
        _ => ("project_hours", json!({ "email": "pm@x.example", "start": "2026-01-01", "end": format!("2026-03-{day:02}"), "projects": ids })),
    };
    let Ok(mut job) = JobSteps::start(job_kind, &spec, None, &LimiterConfig::DEFAULT) else { return };
    let mut finished = BTreeSet::new();
    let mut answered: Option<String> = None;
    for step in input.steps.iter().take(64) {
        let Some(call) = job.next_call() else { break };
        finished.extend(answered.take());
        let key = call["key"].as_str().unwrap_or_default().to_string();
        assert!(!finished.contains(&key), "asked again after it was finished: {key}");
        match step {
            Step::Answer(recs) => {
                let events = job.answered(&answer(call["operation"].as_str().unwrap_or_default(), recs));
                assert_eq!(events.expect("a call is in hand")[0]["type"], "progress");
                answered = Some(key);
            }
            Step::Fail(k, code) => {
                if job.failed(kind(*k), code.map(i64::from)).expect("a call is in hand").is_none() {
                    assert!(job.next_call().is_none(), "a stopped job asks for nothing");
                    let again = JobSteps::start(job.name(), &spec, Some(&job.checkpoint()), &LimiterConfig::DEFAULT);
                    again.expect("a stopped job's checkpoint resumes");
                    break;
                }
            }
            Step::Resume => {
                job = JobSteps::start(job_kind, &spec, Some(&job.checkpoint()), &LimiterConfig::DEFAULT).expect("a checkpoint JobSteps wrote resumes");
            }
        }
    }
}

fuzz_target!(|input: Input| {
    drive_steps(&input);
    let _ = MonthClose::resume(&input.text, None);
    let _ = Sweep::resume(&input.text, None);
    if input.kind % 4 == 0 {
        let deps: Vec<String> = input.departments.iter().take(4).cloned().collect();
        if let Ok(m) = MonthClose::new(input.year, i64::from(input.month), deps.clone()) {
            drive((m, deps), &input.steps);
        }
    } else if let Some(m) = sweep(&input) {
        drive(m, &input.steps);
    }
});
