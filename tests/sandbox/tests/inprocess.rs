//! The in-process test kit for Rust users: a `zeitkonto::Client` over the engine, no socket.

use std::time::{Duration, Instant};

use zeitkonto::{Error, OperationId};
use zeitkonto_sandbox::engine::EngineConfig;
use zeitkonto_sandbox::{demo, Fault, FaultKind, InProcess};

/// The README's sandbox, as written: `EngineConfig`'s default has no rate limit (as every kit).
fn kit() -> InProcess {
    InProcess::new(EngineConfig { today: "2026-11-21".parse().ok(), ..Default::default() })
}

#[tokio::test]
async fn a_hundred_calls_run_in_process_without_waiting_for_a_rate_limit() {
    let sb = kit();
    let client = sb.client().build().unwrap();
    let started = Instant::now();
    for _ in 0..100 {
        assert_eq!(client.employees().await.unwrap().len(), 39);
    }
    assert_eq!(sb.requests(OperationId::Employees), 100);
    // Not a speed assertion: a test kit that waited for the 60-a-minute limit would take minutes.
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[tokio::test]
async fn the_spec_rules_hold_in_process_codes_and_the_clock_state_machine() {
    let sb = kit();
    let client = sb.client().build().unwrap();
    client.come(demo::ANNA).await.unwrap();
    assert_eq!(sb.writes(OperationId::Clock), 1);
    let err = client.come(demo::ANNA).await.unwrap_err();
    assert!(matches!(err, Error::Refused), "{err:?}");
    let other = sb.client().api_key("no-such-key").build().unwrap();
    assert!(matches!(other.employees().await.unwrap_err(), Error::Api { .. }));
    sb.reset();
    assert_eq!(sb.writes(OperationId::Clock), 0);
}

#[tokio::test]
async fn a_reset_after_applying_reports_a_write_that_may_have_been_applied_and_never_resends_it() {
    let sb = kit();
    let client = sb.client().build().unwrap();
    sb.inject(Fault::new(FaultKind::Reset).on(OperationId::Clock).after_applying()).unwrap();
    let err = client.come(demo::ANNA).await.unwrap_err();
    assert!(err.may_have_reached_server(), "{err:?}");
    assert_eq!((sb.requests(OperationId::Clock), sb.writes(OperationId::Clock)), (1, 1));
}

#[tokio::test]
async fn a_delay_longer_than_the_timeout_times_out_and_applies_nothing() {
    let sb = kit();
    let client =
        sb.client().timeout(Some(Duration::from_millis(50))).retry(zeitkonto::RetrySettings::none()).build().unwrap();
    sb.inject(Fault::new(FaultKind::Delay).delay_ms(5_000).on(OperationId::Clock)).unwrap();
    let err = client.come(demo::ANNA).await.unwrap_err();
    assert!(matches!(err, Error::Timeout { .. }), "{err:?}");
    assert_eq!(sb.writes(OperationId::Clock), 0);
}

#[tokio::test]
async fn a_503_on_a_read_is_retried_through_the_driver() {
    let sb = kit();
    let client = sb.client().build().unwrap();
    sb.inject(Fault::new(FaultKind::Status).status(503).on(OperationId::Employees)).unwrap();
    assert_eq!(client.employees().await.unwrap().len(), 39);
    assert_eq!(sb.requests(OperationId::Employees), 2);
}

#[test]
fn bad_faults_are_refused_naming_the_field() {
    let sb = kit();
    let mut f = Fault::new(FaultKind::Status);
    f.operation = Some("no_such_operation".into());
    assert_eq!(sb.inject(f).unwrap_err().0, "operation");
    assert_eq!(sb.inject(Fault::new(FaultKind::Status).status(42)).unwrap_err().0, "status");
}

#[tokio::test]
async fn the_kits_client_keeps_to_the_sandboxs_rate_limit() {
    let mut cfg = EngineConfig { today: Some("2026-11-21".parse().unwrap()), ..Default::default() };
    cfg.rate_limit.limit = 2;
    cfg.rate_limit.window_ms = 300;
    let sb = InProcess::new(cfg);
    // The kit's client keeps to the sandbox's limit: three calls in a row, none refused.
    let client = sb.client().build().unwrap();
    for _ in 0..3 {
        client.employees().await.unwrap();
    }
    assert_eq!(sb.requests(OperationId::Employees), 3);
    assert_eq!(sb.shared().lock().stats.rate_limited, 0);
}

#[tokio::test]
async fn reset_and_a_new_sandbox_forget_what_the_clients_counted() {
    let sandbox = || {
        let mut cfg = EngineConfig { today: Some("2026-11-21".parse().unwrap()), ..Default::default() };
        (cfg.rate_limit.limit, cfg.rate_limit.window_ms) = (1, 3_600_000); // one call an hour
        InProcess::new(cfg)
    };
    // A call that waited for the window would take an hour: the timeout fails the test instead.
    let at_once = |client: zeitkonto::Client| async move {
        tokio::time::timeout(Duration::from_secs(20), client.employees()).await.expect("not held up").unwrap();
    };
    let sb = sandbox();
    let client = sb.client().build().unwrap();
    at_once(client.clone()).await;
    sb.reset();
    at_once(client.clone()).await;
    // A new sandbox (a test's own): its clients do not wait for what the last one's counted.
    let again = sandbox();
    at_once(again.client().build().unwrap()).await;
    assert_eq!((sb.requests(OperationId::Employees), again.requests(OperationId::Employees)), (1, 1));
}

/// The served sandbox hands out clients too (its URL, the seed's keys, its limit), and its reset
/// forgets what this process's clients counted there, as the in-process kit's does.
#[cfg(feature = "server")]
#[tokio::test(flavor = "multi_thread")]
async fn a_served_sandboxs_client_and_reset_forget_what_the_clients_counted() {
    use zeitkonto_sandbox::{Sandbox, SandboxConfig};
    let mut cfg = SandboxConfig { today: Some("2026-11-21".parse().unwrap()), ..Default::default() };
    (cfg.rate_limit.limit, cfg.rate_limit.window_ms) = (1, 3_600_000); // one call an hour
    let sb = Sandbox::start(cfg).unwrap();
    let client = sb.client().build().unwrap();
    let at_once = |client: zeitkonto::Client| async move {
        tokio::time::timeout(Duration::from_secs(20), client.employees()).await.expect("not held up").unwrap();
    };
    at_once(client.clone()).await;
    // The client keeps to the sandbox's limit: a second call would wait for the hour.
    assert!(tokio::time::timeout(Duration::from_millis(300), client.employees()).await.is_err(), "held back");
    sb.reset();
    at_once(client.clone()).await;
    assert_eq!(sb.requests(OperationId::Employees), 1, "counted since the reset");
}

/// Every operation of the declaration reaches its own handler: the first buildable call of its
/// vector file (`tests/vectors/operations/<name>.json`), sent by the client through the engine, is
/// counted for that operation and answered by its handler (not the router's 404 or 405). An
/// operation added with its `route!` row, vector and handler is checked here with nothing written
/// for it (scripts/new-operation).
#[tokio::test]
async fn every_operation_reaches_its_handler_with_its_vector_parameters() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors/operations");
    for &op in OperationId::ALL {
        let sb = kit();
        let client = sb.client().retry(zeitkonto::RetrySettings::none()).build().unwrap();
        let text = std::fs::read_to_string(dir.join(format!("{}.json", op.name()))).expect("vector file");
        let file: serde_json::Value = serde_json::from_str(&text).expect("vector JSON");
        let case = file["build"]
            .as_array()
            .and_then(|cases| cases.iter().find(|c| c.get("expect").is_some() && c.get("context").is_none()))
            .unwrap_or_else(|| panic!("{op}: no build case with `expect` and the default context"));
        let result = client.call_json(op, &case["params"]).await;
        assert_eq!(sb.requests(op), 1, "{op}: not counted for the operation ({result:?})");
        if let Err(Error::UnexpectedStatus { status, .. }) = &result {
            assert!(![404, 405].contains(status), "{op}: the router answered {status}");
        }
    }
}

#[tokio::test]
async fn a_kit_of_its_own_seed_hands_its_client_that_seeds_keys() {
    let today = "2026-11-21".parse().unwrap();
    let mut seed = zeitkonto_sandbox::Seed::demo(today);
    let main = seed.companies.iter_mut().find(|c| c.key == demo::COMPANY_KEY).unwrap();
    main.key = "acme-company-key-7f3a".into();
    seed.workspaces.clear(); // none: the client is made without a workspace key
    let sb = InProcess::new(EngineConfig { today: Some(today), seed: Some(seed), ..Default::default() });
    assert_eq!(sb.client().build().unwrap().employees().await.unwrap().len(), 39);
}
