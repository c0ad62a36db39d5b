//! The tests' shared set-up (see `tests/`): the process's `tracing` subscriber with
//! tracing-opentelemetry over the SDK's in-memory exporter, and a sandbox with a rate limit no test
//! reaches.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider};
use tracing_subscriber::layer::SubscriberExt;
use zeitkonto_sandbox::{Sandbox, SandboxConfig};

/// Installs the global subscriber (once per test binary) and returns the provider (to flush) and
/// the exporter (to read the finished spans).
pub fn install_exporter() -> (SdkTracerProvider, InMemorySpanExporter) {
    let exporter = InMemorySpanExporter::default();
    let provider = SdkTracerProvider::builder().with_simple_exporter(exporter.clone()).build();
    let layer = tracing_opentelemetry::layer().with_tracer(provider.tracer("zeitkonto-test"));
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(layer))
        .expect("the first subscriber of this test binary");
    (provider, exporter)
}

/// A sandbox frozen at 2026-11-21 whose rate limit no test reaches.
pub fn sandbox() -> Sandbox {
    let mut cfg = SandboxConfig { today: "2026-11-21".parse().ok(), ..Default::default() };
    cfg.rate_limit.limit = 1_000_000;
    Sandbox::start(cfg).expect("sandbox")
}
