//! A whole-company job is one `zeitkonto.job` span, the parent of its calls' CLIENT spans, through
//! tracing-opentelemetry into the in-memory exporter.

use opentelemetry::trace::SpanKind;
use zeitkonto::{Client, LimiterConfig};
use zeitkonto_sandbox::demo;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_is_the_parent_span_of_its_calls() {
    let (provider, exporter) = zeitkonto_telemetry_rust::install_exporter();
    let sb = zeitkonto_telemetry_rust::sandbox();
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
