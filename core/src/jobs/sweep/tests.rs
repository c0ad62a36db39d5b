use super::*;

fn d(s: &str) -> Date {
    s.parse().unwrap()
}

fn field(e: Error) -> String {
    match e {
        Error::InvalidInput { field, .. } => field,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_calls_arguments_are_the_sdks_names() {
    let call = SweepCall::ProjectBookings {
        email: "pm@x".into(),
        uuid: "p".into(),
        start: d("2026-01-01"),
        end: d("2026-01-02"),
    };
    assert_eq!(
        call.args(),
        serde_json::json!({"email": "pm@x", "uuid": "p", "start": "2026-01-01", "end": "2026-01-02"})
    );
    assert_eq!(SweepCall::Presence { day: None, email: None }.args(), serde_json::json!({}));
    assert_eq!(SweepCall::Employees.args(), serde_json::json!({}));
}

#[test]
fn the_presence_board_is_one_call() {
    let mut job = Sweep::presence_board(Some(d("2026-03-02")));
    assert_eq!(job.plan(), Plan { path: "company", calls: 1, eta_ms: 1_000 });
    let call = job.next_call().unwrap();
    assert_eq!(call, SweepCall::Presence { day: Some(d("2026-03-02")), email: None });
    job.answered(&call);
    assert_eq!(job.next_call(), None);
    assert_eq!(job.progress(), Progress { done: 1, total: 1, eta_ms: 0 });
}

#[test]
fn an_unusable_company_answer_falls_back_to_one_call_per_employee() {
    let mut job = Sweep::presence_board(None);
    let call = job.next_call().unwrap();
    assert_eq!(job.call_failed(&call, "Decode", None), SweepAction::FallBack);
    assert_eq!(job.fallbacks()[0].call, "presence");
    assert_eq!(job.next_call(), Some(SweepCall::Employees));
    job.employees_listed(vec!["a@x".into(), "b@x".into(), "a@x".into(), String::new()]);
    assert_eq!(job.plan().path, "employees");
    assert_eq!(job.progress(), Progress { done: 2, total: 4, eta_ms: 2_000 });
    let a = job.next_call().unwrap();
    assert_eq!(a.key(), "presence:a@x");
    // One employee's failure is listed, not fatal, and never a second fallback.
    assert_eq!(job.call_failed(&a, "Api", Some(1)), SweepAction::Failed);
    assert_eq!(job.failures()["presence:a@x"], "Api 1");
    let b = job.next_call().unwrap();
    job.answered(&b);
    assert_eq!(job.next_call(), None);
}

#[test]
fn a_refused_key_or_a_failed_list_stops_the_job() {
    let mut job = Sweep::presence_board(None);
    let call = job.next_call().unwrap();
    assert_eq!(job.call_failed(&call, "Api", Some(2)), SweepAction::Fatal);
    assert!(job.stopped());
    assert_eq!(job.next_call(), None);

    let mut job = Sweep::project_hours("pm@x", d("2026-01-01"), d("2026-01-31"), vec![]).unwrap();
    let call = job.next_call().unwrap();
    assert_eq!(job.call_failed(&call, "Decode", None), SweepAction::Fatal);
}

#[test]
fn the_leave_year_report_is_one_call_and_its_failure_is_listed() {
    let mut job = Sweep::leave_year_report(2026).unwrap();
    let call = job.next_call().unwrap();
    assert_eq!(call.key(), "leave_year:2026");
    assert_eq!(job.call_failed(&call, "Decode", None), SweepAction::Failed);
    assert_eq!(job.next_call(), None);
    assert_eq!(job.failures().len(), 1);
}

#[test]
fn project_hours_ask_top_level_projects_in_pieces_the_api_takes() {
    assert_eq!(pieces(d("2026-01-01"), d("2026-01-01")), [(d("2026-01-01"), d("2026-01-01"))]);
    assert_eq!(pieces(d("2026-01-01"), d("2026-02-01")), [(d("2026-01-01"), d("2026-02-01"))]);
    assert_eq!(
        pieces(d("2026-01-01"), d("2026-03-31")),
        [(d("2026-01-01"), d("2026-02-01")), (d("2026-02-02"), d("2026-03-05")), (d("2026-03-06"), d("2026-03-31"))]
    );
    let mut job = Sweep::project_hours("pm@x", d("2026-01-01"), d("2026-03-31"), vec![]).unwrap();
    assert_eq!(job.plan(), Plan { path: "projects", calls: 1, eta_ms: 1_000 });
    let asked = job.projects_listed(vec![
        ("p1".into(), Some("0".into())),
        ("p1a".into(), Some("p1".into())),
        ("p2".into(), None),
        ("p3".into(), Some("gone".into())),
    ]);
    assert_eq!(asked, ["p1", "p2", "p3"]);
    assert_eq!(job.progress(), Progress { done: 1, total: 10, eta_ms: 9_000 });
    let first = job.next_call().unwrap();
    assert_eq!(first.key(), "project_bookings:p1:2026-01-01..2026-02-01");
    assert_eq!(job.call_failed(&first, "Api", Some(4)), SweepAction::Failed);
    assert_eq!(job.next_call().unwrap().key(), "project_bookings:p1:2026-02-02..2026-03-05");
}

#[test]
fn a_resumed_sweep_makes_only_the_calls_it_had_not_finished() {
    let ask =
        || Sweep::project_hours("pm@x", d("2026-01-01"), d("2026-01-10"), vec!["a".into(), "b".into(), "c".into()]);
    let mut job = ask().unwrap();
    // The list checks the given ids: "c" is not a project of the company (listed, no call).
    assert_eq!(job.projects_listed(vec![("a".into(), None), ("b".into(), Some("0".into()))]), ["a", "b"]);
    assert_eq!(job.failures()["project_bookings:c"], "NotInProjectList");
    let first = job.next_call().unwrap();
    job.answered(&first);
    let saved = job.checkpoint();
    let mut resumed = Sweep::resume(&saved, Some(&ask().unwrap())).unwrap();
    let mut rest = Vec::new();
    while let Some(c) = resumed.next_call() {
        rest.push(c.key());
        resumed.answered(&c);
    }
    assert_eq!(rest, ["project_bookings:b:2026-01-01..2026-01-10"]);
    assert_eq!(resumed.progress().done, 3);
    assert_eq!(resumed.failures().len(), 1, "an id the list does not have stays listed");
    let other = Sweep::leave_year_report(2026).unwrap();
    assert_eq!(field(Sweep::resume(&saved, Some(&other)).unwrap_err()), "checkpoint");
    assert_eq!(field(Sweep::resume("[]", None).unwrap_err()), "checkpoint");
    let month_close = crate::jobs::MonthClose::new(2026, 3, vec![]).unwrap().checkpoint();
    assert_eq!(field(Sweep::resume(&month_close, None).unwrap_err()), "checkpoint");
}

#[test]
fn another_jobs_checkpoint_is_refused_saying_whose_it_is() {
    let reason = |e: Error| match e {
        Error::InvalidInput { field, reason } if field == "checkpoint" => reason,
        other => panic!("{other:?}"),
    };
    let month_close = crate::jobs::MonthClose::new(2026, 3, vec![]).unwrap().checkpoint();
    assert!(reason(Sweep::resume(&month_close, None).unwrap_err()).contains("a month close's checkpoint"));
    let board = Sweep::presence_board(None).checkpoint();
    let leave = Sweep::leave_year_report(2026).unwrap();
    assert!(reason(Sweep::resume(&board, Some(&leave)).unwrap_err())
        .contains("a presence_board checkpoint, not a leave_year_report one"));
    let last_year = Sweep::leave_year_report(2025).unwrap().checkpoint();
    assert!(reason(Sweep::resume(&last_year, Some(&leave)).unwrap_err()).contains("asked differently"));
    let m = crate::jobs::MonthClose::resume(&board, None).unwrap_err();
    assert!(reason(m).contains("presence board's"));
}

#[test]
fn a_hand_edited_checkpoint_asking_another_call_is_refused() {
    let ask = || Sweep::project_hours("pm@x", d("2026-01-01"), d("2026-01-10"), vec!["a".into()]).unwrap();
    let mut job = ask();
    job.projects_listed(vec![("a".into(), None)]);
    let text = job.checkpoint();
    assert!(Sweep::resume(&text, Some(&ask())).is_ok());
    for (from, to) in
        [("\"uuid\":\"a\"", "\"uuid\":\"z\""), ("2026-01-10", "2026-03-10"), ("pm@x\",\"uuid", "other@x\",\"uuid")]
    {
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text, "{from}");
        assert_eq!(field(Sweep::resume(&edited, Some(&ask())).unwrap_err()), "checkpoint", "{from}");
    }
}

#[test]
fn bad_input_is_refused_naming_the_field() {
    assert_eq!(field(Sweep::leave_year_report(0).unwrap_err()), "year");
    assert_eq!(field(Sweep::project_hours(" ", d("2026-01-01"), d("2026-01-02"), vec![]).unwrap_err()), "email");
    assert_eq!(field(Sweep::project_hours("pm@x", d("2026-01-02"), d("2026-01-01"), vec![]).unwrap_err()), "start");
    assert_eq!(
        field(
            Sweep::project_hours("pm@x", d("2026-01-01"), d("2026-01-02"), vec!["a".into(), "a".into()]).unwrap_err()
        ),
        "projects"
    );
}
