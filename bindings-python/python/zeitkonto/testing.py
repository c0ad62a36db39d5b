"""Zeitkonto in your tests: the sandbox, a stateful fake of the saas.de API, in-process.

The same engine as Zeitkonto's own test server (every rule of the API: keys, modules, 403 codes,
0- and 1-based months, the clock state machine, the rate limit), inside the package: no server
to start, no socket, no port. Clients made by :meth:`Sandbox.client` reach it directly.

>>> from zeitkonto.testing import Sandbox
>>> with Sandbox(today="2026-11-21") as sandbox:
...     client = sandbox.client()
...     client.come(sandbox.keys.employee)
...     sandbox.writes("clock")
1

With pytest, the ``zeitkonto_sandbox`` fixture gives a fresh sandbox per test (the plugin is
registered when the package is installed).
"""

from __future__ import annotations

import datetime as _dt
import json
import numbers
import os
from types import TracebackType
from typing import Any, Dict, Mapping, Optional, Type, Union

from . import _core
from ._testkit import IN_PROCESS_BASE_URL, Keys, _Controls
from ._settings import RateLimitSettings
from .client import AsyncClient, Client, _routes
from .errors import _invalid, _snake, from_core

__all__ = ["Sandbox", "Keys", "IN_PROCESS_BASE_URL", "FAULT_KINDS"]

#: The kit's surface as the sandbox engine declares it, the same for every language's kit: fault
#: kinds and ``inject``'s options (types, ranges, the reasons a value is refused with).
_DECLARATION: Dict[str, Any] = json.loads(_core.Sandbox.declaration())

#: The faults :meth:`Sandbox.inject` knows (Python names of the sandbox's fault kinds).
FAULT_KINDS = tuple(_snake(k["name"]) for k in _DECLARATION["faultKinds"])


def _seed(value: Union[str, "os.PathLike[str]", Mapping[str, Any], None]) -> Optional[str]:
    """A seed as JSON text: a mapping, or the path of a JSON file (``zeitkonto-sandbox
    --write-seed FILE`` writes the demo seed as one)."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        try:
            return json.dumps(dict(value))
        except (TypeError, ValueError, RecursionError) as e:  # a circular or too deep one: ValueError, RecursionError
            raise _invalid("seed", f"is not JSON data: {e}") from None
    if isinstance(value, (str, os.PathLike)):
        try:
            with open(value, encoding="utf-8") as f:
                return f.read()
        except OSError as e:
            raise _invalid("seed", f"cannot read {os.fspath(value)!r}: {e.strerror}") from None
    raise _invalid("seed", f"expected a path or a mapping, got {type(value).__name__}")


class Sandbox(_Controls):
    """A stateful fake of the saas.de API, in-process. Use as a context manager (or call
    :meth:`close`).

    ``inject`` and the counters (``writes``, ``requests``, ``rate_limited``) are the engine's
    declaration's, the same in every language's kit.

    ``today`` freezes the date (``datetime.date`` or ``"YYYY-MM-DD"``; default: the real date),
    ``seed`` replaces the demo data (a mapping, or the path of a JSON seed file), ``rate_limit``
    turns on the API's limit (e.g. ``RateLimitSettings(60, 60.0)``; default: none, so tests do not
    wait), ``routes`` overrides routes as the client's ``routes=`` does.
    """

    def __init__(
        self,
        *,
        today: Union[_dt.date, str, None] = None,
        seed: Union[str, "os.PathLike[str]", Mapping[str, Any], None] = None,
        rate_limit: Optional[RateLimitSettings] = None,
        routes: Optional[Mapping[str, str]] = None,
    ) -> None:
        if rate_limit is not None and not isinstance(rate_limit, RateLimitSettings):
            raise _invalid("rate_limit", "expected a zeitkonto.RateLimitSettings")
        limit = None
        if rate_limit is not None:
            if isinstance(rate_limit.window, bool) or not isinstance(rate_limit.window, numbers.Real):
                raise _invalid("rate_limit.window", "must be a number of seconds")
            if isinstance(rate_limit.limit, bool) or not isinstance(rate_limit.limit, int):
                raise _invalid("rate_limit.limit", "must be a whole number")
            limit = (float(rate_limit.limit), float(rate_limit.window))  # the engine checks their ranges
        self._routes = _routes(routes)
        try:
            self._core = _core.Sandbox(today=today, seed_json=_seed(seed), rate_limit=limit,
                                       routes=self._routes)
        except _core.CoreError as e:
            raise from_core(e.args[0], python_names=True) from None
        keys = self._core.keys()
        self.keys: Keys = Keys(**{_snake(k): v for k, v in keys.items()})
        """The seed's keys and people (the demo's, or a seed of your own's in the same roles)."""

    # -- clients -----------------------------------------------------------------------------

    def _options(self, options: Dict[str, Any]) -> Dict[str, Any]:
        for name in ("base_url", "ca_bundle", "proxy"):
            if name in options:
                raise _invalid(name, "an in-process client has no network settings; use serve() for a URL")
        # A key the seed has none of (an empty text in ``keys``) is left out.
        options.setdefault("api_key", self.keys.company_key or None)
        options.setdefault("workspace_key", self.keys.workspace_key or None)
        if self._routes and "routes" not in options:
            options["routes"] = self._routes
        if "rate_limit" not in options:
            limit, window = self._core.rate_limit()
            # The client keeps to the sandbox's limit, and waits for nothing when it has none.
            options["rate_limit"] = RateLimitSettings(limit, window) if limit else RateLimitSettings(0)
        return dict(options, base_url=IN_PROCESS_BASE_URL, _sandbox=self._core)

    def client(self, **options: Any) -> Client:
        """A :class:`zeitkonto.Client` wired to this sandbox in-process, with the demo company and
        workspace keys unless given; ``options`` are the client's (``timeout``, ``retry``, …)."""
        return Client(**self._options(options))

    def async_client(self, **options: Any) -> AsyncClient:
        """A :class:`zeitkonto.AsyncClient` wired to this sandbox in-process (see :meth:`client`)."""
        return AsyncClient(**self._options(options))

    # -- control -----------------------------------------------------------------------------

    def _inject(self, kind: str, given: Dict[str, Any]) -> None:
        """``inject`` (generated from the engine's declaration, ``_testkit._Controls``) after its
        signature: the engine checks each value's type and range (durations in seconds here)."""
        try:
            self._core.inject(kind if isinstance(kind, str) else repr(kind), given)
        except _core.CoreError as e:
            raise from_core(e.args[0], python_names=True) from None

    def _count(self, counter: str, *operation: Optional[str]) -> int:
        """A counter of the engine's (``writes``, ``requests``, ``rateLimited``), of one operation
        when named."""
        if operation and operation[0] is not None and not isinstance(operation[0], str):
            raise _invalid("operation", "expected an operation name (a string), e.g. \"clock\"")
        try:
            return int(getattr(self._core, _snake(counter))(*operation))
        except _core.CoreError as e:
            raise from_core(e.args[0], python_names=True) from None

    @property
    def today(self) -> _dt.date:
        """The sandbox's today."""
        return _dt.date.fromisoformat(self._core.today())

    def reset(self) -> None:
        """Back to the seed: data, counters, faults and rate-limit windows (its clients' too: what
        they counted with the sandbox's limit, in-process and served, is forgotten)."""
        self._core.reset()

    def seed(self) -> Dict[str, Any]:
        """The data this sandbox started from (the demo seed unless given), as the mapping
        ``seed=`` takes: a starting point for a seed of your own."""
        return dict(json.loads(self._core.seed_json()))

    def serve(self) -> str:
        """Serves this sandbox over real HTTP on 127.0.0.1 (a free port) for code that brings its
        own HTTP stack (``requests``, ``httpx``); returns the base URL. The same engine: writes,
        faults and counters are shared with the in-process clients. Stopped by :meth:`close`."""
        try:
            return self._core.serve()
        except _core.CoreError as e:
            raise from_core(e.args[0], python_names=True) from None

    def close(self) -> None:
        """Stops the HTTP server of :meth:`serve`, if any."""
        self._core.stop_serving()

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, et: Optional[Type[BaseException]], ev: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Sandbox(today={self.today.isoformat()!r})"
