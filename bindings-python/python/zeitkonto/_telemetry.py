"""OpenTelemetry: one CLIENT span per call, when ``opentelemetry-api`` is installed and a tracer
provider is set (``pip install 'zeitkonto[otel]'``; nothing is imported or paid otherwise).

The span is the core's description (``zeitkonto_core::telemetry``, the same in every language):
name ``{method} {url.template}`` (``GET /api/v2/employees/{api}``), kind CLIENT, OpenTelemetry's HTTP
client attributes with ``url.full`` redacted (every key ``***``), ``zeitkonto.operation``,
``error.type`` and ``zeitkonto.api_code`` on failure, waits as ``zeitkonto.wait`` events. The call
runs on the extension's runtime threads, which never touch Python: the extension collects the
span there (``_core.Trace``) and it is recorded here, on the caller's thread, with the times it
happened, as a child of the span that was current when the call started.

The bundled transport is Rust: Python's HTTP instrumentations (requests, httpx, urllib3, aiohttp)
never see its requests, so they cannot record the key. For your own transport over the sans-IO
layer, send inside :func:`zeitkonto.sansio.untraced` so that they record nothing either.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any, Dict, Optional, Tuple

from . import _core

_VERSION = "0.1.0"
# (trace module, context module, tracer) once loaded; False: OpenTelemetry is not installed.
_otel: Any = None


def _load() -> Any:
    global _otel
    if _otel is None:
        try:
            from opentelemetry import context, trace
        except ImportError:
            _otel = False
        else:
            _otel = (trace, context, trace.get_tracer("zeitkonto", _VERSION))
    return _otel


Begun = Optional[Tuple["_core.Trace", Any]]


def begin() -> Begun:
    """A collector for the call about to start and the caller's context, or ``None`` when nothing
    records spans (OpenTelemetry not installed, no tracer provider set, or ``OTEL_SDK_DISABLED``)."""
    if not _recording():
        return None
    try:
        return _core.Trace(), _otel[1].get_current()
    except Exception:  # telemetry never fails a call
        return None


def _recording() -> bool:
    """Whether spans are recorded: OpenTelemetry installed, a tracer provider set (not the API's
    proxy: every span would be a no-op) and ``OTEL_SDK_DISABLED`` not set."""
    otel = _load()
    if not otel:
        return False
    trace = otel[0]
    try:
        return (not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)
                and os.environ.get("OTEL_SDK_DISABLED", "").strip().lower() != "true")
    except Exception:  # telemetry never fails a call
        return False


def finish(begun: Begun) -> None:
    """Records the call's span. A call whose span did not end (the caller's task was cancelled
    while it ran) ends here as ``Aborted``."""
    if begun is None:
        return
    collector, parent = begun
    try:
        trace, _, tracer = _otel
        span = None
        for action in collector.take():
            kind = action["action"]
            if kind == "start":
                span = tracer.start_span(action["name"], context=parent, kind=trace.SpanKind.CLIENT,
                                         attributes=action["attributes"], start_time=action["timeUnixNano"])
            elif span is None:
                continue
            elif kind == "event":
                span.add_event(action["name"], action["attributes"], timestamp=action["timeUnixNano"])
            else:
                span.set_attributes(action["attributes"])
                if action["error"] is not None:
                    span.set_status(trace.Status(trace.StatusCode.ERROR, action["message"]))
                span.end(end_time=action["timeUnixNano"])
                span = None
        if span is not None:
            span.set_attribute("error.type", "Aborted")
            span.set_status(trace.Status(trace.StatusCode.ERROR, "the call was cancelled"))
            span.end()
    except Exception:  # telemetry never fails a call
        pass


class JobSpan:
    """A whole-company job's span (``zeitkonto.job {job}``, kind INTERNAL: the core's
    ``telemetry::job_span``) while the job runs: its calls made inside ``call()`` are its
    children. A no-op without OpenTelemetry recording."""

    def __init__(self, span: Any = None, ctx: Any = None) -> None:
        self._span, self._ctx = span, ctx

    @contextlib.contextmanager
    def call(self) -> Any:
        """A context manager in which the job's span is the current one."""
        if self._span is None:
            yield
            return
        _, context, _ = _otel
        token = context.attach(self._ctx)
        try:
            yield
        finally:
            context.detach(token)

    def end(self, error: Optional[BaseException] = None) -> None:
        if self._span is None:
            return
        try:
            if error is not None:
                trace = _otel[0]
                self._span.set_status(trace.Status(trace.StatusCode.ERROR, str(error)))
            self._span.end()
        except Exception:  # telemetry never fails a job
            pass


def start_job(described: Tuple[str, Dict[str, Any]]) -> JobSpan:
    """The :class:`JobSpan` of a job, as the core describes it (``Job.span``: name and
    attributes), started as a child of the current span; the caller ends it once."""
    if _recording():
        try:
            trace, context, tracer = _otel
            name, attributes = described
            s = tracer.start_span(name, kind=trace.SpanKind.INTERNAL, attributes=attributes)
            return JobSpan(s, trace.set_span_in_context(s, context.get_current()))
        except Exception:
            pass
    return JobSpan()


@contextlib.contextmanager
def job(described: Tuple[str, Dict[str, Any]]) -> Any:
    """A context manager giving the :class:`JobSpan` of :func:`start_job`, ended on leaving (with
    an error status when an exception, not a consumer's stop, ends the job)."""
    span = start_job(described)
    try:
        yield span
    except Exception as e:
        span.end(e)
        raise
    except BaseException:  # a consumer's stop (GeneratorExit), Ctrl-C, a cancelled task
        span.end()
        raise
    span.end()


@contextlib.contextmanager
def untraced() -> Any:
    """A context manager in which OpenTelemetry's instrumentations record nothing (the
    ``suppress_instrumentation`` and ``suppress_http_instrumentation`` keys they all check): for
    sending a request built by :func:`zeitkonto.sansio.build_request` with your own HTTP client,
    whose spans would otherwise carry the key in ``url.full``. Does nothing without OpenTelemetry."""
    otel = _load()
    if not otel:
        yield
        return
    _, context, _ = otel
    ctx = context.get_current()
    for name in ("_SUPPRESS_INSTRUMENTATION_KEY", "_SUPPRESS_HTTP_INSTRUMENTATION_KEY"):
        key = getattr(context, name, None)
        if key is not None:
            ctx = context.set_value(key, True, ctx)
    token = context.attach(ctx)
    try:
        yield
    finally:
        context.detach(token)
