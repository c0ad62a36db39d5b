"""``Client`` (blocking) and ``AsyncClient`` (asyncio): one method per operation.

Both forward to the Rust driver (rate limiter, retries, reqwest transport) in ``zeitkonto._core``;
the blocking client releases the GIL while it waits on the network.
"""

from __future__ import annotations

import os
from datetime import date
from types import TracebackType
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, NamedTuple, Optional, Sequence, Type, TypeVar

from . import _bridge
from . import _calls as c
from . import _core
from . import models as m
from .errors import ZeitkontoError, from_core

if TYPE_CHECKING:
    import asyncio
    import logging

__all__ = ["Client", "AsyncClient", "RetryConfig", "RateLimit"]

T = TypeVar("T")
_DEBUG = 10  # logging.DEBUG, without importing logging at import time


def _logger() -> "logging.Logger":
    """``logging.getLogger("zeitkonto")``; logging is imported on first use, not with the package."""
    import logging

    return logging.getLogger("zeitkonto")


class RetryConfig(NamedTuple):
    """Retries: reads after 5xx/connection failures/timeouts with backoff; any call after a 429
    (the server did nothing). Writes are never sent twice once they may have reached the server.
    Times in seconds."""

    max_retries: int = 2
    base_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0
    max_rate_limit_retries: int = 3

    def _core(self) -> Dict[str, int]:
        return {
            "maxRetries": self.max_retries,
            "baseDelayMs": int(self.base_delay * 1000),
            "maxDelayMs": int(self.max_delay * 1000),
            "maxRetryAfterMs": int(self.max_retry_after * 1000),
            "maxRateLimitRetries": self.max_rate_limit_retries,
        }


class RateLimit(NamedTuple):
    """Client-side limit, shared by every client of the same key in the process: at most
    ``limit`` requests in any ``window`` seconds (the API allows 60 per minute)."""

    limit: int = 60
    window: float = 60.0
    margin: Optional[float] = None

    def _core(self) -> Dict[str, int]:
        margin = self.window / 100 if self.margin is None else self.margin
        return {"limit": self.limit, "windowMs": int(self.window * 1000), "marginMs": int(margin * 1000)}


class _Base:
    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        workspace_key: Optional[str] = None,
        routes: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = 30.0,
        retry: Optional[RetryConfig] = None,
        rate_limit: Optional[RateLimit] = None,
    ) -> None:
        api_key = api_key if api_key is not None else os.environ.get("ZEITKONTO_API_KEY")
        base_url = base_url if base_url is not None else os.environ.get("ZEITKONTO_BASE_URL")
        workspace_key = workspace_key if workspace_key is not None else os.environ.get("ZEITKONTO_WORKSPACE_KEY")
        self._base_url = base_url or "https://desktop.saas.de"
        try:
            self._core: Optional[_core.Client] = _core.Client(
                api_key=api_key,
                base_url=base_url,
                workspace_key=workspace_key,
                routes=dict(routes) if routes else None,
                timeout=0.0 if timeout is None else float(timeout),
                retry=(retry or RetryConfig())._core(),
                rate_limit=(rate_limit or RateLimit())._core(),
                # Driver events (redacted) go to logging.getLogger("zeitkonto") at DEBUG; only
                # collected when DEBUG is enabled at construction, so calls do not pay for it otherwise.
                log_events=_logger().isEnabledFor(_DEBUG),
            )
        except _core.CoreError as e:
            raise from_core(e.args[0]) from None

    def _finish(self, call: "c.Call[T]", out: Any) -> T:
        self._log()
        return call.convert(out)

    def _fail(self, e: "_core.CoreError") -> ZeitkontoError:
        self._log()
        err = from_core(e.args[0])
        _logger().debug("zeitkonto call failed: %s", err)
        return err

    def _log(self) -> None:
        if self._core is not None:
            events = self._core.take_events()
            if events:
                log = _logger()
                for event in events:
                    log.debug("%s", event)

    def _client(self) -> _core.Client:
        if self._core is None:
            raise ZeitkontoError("the client is closed")
        return self._core

    def close(self) -> None:
        """Releases the client; further calls raise ``ZeitkontoError``."""
        self._core = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self._base_url!r}, api_key=***)"


class Client(_Base):
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
        try:
            out = core.call(call.operation, call.params)
        except _core.CoreError as e:
            raise self._fail(e) from None
        return self._finish(call, out)

    def employees(self) -> List[m.EmployeeRecord]:
        """Master data of the active employees."""
        return self._run(c.employees())

    def presence(self, email: Optional[str] = None, day: Optional[date] = None) -> m.PresenceReport:
        """Presence for one day (default today) of one employee or everyone."""
        return self._run(c.presence(email, day))

    def overview(self, email: Optional[str] = None) -> m.OverviewReport:
        """Today's overview of one employee or everyone in the key owner's scope."""
        return self._run(c.overview(email))

    def time_account(self, employee: str, year: int, month: int) -> m.MonthlyAccount:
        """Monthly account of one employee (UUID, e-mail or employee key); ``month`` is 1-12."""
        return self._run(c.time_account(employee, year, month))

    def time_account_report(self, email: str, year: Optional[int] = None, month: Optional[int] = None,
                            project: bool = False) -> m.AccountReport:
        """The body-based monthly account (defaults: the current month); ``month`` is 1-12."""
        return self._run(c.time_account_report(email, year, month, project))

    def target_actual_days(self, email: Optional[str] = None, start: Optional[date] = None,
                           end: Optional[date] = None) -> m.TargetActualReport:
        """Target/actual minutes per day for a range (``end`` is capped at today by the API)."""
        return self._run(c.target_actual_days(email, start, end))

    def clock(self, action: str, employee: str, *, device: Optional[str] = None, comment: Optional[str] = None,
              project: Optional[str] = None, service: Optional[str] = None) -> None:
        """``come``, ``go`` or ``stop``; raises ``RefusedError`` when the API answers ``false``."""
        return self._run(c.clock(action, employee, device, comment, project, service))

    def come(self, employee: str, *, project: Optional[str] = None, comment: Optional[str] = None) -> None:
        """Clocks an employee in (optionally on a project)."""
        return self._run(c.clock("come", employee, None, comment, project, None))

    def go(self, employee: str) -> None:
        """Clocks an employee out."""
        return self._run(c.clock("go", employee, None, None, None, None))

    def stop(self, employee: str) -> None:
        """Clocks out and starts a new booking right after."""
        return self._run(c.clock("stop", employee, None, None, None, None))

    def department_accounts(self, department_key: str) -> Dict[str, m.MonthlyAccount]:
        """Current time accounts of a department, keyed by login e-mail (raw JSON values)."""
        return self._run(c.department_accounts(department_key))

    def department_month(self, department_id: str, year: int, month: int) -> m.MonthlyAccount:
        """Monthly summary of a department; ``month`` is 1-12."""
        return self._run(c.department_month(department_id, year, month))

    def department_month_employees(self, department: str, year: int, month: int) -> List[m.MonthlyAccount]:
        """One monthly summary per active employee of a department (by external id)."""
        return self._run(c.department_month_employees(department, year, month))

    def extra_leave(self, account: str, days: float, *, year: Optional[int] = None,
                    comment: Optional[str] = None) -> None:
        """Pays extra leave in (positive days) or out (negative)."""
        return self._run(c.extra_leave(account, days, year, comment))

    def book_absence(self, reason_uuid: str, employee_uuid: str, *, replacement_uuid: Optional[str] = None,
                     half_day: bool = False, start_day: Optional[date] = None, end_day: Optional[date] = None,
                     planned: bool = False, comment: Optional[str] = None) -> None:
        """Books an absence (full days unless ``half_day``)."""
        return self._run(c.book_absence(reason_uuid, employee_uuid, replacement_uuid, half_day, start_day, end_day,
                                        planned, comment))

    def leave_month(self, year: int, month: int) -> List[Any]:
        """Leave records overlapping a month (raw JSON records); ``month`` is 1-12."""
        return self._run(c.leave_month(year, month))

    def leave_year(self, year: int) -> m.LeaveYearOverview:
        """Yearly leave overview with the legend of leave types."""
        return self._run(c.leave_year(year))

    def leave_types(self, email: str) -> m.LeaveTypesReport:
        """Leave types of the company (``email``: an employee of the company)."""
        return self._run(c.leave_types(email))

    def employee_departments(self) -> List[m.EmployeeDepartment]:
        """Each employee's full name with the main department."""
        return self._run(c.employee_departments())

    def all_employees(self) -> List[m.EmployeeRecord]:
        """All employees with a login account."""
        return self._run(c.all_employees())

    def projects(self, email: str) -> m.ProjectsReport:
        """Projects of the company (``email``: the acting project manager)."""
        return self._run(c.projects(email))

    def create_project(self, email: str, project: Mapping[str, Any], *, parent_id: Optional[str] = None) -> m.CreatedProject:
        """Creates a project, e.g. ``create_project(email, {"name": "Website"})``."""
        return self._run(c.create_project(email, project, parent_id))

    def delete_project(self, email: str, uuid: str) -> None:
        """Deletes a project of the caller's company."""
        return self._run(c.delete_project(email, uuid))

    def find_projects(self, email: str, name: str) -> m.FoundProjects:
        """UUIDs of the projects with exactly this name."""
        return self._run(c.find_projects(email, name))

    def project_bookings(self, email: str, uuid: str, start: date, end: date) -> m.ProjectBookingsReport:
        """Bookings of a project and its sub-projects; at most 31 days, checked before sending."""
        return self._run(c.project_bookings(email, uuid, start, end))

    def shifts(self, year: int, week: int) -> m.WeekShifts:
        """Shifts of the workspace for one ISO week (53 only in years that have it)."""
        return self._run(c.shifts(year, week))

    def create_shift(self, start_time: int, end_time: int, *, start_date: Optional[date] = None,
                     employee_amount: Optional[int] = None, comment: Optional[str] = None,
                     project_uuid: Optional[str] = None, employees: Optional[Sequence[str]] = None) -> m.CreatedShift:
        """Creates a shift; times are minutes after midnight, ``end_time <= start_time`` = overnight."""
        return self._run(c.create_shift(start_time, end_time, start_date, employee_amount, comment, project_uuid,
                                        employees))


class AsyncClient(_Base):
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

    async def _run(self, call: "c.Call[T]") -> T:
        # The call runs on Zeitkonto's runtime; when it is done, the bridge thread wakes this loop
        # with call_soon_threadsafe (any asyncio loop: no add_reader, so Windows' Proactor loop
        # works) and the result is collected here, on the loop's thread. (A cancelled call still
        # completes in the background; a write may then have been applied.)
        import asyncio  # here, not at import time: only async users pay for it

        core = self._client()
        try:
            pending, done = _bridge.start(core, call.operation, call.params, asyncio.get_running_loop())
        except _core.CoreError as e:
            raise self._fail(e) from None
        await done
        try:
            out = pending.take()
        except _core.CoreError as e:
            raise self._fail(e) from None
        return self._finish(call, out)

    async def employees(self) -> List[m.EmployeeRecord]:
        return await self._run(c.employees())

    async def presence(self, email: Optional[str] = None, day: Optional[date] = None) -> m.PresenceReport:
        return await self._run(c.presence(email, day))

    async def overview(self, email: Optional[str] = None) -> m.OverviewReport:
        return await self._run(c.overview(email))

    async def time_account(self, employee: str, year: int, month: int) -> m.MonthlyAccount:
        return await self._run(c.time_account(employee, year, month))

    async def time_account_report(self, email: str, year: Optional[int] = None, month: Optional[int] = None,
                                  project: bool = False) -> m.AccountReport:
        return await self._run(c.time_account_report(email, year, month, project))

    async def target_actual_days(self, email: Optional[str] = None, start: Optional[date] = None,
                                 end: Optional[date] = None) -> m.TargetActualReport:
        return await self._run(c.target_actual_days(email, start, end))

    async def clock(self, action: str, employee: str, *, device: Optional[str] = None, comment: Optional[str] = None,
                    project: Optional[str] = None, service: Optional[str] = None) -> None:
        return await self._run(c.clock(action, employee, device, comment, project, service))

    async def come(self, employee: str, *, project: Optional[str] = None, comment: Optional[str] = None) -> None:
        return await self._run(c.clock("come", employee, None, comment, project, None))

    async def go(self, employee: str) -> None:
        return await self._run(c.clock("go", employee, None, None, None, None))

    async def stop(self, employee: str) -> None:
        return await self._run(c.clock("stop", employee, None, None, None, None))

    async def department_accounts(self, department_key: str) -> Dict[str, m.MonthlyAccount]:
        return await self._run(c.department_accounts(department_key))

    async def department_month(self, department_id: str, year: int, month: int) -> m.MonthlyAccount:
        return await self._run(c.department_month(department_id, year, month))

    async def department_month_employees(self, department: str, year: int, month: int) -> List[m.MonthlyAccount]:
        return await self._run(c.department_month_employees(department, year, month))

    async def extra_leave(self, account: str, days: float, *, year: Optional[int] = None,
                          comment: Optional[str] = None) -> None:
        return await self._run(c.extra_leave(account, days, year, comment))

    async def book_absence(self, reason_uuid: str, employee_uuid: str, *, replacement_uuid: Optional[str] = None,
                           half_day: bool = False, start_day: Optional[date] = None, end_day: Optional[date] = None,
                           planned: bool = False, comment: Optional[str] = None) -> None:
        return await self._run(c.book_absence(reason_uuid, employee_uuid, replacement_uuid, half_day, start_day,
                                              end_day, planned, comment))

    async def leave_month(self, year: int, month: int) -> List[Any]:
        return await self._run(c.leave_month(year, month))

    async def leave_year(self, year: int) -> m.LeaveYearOverview:
        return await self._run(c.leave_year(year))

    async def leave_types(self, email: str) -> m.LeaveTypesReport:
        return await self._run(c.leave_types(email))

    async def employee_departments(self) -> List[m.EmployeeDepartment]:
        return await self._run(c.employee_departments())

    async def all_employees(self) -> List[m.EmployeeRecord]:
        return await self._run(c.all_employees())

    async def projects(self, email: str) -> m.ProjectsReport:
        return await self._run(c.projects(email))

    async def create_project(self, email: str, project: Mapping[str, Any], *,
                             parent_id: Optional[str] = None) -> m.CreatedProject:
        return await self._run(c.create_project(email, project, parent_id))

    async def delete_project(self, email: str, uuid: str) -> None:
        return await self._run(c.delete_project(email, uuid))

    async def find_projects(self, email: str, name: str) -> m.FoundProjects:
        return await self._run(c.find_projects(email, name))

    async def project_bookings(self, email: str, uuid: str, start: date, end: date) -> m.ProjectBookingsReport:
        return await self._run(c.project_bookings(email, uuid, start, end))

    async def shifts(self, year: int, week: int) -> m.WeekShifts:
        return await self._run(c.shifts(year, week))

    async def create_shift(self, start_time: int, end_time: int, *, start_date: Optional[date] = None,
                           employee_amount: Optional[int] = None, comment: Optional[str] = None,
                           project_uuid: Optional[str] = None,
                           employees: Optional[Sequence[str]] = None) -> m.CreatedShift:
        return await self._run(c.create_shift(start_time, end_time, start_date, employee_amount, comment, project_uuid,
                                              employees))
