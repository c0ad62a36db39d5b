"""Error reporters record more than the exception: Sentry (by default) records the locals of every
frame of the traceback. With the real `sentry-sdk`, no event holds a key."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import pytest

sentry_sdk = pytest.importorskip("sentry_sdk", reason="sentry-sdk is not installed (tests/requirements.txt)")
from sentry_sdk.transport import Transport  # noqa: E402

import zeitkonto  # noqa: E402
from conftest import COMPANY_KEY, FAST_RETRY, Sandbox, make_client  # noqa: E402

SECRET = "sEcReT-key-7d1a"


class Collect(Transport):
    """Keeps what Sentry would send."""

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.events: List[Dict[str, Any]] = []

    def capture_envelope(self, envelope: Any) -> None:
        for item in envelope.items:
            if item.payload.json is not None:
                self.events.append(item.payload.json)


def test_sentry_events_of_failed_calls_hold_no_key(sandbox: Sandbox) -> None:
    transport = Collect()
    sentry_sdk.init(dsn="https://public@sentry.invalid/1", transport=transport, traces_sample_rate=1.0,
                    include_local_variables=True, default_integrations=False, auto_enabling_integrations=False)
    try:
        c = make_client(sandbox)
        built = zeitkonto.sansio.build_request("employees", api_key=SECRET, base_url="https://x.example")
        calls: List[Any] = [
            lambda: c.department_accounts("dept-" + SECRET),
            lambda: c.time_account("emp-" + SECRET, 2026, 13),
            lambda: zeitkonto.Client(COMPANY_KEY, workspace_key="ws-" + SECRET, base_url="ftp://x",
                                     retry=FAST_RETRY),
            lambda: zeitkonto.sansio.build_request("department_accounts", {"department": "dept-" + SECRET, "x": 1},
                                                   api_key=SECRET),
            # A failed parse with the request it answers (its URL holds the key) and an answer
            # that echoes the key, raw, in its body.
            lambda: zeitkonto.sansio.parse_response("employees", 500, [], b"upstream said " + SECRET.encode(),
                                                    request=built),
            lambda: zeitkonto.sansio.parse_response_json("employees", 500, {}, "upstream said " + SECRET,
                                                         request=built),
            # Refused before the core reads it (headers of the wrong type): the answer is dropped too.
            lambda: zeitkonto.sansio.parse_response("employees", 500, 5, b"upstream said " + SECRET.encode(),
                                                    request=built),
        ]
        for call in calls:
            try:
                call()
            except (zeitkonto.ZeitkontoError, TypeError):
                sentry_sdk.capture_exception()
        sentry_sdk.flush()
    finally:
        # Sentry off again for the other tests (nothing of it patched: no integration was enabled).
        sentry_sdk.init(dsn=None, default_integrations=False, auto_enabling_integrations=False)
    text = json.dumps(transport.events)
    assert len([e for e in transport.events if e.get("exception")]) == len(calls)
    # The events do carry our frames' locals (so the check below is not vacuous).
    assert '"function": "department_accounts"' in text and "Call('department_accounts')" in text
    assert '"function": "parse_response"' in text
    assert SECRET not in text


def test_a_built_request_is_recorded_by_its_repr(sandbox: Sandbox) -> None:
    """An `HttpRequest` in the caller's own frame: Sentry records a tuple item by item, so the
    request is no tuple and shows as its `repr` (every key `***`)."""
    transport = Collect()
    sentry_sdk.init(dsn="https://public@sentry.invalid/1", transport=transport,
                    include_local_variables=True, default_integrations=False, auto_enabling_integrations=False)
    try:
        request = zeitkonto.sansio.build_request("employees", api_key=SECRET, base_url="https://x.example")
        try:
            raise RuntimeError("the caller's own failure, with the request in a local")
        except RuntimeError:
            sentry_sdk.capture_exception()
        sentry_sdk.flush()
        del request
    finally:
        sentry_sdk.init(dsn=None, default_integrations=False, auto_enabling_integrations=False)
    text = json.dumps(transport.events)
    assert "HttpRequest(method=" in text and "/employees/***" in text
    assert SECRET not in text


def test_a_refused_route_holding_a_key_stays_out_of_every_frames_locals() -> None:
    key = "gateway-key-5e1d"
    for routes in ({"clock": f"FETCH /gw/{key}/time/{{action}}"}, {"clock": [key]}):
        with pytest.raises(zeitkonto.InvalidInputError) as e:
            zeitkonto.Client("company-key-7f3a", routes=routes)  # type: ignore[dict-item]
        assert e.value.field in ("routes", "routes.clock"), e.value.field
        tb = e.value.__traceback__.tb_next if e.value.__traceback__ else None  # the package's frames
        while tb is not None:
            assert not any(key in repr(v) for v in tb.tb_frame.f_locals.values()), tb.tb_frame.f_code.co_name
            tb = tb.tb_next
