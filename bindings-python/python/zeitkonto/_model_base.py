"""The machinery of the typed results (``models.py``, generated from the core's declaration). Each
model wraps the core's canonical JSON (camelCase English names, calendar
months 1-12, ISO dates) and converts a field on first access: dates become :class:`datetime.date`,
timestamps :class:`datetime.datetime`. Unknown fields are kept in ``extra``; ``to_dict()`` returns
the canonical JSON. Vaguely specified containers are plain JSON (``Any``: dicts and lists).

The JSON itself stays in Rust (a ``_core.Node`` view) until a field is read, so a large result costs
little until it is used."""

from __future__ import annotations

import copy
from datetime import date, datetime, time, timezone
from typing import Any, Callable, Dict, Generic, List, Optional, Type, TypeVar, overload

from . import _core
from ._core import Node

# Results held in Rust: a JSON `Node` view, or a core model (`<Model>Data`, read field by field).
_IN_RUST = (Node,) + tuple(getattr(_core, n) for n in dir(_core) if n.endswith("Data"))


T = TypeVar("T")
M = TypeVar("M", bound="Model")

_MISSING = object()


class Field(Generic[T]):
    """A model attribute read from the canonical JSON key ``key`` through ``convert``."""

    __slots__ = ("key", "convert", "name")

    def __init__(self, key: str, convert: Callable[[Any], T]) -> None:
        self.key = key
        self.convert = convert
        self.name = key

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: Optional[type] = None) -> "Field[T]": ...

    @overload
    def __get__(self, obj: "Model", owner: Optional[type] = None) -> T: ...

    def __get__(self, obj: Optional["Model"], owner: Optional[type] = None) -> Any:
        if obj is None:
            return self
        cache = obj._cache
        if cache is None:  # made on the first read: a record nobody reads costs no dict
            cache = obj._cache = {}
        cached = cache.get(self.name, _MISSING)
        if cached is _MISSING:
            cached = self.convert(obj._data.get(self.key))
            cache[self.name] = cached
        return cached


def opt(key: str, convert: Callable[[Any], T]) -> Field[Optional[T]]:
    """An optional field: ``None`` when absent or null."""
    return Field(key, lambda raw: None if raw is None else convert(raw))


def many(key: str, convert: Callable[[Any], T]) -> Field[List[T]]:
    """A list field: ``[]`` when absent."""
    return Field(key, lambda raw: [convert(x) for x in raw or ()])


def _iso_date(v: Any) -> date:
    return date.fromisoformat(str(v))


def _plain(v: Any) -> Any:
    """Plain Python objects (dicts, lists, scalars) for a ``Node`` view, a typed ``<Model>Data``
    object of the core, or a value."""
    return v.to_py() if isinstance(v, _IN_RUST) else v


_raw = _plain


def _datetime(v: Any) -> datetime:
    return datetime.strptime(str(v), "%Y-%m-%d %H:%M:%S")


def _time_of_day(v: Any) -> time:
    """A clock time ``hh:mm`` or ``hh:mm:ss`` (a booking's start and end time)."""
    return time.fromisoformat(str(v))


def _model(cls: Type[M]) -> Callable[[Any], M]:
    return cls


def _dict(v: Any) -> Dict[str, Any]:
    """A JSON object as a plain ``dict`` (empty when absent)."""
    return dict(_plain(v) or {})


def _epoch_ms(v: Any) -> Optional[datetime]:
    """Epoch milliseconds as an aware ``datetime`` in UTC (``None`` when absent or outside
    ``datetime``'s range)."""
    if v is None:
        return None
    try:
        return datetime.fromtimestamp(int(v) / 1000.0, tz=timezone.utc)
    except (OverflowError, OSError, ValueError, TypeError):
        return None


class Model:
    """Base of every result: attribute access, ``to_dict()``, ``extra``, a key-free ``repr``."""

    __slots__ = ("_data", "_cache")
    _fields: List[str] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._fields = [n for n, v in vars(cls).items() if isinstance(v, Field)]

    def __init__(self, data: Any) -> None:
        # A mapping, a `_core.Node` view or a core model `_core.<Model>Data` (the same `get`).
        self._data: Any = data
        self._cache: Optional[Dict[str, Any]] = None

    @property
    def extra(self) -> Dict[str, Any]:
        """Fields the API sent that this version of Zeitkonto does not know, unchanged."""
        return dict(_plain(self._data.get("extra")) or {})

    def to_dict(self) -> Dict[str, Any]:
        """The canonical JSON form (camelCase names, calendar months, ISO dates), a copy."""
        data = self._data
        plain = _plain(data)
        return dict(plain) if plain is not data else copy.deepcopy(dict(data))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Model) and other.to_dict() == self.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> Any:
        # Pickles as its canonical JSON (plain dicts and lists), for caches and multiprocessing.
        return (type(self), (self.to_dict(),))

    def __copy__(self: M) -> M:
        return type(self)(self._data)  # the data is read-only: a copy may share it

    def __deepcopy__(self: M, memo: Dict[int, Any]) -> M:
        return type(self)(self.to_dict())

    def __repr__(self) -> str:
        shown = [f"{n}={getattr(self, n)!r}" for n in self._fields[:4]]
        more = ", ..." if len(self._fields) > 4 else ""
        return f"{type(self).__name__}({', '.join(shown)}{more})"
