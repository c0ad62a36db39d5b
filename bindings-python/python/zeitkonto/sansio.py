"""Bring your own HTTP client: build the request of an operation, send it with ``requests`` or
``httpx``, and parse the response. No network here; the rate limit and retries are then yours.

>>> req = build_request("presence", {"email": "anna@example.com"}, api_key="k")   # doctest: +SKIP
>>> r = httpx.request(req.method, req.url, headers=dict(req.headers), content=req.body)  # doctest: +SKIP
>>> report = parse_response("presence", r.status_code, r.headers.items(), r.content)  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any, Iterable, List, Mapping, NamedTuple, Optional, Tuple, Union

from . import _core
from ._operations import CONVERTERS
from ._model_base import _plain
from .errors import from_core

__all__ = ["HttpRequest", "build_request", "parse_response", "parse_response_json", "operations", "is_idempotent"]


class HttpRequest(NamedTuple):
    """A request ready to send. ``url`` and ``body`` carry the key: ``repr`` shows neither."""

    method: str
    url: str
    headers: List[Tuple[str, str]]
    body: Optional[bytes]
    redacted_url: str
    redacted_body: Optional[str]

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
) -> HttpRequest:
    """Validates ``params`` (canonical form: camelCase, months 1-12, ISO dates) and builds the request."""
    try:
        method, url, headers, body, redacted_url, redacted_body = _core.build_request(
            operation, dict(params or {}), api_key=api_key, base_url=base_url,
            workspace_key=workspace_key, routes=dict(routes) if routes else None)
    except _core.CoreError as e:
        raise from_core(e.args[0]) from None
    return HttpRequest(method, url, list(headers), body, redacted_url, redacted_body)


Headers = Union[Mapping[str, str], Iterable[Tuple[str, str]]]


def parse_response_json(operation: str, status: int, headers: Headers, body: bytes) -> Any:
    """Parses a response into the canonical JSON output (what the shared test vectors compare)."""
    pairs = list(headers.items()) if isinstance(headers, Mapping) else [(str(k), str(v)) for k, v in headers]
    try:
        return _plain(_core.parse_response(operation, status, pairs, bytes(body)))
    except _core.CoreError as e:
        raise from_core(e.args[0]) from None


def parse_response(operation: str, status: int, headers: Headers, body: bytes) -> Any:
    """Parses a response into the operation's typed result (the same types the clients return)."""
    pairs = list(headers.items()) if isinstance(headers, Mapping) else [(str(k), str(v)) for k, v in headers]
    try:
        out = _core.parse_response_typed(operation, status, pairs, bytes(body))
    except _core.CoreError as e:
        raise from_core(e.args[0]) from None
    return CONVERTERS[operation](out)


def operations() -> List[str]:
    """The stable names of the 24 operations."""
    return list(_core.operations())


def is_idempotent(operation: str) -> bool:
    """Whether ``operation`` is safe to send again (reads)."""
    try:
        return bool(_core.is_idempotent(operation))
    except _core.CoreError as e:
        raise from_core(e.args[0]) from None
