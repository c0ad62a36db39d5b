"""The async bridge works on any asyncio loop: no ``add_reader`` (Windows' Proactor loop has none),
several loops at once, cancellation, and a call still in flight at interpreter exit."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from typing import Any, List

import pytest

import zeitkonto
from zeitkonto import _bridge

from conftest import ANNA, COMPANY_KEY, GENEROUS, WORKSPACE_KEY, Sandbox


class NoReaderLoop(asyncio.SelectorEventLoop):
    """A loop that, like the Proactor loop on Windows, cannot watch file descriptors."""

    def add_reader(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("add_reader is not available on this loop")

    def remove_reader(self, *args: Any, **kwargs: Any) -> bool:
        raise NotImplementedError("remove_reader is not available on this loop")

    def add_writer(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("add_writer is not available on this loop")

    def remove_writer(self, *args: Any, **kwargs: Any) -> bool:
        raise NotImplementedError("remove_writer is not available on this loop")


def run_on(loop: asyncio.AbstractEventLoop, coro: Any) -> Any:
    try:
        return loop.run_until_complete(coro)
    finally:
        loop.close()


def test_async_client_on_a_loop_without_add_reader(sandbox: Sandbox) -> None:
    sandbox.inject(kind="delay", delayMs=300, count=4, operation="employees")

    async def scenario() -> List[Any]:
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, workspace_key=WORKSPACE_KEY,
                                         rate_limit=GENEROUS) as a:
            results = await asyncio.gather(*[a.employees() for _ in range(4)])
            with pytest.raises(zeitkonto.EmployeeNotFoundError):
                await a.time_account("nobody@demo.example", 2026, 3)
            await a.come(ANNA)
            return results

    results = run_on(NoReaderLoop(), scenario())
    assert len(results) == 4 and all(r for r in results)
    assert sandbox.stats()["maxInFlight"] == 4, "the four calls ran concurrently"


@pytest.mark.skipif(sys.platform != "win32", reason="Windows' own default loop (scripts/python-windows runs it)")
def test_the_default_loop_on_windows_is_the_proactor_and_calls_run_on_it(sandbox: Sandbox) -> None:
    sandbox.inject(kind="delay", delayMs=300, count=3, operation="employees")

    async def scenario() -> List[Any]:
        assert type(asyncio.get_running_loop()).__name__ == "ProactorEventLoop"
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=GENEROUS) as a:
            return await asyncio.gather(*[a.employees() for _ in range(3)])

    results = asyncio.run(scenario())
    assert len(results) == 3 and all(results)
    assert sandbox.stats()["maxInFlight"] == 3, "the three calls ran concurrently"


def test_a_plain_loop_never_calls_add_reader(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("add_reader was called")

    monkeypatch.setattr(asyncio.BaseEventLoop, "add_reader", refuse, raising=False)
    monkeypatch.setattr(asyncio.SelectorEventLoop, "add_reader", refuse)

    async def one() -> Any:
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=GENEROUS) as a:
            return await a.employees()

    assert asyncio.run(one())


def test_loops_in_several_threads_at_once(sandbox: Sandbox) -> None:
    sandbox.inject(kind="delay", delayMs=300, count=3, operation="employees")
    counts: List[int] = []

    def worker() -> None:
        async def run() -> int:
            async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=GENEROUS) as a:
                return len(await a.employees())

        counts.append(asyncio.run(run()))

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(counts) == 3 and all(n > 0 for n in counts)
    assert sandbox.stats()["maxInFlight"] == 3


def test_async_client_on_uvloop(sandbox: Sandbox) -> None:
    """uvloop (what uvicorn and FastAPI run on when it is installed): concurrent calls, a typed
    error, a write, a cancellation and a job's steps on the real loop (scripts/ci/python installs
    it; it has no Windows wheels, so it is not in tests/requirements.txt)."""
    if os.environ.get("ZEITKONTO_REQUIRE_UVLOOP"):  # scripts/ci/python: never skipped there
        import uvloop
    else:
        uvloop = pytest.importorskip("uvloop", reason="uvloop is not installed (scripts/ci/python installs it)")
    sandbox.inject(kind="delay", delayMs=300, count=4, operation="employees")
    sandbox.inject(kind="delay", delayMs=2000, count=1, operation="leave_types")

    async def scenario() -> List[Any]:
        assert "uvloop" in type(asyncio.get_running_loop()).__module__
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, workspace_key=WORKSPACE_KEY,
                                         rate_limit=GENEROUS) as a:
            results = await asyncio.gather(*[a.employees() for _ in range(4)])
            with pytest.raises(zeitkonto.EmployeeNotFoundError):
                await a.time_account("nobody@demo.example", 2026, 3)
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(a.leave_types(ANNA), 0.05)
            await a.come(ANNA)
            job = a.jobs.presence_board()
            events = [event async for event in job]
            assert events and job.failures == [], "the job ran to its end on uvloop"
            return results

    results = uvloop.run(scenario())
    assert len(results) == 4 and all(r for r in results)
    assert sandbox.stats()["maxInFlight"] == 4, "the four calls ran concurrently"
    assert sandbox.writes("clock") == 1, "the write was sent once"
    assert not _bridge._waiting, "no waiter is left behind"


def test_cancelled_call_leaves_the_bridge_working(sandbox: Sandbox) -> None:
    sandbox.inject(kind="delay", delayMs=500, count=1, operation="employees")

    async def scenario() -> Any:
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=GENEROUS) as a:
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(a.employees(), 0.05)
            await asyncio.sleep(0.6)  # the cancelled call completes meanwhile; its wake-up is dropped
            return await a.employees()

    assert asyncio.run(scenario())
    assert not _bridge._waiting, "no waiter is left behind"


def test_loop_closed_before_the_call_ends(sandbox: Sandbox) -> None:
    sandbox.inject(kind="delay", delayMs=300, count=1, operation="employees")
    loop = asyncio.new_event_loop()
    client = zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=GENEROUS)
    task = loop.create_task(client.employees())
    loop.run_until_complete(asyncio.sleep(0.05))
    task.cancel()
    loop.run_until_complete(asyncio.gather(task, return_exceptions=True))
    loop.close()  # the wake-up for this loop now finds it closed and is dropped

    async def again() -> Any:
        return await client.employees()

    import time

    time.sleep(0.4)
    assert asyncio.run(again())


EXIT_WHILE_IN_FLIGHT = """
import asyncio, sys, zeitkonto
url = sys.argv[1]
async def main():
    a = zeitkonto.AsyncClient("demo-company-key", base_url=url)
    asyncio.ensure_future(a.employees())  # still running on the Rust runtime when we leave
    await asyncio.sleep(0.1)
asyncio.run(main())
print("exited cleanly")
"""


def test_interpreter_exit_with_a_call_in_flight(sandbox: Sandbox) -> None:
    sandbox.inject(kind="delay", delayMs=1000, count=1, operation="employees")
    out = subprocess.run([sys.executable, "-c", EXIT_WHILE_IN_FLIGHT, sandbox.url], capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 0, out.stderr
    assert "exited cleanly" in out.stdout
    assert "Fatal" not in out.stderr and "panic" not in out.stderr


def test_a_cancelled_write_still_waiting_for_the_rate_limit_is_never_sent() -> None:
    # The caller gives up (wait_for's timeout, task.cancel()) while the write waits for the
    # client-side limit: the call is dropped on the runtime, not sent once the limit frees up, so
    # the caller's second try is the only write (it was applied 1.3 s later before: issue of the
    # hostile-user review, 2026-11-29).
    from zeitkonto.testing import Sandbox as Kit

    kit = Kit(today="2026-11-21")

    async def scenario() -> None:
        async with kit.async_client(rate_limit=zeitkonto.RateLimitSettings(1, 1.0)) as c:
            await c.employees()  # the window's one request
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(c.come(kit.keys.employee), 0.2)
            await asyncio.sleep(1.3)  # past the window: a call left running would have been sent
            assert (kit.requests("clock"), kit.writes("clock")) == (0, 0)
            await c.come(kit.keys.employee)
            assert (kit.requests("clock"), kit.writes("clock")) == (1, 1)

    asyncio.run(scenario())
    assert not _bridge._waiting, "the dropped call's waiter is gone too"


def test_a_cancelled_job_step_frees_the_job_and_its_call_is_made_again() -> None:
    from zeitkonto.testing import Sandbox as Kit

    kit = Kit(today="2026-11-21")
    kit.inject("delay", delay=60.0, count=1)  # the job's first call (the employee list) hangs

    async def scenario() -> None:
        async with kit.async_client() as c:
            job = c.jobs.month_close(2026, 10)
            steps = job.__aiter__()
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(steps.__anext__(), 0.2)
            # The step's call is dropped: the job goes on at once (it waited for the hung call's
            # 60 s before), the list asked for again.
            events = await asyncio.wait_for(_collect(job), 30)
            assert sum(1 for e in events if type(e).__name__ == "AccountRow") > 0
            assert kit.requests("employees") == 2

    asyncio.run(scenario())


async def _collect(job: Any) -> List[Any]:
    return [e async for e in job]
