//! A span per call: the core's description ([`zeitkonto_core::telemetry`]) handed to whoever
//! records it.
//!
//! - Rust: with the `tracing` feature every call is a `tracing` span named `zeitkonto.call` whose
//!   fields are OpenTelemetry's (`otel.name` is `{method} {url.template}`, `otel.kind` is
//!   `client`, `url.full` redacted, ...): with `tracing-opentelemetry` it becomes the CLIENT span
//!   OpenTelemetry expects; waits are `zeitkonto.wait` events inside it.
//! - Any language: a [`SpanSink`] receives the same description as [`SpanAction`]s (start, events,
//!   end), either for every call of a client ([`crate::ClientBuilder::on_span`]) or for the calls
//!   run inside [`with_spans`] (how the bindings tell one call's span from another's).
//!
//! Nothing is built when nobody records: no sink and no `tracing` subscriber interested.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use zeitkonto_core::telemetry::CallSpan;
pub use zeitkonto_core::telemetry::{AttrValue, Attributes, SpanAction, WAIT_EVENT};
use zeitkonto_core::{Error, OperationId, Request};

use crate::runtime;

/// Receives the span actions of calls (redacted; see [`SpanAction`]).
pub type SpanSink = Arc<dyn Fn(&SpanAction) + Send + Sync>;

thread_local! {
    static SCOPED: RefCell<Option<SpanSink>> = const { RefCell::new(None) };
}

/// A future whose calls report their spans to a sink (see [`with_spans`]).
pub struct WithSpans<F> {
    sink: Option<SpanSink>,
    inner: Pin<Box<F>>,
}

impl<F: Future> Future for WithSpans<F> {
    type Output = F::Output;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        // The sink is current while the future is polled (a call reads it when it starts, in its
        // first poll), on whatever thread polls it.
        let previous = SCOPED.with(|s| s.replace(self.sink.clone()));
        let r = self.inner.as_mut().poll(cx);
        SCOPED.with(|s| *s.borrow_mut() = previous);
        r
    }
}

/// Runs `future` so that every call it starts reports its span to `sink` (instead of the
/// client's [`crate::ClientBuilder::on_span`], if any; `None`: to the client's). The bindings wrap
/// each call in one, so that a call's actions reach that call's span. (One wrapper whether or not
/// there is a sink: a binding that awaited the bare future in the other case would compile the
/// call's whole state machine twice.)
pub fn with_spans<F: Future>(sink: impl Into<Option<SpanSink>>, future: F) -> WithSpans<F> {
    WithSpans { sink: sink.into(), inner: Box::pin(future) }
}

/// One call's span while the driver runs it: the core's [`CallSpan`] and where its actions go.
/// Ends the span when dropped before the call finished (a cancelled call).
pub(crate) struct Trace {
    live: Option<(CallSpan, Option<SpanSink>)>,
    #[cfg(feature = "tracing")]
    span: tracing::Span,
}

fn deliver(sink: &Option<SpanSink>, action: &SpanAction) {
    if let Some(s) = sink {
        s(action);
    }
}

impl Trace {
    /// The span of a call of `op` sending `request`; nothing when nobody records.
    pub(crate) fn start(
        client_sink: Option<&SpanSink>,
        op: OperationId,
        request: &Request,
        ctx: &zeitkonto_core::Context,
    ) -> Trace {
        let sink = SCOPED.with(|s| s.borrow().clone()).or_else(|| client_sink.cloned());
        #[cfg(feature = "tracing")]
        let wanted = tracing::enabled!(target: "zeitkonto", tracing::Level::INFO, zeitkonto.call);
        #[cfg(not(feature = "tracing"))]
        let wanted = false;
        if sink.is_none() && !wanted {
            return Trace {
                live: None,
                #[cfg(feature = "tracing")]
                span: tracing::Span::none(),
            };
        }
        let (call, start) = CallSpan::start(op, request, ctx, runtime::unix_nanos());
        deliver(&sink, &start);
        Trace {
            #[cfg(feature = "tracing")]
            span: if wanted { tracing_span(&start) } else { tracing::Span::none() },
            live: Some((call, sink)),
        }
    }

    /// The `tracing` span the call runs in.
    #[cfg(feature = "tracing")]
    pub(crate) fn span(&self) -> tracing::Span {
        self.span.clone()
    }

    pub(crate) fn attempt(&mut self) {
        if let Some((call, _)) = &mut self.live {
            call.on_attempt();
        }
    }

    pub(crate) fn status(&mut self, status: u16) {
        if let Some((call, _)) = &mut self.live {
            call.on_status(status);
        }
    }

    pub(crate) fn wait(&self, delay_ms: u64, reason: &'static str) {
        if let Some((call, sink)) = &self.live {
            let event = call.on_wait(delay_ms, reason, runtime::unix_nanos());
            deliver(sink, &event);
            #[cfg(feature = "tracing")]
            tracing::event!(
                target: "zeitkonto",
                parent: &self.span,
                tracing::Level::INFO,
                { zeitkonto.wait.reason = reason, zeitkonto.wait.delay_ms = delay_ms },
                "zeitkonto.wait"
            );
        }
    }

    /// Ends the span with the call's outcome (its error redacted, as the driver returns it);
    /// `None`: the call was cancelled.
    pub(crate) fn end(&mut self, outcome: Option<Result<(), &Error>>) {
        if let Some((call, sink)) = self.live.take() {
            let end = match outcome {
                Some(o) => call.end(o, runtime::unix_nanos()),
                None => call.cancelled(runtime::unix_nanos()),
            };
            deliver(&sink, &end);
            #[cfg(feature = "tracing")]
            record_end(&self.span, &end);
        }
    }
}

impl Drop for Trace {
    fn drop(&mut self) {
        if self.live.is_some() {
            // Dropped before it finished: the caller cancelled the call.
            self.end(None);
        }
    }
}

#[cfg(feature = "tracing")]
fn tracing_span(start: &SpanAction) -> tracing::Span {
    let SpanAction::Start { name, attributes: a, .. } = start else { return tracing::Span::none() };
    let text = |k: &str| a.get(k).map(|v| v.to_string()).unwrap_or_default();
    let port = match a.get("server.port") {
        Some(AttrValue::Int(p)) => *p,
        _ => 0,
    };
    tracing::info_span!(
        target: "zeitkonto",
        "zeitkonto.call",
        otel.name = name.as_str(),
        otel.kind = "client",
        otel.status_code = tracing::field::Empty,
        otel.status_description = tracing::field::Empty,
        http.request.method = text("http.request.method"),
        server.address = text("server.address"),
        server.port = port,
        url.full = text("url.full"),
        url.template = text("url.template"),
        zeitkonto.operation = text("zeitkonto.operation"),
        http.response.status_code = tracing::field::Empty,
        http.request.resend_count = tracing::field::Empty,
        "error.type" = tracing::field::Empty,
        zeitkonto.api_code = tracing::field::Empty,
    )
}

#[cfg(feature = "tracing")]
fn record_end(span: &tracing::Span, end: &SpanAction) {
    let SpanAction::End { attributes, error, message, .. } = end else { return };
    for (k, v) in &attributes.0 {
        match v {
            AttrValue::Int(n) => span.record(*k, *n),
            AttrValue::Str(s) => span.record(*k, s.as_str()),
        };
    }
    if error.is_some() {
        span.record("otel.status_code", "error");
        if let Some(m) = message {
            span.record("otel.status_description", m.as_str());
        }
    }
}
