"""Whole-company jobs, planned against the 60-a-minute limit: ``client.jobs.month_close(...)``.

The planner is the core's (``zeitkonto_core::jobs``, one for every language): it chooses the
fewest calls (one department summary per department when department ids are given, one account
per employee otherwise, per-employee calls for whoever a summary missed), and the calls go through
the client's one driver (limiter, retries). A job is an iterator of events:

- :class:`Progress` after every call (``done``, ``total``, ``eta`` in seconds at the rate limit);
- :class:`AccountRow` per employee: the same ``MonthlyAccount`` the single call returns, with the
  employee's e-mail and the call that produced it (``source``);
- :class:`EmployeeFailure` when one employee's account failed (the job goes on);
- :class:`DepartmentFallback` when a department's summary could not be used.

It stops with the error on what makes going on pointless (the key refused, the company inactive, a
missing module). With ``checkpoint=PATH`` its state is saved after every call (atomically); run
again with the same checkpoint, it makes only the calls it had not finished.

>>> with Client("my-company-key") as client:                        # doctest: +SKIP
...     job = client.jobs.month_close(2026, 3, departments=["sales", "ops"], checkpoint="march.ckpt")
...     print(job.plan)
...     for event in job:
...         if isinstance(event, AccountRow):
...             print(event.employee, event.account.balance)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, AsyncIterator, Iterator, List, Optional, Sequence, Tuple, Union

from . import _core
from .errors import ApiError, InvalidInputError, ZeitkontoError, from_core
from .models import MonthlyAccount

if TYPE_CHECKING:
    from .client import AsyncClient, Client

__all__ = ["Jobs", "AsyncJobs", "MonthCloseJob", "AsyncMonthCloseJob", "Plan", "Progress", "AccountRow",
           "EmployeeFailure", "DepartmentFallback", "Event"]


@dataclass(frozen=True)
class Plan:
    """The plan, stated before running: ``path`` ("departments" or "employees"), the ``calls``
    it expects (the per-employee path knows them once the list is fetched) and the time the rate
    limit makes them take (``eta``, seconds)."""

    path: str
    calls: int
    eta: float


@dataclass(frozen=True)
class Progress:
    """Calls ``done`` of ``total`` (as far as known), and the time the rest takes (seconds)."""

    done: int
    total: int
    eta: float


@dataclass(frozen=True)
class AccountRow:
    """One employee's monthly account. ``employee`` is the e-mail (empty for someone a department
    summary lists who is not in the active employee list, e.g. left during the month); ``source``
    the call that produced it: ``"department_month_employees:<id>"`` or ``"time_account"``."""

    employee: str
    account: MonthlyAccount
    source: str


@dataclass(frozen=True)
class EmployeeFailure:
    """One employee's account could not be read; the job went on."""

    employee: str
    error: ZeitkontoError


@dataclass(frozen=True)
class DepartmentFallback:
    """A department's summary could not be used: its employees got calls of their own."""

    department: str
    reason: str


Event = Union[Progress, AccountRow, EmployeeFailure, DepartmentFallback]


def _invalid(field: str, reason: str) -> InvalidInputError:
    return InvalidInputError(f"invalid input `{field}`: {reason}", field=field, reason=reason)


def _read_checkpoint(path: Optional[Union[str, "os.PathLike[str]"]]) -> Optional[str]:
    if path is None:
        return None
    if not isinstance(path, (str, os.PathLike)):
        raise _invalid("checkpoint", f"expected a file path, got {type(path).__name__}")
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise InvalidInputError(f"invalid input `checkpoint`: cannot read it: {e.strerror}", field="checkpoint",
                                reason=f"cannot read it: {e.strerror}") from None


def _write_checkpoint(path: Union[str, "os.PathLike[str]"], text: str) -> None:
    """Writes atomically: a kill leaves the old checkpoint or the new one, never half of one."""
    tmp = f"{os.fspath(path)}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _name(person: Any) -> str:
    return f"{person.given_name or ''} {person.last_name or ''}".strip()


class _Driver:
    """What the sync and async jobs share: the machine, the checkpoint file, turning answers
    into events."""

    def __init__(self, year: int, month: int, departments: Sequence[str],
                 checkpoint: Optional[Union[str, "os.PathLike[str]"]], limit_per_minute: int) -> None:
        for name, value in (("year", year), ("month", month), ("limit_per_minute", limit_per_minute)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise _invalid(name, f"expected a whole number, got {type(value).__name__}")
        if isinstance(departments, (str, bytes)) or not all(isinstance(d, str) for d in departments):
            raise _invalid("departments", "expected a list of department ids (strings)")
        if limit_per_minute < 0:
            raise _invalid("limit_per_minute", "must be 0 or more")
        self._path = checkpoint
        try:
            self._m = _core.MonthClose(year, month, list(departments), _read_checkpoint(checkpoint), limit_per_minute)
        except _core.CoreError as e:
            raise from_core(e.args[0], python_names=True) from None
        self.year, self.month = year, month
        # Created at once, so that an unwritable path fails before the first call.
        self.save()

    def save(self) -> None:
        if self._path is not None:
            try:
                _write_checkpoint(self._path, self._m.checkpoint())
            except OSError as e:
                raise InvalidInputError(f"invalid input `checkpoint`: cannot write it: {e.strerror}",
                                        field="checkpoint", reason=f"cannot write it: {e.strerror}") from None

    @property
    def plan(self) -> Plan:
        path, calls, eta_ms = self._m.plan()
        return Plan(path, calls, eta_ms / 1000)

    def progress(self) -> Progress:
        done, total, eta_ms = self._m.progress()
        return Progress(done, total, eta_ms / 1000)

    def next_call(self) -> Optional[Tuple[str, Optional[str]]]:
        return self._m.next_call()

    def answered(self, op: str, arg: Optional[str], out: Any) -> List[Event]:
        """The events of an answered call: its progress first, then its rows."""
        events: List[Event] = []
        if op == "employees":
            self._m.employees_listed([(p.email, _name(p)) for p in out if p.email])
        elif op == "department_month_employees":
            matches = self._m.department_answered(arg or "", [a.name or "" for a in out])
            for account, email in zip(out, matches):
                if email is not None:
                    events.append(AccountRow(email, account, f"department_month_employees:{arg}"))
        else:
            self._m.employee_answered(arg or "")
            events.append(AccountRow(arg or "", out, "time_account"))
        return [self.progress(), *events]

    def failed(self, op: str, arg: Optional[str], error: ZeitkontoError) -> List[Event]:
        code = error.code if isinstance(error, ApiError) else None
        action = self._m.call_failed(op, arg, error.kind, code)
        if action == "fatal":
            self.save()
            raise error
        event: Event = (DepartmentFallback(arg or "", f"{error.kind} {code}" if code is not None else error.kind)
                        if action == "fallback" else EmployeeFailure(arg or "", error))
        return [self.progress(), event]

    @property
    def checkpoint(self) -> str:
        return str(self._m.checkpoint())

    @property
    def note(self) -> Optional[str]:
        return self._m.note()

    @note.setter
    def note(self, value: Optional[str]) -> None:
        self._m.set_note(value)

    def fallbacks(self) -> List[DepartmentFallback]:
        return [DepartmentFallback(d, r) for d, r in self._m.fallbacks()]

    def failures(self) -> List[Tuple[str, str]]:
        return [(e, r) for e, r in self._m.failures()]


def _call(client: Any, year: int, month: int, op: str, arg: Optional[str]) -> Any:
    if op == "employees":
        return client.employees()
    if op == "department_month_employees":
        return client.department_month_employees(arg, year, month)
    return client.time_account(arg, year, month)


class _JobBase:
    _d: _Driver

    @property
    def plan(self) -> Plan:
        """The plan from here (before the first call: the whole job)."""
        return self._d.plan

    @property
    def checkpoint(self) -> str:
        """The job's state as JSON text."""
        return self._d.checkpoint

    @property
    def note(self) -> Optional[str]:
        """A note of the caller's kept in the checkpoint (the CLI keeps its output's length)."""
        return self._d.note

    @note.setter
    def note(self, value: Optional[str]) -> None:
        self._d.note = value

    @property
    def fallbacks(self) -> List[DepartmentFallback]:
        """Departments whose summaries could not be used so far."""
        return self._d.fallbacks()

    @property
    def failures(self) -> List[Tuple[str, str]]:
        """Employees whose account failed so far, with why (also from before a resume)."""
        return self._d.failures()


class MonthCloseJob(_JobBase):
    """The month close as an iterator of events (see the module docs). ``plan`` is known before
    the first call; ``checkpoint`` is the state as JSON text at any time."""

    def __init__(self, client: "Client", driver: _Driver) -> None:
        self._client, self._d = client, driver

    def __iter__(self) -> Iterator[Event]:
        d = self._d
        while (call := d.next_call()) is not None:
            op, arg = call
            try:
                out = _call(self._client, d.year, d.month, op, arg)
            except ZeitkontoError as e:
                events = d.failed(op, arg, e)
            else:
                events = d.answered(op, arg, out)
            yield from events
            # Saved when the consumer asks for more, after it handled this call's events: a job
            # stopped in between (a break, an exception, a kill) makes that one call again on
            # resume rather than losing its rows (at least once, never lost).
            d.save()


class AsyncMonthCloseJob(_JobBase):
    """The month close for ``AsyncClient``: an async iterator of the same events."""

    def __init__(self, client: "AsyncClient", driver: _Driver) -> None:
        self._client, self._d = client, driver

    async def __aiter__(self) -> AsyncIterator[Event]:
        d = self._d
        while (call := d.next_call()) is not None:
            op, arg = call
            try:
                out = await _call(self._client, d.year, d.month, op, arg)
            except ZeitkontoError as e:
                events = d.failed(op, arg, e)
            else:
                events = d.answered(op, arg, out)
            for event in events:
                yield event
            d.save()


class Jobs:
    """``client.jobs``: whole-company jobs over one client."""

    def __init__(self, client: "Client") -> None:
        self._client = client

    def month_close(self, year: int, month: int, *, departments: Sequence[str] = (),
                    checkpoint: Optional[Union[str, "os.PathLike[str]"]] = None,
                    limit_per_minute: int = 60) -> MonthCloseJob:
        """Every active employee's monthly account for ``year`` and calendar ``month`` (1-12):
        one summary call per department of ``departments`` (ids), one call per employee
        otherwise. ``checkpoint``: a file to save the state to after every call and to resume
        from. ``limit_per_minute``: what the time estimates assume."""
        return MonthCloseJob(self._client, _Driver(year, month, departments, checkpoint, limit_per_minute))


class AsyncJobs:
    """``async_client.jobs``: the same jobs as async iterators."""

    def __init__(self, client: "AsyncClient") -> None:
        self._client = client

    def month_close(self, year: int, month: int, *, departments: Sequence[str] = (),
                    checkpoint: Optional[Union[str, "os.PathLike[str]"]] = None,
                    limit_per_minute: int = 60) -> AsyncMonthCloseJob:
        """See :meth:`Jobs.month_close`."""
        return AsyncMonthCloseJob(self._client, _Driver(year, month, departments, checkpoint, limit_per_minute))
