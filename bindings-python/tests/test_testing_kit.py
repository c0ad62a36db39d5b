"""zeitkonto.testing: the sandbox in-process, its pytest plugin, and the README's test file as a
user runs it (``pytest test_payroll.py`` in a fresh directory, the plugin found by entry point)."""

from __future__ import annotations

import asyncio
import datetime
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

import zeitkonto
from zeitkonto import _core
from zeitkonto.testing import FAULT_KINDS, IN_PROCESS_BASE_URL, Keys, Sandbox

ROOT = Path(__file__).resolve().parents[2]


def test_the_plugin_fixture_is_a_fresh_sandbox(zeitkonto_sandbox: Sandbox) -> None:
    assert isinstance(zeitkonto_sandbox, Sandbox)
    assert zeitkonto_sandbox.writes() == 0
    with zeitkonto_sandbox.client() as client:
        client.come(zeitkonto_sandbox.keys.employee)
    assert zeitkonto_sandbox.writes("clock") == 1


def test_the_plugin_fixture_is_fresh_for_every_test(zeitkonto_sandbox: Sandbox) -> None:
    assert zeitkonto_sandbox.writes("clock") == 0


@pytest.mark.zeitkonto_sandbox(today="2026-03-02")
def test_the_marker_sets_the_fixtures_options(zeitkonto_sandbox: Sandbox) -> None:
    assert zeitkonto_sandbox.today == datetime.date(2026, 3, 2)


def test_a_hundred_calls_do_not_wait_for_a_rate_limit() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        for _ in range(100):
            assert len(client.employees()) == 39
        assert sb.requests("employees") == 100
        assert sb.rate_limited == 0


def test_the_async_client_runs_concurrently_in_process() -> None:
    async def main() -> int:
        with Sandbox() as sb:
            async with sb.async_client() as client:
                results = await asyncio.gather(*[client.employees() for _ in range(20)])
            return sum(len(r) for r in results)

    assert asyncio.run(main()) == 20 * 39


def test_the_spec_rules_hold_in_process() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        client.come(sb.keys.employee)
        with pytest.raises(zeitkonto.RefusedError):
            client.come(sb.keys.employee)  # already clocked in: the API's bare `false`
        with pytest.raises(zeitkonto.MissingModuleError):
            with sb.client(api_key=sb.keys.no_modules_company_key) as other:
                other.presence()
        with pytest.raises(zeitkonto.AuthenticationFailedError):
            with sb.client(api_key="not-a-key") as other:
                other.employees()


def test_faults_retries_and_writes() -> None:
    with Sandbox() as sb, sb.client() as client:
        sb.inject("status", status=503, operation="employees")
        assert len(client.employees()) == 39  # a read is retried
        assert sb.requests("employees") == 2
        sb.inject("status", status=503, operation="clock", after_applying=True)
        with pytest.raises(zeitkonto.UnexpectedStatusError) as err:
            client.come(sb.keys.employee)
        assert err.value.may_have_reached_server
        assert (sb.requests("clock"), sb.writes("clock")) == (1, 1)  # never sent twice
        sb.inject("truncated", operation="employees")
        with pytest.raises(zeitkonto.DecodeError):
            client.employees()
        sb.inject("rate_limit", retry_after=0, operation="employees")
        assert len(client.employees()) == 39
        sb.reset()
        assert sb.writes() == 0 and sb.requests() == 0


def test_a_delay_longer_than_the_timeout_is_a_timeout_and_applies_nothing() -> None:
    with Sandbox() as sb, sb.client(timeout=0.05, retry=zeitkonto.RetrySettings(max_retries=0)) as client:
        sb.inject("delay", delay=5, operation="clock")
        with pytest.raises(zeitkonto.APITimeoutError):
            client.come(sb.keys.employee)
        assert sb.writes("clock") == 0


def test_the_sandbox_rate_limit_when_asked_and_the_kits_client_keeps_to_it() -> None:
    with Sandbox(rate_limit=zeitkonto.RateLimitSettings(3, 0.3)) as sb:
        with sb.client() as client:
            for _ in range(5):
                client.employees()
        assert sb.rate_limited == 0
        with sb.client(rate_limit=zeitkonto.RateLimitSettings(0), retry=zeitkonto.RetrySettings(max_retries=0,
                       max_rate_limit_retries=0)) as eager:
            with pytest.raises(zeitkonto.RateLimitedError):
                for _ in range(5):
                    eager.employees()
        assert sb.rate_limited >= 1


def test_reset_and_a_new_sandbox_forget_what_the_clients_counted() -> None:
    """One call an hour: a client that waited for its window after `reset()` (or in the next
    sandbox of the same limit, a test's own) would be held up for an hour; the wait_for fails."""
    hourly = zeitkonto.RateLimitSettings(1, 3600.0)

    async def main() -> None:
        sb = Sandbox(rate_limit=hourly)
        async with sb.async_client() as client:
            await asyncio.wait_for(client.employees(), 20)
            sb.reset()
            await asyncio.wait_for(client.employees(), 20)
            served = sb.serve()  # a client of the served sandbox is reset too
            sb.reset()  # (one engine: the in-process call counts there too)
            async with zeitkonto.AsyncClient(sb.keys.company_key, base_url=served, rate_limit=hourly) as http:
                await asyncio.wait_for(http.employees(), 20)
                sb.reset()
                await asyncio.wait_for(http.employees(), 20)
            sb.close()
        again = Sandbox(rate_limit=hourly)
        async with again.async_client() as client:
            await asyncio.wait_for(client.employees(), 20)
        assert (sb.requests("employees"), again.requests("employees")) == (1, 1)  # since the last reset

    asyncio.run(main())


def test_serve_puts_the_same_engine_behind_http() -> None:
    import http.client
    import json
    from urllib.parse import urlsplit

    with Sandbox() as sb:
        url = urlsplit(sb.serve())
        assert sb.serve() == url.geturl()
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
        conn.request("POST", f"/rest/api/v2/time/come/{sb.keys.company_key}/{sb.keys.employee}", body="{}")
        resp = conn.getresponse()
        assert (resp.status, resp.read()) == (200, b"true")
        assert sb.writes("clock") == 1, "the HTTP request and the in-process counters are one engine"
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
        conn.request("GET", f"/api/v2/employees/{sb.keys.company_key}")
        assert len(json.loads(conn.getresponse().read())) == 39
        # A client of the package's own over the served URL works too.
        with zeitkonto.Client(sb.keys.company_key, base_url=url.geturl()) as client:
            assert len(client.employees()) == 39


@pytest.mark.parametrize("options,field", [
    ({"today": "2026-13-01"}, "today"),
    ({"seed": {"bogus": 1}}, "seed"),  # a typo in the seed: refused, not an empty company
    ({"seed": {"companies": "not a list"}}, "seed"),
    ({"seed": "/no/such/seed.json"}, "seed"),
    ({"rate_limit": (60, 60)}, "rate_limit"),
])
def test_bad_sandbox_options_name_the_field(options: dict, field: str) -> None:
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        Sandbox(**options)
    assert err.value.field == field


def test_a_seed_file_that_does_not_parse_names_the_field_and_hides_its_values(tmp_path: Path) -> None:
    bad = tmp_path / "seed.json"
    bad.write_text('{"companies": [{"id": "c", "key": "secret-seed-key"}]}', encoding="utf-8")
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        Sandbox(seed=bad)
    assert err.value.field == "seed"
    assert "secret-seed-key" not in str(err.value)


def test_a_sandbox_of_its_own_seed_hands_out_that_seeds_keys() -> None:
    seed = Sandbox(today="2026-11-21").seed()
    main = next(c for c in seed["companies"] if c["key"] == "demo-company-key")
    main["key"] = "acme-company-key-7f3a"
    seed["employees"] = [e for e in seed["employees"] if e["email"] != "anna.schmidt@demo.example"]
    seed["workspaces"] = []  # none: the client is made without a workspace key
    sb = Sandbox(today="2026-11-21", seed=seed)
    assert sb.keys.workspace_key == ""
    assert sb.keys.company_key == "acme-company-key-7f3a"
    assert sb.keys.employee != "anna.schmidt@demo.example"
    client = sb.client()
    assert len(client.employees()) == 38
    client.time_account(sb.keys.employee, 2026, 10)


INJECT = json.loads((Path(__file__).resolve().parents[2] / "tests" / "vectors" / "inject.json").read_text("utf-8"))


def _py_name(name: str) -> str:
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def _py_value(name: str, value: object) -> object:
    """A vector's value as Python passes it: durations in seconds, "Infinity" infinite."""
    if value == "Infinity":
        return math.inf
    if name in ("delay", "retryAfter") and isinstance(value, (int, float)) and not isinstance(value, bool):
        return value / 1000
    return value


@pytest.mark.parametrize("case", INJECT["cases"], ids=[c["name"] for c in INJECT["cases"]])
def test_inject_vectors(case: dict) -> None:
    """tests/vectors/inject.json: the one refusal every kit gives (the engine checks)."""
    kwargs = {_py_name(k): _py_value(k, v) for k, v in case["options"].items()}
    with Sandbox() as sb:
        if "field" not in case:
            sb.inject(case["kind"], **kwargs)
            return
        with pytest.raises(zeitkonto.InvalidInputError) as err:
            sb.inject(case["kind"], **kwargs)
        assert err.value.field == _py_name(case["field"])
        assert err.value.reason == case["reason"].replace("{kinds}", ", ".join(FAULT_KINDS))
        with pytest.raises(zeitkonto.InvalidInputError):
            sb.writes("no_such_op")


def test_inject_takes_seconds() -> None:
    """``delay=0.5`` is half a second (not half a millisecond): a 0.05 s timeout passes first."""
    with Sandbox() as sb:
        sb.inject("delay", delay=0.5, operation="employees")
        c = sb.client(timeout=0.05, retry=zeitkonto.RetrySettings(max_retries=0))
        with pytest.raises(zeitkonto.APITimeoutError):
            c.employees()


def test_the_kits_keys_and_fault_kinds_follow_the_engine() -> None:
    core = _core.Sandbox()
    snake = {re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), k) for k in core.keys()}
    assert snake == set(Keys._fields)
    declared = json.loads((Path(__file__).resolve().parents[2] / "tests" / "vectors" / "testkit.json").read_text("utf-8"))
    assert FAULT_KINDS == tuple(_py_name(k["name"]) for k in declared["faultKinds"])
    for kind in FAULT_KINDS:
        core.inject(kind)


def test_an_in_process_client_refuses_network_settings() -> None:
    with Sandbox() as sb:
        with pytest.raises(zeitkonto.InvalidInputError):
            sb.client(base_url="https://desktop.saas.de")
        assert repr(sb.client()).startswith("Client(base_url='" + IN_PROCESS_BASE_URL)
        assert sb.keys.company_key not in repr(sb.client())


def _readme_test_file() -> str:
    text = (ROOT / "bindings-python" / "README.md").read_text(encoding="utf-8")
    found = re.findall(r"```python test_payroll\.py\n(.*?)```", text, flags=re.S)
    assert found, "the README's 'Testing your integration' test file"
    return found[0]


def test_the_readmes_test_file_passes_as_a_user_runs_it(tmp_path: Path) -> None:
    (tmp_path / "test_payroll.py").write_text(_readme_test_file(), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_payroll.py"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "3 passed" in out.stdout, out.stdout


def test_a_datetime_today_is_its_own_day_as_the_clients_read_one() -> None:
    with Sandbox(today=datetime.datetime(2026, 1, 2, 23, 30)) as sb:
        assert sb.today == datetime.date(2026, 1, 2)


def test_inject_values_are_checked_by_the_engine_whatever_their_python_type() -> None:
    """Any real number counts as one (a Fraction, an int beyond 64 bits: then the range's
    refusal); an infinite or NaN duration gets the range's refusal; anything else (a timedelta, a
    list) the option's type refusal; None is not given."""
    import fractions

    with Sandbox(today="2026-11-21") as sb:
        sb.inject("status", count=fractions.Fraction(2), status=None)
        cases = [({"count": 2 ** 70}, "count", "must be a whole number from 1 to 4294967295"),
                 ({"delay": math.nan}, "delay", "must be a duration from 0 to 1 hour"),
                 ({"delay": -math.inf}, "delay", "must be a duration from 0 to 1 hour"),
                 ({"delay": datetime.timedelta(seconds=1)}, "delay", "expected a number"),
                 ({"count": [1]}, "count", "expected a number"),
                 ({"location": 5}, "location", "expected a string")]
        for options, field, reason in cases:
            with pytest.raises(zeitkonto.InvalidInputError) as err:
                sb.inject("delay" if field == "delay" else "redirect" if field == "location" else "status", **options)
            assert (err.value.field, err.value.reason) == (field, reason), options
        with sb.client(retry=zeitkonto.RetrySettings(max_retries=0)) as c:
            for _ in range(2):  # the Fraction's two
                with pytest.raises(zeitkonto.UnexpectedStatusError):
                    c.employees()
            assert c.employees()
