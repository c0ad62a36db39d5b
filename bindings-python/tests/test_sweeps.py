"""The sweeps (zeitkonto.jobs: the presence board, the leave-year report, project hours; the core's
sweep planner) and their commands, against the in-process sandbox (the CLI also against the same
sandbox served on loopback): rows equal to the single calls', the fewest calls, the presence
fallback, a failed piece as data, fatal failures, checkpoints, sync and async, bad input."""

from __future__ import annotations

import asyncio
import csv
import datetime as dt
import io
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, List

import pytest

import zeitkonto
from zeitkonto.jobs import (BookingRow, CallFailure, Fallback, LeaveRow, Plan, PresenceRow, Progress, SweepJob)
from zeitkonto.testing import Sandbox

from test_jobs import ZEITKONTO, run, served  # noqa: F401 - the served sandbox and the CLI runner

DAY = dt.date(2026, 11, 20)
START, END = dt.date(2026, 8, 1), dt.date(2026, 10, 31)  # 92 days: 3 pieces of at most 31 days after their first
PIECES = [(dt.date(2026, 8, 1), dt.date(2026, 9, 1)), (dt.date(2026, 9, 2), dt.date(2026, 10, 3)),
          (dt.date(2026, 10, 4), dt.date(2026, 10, 31))]
NO_WAIT = zeitkonto.RetrySettings(max_retries=2, base_delay=0.01, max_delay=0.02)


def of(events: List[Any], cls: type) -> List[Any]:
    return [e for e in events if isinstance(e, cls)]


def top_level(projects: List[dict]) -> List[str]:
    ids = {p["uuid"] for p in projects}
    return [p["uuid"] for p in projects if p.get("parentId") in (None, "", "0") or p["parentId"] not in ids]


# ---- the jobs -------------------------------------------------------------------------------------

def test_the_presence_board_is_one_call_and_its_rows_are_the_calls_entries() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        job = client.jobs.presence_board(DAY)
        assert isinstance(job, SweepJob) and job.plan == Plan("company", 1, 1.0)
        events = list(job)
        assert sb.requests() == 1 and sb.requests("presence") == 1
        assert events[0] == Progress(1, 1, 0.0)  # progress first, then the call's rows
        rows = of(events, PresenceRow)
        assert [r.entry for r in rows] == client.presence(day=DAY).info
        assert {r.source for r in rows} == {"presence"} and len(rows) == 39
        assert job.failures == [] and job.fallbacks == []
        # A datetime counts as its own .date(), as in the client's methods.
        at_eight = list(client.jobs.presence_board(dt.datetime(2026, 11, 20, 8, 0)))
        assert [r.entry for r in of(at_eight, PresenceRow)] == [r.entry for r in rows]


def test_the_leave_year_report_is_one_call_with_the_legend() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        events = list(client.jobs.leave_year_report(2026))
        assert sb.requests() == 1
        single = client.leave_year(2026)
        rows = of(events, LeaveRow)
        assert [r.entry for r in rows] == single.employees and len(rows) == 40
        assert all(r.legend == single.legend and r.source == "leave_year:2026" for r in rows)


def test_project_hours_ask_each_top_level_project_in_pieces_and_give_its_bookings() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        pm = sb.keys.project_manager
        job = client.jobs.project_hours(pm, START, END)
        assert (job.plan.path, job.plan.calls) == ("projects", 1)  # the list first; the rest once it is known
        events = list(job)
        projects = client.projects(pm).projects
        top = top_level(projects)
        assert len(top) < len(projects)  # a sub-project is not asked: its hours are in its parent's
        assert sb.requests("projects") == 2 and sb.requests("project_bookings") == len(top) * 3
        assert of(events, Progress)[-1] == Progress(1 + len(top) * 3, 1 + len(top) * 3, 0.0)
        rows = of(events, BookingRow)
        want = [(uuid, entry) for uuid in top for a, b in PIECES
                for entry in client.project_bookings(pm, uuid, a, b).entries]
        assert [(r.project, r.entry) for r in rows] == want and rows
        assert rows[0].source == f"project_bookings:{top[0]}:2026-08-01..2026-09-01"


def test_project_hours_of_given_projects_check_them_against_the_list() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        ids = (p for p in ["p-website", "p-nope"])  # any iterable, a generator too
        job = client.jobs.project_hours(sb.keys.project_manager, "2026-10-01", "2026-10-31", ids)
        assert job.plan == Plan("projects", 1, 1.0)  # the list first; the pieces once it is known
        rows = of(list(job), BookingRow)
        assert sb.requests("projects") == 1 and sb.requests("project_bookings") == 1
        assert {r.project for r in rows} == {"p-website"} and rows
        assert job.failures == [("project_bookings:p-nope", "NotInProjectList")]


@pytest.mark.parametrize("fault", [{"kind": "html"}, {"kind": "status", "status": 500, "count": 3}])
def test_an_unusable_company_presence_falls_back_to_one_call_per_employee(fault: dict) -> None:
    fault = dict(fault)
    with Sandbox(today="2026-11-21") as sb, sb.client(retry=NO_WAIT) as client:
        want = client.presence(day=DAY).info
        sb.reset()
        sb.inject(fault.pop("kind"), operation="presence", **fault)  # a proxy's page, or a 500 after the retries
        job = client.jobs.presence_board(DAY)
        events = list(job)
        (fallback,) = of(events, Fallback)
        assert fallback.call == "presence" and fallback.reason in ("Decode", "UnexpectedStatus")
        assert job.fallbacks == [fallback] and job.plan.path == "employees"
        rows = of(events, PresenceRow)
        assert Counter(r.entry.employee for r in rows) == Counter(e.employee for e in want)
        assert all(r.source.startswith("presence:") for r in rows)
        assert sb.requests("employees") == 1 and sb.requests("presence") == len(rows) + fault.get("count", 1)
        assert job.failures == []


def test_one_failed_piece_is_listed_and_the_others_arrive() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        pm = sb.keys.project_manager
        sb.inject("html", operation="project_bookings")  # the first piece's answer is a proxy's page
        job = client.jobs.project_hours(pm, START, END, ["p-website", "p-support-a"])
        events = list(job)
        (failure,) = of(events, CallFailure)
        assert failure.call == "project_bookings:p-website:2026-08-01..2026-09-01"
        assert isinstance(failure.error, zeitkonto.DecodeError)
        assert job.failures == [(failure.call, "Decode")]
        assert sb.requests("project_bookings") == 6
        assert {r.source for r in of(events, BookingRow)} == {
            f"project_bookings:{p}:{a}..{b}" for p in ("p-website", "p-support-a") for a, b in PIECES
        } - {failure.call}
        assert events.index(failure) == 2  # after the list's progress and the call's own


def test_a_refused_key_stops_the_job_with_the_typed_error_and_saves_the_checkpoint(tmp_path: Path) -> None:
    ckpt = tmp_path / "p.ckpt"
    with Sandbox() as sb, sb.client(api_key="not-a-key") as client:
        with pytest.raises(zeitkonto.AuthenticationFailedError):
            list(client.jobs.presence_board(DAY, checkpoint=ckpt))
        # The refused call is not finished: resumed with the key fixed, the job makes it again.
        assert json.loads(ckpt.read_text("utf-8"))["callsDone"] == 0
        with pytest.raises(zeitkonto.AuthenticationFailedError):
            list(client.jobs.leave_year_report(2026))  # listed otherwise, but a refused key is fatal
        with sb.client() as good:
            rows = [e for e in good.jobs.presence_board(DAY, checkpoint=ckpt) if isinstance(e, PresenceRow)]
        assert rows and sb.requests("presence") == 2
    with Sandbox() as sb, sb.client(api_key=sb.keys.no_modules_company_key) as client:
        with pytest.raises(zeitkonto.MissingModuleError):
            list(client.jobs.leave_year_report(2026))  # a missing module is fatal, not a listed failure
        assert sb.requests() == 1


def test_a_failing_list_stops_project_hours() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        sb.inject("html", operation="projects")
        with pytest.raises(zeitkonto.DecodeError):
            list(client.jobs.project_hours(sb.keys.project_manager, START, END))
        assert sb.requests("project_bookings") == 0


def test_a_stopped_sweep_resumed_from_its_checkpoint_makes_no_finished_call_again(tmp_path: Path) -> None:
    ckpt = tmp_path / "hours.ckpt"
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        pm = sb.keys.project_manager
        seen, done = [], 0
        for event in client.jobs.project_hours(pm, START, END, checkpoint=ckpt):
            if isinstance(event, Progress):
                done = event.done
            elif isinstance(event, BookingRow):
                seen.append(event)
                if done >= 5:
                    break  # while handling a row of the 4th piece or later: Ctrl-C, a laptop lid
        made = sb.requests()
        job = client.jobs.project_hours(pm, START, END, checkpoint=ckpt)
        calls = 1 + len(top_level(client.projects(pm).projects)) * 3
        assert job.progress.done == made - 1 and job.plan.calls == calls - (made - 1)
        seen += of(list(job), BookingRow)
        # At least once, never lost: the piece being handled is asked again; nothing else is.
        assert sb.requests("projects") == 2 and sb.requests("project_bookings") == calls - 1 + 1
        fresh = of(list(client.jobs.project_hours(pm, START, END)), BookingRow)
        assert {(r.source, r.entry["id"]) for r in seen} == {(r.source, r.entry["id"]) for r in fresh}
        # Asked differently (another range), the checkpoint is refused naming it.
        with pytest.raises(zeitkonto.InvalidInputError) as err:
            client.jobs.project_hours(pm, START, dt.date(2026, 11, 1), checkpoint=ckpt)
        assert err.value.field == "checkpoint"


def test_the_async_sweeps_give_the_same_events() -> None:
    async def main(sb: Sandbox) -> List[List[Any]]:
        async with sb.async_client() as client:
            out = []
            for job in (client.jobs.presence_board(DAY), client.jobs.leave_year_report(2026),
                        client.jobs.project_hours(sb.keys.project_manager, START, END)):
                out.append([e async for e in job])
            return out

    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        got = asyncio.run(main(sb))
        want = [list(client.jobs.presence_board(DAY)), list(client.jobs.leave_year_report(2026)),
                list(client.jobs.project_hours(sb.keys.project_manager, START, END))]
        assert got == want


def test_the_async_sweep_falls_back_and_resumes(tmp_path: Path) -> None:
    ckpt = tmp_path / "board.ckpt"

    async def main(sb: Sandbox) -> List[Any]:
        async with sb.async_client() as client:
            seen = []
            async for e in client.jobs.presence_board(DAY, checkpoint=ckpt):
                seen.append(e)
                if len(of(seen, PresenceRow)) == 10:
                    break
            async for e in client.jobs.presence_board(DAY, checkpoint=ckpt):
                seen.append(e)
            return seen

    with Sandbox(today="2026-11-21") as sb:
        sb.inject("html", operation="presence")
        events = asyncio.run(main(sb))
        assert len(of(events, Fallback)) == 1
        emails = [r.source for r in of(events, PresenceRow)]
        assert len(set(emails)) == 39 and len(emails) == 40  # the one being handled, again
        assert sb.requests("employees") == 1 and sb.requests("presence") == 1 + 40


@pytest.mark.parametrize("make,field", [
    (lambda j: j.leave_year_report(0), "year"),
    (lambda j: j.leave_year_report("2026"), "year"),
    (lambda j: j.leave_year_report(True), "year"),
    (lambda j: j.leave_year_report(10 ** 30), "year"),
    (lambda j: j.presence_board(5), "day"),
    (lambda j: j.presence_board("2026-13-01"), "day"),
    (lambda j: j.presence_board(DAY, checkpoint=1), "checkpoint"),
    (lambda j: j.presence_board(DAY, limit_per_minute=-1), "limit_per_minute"),
    (lambda j: j.presence_board(DAY, limit_per_minute=2 ** 40), "limit_per_minute"),
    (lambda j: j.project_hours(" ", START, END), "email"),
    (lambda j: j.project_hours(5, START, END), "email"),
    (lambda j: j.project_hours("pm@x", END, START), "start"),
    (lambda j: j.project_hours("pm@x", "01.08.2026", END), "start"),
    (lambda j: j.project_hours("pm@x", START, None), "end"),
    (lambda j: j.project_hours("pm@x", START, END, "p-website"), "projects"),
    (lambda j: j.project_hours("pm@x", START, END, [1]), "projects"),
    (lambda j: j.project_hours("pm@x", START, END, ["a", "a"]), "projects"),
    (lambda j: j.project_hours("pm@x", START, END, 5), "projects"),
    (lambda j: j.month_close(10 ** 12, 3), "year"),
    (lambda j: j.month_close(2026, 10 ** 30), "month"),
    (lambda j: j.month_close(2026, 3, departments=5), "departments"),
])
def test_bad_input_names_the_field(make: Any, field: str) -> None:
    with Sandbox() as sb, sb.client() as client:
        async_client = sb.async_client()
        try:
            for jobs in (client.jobs, async_client.jobs):
                with pytest.raises(zeitkonto.InvalidInputError) as err:
                    make(jobs)
                assert err.value.field == field, err.value
        finally:
            async_client.close()
        assert sb.requests() == 0


def test_a_checkpoint_of_another_job_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        month = tmp_path / "month.ckpt"
        list(client.jobs.month_close(2026, 10, departments=["SALES"], checkpoint=month))
        before = month.read_text("utf-8")
        for make in (lambda: client.jobs.presence_board(DAY, checkpoint=month),
                     lambda: client.jobs.leave_year_report(2026, checkpoint=month)):
            with pytest.raises(zeitkonto.InvalidInputError) as err:
                make()
            assert err.value.field == "checkpoint"
        assert month.read_text("utf-8") == before
        board = tmp_path / "board.ckpt"
        list(client.jobs.presence_board(DAY, checkpoint=board))
        with pytest.raises(zeitkonto.InvalidInputError):
            client.jobs.month_close(2026, 10, checkpoint=board)
        with pytest.raises(zeitkonto.InvalidInputError):
            client.jobs.presence_board(dt.date(2026, 11, 19), checkpoint=board)  # another day's


def test_an_unknown_sweep_is_refused_naming_the_kind() -> None:
    from zeitkonto import _core

    with zeitkonto.Client("k", base_url="http://127.0.0.1:9") as client:
        with pytest.raises(_core.CoreError) as err:
            _core.job(client._client(), "nightly", "{}")
    assert err.value.args[0]["field"] == "kind"


# ---- the command line -------------------------------------------------------------------------

def table(path: Path, delimiter: str = ",") -> List[dict]:
    return list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8-sig")), delimiter=delimiter))


def test_cli_presence_board_leave_year_and_project_hours(served: Any, tmp_path: Path) -> None:
    sb, env = served
    r = run(["presence-board", "--day", "2026-11-20"], env)  # a pipe: CSV on stdout
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert len(rows) == 39 and list(rows[0]) == ["source", "membercode", "employee", "present", "absences"]
    assert rows[0]["source"] == "presence" and rows[0]["present"] in ("true", "false")
    assert "progress: 1/1 calls" in r.stderr and "presence board 2026-11-20: 39 rows" in r.stderr

    out = tmp_path / "leave.csv"
    r = run(["leave-year", "2026", "-o", str(out), "--bom", "--delimiter", ";"], env)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes().startswith(b"\xef\xbb\xbf")
    rows = table(out, ";")
    assert len(rows) == 40 and rows[0]["source"] == "leave_year:2026" and "email" in rows[0]
    assert json.loads(rows[0]["legend"])["LT-VAC"]["en"] == "Vacation"

    r = run(["project-hours", "2026-08-01", "2026-10-31", "--email", sb.keys.project_manager, "--format", "json"], env)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data and {"source", "top_level_project", "minutes", "project"} <= set(data[0])
    assert "plan: the project list, then one call per top-level project" in r.stderr
    assert sb.requests("projects") == 1 and sb.requests("project_bookings") == 12
    assert sb.keys.company_key not in r.stdout + r.stderr


def test_cli_a_failed_piece_is_exit_1_and_listed(served: Any, tmp_path: Path) -> None:
    sb, env = served
    sb.inject("html", operation="project_bookings")
    out = tmp_path / "h.csv"
    r = run(["project-hours", "2026-10-01", "2026-10-31", "--email", sb.keys.project_manager, "-o", str(out)], env)
    assert r.returncode == 1
    assert "failed: project_bookings:p-website:2026-10-01..2026-10-31: " in r.stderr
    assert "1 failed" in r.stderr and table(out)


def test_cli_presence_fallback_is_said_and_not_a_failure(served: Any) -> None:
    sb, env = served
    sb.inject("html", operation="presence")
    r = run(["presence-board", "--day", "2026-11-20", "--format", "json"], env)
    assert r.returncode == 0, r.stderr
    assert "presence: the company-wide answer could not be used (Decode)" in r.stderr
    assert len(json.loads(r.stdout)) == 39


def test_cli_project_hours_killed_and_resumed_writes_each_row_once(served: Any, tmp_path: Path) -> None:
    sb, env = served
    out, ckpt = tmp_path / "h.csv", tmp_path / "h.ckpt"
    sb.inject("delay", operation="project_bookings", delay=0.1, count=1000)  # a slow server: time to kill
    args = ["project-hours", "2026-08-01", "2026-10-31", "--email", sb.keys.project_manager, "--output", str(out),
            "--checkpoint", str(ckpt)]
    proc = subprocess.Popen(ZEITKONTO + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while sb.requests("project_bookings") < 5 and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.kill()  # SIGKILL; TerminateProcess on Windows
    proc.wait(timeout=30)
    assert 0 < sb.requests("project_bookings") < 12
    r = run(args, env)
    assert r.returncode == 0, r.stderr
    rows = table(out)
    assert len(rows) == len({(t["source"], t["id"]) for t in rows}) > 0
    assert list(rows[0])[:2] == ["source", "top_level_project"]
    # At most the call in flight at the kill is made again; the list is not fetched again.
    assert sb.requests("project_bookings") <= 13 and sb.requests("projects") == 1
    fresh = tmp_path / "fresh.csv"
    assert run(args[:5] + ["-o", str(fresh)], env).returncode == 0
    assert sorted(map(str, rows)) == sorted(map(str, table(fresh)))


@pytest.mark.skipif(sys.platform == "win32", reason="a file size limit (RLIMIT_FSIZE) is POSIX")
def test_cli_resume_after_a_failure_while_writing_a_leave_row_loses_nothing(tmp_path: Path) -> None:
    import resource

    out, ckpt = tmp_path / "l.csv", tmp_path / "l.ckpt"
    args = ["--sandbox", "leave-year", "2026", "-o", str(out), "--checkpoint", str(ckpt)]

    def small_files() -> None:  # a file size limit: the write fails among the call's 40 rows
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4000, 4000))

    r = subprocess.run(ZEITKONTO + args, capture_output=True, text=True, timeout=120, preexec_fn=small_files)
    assert r.returncode == 2 and "cannot write" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert 0 < len(table(tmp_path / "l.csv.partial")) < 40 and not out.exists()  # renamed once whole
    r = subprocess.run(ZEITKONTO + args, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    rows = table(out)
    assert len(rows) == 40 == len({t["email"] for t in rows})
    assert out.read_text("utf-8").count("source,") == 1  # one header


@pytest.mark.parametrize("args,needle", [
    (["presence-board", "--day", "20.11.2026"], "expected a date YYYY-MM-DD"),
    (["leave-year", "twenty"], "expected a year"),
    (["leave-year", "0000"], "not a year from 1 to 9999"),
    (["leave-year", "26"], "expected a year YYYY"),
    (["project-hours", "2026-10-31", "2026-10-01", "--email", "pm@x"], "is after end"),
    (["project-hours", "2026-10-01", "2026-10-31"], "--email"),
    (["project-hours", "2026-10-01", "2026-10-31", "--email", "pm@x", "--project", "a", "--project", "a"],
     "given twice"),
    (["leave-year", "2026", "--checkpoint", "x.ckpt"], "needs --output"),
    (["presence-board", "--output", "/nonexistent/dir/x.csv"], "cannot write"),
])
def test_cli_bad_input_is_a_clear_message_and_exit_2(served: Any, args: List[str], needle: str) -> None:
    sb, env = served
    r = run(args, env)
    assert r.returncode == 2 and needle in r.stderr, r.stderr
    assert sb.requests() == 0


def test_cli_a_corrupt_or_other_checkpoint_exits_2_and_stays(served: Any, tmp_path: Path) -> None:
    sb, env = served
    ckpt = tmp_path / "x.ckpt"
    ckpt.write_text("garbage", encoding="utf-8")
    r = run(["leave-year", "2026", "-o", str(tmp_path / "o.csv"), "--checkpoint", str(ckpt)], env)
    assert r.returncode == 2 and "checkpoint" in r.stderr and ckpt.read_text("utf-8") == "garbage"
    other = tmp_path / "y.ckpt"
    assert run(["leave-year", "2025", "-o", str(tmp_path / "y.csv"), "--checkpoint", str(other)], env).returncode == 0
    r = run(["leave-year", "2026", "-o", str(tmp_path / "y.csv"), "--checkpoint", str(other)], env)
    assert r.returncode == 2 and "checkpoint" in r.stderr
    r = run(["leave-year", "2025", "-o", str(tmp_path / "y.csv"), "--checkpoint", str(other), "--format", "json"], env)
    assert r.returncode == 2 and "format" in r.stderr


def test_cli_exit_3_on_a_refused_key_and_1_when_stopped(served: Any, tmp_path: Path) -> None:
    sb, env = served
    r = run(["presence-board"], dict(env, ZEITKONTO_API_KEY="not-a-key"))
    assert r.returncode == 3
    sb.inject("html", operation="projects")
    r = run(["project-hours", "2026-10-01", "2026-10-31", "--email", sb.keys.project_manager], env)
    assert r.returncode == 1 and "stopped" in r.stderr


def test_cli_an_unknown_project_is_listed_without_a_call_whatever_the_order(served: Any, tmp_path: Path) -> None:
    sb, env = served
    pm = sb.keys.project_manager
    # The project list checks the given ids: an unknown one is listed (exit 1), the others' rows
    # are written, in either order, and the unknown one costs no call.
    for order in (["p-website", "no-such-project"], ["no-such-project", "p-website"]):
        out = tmp_path / f"h-{order[0]}.csv"
        before = sb.requests("project_bookings")
        r = run(["project-hours", "2026-10-01", "2026-10-31", "--email", pm, "--project", order[0],
                 "--project", order[1], "-o", str(out)], env)
        assert r.returncode == 1 and "no-such-project" in r.stderr and "NotInProjectList" in r.stderr, r.stderr
        assert table(out) and {row["top_level_project"] for row in table(out)} == {"p-website"}
        assert sb.requests("project_bookings") == before + 1


def test_cli_a_failed_call_is_made_again_when_the_command_runs_again(served: Any, tmp_path: Path) -> None:
    sb, env = served
    out, ckpt = tmp_path / "l.csv", tmp_path / "l.ckpt"
    sb.inject("status", operation="leave_year", status=500, count=3)
    r = run(["leave-year", "2026", "-o", str(out), "--checkpoint", str(ckpt)], env)
    assert r.returncode == 1 and "leave_year:2026" in r.stderr, r.stderr
    r = run(["leave-year", "2026", "-o", str(out), "--checkpoint", str(ckpt)], env)
    assert r.returncode == 0, r.stderr
    assert len(table(out)) == 40
    # And a third run, from the finished checkpoint, resumes again (the columns kept in its note).
    r = run(["leave-year", "2026", "-o", str(out), "--checkpoint", str(ckpt)], env)
    assert r.returncode == 0 and len(table(out)) == 40, r.stderr


def test_cli_an_output_that_fills_up_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    if not os.path.exists("/dev/full") or os.name == "nt":  # (Wine shows Linux's /dev/full to Windows)
        pytest.skip("no /dev/full here")
    r = run(["--sandbox", "leave-year", "2026", "-o", "/dev/full"], dict(os.environ))
    assert r.returncode == 2 and "cannot write /dev/full" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert os.path.exists("/dev/full"), "an output that is not a regular file is never removed"


def test_cli_help_on_the_sweep_commands() -> None:
    for cmd in (["presence-board"], ["leave-year"], ["project-hours"]):
        r = subprocess.run(ZEITKONTO + cmd + ["--help"], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and "usage: zeitkonto" in r.stdout and "--checkpoint" in r.stdout
        assert "Exit codes: 0 done" in " ".join(r.stdout.split())  # wherever the help's lines wrap


def test_the_checkpoint_read_while_a_calls_rows_are_handled_makes_that_call_again(tmp_path: Path) -> None:
    # job.checkpoint (in memory, without a file) follows the file's rule: a call counts as finished
    # once the consumer asked for more after its rows.
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        job = client.jobs.leave_year_report(2026)
        for event in job:
            if isinstance(event, LeaveRow):
                saved = job.checkpoint  # while handling the call's first row
                break
        assert json.loads(saved)["callsDone"] == 0
        path = tmp_path / "saved.ckpt"
        path.write_text(saved, encoding="utf-8")
        again = [e for e in client.jobs.leave_year_report(2026, checkpoint=path) if isinstance(e, LeaveRow)]
        assert len(again) == 40  # the call in hand, made again: none of its rows lost
        assert sb.requests("leave_year") == 2
