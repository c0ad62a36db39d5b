"""Whole-company jobs, planned against the 60-a-minute limit: ``client.jobs.month_close(...)``,
``client.jobs.presence_board(...)``, ``client.jobs.leave_year_report(...)`` and
``client.jobs.project_hours(...)``.

The planners are the core's (``zeitkonto_core::jobs``, one for every language): they choose the
fewest calls, and the calls go through the client's one driver (limiter, retries). A job is an
iterator of events; after every call :class:`Progress` (``done``, ``total``, ``eta`` in seconds at
the rate limit), then the call's rows.

The month close (every active employee's monthly account for a month): one department summary per
department when department ids are given, one account per employee otherwise, per-employee calls
for whoever a summary missed. Its events:

- :class:`AccountRow` per employee: the same ``MonthlyAccount`` the single call returns, with the
  employee's e-mail and the call that produced it (``source``);
- :class:`EmployeeFailure` when one employee's account failed (the job goes on);
- :class:`DepartmentFallback` when a department's summary could not be used.

The sweeps:

- the presence board (:meth:`Jobs.presence_board`): one company-wide ``presence`` call; when its
  answer cannot be used (a decode error, a 5xx after the retries), :class:`Fallback` and the
  employee list with one ``presence`` per employee. One :class:`PresenceRow` per entry;
- the leave-year report (:meth:`Jobs.leave_year_report`): one ``leave_year`` call, one
  :class:`LeaveRow` per employee's overview;
- project hours (:meth:`Jobs.project_hours`): the project list (also when project ids are given: it checks them),
  then ``project_bookings`` for every top-level project in pieces of at most 31 days; one
  :class:`BookingRow` per booking.

A sweep's call that fails is listed (:class:`CallFailure`) and the job goes on. Every job stops with
the error on what makes going on pointless (the key refused, the company inactive, a missing
module, the list it plans from). With ``checkpoint=PATH`` its state is saved after every call
(atomically); run again with the same checkpoint, it makes only the calls it had not finished.

>>> with Client("my-company-key") as client:                        # doctest: +SKIP
...     job = client.jobs.month_close(2026, 3, departments=["sales", "ops"], checkpoint="march.ckpt")
...     print(job.plan)
...     for event in job:
...         if isinstance(event, AccountRow):
...             print(event.employee, event.account.balance)
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
from dataclasses import dataclass
from typing import (Any, AsyncIterator, Callable, Generic, Iterable, Iterator, List, Optional,
                    Sequence, Tuple, TypeVar, Union)

from . import _bridge, _core, _telemetry
from ._job_events import (AccountRow, BookingRow, CallFailure, DepartmentFallback, EmployeeFailure, Event, Fallback,
                          LeaveRow, MonthCloseEvent, PresenceRow, Progress, SweepEvent, _event)
from .errors import InvalidInputError, ZeitkontoError, from_core

__all__ = ["Jobs", "AsyncJobs", "MonthCloseJob", "AsyncMonthCloseJob", "SweepJob", "AsyncSweepJob", "Plan",
           "Progress", "AccountRow", "EmployeeFailure", "DepartmentFallback", "PresenceRow", "LeaveRow",
           "BookingRow", "CallFailure", "Fallback", "Event", "MonthCloseEvent", "SweepEvent"]

#: A checkpoint file's path.
_Path = Union[str, "os.PathLike[str]"]
#: A day: a ``datetime.date`` or ``"YYYY-MM-DD"``.
_Day = Union[_dt.date, str]


@dataclass(frozen=True)
class Plan:
    """The plan, stated before running: ``path`` ("departments" or "employees" for the month
    close; "company", "employees" or "projects" for the sweeps), the ``calls`` it expects (a job
    that plans from a list knows them once the list is fetched) and the time the rate limit makes
    them take (``eta``, seconds)."""

    path: str
    calls: int
    eta: float


E = TypeVar("E")  # the job's events
F = TypeVar("F")  # the job's fallbacks


def _invalid(field: str, reason: str) -> InvalidInputError:
    return InvalidInputError(f"invalid input `{field}`: {reason}", field=field, reason=reason)


def _whole(field: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _invalid(field, f"expected a whole number, got {type(value).__name__}")
    return value


def _year(value: Any, lowest: int) -> int:
    """A year the planner can take (the planner checks its range; one beyond any integer type
    is refused here, with the planner's words)."""
    if not -(2 ** 31) <= _whole("year", value) < 2 ** 31:
        raise _invalid("year", f"{value} is not a year from {lowest} to 9999")
    return int(value)


def _limit(value: Any) -> int:
    if not 0 <= _whole("limit_per_minute", value) < 2 ** 32:
        raise _invalid("limit_per_minute", "must be 0 (no limit) or more, and less than 2**32")
    return int(value)


def _ids(field: str, value: Any, what: str) -> List[str]:
    """A list of ids (any iterable of strings but a string itself), taken once."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise _invalid(field, f"expected a list of {what} ids (strings)")
    ids = list(value)
    if not all(isinstance(i, str) for i in ids):
        raise _invalid(field, f"expected a list of {what} ids (strings)")
    return ids


def _day(field: str, value: Optional[_Day]) -> Optional[str]:
    """A day as the planner takes it ("YYYY-MM-DD"; the planner checks the text)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, _dt.datetime):
        raise _invalid(field, "expected a datetime.date or 'YYYY-MM-DD', got a datetime")
    if isinstance(value, _dt.date):
        return value.isoformat()
    raise _invalid(field, f"expected a datetime.date or 'YYYY-MM-DD', got {type(value).__name__}")


def _read_checkpoint(path: Optional[_Path]) -> Optional[str]:
    """The checkpoint file's text (None: no file yet); the client reads it (``_core``)."""
    if path is None:
        return None
    if not isinstance(path, (str, os.PathLike)):
        raise _invalid("checkpoint", f"expected a file path, got {type(path).__name__}")
    return _core.read_checkpoint(path)


class _JobBase(Generic[E, F]):
    """A job of the Rust client (``_core.Job``: the one driver over the core's planners, as in
    Rust, Kotlin and Swift) and its checkpoint file. Every job has the same loop (``_Job``,
    ``_AsyncJob``); nothing here knows a job's calls."""

    #: The fallbacks' class: ``DepartmentFallback`` (month close) or ``Fallback`` (sweeps).
    _fallback: Callable[[str, str], F]

    def __init__(self, client: Any, make: Callable[[Any, Optional[str], int], "_core.Job"],
                 checkpoint: Optional[_Path], limit_per_minute: int) -> None:
        """``make(core_client, checkpoint_text, limit)`` starts the job (resumed when the text is
        not None)."""
        limit = _limit(limit_per_minute)
        self._client, self._path = client, checkpoint
        self._saved = ""  # the checkpoint last written (none yet: the first save always writes)
        try:
            self._job = make(client._client(), _read_checkpoint(checkpoint), limit)
        except _core.CoreError as e:
            raise from_core(e.args[0], python_names=True) from None
        # Created at once, so that an unwritable path fails before the first call.
        self._save()

    def _save(self) -> None:
        """Takes the checkpoint (the calls whose events the consumer handled) and writes it to the
        file, if there is one."""
        text = self._job.checkpoint()
        if text == self._saved:
            return  # the call in hand is not finished yet: the file holds this already
        self._saved = text
        if self._path is not None:
            try:  # atomically, by the client: a kill leaves the old checkpoint or the new one
                _core.write_checkpoint(self._path, self._saved)
            except _core.CoreError as e:
                raise from_core(e.args[0], python_names=True) from None

    def _stopped(self, e: "_core.CoreError") -> ZeitkontoError:
        """The job stopped: its checkpoint is saved (a resumed job makes the stopping call again)."""
        self._save()
        return from_core(e.args[0], python_names=True)

    def _log(self) -> None:
        if getattr(self._client, "_logging", False):
            self._client._log()

    @contextlib.contextmanager
    def _step(self, span: Any) -> Iterator[Optional["_core.Trace"]]:
        """Around one step of the job (``next``): first the checkpoint is saved (the consumer asks
        for more, so the call whose events it handled is finished: a job stopped in between — a
        break, an exception, a kill — makes that one call again on resume rather than losing its
        rows: at least once, never lost); then the step runs in the job's span, its call's span
        collected by the ``Trace`` given; a stop saves the checkpoint and raises the error."""
        self._job.settle()
        self._save()
        with span.call():
            begun = _telemetry.begin()
            try:
                yield begun[0] if begun else None
            except _core.CoreError as e:
                raise self._stopped(e) from None
            finally:
                _telemetry.finish(begun)
                self._log()

    @property
    def plan(self) -> Plan:
        """The plan from here (before the first call: the whole job)."""
        path, calls, eta_ms = self._job.plan()
        return Plan(path, calls, eta_ms / 1000)

    @property
    def checkpoint(self) -> str:
        """The job's state as JSON text: after the calls whose events the consumer handled (it
        asked for more after them); a job resumed from it makes the call in hand again (at least
        once, never lost), as the checkpoint file does."""
        return self._saved

    @property
    def progress(self) -> Progress:
        """Calls done (also before a resume) and the total as far as known, and the time the
        rest takes."""
        done, total, eta_ms = self._job.progress()
        return Progress(done, total, eta_ms / 1000)

    @property
    def note(self) -> Optional[str]:
        """A note of the caller's kept in the checkpoint (the CLI keeps its output's length)."""
        return self._job.note()

    @note.setter
    def note(self, value: Optional[str]) -> None:
        if value is not None and not isinstance(value, str):
            raise _invalid("note", f"expected a string or None, got {type(value).__name__}")
        self._job.set_note(value)

    @property
    def fallbacks(self) -> List[F]:
        """The fallbacks so far: departments whose summaries could not be used (month close), or
        the presence board's company-wide call (sweeps)."""
        return [self._fallback(k, r) for k, r in self._job.fallbacks()]

    @property
    def failures(self) -> List[Tuple[str, str]]:
        """What failed so far, with why (a resumed job makes the failed calls again; only a project id the list does not have stays listed): employees' e-mails (month
        close) or calls' keys (sweeps)."""
        return list(self._job.failures())


class _Job(_JobBase[E, F]):
    """A job over a ``Client``: an iterator of events."""

    def __iter__(self) -> Iterator[Union[Progress, E]]:
        # With OpenTelemetry recording, the job is a span, the parent of its calls' spans.
        with _telemetry.job(self._job.name) as span:
            while True:
                with self._step(span) as trace:
                    event = self._job.next(trace)
                if event is None:
                    return
                yield _event(event)


class _AsyncJob(_JobBase[E, F]):
    """A job over an ``AsyncClient``: an async iterator of events."""

    async def __aiter__(self) -> AsyncIterator[Union[Progress, E]]:
        import asyncio

        job, loop = self._job, asyncio.get_running_loop()
        with _telemetry.job(job.name) as span:  # as in _Job.__iter__
            while True:
                with self._step(span) as trace:
                    pending, done = _bridge.start(lambda token: job.next_async(token, trace), loop)
                    await done
                    event = pending.take()
                if event is None:
                    return
                yield _event(event)


class MonthCloseJob(_Job[MonthCloseEvent, DepartmentFallback]):
    """The month close as an iterator of events (see the module docs). ``plan`` is known before
    the first call; ``checkpoint`` is the state as JSON text at any time."""

    _fallback = DepartmentFallback


class AsyncMonthCloseJob(_AsyncJob[MonthCloseEvent, DepartmentFallback]):
    """The month close for ``AsyncClient``: an async iterator of the same events."""

    _fallback = DepartmentFallback


class SweepJob(_Job[SweepEvent, Fallback]):
    """The presence board, the leave-year report or project hours as an iterator of events (see
    the module docs). ``plan`` is known before the first call (for project hours without project
    ids: the list call, until the list is known); ``checkpoint`` is the state as JSON text."""

    _fallback = Fallback


class AsyncSweepJob(_AsyncJob[SweepEvent, Fallback]):
    """A sweep for ``AsyncClient``: an async iterator of the same events."""

    _fallback = Fallback


def _month_close(year: int, month: int, departments: Sequence[str]) -> Callable[[Any, Optional[str], int], Any]:
    _year(year, 1)
    if not -(2 ** 63) <= _whole("month", month) < 2 ** 63:
        raise _invalid("month", f"{month} is not a calendar month (1-12; January is 1)")
    deps = _ids("departments", departments, "department")
    return lambda core, text, limit: _core.month_close(core, year, month, deps, text, limit)


def _sweep(kind: str, **spec: Any) -> Callable[[Any, Optional[str], int], Any]:
    return lambda core, text, limit: _core.sweep(core, kind, checkpoint=text, limit_per_minute=limit, **spec)


def _project_hours(email: str, start: _Day, end: _Day,
                   projects: Optional[Iterable[str]]) -> Callable[[Any, Optional[str], int], Any]:
    if not isinstance(email, str):
        raise _invalid("email", f"expected the project manager's e-mail (a string), got {type(email).__name__}")
    ids = [] if projects is None else _ids("projects", projects, "project")
    return _sweep("project_hours", email=email, start=_day("start", start), end=_day("end", end), projects=ids)


class Jobs:
    """``client.jobs``: whole-company jobs over one client.

    ``client`` is the ``Client`` it was reached from; it is typed ``Any`` so that this module does
    not import the client's (which imports this one)."""

    def __init__(self, client: Any) -> None:
        self._client = client

    def month_close(self, year: int, month: int, *, departments: Sequence[str] = (),
                    checkpoint: Optional[_Path] = None, limit_per_minute: int = 60) -> MonthCloseJob:
        """Every active employee's monthly account for ``year`` and calendar ``month`` (1-12):
        one summary call per department of ``departments`` (ids), one call per employee
        otherwise. ``checkpoint``: a file to save the state to after every call and to resume
        from. ``limit_per_minute``: what the time estimates assume."""
        return MonthCloseJob(self._client, _month_close(year, month, departments), checkpoint, limit_per_minute)

    def presence_board(self, day: Optional[_Day] = None, *, checkpoint: Optional[_Path] = None,
                       limit_per_minute: int = 60) -> SweepJob:
        """Every time-tracked employee's presence on ``day`` (a ``datetime.date`` or
        ``"YYYY-MM-DD"``; None: the server's today) in one call; when that answer cannot be used, a
        :class:`Fallback`, the employee list and one call per employee. One :class:`PresenceRow`
        per entry. ``checkpoint`` and ``limit_per_minute`` as for :meth:`month_close`."""
        return SweepJob(self._client, _sweep("presence_board", day=_day("day", day)), checkpoint, limit_per_minute)

    def leave_year_report(self, year: int, *, checkpoint: Optional[_Path] = None,
                          limit_per_minute: int = 60) -> SweepJob:
        """Every leave-managed employee's overview of ``year`` (one call): one :class:`LeaveRow`
        per employee, with the legend of leave types. Its failure is listed (no other call gives
        the same answer). ``checkpoint`` and ``limit_per_minute`` as for :meth:`month_close`."""
        return SweepJob(self._client, _sweep("leave_year_report", year=_year(year, 1)), checkpoint, limit_per_minute)

    def project_hours(self, email: str, start: _Day, end: _Day, projects: Optional[Iterable[str]] = None, *,
                      checkpoint: Optional[_Path] = None, limit_per_minute: int = 60) -> SweepJob:
        """The bookings from ``start`` to ``end`` (both included; ``datetime.date`` or
        ``"YYYY-MM-DD"``; any length: pieces of at most 31 days are asked) of ``projects`` (ids;
        None: every top-level project of the company's list, whose bookings include their
        sub-projects'), asked as the project manager ``email``. One :class:`BookingRow` per
        booking; a piece that fails is listed and the others go on. ``checkpoint`` and
        ``limit_per_minute`` as for :meth:`month_close`."""
        return SweepJob(self._client, _project_hours(email, start, end, projects), checkpoint, limit_per_minute)


class AsyncJobs:
    """``async_client.jobs``: the same jobs as async iterators."""

    def __init__(self, client: Any) -> None:
        self._client = client

    def month_close(self, year: int, month: int, *, departments: Sequence[str] = (),
                    checkpoint: Optional[_Path] = None, limit_per_minute: int = 60) -> AsyncMonthCloseJob:
        """See :meth:`Jobs.month_close`."""
        return AsyncMonthCloseJob(self._client, _month_close(year, month, departments), checkpoint,
                                  limit_per_minute)

    def presence_board(self, day: Optional[_Day] = None, *, checkpoint: Optional[_Path] = None,
                       limit_per_minute: int = 60) -> AsyncSweepJob:
        """See :meth:`Jobs.presence_board`."""
        return AsyncSweepJob(self._client, _sweep("presence_board", day=_day("day", day)), checkpoint,
                             limit_per_minute)

    def leave_year_report(self, year: int, *, checkpoint: Optional[_Path] = None,
                          limit_per_minute: int = 60) -> AsyncSweepJob:
        """See :meth:`Jobs.leave_year_report`."""
        return AsyncSweepJob(self._client, _sweep("leave_year_report", year=_year(year, 1)), checkpoint,
                             limit_per_minute)

    def project_hours(self, email: str, start: _Day, end: _Day, projects: Optional[Iterable[str]] = None, *,
                      checkpoint: Optional[_Path] = None, limit_per_minute: int = 60) -> AsyncSweepJob:
        """See :meth:`Jobs.project_hours`."""
        return AsyncSweepJob(self._client, _project_hours(email, start, end, projects), checkpoint,
                             limit_per_minute)
