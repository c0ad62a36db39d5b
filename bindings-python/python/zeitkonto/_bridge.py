"""The async bridge: how ``AsyncClient`` learns that a call running on the Rust runtime is done.

Each async call is given a token and started with ``_core.Client.call_async(op, params, token)``;
the Rust runtime finishes it, stores the result in the returned ``Pending`` and puts the token into
a completion queue (plain Rust: no runtime thread ever takes the GIL or touches a Python object).
One daemon Python thread, started on the first async call, blocks in ``_core.wait_completions()``
with the GIL released, and for each token wakes the waiting coroutine's event loop with
``loop.call_soon_threadsafe`` - the one thread-safe entry point every asyncio loop has (selector
loops, Windows' Proactor loop, uvloop). No file descriptor and no ``loop.add_reader`` are involved.

At interpreter exit an ``atexit`` hook closes the queue and joins the thread before the interpreter
starts finalizing, so the thread never re-takes the GIL during finalization.
"""

from __future__ import annotations

import itertools
import os
import threading
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Tuple, TypeVar

from . import _core

if TYPE_CHECKING:
    import asyncio

__all__ = ["start"]

_lock = threading.Lock()
_waiting: Dict[int, Tuple["asyncio.AbstractEventLoop", "asyncio.Future[None]"]] = {}
_tokens = itertools.count(1)
_thread: Optional[threading.Thread] = None
_closed = False


P = TypeVar("P")


def start(begin: Callable[[int], P], loop: "asyncio.AbstractEventLoop") -> Tuple[P, "asyncio.Future[None]"]:
    """Starts work on the runtime with ``begin(token)`` (``_core.Client.call_async`` or
    ``_core.Job.next_async``, which return what collects the result); the future completes (on
    ``loop``) when it is done."""
    global _thread
    done: "asyncio.Future[None]" = loop.create_future()
    with _lock:
        if _closed:
            raise RuntimeError("zeitkonto: the interpreter is shutting down")
        token = next(_tokens)
        _waiting[token] = (loop, done)
        if _thread is None or not _thread.is_alive():
            if _thread is None:
                import atexit

                atexit.register(_close)
            _thread = threading.Thread(target=_wake_loops, name="zeitkonto-bridge", daemon=True)
            _thread.start()
    try:
        pending = begin(token)
    except BaseException:
        with _lock:
            _waiting.pop(token, None)
        raise
    return pending, done


def _wake_loops() -> None:
    while True:
        tokens = _core.wait_completions()  # blocks with the GIL released
        if tokens is None:
            return
        for token in tokens:
            with _lock:
                entry = _waiting.pop(token, None)
            if entry is None:
                continue
            loop, done = entry
            try:
                loop.call_soon_threadsafe(_resolve, done)
            except RuntimeError:
                pass  # the loop was closed while the call ran; nobody waits for it any more


def _resolve(done: "asyncio.Future[None]") -> None:
    if not done.done():  # cancelled meanwhile
        done.set_result(None)


def _after_fork_in_child() -> None:
    """A child made by ``fork()`` has none of the parent's threads: the bridge thread starts anew
    on the child's first async call (with the child's own completion queue, see ``bridge.rs``),
    and the lock, which another thread of the parent may have held at the fork, is a new one.
    The parent's waiting calls are not the child's to finish."""
    global _lock, _thread
    _lock = threading.Lock()
    _waiting.clear()
    _thread = None


if hasattr(os, "register_at_fork"):  # not on Windows
    os.register_at_fork(after_in_child=_after_fork_in_child)


def _close() -> None:
    global _closed
    with _lock:
        _closed = True
        thread = _thread
    _core.close_completions()
    if thread is not None:
        thread.join(timeout=5.0)
