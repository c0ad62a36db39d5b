"""Exceptions of Zeitkonto. Every failure is a :class:`ZeitkontoError`; no message contains a key."""

from __future__ import annotations

import builtins
from typing import Any, Dict, Mapping, Optional, Type

__all__ = [
    "ZeitkontoError",
    "InvalidInputError",
    "ApiError",
    "EmployeeNotFoundError",
    "CompanyInactiveError",
    "AuthenticationError",
    "BadValueError",
    "EmailInUseError",
    "MissingModuleError",
    "ForbiddenError",
    "RefusedError",
    "RateLimitedError",
    "UnexpectedStatusError",
    "DecodeError",
    "TransportError",
    "APITimeoutError",
    "ClientClosedError",
]


class ZeitkontoError(Exception):
    """Base class. ``kind`` is the stable, language-neutral name of the error (``"Api"``, ...)."""

    kind: str = "Internal"

    def __init__(self, message: str, **fields: Any) -> None:
        super().__init__(message)
        self.message = message
        for name, value in fields.items():
            setattr(self, name, value)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"


class InvalidInputError(ZeitkontoError, ValueError):
    """The input was refused before anything was sent. ``field`` names the parameter."""

    kind = "InvalidInput"
    field: str
    reason: str


class ApiError(ZeitkontoError):
    """The API answered with a code of its error table (``status``, ``code``)."""

    kind = "Api"
    status: int
    code: int


class EmployeeNotFoundError(ApiError):
    """Code 1: employee not found."""


class CompanyInactiveError(ApiError):
    """Code 2: company inactive."""


class AuthenticationError(ApiError):
    """Code 3: authentication failed (invalid key)."""


class BadValueError(ApiError):
    """Code 4: bad date, or a value could not be resolved (e.g. a future month)."""


class EmailInUseError(ApiError):
    """Code 7: e-mail already in use."""


class MissingModuleError(ApiError):
    """Code 8: missing module or licence (or role)."""


class ForbiddenError(ZeitkontoError):
    """HTTP 403 without a code: authentication or authorization failed."""

    kind = "Forbidden"
    status: int = 403


class RefusedError(ZeitkontoError):
    """The API refused the action: it answered ``false``."""

    kind = "Refused"


class RateLimitedError(ZeitkontoError):
    """HTTP 429. ``retry_after`` is the server's ``Retry-After`` in seconds, if it sent one."""

    kind = "RateLimited"
    status: int = 429
    retry_after: Optional[float]


class UnexpectedStatusError(ZeitkontoError):
    """A status the API does not document for the case (5xx, a 4xx with a text body, ...).
    ``may_have_reached_server`` is true on a 5xx or a 3xx (a server or proxy may apply a POST and
    answer with a redirect): a write may have been applied."""

    kind = "UnexpectedStatus"
    status: int
    excerpt: str
    may_have_reached_server: bool


class DecodeError(ZeitkontoError):
    """A 2xx body that is not what the operation returns (HTML, truncated JSON, ...).
    ``may_have_reached_server`` is true: a 2xx came back, so a write was probably applied."""

    kind = "Decode"
    operation: str
    detail: str
    may_have_reached_server: bool


class TransportError(ZeitkontoError, ConnectionError):
    """The request could not be sent or the connection broke."""

    kind = "Transport"
    detail: str
    may_have_reached_server: bool


class TlsError(TransportError):
    """The TLS handshake failed (kind ``Tls``; a ``TransportError``, so an ``except
    TransportError`` catches it too). ``failure`` says what: ``untrustedIssuer`` (trust your
    private CA: ``Client(ca_bundle=...)``, ``SSL_CERT_FILE`` or ``REQUESTS_CA_BUNDLE``),
    ``hostnameMismatch``, ``expired`` (or not valid yet: check the clock), ``other`` (no trust store,
    no common protocol, ...). Nothing reached the server, and it is never retried."""

    kind = "Tls"
    failure: str


class APITimeoutError(ZeitkontoError, builtins.TimeoutError):
    """The request took longer than the configured timeout (kind ``Timeout``; also an instance of
    the builtin ``TimeoutError``, whose name this does not shadow). ``may_have_reached_server``
    tells whether a write may have been applied (it is then never re-sent)."""

    kind = "Timeout"
    may_have_reached_server: bool


class ClientClosedError(ZeitkontoError, RuntimeError):
    """A call on a client after ``close()`` (kind ``Closed``; also a ``RuntimeError``)."""

    kind = "Closed"


_API_CODES: Dict[int, Type[ApiError]] = {
    1: EmployeeNotFoundError,
    2: CompanyInactiveError,
    3: AuthenticationError,
    4: BadValueError,
    7: EmailInUseError,
    8: MissingModuleError,
}

_KINDS: Dict[str, Type[ZeitkontoError]] = {
    "InvalidInput": InvalidInputError,
    "Api": ApiError,
    "Forbidden": ForbiddenError,
    "Refused": RefusedError,
    "RateLimited": RateLimitedError,
    "UnexpectedStatus": UnexpectedStatusError,
    "Decode": DecodeError,
    "Transport": TransportError,
    "Tls": TlsError,
    "Timeout": APITimeoutError,
}


def _snake(name: str) -> str:
    """``startDay`` → ``start_day`` (the parameter's name as a Python caller wrote it)."""
    return "".join("_" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(name))


def from_core(payload: Any, python_names: bool = False) -> ZeitkontoError:
    """The exception for the core's error form (a dict: ``{"kind": ..., "message": ..., ...}``).
    With ``python_names`` (the clients), ``InvalidInputError.field`` is the snake_case parameter
    the caller passed (``start_day``), not the canonical key (``startDay``) that ``sansio`` takes."""
    if not isinstance(payload, Mapping):
        return ZeitkontoError("internal error in Zeitkonto")
    data: Dict[str, Any] = dict(payload)
    kind = str(data.pop("kind", "Internal"))
    message = str(data.pop("message", kind))
    fields: Dict[str, Any] = {}
    for key, value in data.items():
        if key == "retryAfterMs":
            fields["retry_after"] = None if value is None else value / 1000.0
        elif key == "mayHaveReachedServer":
            fields["may_have_reached_server"] = bool(value)
        elif key == "field" and isinstance(value, str) and python_names:
            # The core names the canonical key (``startDay``); Python callers passed ``start_day``.
            fields["field"] = _snake(value)
        else:
            fields[key] = value
    cls: Type[ZeitkontoError] = _KINDS.get(kind, ZeitkontoError)
    if cls is ApiError:
        cls = _API_CODES.get(int(fields.get("code", -1)), ApiError)
    return cls(message, **fields)
