"""The key never shows in str/repr of any exception or result, nor in log records."""

from __future__ import annotations

import logging
import os
from datetime import date
from typing import Any, List

import pytest

import zeitkonto
from conftest import ANNA, COMPANY_KEY, FAST_RETRY, MANAGER, Sandbox, make_client

SECRET = "sEcReT-key-4c9e"


def every_error(sandbox: Sandbox) -> List[zeitkonto.ZeitkontoError]:
    errors: List[zeitkonto.ZeitkontoError] = []
    bad = make_client(sandbox, SECRET)
    good = make_client(sandbox)

    def catch(f: Any, *a: Any) -> None:
        try:
            f(*a)
        except zeitkonto.ZeitkontoError as e:
            errors.append(e)

    catch(bad.employees)                                     # Api (3)
    catch(make_client(sandbox, "demo-employee-key").employees)  # Forbidden
    catch(good.go, ANNA)                                     # Refused
    catch(bad.project_bookings, MANAGER, "p", date(2026, 1, 1), date(2026, 3, 1))  # InvalidInput
    sandbox.inject(kind="html", operation="employees")
    catch(bad.employees)                                     # Decode
    sandbox.inject(kind="status", status=502, operation="clock")
    catch(bad.come, ANNA)                                    # UnexpectedStatus
    sandbox.inject(kind="rateLimit", retryAfter=120, operation="overview")
    catch(bad.overview)                                      # RateLimited
    catch(zeitkonto.Client(SECRET, base_url="http://127.0.0.1:9", retry=zeitkonto.RetrySettings(max_retries=0)).come, ANNA)
    sandbox.inject(kind="delay", delayMs=800, operation="presence")
    catch(make_client(sandbox, SECRET, timeout=0.2, retry=zeitkonto.RetrySettings(max_retries=0)).presence)
    return errors


def test_no_exception_shows_the_key(sandbox: Sandbox) -> None:
    errors = every_error(sandbox)
    kinds = {e.kind for e in errors}
    assert kinds >= {"Api", "Forbidden", "Refused", "InvalidInput", "Decode", "UnexpectedStatus", "RateLimited",
                     "Transport", "Timeout"}, kinds
    for e in errors:
        for text in (str(e), repr(e), str(e.args), repr(vars(e))):
            assert SECRET not in text and "demo-company-key" not in text, text


def test_a_key_in_the_wrong_argument_is_not_quoted_back(sandbox: Sandbox) -> None:
    # Arguments mixed up: the refusal quotes the value it refused, never the client's key.
    with zeitkonto.Client(SECRET, base_url=sandbox.url) as c:
        for call in (lambda: c.leave_types(SECRET), lambda: c.presence(day=SECRET)):
            with pytest.raises(zeitkonto.InvalidInputError) as info:
                call()
            for text in (str(info.value), repr(info.value), str(info.value.reason)):
                assert SECRET[-8:] not in text, text


def test_a_key_the_client_does_not_know_is_not_quoted_back(sandbox: Sandbox) -> None:
    # An employee's key (not the client's own) passed as the e-mail, a date, a time or an action:
    # the refusal says how long the text is, not what it is.
    employee_key = "EmpKey7Q2mZ9xWp4"
    c = make_client(sandbox)
    for call in (lambda: c.presence(email=employee_key), lambda: c.presence(day=employee_key),
                 lambda: c.create_shift(employee_key, "16:00"), lambda: c.clock(employee_key, ANNA)):
        with pytest.raises(zeitkonto.InvalidInputError) as info:
            call()
        for text in (str(info.value), repr(info.value), str(info.value.reason)):
            assert "7Q2mZ9" not in text and "a text of 16 characters" in text, text
    with pytest.raises(zeitkonto.InvalidInputError) as day:
        c.presence(day="2026-02-30")
    assert '"2026-02-30"' in str(day.value)  # a date in a wrong form is shown


def test_no_result_or_client_shows_the_key(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    results: List[Any] = [c.employees()[0], c.presence(), c.overview(), c.time_account(ANNA, 2026, 10),
                          c.leave_year(2026), c.shifts(2026, 47), c]
    for r in results:
        assert "demo-company-key" not in repr(r) and "demo-company-key" not in str(r)
    req = zeitkonto.sansio.build_request("leave_types", {"email": ANNA}, api_key=SECRET)
    assert SECRET in (req.body or b"").decode() and SECRET not in repr(req) and SECRET not in str(req)
    assert repr(zeitkonto.Client(SECRET)) == "Client(base_url='https://desktop.saas.de', api_key=***)"


def test_log_records_are_redacted(sandbox: Sandbox, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="zeitkonto")
    c = make_client(sandbox, SECRET)
    with pytest.raises(zeitkonto.AuthenticationFailedError):
        c.employees()
    good = make_client(sandbox)
    good.employees()
    messages = [r.getMessage() for r in caplog.records if r.name == "zeitkonto"]
    assert any("/api/v2/employees/***" in m for m in messages), messages
    assert all(SECRET not in m and "demo-company-key" not in m for m in messages)


@pytest.mark.parametrize("proxy", ["socks9://bob:pr0xy-secret@proxy.corp:1080", "ftp://bob:pr0xy-secret@proxy.corp:21",
                                   "proxy.corp:3128"])
def test_a_proxy_the_transport_cannot_use_is_refused_not_passed_by(proxy: str) -> None:
    # reqwest took any scheme and then connected directly, past the proxy the caller set.
    with pytest.raises(zeitkonto.InvalidInputError) as e:
        zeitkonto.Client("demo-company-key", proxy=proxy)
    assert e.value.field == "proxy" and "pr0xy-secret" not in str(e.value) and "http://" in str(e.value)


def _locals_of_our_frames(e: BaseException) -> List[str]:
    """The repr of every local of every frame of the package in `e`'s traceback (what Sentry, pytest's
    --showlocals or rich record), containers walked the way error reporters walk them."""
    out: List[str] = []

    def walk(v: Any, depth: int = 0) -> None:
        out.append(repr(v))
        if depth < 4 and isinstance(v, dict):
            for k, x in v.items():
                walk(k, depth + 1)
                walk(x, depth + 1)
        elif depth < 4 and isinstance(v, (list, tuple, set)):
            for x in v:
                walk(x, depth + 1)

    package = os.path.dirname(os.path.abspath(zeitkonto.__file__)) + os.sep
    tb = e.__traceback__
    frames = 0
    while tb is not None:
        if os.path.abspath(tb.tb_frame.f_code.co_filename).startswith(package):
            frames += 1
            for name, value in tb.tb_frame.f_locals.items():
                out.append(name)
                walk(value)
        tb = tb.tb_next
    assert frames, "no frame of the package in the traceback: the test checks nothing"
    return out


def test_no_frame_of_a_traceback_holds_a_key(sandbox: Sandbox) -> None:
    """Error reporters record the locals of every frame of a traceback (Sentry by default): no
    frame of the package holds a key (an argument, the client's settings, a sans-IO build's params)."""
    dept, employee, workspace = "dept-" + SECRET, "emp-" + SECRET, "ws-" + SECRET
    c = make_client(sandbox)
    failures: List[Any] = [
        lambda: c.department_accounts(dept),                                   # Api: an unknown department key
        lambda: c.time_account(employee, 2026, 13),                            # InvalidInput: month 13
        lambda: c.come(employee, project="p", comment="c"),                    # Api: an unknown employee key
        lambda: zeitkonto.Client(SECRET, workspace_key=workspace, base_url="ftp://x"),   # a refused setting
        lambda: zeitkonto.Client(SECRET, workspace_key=workspace, timeout="soon"),       # refused in Python
        lambda: zeitkonto.Client(SECRET, proxy=f"http://bob:{SECRET}@127.0.0.1:9", base_url="ftp://x"),  # its password
        lambda: zeitkonto.Client(SECRET, base_url=f"ftp://gateway/{SECRET}/"),  # a key in a refused base URL
        lambda: zeitkonto.sansio.build_request("department_accounts", {"department": dept, "x": 1},
                                               api_key=SECRET, workspace_key=workspace),
        # A job's arguments, a key among them in the wrong place: refused by the core, and in Python
        # (a float day), and its limit.
        lambda: c.jobs.project_hours(employee, "2026-01-01", "2026-01-31"),
        lambda: c.jobs.project_hours(employee, 1.5, "2026-01-31"),
        lambda: c.jobs.month_close(2026, 10, departments=[dept], limit_per_minute=1.5),
        lambda: c.jobs.presence_board(employee),
    ]
    for f in failures:
        with pytest.raises(zeitkonto.ZeitkontoError) as info:
            f()
        for text in _locals_of_our_frames(info.value):
            assert SECRET not in text, text


def test_no_frame_of_an_async_traceback_holds_a_key(sandbox: Sandbox) -> None:
    import asyncio

    async def main() -> None:
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, retry=FAST_RETRY) as c:
            with pytest.raises(zeitkonto.ZeitkontoError) as info:
                await c.department_accounts("dept-" + SECRET)
            for text in _locals_of_our_frames(info.value):
                assert SECRET not in text, text

    asyncio.run(main())


def test_a_key_put_into_the_base_url_is_not_printed_by_the_clients_repr() -> None:
    base = f"http://127.0.0.1:9/{SECRET}/"
    for cls in (zeitkonto.Client, zeitkonto.AsyncClient):
        client = cls(api_key=SECRET, base_url=base)
        shown = repr(client)
        assert SECRET not in shown and "http://127.0.0.1:9/***" in shown, shown
        assert SECRET not in repr(client._core), repr(client._core)


def test_a_key_passed_as_a_name_in_extra_is_not_quoted_by_the_refusal() -> None:
    """A value refused as it is converted is named by its key in ``extra``; a key of the client's
    put there is ``***`` in the refusal's field and message."""
    from zeitkonto.testing import Sandbox

    with Sandbox(today="2026-11-21") as sb, sb.client() as c:
        key = sb.keys.company_key
        with pytest.raises(zeitkonto.InvalidInputError) as err:
            c.create_project("max.manager@demo.example", "Launch", extra={key: object()})
        assert key not in f"{err.value} {err.value.field} {err.value.reason} {err.value!r}"
        assert sb.requests() == 0
