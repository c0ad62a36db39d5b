"""Error kinds, retries (reads yes, writes never twice), the limiter, timeouts, concurrency."""

from __future__ import annotations

import asyncio
import threading
from datetime import date, time

import pytest

import zeitkonto
from conftest import ANNA, ANNA_UUID, COMPANY_KEY, GENEROUS, MANAGER, Sandbox, make_client


def test_api_error_kinds(sandbox: Sandbox) -> None:
    cases = [("wrong-key", zeitkonto.AuthenticationFailedError, 3), ("inactive-company-key", zeitkonto.CompanyInactiveError, 2)]
    for key, cls, code in cases:
        with pytest.raises(cls) as err:
            make_client(sandbox, key).employees()
        assert isinstance(err.value, zeitkonto.ApiError) and err.value.code == code and err.value.status == 403
        # Every error answers it (the kinds without the field: False), as Rust's accessor does.
        assert err.value.may_have_reached_server is False
        assert err.value.api_code in ("authenticationFailed", "companyInactive")
    with pytest.raises(zeitkonto.MissingModuleError):
        make_client(sandbox, "nomodules-company-key").presence()
    with pytest.raises(zeitkonto.ForbiddenError):
        make_client(sandbox, "demo-employee-key").employees()
    with pytest.raises(zeitkonto.EmployeeNotFoundError):
        make_client(sandbox).time_account("nobody@demo.example", 2026, 5)


def test_invalid_input_is_refused_before_sending(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        c.project_bookings(MANAGER, "p-website", date(2026, 10, 1), date(2026, 11, 5))
    assert err.value.field == "start_date"  # the parameter the caller passed, not the wire key
    assert err.value.may_have_reached_server is False
    assert err.value.api_code is None  # every error answers it: None but for an ApiError
    with pytest.raises(zeitkonto.InvalidInputError):
        c.time_account(ANNA, 2026, 13)
    with pytest.raises(zeitkonto.InvalidInputError) as shift:
        c.create_shift(time(0, 0), time(23, 59, 30))  # the API takes whole minutes
    assert shift.value.field == "end_time"
    # Minutes after midnight, the API's own form, are 0 to 1439 (a bool is no number of minutes).
    for (start, end), field in (((1440, time(16, 0)), "start_time"), ((-1, 960), "start_time"),
                                ((480, True), "end_time"), ((480.0, 960), "start_time")):
        with pytest.raises(zeitkonto.InvalidInputError) as shift:
            c.create_shift(start, end)
        assert shift.value.field == field, (start, end)
    with pytest.raises(zeitkonto.InvalidInputError):
        c.extra_leave(ANNA, 0)
    assert isinstance(err.value, ValueError)
    assert sandbox.requests("project_bookings") + sandbox.requests("create_shift") + sandbox.requests("extra_leave") == 0
    # ...and taken as the clock times they are.
    assert c.create_shift(480, 0).success is True
    assert sandbox.requests("create_shift") == 1
    with pytest.raises(zeitkonto.InvalidInputError):
        zeitkonto.Client("k", base_url="http://desktop.saas.de")
    # Settings of a wrong type are refused by name (open(3) read file descriptor 3; dict(5) raised
    # a bare TypeError).
    for setting, field in (({"ca_bundle": 3}, "ca_bundle"), ({"routes": 5}, "routes"),
                           ({"routes": {"clock": 5}}, "routes")):
        with pytest.raises(zeitkonto.InvalidInputError) as bad:
            zeitkonto.Client("k", **setting)
        assert bad.value.field == field


def test_bad_responses_are_typed(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    sandbox.inject(kind="html", operation="employees")
    with pytest.raises(zeitkonto.DecodeError) as dec:
        c.employees()
    assert dec.value.operation == "employees" and dec.value.may_have_reached_server is True
    sandbox.inject(kind="truncated", operation="presence")
    with pytest.raises(zeitkonto.DecodeError):
        c.presence()
    sandbox.inject(kind="html", status=502, operation="clock")
    with pytest.raises(zeitkonto.UnexpectedStatusError) as st:
        c.come(ANNA)
    assert st.value.status == 502 and "<html>" in st.value.excerpt
    assert st.value.may_have_reached_server is True  # a 502 after a write: it may have been applied
    sandbox.inject(kind="rateLimit", retryAfter=120, operation="employees")
    with pytest.raises(zeitkonto.RateLimitedError) as rl:
        c.employees()
    assert rl.value.retry_after == 120.0


def test_transport_and_timeout(sandbox: Sandbox) -> None:
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    closed = zeitkonto.Client(COMPANY_KEY, base_url=f"http://127.0.0.1:{port}", rate_limit=GENEROUS,
                              retry=zeitkonto.RetrySettings(base_delay=0.01, max_delay=0.02))
    with pytest.raises(zeitkonto.TransportError) as err:
        closed.come(ANNA)
    assert err.value.may_have_reached_server is False and isinstance(err.value, ConnectionError)
    slow = make_client(sandbox, timeout=0.3)
    sandbox.inject(kind="delay", delayMs=1500, count=3, operation="employees")
    with pytest.raises(zeitkonto.APITimeoutError) as timed_out:
        slow.employees()
    assert timed_out.value.may_have_reached_server is True
    assert sandbox.requests("employees") == 3


def test_redirects_are_never_followed(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    key = "demo-company-key"
    sandbox.inject(kind="redirect", location=f"http://127.0.0.1:9/api/v2/employees/{key}", operation="employees")
    with pytest.raises(zeitkonto.UnexpectedStatusError) as err:
        c.employees()
    assert err.value.status == 302 and "127.0.0.1:9" in err.value.excerpt
    assert key not in str(err.value) and key not in repr(err.value)
    sandbox.inject(kind="redirect", status=307, location="http://127.0.0.1:9/come", operation="clock")
    with pytest.raises(zeitkonto.UnexpectedStatusError):
        c.come(ANNA)
    assert sandbox.writes("clock") == 0


def test_echoed_keys_never_show_at_the_cut(sandbox: Sandbox) -> None:
    c = make_client(sandbox, retry=zeitkonto.RetrySettings(max_retries=0))
    for pad in range(0, 60, 3):
        sandbox.inject(kind="echoPath", pad=pad, operation="department_accounts")
        with pytest.raises(zeitkonto.UnexpectedStatusError) as err:
            c.department_accounts("demo-department-key")
        text = f"{err.value} {err.value!r} {err.value.excerpt}"
        assert "department-k" not in text and "demo-depa" not in text, text


def test_reads_retried_writes_never_twice(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    sandbox.inject(kind="status", status=503, count=2, operation="employees")
    assert c.employees()
    assert sandbox.requests("employees") == 3
    sandbox.inject(kind="reset", operation="presence")
    assert c.presence().info
    sandbox.inject(kind="status", status=500, after=True, operation="clock")
    with pytest.raises(zeitkonto.UnexpectedStatusError):
        c.come(ANNA)
    sandbox.inject(kind="reset", after=True, operation="create_project")
    with pytest.raises(zeitkonto.TransportError) as err:
        c.create_project(MANAGER, "Once")
    assert err.value.may_have_reached_server is True
    sandbox.inject(kind="status", status=502, after=True, operation="book_absence")
    with pytest.raises(zeitkonto.ZeitkontoError):
        c.book_absence("LT-VAC", ANNA_UUID, start_day=date(2026, 12, 28), end_day=date(2026, 12, 29))
    for op in ("clock", "create_project", "book_absence"):
        assert (sandbox.requests(op), sandbox.writes(op)) == (1, 1), op


def test_forced_429_is_honoured_for_a_write(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    sandbox.inject(kind="rateLimit", retryAfter=1, operation="clock")
    c.come(ANNA)
    assert (sandbox.requests("clock"), sandbox.writes("clock")) == (2, 1)


def test_limiter_keeps_a_burst_free_of_429(sandbox: Sandbox) -> None:
    sandbox.set_rate_limit(20, 1000)
    limited = zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=zeitkonto.RateLimitSettings(20, 1.0),
                                    retry=zeitkonto.RetrySettings(max_retries=0, max_rate_limit_retries=0))

    async def burst() -> int:
        results = await asyncio.gather(*[limited.find_projects(MANAGER, "Support") for _ in range(60)])
        return len(results)

    assert asyncio.run(burst()) == 60
    assert sandbox.stats()["rateLimited"] == 0


def test_async_calls_run_concurrently(sandbox: Sandbox) -> None:
    sandbox.inject(kind="delay", delayMs=400, count=5, operation="employees")

    async def five() -> None:
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=GENEROUS) as a:
            await asyncio.gather(*[a.employees() for _ in range(5)])

    asyncio.run(five())
    assert sandbox.stats()["maxInFlight"] == 5


def test_sync_client_releases_the_gil(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    sandbox.inject(kind="delay", delayMs=400, count=2, operation="employees")
    threads = [threading.Thread(target=c.employees) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sandbox.stats()["maxInFlight"] == 2, "both threads were waiting on the network at once"


def test_closed_client_and_context_manager(sandbox: Sandbox) -> None:
    with make_client(sandbox) as c:
        assert c.employees()
    with pytest.raises(zeitkonto.ZeitkontoError):
        c.employees()


def test_a_str_with_a_lone_surrogate_is_refused_naming_its_parameter() -> None:
    from zeitkonto.testing import Sandbox as Kit

    with Kit(today="2026-11-21") as kit, kit.client() as c:
        for call, field in ((lambda: c.time_account("\ud800@x.de", 2026, 3), "employee"),
                            (lambda: c.presence(email="\ud800@x.de"), "email"),
                            (lambda: c.presence(day="2026-\ud800"), "day"),
                            (lambda: c.find_projects(MANAGER, "\ud800"), "name"),
                            (lambda: c.create_project(MANAGER, "x", extra={"\ud800": 1}), "extra")):
            with pytest.raises(zeitkonto.InvalidInputError) as info:
                call()
            assert info.value.field == field
        assert kit.requests() == 0


def test_client_and_sansio_read_params_with_the_one_reader_of_the_core() -> None:
    """A call's parameters are read by the core's reader (as sans-IO's and every language's are):
    a value of the wrong type gets the same field and reason from the client and from sans-IO."""
    from zeitkonto import sansio
    from zeitkonto.testing import Sandbox as Kit

    with Kit(today="2026-11-21") as kit, kit.client() as c:
        for kwargs, params, field in (({"year": "2026"}, {"year": "2026"}, "year"),
                                      ({"year": 2026.5}, {"year": 2026.5}, "year"),
                                      ({"year": True}, {"year": True}, "year"),
                                      ({"month": "3"}, {"month": "3"}, "month")):
            args = {"year": 2026, "month": 3, **kwargs}
            with pytest.raises(zeitkonto.InvalidInputError) as client_err:
                c.time_account(ANNA, **args)
            with pytest.raises(zeitkonto.InvalidInputError) as sansio_err:
                sansio.build_request("time_account", {"employee": ANNA, "year": 2026, "month": 3, **params},
                                     api_key=COMPANY_KEY)
            assert client_err.value.field == sansio_err.value.field == field
            assert client_err.value.reason == sansio_err.value.reason
            assert client_err.value.reason.endswith("expected a whole number")
        assert kit.requests() == 0


def test_a_list_of_texts_takes_one_str_or_any_iterable() -> None:
    from zeitkonto.testing import Sandbox as Kit

    with Kit(today="2026-11-21") as kit, kit.client() as c:
        for employees, assigned in ((ANNA_UUID, 1), ({ANNA_UUID}, 1), ((u for u in [ANNA_UUID]), 1), ((), 0)):
            created = c.create_shift(time(22, 0), time(6, 0), start_date=date(2026, 11, 24), employees=employees)
            shift = next(s for s in c.shifts(2026, 48).shifts if s["id"] == created.shift_id)
            assert len(shift["mitarbeiter"]) == assigned, employees
        for bad in (5, {"a": 1}, [1]):
            with pytest.raises(zeitkonto.InvalidInputError) as err:
                c.create_shift(time(22, 0), time(6, 0), employees=bad)
            assert err.value.field == "employees"
