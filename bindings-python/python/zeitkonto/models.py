"""Typed results. Each model wraps the core's canonical JSON (camelCase English names, calendar
months 1-12, ISO dates) and converts a field on first access: dates become :class:`datetime.date`,
timestamps :class:`datetime.datetime`. Unknown fields are kept in ``extra``; ``to_dict()`` returns
the canonical JSON. Vaguely specified containers are plain JSON (``Any``: dicts and lists).

The JSON itself stays in Rust (a ``_core.Node`` view) until a field is read, so a large result costs
little until it is used."""

from __future__ import annotations

import copy
from datetime import date, datetime
from typing import Any, Callable, Dict, Generic, List, Mapping, Optional, Type, TypeVar, overload

from ._core import Node

__all__ = [
    "Model",
    "EmployeeRecord",
    "EmployeeDepartment",
    "PresenceReport",
    "PresenceEntry",
    "OverviewReport",
    "OverviewEntry",
    "DayTotals",
    "Traffic",
    "MonthlyAccount",
    "AccountBooking",
    "AccountReport",
    "AccountInterval",
    "TargetActualReport",
    "LeaveYearOverview",
    "LeaveTypesReport",
    "ProjectsReport",
    "CreatedProject",
    "FoundProjects",
    "ProjectBookingsReport",
    "WeekShifts",
    "CreatedShift",
]

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
        cached = obj._cache.get(self.name, _MISSING)
        if cached is _MISSING:
            cached = self.convert(obj._data.get(self.key))
            obj._cache[self.name] = cached
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
    """Plain Python objects (dicts, lists, scalars) for a ``Node`` view or a value."""
    return v.to_py() if type(v) is Node else v


_raw = _plain


def _datetime(v: Any) -> datetime:
    return datetime.strptime(str(v), "%Y-%m-%d %H:%M:%S")


def _model(cls: Type[M]) -> Callable[[Any], M]:
    return cls


class Model:
    """Base of every result: attribute access, ``to_dict()``, ``extra``, a key-free ``repr``."""

    __slots__ = ("_data", "_cache")
    _fields: List[str] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._fields = [n for n, v in vars(cls).items() if isinstance(v, Field)]

    def __init__(self, data: Any) -> None:
        # A mapping, or a `_core.Node` view (which has the same `get`).
        self._data: Any = data
        self._cache: Dict[str, Any] = {}

    @property
    def extra(self) -> Dict[str, Any]:
        """Fields the API sent that this version of Zeitkonto does not know, unchanged."""
        return dict(_plain(self._data.get("extra")) or {})

    def to_dict(self) -> Dict[str, Any]:
        """The canonical JSON form (camelCase names, calendar months, ISO dates), a copy."""
        data = self._data
        return dict(data.to_py()) if type(data) is Node else copy.deepcopy(dict(data))

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


class EmployeeRecord(Model):
    """An employee master record (``employees``, ``all_employees``)."""

    __slots__ = ()
    personnel_number = opt("personnelNumber", str)
    main_department = opt("mainDepartment", str)
    email = opt("email", str)
    given_name = opt("givenName", str)
    last_name = opt("lastName", str)
    birthday = opt("birthday", _iso_date)
    join_date = opt("joinDate", _iso_date)
    date_of_separation = opt("dateOfSeparation", _iso_date)


class EmployeeDepartment(Model):
    """An employee's full name and main department (``employee_departments``)."""

    __slots__ = ()
    employee = opt("employee", str)
    department = opt("department", str)


class PresenceEntry(Model):
    """One employee's presence on the chosen day."""

    __slots__ = ()
    membercode = opt("membercode", str)
    employee = opt("employee", str)
    present = opt("present", bool)
    absences = Field("absences", _raw)


class PresenceReport(Model):
    """Presence and absence of one day (``presence``)."""

    __slots__ = ()
    code = opt("code", int)
    time = opt("time", int)
    info = many("info", _model(PresenceEntry))


class OverviewEntry(Model):
    """One employee in today's overview; detail fields only for the key owner or supervisors."""

    __slots__ = ()
    employee = opt("employee", str)
    status = opt("status", str)
    membercode = opt("membercode", str)
    last_timestamp = opt("lastTimestamp", _datetime)
    emergency_contact = opt("emergencyContact", str)
    department = opt("department", str)
    current_project = opt("currentProject", str)
    current_service = opt("currentService", str)
    absences = Field("absences", _raw)
    uuid = opt("uuid", str)
    current_start = opt("currentStart", str)
    current_platform = opt("currentPlatform", str)
    current_device = opt("currentDevice", str)

    @property
    def is_clocked_in(self) -> bool:
        """Whether a booking is running (``status == "green"``)."""
        return self.status == "green"


class OverviewReport(Model):
    """Today's overview (``overview``)."""

    __slots__ = ()
    code = opt("code", int)
    time = opt("time", int)
    info = many("info", _model(OverviewEntry))


class DayTotals(Model):
    """Target and actual minutes of today."""

    __slots__ = ()
    target = opt("target", float)
    actual = opt("actual", float)


class Traffic(Model):
    """The ``traffic`` object of an account."""

    __slots__ = ()
    active = opt("active", bool)


class AccountBooking(Model):
    """One day and booking of a monthly account."""

    __slots__ = ()
    date = opt("date", _iso_date)
    start = opt("start", _datetime)
    target = opt("target", float)
    actual = opt("actual", float)
    annotation = opt("annotation", int)
    employee_name = opt("employeeName", str)
    employee_uuid = opt("employeeUuid", str)
    start_date = opt("startDate", _iso_date)
    start_time = opt("startTime", str)
    end_date = opt("endDate", _iso_date)
    end_time = opt("endTime", str)
    pause = opt("pause", float)
    pause_min = opt("pauseMin", int)
    warning = opt("warning", int)
    comment = opt("comment", str)
    surcharge_minutes = Field("surchargeMinutes", _raw)
    holiday_type = Field("holidayType", _raw)
    is_dummy = Field("isDummy", _raw)


class MonthlyAccount(Model):
    """A monthly time account (``time_account``, department summaries). Minutes unless noted;
    ``month`` is a calendar month 1-12."""

    __slots__ = ()
    year = opt("year", int)
    month = opt("month", int)
    target = opt("target", float)
    actual = opt("actual", float)
    balance = opt("balance", float)
    carry_over = opt("carryOver", float)
    employee = opt("employee", str)
    uuid = opt("uuid", str)
    name = opt("name", str)
    has_time = opt("hasTime", bool)
    has_project = opt("hasProject", bool)
    current = opt("current", str)
    balance2 = opt("balance2", float)
    actual_on_weekend = opt("actualOnWeekend", float)
    out_of_work = opt("outOfWork", float)
    on_work = opt("onWork", int)
    time_account_payoff = opt("timeAccountPayoff", float)
    time_account_to_overtime_hours = opt("timeAccountToOvertimeHours", float)
    unpaid_overtime = opt("unpaidOvertime", float)
    overtime_account_month = opt("overtimeAccountMonth", float)
    overtime_account = opt("overtimeAccount", float)
    today = opt("today", _model(DayTotals))
    traffic = opt("traffic", _model(Traffic))
    start = opt("start", _iso_date)
    bookings = many("bookings", _model(AccountBooking))
    surcharge = Field("surcharge", _raw)
    payoff_time_account = Field("payoffTimeAccount", _raw)
    overtime_account_time_account = Field("overtimeAccountTimeAccount", _raw)
    overtime_account_payoff = Field("overtimeAccountPayoff", _raw)
    payoff_overtime_account = Field("payoffOvertimeAccount", _raw)
    auto_overtime = Field("autoOvertime", _raw)
    is_read_only = Field("isReadOnly", _raw)
    inactive = Field("inactive", _raw)
    end = Field("end", _raw)
    official_absence = Field("officialAbsence", _raw)


class AccountInterval(Model):
    """One booking of the body-based account: minutes and epoch milliseconds."""

    __slots__ = ()
    length = opt("length", float)
    start = opt("start", int)
    end = opt("end", int)
    project = opt("project", str)


class AccountReport(Model):
    """The body-based monthly account (``time_account_report``)."""

    __slots__ = ()
    target = opt("target", float)
    actual = opt("actual", float)
    balance = opt("balance", float)
    carry_over = opt("carryOver", float)
    code = opt("code", int)
    time = opt("time", int)
    today_target = opt("todayTarget", float)
    today_actual = opt("todayActual", float)
    bookings = many("bookings", _model(AccountInterval))
    surcharge = opt("surcharge", float)
    flex_time = Field("flexTime", _raw)
    payoff_time_account = Field("payoffTimeAccount", _raw)
    time_account_payoff = opt("timeAccountPayoff", float)
    overtime_account_time_account = Field("overtimeAccountTimeAccount", _raw)
    time_account_to_overtime_hours = opt("timeAccountToOvertimeHours", float)


class TargetActualReport(Model):
    """Target/actual minutes per day for a range (``target_actual_days``)."""

    __slots__ = ()
    code = opt("code", int)
    time = opt("time", int)
    info = many("info", _raw)


class LeaveYearOverview(Model):
    """The yearly leave overview (``leave_year``); ``legend`` is the API's ``legende``."""

    __slots__ = ()
    list = many("list", _raw)
    legend = Field("legend", lambda raw: dict(_plain(raw) or {}))


class LeaveTypesReport(Model):
    """The company's leave types (``leave_types``)."""

    __slots__ = ()
    code = opt("code", int)
    time = opt("time", int)
    leave_types = many("leaveTypes", _raw)


class ProjectsReport(Model):
    """Non-removed projects (``projects``)."""

    __slots__ = ()
    code = opt("code", int)
    time = opt("time", int)
    projects = many("projects", _raw)


class CreatedProject(Model):
    """A created project (``create_project``)."""

    __slots__ = ()
    uuid = opt("uuid", str)
    code = opt("code", int)
    time = opt("time", int)


class FoundProjects(Model):
    """UUIDs of the projects with exactly the searched name (``find_projects``)."""

    __slots__ = ()
    projects = many("projects", str)
    code = opt("code", int)
    time = opt("time", int)


class ProjectBookingsReport(Model):
    """Time bookings of a project and its sub-projects (``project_bookings``)."""

    __slots__ = ()
    code = opt("code", int)
    time = opt("time", int)
    entries = many("entries", _raw)


class WeekShifts(Model):
    """The shifts of a workspace for one ISO week (``shifts``)."""

    __slots__ = ()
    year = opt("year", int)
    week = opt("week", int)
    workspace_name = opt("workspaceName", str)
    workspace_id = opt("workspaceId", str)
    shifts = many("shifts", _raw)


class CreatedShift(Model):
    """A created shift (``create_shift``)."""

    __slots__ = ()
    success = opt("success", bool)
    shift_id = opt("shiftId", int)
