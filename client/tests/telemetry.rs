//! A span per call (the core's description through `on_span` / `with_spans`): names, attributes,
//! events, errors, cancellation, and never a key, against the sandbox.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::*;
use zeitkonto::{with_spans, Error, LimiterConfig, OperationId, SpanAction, SpanSink};
use zeitkonto_sandbox::{demo, Fault, FaultKind};

type Seen = Arc<Mutex<Vec<SpanAction>>>;

fn recorder() -> (Seen, impl Fn(&SpanAction) + Send + Sync + 'static) {
    let seen: Seen = Arc::default();
    let sink = seen.clone();
    (seen, move |a: &SpanAction| sink.lock().unwrap().push(a.clone()))
}

fn json(seen: &Seen) -> Vec<serde_json::Value> {
    seen.lock().unwrap().iter().map(|a| serde_json::to_value(a).unwrap()).collect()
}

/// No key in any form, anywhere in the actions' JSON.
fn assert_no_key(actions: &[serde_json::Value], key: &str) {
    let text = serde_json::to_string(actions).unwrap();
    assert!(!text.contains(key), "a key in the spans: {text}");
    assert!(!text.contains(&key[..key.len() / 2]), "part of a key in the spans: {text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_read_is_one_client_span_with_the_conventions_attributes() {
    let sb = sandbox();
    let (seen, sink) = recorder();
    let c = builder(&sb).on_span(sink).build().unwrap();
    c.employees().await.unwrap();
    let a = json(&seen);
    assert_eq!(a.len(), 2, "{a:?}");
    assert_eq!(a[0]["action"], "start");
    assert_eq!(a[0]["name"], "GET /api/v2/employees/{api}");
    assert_eq!(a[0]["kind"], "client");
    let attrs = &a[0]["attributes"];
    assert_eq!(attrs["http.request.method"], "GET");
    assert_eq!(attrs["server.address"], "127.0.0.1");
    assert_eq!(attrs["url.template"], "/api/v2/employees/{api}");
    assert_eq!(attrs["url.full"], format!("{}/api/v2/employees/***", sb.base_url()));
    assert_eq!(attrs["zeitkonto.operation"], "employees");
    assert!(attrs["server.port"].as_i64().unwrap() > 0);
    assert_eq!(a[1]["action"], "end");
    assert_eq!(a[1]["attributes"], serde_json::json!({"http.response.status_code": 200}));
    assert!(a[1]["error"].is_null());
    assert!(a[0]["timeUnixNano"].as_u64().unwrap() <= a[1]["timeUnixNano"].as_u64().unwrap());
    assert_no_key(&a, demo::COMPANY_KEY);
}

#[tokio::test(flavor = "multi_thread")]
async fn failures_name_their_kind_code_and_resends_without_a_key() {
    let sb = sandbox();
    let (seen, sink) = recorder();
    let wrong = "wr0ng-Key-that-must-not-leak";
    let c = builder(&sb).api_key(wrong).on_span(sink).build().unwrap();
    assert_eq!(c.employees().await.unwrap_err(), Error::Api { status: 403, code: 3 });
    let a = json(&seen);
    let end = &a[1]["attributes"];
    assert_eq!(end["error.type"], "Api");
    assert_eq!(end["zeitkonto.api_code"], 3);
    assert_eq!(end["http.response.status_code"], 403);
    assert_eq!(a[1]["error"], "Api");
    assert!(a[1]["message"].as_str().unwrap().contains("3"));
    assert_no_key(&a, wrong);

    // Two 503s, then an answer: two resends, two `retry` waits as events.
    seen.lock().unwrap().clear();
    let (seen, sink) = recorder();
    let c = builder(&sb).on_span(sink).build().unwrap();
    sb.inject(Fault::new(FaultKind::Status).status(503).times(2).on(OperationId::Employees));
    c.employees().await.unwrap();
    let a = json(&seen);
    let kinds: Vec<_> = a.iter().map(|x| x["action"].as_str().unwrap().to_string()).collect();
    assert_eq!(kinds, ["start", "event", "event", "end"]);
    assert_eq!(a[1]["name"], "zeitkonto.wait");
    assert_eq!(a[1]["attributes"]["zeitkonto.wait.reason"], "retry");
    assert_eq!(a[3]["attributes"]["http.request.resend_count"], 2);
    assert_eq!(a[3]["attributes"]["http.response.status_code"], 200);

    // A proxy that echoes the path (the key) in its error body: the span's message is redacted.
    let (seen, sink) = recorder();
    let c = builder(&sb).api_key(wrong).retry(zeitkonto::RetryConfig::none()).on_span(sink).build().unwrap();
    sb.inject(Fault::new(FaultKind::EchoPath).status(502).on(OperationId::Employees));
    assert!(matches!(c.employees().await, Err(Error::UnexpectedStatus { status: 502, .. })));
    let a = json(&seen);
    assert_eq!(a[1]["attributes"]["error.type"], "UnexpectedStatus");
    assert!(a[1]["message"].as_str().unwrap().contains("***"), "{a:?}");
    assert_no_key(&a, wrong);
}

#[tokio::test(flavor = "multi_thread")]
async fn rate_limit_waits_and_429s_are_events() {
    let sb = sandbox();
    let (seen, sink) = recorder();
    // One request a second: the second call waits for the limiter.
    let c = builder(&sb).rate_limit(LimiterConfig::per_window(1, 1_000)).on_span(sink).build().unwrap();
    c.employees().await.unwrap();
    c.employees().await.unwrap();
    let a = json(&seen);
    let waits: Vec<_> = a.iter().filter(|x| x["action"] == "event").collect();
    assert_eq!(waits.len(), 1, "{a:?}");
    assert_eq!(waits[0]["attributes"]["zeitkonto.wait.reason"], "rate limit");
    assert!(waits[0]["attributes"]["zeitkonto.wait.delay_ms"].as_i64().unwrap() > 0);

    let (seen, sink) = recorder();
    let c = builder(&sb).on_span(sink).build().unwrap();
    sb.inject(Fault::new(FaultKind::RateLimit).retry_after(1).on(OperationId::Employees));
    c.employees().await.unwrap();
    let a = json(&seen);
    assert_eq!(a[1]["attributes"]["zeitkonto.wait.reason"], "429");
    assert_eq!(a[2]["attributes"]["http.request.resend_count"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_timeout_and_a_cancelled_call_end_their_span() {
    let sb = sandbox();
    let (seen, sink) = recorder();
    let c = builder(&sb).timeout(Some(Duration::from_millis(200))).on_span(sink).build().unwrap();
    sb.inject(Fault::new(FaultKind::Delay).delay_ms(2_000).times(3).on(OperationId::Employees));
    assert!(matches!(c.employees().await, Err(Error::Timeout { .. })));
    let a = json(&seen);
    let end = a.last().unwrap();
    assert_eq!(end["action"], "end");
    assert_eq!(end["attributes"]["error.type"], "Timeout");
    assert!(end["attributes"].get("http.response.status_code").is_none());

    // Cancelled (the future dropped while the request is out): ended as `Aborted`.
    let (seen, sink) = recorder();
    let c = builder(&sb).on_span(sink).build().unwrap();
    sb.inject(Fault::new(FaultKind::Delay).delay_ms(5_000).on(OperationId::Presence));
    let call = c.presence(None, None);
    assert!(tokio::time::timeout(Duration::from_millis(300), call).await.is_err());
    let a = json(&seen);
    assert_eq!(a.len(), 2, "{a:?}");
    assert_eq!(a[1]["error"], "Aborted");
    assert_eq!(a[1]["attributes"]["error.type"], "Aborted");
}

#[tokio::test(flavor = "multi_thread")]
async fn with_spans_sends_one_calls_span_to_its_own_sink() {
    let sb = sandbox();
    let (client_seen, client_sink) = recorder();
    let c = builder(&sb).on_span(client_sink).build().unwrap();
    let (scoped_seen, scoped_sink) = recorder();
    let scoped: SpanSink = Arc::new(scoped_sink);
    // Two calls at once, one inside `with_spans`: each span goes to its own sink.
    let (a, b) = tokio::join!(with_spans(scoped, c.employees()), c.presence(None, None));
    a.unwrap();
    b.unwrap();
    let scoped = json(&scoped_seen);
    let client = json(&client_seen);
    assert_eq!(scoped.len(), 2);
    assert_eq!(scoped[0]["attributes"]["zeitkonto.operation"], "employees");
    assert_eq!(client.len(), 2);
    assert_eq!(client[0]["attributes"]["zeitkonto.operation"], "presence");
    assert_eq!(client[0]["name"], "POST /rest/api/time/presence/{api}");
}

#[tokio::test(flavor = "multi_thread")]
async fn no_sink_no_spans_and_the_call_is_unchanged() {
    let sb = sandbox();
    let c = client(&sb);
    // Nothing records: the call works as before (and nothing panics without a sink).
    assert!(!c.employees().await.unwrap().is_empty());
    assert_eq!(
        builder(&sb).api_key("nope").build().unwrap().employees().await.unwrap_err(),
        Error::Api { status: 403, code: 3 }
    );
}
