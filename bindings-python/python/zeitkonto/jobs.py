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
import json
import os
from dataclasses import dataclass
from typing import (Any, AsyncIterator, Callable, Generic, Iterable, Iterator, List, Mapping, Optional,
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


def _argument(field: str, value: Any) -> Any:
    """A job's argument as the core reads it (``zeitkonto_core::jobs::JobSpec``, which checks the
    types and ranges for every language): a date as ``"YYYY-MM-DD"``, any iterable of ids as a
    list; a float or a datetime is refused here (no job takes one; JSON would blur them)."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, _dt.datetime):
        raise _invalid(field, "expected a datetime.date or 'YYYY-MM-DD', got a datetime")
    if isinstance(value, _dt.date):
        return value.isoformat()
    if not isinstance(value, (bytes, float, Mapping)) and hasattr(value, "__iter__"):
        return [v if isinstance(v, str) else None for v in value]  # the core refuses a None id
    raise _invalid(field, f"expected a whole number, a string, a datetime.date or a list of ids, got {type(value).__name__}")


def _spec(kind: str, **arguments: Any) -> Callable[[Any, Optional[str]], Any]:
    """Starts the job ``kind`` with its ``arguments`` (Python names) over a core client, from a
    checkpoint's text when given; the core checks the arguments and names the one that is wrong."""
    spec = {"".join(w.capitalize() if i else w for i, w in enumerate(k.split("_"))): _argument(k, v)
            for k, v in arguments.items()}
    text = json.dumps(spec)
    return lambda core, checkpoint: _core.job(core, kind, text, checkpoint)


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

    def __init__(self, client: Any, make: Callable[[Any, Optional[str]], "_core.Job"],
                 checkpoint: Optional[_Path]) -> None:
        """``make(core_client, checkpoint_text)`` starts the job (resumed when the text is not
        None)."""
        self._client, self._path = client, checkpoint
        self._saved = ""  # the checkpoint last written (none yet: the first save always writes)
        try:
            self._job = make(client._client(), _read_checkpoint(checkpoint))
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
        start = _spec("month_close", year=year, month=month, departments=departments, limit_per_minute=limit_per_minute)
        return MonthCloseJob(self._client, start, checkpoint)

    def presence_board(self, day: Optional[_Day] = None, *, checkpoint: Optional[_Path] = None,
                       limit_per_minute: int = 60) -> SweepJob:
        """Every time-tracked employee's presence on ``day`` (a ``datetime.date`` or
        ``"YYYY-MM-DD"``; None: the server's today) in one call; when that answer cannot be used, a
        :class:`Fallback`, the employee list and one call per employee. One :class:`PresenceRow`
        per entry. ``checkpoint`` and ``limit_per_minute`` as for :meth:`month_close`."""
        start = _spec("presence_board", day=day, limit_per_minute=limit_per_minute)
        return SweepJob(self._client, start, checkpoint)

    def leave_year_report(self, year: int, *, checkpoint: Optional[_Path] = None,
                          limit_per_minute: int = 60) -> SweepJob:
        """Every leave-managed employee's overview of ``year`` (one call): one :class:`LeaveRow`
        per employee, with the legend of leave types. Its failure is listed (no other call gives
        the same answer). ``checkpoint`` and ``limit_per_minute`` as for :meth:`month_close`."""
        start = _spec("leave_year_report", year=year, limit_per_minute=limit_per_minute)
        return SweepJob(self._client, start, checkpoint)

    def project_hours(self, email: str, start: _Day, end: _Day, projects: Optional[Iterable[str]] = None, *,
                      checkpoint: Optional[_Path] = None, limit_per_minute: int = 60) -> SweepJob:
        """The bookings from ``start`` to ``end`` (both included; ``datetime.date`` or
        ``"YYYY-MM-DD"``; any length: pieces of at most 31 days are asked) of ``projects`` (ids;
        None: every top-level project of the company's list, whose bookings include their
        sub-projects'), asked as the project manager ``email``. One :class:`BookingRow` per
        booking; a piece that fails is listed and the others go on. ``checkpoint`` and
        ``limit_per_minute`` as for :meth:`month_close`."""
        return SweepJob(self._client, _spec("project_hours", email=email, start=start, end=end, projects=projects,
                                             limit_per_minute=limit_per_minute), checkpoint)


class AsyncJobs:
    """``async_client.jobs``: the same jobs as async iterators."""

    def __init__(self, client: Any) -> None:
        self._client = client

    def month_close(self, year: int, month: int, *, departments: Sequence[str] = (),
                    checkpoint: Optional[_Path] = None, limit_per_minute: int = 60) -> AsyncMonthCloseJob:
        """See :meth:`Jobs.month_close`."""
        return AsyncMonthCloseJob(self._client, _spec("month_close", year=year, month=month, departments=departments,
                                                      limit_per_minute=limit_per_minute), checkpoint)

    def presence_board(self, day: Optional[_Day] = None, *, checkpoint: Optional[_Path] = None,
                       limit_per_minute: int = 60) -> AsyncSweepJob:
        """See :meth:`Jobs.presence_board`."""
        return AsyncSweepJob(self._client, _spec("presence_board", day=day, limit_per_minute=limit_per_minute),
                             checkpoint)

    def leave_year_report(self, year: int, *, checkpoint: Optional[_Path] = None,
                          limit_per_minute: int = 60) -> AsyncSweepJob:
        """See :meth:`Jobs.leave_year_report`."""
        return AsyncSweepJob(self._client, _spec("leave_year_report", year=year, limit_per_minute=limit_per_minute),
                             checkpoint)

    def project_hours(self, email: str, start: _Day, end: _Day, projects: Optional[Iterable[str]] = None, *,
                      checkpoint: Optional[_Path] = None, limit_per_minute: int = 60) -> AsyncSweepJob:
        """See :meth:`Jobs.project_hours`."""
        return AsyncSweepJob(self._client, _spec("project_hours", email=email, start=start, end=end,
                                                 projects=projects, limit_per_minute=limit_per_minute), checkpoint)
