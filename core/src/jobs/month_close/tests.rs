use super::*;

fn people(n: usize) -> Vec<Person> {
    (0..n).map(|i| Person { email: format!("p{i}@x.example"), name: format!("Person {i}") }).collect()
}

#[test]
fn without_departments_it_is_one_list_call_then_one_call_per_employee() {
    let mut job = MonthClose::new(2026, 3, vec![]).unwrap();
    assert_eq!(job.next_call(), Some(JobCall::Employees));
    job.employees_listed(people(3));
    assert_eq!(job.plan(), Plan { path: "employees", calls: 3, eta_ms: 3_000 });
    let mut calls = 0;
    while let Some(JobCall::Employee(e)) = job.next_call() {
        job.employee_answered(&e);
        calls += 1;
    }
    assert_eq!(calls, 3);
    assert_eq!(job.progress(), Progress { done: 4, total: 4, eta_ms: 0 });
}

#[test]
fn departments_that_cover_everyone_need_no_employee_call() {
    let mut job = MonthClose::new(2026, 3, vec!["d1".into(), "d2".into()]).unwrap();
    job.employees_listed(people(4));
    assert_eq!(job.next_call(), Some(JobCall::Department("d1".into())));
    assert_eq!(
        job.department_answered("d1", &["person 0".into(), "Person  1".into(), "Left Lastmonth".into()]),
        [
            SummaryMatch::Covered("p0@x.example".into()),
            SummaryMatch::Covered("p1@x.example".into()),
            SummaryMatch::Unlisted
        ]
    );
    job.department_answered("d2", &["Person 2".into(), "Person 3".into(), "Person 3".into()]);
    assert_eq!(job.next_call(), None);
    assert_eq!(job.progress().done, 3);
}

#[test]
fn a_refused_department_and_a_missing_employee_fall_back_per_employee() {
    let mut job = MonthClose::new(2026, 3, vec!["d1".into(), "d2".into()]).unwrap();
    job.employees_listed(people(4));
    job.department_answered("d1", &["Person 0".into()]); // Person 1 missing from its summary
    assert_eq!(job.call_failed(&JobCall::Department("d2".into()), "UnexpectedStatus", None), FailureAction::FallBack);
    let mut own = Vec::new();
    while let Some(JobCall::Employee(e)) = job.next_call() {
        own.push(e.clone());
        job.employee_answered(&e);
    }
    assert_eq!(own, ["p1@x.example", "p2@x.example", "p3@x.example"]);
    assert_eq!(job.fallbacks()[0].department, "d2");
}

#[test]
fn the_settled_marks_cross_words_of_64_and_survive_a_resume() {
    let mut job = MonthClose::new(2026, 3, vec!["d".into()]).unwrap();
    job.employees_listed(people(130));
    // The department covers #70 and #128; #64 and #129 fail; the rest answer on their own.
    job.department_answered("d", &["Person 70".into(), "Person 128".into()]);
    let mut asked = Vec::new();
    while let Some(JobCall::Employee(e)) = job.next_call() {
        asked.push(e.clone());
        if e == "p64@x.example" || e == "p129@x.example" {
            job.call_failed(&JobCall::Employee(e), "UnexpectedStatus", None);
        } else {
            job.employee_answered(&e);
        }
    }
    assert_eq!(asked.len(), 128);
    assert!(!asked.contains(&"p70@x.example".to_string()) && !asked.contains(&"p128@x.example".to_string()));
    assert_eq!(job.progress(), Progress { done: 2 + 128, total: 2 + 128, eta_ms: 0 });
    let mut resumed = MonthClose::resume(&job.checkpoint(), Some((2026, 3, &["d".to_string()]))).unwrap();
    let mut again = Vec::new();
    while let Some(JobCall::Employee(e)) = resumed.next_call() {
        again.push(e.clone());
        resumed.employee_answered(&e);
    }
    assert_eq!(again, ["p64@x.example", "p129@x.example"], "the failed ones, asked again");
    // A mark beyond the 130th employee (a hand-edited checkpoint) is refused.
    let text = job.checkpoint();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut edited = v.clone();
    edited["settled"][2] = serde_json::json!(u64::MAX);
    assert!(MonthClose::resume(&edited.to_string(), None).is_err());
}

#[test]
fn a_shared_name_is_never_matched_to_a_summary() {
    let mut job = MonthClose::new(2026, 3, vec!["d".into()]).unwrap();
    let mut list = people(2);
    list[1].name = "Person 0".into();
    job.employees_listed(list);
    assert_eq!(job.department_answered("d", &["Person 0".into()]), [SummaryMatch::Skip]);
    assert_eq!(job.next_call(), Some(JobCall::Employee("p0@x.example".into())));
}

#[test]
fn one_employees_failure_is_data_and_a_refused_key_stops_the_job() {
    let mut job = MonthClose::new(2026, 3, vec![]).unwrap();
    job.employees_listed(people(3));
    let first = job.next_call().unwrap();
    assert_eq!(job.call_failed(&first, "Api", Some(1)), FailureAction::EmployeeFailed);
    assert_eq!(job.failures().len(), 1);
    let second = job.next_call().unwrap();
    assert_ne!(first, second, "a failed employee is not asked again");
    assert_eq!(job.call_failed(&second, "Api", Some(3)), FailureAction::Fatal);
    assert_eq!(job.next_call(), None);
    assert!(job.stopped());
}

#[test]
fn a_resumed_job_makes_only_the_calls_it_had_not_finished() {
    let mut job = MonthClose::new(2026, 3, vec![]).unwrap();
    job.employees_listed(people(5));
    for _ in 0..2 {
        let Some(JobCall::Employee(e)) = job.next_call() else { panic!() };
        job.employee_answered(&e);
    }
    let saved = job.checkpoint();
    let mut resumed = MonthClose::resume(&saved, Some((2026, 3, &[]))).unwrap();
    let mut rest = Vec::new();
    while let Some(JobCall::Employee(e)) = resumed.next_call() {
        rest.push(e.clone());
        resumed.employee_answered(&e);
    }
    assert_eq!(rest, ["p2@x.example", "p3@x.example", "p4@x.example"]);
}

#[test]
fn bad_input_and_corrupt_checkpoints_are_refused_naming_the_field() {
    let field = |e: Error| match e {
        Error::InvalidInput { field, .. } => field,
        other => panic!("{other:?}"),
    };
    assert_eq!(field(MonthClose::new(2026, 13, vec![]).unwrap_err()), "month");
    assert_eq!(field(MonthClose::new(2026, 0, vec![]).unwrap_err()), "month");
    assert_eq!(field(MonthClose::new(2026, 3, vec!["a".into(), "a".into()]).unwrap_err()), "departments");
    assert_eq!(field(MonthClose::resume("{not json", None).unwrap_err()), "checkpoint");
    assert_eq!(field(MonthClose::resume("{}", None).unwrap_err()), "checkpoint");
    let empty = MonthClose::resume(" \n", None).unwrap_err();
    assert!(empty.to_string().contains("is empty, not a job checkpoint"), "{empty}");
    let other = MonthClose::new(2026, 4, vec![]).unwrap().checkpoint();
    assert_eq!(field(MonthClose::resume(&other, Some((2026, 3, &[]))).unwrap_err()), "checkpoint");
}
