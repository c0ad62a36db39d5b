//! The Rust job API (`Client::month_close`, the core's planner) against the in-process sandbox.

use futures_util::StreamExt;
use zeitkonto::jobs::JobEvent;
use zeitkonto::{Error, OperationId};
use zeitkonto_sandbox::engine::EngineConfig;
use zeitkonto_sandbox::{Fault, FaultKind, InProcess, Seed};

fn kit(seed: Option<Seed>) -> InProcess {
    InProcess::new(EngineConfig { today: "2026-11-21".parse().ok(), seed, ..Default::default() })
}

async fn accounts(job: &mut zeitkonto::jobs::MonthCloseJob) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(e) = job.next().await {
        if let JobEvent::Account(row) = e.unwrap() {
            out.push(row.employee);
        }
    }
    out
}

#[tokio::test]
async fn departments_known_make_departments_plus_one_calls() {
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let mut job = client.month_close(2026, 10, vec!["SALES".into(), "ENG".into(), "OPS".into()], None).unwrap();
    assert_eq!(job.plan().calls, 4);
    assert_eq!(accounts(&mut job).await.len(), 39);
    assert_eq!(sb.requests(OperationId::TimeAccount), 0);
    assert_eq!(sb.requests(OperationId::DepartmentMonthEmployees), 3);
}

#[tokio::test]
async fn a_bench_company_of_500_in_12_departments_needs_at_most_departments_plus_2_calls() {
    let today = "2026-11-21".parse().unwrap();
    let sb = kit(Some(Seed::demo(today).with_bench_company(12, 500)));
    let client = sb.client().build().unwrap();
    let mut departments: Vec<String> = (1..=12).map(|d| format!("B{d:02}")).collect();
    departments.extend(["SALES", "ENG", "OPS"].map(String::from));
    let n = departments.len();
    let mut job = client.month_close(2026, 10, departments, None).unwrap();
    let rows = accounts(&mut job).await;
    assert_eq!(rows.len(), 539);
    let calls: u64 = [OperationId::Employees, OperationId::DepartmentMonthEmployees, OperationId::TimeAccount]
        .iter()
        .map(|op| sb.requests(*op))
        .sum();
    assert!(calls <= n as u64 + 2, "{calls} calls for {n} departments");
}

#[tokio::test]
async fn the_stream_resumes_from_a_checkpoint_making_only_the_call_in_hand_again() {
    use std::collections::BTreeSet;
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let mut job = client.month_close(2026, 10, vec![], None).unwrap();
    let mut seen = Vec::new();
    {
        // A `Stream` that borrows the job: once it is dropped, the job is there for its checkpoint.
        let mut events = std::pin::pin!(job.stream());
        while let Some(e) = events.next().await {
            if let JobEvent::Account(row) = e.unwrap() {
                seen.push(row.employee);
                if seen.len() == 10 {
                    break; // stopped while handling the 10th account: its call is not finished
                }
            }
        }
    }
    let checkpoint = job.checkpoint();
    let resumed = client.month_close(2026, 10, vec![], Some(&checkpoint)).unwrap();
    // The resumed job as a `Stream`.
    let rest: Vec<String> = resumed
        .into_stream()
        .filter_map(|e| async move {
            match e {
                Ok(JobEvent::Account(row)) => Some(row.employee),
                _ => None,
            }
        })
        .collect()
        .await;
    // At least once: the 10th account again, nothing lost, no other call twice.
    assert_eq!(rest[0], seen[9]);
    assert_eq!(seen.len() + rest.len(), 40);
    assert_eq!(seen.iter().chain(&rest).collect::<BTreeSet<_>>().len(), 39);
    assert_eq!(sb.requests(OperationId::TimeAccount), 40);
    assert_eq!(sb.requests(OperationId::Employees), 1);
}

#[tokio::test]
async fn partial_failure_is_an_event_and_a_refused_key_ends_the_stream_with_the_error() {
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    sb.inject(Fault::new(FaultKind::Html).on(OperationId::TimeAccount)).unwrap();
    let mut job = client.month_close(2026, 10, vec![], None).unwrap();
    let mut failures = 0;
    while let Some(e) = job.next().await {
        if let JobEvent::EmployeeFailure { error, .. } = e.unwrap() {
            assert!(matches!(error, Error::Decode { .. }), "{error:?}");
            failures += 1;
        }
    }
    assert_eq!(failures, 1);
    let bad = sb.client().api_key("not-a-key").build().unwrap();
    let mut job = bad.month_close(2026, 10, vec![], None).unwrap();
    assert!(matches!(job.next().await, Some(Err(Error::Api { code: 3, .. }))));
    assert!(job.next().await.is_none());
    assert!(matches!(client.month_close(2026, 13, vec![], None), Err(Error::InvalidInput { .. })));
}

// The sweeps: presence board, leave-year report, project hours (the core's `Sweep`).

fn date(s: &str) -> zeitkonto::Date {
    s.parse().unwrap()
}

async fn drain(mut job: zeitkonto::jobs::SweepJob) -> (Vec<JobEvent>, Option<Error>) {
    let mut out = Vec::new();
    while let Some(e) = job.next().await {
        match e {
            Ok(e) => out.push(e),
            Err(e) => return (out, Some(e)),
        }
    }
    (out, None)
}

#[tokio::test]
async fn the_presence_board_is_the_company_wide_call_in_one_request() {
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let day = date("2026-11-20");
    let job = client.presence_board(Some(day), None).unwrap();
    assert_eq!((job.plan().path, job.plan().calls), ("company", 1));
    let (events, fatal) = drain(job).await;
    assert!(fatal.is_none());
    let rows: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            JobEvent::Presence(r) => Some(r.entry.clone()),
            _ => None,
        })
        .collect();
    assert!(matches!(events[0], JobEvent::Progress(p) if p.done == 1 && p.total == 1), "progress first");
    assert_eq!(rows, client.presence(None, Some(day)).await.unwrap().info);
    assert!(rows.len() > 10);
    assert_eq!(sb.requests(OperationId::Presence), 2);
}

#[tokio::test]
async fn an_unusable_presence_answer_falls_back_to_one_call_per_employee() {
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    sb.inject(Fault::new(FaultKind::Truncated).on(OperationId::Presence)).unwrap();
    let (events, fatal) = drain(client.presence_board(Some(date("2026-11-20")), None).unwrap()).await;
    assert!(fatal.is_none());
    let fallback = events.iter().find_map(|e| match e {
        JobEvent::Fallback(f) => Some(f.clone()),
        _ => None,
    });
    assert_eq!(fallback.expect("a fallback event").call, "presence");
    let sources: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            JobEvent::Presence(r) => Some(r.source.clone()),
            _ => None,
        })
        .collect();
    let employees = client.employees().await.unwrap().len();
    assert!(!sources.is_empty() && sources.iter().all(|s| s.starts_with("presence:")), "{sources:?}");
    // The company-wide call, the list, one per employee (those not time-tracked may fail: listed).
    assert_eq!(sb.requests(OperationId::Presence), 1 + employees as u64);
    assert_eq!(sb.requests(OperationId::Employees), 2);
}

#[tokio::test]
async fn the_leave_year_report_is_one_call_with_its_legend_on_every_row() {
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let (events, fatal) = drain(client.leave_year_report(2026, None).unwrap()).await;
    assert!(fatal.is_none());
    let single = client.leave_year(2026).await.unwrap();
    let rows: Vec<_> = events
        .into_iter()
        .filter_map(|e| match e {
            JobEvent::Leave(r) => Some(r),
            _ => None,
        })
        .collect();
    assert_eq!(rows.iter().map(|r| r.entry.clone()).collect::<Vec<_>>(), single.employees);
    assert!(!rows.is_empty() && rows.iter().all(|r| *r.legend == single.legend && r.source == "leave_year:2026"));
    assert_eq!(sb.requests(OperationId::LeaveYear), 2);
}

#[tokio::test]
async fn project_hours_ask_each_top_level_project_per_piece_and_resume_without_losing_a_row() {
    use std::collections::BTreeMap;
    use zeitkonto_sandbox::seed::demo::{MANAGER, PROJECT_WEBSITE_BACKEND};
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let (start, end) = (date("2026-09-01"), date("2026-11-20")); // 81 days: 3 pieces
    let mut job = client.project_hours(MANAGER, start, end, vec![], None).unwrap();
    // Rows by the call that produced them; stop at the first row of a booking call from the 5th on.
    let mut by_call: BTreeMap<String, Vec<serde_json::Value>> = BTreeMap::new();
    let mut stopped_after = None;
    while let Some(e) = job.next().await {
        if let JobEvent::Booking(r) = e.unwrap() {
            by_call.entry(r.source.clone()).or_default().push(r.entry);
            if sb.requests(OperationId::ProjectBookings) >= 5 {
                stopped_after = Some(sb.requests(OperationId::ProjectBookings));
                break;
            }
        }
    }
    let n = stopped_after.expect("a booking from the 5th piece on in the demo seed");
    assert!(n < 12);
    let checkpoint = job.checkpoint();
    let resumed = client.project_hours(MANAGER, start, end, vec![], Some(&checkpoint)).unwrap();
    assert_eq!(resumed.plan().calls as u64, 12 - (n - 1), "the call whose rows were not all handed over is made again");
    let (rest, fatal) = drain(resumed).await;
    assert!(fatal.is_none());
    let mut again: BTreeMap<String, Vec<serde_json::Value>> = BTreeMap::new();
    for e in rest {
        if let JobEvent::Booking(r) = e {
            again.entry(r.source).or_default().push(r.entry);
        }
    }
    by_call.extend(again);
    // 4 top-level projects (the sub-project's bookings come with its parent's), 3 pieces each,
    // the list once, the interrupted piece twice: 13 booking calls.
    assert_eq!(sb.requests(OperationId::Projects), 1);
    assert_eq!(sb.requests(OperationId::ProjectBookings), 13);
    assert!(n >= 5);
    assert!(by_call.keys().all(|k| !k.contains(PROJECT_WEBSITE_BACKEND)), "{by_call:?}");
    // Every row the single calls give, none lost.
    for p in ["p-website", "p-internal", "p-support-a", "p-support-b"] {
        for (s, e) in [("2026-09-01", "2026-10-02"), ("2026-10-03", "2026-11-03"), ("2026-11-04", "2026-11-20")] {
            let single = client.project_bookings(MANAGER, p, date(s), date(e)).await.unwrap().entries;
            let key = format!("project_bookings:{p}:{s}..{e}");
            assert_eq!(by_call.get(&key).cloned().unwrap_or_default(), single, "{key}");
        }
    }
    assert!(by_call.values().map(Vec::len).sum::<usize>() > 4);
}

#[tokio::test]
async fn a_failed_piece_is_listed_and_a_refused_key_stops_a_sweep() {
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let manager = zeitkonto_sandbox::seed::demo::MANAGER;
    sb.inject(Fault::new(FaultKind::Html).on(OperationId::ProjectBookings)).unwrap();
    let job = client.project_hours(manager, date("2026-11-01"), date("2026-11-20"), vec![], None).unwrap();
    let (events, fatal) = drain(job).await;
    assert!(fatal.is_none());
    let failed: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            JobEvent::CallFailure { call, error } => Some((call.clone(), error.kind())),
            _ => None,
        })
        .collect();
    assert_eq!(failed.len(), 1);
    assert!(failed[0].0.starts_with("project_bookings:") && failed[0].1 == "Decode", "{failed:?}");

    let bad = sb.client().api_key("not-a-key").build().unwrap();
    let (events, fatal) = drain(bad.presence_board(None, None).unwrap()).await;
    assert!(events.is_empty());
    assert!(matches!(fatal, Some(Error::Api { code: 3, .. })), "{fatal:?}");
    assert!(matches!(client.leave_year_report(0, None), Err(Error::InvalidInput { .. })));
    let other = client.leave_year_report(2025, None).unwrap().checkpoint();
    assert!(matches!(client.leave_year_report(2026, Some(&other)), Err(Error::InvalidInput { .. })));
}

/// `zeitkonto::jobs::Job` (what Python drives): a call is in the checkpoint once its events were
/// handed over and `settle` (or the next `next`) says the consumer asks for more; the note joins
/// the checkpoint with it; a job resumed from a checkpoint taken mid-call makes that call again.
#[tokio::test]
async fn the_one_job_type_settles_a_call_when_its_events_are_handled() {
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let mut job: zeitkonto::jobs::Job = client.leave_year_report(2026, None).unwrap().into();
    assert_eq!(job.name(), "leave_year_report");
    let fresh = job.checkpoint();
    assert!(matches!(job.next().await, Some(Ok(JobEvent::Progress(_)))));
    assert!(matches!(job.next().await, Some(Ok(JobEvent::Leave(_)))));
    job.set_note(Some("1 row".into()));
    job.settle(); // rows of the call are still to be handed over: not finished
    let mid_call = job.checkpoint();
    assert_eq!(mid_call, fresh, "the call in hand is not in the checkpoint");
    while let Some(Ok(JobEvent::Leave(_))) = job.next().await {}
    job.settle();
    let done = job.checkpoint();
    assert_ne!(done, fresh);
    assert!(done.contains("1 row"), "the note joins with the finished call: {done}");
    assert_eq!(sb.requests(OperationId::LeaveYear), 1);
    // Resumed from the mid-call checkpoint: the call is made again (at least once, never lost).
    let mut again: zeitkonto::jobs::Job = client.leave_year_report(2026, Some(&mid_call)).unwrap().into();
    while let Some(e) = again.next().await {
        e.unwrap();
    }
    assert_eq!(sb.requests(OperationId::LeaveYear), 2);
}

#[tokio::test]
async fn any_job_starts_from_its_name_and_arguments_checked_by_the_core() {
    use zeitkonto::jobs::{Job, JobSpec};
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let spec = JobSpec::from_json("month_close", &serde_json::json!({"year": 2026, "month": 10})).unwrap();
    let mut job = client.job(&spec, None).unwrap();
    assert_eq!(job.name(), "month_close");
    let mut rows = 0;
    while let Some(e) = job.next().await {
        rows += usize::from(matches!(e.unwrap(), JobEvent::Account(_)));
    }
    assert_eq!(rows, 39);
    let done = job.checkpoint();
    // The same job resumed from its checkpoint makes no call; another job's checkpoint is refused.
    let before = sb.requests(OperationId::TimeAccount);
    let mut again = client.job(&spec, Some(&done)).unwrap();
    while let Some(e) = again.next().await {
        e.unwrap();
    }
    assert_eq!(sb.requests(OperationId::TimeAccount), before);
    // Another company's key (or another service) is refused its checkpoint, before any call: its
    // calls would ask that company for this one's employees.
    let other = sb.client().api_key(zeitkonto_sandbox::seed::demo::OTHER_COMPANY_KEY).build().unwrap();
    let refused = other.job(&spec, Some(&done)).err().expect("refused");
    assert!(
        matches!(&refused, Error::InvalidInput { field, reason } if field == "checkpoint" && reason.contains("another account")),
        "{refused}"
    );
    let elsewhere = sb.client().base_url("http://127.0.0.1:9/other").build().unwrap();
    assert!(matches!(elsewhere.job(&spec, Some(&done)), Err(Error::InvalidInput { .. })));
    assert!(!done.contains("demo-company-key") && !refused.to_string().contains("other-company"));
    let board = JobSpec::from_json("presence_board", &serde_json::json!({"day": "2026-11-19"})).unwrap();
    let mut board_job = client.job(&board, None).unwrap();
    let fresh = board_job.checkpoint();
    assert!(other.job(&board, Some(&fresh)).is_ok(), "no call answered yet: no key's");
    while let Some(e) = board_job.next().await {
        e.unwrap();
    }
    let board_done = board_job.checkpoint();
    assert!(
        matches!(other.job(&board, Some(&board_done)), Err(Error::InvalidInput { field, .. }) if field == "checkpoint")
    );
    // A checkpoint written before owners were kept is taken (it becomes the key's at its next answer).
    let unowned = serde_json::to_string(&{
        let mut v: serde_json::Value = serde_json::from_str(&done).unwrap();
        v.as_object_mut().unwrap().remove("owner").expect("an owner kept");
        v
    })
    .unwrap();
    assert!(other.job(&spec, Some(&unowned)).is_ok());
    let presence = sb.requests(OperationId::Presence);
    assert!(matches!(client.job(&board, Some(&done)), Err(Error::InvalidInput { .. })));
    assert!(matches!(client.job(&board, None), Ok(Job::Sweep(_))));
    // Bad arguments are refused before any call, naming the argument.
    let bad = JobSpec::from_json("month_close", &serde_json::json!({"year": 2026, "month": 13}));
    assert!(matches!(bad, Err(Error::InvalidInput { field, .. }) if field == "month"));
    assert_eq!(sb.requests(OperationId::Presence), presence, "a job makes no call when it is made");
}

#[tokio::test]
async fn the_checkpoint_file_holds_each_handled_call_and_a_stop_and_the_job_resumes_from_it() {
    use zeitkonto::jobs::checkpoint_file::CheckpointFile;
    let dir = std::env::temp_dir().join(format!("zeitkonto-ckpt-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("month.ckpt");
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let (mut file, text) = CheckpointFile::open(Some(path.clone())).unwrap();
    assert_eq!((text, file.saved()), (None, String::new()), "no file yet: a fresh job");
    let mut job: zeitkonto::jobs::Job = client.month_close(2026, 10, Vec::new(), None).unwrap().into();
    file.save(&job).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), job.checkpoint(), "written at once");
    // Three accounts handled; the fourth call's events are in hand when the consumer stops.
    let mut accounts = 0;
    while accounts < 4 {
        match file.next(&mut job).await {
            Some(Ok(JobEvent::Account(_))) => accounts += 1,
            Some(Ok(_)) => {}
            other => panic!("the job ended before its fourth account: {other:?}"),
        }
    }
    let on_disk = std::fs::read_to_string(&path).unwrap();
    assert_eq!(on_disk, file.saved());
    let calls = sb.requests(OperationId::TimeAccount);
    // Resumed from the file: the call in hand is made again, the handled ones are not.
    let (mut file, text) = CheckpointFile::open(Some(path.clone())).unwrap();
    let mut again: zeitkonto::jobs::Job = client.month_close(2026, 10, Vec::new(), text.as_deref()).unwrap().into();
    let mut rest = 0;
    while let Some(e) = file.next(&mut again).await {
        rest += usize::from(matches!(e.unwrap(), JobEvent::Account(_)));
    }
    assert_eq!(rest, 39 - 3);
    assert_eq!(sb.requests(OperationId::TimeAccount), calls + 36);
    // A stop is saved: the file holds the job's state after the stop (the stopping call not
    // finished), and a resume makes the stopping call again.
    let (mut file, _) = CheckpointFile::open(Some(dir.join("stopped.ckpt"))).unwrap();
    let bad = sb.client().api_key("not-a-key").build().unwrap();
    let mut stopped: zeitkonto::jobs::Job = bad.leave_year_report(2026, None).unwrap().into();
    let handle = file.saved_handle();
    let first = file.next(&mut stopped).await;
    assert!(matches!(first, Some(Err(_))), "{first:?}");
    let on_disk = std::fs::read_to_string(dir.join("stopped.ckpt")).unwrap();
    assert_eq!(
        (on_disk.as_str(), handle.get().as_str()),
        (stopped.checkpoint().as_str(), stopped.checkpoint().as_str())
    );
    let before = sb.requests(OperationId::LeaveYear);
    // (With the key put right: a job stopped before any answer is no key's yet.)
    assert!(!on_disk.contains("\"owner\""), "{on_disk}");
    let mut resumed: zeitkonto::jobs::Job = client.leave_year_report(2026, Some(&on_disk)).unwrap().into();
    while let Some(e) = resumed.next().await {
        e.unwrap();
    }
    assert_eq!(sb.requests(OperationId::LeaveYear), before + 1, "the stopping call is made again");
    // Once answered, the job is that key's: the bad key is refused the checkpoint.
    assert!(bad.leave_year_report(2026, Some(&resumed.checkpoint())).is_err());
    // A file that cannot be written fails the save, naming the checkpoint.
    let (mut nowhere, _) = CheckpointFile::open(Some(dir.join("no/such/dir.ckpt"))).unwrap();
    assert!(matches!(nowhere.save(&stopped), Err(Error::InvalidInput { field, .. }) if field == "checkpoint"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn the_estimates_assume_the_clients_rate_limit_unless_the_job_says_otherwise() {
    use zeitkonto::LimiterConfig;
    let sb = kit(None);
    let departments = || vec!["SALES".to_string(), "ENG".to_string(), "OPS".to_string()];
    let eta = |limit: LimiterConfig| {
        let client = sb.client().rate_limit(limit).build().unwrap();
        client.month_close(2026, 10, departments(), None).unwrap().plan().eta_ms
    };
    // Four calls: four seconds at the API's 60 a minute, eight at a client's 30.
    assert_eq!(eta(LimiterConfig::DEFAULT), 4_000);
    assert_eq!(eta(LimiterConfig::per_window(30, 60_000)), 8_000);
    // A client limited above the API's 60, or not at all, still meets the server's limit.
    assert_eq!(eta(LimiterConfig::per_window(0, 60_000)), 4_000);
    // The job's own limitPerMinute wins.
    let client = sb.client().rate_limit(LimiterConfig::per_window(30, 60_000)).build().unwrap();
    let spec = serde_json::json!({"year": 2026, "month": 10, "departments": ["SALES"], "limitPerMinute": 60});
    assert_eq!(client.job_from_json("month_close", &spec, None).unwrap().plan().eta_ms, 2_000);
}
