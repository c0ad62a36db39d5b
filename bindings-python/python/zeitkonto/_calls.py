"""The 24 operations as (name, canonical params, result converter), shared by the sync and the
async client so the parameter logic exists once. Params use the core's canonical JSON form."""

from __future__ import annotations

from datetime import date
from typing import Any, Callable, Dict, Generic, List, Mapping, Optional, Sequence, TypeVar

from . import models as m

T = TypeVar("T")

#: A calendar month: 1 (January) to 12 (December). Never 0-based.
MonthLike = int


class Call(Generic[T]):
    """One operation call, ready to run."""

    __slots__ = ("operation", "params", "convert")

    def __init__(self, operation: str, params: Mapping[str, Any], convert: Callable[[Any], T]) -> None:
        self.operation = operation
        self.params = {k: v for k, v in params.items() if v is not None}
        self.convert = convert


def _day(v: Optional[date]) -> Optional[str]:
    if v is None:
        return None
    if not isinstance(v, date):
        raise TypeError(f"expected a datetime.date, got {type(v).__name__}")
    return v.isoformat()


def _none(_: Any) -> None:
    return None


_raw = m._plain


def _list_of(cls: Callable[[Any], T]) -> Callable[[Any], List[T]]:
    return lambda raw: [cls(x) for x in raw or ()]


CONVERTERS: Dict[str, Callable[[Any], Any]] = {
    "employees": _list_of(m.EmployeeRecord),
    "presence": m.PresenceReport,
    "overview": m.OverviewReport,
    "time_account": m.MonthlyAccount,
    "time_account_report": m.AccountReport,
    "target_actual_days": m.TargetActualReport,
    "clock": _none,
    "department_accounts": lambda raw: {k: m.MonthlyAccount(v) for k, v in (raw or {}).items()},
    "department_month": m.MonthlyAccount,
    "department_month_employees": _list_of(m.MonthlyAccount),
    "extra_leave": _none,
    "book_absence": _none,
    "leave_month": _raw,
    "leave_year": m.LeaveYearOverview,
    "leave_types": m.LeaveTypesReport,
    "employee_departments": _list_of(m.EmployeeDepartment),
    "all_employees": _list_of(m.EmployeeRecord),
    "projects": m.ProjectsReport,
    "create_project": m.CreatedProject,
    "delete_project": _none,
    "find_projects": m.FoundProjects,
    "project_bookings": m.ProjectBookingsReport,
    "shifts": m.WeekShifts,
    "create_shift": m.CreatedShift,
}


def employees() -> Call[List[m.EmployeeRecord]]:
    return Call("employees", {}, _list_of(m.EmployeeRecord))


def presence(email: Optional[str], day: Optional[date]) -> Call[m.PresenceReport]:
    return Call("presence", {"email": email, "day": _day(day)}, m.PresenceReport)


def overview(email: Optional[str]) -> Call[m.OverviewReport]:
    return Call("overview", {"email": email}, m.OverviewReport)


def time_account(employee: str, year: int, month: MonthLike) -> Call[m.MonthlyAccount]:
    return Call("time_account", {"employee": employee, "year": year, "month": int(month)}, m.MonthlyAccount)


def time_account_report(email: str, year: Optional[int], month: Optional[MonthLike], project: bool) -> Call[m.AccountReport]:
    params = {"email": email, "year": year, "month": None if month is None else int(month), "project": project}
    return Call("time_account_report", params, m.AccountReport)


def target_actual_days(email: Optional[str], start: Optional[date], end: Optional[date]) -> Call[m.TargetActualReport]:
    return Call("target_actual_days", {"email": email, "start": _day(start), "end": _day(end)}, m.TargetActualReport)


def clock(action: str, employee: str, device: Optional[str], comment: Optional[str], project: Optional[str],
          service: Optional[str]) -> Call[None]:
    params = {"action": action, "employee": employee, "device": device, "comment": comment, "project": project,
              "service": service}
    return Call("clock", params, _none)


def department_accounts(department: str) -> Call[Dict[str, m.MonthlyAccount]]:
    return Call("department_accounts", {"department": department}, CONVERTERS["department_accounts"])


def department_month(department: str, year: int, month: MonthLike) -> Call[m.MonthlyAccount]:
    return Call("department_month", {"department": department, "year": year, "month": int(month)}, m.MonthlyAccount)


def department_month_employees(department: str, year: int, month: MonthLike) -> Call[List[m.MonthlyAccount]]:
    params = {"department": department, "year": year, "month": int(month)}
    return Call("department_month_employees", params, _list_of(m.MonthlyAccount))


def extra_leave(account: str, days: float, year: Optional[int], comment: Optional[str]) -> Call[None]:
    return Call("extra_leave", {"account": account, "value": days, "year": year, "comment": comment}, _none)


def book_absence(reason_uuid: str, employee_uuid: str, replacement_uuid: Optional[str], half_day: bool,
                 start_day: Optional[date], end_day: Optional[date], planned: bool, comment: Optional[str]) -> Call[None]:
    params = {"reasonUuid": reason_uuid, "employeeUuid": employee_uuid, "replacementUuid": replacement_uuid,
              "duration": "halfDay" if half_day else "fullDay", "startDay": _day(start_day), "endDay": _day(end_day),
              "planned": planned, "comment": comment}
    return Call("book_absence", params, _none)


def leave_month(year: int, month: MonthLike) -> Call[List[Any]]:
    return Call("leave_month", {"year": year, "month": int(month)}, _raw)


def leave_year(year: int) -> Call[m.LeaveYearOverview]:
    return Call("leave_year", {"year": year}, m.LeaveYearOverview)


def leave_types(email: str) -> Call[m.LeaveTypesReport]:
    return Call("leave_types", {"email": email}, m.LeaveTypesReport)


def employee_departments() -> Call[List[m.EmployeeDepartment]]:
    return Call("employee_departments", {}, _list_of(m.EmployeeDepartment))


def all_employees() -> Call[List[m.EmployeeRecord]]:
    return Call("all_employees", {}, _list_of(m.EmployeeRecord))


def projects(email: str) -> Call[m.ProjectsReport]:
    return Call("projects", {"email": email}, m.ProjectsReport)


def create_project(email: str, project: Mapping[str, Any], parent_id: Optional[str]) -> Call[m.CreatedProject]:
    return Call("create_project", {"email": email, "project": dict(project), "parentId": parent_id}, m.CreatedProject)


def delete_project(email: str, uuid: str) -> Call[None]:
    return Call("delete_project", {"email": email, "uuid": uuid}, _none)


def find_projects(email: str, name: str) -> Call[m.FoundProjects]:
    return Call("find_projects", {"email": email, "name": name}, m.FoundProjects)


def project_bookings(email: str, uuid: str, start: date, end: date) -> Call[m.ProjectBookingsReport]:
    params = {"email": email, "uuid": uuid, "startDate": _day(start), "endDate": _day(end)}
    return Call("project_bookings", params, m.ProjectBookingsReport)


def shifts(year: int, week: int) -> Call[m.WeekShifts]:
    return Call("shifts", {"year": year, "week": week}, m.WeekShifts)


def create_shift(start_time: int, end_time: int, start_date: Optional[date], employee_amount: Optional[int],
                 comment: Optional[str], project_uuid: Optional[str],
                 employees: Optional[Sequence[str]]) -> Call[m.CreatedShift]:
    params = {"startTime": start_time, "endTime": end_time, "startDate": _day(start_date),
              "employeeAmount": employee_amount, "comment": comment, "projectUuid": project_uuid,
              "employees": list(employees) if employees else None}
    return Call("create_shift", params, m.CreatedShift)

