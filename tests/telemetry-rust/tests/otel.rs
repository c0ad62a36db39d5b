//! The `tracing` feature as a Rust service runs it: `tracing-opentelemetry` turns each call's
//! `zeitkonto.call` span into an OpenTelemetry CLIENT span, read back from the SDK's in-memory
//! exporter. Every kind of call and failure; never a key in a span, an attribute or an event.

use std::time::Duration;

use opentelemetry::trace::{SpanKind, Status};
use opentelemetry::Value;
use opentelemetry_sdk::trace::SpanData;
use tracing::Instrument;
use zeitkonto::{Client, Error, LimiterConfig, OperationId, RetryConfig};
use zeitkonto_sandbox::{demo, Fault, FaultKind};

fn attr<'a>(span: &'a SpanData, key: &str) -> Option<&'a Value> {
    span.attributes.iter().find(|kv| kv.key.as_str() == key).map(|kv| &kv.value)
}

fn text(span: &SpanData, key: &str) -> String {
    attr(span, key).map(|v| v.as_str().to_string()).unwrap_or_default()
}

fn int(span: &SpanData, key: &str) -> Option<i64> {
    match attr(span, key) {
        Some(Value::I64(n)) => Some(*n),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_call_is_an_opentelemetry_client_span_without_a_key() {
    let (provider, exporter) = zeitkonto_telemetry_rust::install_exporter();
    let sb = zeitkonto_telemetry_rust::sandbox();
    let wrong = "wr0ng-Key-that-must-not-leak";
    let builder = |key: &str| {
        Client::builder()
            .base_url(sb.base_url())
            .api_key(key)
            .retry(RetryConfig { base_delay_ms: 10, max_delay_ms: 20, ..RetryConfig::default() })
            .rate_limit(LimiterConfig::per_window(1_000_000, 60_000))
    };
    let c = builder(demo::COMPANY_KEY).build().unwrap();
    let bad = builder(wrong).build().unwrap();

    // Inside a parent span of the service's own: the calls are its children.
    async {
        c.employees().await.unwrap();
        c.come(demo::ANNA).await.unwrap();
        assert_eq!(bad.employees().await.unwrap_err(), Error::Api { status: 403, code: 3 });
        sb.inject(Fault::new(FaultKind::Status).status(503).times(1).on(OperationId::Presence));
        c.presence(None, None).await.unwrap();
        sb.inject(Fault::new(FaultKind::RateLimit).retry_after(1).on(OperationId::Overview));
        c.overview(None).await.unwrap();
        sb.inject(Fault::new(FaultKind::EchoPath).status(502).times(3).on(OperationId::Employees));
        assert!(bad.employees().await.is_err());
        let slow = builder(demo::COMPANY_KEY).timeout(Some(Duration::from_millis(100))).build().unwrap();
        sb.inject(Fault::new(FaultKind::Delay).delay_ms(1_000).times(3).on(OperationId::LeaveTypes));
        assert!(matches!(slow.leave_types(demo::ANNA).await, Err(Error::Timeout { .. })));
    }
    .instrument(tracing::info_span!("payroll run"))
    .await;
    provider.force_flush().unwrap();

    let spans = exporter.get_finished_spans().unwrap();
    let everything = format!("{spans:?}");
    assert!(!everything.contains(demo::COMPANY_KEY) && !everything.contains(wrong), "a key in a span");
    assert!(
        !everything.contains(&wrong[..10]) && !everything.contains(&demo::COMPANY_KEY[..demo::COMPANY_KEY.len() / 2])
    );

    let parent = spans.iter().find(|s| s.name == "payroll run").expect("the parent span");
    let calls: Vec<&SpanData> = spans.iter().filter(|s| s.span_kind == SpanKind::Client).collect();
    assert_eq!(calls.len(), 7, "{:#?}", spans.iter().map(|s| &s.name).collect::<Vec<_>>());
    for s in &calls {
        assert_eq!(s.parent_span_id, parent.span_context.span_id(), "{} is the parent's child", s.name);
        assert!(text(s, "url.full").starts_with(sb.base_url()), "{}", text(s, "url.full"));
        assert_eq!(text(s, "server.address"), "127.0.0.1");
        assert!(int(s, "server.port").is_some());
        assert_eq!(s.name, format!("{} {}", text(s, "http.request.method"), text(s, "url.template")));
    }
    let by = |op: &str| calls.iter().filter(move |s| text(s, "zeitkonto.operation") == op).collect::<Vec<_>>();

    let ok = by("employees")[0];
    assert_eq!(ok.name, "GET /api/v2/employees/{api}");
    assert_eq!(text(ok, "url.full"), format!("{}/api/v2/employees/***", sb.base_url()));
    assert_eq!(int(ok, "http.response.status_code"), Some(200));
    assert_eq!(ok.status, Status::Unset);

    let write = by("clock")[0];
    assert_eq!(write.name, "POST /rest/api/v2/time/{action}/{api}/{employee}");
    assert!(text(write, "url.full").ends_with("/rest/api/v2/time/come/***/***"), "{}", text(write, "url.full"));

    let denied = by("employees")[1];
    assert_eq!(text(denied, "error.type"), "Api");
    assert_eq!(int(denied, "zeitkonto.api_code"), Some(3));
    assert_eq!(int(denied, "http.response.status_code"), Some(403));
    assert!(matches!(&denied.status, Status::Error { .. }));

    let retried = by("presence")[0];
    assert_eq!(int(retried, "http.request.resend_count"), Some(1));
    // (The HTTP stack's own `tracing` events, e.g. hyper's, land in the span too: only ours here.)
    let waits =
        |s: &SpanData| s.events.events.iter().filter(|e| e.name == "zeitkonto.wait").cloned().collect::<Vec<_>>();
    assert_eq!(waits(retried).len(), 1);

    let limited = by("overview")[0];
    let wait = &waits(limited)[0];
    assert!(wait.attributes.iter().any(|kv| kv.key.as_str() == "zeitkonto.wait.reason" && kv.value.as_str() == "429"));

    let echoed = by("employees")[2];
    assert_eq!(text(echoed, "error.type"), "UnexpectedStatus");
    let Status::Error { description } = &echoed.status else { panic!("{:?}", echoed.status) };
    assert!(description.contains("***"), "{description}");

    let timed_out = by("leave_types")[0];
    assert_eq!(text(timed_out, "error.type"), "Timeout");
    assert_eq!(timed_out.name, "POST /rest/api/leave/types");
}
