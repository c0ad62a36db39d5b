//! A whole-company job is one `zeitkonto.job` span, the parent of its calls' CLIENT spans, through
//! tracing-opentelemetry into the in-memory exporter.

use opentelemetry::trace::{SpanKind, TracerProvider as _};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider};
use tracing_subscriber::layer::SubscriberExt;
use zeitkonto::{Client, LimiterConfig};
use zeitkonto_sandbox::{demo, Sandbox, SandboxConfig};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_is_the_parent_span_of_its_calls() {
    let exporter = InMemorySpanExporter::default();
    let provider = SdkTracerProvider::builder().with_simple_exporter(exporter.clone()).build();
    let layer = tracing_opentelemetry::layer().with_tracer(provider.tracer("zeitkonto-test"));
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(layer)).unwrap();

    let mut cfg = SandboxConfig { today: "2026-11-21".parse().ok(), ..Default::default() };
    cfg.rate_limit.limit = 1_000_000;
    let sb = Sandbox::start(cfg).unwrap();
    let client = Client::builder()
        .base_url(sb.base_url())
        .api_key(demo::COMPANY_KEY)
        .rate_limit(LimiterConfig::per_window(1_000_000, 60_000))
        .build()
        .unwrap();
    {
        let mut job = client.month_close(2026, 10, vec![], None).unwrap();
        let mut events = 0;
        while let Some(e) = job.next().await {
            e.unwrap();
            events += 1;
        }
        assert!(events > 0);
        let mut board = client.presence_board(None, None).unwrap();
        while let Some(e) = board.next().await {
            e.unwrap();
        }
    } // the jobs are dropped: their spans end
    provider.force_flush().unwrap();

    let spans = exporter.get_finished_spans().unwrap();
    assert!(!format!("{spans:?}").contains(demo::COMPANY_KEY));
    for (job, at_least) in [("month_close", 2), ("presence_board", 1)] {
        let parent = spans.iter().find(|s| s.name == format!("zeitkonto.job {job}")).expect("the job's span");
        assert_eq!(parent.span_kind, SpanKind::Internal);
        let calls: Vec<_> = spans
            .iter()
            .filter(|s| s.span_kind == SpanKind::Client && s.parent_span_id == parent.span_context.span_id())
            .collect();
        assert!(calls.len() >= at_least, "{job}: {} calls", calls.len());
    }
}
