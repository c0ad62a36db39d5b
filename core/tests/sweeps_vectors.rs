//! tests/vectors/sweeps.json through the core's sweep planner (Python
//! `tests/test_jobs_vectors.py` and npm `test/jobs-vectors.test.mjs` run the same file).

use serde_json::Value;
use zeitkonto_core::jobs::{Sweep, SweepAction};
use zeitkonto_core::{Date, Error};

fn load() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/sweeps.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("sweeps.json")).expect("JSON")
}

fn date(v: &Value) -> Option<Date> {
    v.as_str().map(|s| s.parse().expect("a date in the vectors"))
}

/// The job a case asks for, as every binding builds it.
fn job(spec: &Value) -> Result<Sweep, Error> {
    match spec["kind"].as_str().expect("kind") {
        "presence_board" => Ok(Sweep::presence_board(date(&spec["day"]))),
        "leave_year_report" => Sweep::leave_year_report(spec["year"].as_i64().expect("year") as i32),
        "project_hours" => Sweep::project_hours(
            spec["email"].as_str().expect("email"),
            date(&spec["start"]).expect("start"),
            date(&spec["end"]).expect("end"),
            spec["projects"].as_array().into_iter().flatten().map(|p| p.as_str().unwrap().to_string()).collect(),
        ),
        other => panic!("kind {other}"),
    }
}

#[test]
fn every_case_of_the_sweeps_vectors() {
    let v = load();
    for case in v["cases"].as_array().expect("cases") {
        let name = case["name"].as_str().unwrap_or("?");
        let mut m = job(&case["job"]).expect(name);
        for step in case["steps"].as_array().expect("steps") {
            if step["resume"].as_bool() == Some(true) {
                m = Sweep::resume(&m.checkpoint(), Some(&job(&case["job"]).unwrap())).expect(name);
                continue;
            }
            if let Some(expect) = step.get("expect") {
                let call = m.next_call();
                assert_eq!(call.as_ref().map(|c| Value::String(c.key())).unwrap_or(Value::Null), *expect, "{name}");
                if let Some(call) = call {
                    if step["answered"].as_bool() == Some(true) {
                        m.answered(&call);
                    } else if let Some(emails) = step["emails"].as_array() {
                        m.employees_listed(emails.iter().map(|e| e.as_str().unwrap().to_string()).collect());
                    } else if let Some(projects) = step["projects"].as_array() {
                        let asked: Vec<Value> = m.projects_answered(projects).into_iter().map(Value::String).collect();
                        assert_eq!(Value::Array(asked), step["asked"], "{name}");
                    } else if let Some(fail) = step["fail"].as_array() {
                        let action = m.call_failed(&call, fail[0].as_str().unwrap(), fail[1].as_i64());
                        let want = match step["action"].as_str().unwrap() {
                            "fatal" => SweepAction::Fatal,
                            "fallback" => SweepAction::FallBack,
                            _ => SweepAction::Failed,
                        };
                        assert_eq!(action, want, "{name}");
                    }
                }
            }
            if let Some(p) = step["progress"].as_array() {
                let got = m.progress();
                assert_eq!(
                    (got.done as i64, got.total as i64),
                    (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()),
                    "{name}"
                );
            }
            if let Some(want) = step.get("failures") {
                let got: Vec<Value> = m.failures().keys().cloned().map(Value::String).collect();
                assert_eq!(Value::Array(got), *want, "{name}");
            }
            if let Some(plan) = step["plan"].as_array() {
                let got = m.plan();
                assert_eq!(
                    (got.path, got.calls as i64),
                    (plan[0].as_str().unwrap(), plan[1].as_i64().unwrap()),
                    "{name}"
                );
            }
        }
    }
}

#[test]
fn every_invalid_case_names_its_field() {
    let v = load();
    for case in v["invalid"].as_array().expect("invalid") {
        let name = case["name"].as_str().unwrap_or("?");
        let result = job(&case["job"]).and_then(|fresh| match case["checkpoint"].as_str() {
            Some(text) => Sweep::resume(text, Some(&fresh)),
            None => Ok(fresh),
        });
        match result {
            Err(Error::InvalidInput { field, .. }) => assert_eq!(field, case["field"].as_str().unwrap(), "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
}
