"""A process made by ``fork()`` (multiprocessing's default on Linux, prefork servers such as gunicorn
and Celery) after the parent has made calls: the child's calls work, with a new client and with
the one it inherited, sync and async. The parent's runtime threads do not exist in the child; the
extension starts the child's own runtime, connections and completion queue on its first call."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
from typing import Any

import pytest

import zeitkonto

from conftest import COMPANY_KEY, FAST_RETRY, GENEROUS, Sandbox, make_client

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin",
                       reason="fork() without exec: POSIX only (macOS forks unsafely by design)"),
    pytest.mark.skipif(os.environ.get("ZEITKONTO_UNDER_QEMU") == "1",
                       reason="qemu-user aborts when a multithreaded guest forks (an emulator limit)"),
]


def _in_child(target: Any, *args: Any) -> Any:
    """Runs ``target(queue, *args)`` in a forked child; returns what it put in the queue."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=target, args=(queue, *args))
    child.start()
    child.join(30)
    if child.is_alive():
        child.kill()
        child.join()
        pytest.fail("the forked child hung")
    assert child.exitcode == 0, f"the child exited with {child.exitcode}"
    return queue.get(timeout=5)


def _fresh_client_call(queue: Any, url: str) -> None:
    client = zeitkonto.Client(COMPANY_KEY, base_url=url, rate_limit=GENEROUS, retry=FAST_RETRY, timeout=5)
    queue.put(len(client.employees()))


def _inherited_client_call(queue: Any, client: zeitkonto.Client) -> None:
    queue.put(len(client.employees()))


def _async_client_call(queue: Any, url: str) -> None:
    async def main() -> int:
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=url, rate_limit=GENEROUS, timeout=5) as c:
            return len(await c.employees())

    queue.put(asyncio.run(main()))


def test_calls_in_a_forked_child_after_the_parent_called(sandbox: Sandbox) -> None:
    parent = make_client(sandbox)
    expected = len(parent.employees())  # the parent's runtime and a pooled connection now exist
    assert _in_child(_fresh_client_call, sandbox.url) == expected
    assert _in_child(_inherited_client_call, parent) == expected
    assert len(parent.employees()) == expected  # the parent is unaffected


def test_async_calls_in_a_forked_child_after_the_parent_called_async(sandbox: Sandbox) -> None:
    async def parent_calls() -> int:
        async with zeitkonto.AsyncClient(COMPANY_KEY, base_url=sandbox.url, rate_limit=GENEROUS) as c:
            return len(await c.employees())  # the parent's bridge thread now waits on its queue

    expected = asyncio.run(parent_calls())
    assert _in_child(_async_client_call, sandbox.url) == expected
    assert asyncio.run(parent_calls()) == expected


def test_an_in_process_kit_client_inherited_by_a_forked_child_works() -> None:
    from zeitkonto.testing import Sandbox as Kit

    with Kit(today="2026-11-21") as kit, kit.client() as parent:
        expected = len(parent.employees())
        # The child's copy of the engine, not a network transport to the in-process base URL.
        assert _in_child(_inherited_client_call, parent) == expected
        assert len(parent.employees()) == expected
