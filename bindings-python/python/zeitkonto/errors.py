"""Exceptions of Zeitkonto. Every failure is a :class:`ZeitkontoError`; no message contains a key.

The classes are generated from the core's declaration of errors (``_errors.py``); this module adds
how the core's error form becomes one of them."""

from __future__ import annotations

from typing import Any, Dict, Mapping, Type

from ._errors import *  # noqa: F401,F403 - every error class
from ._errors import __all__ as __all__
from ._errors import _API_CODE_NAMES, _API_CODES, _KINDS, ApiError, InvalidInputError, ZeitkontoError


def _invalid(field: str, reason: str) -> InvalidInputError:
    """The ``InvalidInputError`` the package raises for a value it refuses itself, in the core's
    words (``invalid input `field`: reason``)."""
    return InvalidInputError(f"invalid input `{field}`: {reason}", field=field, reason=reason)


def _snake(name: str) -> str:
    """``startDay`` → ``start_day``, ``retry.baseDelay`` → ``retry.base_delay`` (the name as a
    Python caller wrote it); a name without lower-case letters (``REQUESTS_CA_BUNDLE``) stays."""
    if not any(c.islower() for c in name):
        return name
    return ".".join("".join("_" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(part))
                    for part in name.split("."))


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
        if key.endswith("Ms"):
            # A duration: milliseconds in the core's form, seconds in Python (``retry_after``).
            fields[_snake(key[:-2])] = None if value is None else value / 1000.0
        elif key == "field" and isinstance(value, str) and python_names:
            # The core names the canonical key (``startDay``, ``retry.baseDelay``); Python callers
            # passed ``start_day``, ``retry.base_delay``.
            fields["field"] = _snake(value)
            message = message.replace(f"`{value}`", f"`{fields['field']}`")
        else:
            fields[_snake(key)] = value
    cls: Type[ZeitkontoError] = _KINDS.get(kind, ZeitkontoError)
    if cls is ApiError:
        code = fields.get("code")
        number = code if isinstance(code, int) else -1
        cls = _API_CODES.get(number, ApiError)
        fields["api_code"] = _API_CODE_NAMES.get(number, "unknown")
    return cls(message, **fields)
