//! [`ZeitkontoClient`]: the client object (constructors, `call` by name). The operation methods
//! and their shorthands (`come`, `go`, `stop`) are generated from the core's declaration
//! (`operations.rs`): each builds the core's params struct from its arguments, runs it through the
//! Rust client's one driver (`zeitkonto::Client::execute`: limiter, retries, redaction) and
//! converts the core's typed output into a record (`models.rs`). No JSON on the way; `call` keeps
//! the canonical JSON form.

use std::sync::Arc;

use zeitkonto_core::ops::ClockAction;
use zeitkonto_core::Operation;

use crate::config::ZeitkontoConfig;
use crate::events::{self, ZeitkontoEventListener};
use crate::telemetry::{self, ZeitkontoTracer};
use crate::transport::{ForeignTransport, ZeitkontoTransport};
use crate::types::RawJson;
use crate::ZeitkontoError;

/// Clock actions of `clock`: the core's own enum, exposed as is (`as_str` gives its wire name).
#[uniffi::remote(Enum)]
pub enum ClockAction {
    /// Clock in (optionally on a project).
    Come,
    /// Clock out.
    Go,
    /// Clock out and start a new booking right after.
    Stop,
}

/// The Zeitkonto client. Thread-safe; share one per key (clients of a key share the rate limit).
#[derive(uniffi::Object)]
pub struct ZeitkontoClient {
    pub(crate) inner: zeitkonto::Client,
    /// Gets a span per call (`telemetry.rs`); none: nothing is built.
    pub(crate) tracer: Option<Arc<dyn ZeitkontoTracer>>,
}

impl std::fmt::Debug for ZeitkontoClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The Rust client's Debug shows the base URL and prints keys as `***`.
        self.inner.fmt(f)
    }
}

impl ZeitkontoClient {
    /// An argument's conversion (a date, a clock time) with its refusal, which quotes the value (in
    /// Swift a `String`: perhaps a key passed in the wrong place), without the client's keys.
    pub(crate) fn redacted<T>(&self, r: Result<T, zeitkonto_core::Error>) -> Result<T, ZeitkontoError> {
        r.map_err(|e| self.inner.context().redact_error(e).into())
    }

    /// Runs a typed operation through the Rust client's driver (limiter, retries, redaction),
    /// with its span reported to the tracer if there is one.
    pub(crate) async fn execute<O: Operation>(&self, op: &O) -> Result<O::Output, ZeitkontoError> {
        Ok(telemetry::traced(self.tracer.as_ref(), self.inner.execute(op)).await?)
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl ZeitkontoClient {
    /// A client with `config`; fails with `InvalidInput` on a bad base URL, route or setting.
    /// `tracer`: gets one span per call (Kotlin: `OpenTelemetryTracer()`); every constructor
    /// takes one.
    #[uniffi::constructor(default(tracer = None))]
    pub fn new(
        config: ZeitkontoConfig,
        tracer: Option<Arc<dyn ZeitkontoTracer>>,
    ) -> Result<Arc<ZeitkontoClient>, ZeitkontoError> {
        Ok(Arc::new(ZeitkontoClient { inner: config.builder()?.build()?, tracer }))
    }

    /// A client with `config` that reports every driver event (send, answer, wait, failure;
    /// redacted) to `listener`: plug in your logger here. `tracer`: one span per call.
    #[uniffi::constructor(default(tracer = None))]
    pub fn with_event_listener(
        config: ZeitkontoConfig,
        listener: Arc<dyn ZeitkontoEventListener>,
        tracer: Option<Arc<dyn ZeitkontoTracer>>,
    ) -> Result<Arc<ZeitkontoClient>, ZeitkontoError> {
        let inner = config.builder()?.on_event(events::observer(listener)).build()?;
        Ok(Arc::new(ZeitkontoClient { inner, tracer }))
    }

    /// A client with `config` that sends through the app's own HTTP stack (`transport`: OkHttp,
    /// `URLSession`…) instead of the bundled one, and reports driver events to `listener` if given.
    /// The limiter, retries, timeout, parsing and redaction stay the client's. `tracer`: one span
    /// per call.
    #[uniffi::constructor(default(listener = None, tracer = None))]
    pub fn with_transport(
        config: ZeitkontoConfig,
        transport: Arc<dyn ZeitkontoTransport>,
        listener: Option<Arc<dyn ZeitkontoEventListener>>,
        tracer: Option<Arc<dyn ZeitkontoTracer>>,
    ) -> Result<Arc<ZeitkontoClient>, ZeitkontoError> {
        let mut builder = config.builder()?.transport(Arc::new(ForeignTransport(transport)));
        if let Some(listener) = listener {
            builder = builder.on_event(events::observer(listener));
        }
        Ok(Arc::new(ZeitkontoClient { inner: builder.build()?, tracer }))
    }

    /// Any operation by its stable name (`OperationId` names, e.g. `"time_account"`) with canonical
    /// params as JSON text; returns the canonical output as JSON text.
    pub async fn call(&self, operation: String, params: RawJson) -> Result<RawJson, ZeitkontoError> {
        let op = zeitkonto_core::OperationId::by_name(&operation)?;
        Ok(RawJson(telemetry::traced(self.tracer.as_ref(), self.inner.call_text(op, &params.0)).await?))
    }
}
