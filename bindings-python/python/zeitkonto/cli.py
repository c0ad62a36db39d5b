"""``zeitkonto``: the command line for the scripts people write against the API.

    zeitkonto employees [--format csv|json] [--output FILE]
    zeitkonto presence [--day YYYY-MM-DD] [--format csv|json] [--output FILE]
    zeitkonto month-close 2026-03 [--department ID ...] [--format csv|json] [--output FILE]
                          [--checkpoint FILE] [--bom] [--delimiter ';']
    zeitkonto presence-board [--day YYYY-MM-DD] [JOB OPTIONS]
    zeitkonto leave-year 2026 [JOB OPTIONS]
    zeitkonto project-hours 2026-01-01 2026-03-31 --email MANAGER [--project ID ...] [JOB OPTIONS]
    zeitkonto clock come|go|stop EMPLOYEE

The key comes from ``ZEITKONTO_API_KEY`` (or ``--api-key-file FILE``), never from an argument that
lands in the shell's history; the instance from ``ZEITKONTO_BASE_URL`` or ``--base-url``.
``--sandbox`` runs against the in-process sandbox (the demo company) instead. The four jobs
(``month-close``, ``presence-board``, ``leave-year``, ``project-hours``; JOB OPTIONS: ``--format``,
``--output``, ``--checkpoint``, ``--bom``, ``--delimiter``) share one runner (:func:`_run_job`): its
output, checkpoint, progress, failures and exit codes are the same for all.

Exit codes: 0 done; 1 finished with failures (listed on stderr) or stopped by an error; 2 bad
usage or input (a month 13, a start after the end, an unwritable output, a corrupt checkpoint); 3
the key was refused (or the company is inactive); 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import csv
import datetime as _dt
import io
import json
import os
import sys
import time
from typing import Any, Callable, Dict, IO, Iterable, List, Optional, Sequence, Tuple

from . import errors
from .client import Client
from .jobs import (AccountRow, BookingRow, CallFailure, DepartmentFallback, EmployeeFailure, Fallback, LeaveRow,
                   PresenceRow, Progress)
from .models import Model, MonthlyAccount, PresenceEntry

EXIT_OK, EXIT_PARTIAL, EXIT_USAGE, EXIT_AUTH = 0, 1, 2, 3


class UsageError(Exception):
    """Bad usage or input: exit 2 with the message."""


# ---- values as a spreadsheet and JSON want them ------------------------------------------------

# A text cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
# return first): written with a `'` before it, as OWASP advises against CSV injection. Numbers are
# numbers and stay as they are.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(v: Any) -> Any:
    if v is None:
        return ""
    if isinstance(v, str) and v.startswith(_FORMULA_START):
        return "'" + v
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (_dt.date, _dt.time)):
        return v.isoformat()
    if isinstance(v, (Model, list, tuple, dict)):
        # A nested record (a day's totals, the traffic light) as JSON text in its cell.
        return json.dumps(_json_value(v), ensure_ascii=False, separators=(",", ":"))
    return v


def _json_value(v: Any) -> Any:
    if isinstance(v, Model):
        return {f: _json_value(getattr(v, f)) for f in type(v)._fields}
    if isinstance(v, (list, tuple)):
        return [_json_value(x) for x in v]
    if isinstance(v, dict):
        return {k: _json_value(x) for k, x in v.items()}
    if isinstance(v, (_dt.date, _dt.time)):
        return v.isoformat()
    return v


def _scalar_fields(cls: "type[Model]") -> List[str]:
    """The model's fields a CSV cell can hold (lists and nested records are left to JSON)."""
    return [f for f in cls._fields if f not in _LIST_FIELDS.get(cls.__name__, ())]


# Fields that are lists or records, by model (CSV has one row per record).
_LIST_FIELDS = {"MonthlyAccount": ("bookings",), "PresenceEntry": ("list",), "EmployeeRecord": ()}


class _Writer:
    """Rows to CSV or JSON, to a file or stdout; resumable at a byte length. The CSV header is
    written when the columns are known (:meth:`set_columns`: at once for a fixed table, at the
    first row for one whose columns are its rows' keys)."""

    def __init__(self, out: IO[str], fmt: str, columns: Optional[List[str]], *, bom: bool, delimiter: str,
                 written: int, rows: int, from_first_row: bool = False) -> None:
        self.out, self.fmt = out, fmt
        self.from_first_row = from_first_row
        self.columns: Optional[List[str]] = None
        self.rows = rows
        self.delimiter = delimiter
        self.fresh = written == 0
        self.unlisted: List[str] = []
        if self.fresh:
            if bom:
                out.write("\ufeff")
            if fmt == "json":
                out.write("[")
            out.flush()
        if columns is not None:
            self.set_columns(columns)

    def set_columns(self, columns: List[str]) -> None:
        """The CSV columns; the header goes out when nothing of this file was written before."""
        self.columns = columns
        if self.fresh and self.fmt == "csv":
            self._csv_line(columns)
            self.out.flush()

    def _csv_line(self, values: Sequence[Any]) -> None:
        buf = io.StringIO()
        csv.writer(buf, delimiter=self.delimiter, lineterminator="\r\n").writerow(values)
        self.out.write(buf.getvalue())

    def row(self, values: Dict[str, Any]) -> None:
        if self.columns is None:
            self.set_columns(list(values))
        if self.fmt == "csv":
            columns = self.columns or []
            for key in values if self.from_first_row else ():
                if key not in columns and key not in self.unlisted:
                    # A field the first row did not have: said once, kept in JSON output.
                    self.unlisted.append(key)
                    sys.stderr.write(f"zeitkonto: field {key!r} is not a column (the columns are the first row's "
                                     "fields): --format json keeps every field\n")
            self._csv_line([_cell(values.get(c)) for c in columns])
        else:
            self.out.write(("," if self.rows else "") + "\n" + json.dumps(
                {k: _json_value(v) for k, v in values.items()}, ensure_ascii=False))
        self.rows += 1

    def close(self) -> None:
        if self.fmt == "json":
            self.out.write("\n]\n")
        self.out.flush()


# ---- progress ---------------------------------------------------------------------------------

def _clock(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


class _ProgressReport:
    """A bar with ETA on a terminal (stderr), plain lines otherwise (about every 10 %)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.last_tenth = -1

    def update(self, p: Progress) -> None:
        total = max(p.total, 1)
        if self.tty:
            width = 30
            filled = int(width * p.done / total)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {p.done}/{p.total} calls, "
                              f"ETA {_clock(p.eta)}   ")
            self.stream.flush()
            return
        tenth = 10 * p.done // total
        if tenth != self.last_tenth or p.done == p.total:
            self.last_tenth = tenth
            self.stream.write(f"progress: {p.done}/{p.total} calls, eta {_clock(p.eta)}\n")
            self.stream.flush()

    def done(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


# ---- the client ---------------------------------------------------------------------------------

def _client(args: argparse.Namespace) -> Tuple[Client, Any]:
    """The client the options ask for, and the sandbox when ``--sandbox`` (kept alive)."""
    if args.sandbox:
        from .testing import Sandbox

        sandbox = Sandbox(today=args.sandbox_today)
        return sandbox.client(), sandbox
    key: Optional[str] = None
    if args.api_key_file:
        try:
            with open(args.api_key_file, encoding="utf-8") as f:
                key = f.read().strip()
        except OSError as e:
            raise UsageError(f"--api-key-file: cannot read it: {e.strerror}") from None
    else:
        key = os.environ.get("ZEITKONTO_API_KEY")
    if not key:
        raise UsageError("no API key: set ZEITKONTO_API_KEY (or pass --api-key-file FILE); "
                         "a key is never taken as an argument, which would land in the shell's history")
    return Client(key, base_url=args.base_url or os.environ.get("ZEITKONTO_BASE_URL")), None


def _open_output(path: Optional[str], append_at: Optional[int] = None) -> IO[str]:
    if path is None or path == "-":
        if append_at:
            raise UsageError("--checkpoint needs --output FILE (rows of a resumed job go on in the file)")
        return sys.stdout
    try:
        if append_at is not None and os.path.exists(path):
            f = open(path, "r+", encoding="utf-8", newline="")
            f.truncate(append_at)  # what a stopped run wrote after its last checkpoint goes
            f.seek(append_at)
            return f
        return open(path, "w", encoding="utf-8", newline="")
    except OSError as e:
        raise UsageError(f"--output {path}: cannot write it: {e.strerror}") from None


# ---- commands -------------------------------------------------------------------------------------

def _write_models(args: argparse.Namespace, items: Iterable[Model], cls: "type[Model]") -> int:
    out = _open_output(args.output)
    w = _Writer(out, args.format, _scalar_fields(cls), bom=args.bom, delimiter=args.delimiter, written=0, rows=0)
    for item in items:
        w.row({f: getattr(item, f) for f in cls._fields})  # CSV: its columns of them
    w.close()
    if out is not sys.stdout:
        out.close()
    return EXIT_OK


def cmd_employees(args: argparse.Namespace, client: Client) -> int:
    from .models import EmployeeRecord

    return _write_models(args, client.employees(), EmployeeRecord)


def _date_arg(name: str, text: str) -> _dt.date:
    """A command-line date (YYYY-MM-DD), or exit 2 saying what was expected."""
    try:
        if len(text) != 10:
            raise ValueError(text)
        return _dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"{name}: expected a date YYYY-MM-DD, got {text!r}") from None


def cmd_presence(args: argparse.Namespace, client: Client) -> int:
    day = _date_arg("--day", args.day) if args.day else None
    return _write_models(args, client.presence(day=day).info, PresenceEntry)


def cmd_clock(args: argparse.Namespace, client: Client) -> int:
    getattr(client, args.action)(args.employee)
    print(f"{args.action}: {args.employee}: done")
    return EXIT_OK


# ---- jobs: one runner for the four ----------------------------------------------------------------

def _merged(ours: Dict[str, Any], entry: Any) -> Dict[str, Any]:
    """A row: our columns first, then the entry's fields (one that has a name of ours is
    ``entry.<name>``; an entry that is not an object is one field, ``entry``)."""
    if not isinstance(entry, dict):
        return {**ours, "entry": entry}
    row = dict(ours)
    for k, v in entry.items():
        row[f"entry.{k}" if k in ours else k] = v
    return row


def _run_job(args: argparse.Namespace, title: str, start: Callable[[], Any],
             row: Callable[[Any], Optional[Dict[str, Any]]], *, columns: Optional[List[str]] = None,
             plan_hint: Optional[Callable[[Any], Optional[str]]] = None) -> int:
    """Runs a job to ``--output`` in ``--format``, with ``--checkpoint``, a progress report on
    stderr, the failures listed, and the exit code (0 done, 1 with failures). ``start()`` makes
    the job; ``row(event)`` is an event's output row (all its fields, JSON writes every one) or
    None; ``columns`` the CSV columns (None: the first row's fields, kept in the checkpoint's
    note for a resume); ``plan_hint(job)`` a plan line of the command's own, if any."""
    if args.checkpoint and (args.output is None or args.output == "-"):
        raise UsageError("--checkpoint needs --output FILE (a resumed job goes on writing the same file)")
    try:
        job = start()
    except errors.InvalidInputError as e:
        raise UsageError(str(e)) from None
    # The checkpoint's note: how much of the output file the finished calls wrote, its rows (and,
    # when the columns come from the first row, the columns).
    written, rows = 0, 0
    shape = {"output": os.path.abspath(args.output) if args.output else None, "format": args.format,
             "delimiter": args.delimiter, "bom": args.bom}
    # Columns taken from the first row are kept in every note (a run resumed from one resumes again).
    keep_columns = columns is None
    if job.note:
        try:
            note = json.loads(job.note)
            written, rows = int(note["bytes"]), int(note["rows"])
            theirs = {k: note.get(k) for k in shape}
            if columns is None and written:
                columns = [str(c) for c in note["columns"]]
        except (ValueError, KeyError, TypeError, AttributeError):
            raise UsageError(f"--checkpoint {args.checkpoint}: its note is not Zeitkonto's") from None
        if theirs != shape:
            said = ", ".join(f"{k} {theirs[k]!r}" for k in shape if theirs[k] != shape[k])
            raise UsageError(f"--checkpoint {args.checkpoint} belongs to a run with {said}: resume with the same "
                             "--output, --format, --delimiter and --bom, or start without the checkpoint")
        if not os.path.exists(args.output):
            raise UsageError(f"--output {args.output}: missing, but the checkpoint says {rows} rows were written "
                             "there; restore it or start without the checkpoint")
        if os.path.getsize(args.output) < written:
            raise UsageError(f"--output {args.output}: shorter than the {written} bytes the checkpoint says were "
                             "written there (cut, or lost in a crash); restore it or start without the checkpoint")
    out = _open_output(args.output, append_at=written if args.checkpoint else None)
    w = _Writer(out, args.format, columns, bom=args.bom, delimiter=args.delimiter, written=written, rows=rows,
                from_first_row=keep_columns)
    progress = _ProgressReport(sys.stderr)
    plan = job.plan
    hint = plan_hint(job) if plan_hint else None
    sys.stderr.write(hint or f"plan: {plan.calls} call{'' if plan.calls == 1 else 's'} ({plan.path} path), "
                     f"about {_clock(plan.eta)} at 60 a minute\n")
    failures: Dict[str, str] = {}
    try:
        for event in job:
            values = row(event)
            if values is not None:
                w.row(values)
                out.flush()
                if args.checkpoint:
                    # On disk before the checkpoint that counts it (a power cut must not leave the
                    # checkpoint pointing past the file's end).
                    os.fsync(out.fileno())
                    extra = {"columns": w.columns} if keep_columns else {}
                    job.note = json.dumps({**shape, "bytes": out.tell(), "rows": w.rows, **extra})
            elif isinstance(event, EmployeeFailure):
                failures[event.employee] = str(event.error)
            elif isinstance(event, CallFailure):
                failures[event.call] = str(event.error)
            elif isinstance(event, DepartmentFallback):
                progress.done()
                why = " (is it a department id of this company?)" if event.reason == "Api 4" else ""
                sys.stderr.write(f"department {event.department}: its summary could not be used ({event.reason}){why}; "
                                 "its employees get calls of their own\n")
            elif isinstance(event, Fallback):
                progress.done()
                sys.stderr.write(f"{event.call}: the company-wide answer could not be used ({event.reason}); "
                                 "the employee list and one call per employee follow\n")
            elif isinstance(event, Progress):
                progress.update(event)
    finally:
        progress.done()
    w.close()
    if out is not sys.stdout:
        out.close()
    # Every failure the job lists (a call that failed before a resume was made again in this run;
    # an unknown project id stays listed), with its error in full when from this run.
    for what, reason in job.failures:
        sys.stderr.write(f"failed: {what}: {failures.get(what, reason)}\n")
    if job.failures:
        sys.stderr.write(f"{title}: {w.rows} rows, {len(job.failures)} failed\n")
        return EXIT_PARTIAL
    sys.stderr.write(f"{title}: {w.rows} rows\n")
    return EXIT_OK


def _year_month(text: str) -> Tuple[int, int]:
    try:
        year_s, month_s = text.split("-")
        year, month = int(year_s), int(month_s)
    except ValueError:
        raise UsageError(f"month: expected YYYY-MM (a calendar month, 01-12), got {text!r}") from None
    if not 1 <= month <= 12:
        raise UsageError(f"month: {month} is not a calendar month (01-12; January is 01), in {text!r}")
    return year, month


def cmd_month_close(args: argparse.Namespace, client: Client) -> int:
    year, month = _year_month(args.month)

    def row(event: Any) -> Optional[Dict[str, Any]]:
        if not isinstance(event, AccountRow):
            return None
        acc = event.account
        return {"email": event.employee, "source": event.source, **{f: getattr(acc, f) for f in acc._fields}}

    def hint(job: Any) -> Optional[str]:
        plan = job.plan
        if plan.path == "employees" and not job.note and plan.calls <= 1:
            return "plan: the employee list, then one call per employee (no --department given), at 60 a minute\n"
        return None

    # `email` (the account's own `employee` field is the employee's UUID), then the SDK's fields.
    return _run_job(args, f"month close {year}-{month:02d}",
                    lambda: client.jobs.month_close(year, month, departments=args.department or (),
                                                    checkpoint=args.checkpoint),
                    row, columns=["email", "source"] + _scalar_fields(MonthlyAccount), plan_hint=hint)


def cmd_presence_board(args: argparse.Namespace, client: Client) -> int:
    day = _date_arg("--day", args.day) if args.day else None

    def row(event: Any) -> Optional[Dict[str, Any]]:
        if not isinstance(event, PresenceRow):
            return None
        return {"source": event.source, **{f: getattr(event.entry, f) for f in event.entry._fields}}

    return _run_job(args, f"presence board {day.isoformat() if day else '(today)'}",
                    lambda: client.jobs.presence_board(day, checkpoint=args.checkpoint), row,
                    columns=["source"] + _scalar_fields(PresenceEntry))


def cmd_leave_year(args: argparse.Namespace, client: Client) -> int:
    try:
        year = int(args.year)
    except ValueError:
        raise UsageError(f"year: expected a year (e.g. 2026), got {args.year!r}") from None

    def row(event: Any) -> Optional[Dict[str, Any]]:
        if not isinstance(event, LeaveRow):
            return None
        return {**_merged({"source": event.source}, event.entry), "legend": event.legend}

    return _run_job(args, f"leave year {year}", lambda: client.jobs.leave_year_report(year, checkpoint=args.checkpoint),
                    row)


def cmd_project_hours(args: argparse.Namespace, client: Client) -> int:
    start, end = _date_arg("start", args.start), _date_arg("end", args.end)

    def row(event: Any) -> Optional[Dict[str, Any]]:
        if not isinstance(event, BookingRow):
            return None
        return _merged({"source": event.source, "top_level_project": event.project}, event.entry)

    def hint(job: Any) -> Optional[str]:
        if not args.project and job.progress.done == 0:
            pieces = (end - start).days // 32 + 1
            return ("plan: the project list, then one call per top-level project and piece of at most 31 days "
                    f"({pieces} piece{'' if pieces == 1 else 's'}), at 60 a minute\n")
        return None

    return _run_job(args, f"project hours {start}..{end}",
                    lambda: client.jobs.project_hours(args.email, start, end, args.project or None,
                                                      checkpoint=args.checkpoint),
                    row, plan_hint=hint)


def _common(top: bool) -> argparse.ArgumentParser:
    """The connection options, before or after the command (after it, unset ones keep the value
    given before it: their default is SUPPRESS there)."""
    d = {} if top else {"default": argparse.SUPPRESS}
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--base-url", help="the instance (default: ZEITKONTO_BASE_URL, else https://desktop.saas.de)",
                        **({"default": None} if top else d))
    common.add_argument("--api-key-file", metavar="FILE", help="read the key from FILE (default: ZEITKONTO_API_KEY)",
                        **({"default": None} if top else d))
    common.add_argument("--sandbox", action="store_true", help="use the in-process sandbox (the demo company)",
                        **({"default": False} if top else d))
    common.add_argument("--sandbox-today", metavar="YYYY-MM-DD", help="freeze the sandbox's today",
                        **({"default": None} if top else d))
    return common


def _parser() -> argparse.ArgumentParser:
    common = _common(top=False)
    out = argparse.ArgumentParser(add_help=False)
    out.add_argument("--format", choices=["csv", "json"], default="csv", help="output format (default csv)")
    out.add_argument("--output", "-o", metavar="FILE", help="write to FILE (default: stdout)")
    out.add_argument("--bom", action="store_true", help="start with a UTF-8 BOM (Excel reads the encoding from it)")
    out.add_argument("--delimiter", choices=[",", ";"], default=",", metavar="',' | ';'",
                     help="CSV delimiter (default ','; ';' for German Excel)")
    p = argparse.ArgumentParser(prog="zeitkonto", description="The saas.de working-time API from the command line "
                                "(Zeitkonto). The key comes from ZEITKONTO_API_KEY.", parents=[_common(top=True)])
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    e = sub.add_parser("employees", parents=[common, out], help="the active employees")
    e.set_defaults(run=cmd_employees)
    pr = sub.add_parser("presence", parents=[common, out], help="who is in (today, or --day)")
    pr.add_argument("--day", metavar="YYYY-MM-DD", help="the day (default: today)")
    pr.set_defaults(run=cmd_presence)
    job = argparse.ArgumentParser(add_help=False)
    job.add_argument("--checkpoint", metavar="FILE", help="save progress to FILE; resume from it when it exists "
                     "(needs --output FILE: the rows go on in the same file)")
    resumable = (" With --checkpoint a stopped run goes on where it stopped (Ctrl-C, a kill, an error), and the "
                 "output holds each row once. Exit codes: 0 done, 1 finished with failures (listed) or stopped by an "
                 "error, 2 bad usage or input, 3 the key refused, 130 interrupted.")
    m = sub.add_parser("month-close", parents=[common, out, job],
                       help="every active employee's monthly account, planned against the rate limit",
                       description="Every active employee's monthly account for MONTH (YYYY-MM, calendar months): "
                       "one call per department with --department, one per employee otherwise. One row per "
                       "employee: email, source (the call), then the account's fields." + resumable)
    m.add_argument("month", metavar="YYYY-MM")
    m.add_argument("--department", action="append", metavar="ID", help="a department id (repeatable)")
    m.set_defaults(run=cmd_month_close)
    pb = sub.add_parser("presence-board", parents=[common, out, job],
                        help="every time-tracked employee's presence of a day, in one call",
                        description="Every time-tracked employee's presence of --day (default: the server's today) "
                        "in one company-wide call; when its answer cannot be used, the employee list and one call per "
                        "employee (said on stderr). One row per employee: source (the call: presence, or "
                        "presence:EMAIL), then the entry's fields (membercode, employee, present, absences as JSON)."
                        + resumable)
    pb.add_argument("--day", metavar="YYYY-MM-DD", help="the day (default: today)")
    pb.set_defaults(run=cmd_presence_board)
    ly = sub.add_parser("leave-year", parents=[common, out, job],
                        help="every leave-managed employee's yearly leave overview, in one call",
                        description="Every leave-managed employee's leave overview of YEAR (one call). One row per "
                        "employee: source (leave_year:YEAR), the overview's fields, then legend (leave-type id to its "
                        "names, JSON). The API does not declare the overview's fields: the CSV columns are the first "
                        "row's (a field only later rows have is said on stderr; --format json keeps every field); "
                        "nested values are JSON in their cell." + resumable)
    ly.add_argument("year", metavar="YEAR")
    ly.set_defaults(run=cmd_leave_year)
    ph = sub.add_parser("project-hours", parents=[common, out, job],
                        help="every top-level project's bookings over a range, in pieces of 31 days",
                        description="The bookings from START to END (YYYY-MM-DD, both included, any length: asked "
                        "in pieces of at most 31 days) of every top-level project (a project's bookings include its "
                        "sub-projects'), or of each --project, asked as the project manager --email. One row per "
                        "booking: source (project_bookings:ID:FROM..TO), top_level_project (the project asked), then "
                        "the booking's fields. The API does not declare them: the CSV columns are the first row's (a "
                        "field only later rows have is said on stderr; --format json keeps every field); nested "
                        "values are JSON in their cell. A piece that fails is listed and the others go on."
                        + resumable)
    ph.add_argument("start", metavar="START")
    ph.add_argument("end", metavar="END")
    ph.add_argument("--email", required=True, metavar="MANAGER", help="the acting project manager's e-mail")
    ph.add_argument("--project", action="append", metavar="ID",
                    help="a project id (repeatable; default: every top-level project)")
    ph.set_defaults(run=cmd_project_hours)
    c = sub.add_parser("clock", parents=[common], help="clock an employee in or out")
    c.add_argument("action", choices=["come", "go", "stop"])
    c.add_argument("employee", metavar="EMPLOYEE", help="e-mail or employee id")
    c.set_defaults(run=cmd_clock)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The console script; returns the exit code."""
    args = _parser().parse_args(argv)
    sandbox = None
    try:
        client, sandbox = _client(args)
        with client:
            code = int(args.run(args, client))
        sys.stdout.flush()  # inside the try: a reader gone away (`| head`) is handled below
        return code
    except UsageError as e:
        sys.stderr.write(f"zeitkonto: {e}\n")
        return EXIT_USAGE
    except (errors.AuthenticationFailedError, errors.CompanyInactiveError) as e:
        sys.stderr.write(f"zeitkonto: {e}\n")
        return EXIT_AUTH
    except errors.InvalidInputError as e:
        sys.stderr.write(f"zeitkonto: {e}\n")
        return EXIT_USAGE
    except errors.ZeitkontoError as e:
        sys.stderr.write(f"zeitkonto: stopped: {e}\n")
        return EXIT_PARTIAL
    except KeyboardInterrupt:
        sys.stderr.write("\nzeitkonto: interrupted (with --checkpoint, run the same command again to go on)\n")
        return 130
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as command-line tools do.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except OSError:
            pass
        return EXIT_OK
    except OSError as e:
        # The output could not be written on (a full disk, a file size limit): the checkpoint
        # keeps what the finished calls wrote, so the same command goes on once there is room.
        where = getattr(args, "output", None) or "the output"
        sys.stderr.write(f"zeitkonto: cannot write {where}: {e.strerror or e}"
                         f"{' (the checkpoint keeps what was written: run the same command again)' if getattr(args, 'checkpoint', None) else ''}\n")
        return EXIT_USAGE
    finally:
        if sandbox is not None:
            sandbox.close()


if __name__ == "__main__":
    sys.exit(main())
