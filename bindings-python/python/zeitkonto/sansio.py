"""Bring your own HTTP client: build the request of an operation, send it with ``requests`` or
``httpx``, and parse the response. No network here; the rate limit and retries are then yours.

>>> req = build_request("presence", {"email": "anna@example.com"}, api_key="k")   # doctest: +SKIP
>>> r = httpx.request(req.method, req.url, headers=dict(req.headers), content=req.body)  # doctest: +SKIP
>>> report = parse_response("presence", r.status_code, r.headers.items(), r.content)  # doctest: +SKIP
"""

from __future__ import annotations

import operator

from datetime import date
from typing import Any, Iterable, List, Mapping, Optional, Tuple, Union

from . import _core
from ._operations import CONVERTERS, OPERATIONS
from .errors import _invalid, from_core
from ._telemetry import untraced

__all__ = ["HttpRequest", "build_request", "parse_response", "parse_response_json", "operations", "is_idempotent",
           "untraced"]


class HttpRequest:
    """A request ready to send: ``method``, ``url``, ``headers`` (a list of name-value pairs),
    ``body`` (bytes or ``None``), and ``redacted_url`` / ``redacted_body``, the same with every key
    as ``***``. ``url`` and ``body`` carry the key: ``repr`` shows neither, and it is no tuple, so
    an error reporter that records a frame's variables (Sentry's ``include_local_variables``) shows
    its ``repr`` rather than its items.

    Pass it to :func:`parse_response` (``request=``) with the answer it got, to read the answer as
    the clients do: the request's secrets are redacted before an excerpt is cut, and an echoed
    month is read against the requested one.
    """

    __slots__ = ("method", "url", "headers", "body", "redacted_url", "redacted_body", "_native")

    method: str
    url: str
    headers: List[Tuple[str, str]]
    body: Optional[bytes]
    redacted_url: str
    redacted_body: Optional[str]
    _native: Optional[_core.NativeRequest]

    def __init__(self, method: str, url: str, headers: List[Tuple[str, str]], body: Optional[bytes],
                 redacted_url: str, redacted_body: Optional[str]) -> None:
        for name, value in zip(self.__slots__, (method, url, headers, body, redacted_url, redacted_body, None)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"HttpRequest is read-only ({name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"HttpRequest is read-only ({name})")

    def __copy__(self) -> "HttpRequest":
        return self  # read-only: a copy is the same request

    def __deepcopy__(self, memo: Any) -> "HttpRequest":
        return self

    def __reduce__(self) -> Any:
        # A pickle would write the key out; build the request again where it is sent.
        raise TypeError("an HttpRequest holds the API key and is not pickled: build it again where it is sent")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HttpRequest):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__[:6])

    __hash__ = None  # type: ignore[assignment]  # its headers are a list

    def __repr__(self) -> str:
        return (f"HttpRequest(method={self.method!r}, url={self.redacted_url!r}, headers={self.headers!r}, "
                f"body={self.redacted_body!r})")

    def __str__(self) -> str:
        return self.__repr__()


def build_request(
    operation: str,
    params: Optional[Mapping[str, Any]] = None,
    *,
    api_key: Optional[str] = None,
    base_url: Optional[str] = None,
    workspace_key: Optional[str] = None,
    routes: Optional[Mapping[str, str]] = None,
    today: Optional[Union[date, str]] = None,
) -> HttpRequest:
    """Validates ``params`` (canonical form: camelCase, months 1-12, ISO dates) and builds the request.

    ``today`` gives the checks that depend on the date a calendar (book-absence with only a start or
    an end); without it they are left to the server, as in any sans-IO build. The clients pass it.
    """
    try:
        method, url, headers, body, redacted_url, redacted_body, native = _core.build_request(
            operation, dict(params or {}), api_key=api_key, base_url=base_url,
            workspace_key=workspace_key, routes=dict(routes) if routes else None,
            today=today)
    except BaseException as e:
        # The params and keys (secrets) out of this frame's locals first, whatever the refusal
        # (params that are no mapping too): error reporters record them.
        del params, api_key, workspace_key
        if isinstance(e, _core.CoreError):
            # The context's settings by the keyword arguments' names (`api_key`), the params by
            # their canonical keys (`startDay`), as they were passed.
            context = e.args[0].get("field") in ("apiKey", "baseUrl", "workspaceKey") if isinstance(e.args[0], dict) else False
            raise from_core(e.args[0], python_names=context) from None
        raise
    request = HttpRequest(method, url, list(headers), body, redacted_url, redacted_body)
    object.__setattr__(request, "_native", native)
    return request


Headers = Union[Mapping[str, str], Iterable[Tuple[str, str]]]


def _pairs(headers: Optional[Headers]) -> List[Tuple[str, str]]:
    """Header pairs from a mapping or an iterable of pairs (``None``: none), names and values as
    text (bytes, as httpx's ``headers.raw`` gives them, as Latin-1); anything else is an
    ``InvalidInputError`` naming ``headers``, raised with the headers out of this frame."""
    def text(v: Any) -> Any:
        return v.decode("latin-1") if isinstance(v, (bytes, bytearray)) else v

    pairs: Any = None
    try:
        pairs = [] if headers is None else [
            (text(k), text(v)) for k, v in (headers.items() if isinstance(headers, Mapping) else headers)]
        if all(isinstance(k, str) and isinstance(v, str) for k, v in pairs):
            return list(pairs)
    except (TypeError, ValueError):
        pass
    del headers, pairs
    raise _invalid("headers", "expected a mapping or (name, value) pairs of text")


def _status(status: int) -> int:
    """The status as an HTTP status (100-999, the rule of every language's sans-IO parse)."""
    try:
        whole = operator.index(status) if not isinstance(status, bool) else None  # numpy's ints too
    except TypeError:
        whole = None
    if whole is None:
        raise _invalid("status", f"expected an HTTP status (a whole number 100-999), got {type(status).__name__}")
    if not 100 <= whole <= 999:
        raise _invalid("status", f"not an HTTP status: {whole}")
    return whole


def parse_response_json(operation: str, status: int, headers: Headers, body: Union[bytes, str], *,
                        request: Optional[HttpRequest] = None) -> Any:
    """Parses a response into the canonical JSON output (what the shared test vectors compare).

    ``request``: the :class:`HttpRequest` it answers (see :func:`parse_response`).
    """
    try:
        return _core.parse_response(operation, _status(status), _pairs(headers), _body(body), _native(request))
    except BaseException as e:
        # The request (its URL holds the key) and the answer (which may echo it) out of this
        # frame's locals first, whatever the refusal (a body or headers of the wrong type too):
        # error reporters record them.
        del request, body, headers
        if isinstance(e, _core.CoreError):
            raise from_core(e.args[0]) from None
        raise


def parse_response(operation: str, status: int, headers: Headers, body: Union[bytes, str], *,
                   request: Optional[HttpRequest] = None) -> Any:
    """Parses a response into the operation's typed result (the same types the clients return).

    ``request``: the :class:`HttpRequest` from :func:`build_request` that the response answers. With
    it the response is read as the clients read it: the request's secrets (keys, an employee key in
    the path) are removed from error excerpts before they are cut, and an echoed month is read
    against the requested one.
    """
    try:
        out = _core.parse_response(operation, _status(status), _pairs(headers), _body(body), _native(request), True)
    except BaseException as e:
        del request, body, headers  # as in parse_response_json
        if isinstance(e, _core.CoreError):
            raise from_core(e.args[0]) from None
        raise
    return CONVERTERS[operation](out)


def _body(body: Union[bytes, bytearray, memoryview, str]) -> bytes:
    """The body as bytes: text (``response.text`` of requests or httpx) as UTF-8; anything else is
    an ``InvalidInputError`` naming ``body``."""
    if isinstance(body, str):
        return body.encode("utf-8", "surrogatepass")
    if isinstance(body, (bytes, bytearray, memoryview)):
        return bytes(body)
    raise _invalid("body", f"expected bytes or str, got {type(body).__name__}")


def _native(request: Optional[HttpRequest]) -> Optional[_core.NativeRequest]:
    if request is None:
        return None
    if not isinstance(request, HttpRequest) or request._native is None:
        raise _invalid("request", "expected the HttpRequest that build_request returned")
    return request._native


def operations() -> List[str]:
    """The stable names of every operation, in the core's order."""
    return list(OPERATIONS)


def is_idempotent(operation: str) -> bool:
    """Whether ``operation`` is safe to send again (reads)."""
    try:
        return bool(_core.is_idempotent(operation))
    except _core.CoreError as e:
        raise from_core(e.args[0]) from None
