//! The Rust job API (`Client::month_close`, the core's planner) against the in-process sandbox.

use futures_util::StreamExt;
use zeitkonto::jobs::JobEvent;
use zeitkonto::{Error, OperationId};
use zeitkonto_sandbox::engine::EngineConfig;
use zeitkonto_sandbox::{Fault, FaultKind, InProcess, Seed};

fn kit(seed: Option<Seed>) -> InProcess {
    let mut cfg = EngineConfig { today: "2026-11-21".parse().ok(), seed, ..Default::default() };
    cfg.rate_limit.limit = 0;
    InProcess::new(cfg)
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
async fn the_stream_resumes_from_a_checkpoint_without_calling_twice() {
    let sb = kit(None);
    let client = sb.client().build().unwrap();
    let mut job = client.month_close(2026, 10, vec![], None).unwrap();
    let mut seen = 0;
    while let Some(e) = job.next().await {
        if matches!(e.unwrap(), JobEvent::Account(_)) {
            seen += 1;
            if seen == 10 {
                break;
            }
        }
    }
    let checkpoint = job.checkpoint();
    let resumed = client.month_close(2026, 10, vec![], Some(&checkpoint)).unwrap();
    let rest =
        resumed.into_stream().filter(|e| std::future::ready(matches!(e, Ok(JobEvent::Account(_))))).count().await;
    assert_eq!(seen + rest, 39);
    assert_eq!(sb.requests(OperationId::TimeAccount), 39);
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
