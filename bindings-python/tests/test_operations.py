"""Every declared operation against the sandbox, with the sync client and the async client."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

import pytest

import zeitkonto
from conftest import ANNA, ANNA_UUID, MANAGER, Sandbox


def test_employees_and_departments(any_client: Any) -> None:
    active = any_client.employees()
    anna = next(e for e in active if e.email == ANNA)
    assert isinstance(anna, zeitkonto.EmployeeRecord)
    assert isinstance(anna.join_date, date) and anna.date_of_separation is None
    assert all(e.email != "otto.former@demo.example" for e in active)
    everyone = any_client.all_employees()
    assert any(e.email == "otto.former@demo.example" for e in everyone)
    assert all(e.email != "nora.nologin@demo.example" for e in everyone)
    deps = {d.employee: d.department for d in any_client.employee_departments()}
    assert deps["Schmidt, Anna"] == "Sales"


def test_presence_overview_and_clock(any_client: Any, sandbox: Sandbox) -> None:
    assert not any_client.overview(email=ANNA).info[0].is_clocked_in
    any_client.come(ANNA)
    entry = any_client.overview(email=ANNA).info[0]
    assert entry.is_clocked_in and entry.current_device == "API"
    assert any_client.presence(email=ANNA).info[0].present is True
    any_client.stop(ANNA)
    any_client.go(ANNA)
    with pytest.raises(zeitkonto.RefusedError):
        any_client.go(ANNA)
    any_client.clock("come", ANNA, project="p-website", device="Kiosk")
    assert sandbox.writes("clock") == 4
    whole = any_client.presence(day=date(2026, 11, 20))
    assert len(whole.info) >= 35 and any(p.present for p in whole.info)


def test_clock_shorthands_send_the_spec_s_body_fields(any_client: Any, sandbox: Sandbox) -> None:
    # `come` takes `project`, `service`, `comment` and `device`; `go` and `stop` `comment` and `device`.
    any_client.come(ANNA, device="Kiosk", comment="early")
    assert any_client.overview(email=ANNA).info[0].current_device == "Kiosk"
    any_client.stop(ANNA, device="Terminal 3", comment="break")
    assert any_client.overview(email=ANNA).info[0].current_device == "Terminal 3"
    any_client.go(ANNA, device="Terminal 3", comment="home")
    assert not any_client.overview(email=ANNA).info[0].is_clocked_in
    any_client.come(ANNA, project="p-website", service="s-dev")
    with pytest.raises(zeitkonto.InvalidInputError, match="only a `come` can start a project booking"):
        any_client.clock("go", ANNA, service="s-dev")
    assert sandbox.writes("clock") == 4


def test_monthly_accounts_use_calendar_months(any_client: Any) -> None:
    oct_ = any_client.time_account(ANNA, 2026, 10)
    assert oct_.month == 10
    assert oct_.bookings and all(b.date.month == 10 for b in oct_.bookings)
    assert isinstance(oct_.bookings[0].start, datetime)
    # clock times of day (`hh:mm` on the wire) are datetime.time, and agree with `start`
    booked = [b for b in oct_.bookings if b.start_time is not None and b.start is not None]
    assert booked and all(isinstance(b.start_time, time) for b in booked)
    assert all((b.start_time.hour, b.start_time.minute) == (b.start.hour, b.start.minute) for b in booked)
    assert all(b.to_dict()["startTime"] == b.start_time.strftime("%H:%M") for b in booked)
    assert oct_.balance == oct_.actual - oct_.target
    report = any_client.time_account_report(ANNA, year=2026, month=10, project=True)
    real = [b for b in oct_.bookings if b.is_dummy is not True]
    assert len(real) < len(oct_.bookings), "days without bookings have dummy entries"
    assert report.target == oct_.target and len(report.bookings) == len(real)
    with pytest.raises(zeitkonto.BadValueError) as err:
        any_client.time_account_report(ANNA, year=2026, month=12)
    assert (err.value.status, err.value.code) == (403, 4)
    days = any_client.target_actual_days(email=ANNA, start=date(2026, 11, 16), end=date(2026, 11, 30))
    assert [d["date"] for d in days.info][-1] == "2026-11-21"


def test_departments(any_client: Any) -> None:
    assert ANNA in any_client.department_accounts("demo-department-key")
    one = any_client.department_month("1", 2026, 10)
    assert (one.name, one.month) == ("Sales", 10)
    each = any_client.department_month_employees("SALES", 2026, 10)
    assert len(each) >= 10 and all(e.month == 10 for e in each)
    assert sum(e.target or 0 for e in each) == one.target
    assert any_client.department_month_employees("SALES", 2027, 1) == []


def test_leave(any_client: Any, sandbox: Sandbox) -> None:
    any_client.extra_leave(ANNA, 2.0, year=2026, comment="overtime")
    with pytest.raises(zeitkonto.RefusedError):
        any_client.extra_leave("olga.other@other.example", 1)
    any_client.book_absence("LT-VAC", ANNA_UUID, half_day=True, start_day=date(2026, 12, 21), end_day=date(2026, 12, 21))
    with pytest.raises(zeitkonto.BadValueError):
        any_client.book_absence("LT-SPECIAL", ANNA_UUID)
    dec = any_client.leave_month(2026, 12)
    assert any(r["employee"] == ANNA_UUID and r["halfDay"] for r in dec)
    year = any_client.leave_year(2026)
    assert year.legend["LT-VAC"]["en"] == "Vacation"
    assert next(e for e in year.employees if e["email"] == ANNA)["extra"] == 2.0
    assert any(t["uuid"] == "LT-VAC" for t in any_client.leave_types(ANNA).leave_types)
    assert sandbox.writes("extra_leave") + sandbox.writes("book_absence") == 2


def test_projects(any_client: Any) -> None:
    assert any(p["uuid"] == "p-website" for p in any_client.projects(MANAGER).projects)
    created = any_client.create_project(MANAGER, "Launch", parent_id="p-website", extra={"color": "green"})
    assert created.uuid
    assert any_client.find_projects(MANAGER, "Launch").projects == [created.uuid]
    assert any_client.find_projects(MANAGER, "Support").projects == ["p-support-a", "p-support-b"]
    assert any_client.project_bookings(MANAGER, "p-website", date(2026, 11, 1), date(2026, 11, 20)).entries
    any_client.delete_project(MANAGER, created.uuid)
    with pytest.raises(zeitkonto.AuthenticationFailedError):
        any_client.delete_project(MANAGER, created.uuid)
    with pytest.raises(zeitkonto.MissingModuleError):
        any_client.projects(ANNA)


def test_shifts(any_client: Any) -> None:
    week = any_client.shifts(2026, 47)
    assert (week.year, week.week, week.workspace_name) == (2026, 47, "Front desk")
    created = any_client.create_shift(time(22, 0), time(6, 0), start_date=date(2026, 11, 24), employee_amount=1,
                                      employees=[ANNA_UUID, "00000000-0000-4000-8000-000000000902"])
    assert created.success is True
    shift = next(s for s in any_client.shifts(2026, 48).shifts if s["id"] == created.shift_id)
    assert len(shift["mitarbeiter"]) == 1
    # A datetime given for a clock time is its own time of day (it read as its date, and the
    # refusal quoted "2026-11-24", a value never given).
    from datetime import datetime
    late = any_client.create_shift(datetime(2026, 11, 24, 22, 0), datetime(2026, 11, 25, 6, 0),
                                   start_date=date(2026, 11, 24), employee_amount=1)
    shift = next(s for s in any_client.shifts(2026, 48).shifts if s["id"] == late.shift_id)
    assert (shift["startTime"], shift["endTime"], shift["overnight"]) == (22 * 60, 6 * 60, True), shift
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        any_client.shifts(2025, 53)
    assert err.value.field == "week"


def test_results_are_typed_and_keep_unknown_fields() -> None:
    from zeitkonto import sansio
    acc = sansio.parse_response("time_account", 200, {}, b'{"month": 2, "soll": "480", "newThing": [1]}')
    assert isinstance(acc, zeitkonto.MonthlyAccount)
    assert (acc.month, acc.target, acc.extra) == (3, 480.0, {"newThing": [1]})
    assert acc.to_dict()["extra"] == {"newThing": [1]}
    assert "MonthlyAccount(" in repr(acc)
    # A body given as text (`response.text`) reads as its UTF-8 bytes; another type names `body`.
    text = sansio.parse_response("time_account", 200, {}, '{"month": 2, "soll": "480", "newThing": [1]}')
    assert text == acc
    assert sansio.parse_response_json("time_account", 200, {}, bytearray(b'{"month": 2}'))["month"] == 3
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        sansio.parse_response("time_account", 200, {}, 42)  # type: ignore[arg-type]
    assert err.value.field == "body"
    # A body that is not UTF-8 (a PHP backend's Latin-1 name) reads each stray byte as Latin-1.
    rows = sansio.parse_response("employees", 200, {}, b'[{"email": "a@b.c", "lastName": "M\xfcller"}]')
    assert rows[0].last_name == "M\u00fcller"
