//! tests/vectors/jobs.json through the core's planner (every language with a planner binding runs
//! the same file: Python `tests/test_jobs_vectors.py`, npm `test/jobs-vectors.test.mjs`).

use serde_json::Value;
use zeitkonto_core::jobs::{FailureAction, JobCall, MonthClose, SummaryMatch};
use zeitkonto_core::Error;

fn load() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/jobs.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("jobs.json")).expect("JSON")
}

fn call_json(c: Option<JobCall>) -> Value {
    match c {
        None => Value::Null,
        Some(JobCall::Employees) => serde_json::json!(["employees", null]),
        Some(JobCall::Department(d)) => serde_json::json!(["department_month_employees", d]),
        Some(JobCall::Employee(e)) => serde_json::json!(["time_account", e]),
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().into_iter().flatten().map(|s| s.as_str().unwrap_or_default().to_string()).collect()
}

#[test]
fn every_case_of_the_jobs_vectors() {
    let v = load();
    for case in v["cases"].as_array().expect("cases") {
        let name = case["name"].as_str().unwrap_or("?");
        let (year, month) = (case["year"].as_i64().unwrap() as i32, case["month"].as_i64().unwrap());
        let departments = strings(&case["departments"]);
        let mut m = MonthClose::new(year, month, departments.clone()).expect(name);
        for step in case["steps"].as_array().expect("steps") {
            if step["resume"].as_bool() == Some(true) {
                m = MonthClose::resume(&m.checkpoint(), Some((year, month, &departments))).expect(name);
                continue;
            }
            let call = m.next_call();
            assert_eq!(call_json(call.clone()), step["expect"], "{name}");
            let Some(call) = call else {
                if let Some(p) = step["progress"].as_array() {
                    let got = m.progress();
                    assert_eq!(
                        (got.done as i64, got.total as i64),
                        (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()),
                        "{name}"
                    );
                }
                continue;
            };
            if let Some(people) = step["people"].as_array() {
                m.employees_answered(people);
                if let Some(plan) = step["plan"].as_array() {
                    let got = m.plan();
                    assert_eq!(
                        (got.path, got.calls as i64),
                        (plan[0].as_str().unwrap(), plan[1].as_i64().unwrap()),
                        "{name}"
                    );
                }
            } else if step.get("names").is_some() {
                let JobCall::Department(d) = &call else { panic!("{name}: names for {call:?}") };
                let got: Vec<Value> = m
                    .department_answered(d, &strings(&step["names"]))
                    .into_iter()
                    .map(|x| match x {
                        SummaryMatch::Covered(e) => Value::String(e),
                        SummaryMatch::Unlisted => Value::String(String::new()),
                        SummaryMatch::Skip => Value::Null,
                    })
                    .collect();
                assert_eq!(Value::Array(got), step["matches"], "{name}");
            } else if step["answered"].as_bool() == Some(true) {
                let JobCall::Employee(e) = &call else { panic!("{name}") };
                m.employee_answered(e);
            } else if let Some(fail) = step["fail"].as_array() {
                let action = m.call_failed(&call, fail[0].as_str().unwrap(), fail[1].as_i64());
                let want = match step["action"].as_str().unwrap() {
                    "fatal" => FailureAction::Fatal,
                    "fallback" => FailureAction::FallBack,
                    _ => FailureAction::EmployeeFailed,
                };
                assert_eq!(action, want, "{name}");
            }
        }
    }
}

#[test]
fn every_invalid_case_names_its_field() {
    let v = load();
    for case in v["invalid"].as_array().expect("invalid") {
        let name = case["name"].as_str().unwrap_or("?");
        let (year, month) = (case["year"].as_i64().unwrap() as i32, case["month"].as_i64().unwrap());
        let departments = strings(&case["departments"]);
        let result = match case["checkpoint"].as_str() {
            Some(text) => MonthClose::resume(text, Some((year, month, &departments))),
            None => MonthClose::new(year, month, departments),
        };
        match result {
            Err(Error::InvalidInput { field, .. }) => assert_eq!(field, case["field"].as_str().unwrap(), "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// tests/vectors/owners.json: whose a checkpoint is, as the core and npm's own driver compute it.
#[test]
fn every_owner_of_the_owners_vectors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/owners.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("owners.json")).expect("JSON");
    let cases = v["cases"].as_array().expect("cases");
    assert!(cases.len() >= 5);
    for case in cases {
        let (base, key) = (case["baseUrl"].as_str().unwrap(), case["apiKey"].as_str().unwrap());
        assert_eq!(zeitkonto_core::jobs::owner_of(base, key), case["owner"].as_str().unwrap(), "{case}");
    }
}
