"""OpenTelemetry: one CLIENT span per call (sync and async) as the core describes it, recorded with
the SDK's in-memory exporter; never a key in a span, an attribute or an event; ``untraced()`` keeps
the requests instrumentation from recording a sans-IO request; nothing happens without
OpenTelemetry."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from typing import Any, Dict, Iterator, List

import pytest

# Installed with the test tools (tests/requirements.txt); skipped, saying so, where they are not
# (the aarch64 wheel under qemu): the telemetry step of CI checks that they are there.
pytest.importorskip("opentelemetry.sdk", reason="opentelemetry-sdk is not installed (tests/requirements.txt)")

from opentelemetry import trace  # noqa: E402
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

import zeitkonto
from zeitkonto import sansio

from conftest import ANNA, COMPANY_KEY, FAST_RETRY, GENEROUS, WORKSPACE_KEY, Sandbox, make_client

# The process's one tracer provider (OpenTelemetry sets it once), with an in-memory exporter.
EXPORTER = InMemorySpanExporter()
if isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider):
    _provider = TracerProvider()
    _provider.add_span_processor(SimpleSpanProcessor(EXPORTER))
    trace.set_tracer_provider(_provider)
else:  # pragma: no cover - another test module set one first
    trace.get_tracer_provider().add_span_processor(SimpleSpanProcessor(EXPORTER))  # type: ignore[attr-defined]

WRONG = "wr0ngKey-PY-5R2T8-must-not-leak"
KEYS = [COMPANY_KEY, WORKSPACE_KEY, WRONG]


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    EXPORTER.clear()
    yield EXPORTER


def ours(exporter: InMemorySpanExporter) -> List[ReadableSpan]:
    """The calls' spans (CLIENT) of the scope ``zeitkonto`` (a job's own span is INTERNAL)."""
    return [s for s in exporter.get_finished_spans() if s.kind == SpanKind.CLIENT
            and s.instrumentation_scope is not None and s.instrumentation_scope.name == "zeitkonto"]


def dump(exporter: InMemorySpanExporter) -> str:
    return "\n".join(s.to_json() for s in exporter.get_finished_spans())


def assert_no_key(text: str) -> None:
    for key in KEYS:
        assert key not in text and key[: len(key) // 2] not in text, f"a key in the spans: {key}"


def attrs(span: ReadableSpan) -> Dict[str, Any]:
    return dict(span.attributes or {})


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_every_call_is_one_client_span_of_ours_without_a_key(flavour: str, sandbox: Sandbox,
                                                             spans: InMemorySpanExporter) -> None:
    opts: Dict[str, Any] = dict(base_url=sandbox.url, workspace_key=WORKSPACE_KEY, rate_limit=GENEROUS,
                                retry=FAST_RETRY)
    tracer = trace.get_tracer("payroll-service")

    def scenario(call: Any) -> None:
        call(lambda c: c.employees())
        call(lambda c: c.come(ANNA))
        sandbox.inject(kind="status", status=503, count=1, operation="presence")
        call(lambda c: c.presence())
        with pytest.raises(zeitkonto.AuthenticationFailedError):
            call(lambda c: c.employees(), key=WRONG)
        sandbox.inject(kind="echoPath", status=502, count=3, operation="employees")
        with pytest.raises(zeitkonto.UnexpectedStatusError):
            call(lambda c: c.employees(), key=WRONG)

    with tracer.start_as_current_span("payroll run") as parent:
        if flavour == "sync":
            def call(f: Any, key: str = COMPANY_KEY) -> Any:
                with zeitkonto.Client(key, **opts) as c:
                    return f(c)
            scenario(call)
        else:
            loop = asyncio.new_event_loop()

            def call(f: Any, key: str = COMPANY_KEY) -> Any:
                async def run() -> Any:
                    async with zeitkonto.AsyncClient(key, **opts) as c:
                        return await f(c)
                return loop.run_until_complete(run())
            try:
                scenario(call)
            finally:
                loop.close()

    assert_no_key(dump(spans))
    mine = ours(spans)
    assert len(mine) == 5, [s.name for s in mine]
    for s in mine:
        assert s.kind == SpanKind.CLIENT
        assert s.parent is not None and s.parent.span_id == parent.get_span_context().span_id
        a = attrs(s)
        assert s.name == f"{a['http.request.method']} {a['url.template']}"
        assert a["server.address"] == "127.0.0.1"
        assert str(a["url.full"]).startswith(sandbox.url)
    read, write, retried, denied, echoed = mine
    assert read.name == "GET /api/v2/employees/{api}"
    assert attrs(read)["url.full"] == f"{sandbox.url}/api/v2/employees/***"
    assert attrs(read)["http.response.status_code"] == 200
    assert read.status.status_code == StatusCode.UNSET
    assert write.name == "POST /rest/api/v2/time/{action}/{api}/{employee}"
    assert attrs(retried)["http.request.resend_count"] == 1
    assert [e.name for e in retried.events] == ["zeitkonto.wait"]
    assert dict(retried.events[0].attributes or {})["zeitkonto.wait.reason"] == "retry"
    assert attrs(denied)["error.type"] == "Api" and attrs(denied)["zeitkonto.api_code"] == 3
    assert denied.status.status_code == StatusCode.ERROR
    assert attrs(echoed)["error.type"] == "UnexpectedStatus"
    assert "***" in (echoed.status.description or "")
    # The span's times are the call's.
    assert all(s.start_time is not None and s.end_time is not None and s.start_time <= s.end_time for s in mine)


def test_a_cancelled_async_call_ends_its_span_as_aborted(sandbox: Sandbox, spans: InMemorySpanExporter) -> None:
    sandbox.inject(kind="delay", delayMs=3000, count=1, operation="all_employees")

    async def run() -> None:
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=GENEROUS) as c:
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(c.all_employees(), 0.3)

    asyncio.run(run())
    [span] = ours(spans)
    assert attrs(span)["error.type"] == "Aborted"
    assert span.status.status_code == StatusCode.ERROR


def test_a_rate_limit_wait_is_an_event(sandbox: Sandbox, spans: InMemorySpanExporter) -> None:
    with make_client(sandbox, rate_limit=zeitkonto.RateLimitSettings(limit=1, window=0.5)) as c:
        c.employees()
        c.employees()
    waits = [e for s in ours(spans) for e in s.events]
    assert [dict(e.attributes or {})["zeitkonto.wait.reason"] for e in waits] == ["rate limit"]


def test_untraced_keeps_the_requests_instrumentation_off_a_sans_io_request(sandbox: Sandbox,
                                                                        spans: InMemorySpanExporter) -> None:
    requests = pytest.importorskip("requests")  # installed with the test tools (scripts/ci/python)
    from opentelemetry.instrumentation.requests import RequestsInstrumentor

    RequestsInstrumentor().instrument()
    try:
        req = sansio.build_request("employees", {}, api_key=COMPANY_KEY, base_url=sandbox.url)
        # Without it, the instrumentation records the URL, key and all: why untraced() exists.
        requests.request(req.method, req.url, headers=dict(req.headers), data=req.body, timeout=10)
        assert COMPANY_KEY in dump(spans)
        spans.clear()
        with sansio.untraced():
            r = requests.request(req.method, req.url, headers=dict(req.headers), data=req.body, timeout=10)
        assert sansio.parse_response("employees", r.status_code, list(r.headers.items()), r.content)
        assert spans.get_finished_spans() == ()
    finally:
        RequestsInstrumentor().uninstrument()


def test_without_opentelemetry_nothing_is_imported_and_calls_work(sandbox: Sandbox) -> None:
    code = f"""
import sys, json
sys.modules["opentelemetry"] = None  # as if not installed
import zeitkonto
from zeitkonto import _telemetry, sansio
with zeitkonto.Client({COMPANY_KEY!r}, base_url={sandbox.url!r}) as c:
    n = len(c.employees())
with sansio.untraced():
    pass
print(json.dumps({{"employees": n, "otel": _telemetry._otel}}))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    result = json.loads(out.stdout)
    assert result == {"employees": result["employees"], "otel": False} and result["employees"] > 0


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_a_job_is_the_parent_span_of_its_calls(flavour: str, sandbox: Sandbox, spans: InMemorySpanExporter) -> None:
    opts: Dict[str, Any] = dict(base_url=sandbox.url, rate_limit=GENEROUS, retry=FAST_RETRY)
    if flavour == "sync":
        with zeitkonto.Client(COMPANY_KEY, **opts) as c:
            rows = list(c.jobs.presence_board())
    else:
        async def run() -> List[Any]:
            async with zeitkonto.AsyncClient(COMPANY_KEY, **opts) as c:
                return [e async for e in c.jobs.presence_board()]
        rows = asyncio.run(run())
    assert rows
    [job] = [s for s in spans.get_finished_spans() if s.name == "zeitkonto.job presence_board"]
    assert job.kind == SpanKind.INTERNAL and attrs(job)["zeitkonto.job"] == "presence_board"
    calls = ours(spans)
    assert calls and all(s.parent is not None and s.parent.span_id == job.context.span_id for s in calls)
    assert_no_key(dump(spans))


def test_every_kind_of_failure_leaves_no_key_in_spans_or_logs(sandbox: Sandbox, spans: InMemorySpanExporter,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    import logging

    caplog.set_level(logging.DEBUG, logger="zeitkonto")  # before the clients: they log when DEBUG is on
    https = sandbox.url.replace("http://", "https://")
    cases: List[Any] = [
        ("429", dict(kind="rateLimit", retryAfter=120, count=1, operation="employees"), {},
         zeitkonto.RateLimitedError, "RateLimited"),
        ("5xx", dict(kind="status", status=500, count=3, operation="employees"), {},
         zeitkonto.UnexpectedStatusError, "UnexpectedStatus"),
        ("timeout", dict(kind="delay", delayMs=2000, count=3, operation="employees"), dict(timeout=0.2),
         zeitkonto.APITimeoutError, "Timeout"),
        ("tls", None, dict(base_url=https), zeitkonto.TransportError, None),
        ("wrong key", None, dict(api_key=WRONG), zeitkonto.AuthenticationFailedError, "Api"),
    ]
    for name, fault, options, error, kind in cases:
        if fault is not None:
            sandbox.inject(**fault)
        opts: Dict[str, Any] = dict(base_url=sandbox.url, rate_limit=GENEROUS, retry=FAST_RETRY)
        opts.update(options)
        with zeitkonto.Client(opts.pop("api_key", COMPANY_KEY), **opts) as c:
            with pytest.raises(error):
                c.employees()
        [span] = ours(spans)
        assert span.status.status_code == StatusCode.ERROR, name
        assert attrs(span)["error.type"] == (kind or attrs(span)["error.type"]), name
        assert attrs(span)["error.type"] in ("Tls", "Transport") or kind is not None, name
        assert_no_key(dump(spans))
        spans.clear()
    logged = "\n".join(f"{r.getMessage()} {getattr(r, 'zeitkonto', '')}" for r in caplog.records)
    assert "employees" in logged  # the driver's events were logged
    assert_no_key(logged)
