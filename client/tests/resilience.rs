//! Every error kind, the limiter, 429s, and retries (reads yes, writes never twice), against the
//! sandbox. The sandbox's write counters prove nothing was applied twice.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::*;
use zeitkonto::ops::{BookAbsence, CreateProject, CreateShift, ExtraLeave};
use zeitkonto::{Client, Error, Event, LimiterConfig, Month, OperationId, RetryConfig};
use zeitkonto_sandbox::{demo, Fault, FaultKind};

fn d(s: &str) -> zeitkonto::Date {
    s.parse().expect("date")
}

#[tokio::test(flavor = "multi_thread")]
async fn error_kinds_from_the_api() {
    let sb = sandbox();
    let c = client(&sb);
    let with_key = |k: &str| builder(&sb).api_key(k).build().unwrap();
    assert_eq!(with_key("wrong-key").employees().await.unwrap_err(), Error::Api { status: 403, code: 3 });
    assert_eq!(
        with_key(demo::INACTIVE_COMPANY_KEY).employees().await.unwrap_err(),
        Error::Api { status: 403, code: 2 }
    );
    assert_eq!(
        with_key(demo::NOMODULES_COMPANY_KEY).presence(None, None).await.unwrap_err(),
        Error::Api { status: 403, code: 8 }
    );
    assert_eq!(with_key(demo::EMPLOYEE_KEY).employees().await.unwrap_err(), Error::Forbidden);
    assert_eq!(
        c.time_account("nobody@demo.example", 2026, Month::May).await.unwrap_err(),
        Error::Api { status: 403, code: 1 }
    );
    assert_eq!(c.go(demo::ANNA).await.unwrap_err(), Error::Refused);
    let err = c.time_account("nobody@demo.example", 2026, Month::May).await.unwrap_err();
    assert_eq!(err.api_code(), Some(zeitkonto::ApiCode::EmployeeNotFound));
}

#[tokio::test(flavor = "multi_thread")]
async fn invalid_input_is_refused_before_sending() {
    let sb = sandbox();
    let c = client(&sb);
    let long = c.project_bookings(demo::MANAGER, demo::PROJECT_WEBSITE, d("2026-10-01"), d("2026-11-05")).await;
    assert!(matches!(long, Err(Error::InvalidInput { ref field, .. }) if field == "startDate"));
    let shift = CreateShift {
        start_date: None,
        start_time: "00:00".parse().expect("a clock time"),
        // Seconds the API cannot take: refused, not rounded.
        end_time: "23:59:30".parse().expect("a clock time"),
        employee_amount: None,
        comment: None,
        project_uuid: None,
        employees: vec![],
    };
    assert!(matches!(c.create_shift(&shift).await, Err(Error::InvalidInput { ref field, .. }) if field == "endTime"));
    assert!(matches!(c.presence(Some("not-an-email"), None).await, Err(Error::InvalidInput { .. })));
    let none = Client::builder().base_url(sb.base_url()).build().unwrap();
    assert!(matches!(none.employees().await, Err(Error::InvalidInput { ref field, .. }) if field == "apiKey"));
    assert_eq!(
        sb.requests(OperationId::ProjectBookings)
            + sb.requests(OperationId::CreateShift)
            + sb.requests(OperationId::Presence),
        0
    );
    assert_eq!(sb.requests(OperationId::Employees), 0);
    assert!(
        Client::builder().base_url("http://desktop.saas.de").api_key("k").build().is_err(),
        "plain http only on loopback"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_responses_are_typed_errors() {
    let sb = sandbox();
    let c = client(&sb);
    sb.inject(Fault::new(FaultKind::Html).on(OperationId::Employees));
    assert!(matches!(c.employees().await, Err(Error::Decode { ref operation, .. }) if operation == "employees"));
    sb.inject(Fault::new(FaultKind::Truncated).on(OperationId::Presence));
    assert!(matches!(c.presence(None, None).await, Err(Error::Decode { .. })));
    sb.inject(Fault::new(FaultKind::Html).status(502).on(OperationId::Clock));
    let e = c.come(demo::ANNA).await.unwrap_err();
    assert!(matches!(e, Error::UnexpectedStatus { status: 502, ref excerpt } if excerpt.contains("<html>")), "{e:?}");
    sb.inject(Fault::new(FaultKind::RateLimit).retry_after(120).on(OperationId::Employees));
    assert_eq!(
        c.employees().await.unwrap_err(),
        Error::RateLimited { retry_after: Some(Duration::from_secs(120)) },
        "over 60 s is not waited for"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn transport_and_timeout_errors() {
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let c = Client::builder()
        .base_url(format!("http://127.0.0.1:{closed}"))
        .api_key(demo::COMPANY_KEY)
        .retry(fast_retry())
        .rate_limit(LimiterConfig::per_window(1_000_000, 60_000))
        .build()
        .unwrap();
    let e = c.come(demo::ANNA).await.unwrap_err();
    assert!(matches!(e, Error::Transport { may_have_reached_server: false, .. }), "{e:?}");
    assert!(!e.to_string().contains(demo::COMPANY_KEY));

    let sb = sandbox();
    let slow = builder(&sb).timeout(Some(Duration::from_millis(300))).build().unwrap();
    sb.inject(Fault::new(FaultKind::Delay).delay_ms(1500).times(3).on(OperationId::Employees));
    assert_eq!(slow.employees().await.unwrap_err(), Error::Timeout { may_have_reached_server: true });
    assert_eq!(sb.requests(OperationId::Employees), 3, "a read is retried twice after timeouts");
}

#[tokio::test(flavor = "multi_thread")]
async fn reads_are_retried_after_5xx_and_resets() {
    let sb = sandbox();
    let c = client(&sb);
    sb.inject(Fault::new(FaultKind::Status).status(503).times(2).on(OperationId::Employees));
    assert!(!c.employees().await.unwrap().is_empty());
    assert_eq!(sb.requests(OperationId::Employees), 3);
    sb.inject(Fault::new(FaultKind::Reset).on(OperationId::Presence));
    assert!(!c.presence(None, None).await.unwrap().info.is_empty());
    assert_eq!(sb.requests(OperationId::Presence), 2);
    sb.inject(Fault::new(FaultKind::Status).status(500).times(3).on(OperationId::Overview));
    assert!(
        matches!(c.overview(None).await, Err(Error::UnexpectedStatus { status: 500, .. })),
        "gives up after 2 retries"
    );
    assert_eq!(sb.requests(OperationId::Overview), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn writes_are_never_sent_twice() {
    let sb = sandbox();
    let c = client(&sb);
    // Applied, then the answer is lost: the client must not send it again.
    sb.inject(Fault::new(FaultKind::Status).status(500).after_applying().on(OperationId::Clock));
    assert!(matches!(c.come(demo::ANNA).await, Err(Error::UnexpectedStatus { status: 500, .. })));
    sb.inject(Fault::new(FaultKind::Reset).after_applying().on(OperationId::CreateProject));
    let created = c
        .create_project(&CreateProject {
            email: demo::MANAGER.into(),
            name: "Once".into(),
            parent_id: None,
            extra: None,
        })
        .await;
    assert!(matches!(created, Err(Error::Transport { may_have_reached_server: true, .. })), "{created:?}");
    sb.inject(Fault::new(FaultKind::Status).status(502).after_applying().on(OperationId::ExtraLeave));
    let leave = ExtraLeave { account: demo::ANNA.into(), days: 1.0, year: None, comment: None };
    assert!(c.extra_leave(&leave).await.is_err());
    sb.inject(Fault::new(FaultKind::Reset).after_applying().on(OperationId::BookAbsence));
    let absence = BookAbsence {
        reason_uuid: demo::VACATION.into(),
        employee_uuid: demo::ANNA_UUID.into(),
        replacement_uuid: None,
        half_day: false,
        start_day: Some(d("2026-12-28")),
        end_day: Some(d("2026-12-29")),
        planned: false,
        comment: None,
    };
    assert!(c.book_absence(&absence).await.is_err());
    sb.inject(Fault::new(FaultKind::Status).status(503).after_applying().on(OperationId::CreateShift));
    let shift = CreateShift {
        start_date: None,
        start_time: "08:00".parse().expect("a clock time"),
        end_time: "16:00".parse().expect("a clock time"),
        employee_amount: None,
        comment: None,
        project_uuid: None,
        employees: vec![],
    };
    assert!(c.create_shift(&shift).await.is_err());
    sb.inject(Fault::new(FaultKind::Status).status(500).after_applying().on(OperationId::DeleteProject));
    assert!(c.delete_project(demo::MANAGER, "p-internal").await.is_err());
    for op in [
        OperationId::Clock,
        OperationId::CreateProject,
        OperationId::ExtraLeave,
        OperationId::BookAbsence,
        OperationId::CreateShift,
        OperationId::DeleteProject,
    ] {
        assert_eq!((op, sb.requests(op), sb.writes(op)), (op, 1, 1), "sent once, applied once");
    }
    // A write that timed out may have been applied: not sent again either.
    let slow = builder(&sb).timeout(Some(Duration::from_millis(200))).build().unwrap();
    sb.inject(Fault::new(FaultKind::Delay).delay_ms(600).after_applying().on(OperationId::Clock));
    assert_eq!(slow.go(demo::ANNA).await.unwrap_err(), Error::Timeout { may_have_reached_server: true });
    assert_eq!((sb.requests(OperationId::Clock), sb.writes(OperationId::Clock)), (2, 2));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_forced_429_is_honoured_for_reads_and_writes() {
    let sb = sandbox();
    let c = client(&sb);
    sb.inject(Fault::new(FaultKind::RateLimit).retry_after(1).on(OperationId::Clock));
    let started = Instant::now();
    c.come(demo::ANNA).await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(950), "waited for Retry-After");
    assert_eq!(
        (sb.requests(OperationId::Clock), sb.writes(OperationId::Clock)),
        (2, 1),
        "the 429 applied nothing; the retry applied once"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_429_holds_the_clients_of_its_server_and_key_not_those_of_another_server() {
    let (sb, other) = (sandbox(), sandbox());
    // A limit of its own: the limiter shared with this binary's other tests is not this one.
    let make = |sb: &zeitkonto_sandbox::Sandbox| {
        builder(sb).rate_limit(LimiterConfig::per_window(999_983, 60_000)).build().unwrap()
    };
    sb.inject(Fault::new(FaultKind::RateLimit).retry_after(2).on(OperationId::Employees));
    // The first client says when it waits for the 429: by then the limiter holds the server's key.
    let waits = Arc::new(Mutex::new(0));
    let seen = waits.clone();
    let first = builder(&sb)
        .rate_limit(LimiterConfig::per_window(999_983, 60_000))
        .on_event(move |e| {
            if matches!(e, Event::Wait { reason: "429", .. }) {
                *seen.lock().unwrap() += 1;
            }
        })
        .build()
        .unwrap();
    let waiting = tokio::spawn(async move { first.employees().await });
    let deadline = Instant::now() + Duration::from_secs(20);
    while *waits.lock().unwrap() == 0 {
        assert!(Instant::now() < deadline, "the 429 was never answered");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let started = Instant::now();
    make(&other).employees().await.unwrap();
    assert!(started.elapsed() < Duration::from_millis(1000), "another server waited {:?}", started.elapsed());
    make(&sb).employees().await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(1000), "the same server did not wait: {:?}", started.elapsed());
    waiting.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn the_limiter_keeps_a_burst_of_100_calls_free_of_429s() {
    let sb = sandbox();
    sb.set_rate_limit(20, 1000);
    let c = builder(&sb).rate_limit(LimiterConfig::per_window(20, 1000)).retry(RetryConfig::none()).build().unwrap();
    let started = Instant::now();
    let calls = (0..100).map(|_| {
        let c = c.clone();
        tokio::spawn(async move { c.find_projects(demo::MANAGER, "Support").await })
    });
    for call in calls.collect::<Vec<_>>() {
        call.await.unwrap().unwrap();
    }
    assert_eq!(sb.world().stats.rate_limited, 0, "no 429 met");
    assert!(started.elapsed() >= Duration::from_secs(4), "100 calls at 20 per second need at least 4 s");
}

#[tokio::test(flavor = "multi_thread")]
async fn keys_never_reach_errors_debug_or_events() {
    let sb = sandbox();
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = events.clone();
    let secret = "secret-key-that-must-not-leak";
    let c = builder(&sb)
        .api_key(secret)
        .on_event(move |e: &Event| sink.lock().unwrap().push(format!("{e:?}")))
        .build()
        .unwrap();
    let err = c.employees().await.unwrap_err();
    assert_eq!(err, Error::Api { status: 403, code: 3 });
    let good = client(&sb);
    good.employees().await.unwrap();
    for text in [err.to_string(), format!("{err:?}"), format!("{c:?}"), format!("{good:?}")] {
        assert!(!text.contains(secret) && !text.contains(demo::COMPANY_KEY), "{text}");
    }
    let events = events.lock().unwrap();
    assert!(events.iter().any(|e| e.contains("***")), "{events:?}");
    assert!(events.iter().all(|e| !e.contains(secret)), "{events:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_throttled_call_reports_one_wait_event_per_wait_not_per_poll() {
    let sb = sandbox();
    let waits = Arc::new(Mutex::new(0usize));
    let sink = waits.clone();
    let c = builder(&sb)
        .api_key("throttle-events-key")
        .rate_limit(LimiterConfig::per_window(10, 500))
        .retry(RetryConfig::none())
        .on_event(move |e: &Event| {
            if matches!(e, Event::Wait { reason: "rate limit", .. }) {
                *sink.lock().unwrap() += 1;
            }
        })
        .build()
        .unwrap();
    // 40 concurrent calls through 10 slots per 0.5 s: 30 of them wait, many wake to find their
    // slot taken and wait again. Each call reports its wait once.
    let calls: Vec<_> = (0..40)
        .map(|_| {
            let c = c.clone();
            tokio::spawn(async move { c.employee_departments().await })
        })
        .collect();
    for call in calls {
        let _ = call.await.unwrap();
    }
    let waits = *waits.lock().unwrap();
    assert!((1..=40).contains(&waits), "{waits} wait events for 40 calls");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_call_cancelled_after_sending_says_whether_a_write_may_have_been_applied() {
    let sb = sandbox();
    let events = Arc::new(Mutex::new(Vec::<Event>::new()));
    let sink = events.clone();
    let c = builder(&sb)
        .on_event(move |e| {
            if let Ok(mut l) = sink.lock() {
                l.push(e.clone());
            }
        })
        .build()
        .unwrap();
    // The write is applied at once and answered late; the caller gives up first (its future is
    // dropped, as a cancelled Swift task, coroutine or AbortSignal drops it).
    sb.inject(Fault::new(FaultKind::Delay).delay_ms(1500).after_applying().on(OperationId::Clock));
    let caller = c.clone();
    let call = tokio::spawn(async move { caller.come(demo::ANNA).await });
    // Dropped once the server applied the write (polled: a fixed delay could drop it before it
    // was sent on a slow machine).
    let deadline = Instant::now() + Duration::from_secs(20);
    while sb.writes(OperationId::Clock) == 0 {
        assert!(Instant::now() < deadline, "the clock-in was never applied");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let started = Instant::now();
    call.abort();
    assert!(call.await.is_err_and(|e| e.is_cancelled()));
    assert!(started.elapsed() < Duration::from_millis(1000), "the drop is prompt");
    let failed: Vec<String> = events
        .lock()
        .unwrap()
        .iter()
        .filter_map(|e| match e {
            Event::Failed { operation: "clock", error } => Some(error.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(failed[0].contains("may have been applied"), "{failed:?}");
    assert_eq!(sb.writes(OperationId::Clock), 1);
    // A call cancelled before anything was sent reports nothing: the limiter's wait is dropped.
    let sink = events.clone();
    let slow = builder(&sb)
        .rate_limit(LimiterConfig::per_window(1, 60_000))
        .on_event(move |e| {
            if let Ok(mut l) = sink.lock() {
                l.push(e.clone());
            }
        })
        .build()
        .unwrap();
    let _ = slow.employees().await;
    events.lock().unwrap().clear();
    assert!(tokio::time::timeout(Duration::from_millis(100), slow.employees()).await.is_err());
    let seen = events.lock().unwrap().clone();
    assert!(seen.iter().all(|e| matches!(e, Event::Wait { reason: "rate limit", .. })), "{seen:?}");
}

/// Every setting is checked against the core's declaration when the client is built, and the
/// error names it (the same name in every language).
#[test]
fn settings_out_of_their_declared_range_fail_the_build_naming_them() {
    use zeitkonto::{RateLimitSettings, RetrySettings};
    let field = |b: zeitkonto::ClientBuilder| match b.api_key("k-123456").build() {
        Err(Error::InvalidInput { field, .. }) => field,
        Err(other) => panic!("{other:?}"),
        Ok(_) => panic!("built"),
    };
    let year = Duration::from_secs(365 * 24 * 3600);
    assert_eq!(field(Client::builder().timeout(Some(year * 2))), "timeout");
    assert_eq!(
        field(Client::builder().retry(RetrySettings { max_retries: 1000, ..RetrySettings::default() })),
        "retry.maxRetries"
    );
    assert_eq!(
        field(Client::builder().retry(RetrySettings { max_delay: year * 2, ..RetrySettings::default() })),
        "retry.maxDelay"
    );
    assert_eq!(
        field(Client::builder().rate_limit(RateLimitSettings::per_window(60, Duration::ZERO))),
        "rateLimit.window"
    );
    // Zero (or None) is no timeout; a year is fine.
    assert!(Client::builder().api_key("k-123456").timeout(Some(Duration::ZERO)).build().is_ok());
    assert!(Client::builder().api_key("k-123456").timeout(Some(year)).build().is_ok());
}

/// A server whose accept queue is full drops new SYNs: the connection never opens. That is a
/// connect failure (nothing was sent: a write may be made again), reported before the attempt's
/// timeout, which could not tell it from an answer never read ("may have been applied").
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread")]
async fn a_connection_that_never_opens_is_a_connect_failure_not_a_timeout() {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let port = socket.local_addr().unwrap().port();
    let _listener = socket.listen(0).unwrap(); // never accepts
    let mut queued = Vec::new();
    for _ in 0..8 {
        match tokio::time::timeout(Duration::from_millis(300), tokio::net::TcpStream::connect(("127.0.0.1", port)))
            .await
        {
            Ok(Ok(s)) => queued.push(s),
            _ => break, // the queue is full: further connections hang
        }
    }
    let client = Client::builder()
        .base_url(format!("http://127.0.0.1:{port}"))
        .api_key("k3y-connect-5c4b")
        .timeout(Some(Duration::from_secs(1)))
        .retry(RetryConfig { max_retries: 0, ..RetryConfig::default() })
        .build()
        .unwrap();
    let started = Instant::now();
    match client.come("anna@x.de").await {
        Err(Error::Transport { may_have_reached_server: false, detail }) => assert!(!detail.is_empty()),
        other => panic!("{other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(5));
}
