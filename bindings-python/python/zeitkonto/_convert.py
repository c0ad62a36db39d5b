"""Helpers of the generated operations (``_operations.py``): one call, ready to run, and the few
conversions a Python value needs before the core takes it. Everything else (months, numbers,
required fields) is checked by the core, so ``Client`` and ``sansio`` refuse the same values."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any, Callable, Dict, Generic, List, Mapping, Optional, Sequence, TypeVar

from ._model_base import _plain

T = TypeVar("T")


class Call(Generic[T]):
    """One operation call: its name, canonical params (``None`` = absent) and result converter."""

    __slots__ = ("operation", "params", "convert")

    def __init__(self, operation: str, params: Mapping[str, Any], convert: Callable[[Any], T]) -> None:
        self.operation = operation
        self.params = {k: v for k, v in params.items() if v is not None}
        self.convert = convert


def day(v: Any) -> Any:
    """A ``date`` as ``YYYY-MM-DD``; a ``datetime`` counts as its own date (``.date()``, in its own
    time zone). Anything else goes to the core unchanged, which refuses what is not a day."""
    if isinstance(v, datetime):
        return v.date().isoformat()
    if isinstance(v, date):
        return v.isoformat()
    return v


def clock(v: Any) -> Any:
    """A ``datetime.time`` as ``hh:mm`` (``hh:mm:ss`` when it has seconds, which the core refuses:
    the API takes whole minutes); a ``hh:mm`` string unchanged. Anything else goes to the core,
    which refuses what is not a clock time."""
    if isinstance(v, time):
        if v.microsecond:
            return v.isoformat()  # the core refuses it, naming the parameter
        return v.isoformat(timespec="minutes" if v.second == 0 else "seconds")
    return v


def texts(v: Optional[Sequence[str]]) -> Optional[List[str]]:
    """A sequence of texts as a list (a lone ``str`` is one text, not its characters)."""
    if v is None:
        return None
    if isinstance(v, str):
        return [v]
    return list(v)


def obj(v: Any) -> Any:
    """A mapping as a plain ``dict``."""
    return dict(v) if isinstance(v, Mapping) else v


def none(_: Any) -> None:
    """The result of operations that return nothing."""
    return None


raw = _plain


def list_of(cls: Callable[[Any], T]) -> Callable[[Any], List[T]]:
    """A converter of a JSON array into a list of ``cls``."""
    return lambda out: [cls(x) for x in out or ()]


def dict_of(cls: Callable[[Any], T]) -> Callable[[Any], Dict[str, T]]:
    """A converter of a JSON object into a dict of ``cls``."""
    return lambda out: {k: cls(v) for k, v in (out or {}).items()}
