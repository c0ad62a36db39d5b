"""What every job shares in Python (``zeitkonto.jobs`` is generated from the core's declaration of
the jobs and re-exports these): the job objects over the Rust client's jobs (``_core.Job``: the one
driver over the core's planners, as in Rust, Kotlin and Swift), their loop (sync and async), the
checkpoint file, and the arguments as the core reads them."""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import numbers
import operator
import os
from dataclasses import dataclass
from typing import (Any, AsyncIterator, Callable, Dict, Generic, Iterator, List, Mapping, Optional, Tuple,
                    TypeVar, Union)

from . import _bridge, _core, _telemetry
from ._convert import Hidden as _Hidden
from ._job_events import DepartmentFallback, Fallback, MonthCloseEvent, Progress, SweepEvent, _event
from .errors import _invalid, _snake, from_core

__all__ = ["MonthCloseJob", "AsyncMonthCloseJob", "SweepJob", "AsyncSweepJob", "Plan"]

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


#: What each type of job argument takes (the declaration's types), for a refusal's reason.
_EXPECTED = {"year": "a whole number", "month": "a whole number (1-12)", "day": "a datetime.date or 'YYYY-MM-DD'",
             "ids": "a list of ids (strings)", "email": "a string"}


def _argument(kind: str, value: Any) -> Any:
    """A job's argument as the core reads it (``zeitkonto_core::jobs::JobSpec``, which checks the
    values for every language): a ``numbers.Integral`` (numpy's integers) as an ``int``, a date
    (a datetime as its own ``.date()``) as ``"YYYY-MM-DD"``, any
    iterable of ids as a list; a value no JSON value stands for (a float) is returned as the reason
    it is refused (raised by ``_spec`` once the values are out of its frame)."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, numbers.Integral):  # numpy's and pandas' integers (not numpy's bool_)
        with contextlib.suppress(TypeError):
            return operator.index(value)
    if kind == "day" and isinstance(value, _dt.date):
        # A datetime counts as its own .date(), as the client's methods take it.
        return (value.date() if isinstance(value, _dt.datetime) else value).isoformat()
    if kind == "ids" and not isinstance(value, (bytes, Mapping)) and hasattr(value, "__iter__"):
        return [v if isinstance(v, str) else None for v in value]  # the core refuses a None id
    return _Refused(f"expected {_EXPECTED.get(kind, kind)}, got {type(value).__name__}")


class _Refused(str):
    """The reason an argument is refused (``_argument``)."""


def _spec(kind: str, types: Dict[str, str], values: _Hidden) -> Callable[[Any, Optional[_Path]], Any]:
    """Starts the job ``kind`` (``zeitkonto.jobs``, generated from the declaration, gives its
    arguments' declared names and types, then their values and ``limit_per_minute``, kept out of
    sight) over a core client, with its checkpoint file when given; the core checks the arguments
    and names the one that is wrong. Nothing raised here has a value in a frame's locals."""
    limit = values.value[-1]  # None: the client's rate limit (the core's rule)
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)):
        raise _invalid("limit_per_minute", f"expected a whole number or None, got {type(limit).__name__}")
    spec = _Hidden({name: _argument(t, v) for (name, t), v in zip(types.items(), values.value)})
    del values
    refused = next(((name, v) for name, v in spec.value.items() if isinstance(v, _Refused)), None)
    if refused is not None:
        del spec
        raise _invalid(_snake(refused[0]), refused[1])
    spec.value["limitPerMinute"] = limit
    text = _Hidden(json.dumps(spec.value))
    del spec
    return lambda core, checkpoint: _core.job(core, kind, text.value, checkpoint)


class _JobBase(Generic[E, F]):
    """A job of the Rust client (``_core.Job``: the one driver over the core's planners, as in
    Rust, Kotlin and Swift) and its checkpoint file. Every job has the same loop (``_Job``,
    ``_AsyncJob``); nothing here knows a job's calls."""

    #: The fallbacks' class: ``DepartmentFallback`` (month close) or ``Fallback`` (sweeps).
    _fallback: Callable[[str, str], F]

    def __init__(self, client: Any, make: Callable[[Any, Optional[_Path]], "_core.Job"],
                 checkpoint: Optional[_Path]) -> None:
        """``make(core_client, checkpoint_path)`` starts the job: resumed from the file when it
        exists, which the client writes at once (an unwritable path fails before the first call)
        and after every call whose events the consumer handled, atomically."""
        if checkpoint is not None and not isinstance(checkpoint, (str, os.PathLike)):
            raise _invalid("checkpoint", f"expected a file path, got {type(checkpoint).__name__}")
        self._client = client
        try:
            self._job = make(client._client(), checkpoint)
        except _core.CoreError as e:
            raise from_core(e.args[0], python_names=True) from None

    def _log(self) -> None:
        if getattr(self._client, "_logging", False):
            self._client._log()

    @contextlib.contextmanager
    def _step(self, span: Any) -> Iterator[Optional["_core.Trace"]]:
        """Around one step of the job (``next``, which first saves the checkpoint: the consumer
        asks for more, so the call whose events it handled is finished; a job stopped in between —
        a break, an exception, a kill — makes that one call again on resume rather than losing its
        rows: at least once, never lost; a stop is saved too): the step runs in the job's span,
        its call's span collected by the ``Trace`` given."""
        with span.call():
            begun = _telemetry.begin()
            try:
                yield begun[0] if begun else None
            except _core.CoreError as e:
                raise from_core(e.args[0], python_names=True) from None
            finally:
                _telemetry.finish(begun)
                self._log()

    def __repr__(self) -> str:
        # The plan and the progress: no argument of the job (an id may be a key given by mistake);
        # a job whose start was refused (an error reporter prints its frame's locals) has neither.
        if getattr(self, "_job", None) is None:
            return f"<{type(self).__name__} (not started)>"
        try:
            return f"<{type(self).__name__} {self.plan!r} {self.progress!r}>"
        except _core.CoreError:  # a step holds the job (another task's, or one cut short)
            return f"<{type(self).__name__} (running a step)>"

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
        return self._job.checkpoint()

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
        with _telemetry.job(self._job.span) as span:
            while True:
                with self._step(span) as trace:
                    event = self._job.next(trace)
                if event is None:
                    return
                yield _event(event)


class _AsyncJob(_JobBase[E, F]):
    """A job over an ``AsyncClient``: an async iterable of events."""

    def __aiter__(self) -> AsyncIterator[Union[Progress, E]]:
        return _AsyncSteps(self)


class _AsyncSteps(Generic[E]):
    """One ``async for`` over an async job. Each ``__anext__`` is one step in a coroutine of its
    own, not an async generator (which a cancellation finishes, so that the next ``__anext__``
    would end the iteration as if the job were done): a cancelled step (a timeout around
    ``__anext__``, a cancelled task) frees the job and leaves this iterator usable, and its next
    step makes that call again (or hands out its event, when the call had finished as it was
    cancelled). An error ends the iteration; the job's span ends with the last step, an error,
    ``aclose()``, or when the iterator is dropped unfinished."""

    _span: Optional[_telemetry.JobSpan] = None

    def __init__(self, job: "_AsyncJob[E, Any]") -> None:
        self._job = job
        self._held: Any = None  # a step that finished as it was cancelled: its event is the next
        self._span = _telemetry.start_job(job._job.span)

    def __aiter__(self) -> "_AsyncSteps[E]":
        return self

    async def __anext__(self) -> Union[Progress, E]:
        import asyncio

        if self._span is None:
            raise StopAsyncIteration
        job, loop = self._job._job, asyncio.get_running_loop()
        try:
            with self._job._step(self._span) as trace:
                pending, self._held = self._held, None
                if pending is None:
                    pending, done = _bridge.start(lambda token: job.next_async(token, trace), loop)
                    try:
                        await done
                    except asyncio.CancelledError:
                        if pending.done():
                            self._held = pending  # finished all the same: not lost
                        else:
                            pending.cancel()  # as a call's (AsyncClient): its call is made again
                        raise
                event = pending.take()
            out: Optional[Union[Progress, E]] = None if event is None else _event(event)
        except Exception as e:
            self._end(e)
            raise
        if out is None:
            self._end()
            raise StopAsyncIteration
        return out

    async def aclose(self) -> None:
        """Ends the iteration (and the job's span); the job can be iterated again."""
        self._end()

    def _end(self, error: Optional[BaseException] = None) -> None:
        span, self._span = self._span, None
        if span is not None:
            span.end(error)

    def __del__(self) -> None:
        self._end()


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
