//! The rate limit and the control surface (faults, reset, stats).

use super::*;

#[test]
fn limits_rate_limit_per_key_is_http_429_with_retry_after() {
    let sb = sandbox();
    sb.set_rate_limit(5, 60_000);
    for _ in 0..5 {
        assert_eq!(get(sb.base_url(), "/api/v2/employees/demo-company-key").status, 200);
    }
    let r = get(sb.base_url(), "/api/v2/employees/demo-company-key");
    assert_eq!(r.status, 429);
    let secs: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&secs));
    assert_eq!(get(sb.base_url(), "/api/v2/employees/other-company-key").status, 200, "another key has its own budget");
}

#[test]
fn control_faults_status_html_truncated_ratelimit_then_normal() {
    let sb = sandbox();
    let path = "/api/v2/employees/demo-company-key";
    sb.inject(Fault::new(FaultKind::Status).status(502));
    assert_eq!(get(sb.base_url(), path).status, 502);
    sb.inject(Fault::new(FaultKind::Html));
    assert!(get(sb.base_url(), path).body.contains("<html>"));
    sb.inject(Fault::new(FaultKind::Truncated));
    assert!(serde_json::from_str::<Value>(&get(sb.base_url(), path).body).is_err());
    sb.inject(Fault::new(FaultKind::RateLimit).retry_after(3));
    let r = get(sb.base_url(), path);
    assert_eq!((r.status, r.header("retry-after")), (429, Some("3")));
    assert_eq!(get(sb.base_url(), path).status, 200, "faults are used up");
}

#[test]
fn control_fault_after_applying_applies_the_write_once() {
    let sb = sandbox();
    sb.inject(Fault::new(FaultKind::Status).on(OperationId::Clock).after_applying());
    let r = post(sb.base_url(), &format!("/rest/api/v2/time/come/demo-company-key/{ANNA}"), "{}");
    assert_eq!(r.status, 500);
    assert_eq!(sb.writes(OperationId::Clock), 1, "applied, though the answer was an error");
}

#[test]
fn control_surface_over_http_reset_and_stats() {
    let sb = sandbox();
    post(sb.base_url(), &format!("/rest/api/v2/time/come/demo-company-key/{ANNA}"), "{}");
    let stats = get(sb.base_url(), "/__sandbox/stats").json();
    assert_eq!(stats["writes"]["clock"], 1);
    let fault = json!({"kind": "status", "status": 503, "operation": "employees"}).to_string();
    assert_eq!(post(sb.base_url(), "/__sandbox/faults", &fault).status, 204);
    assert_eq!(get(sb.base_url(), "/api/v2/employees/demo-company-key").status, 503);
    assert_eq!(post(sb.base_url(), "/__sandbox/reset", "").status, 204);
    assert_eq!(get(sb.base_url(), "/__sandbox/stats").json()["writesTotal"], 0);
    let status =
        post(sb.base_url(), "/rest/api/time/overview/demo-company-key", &json!({"email": demo::ANNA}).to_string())
            .json();
    assert_eq!(status["info"][0]["status"], "red", "reset restores the seed");
}
