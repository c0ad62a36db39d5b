"""``Client`` (blocking) and ``AsyncClient`` (asyncio): one method per operation.

Both forward to the Rust driver (rate limiter, retries, reqwest transport) in ``zeitkonto._core``;
the blocking client releases the GIL while it waits on the network.
"""

from __future__ import annotations

import numbers
import os
from types import TracebackType
from typing import TYPE_CHECKING, Any, Dict, Mapping, Optional, Type, TypeVar, Union

from . import _bridge
from ._operations import AsyncOperations, SyncOperations
from . import _convert as c
from . import _core
from . import _telemetry
from ._settings import RateLimitSettings, RetrySettings
from .errors import ClientClosedError, InvalidInputError, ZeitkontoError, _invalid, from_core

if TYPE_CHECKING:
    import asyncio
    import logging

    from .jobs import AsyncJobs, Jobs

__all__ = ["Client", "AsyncClient"]

T = TypeVar("T")
_DEBUG = 10  # logging.DEBUG, without importing logging at import time


def _logger() -> "logging.Logger":
    """``logging.getLogger("zeitkonto")``; logging is imported on first use, not with the package."""
    import logging

    return logging.getLogger("zeitkonto")


def _ca_bundle(path: Optional[Union[str, "os.PathLike[str]"]]) -> "tuple[Optional[bytes], str]":
    """The PEM certificates to trust besides the system's, and the setting they came from:
    ``ca_bundle``, else the file that ``REQUESTS_CA_BUNDLE`` names (as ``requests`` users set it on
    corporate machines). The system's store itself comes with ``SSL_CERT_FILE``/``SSL_CERT_DIR``
    (read by the TLS layer)."""
    field = "ca_bundle"
    if path is None:
        path = os.environ.get("REQUESTS_CA_BUNDLE") or None
        field = "REQUESTS_CA_BUNDLE"
    if path is None:
        return None, field
    if not isinstance(path, (str, bytes, os.PathLike)):  # open(3) would read file descriptor 3
        raise _invalid(field, f"expected the path of a PEM file, got {type(path).__name__}")
    try:
        with open(path, "rb") as f:
            return f.read(), field
    except OSError as e:
        raise InvalidInputError(f"invalid input `{field}`: cannot read {os.fspath(path)!r}: {e.strerror}",
                                field=field, reason=f"cannot read the file: {e.strerror}") from None


def _routes(value: Optional[Mapping[str, str]]) -> Optional[Dict[str, str]]:
    """Route overrides (``routes=``) as the core takes them: operation names to routes; out of the
    frame's locals when refused (a route may hold a key: a gateway's path)."""
    if value is None or (isinstance(value, Mapping)
                         and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())):
        return dict(value) if value else None
    del value
    raise _invalid("routes", "expected a mapping of operation names to \"METHOD /path\" routes")


def _group(value: Any, cls: Any, field: str) -> Dict[str, Any]:
    """A settings group (``RetrySettings``, ``RateLimitSettings``) in the core's canonical form."""
    if value is None:
        value = cls()
    if not isinstance(value, cls):
        raise _invalid(field, f"expected a zeitkonto.{cls.__name__}")
    return value._core()  # type: ignore[no-any-return]


def _event(e: Dict[str, Any]) -> Dict[str, Any]:
    """A driver event's canonical form (durations ``elapsedMs``, ``delayMs``) as Python's log
    record holds it: ``elapsed`` and ``delay`` in seconds, as every duration in Python."""
    out = {k: v for k, v in e.items() if not k.endswith("Ms")}
    for key in ("elapsed", "delay"):
        ms = e.get(key + "Ms")
        out[key] = None if ms is None else ms / 1000.0
    return out


class _Base:
    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        workspace_key: Optional[str] = None,
        routes: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = 30.0,
        retry: Optional[RetrySettings] = None,
        rate_limit: Optional[RateLimitSettings] = None,
        ca_bundle: Optional[Union[str, "os.PathLike[str]"]] = None,
        proxy: Optional[str] = None,
        _sandbox: Optional["_core.Sandbox"] = None,
    ) -> None:
        """A client; nothing is sent until a call. Refused settings raise ``InvalidInputError``.

        - ``api_key``: the company's key (default: ``ZEITKONTO_API_KEY``); ``workspace_key``: the
          workspace key of the shift operations (default: ``ZEITKONTO_WORKSPACE_KEY``).
        - ``base_url``: the instance (default: ``ZEITKONTO_BASE_URL``, else https://desktop.saas.de).
        - ``routes``: an operation's route where it differs from the defaults, e.g.
          ``{"clock": "POST /rest/api/v2/time/{action}/{api}/{employee}"}``.
        - ``timeout``: seconds per attempt (``None``, ``0`` or ``math.inf``: none); ``retry`` and
          ``rate_limit``: :class:`RetrySettings`, :class:`RateLimitSettings`.
        - ``ca_bundle``: a PEM file of certificates to trust besides the system's (default: the
          file ``REQUESTS_CA_BUNDLE`` names); ``proxy``: a proxy URL (default: ``HTTPS_PROXY`` /
          ``ALL_PROXY`` and ``NO_PROXY``).
        """
        # The keys leave this frame's locals at once: error reporters record the locals of every
        # frame of a traceback (Sentry's default), and a refused setting raises from here.
        # A proxy URL's password too, and the base URL (a gateway's may hold a key).
        self._base_url = "?"  # printed (an error reporter's locals) before the core has it
        # A route may hold a key too (a gateway's path).
        url_field = "base_url" if base_url is not None else "ZEITKONTO_BASE_URL"
        keys = c.Hidden((api_key if api_key is not None else os.environ.get("ZEITKONTO_API_KEY"),
                         workspace_key if workspace_key is not None else os.environ.get("ZEITKONTO_WORKSPACE_KEY"),
                         proxy, base_url if base_url is not None else os.environ.get("ZEITKONTO_BASE_URL"), routes))
        del api_key, workspace_key, proxy, base_url, routes
        bad = next(((name, type(v).__name__) for name, v in zip(("api_key", "workspace_key", "proxy", url_field),
                                                                keys.value) if v is not None and not isinstance(v, str)), None)
        if bad is not None:
            raise _invalid(bad[0], f"expected a string, got {bad[1]}")
        self._logging = _logger().isEnabledFor(_DEBUG)
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, numbers.Real)):
            raise InvalidInputError("invalid input `timeout`: must be a number of seconds or None",
                                    field="timeout", reason="must be a number of seconds or None")
        ca_pem, ca_field = _ca_bundle(ca_bundle)
        try:
            self._core: Optional[_core.Client] = _core.Client(
                api_key=keys.value[0],
                base_url=keys.value[3],
                workspace_key=keys.value[1],
                routes=_routes(keys.value[4]),
                timeout=0.0 if timeout is None else float(timeout),
                retry=_group(retry, RetrySettings, "retry"),
                rate_limit=_group(rate_limit, RateLimitSettings, "rate_limit"),
                # Driver events (redacted) go to logging.getLogger("zeitkonto") at DEBUG; only
                # collected when DEBUG is enabled at construction, so calls do not pay for it otherwise.
                log_events=self._logging,
                ca_pem=ca_pem,
                proxy=keys.value[2],
                # zeitkonto.testing.Sandbox.client(): the sandbox engine in-process, no socket.
                sandbox=_sandbox,
            )
        except _core.CoreError as e:
            payload = dict(e.args[0])
            # The core's names for the PEM and the URL it was given, as the caller gave them.
            for core_name, name in (("caCertificates", ca_field), ("baseUrl", url_field)):
                if payload.get("field") == core_name:
                    payload["field"] = name
                    payload["message"] = str(payload.get("message", "")).replace(f"`{core_name}`", f"`{name}`")
            raise from_core(payload, python_names=True) from None
        self._base_url = self._core.shown_base_url()  # a key put into it as ***, as in every language

    def _finish(self, call: "c.Call[T]", out: Any) -> T:
        self._log()
        return call.convert(out)

    def _fail(self, e: "_core.CoreError") -> ZeitkontoError:
        self._log()  # the driver's "failed" event is the one log record of the failure
        return from_core(e.args[0], python_names=True)

    def _log(self) -> None:
        """Logs the driver's events so far: one record per event, at DEBUG, with the event as a
        dict in ``record.zeitkonto`` (``event``, ``operation`` and the event's fields; durations
        in seconds, as in every language)."""
        if self._core is not None:
            events = self._core.take_events()
            if events:
                log = _logger()
                for line, event in events:  # the line as every language says it (redacted)
                    log.debug("%s", line, extra={"zeitkonto": _event(event)})

    def _client(self) -> _core.Client:
        if self._core is None:
            raise ClientClosedError("the client is closed: create a new one")
        return self._core

    def close(self) -> None:
        """Releases the client; further calls raise ``ClientClosedError``."""
        self._core = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self._base_url!r}, api_key=***)"


class Client(_Base, SyncOperations):
    """The blocking client. Use as a context manager or call ``close()``.

    >>> client = Client("my-company-key")                      # doctest: +SKIP
    >>> client.time_account("anna@example.com", 2026, 3).balance  # March, never 0-based  # doctest: +SKIP
    """

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, et: Optional[Type[BaseException]], ev: Optional[BaseException], tb: Optional[TracebackType]) -> None:
        self.close()

    def _run(self, call: "c.Call[T]") -> T:
        core = self._client()
        span = _telemetry.begin()  # the call's span, when OpenTelemetry records spans
        try:
            out = core.call(call.operation, call.params, self._log if self._logging else None,
                            span[0] if span else None)
        except _core.CoreError as e:
            raise self._fail(e) from None
        finally:
            _telemetry.finish(span)
        return self._finish(call, out)

    @property
    def jobs(self) -> "Jobs":
        """Whole-company jobs planned against the rate limit: ``client.jobs.month_close(...)``,
        ``.presence_board(...)``, ``.leave_year_report(...)``, ``.project_hours(...)``."""
        from .jobs import Jobs

        return Jobs(self)


class AsyncClient(_Base, AsyncOperations):
    """The asyncio client: the same methods as :class:`Client`, as coroutines. Concurrent calls run
    concurrently (the rate limiter is shared)."""

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, et: Optional[Type[BaseException]], ev: Optional[BaseException],
                        tb: Optional[TracebackType]) -> None:
        self.close()

    async def aclose(self) -> None:
        """Releases the client."""
        self.close()

    @property
    def jobs(self) -> "AsyncJobs":
        """Whole-company jobs as async iterators: ``async for e in client.jobs.month_close(...)``
        (and ``.presence_board``, ``.leave_year_report``, ``.project_hours``)."""
        from .jobs import AsyncJobs

        return AsyncJobs(self)

    async def _run(self, call: "c.Call[T]") -> T:
        # The call runs on Zeitkonto's runtime; when it is done, the bridge thread wakes this loop
        # with call_soon_threadsafe (any asyncio loop: no add_reader, so Windows' Proactor loop
        # works) and the result is collected here, on the loop's thread. A cancelled call is
        # abandoned on the runtime at once (see `_await`).
        import asyncio  # here, not at import time: only async users pay for it

        core = self._client()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise RuntimeError("zeitkonto.AsyncClient runs on an asyncio event loop and none is running here "
                               "(trio, curio: use the blocking zeitkonto.Client in a worker thread, e.g. "
                               "trio.to_thread.run_sync)") from None
        span = _telemetry.begin()  # the call's span, when OpenTelemetry records spans
        try:
            trace = span[0] if span else None
            pending, done = _bridge.start(lambda token: core.call_async(call.operation, call.params, token, trace),
                                          loop)
        except _core.CoreError as e:
            _telemetry.finish(span)
            raise self._fail(e) from None
        try:
            return await self._await(call, pending, done)
        finally:
            _telemetry.finish(span)

    async def _await(self, call: "c.Call[T]", pending: "_core.Pending", done: "asyncio.Future[None]") -> T:
        import asyncio

        try:
            if self._logging:
                # Wake every 0.2 s to log the driver's events while the call runs (a limiter wait
                # shows when it starts, not when the call ends).
                while True:
                    try:
                        await asyncio.wait_for(asyncio.shield(done), 0.2)
                        break
                    except asyncio.TimeoutError:
                        self._log()
            else:
                await done
        except asyncio.CancelledError:
            # The caller's task was cancelled (task.cancel(), wait_for's timeout): the call is
            # dropped where it waits on the runtime, so one still waiting for the rate limit or a
            # retry's delay is never sent (a write the caller then makes again is not made twice).
            pending.cancel()
            raise
        try:
            out = pending.take()
        except _core.CoreError as e:
            raise self._fail(e) from None
        return self._finish(call, out)
