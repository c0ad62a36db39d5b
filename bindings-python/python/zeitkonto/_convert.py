"""Helpers of the generated operations (``_operations.py``): one call, ready to run. Its values go
to the Rust side as Python objects (``datetime.date``, ``datetime.time``, lists, dicts), read there
into the core's parameters; everything (months, numbers, required fields) is checked by the core,
so ``Client`` and ``sansio`` refuse the same values."""

from __future__ import annotations

from typing import Any, Callable, Dict, Generic, Iterable, List, Mapping, TypeVar

from ._model_base import _plain

T = TypeVar("T")


class Call(Generic[T]):
    """One operation call: its name, canonical params (``None`` = absent) and result converter."""

    __slots__ = ("operation", "params", "convert")

    def __init__(self, operation: str, params: Mapping[str, Any], convert: Callable[[Any], T]) -> None:
        self.operation = operation
        self.params = {k: v for k, v in params.items() if v is not None}
        self.convert = convert

    def __repr__(self) -> str:
        # The operation only: a param may be a key, and error reporters print the locals of a
        # traceback's frames (the operation methods delete their arguments for the same reason).
        return f"Call({self.operation!r})"


class Hidden:
    """A value kept out of sight: ``repr`` is ``***`` (for keys held while a refusal may be raised)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return "***"


def texts(v: Any) -> Any:
    """A list of texts as a ``list``: one ``str`` is one text (not its characters), any other
    iterable its items; anything else as it is (the core refuses it, naming the parameter)."""
    return [v] if isinstance(v, str) else list(v) if isinstance(v, Iterable) and not isinstance(v, Mapping) else v


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
