//! One span per call for Kotlin and Swift: the app's [`ZeitkontoTracer`] (an OpenTelemetry tracer
//! in Kotlin's `OpenTelemetryTracer`, swift-distributed-tracing or opentelemetry-swift in Swift)
//! receives the core's description of each call ([`zeitkonto_core::telemetry`]: name, OpenTelemetry's
//! HTTP client attributes with `url.full` redacted, waits as events, the outcome), converted as is:
//! nothing is named or computed here.
//!
//! A client made with a tracer runs each call inside `zeitkonto::with_spans(sink, ..)`; the sink
//! relays `Start` to `tracer.start` and the call's `Event`s and `End` to the span it returned. The
//! calls of one `with_spans` scope run one after the other (a job's `next()` may make several), so
//! one slot for the current span suffices. A tracer or span that throws never fails a call: the
//! exception arrives as an `Err` and is dropped (and that call's span then gets nothing more).
//! Without a tracer nothing is built (the driver sees no sink).

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};

use zeitkonto::telemetry::{AttrValue, Attributes};

use crate::types::WideInt;
use zeitkonto::{SpanAction, SpanSink};

/// An attribute's value: OpenTelemetry's semantic conventions use text and whole numbers only.
#[derive(Debug, Clone, PartialEq, uniffi::Enum)]
pub enum SpanValue {
    /// A text.
    Text {
        /// The text.
        value: String,
    },
    /// A whole number.
    Int {
        /// The number (Kotlin `Long`, Swift `Int`).
        value: WideInt,
    },
}

/// One attribute (`url.full`, `http.response.status_code`, `zeitkonto.api_code`, ...).
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SpanAttribute {
    /// The attribute's name, as OpenTelemetry's conventions spell it.
    pub key: String,
    /// Its value.
    pub value: SpanValue,
}

/// The kind of a span, as OpenTelemetry names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum SpanKind {
    /// A call of the API.
    Client,
    /// A whole-company job (`zeitkonto.job {job}`), the parent of its calls' spans.
    Internal,
}

/// A call (or a job) starts: begin a span of `kind`, as a child of the caller's current span (a
/// job's call: of the job's span, through [`ZeitkontoSpan::child`]).
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SpanStart {
    /// `Client` for a call, `Internal` for a job.
    pub kind: SpanKind,
    /// `{method} {url.template}`, e.g. `GET /api/v2/employees/{api}` (never the raw path).
    pub name: String,
    /// When the call started, in nanoseconds since the Unix epoch.
    pub time_unix_nano: WideInt,
    /// `http.request.method`, `server.address`, `server.port`, `url.full` (every key as `***`),
    /// `url.template`, `zeitkonto.operation`.
    pub attributes: Vec<SpanAttribute>,
}

/// Something happened during the call (a wait before sending: `zeitkonto.wait`).
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SpanEvent {
    /// The event's name (`zeitkonto.wait`).
    pub name: String,
    /// When, in nanoseconds since the Unix epoch.
    pub time_unix_nano: WideInt,
    /// `zeitkonto.wait.reason` (`rate limit`, `429`, `retry`), `zeitkonto.wait.delay_ms`.
    pub attributes: Vec<SpanAttribute>,
}

/// The call ended: set these attributes, the status (an error when `error` is set) and end the span.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct SpanEnd {
    /// When the call ended, in nanoseconds since the Unix epoch.
    pub time_unix_nano: WideInt,
    /// `http.response.status_code`, `http.request.resend_count`, `error.type`, `zeitkonto.api_code`
    /// (each when it applies).
    pub attributes: Vec<SpanAttribute>,
    /// The error kind when the call failed (`Api`, `Timeout`, `Aborted`, ...; also `error.type`).
    pub error: Option<String>,
    /// The redacted error message when the call failed (the span status's description).
    pub message: Option<String>,
}

/// Makes a span per call. Pass one to a client's constructor (`tracer = ...`). Called on the thread
/// that first runs the call (Kotlin: a thread of the library's view of `Dispatchers.IO`, in the
/// caller's coroutine context), then on the library's worker threads: keep it quick and
/// thread-safe. An exception it throws never fails a call (the call then has no span).
#[uniffi::export(with_foreign)]
pub trait ZeitkontoTracer: Send + Sync {
    /// A call starts: begin its span (kind CLIENT, parent: the caller's current span).
    fn start(&self, span: SpanStart) -> Result<Arc<dyn ZeitkontoSpan>, TracerError>;
}

/// One call's (or job's) span, as [`ZeitkontoTracer::start`] began it: any events, then one `end`.
#[uniffi::export(with_foreign)]
pub trait ZeitkontoSpan: Send + Sync {
    /// Begins a span whose parent is this one (a job's calls), as `start` would otherwise.
    fn child(&self, span: SpanStart) -> Result<Arc<dyn ZeitkontoSpan>, TracerError>;
    /// Adds an event (a wait).
    fn event(&self, event: SpanEvent) -> Result<(), TracerError>;
    /// Sets the end attributes and the status, and ends the span.
    fn end(&self, end: SpanEnd) -> Result<(), TracerError>;
}

callback_error!(
    /// What a tracer's exception becomes on the Rust side (where it is dropped).
    TracerError,
    "tracer"
);

fn attributes(a: &Attributes) -> Vec<SpanAttribute> {
    a.0.iter()
        .map(|(k, v)| SpanAttribute {
            key: (*k).to_string(),
            value: match v {
                AttrValue::Str(s) => SpanValue::Text { value: s.clone() },
                AttrValue::Int(n) => SpanValue::Int { value: WideInt(*n) },
            },
        })
        .collect()
}

fn nanos(t: u64) -> WideInt {
    WideInt(i64::try_from(t).unwrap_or(i64::MAX))
}

/// Calls `f` on the foreign side: its exception arrives as `Err` and is dropped; the catch is belt
/// and braces.
fn contained<T>(f: impl FnOnce() -> Result<T, TracerError>) -> Option<T> {
    std::panic::catch_unwind(AssertUnwindSafe(f)).ok().and_then(Result::ok)
}

/// A sink for one `with_spans` scope: `Start` → `tracer.start`, `Event`/`End` → that span.
fn sink(tracer: Arc<dyn ZeitkontoTracer>) -> SpanSink {
    relay(move |start| contained(|| tracer.start(start)))
}

/// A sink whose `Start` begins a span with `begin`, `Event`/`End` going to that span.
fn relay(begin: impl Fn(SpanStart) -> Option<Arc<dyn ZeitkontoSpan>> + Send + Sync + 'static) -> SpanSink {
    let current: Mutex<Option<Arc<dyn ZeitkontoSpan>>> = Mutex::new(None);
    Arc::new(move |action: &SpanAction| {
        let slot = || current.lock().unwrap_or_else(|p| p.into_inner());
        // The foreign code is never called with the slot locked.
        match action {
            SpanAction::Start { name, time_unix_nano: t, attributes: a } => {
                let start = SpanStart {
                    kind: SpanKind::Client,
                    name: name.clone(),
                    time_unix_nano: nanos(*t),
                    attributes: attributes(a),
                };
                *slot() = begin(start);
            }
            SpanAction::Event { name, time_unix_nano: t, attributes: a } => {
                let event =
                    SpanEvent { name: (*name).to_string(), time_unix_nano: nanos(*t), attributes: attributes(a) };
                let span = slot().clone();
                span.map(|s| contained(|| s.event(event)));
            }
            SpanAction::End { time_unix_nano: t, attributes: a, error, message } => {
                let (error, message) = (error.map(str::to_string), message.clone());
                let end = SpanEnd { time_unix_nano: nanos(*t), attributes: attributes(a), error, message };
                let span = slot().take();
                span.map(|s| contained(|| s.end(end)));
            }
        }
    })
}

/// A whole-company job's span (the core's `job_span`: `zeitkonto.job {job}`, kind `Internal`),
/// begun with the tracer at the job's first step; its calls' spans are its children. Ended when
/// the job is done or stopped on a failure, or when the job object goes away first.
pub(crate) struct JobTrace {
    tracer: Arc<dyn ZeitkontoTracer>,
    job: &'static str,
    /// `None` before the job's first step; then its span, `None` once ended (or when the tracer
    /// could not begin it). A job's steps run one at a time (its lock): no two begin it at once.
    span: Mutex<Option<Option<Arc<dyn ZeitkontoSpan>>>>,
}

impl JobTrace {
    /// The trace of `job` for `tracer`, if there is one.
    pub(crate) fn new(tracer: Option<Arc<dyn ZeitkontoTracer>>, job: &'static str) -> Option<Arc<JobTrace>> {
        tracer.map(|tracer| Arc::new(JobTrace { tracer, job, span: Mutex::new(None) }))
    }

    fn span(&self) -> std::sync::MutexGuard<'_, Option<Option<Arc<dyn ZeitkontoSpan>>>> {
        self.span.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The sink of one step: the job's span begun on the first, each call's span its child (or a
    /// span of its own when the job's could not be begun). The foreign code is never called with
    /// the slot locked.
    pub(crate) fn sink(self: &Arc<Self>) -> SpanSink {
        if self.span().is_none() {
            let (name, a) = zeitkonto_core::telemetry::job_span(self.job);
            let now = nanos(zeitkonto::runtime::unix_nanos());
            let start = SpanStart { kind: SpanKind::Internal, name, time_unix_nano: now, attributes: attributes(&a) };
            let span = contained(|| self.tracer.start(start));
            *self.span() = Some(span);
        }
        let trace = self.clone();
        relay(move |start| {
            let parent = trace.span().clone().flatten();
            match parent {
                Some(parent) => contained(|| parent.child(start)),
                None => contained(|| trace.tracer.start(start)),
            }
        })
    }

    /// Ends the job's span (once): `error` when the job stopped on a failure.
    pub(crate) fn end(&self, error: Option<&zeitkonto::Error>) {
        let span = self.span().replace(None).flatten();
        let Some(span) = span else { return };
        let end = SpanEnd {
            time_unix_nano: nanos(zeitkonto::runtime::unix_nanos()),
            attributes: Vec::new(),
            error: error.map(|e| e.kind().to_string()),
            message: error.map(|e| e.to_string()),
        };
        contained(|| span.end(end));
    }
}

impl Drop for JobTrace {
    fn drop(&mut self) {
        // The job object went away before it finished (the consumer stopped): the span ends.
        self.end(None);
    }
}

/// Runs `future` (one call, or a job's step) so that its calls report their spans to `tracer`
/// (none: no span is described). One wrapper either way: awaiting the bare future in the other
/// case would compile each operation's call twice.
pub(crate) fn traced<F: Future>(
    tracer: Option<&Arc<dyn ZeitkontoTracer>>,
    future: F,
) -> zeitkonto::telemetry::WithSpans<F> {
    zeitkonto::with_spans(tracer.map(|t| sink(t.clone())), future)
}

#[cfg(test)]
#[path = "tests/telemetry.rs"]
mod tests;
