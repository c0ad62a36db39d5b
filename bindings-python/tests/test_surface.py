"""The drift check: the Python surface is what the core declares (tests/vectors/declaration.json,
written by scripts/codegen from core/src/decl/): method names, parameters (names, order,
positional or keyword-only, defaults, types), docstrings and result types, on both clients."""

from __future__ import annotations

import copy
import inspect
import json
import numbers
import pickle
import threading
from datetime import date, datetime
from pathlib import Path
from typing import Any, Dict, List

import pytest

import zeitkonto
from zeitkonto import models, sansio
from zeitkonto.testing import Sandbox as KitSandbox

from conftest import ANNA, COMPANY_KEY, GENEROUS, MANAGER, Sandbox, make_client

_DECL = json.loads((Path(__file__).resolve().parents[2] / "tests" / "vectors" / "declaration.json").read_text())
DECLARATION: List[Dict[str, Any]] = _DECL["operations"]
#: The shorthands (``come``: ``clock`` with ``action`` "come") as the methods they are: their name
#: and doc, and the parameters of their operation they take, in their declared order.
SHORTHANDS: List[Dict[str, Any]] = [
    {"name": s["name"], "summary": s["doc"],
     "params": [p for n in s["params"] for p in next(o for o in DECLARATION if o["name"] == s["operation"])["params"]
                if p["name"] == n]}
    for s in _DECL["shorthands"]
]
MODELS: List[Dict[str, Any]] = _DECL["models"]

PY_TYPES = {
    "text": "str",
    "integer": "int",
    "number": "float",
    "bool": "bool",
    "date": "Union[date, str]",  # "YYYY-MM-DD" is taken too
    "month": "int",
    "clockAction": 'Literal["come", "go", "stop"]',
    "textList": "Sequence[str]",
    "jsonMap": "Mapping[str, Any]",
    "timeOfDay": "Union[time, str, int]",  # "hh:mm" is taken too, and minutes after midnight
}
DEFAULTS = {"null": None, "false": False, "[]": ()}


def test_every_declared_operation_and_no_other_is_a_method_of_both_clients() -> None:
    names = [op["name"] for op in DECLARATION]
    assert sansio.operations() == names
    shorthands = {s["name"] for s in SHORTHANDS}
    for cls in (zeitkonto.Client, zeitkonto.AsyncClient):
        public = {n for n, v in vars(cls).items() if callable(v) and not n.startswith("_")}
        for base in cls.__mro__[1:]:
            public |= {n for n, v in vars(base).items() if callable(v) and not n.startswith("_")}
        lifecycle = {"close", "aclose"}
        assert public - lifecycle - shorthands == set(names), cls


@pytest.mark.parametrize("cls", [zeitkonto.Client, zeitkonto.AsyncClient], ids=["Client", "AsyncClient"])
@pytest.mark.parametrize("op", DECLARATION + SHORTHANDS, ids=[op["name"] for op in DECLARATION + SHORTHANDS])
def test_signature_follows_the_declaration(cls: type, op: Dict[str, Any]) -> None:
    method = getattr(cls, op["name"])
    assert inspect.iscoroutinefunction(method) == (cls is zeitkonto.AsyncClient)
    params = list(inspect.signature(method).parameters.values())[1:]
    required = [p for p in op["params"] if p["required"]]
    optional = [p for p in op["params"] if not p["required"]]
    assert [p.name for p in params] == [p["name"] for p in required + optional]
    for got, want in zip(params, required + optional):
        if want["required"]:
            assert got.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and got.default is inspect.Parameter.empty
            assert got.annotation.replace("'", '"') == PY_TYPES[want["type"]], want["name"]
        else:
            assert got.kind is inspect.Parameter.KEYWORD_ONLY, want["name"]
            assert got.default == DEFAULTS[want["default"]], want["name"]
            t = PY_TYPES[want["type"]]
            assert got.annotation.replace("'", '"') == (f"Optional[{t}]" if want["nullable"] else t), want["name"]
    doc = inspect.getdoc(method) or ""
    assert doc.startswith(op["summary"])
    for p in op["params"]:
        assert f"{p['name']}: " in doc, f"{op['name']}: {p['name']} is not documented"


def test_result_models_exist_for_every_declared_output() -> None:
    for op in DECLARATION:
        inner = op["output"].replace("Vec<", "").replace("BTreeMap<String, ", "").rstrip(">")
        if inner not in ("()", "Value"):
            assert isinstance(getattr(models, inner), type), op["output"]


@pytest.mark.parametrize("model", MODELS, ids=[m["name"] for m in MODELS])
def test_every_declared_model_is_a_class_with_its_fields(model: Dict[str, Any]) -> None:
    cls = getattr(zeitkonto, model["name"])
    assert issubclass(cls, zeitkonto.Model) and cls.__doc__
    assert [f["name"] for f in model["fields"]] == cls._fields
    blank = cls({})
    for f in model["fields"]:
        assert getattr(blank, f["name"]) in (None, [], {}), f["name"]  # absent: None, or empty when a list
        assert f"{f['name']}: " in (cls.__doc__ or ""), f"{model['name']}.{f['name']} is not documented"


@pytest.mark.parametrize("bad", [True, 3.5, "3", 0, 13, None])
def test_a_month_of_the_wrong_type_or_range_is_refused_by_the_client_and_sansio_alike(sandbox: Sandbox, bad: Any) -> None:
    c = make_client(sandbox)
    before = sandbox.stats()["requests"]
    with pytest.raises(zeitkonto.InvalidInputError) as by_client:
        c.time_account(ANNA, 2026, bad)
    with pytest.raises(zeitkonto.InvalidInputError) as by_sansio:
        sansio.build_request("time_account", {"employee": ANNA, "year": 2026, "month": bad}, api_key="k-123456")
    assert by_client.value.field == by_sansio.value.field == "month"
    assert sandbox.stats()["requests"] == before  # nothing was sent


def test_a_datetime_counts_as_its_date(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    by_date = c.presence(day=date(2026, 11, 20))
    by_datetime = c.presence(day=datetime(2026, 11, 20, 23, 59))
    assert [e.to_dict() for e in by_date.info] == [e.to_dict() for e in by_datetime.info]
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        c.presence(day="20.11.2026")  # type: ignore[arg-type]
    assert err.value.field == "day"


class _Index:
    """A whole number that is no ``int`` (numpy's ``int64``, pandas' integers): a
    ``numbers.Integral`` with ``__index__``."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __index__(self) -> int:
        return self.n


numbers.Integral.register(_Index)


class _BoolLike:
    """An ``__index__`` but no ``numbers.Integral`` (numpy's ``bool_``, whose ``__index__`` gave 0
    or 1 before numpy 2.3): not a month."""

    def __index__(self) -> int:
        return 1


def test_a_whole_number_with_index_counts_as_one_in_calls_sansio_and_jobs(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    plain = c.time_account(ANNA, 2026, 3)
    assert c.time_account(ANNA, _Index(2026), _Index(3)).to_dict() == plain.to_dict()  # type: ignore[arg-type]
    built = sansio.build_request("time_account", {"employee": ANNA, "year": _Index(2026), "month": _Index(3)},
                                 api_key="k-123456")
    assert built.url.endswith("/2026/2")  # 0-based on the wire
    assert c.jobs.month_close(_Index(2026), _Index(10)).plan.calls > 0  # type: ignore[arg-type]
    for month in (_BoolLike(), True):
        with pytest.raises(zeitkonto.InvalidInputError) as err:
            c.time_account(ANNA, 2026, month)  # type: ignore[arg-type]
        assert err.value.field == "month"
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        c.jobs.month_close(2026, _BoolLike())  # type: ignore[arg-type]
    assert err.value.field == "month"


def test_a_value_nested_too_deep_or_holding_itself_is_refused_not_a_crash(sandbox: Sandbox) -> None:
    # The conversion to JSON once recursed as deep as the value went: a dict holding itself or a
    # list 10,000 deep overflowed the stack (a segmentation fault), sooner on a thread with a
    # small stack (1 MB, Windows' default).
    c = make_client(sandbox)
    cyclic: Dict[str, Any] = {}
    cyclic["me"] = cyclic
    twice: List[Any] = []
    twice += [twice, twice]  # holding itself twice: walked 2^128 times by a depth cut alone
    deep: List[Any] = []
    for _ in range(10_000):
        deep = [deep]
    before = sandbox.stats()["requests"]
    errors: List[BaseException] = []

    def calls() -> None:
        for extra in ({"a": cyclic}, {"a": twice}, {"a": deep}):
            for call in (lambda: c.create_project(MANAGER, "p", extra=extra),
                         lambda: sansio.build_request("create_project", {"email": MANAGER, "name": "p", "extra": extra},
                                                      api_key="k-123456")):
                try:
                    call()
                except BaseException as e:  # noqa: BLE001 - checked below
                    errors.append(e)

    old = threading.stack_size(1 << 20)
    try:
        t = threading.Thread(target=calls)
        t.start()
        t.join()
    finally:
        threading.stack_size(old)
    assert len(errors) == 6 and all(isinstance(e, zeitkonto.InvalidInputError) for e in errors), errors
    assert {e.field for e in errors} == {"extra"}  # type: ignore[attr-defined]
    assert all("circular reference" in str(e) for e in errors[:4]), errors
    assert all("recursion limit" in str(e) for e in errors[4:]), errors
    assert sandbox.stats()["requests"] == before  # nothing was sent
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        KitSandbox(seed={"people": deep})  # json.dumps's RecursionError, named
    assert err.value.field == "seed"


def test_invalid_input_names_the_python_parameter(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        c.book_absence("LT-VAC", "e-1", start_day=date(2026, 12, 3), end_day=date(2026, 12, 1))
    assert err.value.field == "start_day"
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        c.extra_leave(ANNA, 0)
    assert err.value.field == "days"


def test_results_pickle_and_deep_copy(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    account = c.time_account(ANNA, 2026, 10)
    for copied in (pickle.loads(pickle.dumps(account)), copy.deepcopy(account), copy.copy(account)):
        assert type(copied) is type(account)
        assert copied.to_dict() == account.to_dict()
        assert copied.balance == account.balance
    people = c.employees()
    assert [p.to_dict() for p in pickle.loads(pickle.dumps(people))] == [p.to_dict() for p in people]


def test_driver_events_are_structured_records_logged_while_the_call_waits(
    sandbox: Sandbox, caplog: pytest.LogCaptureFixture
) -> None:
    import logging
    import time

    caplog.set_level(logging.DEBUG, logger="zeitkonto")
    c = make_client(sandbox, rate_limit=zeitkonto.RateLimitSettings(limit=1, window=1.5), api_key="events-key-123456")
    with pytest.raises(zeitkonto.AuthenticationFailedError):
        c.employees()  # takes the one slot
    started = time.monotonic()
    with pytest.raises(zeitkonto.AuthenticationFailedError):
        c.employees()  # waits ~1.5 s for it
    returned = time.monotonic()
    events = [r.zeitkonto for r in caplog.records if hasattr(r, "zeitkonto")]  # type: ignore[attr-defined]
    kinds = [e["event"] for e in events]
    assert kinds.count("wait") == 1 and kinds.count("failed") == 2, kinds
    wait = next(r for r in caplog.records if getattr(r, "zeitkonto", {}).get("event") == "wait")
    assert wait.zeitkonto["reason"] == "rate limit" and 0 < wait.zeitkonto["delay"] <= 1.6  # window + 1 % margin; type: ignore[attr-defined]
    # Logged while waiting, not when the call returned.
    assert wait.created - (time.time() - time.monotonic()) < returned - 0.5, (wait.created, started, returned)
    assert all("events-key-123456" not in r.getMessage() and "events-key-123456" not in str(getattr(r, "zeitkonto", "")) for r in caplog.records)
    # The message is the event's line; the logger's name is the record's own (a format shows it).
    assert all(not r.getMessage().startswith("zeitkonto ") for r in caplog.records if r.name == "zeitkonto")
    failures = [r for r in caplog.records if getattr(r, "zeitkonto", {}).get("event") == "failed"]
    assert len(failures) == 2  # one record per failure, not two


def test_a_closed_client_raises_client_closed_error(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    c.close()
    with pytest.raises(zeitkonto.ClientClosedError) as err:
        c.employees()
    assert isinstance(err.value, RuntimeError) and err.value.kind == "ClientClosed"


def test_timeout_error_does_not_shadow_the_builtin() -> None:
    assert not hasattr(zeitkonto, "TimeoutError")
    assert issubclass(zeitkonto.APITimeoutError, TimeoutError)
    assert issubclass(zeitkonto.APITimeoutError, zeitkonto.ZeitkontoError)


def test_ctrl_c_interrupts_a_blocking_call_and_the_client_stays_usable(sandbox: Sandbox) -> None:
    import subprocess
    import sys

    script = f"""
import os, signal, threading, time, zeitkonto
# As in an interactive shell: a background job (CI) starts with SIGINT ignored, so Python would not
# install its KeyboardInterrupt handler.
signal.signal(signal.SIGINT, signal.default_int_handler)
c = zeitkonto.Client("demo-company-key", base_url={sandbox.url!r}, timeout=30.0,
                     rate_limit=zeitkonto.RateLimitSettings(limit=1000000, window=60.0))
# Ctrl-C: the signal to the process (POSIX); on Windows, where os.kill(pid, SIGINT) would terminate
# the process, the console's Ctrl-C handler calls the same C handler that raise_signal does.
ctrl_c = (lambda: signal.raise_signal(signal.SIGINT)) if os.name == "nt" else (lambda: os.kill(os.getpid(), signal.SIGINT))
threading.Timer(0.5, ctrl_c).start()
start = time.monotonic()
try:
    c.employees()
    print("not interrupted")
except KeyboardInterrupt:
    print("interrupted after", round(time.monotonic() - start, 2))
sandbox_free = c.employee_departments()
print("usable", len(sandbox_free) > 0)
"""
    # Every employees call is slow (a straggler from an earlier test must not use up the fault).
    sandbox.inject(kind="delay", delayMs=8000, count=1000, operation="employees")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    lines = out.stdout.split("\n")
    assert lines[0].startswith("interrupted after"), out
    assert float(lines[0].split()[-1]) < 4.0, out  # long before the 8 s delay ends
    assert lines[1] == "usable True", out


def test_epoch_milliseconds_are_aware_utc_datetimes(sandbox: Sandbox) -> None:
    c = make_client(sandbox)
    t = c.presence().time
    assert isinstance(t, datetime) and t.tzinfo is not None and t.utcoffset().total_seconds() == 0  # type: ignore[union-attr]
    report = c.time_account_report(ANNA, year=2026, month=11)
    for interval in report.bookings:
        assert interval.start is None or (isinstance(interval.start, datetime) and interval.start.tzinfo is not None)
    assert zeitkonto.PresenceReport({"time": 10**20}).time is None  # out of range: degraded, not an exception


@pytest.mark.parametrize("error", _DECL["errors"], ids=[e["kind"] for e in _DECL["errors"]])
def test_every_error_kind_is_a_class_with_its_fields(error: Dict[str, Any]) -> None:
    from zeitkonto import errors

    if error["kind"] == "Aborted":
        pytest.skip("cancellation is asyncio.CancelledError (or KeyboardInterrupt), not a Zeitkonto error")
    cls = errors._KINDS.get(error["kind"], zeitkonto.ZeitkontoError)
    assert cls.kind == error["kind"] and cls.__doc__
    annotated = {name for klass in cls.__mro__ for name in getattr(klass, "__annotations__", {})}
    for field in error["fields"]:
        name = "".join("_" + c.lower() if c.isupper() else c for c in field["key"])
        assert name in annotated, f"{cls.__name__}.{name}"
    if error["parent"]:
        assert issubclass(cls, errors._KINDS[error["parent"]])


def test_every_api_code_is_a_subclass_of_api_error() -> None:
    for code in _DECL["apiCodes"]:
        err = zeitkonto.errors.from_core({"kind": "Api", "message": "m", "status": 403, "code": code["number"]})
        assert type(err).__name__ == code["name"][0].upper() + code["name"][1:] + "Error"
        assert isinstance(err, zeitkonto.ApiError) and err.api_code == code["name"] and err.code == code["number"]
    other = zeitkonto.errors.from_core({"kind": "Api", "message": "m", "status": 403, "code": 99})
    assert type(other) is zeitkonto.ApiError and other.api_code == "unknown"


@pytest.mark.parametrize("group", [s for s in _DECL["settings"] if s["type"] == "group"], ids=lambda s: s["key"])
def test_settings_groups_are_the_declared_ones_in_seconds(group: Dict[str, Any]) -> None:
    cls = getattr(zeitkonto, group["groupType"])
    members = [s for s in _DECL["settings"] if s["key"].startswith(group["key"] + ".")]
    defaults = cls()
    assert list(cls._fields) == ["".join("_" + c.lower() if c.isupper() else c for c in m["key"].split(".")[1]) for m in members]
    for m, name in zip(members, cls._fields):
        value = getattr(defaults, name)
        if m["type"] == "duration":
            assert value == (None if m["default"] is None else m["default"] / 1000), name  # seconds
        else:
            assert value == m["default"], name


def test_settings_out_of_range_name_the_setting_in_python_casing() -> None:
    cases = [
        (dict(retry=zeitkonto.RetrySettings(base_delay=400 * 86400.0)), "retry.base_delay"),
        (dict(retry=zeitkonto.RetrySettings(max_retries=-1)), "retry.max_retries"),
        (dict(retry=zeitkonto.RetrySettings(max_delay=float("nan"))), "retry.max_delay"),
        (dict(rate_limit=zeitkonto.RateLimitSettings(window=0.0)), "rate_limit.window"),
        # Half a millisecond: under the shortest window in every language (npm's `window: 0.5` too).
        (dict(rate_limit=zeitkonto.RateLimitSettings(window=0.0005)), "rate_limit.window"),
        (dict(rate_limit={"limit": 5}), "rate_limit"),
        (dict(timeout=float("inf") * -1), "timeout"),
        (dict(base_url="http://desktop.saas.de"), "base_url"),
        # An infinite duration of a group (JSON cannot carry it) is still the setting's refusal.
        (dict(retry=zeitkonto.RetrySettings(max_retry_after=float("inf"))), "retry.max_retry_after"),
        (dict(retry=zeitkonto.RetrySettings(max_delay=float("-inf"))), "retry.max_delay"),
        (dict(rate_limit=zeitkonto.RateLimitSettings(60, float("inf"))), "rate_limit.window"),
        (dict(retry=zeitkonto.RetrySettings(max_delay=1e306)), "retry.max_delay"),  # infinite in ms
        # A whole number beyond 64 bits is named by its path too.
        (dict(retry=zeitkonto.RetrySettings(max_retries=10**20)), "retry.max_retries"),
        (dict(rate_limit=zeitkonto.RateLimitSettings(10**20)), "rate_limit.limit"),
        # A key or URL setting of the wrong type: InvalidInputError naming it, not TypeError.
        (dict(workspace_key=5), "workspace_key"), (dict(proxy=3128), "proxy"), (dict(base_url=b"https://x"), "base_url"),
    ]
    for kwargs, field in cases:
        with pytest.raises(zeitkonto.InvalidInputError) as e:
            zeitkonto.Client("k", **kwargs)
        assert e.value.field == field, (kwargs, e.value.field)
        assert f"`{field}`" in str(e.value), str(e.value)
        # Python takes seconds: no reason speaks of the milliseconds the core sees.
        assert " ms" not in str(e.value).replace("at least 1 ms", ""), str(e.value)
    zeitkonto.Client("k", timeout=None).close()  # no timeout
    zeitkonto.Client("k", timeout=float("inf")).close()  # no timeout either


def test_a_key_of_the_wrong_type_or_a_bad_url_from_the_environment_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in (123, b"company-key-7f3a"):
        with pytest.raises(zeitkonto.InvalidInputError) as e:
            zeitkonto.Client(key)  # type: ignore[arg-type]
        assert (e.value.field, e.value.reason) == ("api_key", f"expected a string, got {type(key).__name__}")
        assert "7f3a" not in str(e.value) and "123" not in str(e.value)
    monkeypatch.setenv("ZEITKONTO_BASE_URL", "ftp://desktop.saas.de")
    with pytest.raises(zeitkonto.InvalidInputError) as e:
        zeitkonto.Client("k")
    assert e.value.field == "ZEITKONTO_BASE_URL" and "`ZEITKONTO_BASE_URL`" in str(e.value)


@pytest.mark.parametrize("key,field", [("", "api_key"), ("company-key-7f3a\n", "api_key"), (" company-key-7f3a", "api_key")])
def test_a_bad_key_is_refused_when_the_client_is_made(key: str, field: str) -> None:
    with pytest.raises(zeitkonto.InvalidInputError) as e:
        zeitkonto.Client(key)
    assert e.value.field == field
    assert "company-key-7f3a" not in str(e.value)
    with pytest.raises(zeitkonto.InvalidInputError) as e:
        zeitkonto.Client("company-key-7f3a", workspace_key="ws-key\n")
    assert e.value.field == "workspace_key"


@pytest.mark.parametrize("bad", ["x", "30", True, [30]])
def test_a_timeout_that_is_not_a_number_is_invalid_input(bad: Any) -> None:
    with pytest.raises(zeitkonto.InvalidInputError) as e:
        zeitkonto.Client("k", timeout=bad)
    assert e.value.field == "timeout"


def test_async_client_without_an_asyncio_loop_says_what_to_do(sandbox: Sandbox) -> None:
    client = zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=GENEROUS)
    coro = client.employees()
    try:
        with pytest.raises(RuntimeError, match="asyncio event loop.*blocking zeitkonto.Client"):
            coro.send(None)  # as a non-asyncio runner (trio) would drive it
    finally:
        coro.close()
        client.close()


def test_rate_limit_refusals_name_the_python_field_whatever_the_reason() -> None:
    for kwargs, field in [({"limit": "x"}, "rate_limit.limit"), ({"limit": -1}, "rate_limit.limit"),
                          ({"window": "x"}, "rate_limit.window"), ({"window": 0}, "rate_limit.window"),
                          ({"margin": "x"}, "rate_limit.margin")]:
        with pytest.raises(zeitkonto.InvalidInputError) as err:
            zeitkonto.Client("k-123456", rate_limit=zeitkonto.RateLimitSettings(**kwargs))
        assert err.value.field == field, kwargs
