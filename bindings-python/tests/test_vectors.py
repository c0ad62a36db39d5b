"""The shared vectors of tests/vectors/ through zeitkonto.sansio."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Tuple
from urllib.parse import parse_qsl, urlsplit

import pytest

import zeitkonto
from zeitkonto import sansio

VECTORS = Path(__file__).resolve().parents[2] / "tests" / "vectors"
DEFAULT_CONTEXT: Dict[str, Any] = json.loads((VECTORS / "context.json").read_text())


def cases(kind: str) -> List[Tuple[str, Dict[str, Any]]]:
    out = []
    for path in sorted((VECTORS / "operations").glob("*.json")):
        data = json.loads(path.read_text())
        for case in data[kind]:
            out.append((data["operation"], case))
    return out


def subset(expected: Any, actual: Any, where: str = "") -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for k, v in expected.items():
            assert k in actual, f"{where}.{k} missing in {actual!r}"
            subset(v, actual[k], f"{where}.{k}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), f"{where}: {actual!r} != {expected!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            subset(e, a, f"{where}[{i}]")
    elif isinstance(expected, (int, float)) and not isinstance(expected, bool):
        assert isinstance(actual, (int, float)) and not isinstance(actual, bool) and float(expected) == float(actual), \
            f"{where}: {actual!r} != {expected!r}"
    else:
        assert expected == actual, f"{where}: {actual!r} != {expected!r}"


def check_error(expected: Dict[str, Any], err: zeitkonto.ZeitkontoError) -> None:
    names = {"retryAfterMs": "retry_after", "mayHaveReachedServer": "may_have_reached_server", "apiCode": "api_code"}
    assert err.kind == expected["kind"], f"{err.kind} != {expected['kind']}: {err}"
    for key, value in expected.items():
        if key == "kind":
            continue
        got = getattr(err, names.get(key, key))
        if key == "field":  # the context's settings are named as sansio's keyword arguments
            value = {"apiKey": "api_key", "baseUrl": "base_url", "workspaceKey": "workspace_key"}.get(value, value)
        if key == "retryAfterMs" and got is not None:
            got = round(got * 1000)
        subset(value, got, key)


def context_of(case: Dict[str, Any]) -> Dict[str, Any]:
    ctx = dict(DEFAULT_CONTEXT)
    ctx.update(case.get("context") or {})
    return ctx


BUILD = cases("build")
PARSE = cases("parse")


DECLARED = [op["name"] for op in json.loads((VECTORS / "declaration.json").read_text())["operations"]]


def test_vectors_cover_every_declared_operation() -> None:
    assert sorted({op for op, _ in BUILD}) == sorted(sansio.operations())
    assert sansio.operations() == DECLARED


def request_of(operation: str, case: Dict[str, Any]) -> sansio.HttpRequest:
    ctx = context_of(case)
    return sansio.build_request(operation, case["params"], api_key=ctx.get("apiKey"), base_url=ctx.get("baseUrl"),
                                workspace_key=ctx.get("workspaceKey"), routes=ctx.get("routes"),
                                today=ctx.get("today"))


@pytest.mark.parametrize("operation,case", BUILD, ids=[f"{o}:{c['name']}" for o, c in BUILD])
def test_build(operation: str, case: Dict[str, Any]) -> None:
    try:
        req = request_of(operation, case)
    except zeitkonto.ZeitkontoError as err:
        assert "error" in case, f"unexpected error {err!r}"
        check_error(case["error"], err)
        return
    assert "expect" in case, f"expected an error, built {req!r}"
    exp = case["expect"]
    url = urlsplit(req.url)
    assert req.method == exp["method"]
    assert url.path == exp["path"]
    assert dict(parse_qsl(url.query)) == exp["query"]
    body = None if req.body is None else json.loads(req.body)
    assert body == exp["body"]
    for name, value in (exp.get("headers") or {}).items():
        assert dict((k.lower(), v) for k, v in req.headers)[name.lower()] == value


@pytest.mark.parametrize("operation,case", PARSE, ids=[f"{o}:{c['name']}" for o, c in PARSE])
def test_parse(operation: str, case: Dict[str, Any]) -> None:
    r = case["response"]
    body = json.dumps(r["json"]).encode() if "json" in r else str(r.get("body", "")).encode()
    # `request`: read bound to the request it answers, as the clients read it.
    request = request_of(operation, case["request"]) if "request" in case else None
    try:
        out = sansio.parse_response_json(operation, r["status"], r.get("headers") or {}, body, request=request)
    except zeitkonto.ZeitkontoError as err:
        assert "error" in case, f"unexpected error {err!r}"
        check_error(case["error"], err)
        return
    assert "expect" in case, f"expected an error, parsed {out!r}"
    subset(case["expect"], out, "output")
    typed = sansio.parse_response(operation, r["status"], r.get("headers") or {}, body, request=request)
    if isinstance(typed, zeitkonto.Model):
        assert typed.to_dict() == out


def test_an_answer_is_read_bound_only_to_a_request_of_its_operation() -> None:
    request = sansio.build_request("employees", {}, api_key="k")
    for parse in (sansio.parse_response, sansio.parse_response_json):
        with pytest.raises(zeitkonto.InvalidInputError) as err:
            parse("presence", 200, {}, b"[]", request=request)
        assert err.value.field == "request" and "built for `employees`, not for `presence`" in str(err.value)
        with pytest.raises(zeitkonto.InvalidInputError) as wrong:
            parse("employees", 200, {}, b"[]", request=object())  # type: ignore[arg-type]
        assert wrong.value.field == "request"


def test_sansio_refuses_a_status_or_headers_it_cannot_read_by_name() -> None:
    """A status that is no HTTP status (100-999, as in every language; 99999 was an OverflowError), a
    bool or text, and headers that are neither a mapping nor pairs are `InvalidInputError`s naming
    them (they were OverflowError and TypeError); `None` headers are none, as in npm."""
    for parse in (sansio.parse_response, sansio.parse_response_json):
        for status in (99999, -1, 99, 1000, True, "200", 200.0):
            with pytest.raises(zeitkonto.InvalidInputError) as err:
                parse("employees", status, {}, b"[]")  # type: ignore[arg-type]
            assert err.value.field == "status", status
        for headers in (5, [("only-a-name",)], [5]):
            with pytest.raises(zeitkonto.InvalidInputError) as err:
                parse("employees", 200, headers, b"[]")  # type: ignore[arg-type]
            assert err.value.field == "headers", headers
        assert parse("employees", 200, None, b"[]") == []  # type: ignore[arg-type]
        # Bytes pairs (httpx's `headers.raw`) read as Latin-1 text: the 429's Retry-After is read.
        with pytest.raises(zeitkonto.RateLimitedError) as limited:
            parse("employees", 429, [(b"Retry-After", b"7")], b"")  # type: ignore[list-item]
        assert limited.value.retry_after == 7.0
        class Whole:  # an int-like status that is no int (numpy's integers)
            def __index__(self) -> int:
                return 200

        assert parse("employees", Whole(), {}, b"[]") == []  # type: ignore[arg-type]

        with pytest.raises(zeitkonto.ZeitkontoError) as odd:  # an odd status is the core's to read
            parse("employees", 600, {}, b"[]")
        assert not isinstance(odd.value, zeitkonto.InvalidInputError)


def test_sansio_takes_dates_and_times_as_the_clients_do() -> None:
    """`datetime.date` (a `datetime`: its own day) and `datetime.time` in sans-IO's params are
    their canonical text; a time with microseconds is refused, as the clients refuse it."""
    import datetime as dt

    as_text = sansio.build_request("presence", {"day": "2026-03-01"}, api_key="k-123456")
    for day in (dt.date(2026, 3, 1), dt.datetime(2026, 3, 1, 23, 59)):
        assert sansio.build_request("presence", {"day": day}, api_key="k-123456").url == as_text.url
    shift = {"startDate": dt.date(2026, 3, 2), "startTime": dt.time(8, 30), "endTime": dt.time(16, 0)}
    by_text = dict(shift, startDate="2026-03-02", startTime="08:30", endTime="16:00")
    built = sansio.build_request("create_shift", shift, workspace_key="w-123456")
    assert built == sansio.build_request("create_shift", by_text, workspace_key="w-123456")
    # A datetime given for a clock time is its own time of day (as one given for a day is its day).
    at = dict(shift, startTime=dt.datetime(2026, 3, 2, 8, 30), endTime=dt.datetime(2026, 3, 2, 16, 0))
    assert sansio.build_request("create_shift", at, workspace_key="w-123456") == built
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        sansio.build_request("create_shift", dict(shift, startTime=dt.time(8, 30, 0, 5)), workspace_key="w-123456")
    assert err.value.field == "startTime"


def test_a_built_request_copies_as_itself_and_is_not_pickled() -> None:
    import copy
    import pickle

    req = sansio.build_request("employees", api_key="k-123456")
    assert copy.copy(req) is req and copy.deepcopy(req) is req
    with pytest.raises(TypeError, match="not pickled"):
        pickle.dumps(req)
    with pytest.raises(AttributeError):
        del req.url
    with pytest.raises(AttributeError):
        req.url = "x"  # type: ignore[misc]


def test_sansio_today_may_be_a_datetime() -> None:
    import datetime as dt

    a = sansio.build_request("book_absence", {"reasonUuid": "r", "employeeUuid": "e", "startDay": "2026-03-02"},
                             api_key="k-123456", today=dt.datetime(2026, 3, 1, 23, 0))
    b = sansio.build_request("book_absence", {"reasonUuid": "r", "employeeUuid": "e", "startDay": "2026-03-02"},
                             api_key="k-123456", today=dt.date(2026, 3, 1))
    assert a == b
