"""The machinery of the typed results (``models.py``, generated from the core's declaration).

A model wraps either the core's own result (a ``_core.<Model>Data`` object, what the clients and
``sansio.parse_response`` return: it stays in Rust, and each field's getter hands over a Python
object — ``datetime.date``, ``int``, ``str``, lists — when it is first read) or the canonical JSON
(a mapping: a model made by hand, unpickled or deep-copied), whose fields are converted on first
access: dates become :class:`datetime.date`, timestamps :class:`datetime.datetime`. Unknown fields
are kept in ``extra``; ``to_dict()`` returns the canonical JSON. Vaguely specified containers are
plain JSON (``Any``: dicts and lists)."""

from __future__ import annotations

import copy
from datetime import date, datetime, time, timezone
from typing import Any, Callable, Dict, Generic, List, Optional, Type, TypeVar, overload

from . import _core

# The core's results held in Rust (`<Model>Data`, read field by field through getters).
_RUST = frozenset(getattr(_core, n) for n in dir(_core) if n.endswith("Data"))


T = TypeVar("T")
M = TypeVar("M", bound="Model")

_MISSING = object()


class Field(Generic[T]):
    """A model attribute: from the core's result, its getter (the attribute's name) through
    ``native`` (``None``: the value as it is); from the canonical JSON, the key ``key`` through
    ``convert``."""

    __slots__ = ("key", "convert", "native", "name")

    def __init__(self, key: str, convert: Callable[[Any], T], native: Optional[Callable[[Any], T]] = None) -> None:
        self.key = key
        self.convert = convert
        self.native = native
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
            if obj._rust:
                cached = getattr(obj._data, self.name)
                if self.native is not None:
                    cached = self.native(cached)
            else:
                cached = self.convert(obj._data.get(self.key))
            cache[self.name] = cached
        return cached


def opt(key: str, convert: Callable[[Any], T], native: Optional[Callable[[Any], Any]] = None) -> Field[Optional[T]]:
    """An optional field: ``None`` when absent or null."""
    return Field(key, lambda raw: None if raw is None else convert(raw),
                 None if native is None else (lambda v: None if v is None else native(v)))


def many(key: str, convert: Callable[[Any], T], native: Optional[Callable[[Any], Any]] = None) -> Field[List[T]]:
    """A list field: ``[]`` when absent."""
    return Field(key, lambda raw: [convert(x) for x in raw or ()],
                 None if native is None else (lambda v: [native(x) for x in v]))


def _iso_date(v: Any) -> date:
    return date.fromisoformat(str(v))


def _plain(v: Any) -> Any:
    """Plain Python objects (dicts, lists, scalars) for a typed ``<Model>Data`` object of the core,
    or the value itself."""
    return v.to_py() if type(v) in _RUST else v


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

    __slots__ = ("_data", "_cache", "_rust")
    _fields: List[str] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._fields = [n for n, v in vars(cls).items() if isinstance(v, Field)]

    def __init__(self, data: Any) -> None:
        # The core's result (`_core.<Model>Data`, read through getters) or a canonical JSON mapping.
        self._data: Any = data
        self._cache: Optional[Dict[str, Any]] = None
        self._rust = type(data) in _RUST

    @property
    def extra(self) -> Dict[str, Any]:
        """Fields the API sent that this version of Zeitkonto does not know, unchanged."""
        if self._rust:
            return dict(getattr(self._data, "extra", None) or {})
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
