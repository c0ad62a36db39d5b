"""Whole-company jobs (zeitkonto.jobs, the core's planner) and the `zeitkonto` command line, against
the in-process sandbox (and, for the CLI, the same sandbox served on loopback): the fewest calls,
fallbacks, partial failure as data, checkpoints, and the CLI as a user runs it (a pipe, a
pseudo-terminal, a kill and a resume, bad input)."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import zeitkonto
from zeitkonto.jobs import AccountRow, DepartmentFallback, EmployeeFailure, Progress
from zeitkonto.testing import Sandbox

DEPARTMENTS = ["SALES", "ENG", "OPS"]


def rows(events):
    return [e for e in events if isinstance(e, AccountRow)]


def test_without_departments_it_is_the_list_and_one_call_per_employee() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        job = client.jobs.month_close(2026, 10)
        assert (job.plan.path, job.plan.calls) == ("employees", 1)
        events = list(job)
        assert len(rows(events)) == 39
        assert sb.requests() == 40 and sb.requests("time_account") == 39
        assert {r.source for r in rows(events)} == {"time_account"}
        assert [e for e in events if isinstance(e, Progress)][-1] == Progress(40, 40, 0.0)
        assert all(isinstance(r.account, zeitkonto.MonthlyAccount) and r.account.month == 10 for r in rows(events))


def test_department_ids_make_it_departments_plus_one_call() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        job = client.jobs.month_close(2026, 10, departments=DEPARTMENTS)
        assert job.plan == zeitkonto.jobs.Plan("departments", 4, 4.0)
        # Its repr: the plan and the progress, none of its arguments (an id may be a key).
        assert repr(job).startswith("<MonthCloseJob Plan(path='departments', calls=4, eta=4.0) Progress(done=0"), repr(job)
        assert not any(d in repr(job) for d in DEPARTMENTS)
        events = list(job)
        assert len(rows(events)) == 39
        assert sb.requests() == 4 and sb.requests("time_account") == 0
        assert len({r.employee for r in rows(events)}) == 39


def test_the_estimates_assume_the_clients_rate_limit_unless_the_job_says_otherwise() -> None:
    slow = zeitkonto.RateLimitSettings(limit=30, window=60.0)
    with Sandbox(today="2026-11-21") as sb:
        with sb.client(rate_limit=zeitkonto.RateLimitSettings()) as client:
            assert client.jobs.month_close(2026, 10, departments=DEPARTMENTS).plan.eta == 4.0
        # Four calls under a client limited to 30 a minute: eight seconds.
        with sb.client(rate_limit=slow) as client:
            assert client.jobs.month_close(2026, 10, departments=DEPARTMENTS).plan.eta == 8.0
            assert client.jobs.month_close(2026, 10, departments=DEPARTMENTS, limit_per_minute=60).plan.eta == 4.0
        # A client limited above the API's 60, or not at all, still meets the server's limit.
        with sb.client(rate_limit=zeitkonto.RateLimitSettings(limit=0)) as client:
            assert client.jobs.month_close(2026, 10, departments=DEPARTMENTS).plan.eta == 4.0


def test_a_refused_department_falls_back_per_employee_and_says_so() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        events = list(client.jobs.month_close(2026, 10, departments=["SALES", "NOPE", "OPS"]))
        assert [e.department for e in events if isinstance(e, DepartmentFallback)] == ["NOPE"]
        assert len(rows(events)) == 39 and len({r.employee for r in rows(events)}) == 39
        assert 0 < sb.requests("time_account") < 39


def test_one_employees_failure_is_data_and_the_other_accounts_arrive() -> None:
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        sb.inject("html", operation="time_account")  # a proxy's page instead of one account
        events = list(client.jobs.month_close(2026, 10))
        failures = [e for e in events if isinstance(e, EmployeeFailure)]
        assert len(failures) == 1 and isinstance(failures[0].error, zeitkonto.DecodeError)
        assert len(rows(events)) == 38


def test_a_refused_key_stops_the_job_with_the_typed_error() -> None:
    with Sandbox() as sb, sb.client(api_key="not-a-key") as client:
        with pytest.raises(zeitkonto.AuthenticationFailedError):
            list(client.jobs.month_close(2026, 10))


def test_the_async_job_gives_the_same_events() -> None:
    async def main() -> int:
        with Sandbox(today="2026-11-21") as sb:
            async with sb.async_client() as client:
                return len([e async for e in client.jobs.month_close(2026, 10, departments=DEPARTMENTS)
                            if isinstance(e, AccountRow)])

    assert asyncio.run(main()) == 39


def test_a_step_cancelled_by_a_timeout_leaves_the_job_readable_and_the_same_iterator_usable() -> None:
    # An async generator would be finished by the cancellation, and the next __anext__ would end
    # the iteration as if the job were done (0 rows, no error).
    async def main() -> None:
        with Sandbox(today="2026-11-21") as sb:
            async with sb.async_client() as client:
                job = client.jobs.month_close(2026, 10, departments=DEPARTMENTS)
                events = job.__aiter__()
                await events.__anext__()  # the first call's progress: the job has stepped once
                sb.inject("delay", count=1, delay=1.0)  # the next call waits in the sandbox
                with pytest.raises(asyncio.TimeoutError):
                    await asyncio.wait_for(events.__anext__(), 0.2)
                # The cancelled step still holds the job until its call ends; the checkpoint (the
                # one saved last) is readable all the same.
                assert json.loads(job.checkpoint)
                rows = []
                while True:
                    try:
                        event = await events.__anext__()
                    except StopAsyncIteration:
                        break
                    if isinstance(event, AccountRow):
                        rows.append(event.employee)
                assert len(rows) == 39, rows
                assert job.progress.done == job.progress.total
                with pytest.raises(StopAsyncIteration):  # a finished iterator stays finished
                    await events.__anext__()
                # aclose() ends an iteration early (contextlib.aclosing); the job iterates on.
                again = job.__aiter__()
                await again.aclose()
                with pytest.raises(StopAsyncIteration):
                    await again.__anext__()

    asyncio.run(main())


def test_a_stopped_job_resumed_from_its_checkpoint_makes_no_finished_call_again(tmp_path: Path) -> None:
    ckpt = tmp_path / "march.ckpt"
    with Sandbox(today="2026-11-21") as sb, sb.client() as client:
        seen = []
        for event in client.jobs.month_close(2026, 10, checkpoint=ckpt):
            if isinstance(event, AccountRow):
                seen.append(event.employee)
                if len(seen) == 15:
                    break  # Ctrl-C, a laptop lid
        for event in client.jobs.month_close(2026, 10, checkpoint=ckpt):
            if isinstance(event, AccountRow):
                seen.append(event.employee)
        # At least once, never lost: the call whose row was being handled when the loop stopped is
        # made again; every other finished call is not.
        assert len(set(seen)) == 39 and len(seen) == 40
        assert sb.requests("employees") == 1 and sb.requests("time_account") == 40


@pytest.mark.parametrize("kwargs,field", [
    ({"month": 13}, "month"), ({"month": 0}, "month"),
    ({"departments": ["A", "A"]}, "departments"), ({"departments": "SALES"}, "departments"),
])
def test_bad_input_names_the_field(kwargs: dict, field: str) -> None:
    with Sandbox() as sb, sb.client() as client:
        args = {"year": 2026, "month": 3, **kwargs}
        with pytest.raises(zeitkonto.InvalidInputError) as err:
            client.jobs.month_close(args.pop("year"), args.pop("month"), **args)
        assert err.value.field == field
        assert sb.requests() == 0


def test_a_corrupt_checkpoint_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    ckpt = tmp_path / "x.ckpt"
    ckpt.write_text("{half a checkpoint", encoding="utf-8")
    with Sandbox() as sb, sb.client() as client:
        with pytest.raises(zeitkonto.InvalidInputError) as err:
            client.jobs.month_close(2026, 10, checkpoint=ckpt)
        assert err.value.field == "checkpoint"
        other = tmp_path / "other.ckpt"
        list(client.jobs.month_close(2026, 9, checkpoint=other))
        with pytest.raises(zeitkonto.InvalidInputError):
            client.jobs.month_close(2026, 10, checkpoint=other)  # another month's
        # Another company's key is refused this company's checkpoint, before any call (its calls
        # would ask that company for these employees); the checkpoint keeps no key, in any part.
        with sb.client(api_key=sb.keys.other_company_key) as theirs:
            calls = sb.requests()
            with pytest.raises(zeitkonto.InvalidInputError, match="another account") as err:
                theirs.jobs.month_close(2026, 9, checkpoint=other)
            assert err.value.field == "checkpoint" and sb.requests() == calls
        assert "demo-company" not in other.read_text(encoding="utf-8")
        assert (other.stat().st_mode & 0o777 == 0o600) or sys.platform == "win32"  # the owner's only
    assert ckpt.read_text(encoding="utf-8") == "{half a checkpoint"


# ---- the command line -------------------------------------------------------------------------

ZEITKONTO = [sys.executable, "-m", "zeitkonto.cli"]


@pytest.fixture()
def served():
    sb = Sandbox(today="2026-11-21")
    url = sb.serve()
    env = dict(os.environ, ZEITKONTO_API_KEY=sb.keys.company_key, ZEITKONTO_BASE_URL=url)
    yield sb, env
    sb.close()


def run(args, env, **kw):
    return subprocess.run(ZEITKONTO + args, env=env, capture_output=True, text=True, timeout=120, **kw)


def test_cli_month_close_to_csv_a_spreadsheet_opens(served, tmp_path: Path) -> None:
    sb, env = served
    out = tmp_path / "oct.csv"
    r = run(["month-close", "2026-10", *sum((["--department", d] for d in DEPARTMENTS), []), "--output", str(out),
             "--bom", "--delimiter", ";"], env)
    assert r.returncode == 0, r.stderr
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    table = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    assert len(table) == 39 and table[0]["month"] == "10"  # calendar months
    assert {"email", "source", "balance", "target"} <= set(table[0])
    assert "progress: 4/4 calls" in r.stderr  # a pipe gets plain lines
    assert sb.keys.company_key not in r.stdout + r.stderr


def test_cli_json_and_the_simple_commands(served, tmp_path: Path) -> None:
    sb, env = served
    r = run(["month-close", "2026-10", "--format", "json"], env)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert len(data) == 39 and data[0]["source"] == "time_account"
    assert len(list(csv.reader(io.StringIO(run(["employees"], env).stdout)))) == 40
    assert json.loads(run(["presence", "--day", "2026-11-20", "--format", "json"], env).stdout)
    r = run(["clock", "come", sb.keys.employee], env)
    assert r.returncode == 0 and sb.writes("clock") == 1


@pytest.mark.parametrize("command,calls", [
    (["month-close", "2026-10"], 40),
    (["project-hours", "2026-09-01", "2026-11-20", "--email", "max.manager@demo.example"], 13),
])
@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal (pty) is POSIX")
def test_cli_progress_bar_on_a_terminal(served, tmp_path: Path, command, calls) -> None:
    import pty

    sb, env = served
    primary, secondary = pty.openpty()
    proc = subprocess.Popen(ZEITKONTO + command + ["-o", str(tmp_path / "x.csv")], env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=secondary)
    os.close(secondary)
    seen = b""
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    assert proc.wait(timeout=60) == 0
    text = seen.decode("utf-8", "replace")
    assert "\r[" in text and "ETA" in text and f"{calls}/{calls} calls" in text


def test_cli_killed_and_resumed_writes_each_row_once(served, tmp_path: Path) -> None:
    sb, env = served
    out, ckpt = tmp_path / "oct.csv", tmp_path / "oct.ckpt"
    sb.inject("delay", operation="time_account", delay=0.05, count=1000)  # a slow server: time to kill
    args = ["month-close", "2026-10", "--output", str(out), "--checkpoint", str(ckpt)]
    proc = subprocess.Popen(ZEITKONTO + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while sb.requests("time_account") < 12 and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.kill()  # SIGKILL; TerminateProcess on Windows
    proc.wait(timeout=30)
    before = sb.requests("time_account")
    assert 0 < before < 39
    r = run(args, env)
    assert r.returncode == 0, r.stderr
    table = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(table) == 39 == len({t["email"] for t in table})
    # At most the call in flight at the kill is made again; the list is not fetched again.
    assert sb.requests("time_account") <= 40 and sb.requests("employees") == 1


@pytest.mark.parametrize("args,needle", [
    (["month-close", "2026-13"], "not a calendar month"),
    (["month-close", "March"], "expected YYYY-MM"),
    (["month-close", "2026-10", "--output", "/nonexistent/dir/x.csv"], "cannot write"),
    (["month-close", "2026-10", "--checkpoint", "x.ckpt"], "needs --output"),
    (["no-such-command"], "invalid choice"),
])
def test_cli_bad_input_is_a_clear_message_and_exit_2(served, args, needle) -> None:
    sb, env = served
    r = run(args, env)
    assert r.returncode == 2 and needle in r.stderr, r.stderr
    assert sb.requests() == 0


def test_cli_a_corrupt_checkpoint_exits_2_and_stays(served, tmp_path: Path) -> None:
    sb, env = served
    ckpt = tmp_path / "x.ckpt"
    ckpt.write_text("garbage", encoding="utf-8")
    r = run(["month-close", "2026-10", "-o", str(tmp_path / "o.csv"), "--checkpoint", str(ckpt)], env)
    assert r.returncode == 2 and "checkpoint" in r.stderr
    assert ckpt.read_text(encoding="utf-8") == "garbage"


def test_cli_exit_codes_auth_partial_and_no_key(served, tmp_path: Path) -> None:
    sb, env = served
    assert run(["employees"], dict(env, ZEITKONTO_API_KEY="not-a-key")).returncode == 3
    sb.inject("html", operation="time_account")
    r = run(["month-close", "2026-10", "-o", str(tmp_path / "p.csv")], env)
    assert r.returncode == 1 and "failed: " in r.stderr
    no_key = {k: v for k, v in env.items() if k != "ZEITKONTO_API_KEY"}
    r = run(["employees"], no_key)
    assert r.returncode == 2 and "ZEITKONTO_API_KEY" in r.stderr


def test_cli_help_on_every_command() -> None:
    for cmd in ([], ["employees"], ["presence"], ["month-close"], ["clock"]):
        r = subprocess.run(ZEITKONTO + cmd + ["--help"], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0 and "usage: zeitkonto" in r.stdout
    # `python -m zeitkonto` is the same command line.
    r = subprocess.run([sys.executable, "-m", "zeitkonto", "employees", "--help"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "usage: zeitkonto employees" in r.stdout, r.stdout + r.stderr


def test_the_readmes_command_lines_run_as_written(tmp_path: Path) -> None:
    import re

    # The package's guide (docs/guide/python.md, past the README's quickstart).
    text = (Path(__file__).resolve().parents[2] / "docs" / "guide" / "python.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```sh\n(.*?)```", text, flags=re.S) if "zeitkonto --sandbox" in b]
    assert blocks, "the guide's command-line block"
    import shutil
    import sysconfig

    # Where pip puts the console script: the venv's bin, or Scripts\ on Windows.
    bindir = sysconfig.get_path("scripts")
    command = shutil.which("zeitkonto", path=bindir)
    if command is None and os.name != "nt":  # (Windows runs the same entry point below, no shim)
        # The package installed without its console script (a `pip install --target` directory, as
        # the aarch64 check under qemu does): the same entry point through this interpreter.
        bindir = str(tmp_path / "bin")
        os.makedirs(bindir)
        shim = Path(bindir) / "zeitkonto"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m zeitkonto.cli "$@"\n', encoding="utf-8")
        shim.chmod(0o755)
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    env.pop("ZEITKONTO_API_KEY", None)
    if os.name == "nt":  # no POSIX shell: each command line's arguments, as Windows starts the program
        import shlex

        program = [command] if command else ZEITKONTO  # zeitkonto.exe, pip's launcher
        for line in blocks[0].replace("\\\n", " ").splitlines():
            args = shlex.split(line)
            assert args[0] == "zeitkonto", line
            r = subprocess.run(program + args[1:], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
            assert r.returncode == 0, (line, r.stderr)
    else:
        r = subprocess.run(["bash", "-euo", "pipefail", "-c", blocks[0]], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
    assert (tmp_path / "october.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    assert len((tmp_path / "staff.csv").read_text(encoding="utf-8").splitlines()) == 40
    assert len(json.loads((tmp_path / "leave.json").read_text(encoding="utf-8"))) == 40
    assert (tmp_path / "board.csv").read_text(encoding="utf-8").startswith("source,membercode")
    assert (tmp_path / "hours.csv").read_text(encoding="utf-8").startswith("source,top_level_project")


def test_wrong_types_are_invalid_input_naming_the_field(tmp_path: Path) -> None:
    with Sandbox() as sb, sb.client() as client:
        for kwargs, field in [({"month": "10"}, "month"), ({"departments": [1]}, "departments"),
                              ({"checkpoint": 1}, "checkpoint"), ({"year": 2026.0}, "year")]:
            args = {"year": 2026, "month": 10, **kwargs}
            with pytest.raises(zeitkonto.InvalidInputError) as err:
                client.jobs.month_close(args.pop("year"), args.pop("month"), **args)
            assert err.value.field == field
        print("stdout still open")  # checkpoint=1 must not have touched file descriptor 1
        for kwargs, field in [({"count": -1}, "count"), ({"count": True}, "count"), ({"status": -1}, "status"),
                              ({"pad": -1}, "pad"), ({"retry_after": -1}, "retry_after"), ({"operation": 5}, "operation")]:
            with pytest.raises(zeitkonto.InvalidInputError) as err:
                sb.inject("status", **kwargs)
            assert err.value.field == field
        with pytest.raises(zeitkonto.InvalidInputError) as err:
            sb.requests(5)  # type: ignore[arg-type]
        assert err.value.field == "operation"
    with pytest.raises(zeitkonto.InvalidInputError) as err:
        Sandbox(routes=5)  # type: ignore[arg-type]
    assert err.value.field == "routes"


def test_the_seed_of_a_sandbox_starts_another() -> None:
    seed = Sandbox(today="2026-11-21").seed()
    with Sandbox(today="2026-11-21", seed=seed) as copy, copy.client() as client:
        assert len(client.employees()) == 39


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_cli_interrupted_mid_run_exits_130_and_a_resume_loses_nothing(served, tmp_path: Path) -> None:
    sb, env = served
    out, ckpt = tmp_path / "r.csv", tmp_path / "r.ckpt"
    sb.inject("delay", operation="time_account", delay=0.05, count=1000)  # a slow server: time for Ctrl-C
    args = ["month-close", "2026-10", "-o", str(out), "--checkpoint", str(ckpt)]
    # SIGINT as a terminal sends it (a CI runner may start us with it ignored, which a child inherits).
    proc = subprocess.Popen(ZEITKONTO + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while sb.requests("time_account") < 10 and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)  # Ctrl-C: Python's KeyboardInterrupt, handed to the Rust command
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err, err
    # Written as r.csv.partial until whole (renamed then): a stopped run leaves no r.csv.
    assert 0 < len((tmp_path / "r.csv.partial").read_text(encoding="utf-8").splitlines()) < 40
    assert not out.exists()
    r = run(args, env)
    assert r.returncode == 0, r.stderr
    table = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(table) == 39 == len({t["email"] for t in table})


@pytest.mark.skipif(sys.platform == "win32", reason="a file size limit (RLIMIT_FSIZE) is POSIX")
def test_cli_a_write_failure_exits_2_and_a_resume_loses_nothing(served, tmp_path: Path) -> None:
    import resource

    sb, env = served
    out, ckpt = tmp_path / "f.csv", tmp_path / "f.ckpt"
    args = ["month-close", "2026-10", "-o", str(out), "--checkpoint", str(ckpt)]

    def small_files() -> None:  # a file size limit (as a full disk): the write fails part-way
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (3000, 3000))

    r = subprocess.run(ZEITKONTO + args, env=env, capture_output=True, text=True, timeout=120, preexec_fn=small_files)
    assert r.returncode == 2 and "cannot write" in r.stderr and "run the same command again" in r.stderr, r.stderr
    r = run(args, env)
    assert r.returncode == 0, r.stderr
    table = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(table) == 39 == len({t["email"] for t in table})


def test_cli_resume_with_another_format_is_refused(served, tmp_path: Path) -> None:
    sb, env = served
    out, ckpt = tmp_path / "o.csv", tmp_path / "o.ckpt"
    assert run(["month-close", "2026-10", "-o", str(out), "--checkpoint", str(ckpt)], env).returncode == 0
    r = run(["month-close", "2026-10", "-o", str(out), "--checkpoint", str(ckpt), "--format", "json"], env)
    assert r.returncode == 2 and "format" in r.stderr


def test_cli_a_closed_pipe_is_a_quiet_exit_and_nested_records_are_json_cells(served, tmp_path: Path) -> None:
    sb, env = served
    # `zeitkonto project-hours ... | head -1` (or PowerShell's `Select-Object -First 1`): the reader
    # closes the pipe after the first line. The whole output (~170 KB) is more than any pipe's
    # buffer, so the command's writes do meet the closed pipe: it stops there, quietly, before the
    # job's last call.
    args = ["project-hours", "2026-09-01", "2026-11-20", "--email", "max.manager@demo.example"]
    before = sb.requests()
    whole = run(args, env)
    assert whole.returncode == 0 and len(whole.stdout) > 128 * 1024, whole.stderr
    calls, before = sb.requests() - before, sb.requests()
    proc = subprocess.Popen(ZEITKONTO + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    stderr = proc.stderr.read().decode("utf-8", "replace")
    assert proc.wait(timeout=60) == 0, stderr  # quiet: nobody reads any more
    assert "Traceback" not in stderr and first.startswith(b"source,top_level_project"), stderr
    assert sb.requests() - before < calls, "the command ran on after its reader had gone"
    out = tmp_path / "n.csv"
    assert run(["month-close", "2026-10", "-o", str(out)], env).returncode == 0
    row = next(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert json.loads(row["today"]) == {"target": 480.0, "actual": 0.0} or row["today"].startswith("{")
    assert "DayTotals(" not in out.read_text(encoding="utf-8")


def test_cli_main_in_process_writes_through_pythons_streams(capsys: pytest.CaptureFixture[str]) -> None:
    import contextlib

    from zeitkonto.cli import main

    assert main(["--sandbox", "--sandbox-today", "2026-11-21", "employees"]) == 0
    out, err = capsys.readouterr()
    assert len(list(csv.reader(io.StringIO(out)))) == 40 and err == ""
    assert main(["--sandbox", "month-close", "2026-13"]) == 2
    assert "not a calendar month" in capsys.readouterr().err
    assert main(["--sandbox", "--sandbox-today", "2026-11-21", "leave-year", "2026", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)) == 40 and "leave year 2026: 40 rows" in err
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["--version"]) == 0
    assert buffer.getvalue().startswith("zeitkonto ")
