//! `jobs`: the job machines (the month close and the sweeps) driven by arbitrary answers, with
//! their checkpoints written and resumed at arbitrary points, and arbitrary text read as a
//! checkpoint.
//!
//! Checked: no panic and no overflow (debug assertions on); a checkpoint the machine wrote always
//! resumes, with the calls done kept and every call still to make kept (no call lost, none added
//! but the failed ones, which a resumed job makes again: at least once), the same next call when
//! none failed, and resumes again to the same progress; a call whose answer was fed is never asked
//! for again (never twice after an answer: what the drivers' checkpoint files rely on).

#![no_main]

use std::collections::BTreeSet;

use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use zeitkonto_core::date::Date;
use zeitkonto_core::jobs::{JobCall, MonthClose, Progress, Sweep, SweepCall};

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

/// A resumed job has done what the job had done and still has every call it had to make, plus the
/// failed calls it makes again (`requeued`: at least once); nothing else is added or lost.
fn resumed(before: Progress, after: Progress, requeued: usize) {
    assert_eq!(after.done, before.done, "done calls kept");
    assert_eq!(after.total, before.total + requeued, "no call lost or added (failed ones made again)");
}

fn month_close(input: &Input) {
    let deps: Vec<String> = input.departments.iter().take(4).cloned().collect();
    let Ok(mut m) = MonthClose::new(input.year, i64::from(input.month), deps.clone()) else { return };
    let mut answered = BTreeSet::new();
    for step in input.steps.iter().take(64) {
        let Some(call) = m.next_call() else { break };
        assert!(!answered.contains(&call.key()), "asked again after its answer: {}", call.key());
        match step {
            Step::Answer(recs) => {
                match &call {
                    JobCall::Employees => m.employees_answered(&people(recs)),
                    JobCall::Department(d) => {
                        let names: Vec<String> = recs.iter().filter_map(|r| r.c.clone()).collect();
                        let _ = m.department_answered(d, &names);
                    }
                    JobCall::Employee(e) => m.employee_answered(e),
                }
                answered.insert(call.key());
            }
            Step::Fail(k, code) => {
                let _ = m.call_failed(&call, kind(*k), code.map(i64::from));
            }
            Step::Resume => {
                let text = m.checkpoint();
                let again = MonthClose::resume(&text, Some((m.year(), i64::from(m.month()), &deps)))
                    .expect("a checkpoint the machine wrote resumes");
                let requeued = m.failures().len().saturating_sub(again.failures().len());
                resumed(m.progress(), again.progress(), requeued);
                if requeued == 0 {
                    assert_eq!(again.next_call().map(|c| c.key()), m.next_call().map(|c| c.key()));
                }
                let twice = MonthClose::resume(&again.checkpoint(), None).expect("resumes again");
                assert_eq!(twice.progress(), again.progress());
                m = again;
            }
        }
    }
}

fn sweep(input: &Input) {
    let day = Date::new(2026, 1 + (input.month.unsigned_abs() % 12), 1);
    let made = match input.kind % 4 {
        1 => Ok(Sweep::presence_board(day)),
        2 => Sweep::leave_year_report(input.year),
        _ => {
            let ids: Vec<String> = input.projects.iter().take(6).cloned().collect();
            let end = Date::new(2026, 3, 1 + (input.month.unsigned_abs() % 28));
            match (Date::new(2026, 1, 1), end) {
                (Some(start), Some(end)) => Sweep::project_hours("pm@x.example", start, end, ids),
                _ => return,
            }
        }
    };
    let Ok(mut m) = made else { return };
    let mut answered = BTreeSet::new();
    for step in input.steps.iter().take(64) {
        let Some(call) = m.next_call() else { break };
        assert!(!answered.contains(&call.key()), "asked again after its answer: {}", call.key());
        match step {
            Step::Answer(recs) => {
                match &call {
                    SweepCall::Employees => {
                        let emails = people(recs).iter().filter_map(|p| p["email"].as_str().map(str::to_string)).collect();
                        m.employees_listed(emails);
                    }
                    SweepCall::Projects { .. } => {
                        let _ = m.projects_answered(&projects(recs));
                    }
                    _ => m.answered(&call),
                }
                answered.insert(call.key());
            }
            Step::Fail(k, code) => {
                let _ = m.call_failed(&call, kind(*k), code.map(i64::from));
            }
            Step::Resume => {
                let text = m.checkpoint();
                let again = Sweep::resume(&text, Some(&m)).expect("a checkpoint the machine wrote resumes");
                let requeued = m.failures().len().saturating_sub(again.failures().len());
                resumed(m.progress(), again.progress(), requeued);
                if requeued == 0 {
                    assert_eq!(again.next_call().map(|c| c.key()), m.next_call().map(|c| c.key()));
                }
                let twice = Sweep::resume(&again.checkpoint(), Some(&again)).expect("resumes again");
                assert_eq!(twice.progress(), again.progress());
                m = again;
            }
        }
    }
}

fuzz_target!(|input: Input| {
    let _ = MonthClose::resume(&input.text, None);
    let _ = Sweep::resume(&input.text, None);
    if input.kind % 4 == 0 {
        month_close(&input);
    } else {
        sweep(&input);
    }
});
