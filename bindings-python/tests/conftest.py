"""Fixtures: one sandbox process per test session (reset before every test), and clients."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import urllib.request
from pathlib import Path
from typing import Any, Dict, Iterator, Optional

import pytest

import zeitkonto

ROOT = Path(__file__).resolve().parents[2]

# tests/network/ needs the infrastructure scripts/network-test starts (nginx, tinyproxy); it runs
# them itself. Elsewhere they are not collected (not skipped: a skipped test proves nothing).
collect_ignore = [] if os.environ.get("ZK_NET_URL") else ["network"]
TODAY = "2026-11-21"
COMPANY_KEY = "demo-company-key"
WORKSPACE_KEY = "demo-workspace-key"
ANNA = "anna.schmidt@demo.example"
ANNA_UUID = "00000000-0000-4000-8000-000000000001"
MANAGER = "max.manager@demo.example"
#: generous client-side limit: the limiter is shared per server and key across the whole test process
GENEROUS = zeitkonto.RateLimitSettings(limit=1_000_000, window=60.0)
FAST_RETRY = zeitkonto.RetrySettings(base_delay=0.02, max_delay=0.1)


class Sandbox:
    """A running zeitkonto-sandbox process and its control surface."""

    def __init__(self, binary: str) -> None:
        self.proc = subprocess.Popen(
            [binary, "--port", "0", "--today", TODAY, "--rate-limit", "1000000/60"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()
        if "listening on" not in first:
            raise RuntimeError(f"sandbox did not start: {first!r}")
        self.url = first.strip().rsplit(" ", 1)[-1]

    def _req(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            text = r.read().decode()
        return json.loads(text) if text else None

    def reset(self) -> None:
        self._req("POST", "/__sandbox/reset")
        self.set_rate_limit(1_000_000, 60_000)

    def inject(self, **fault: Any) -> None:
        self._req("POST", "/__sandbox/faults", fault)

    def stats(self) -> Dict[str, Any]:
        result: Dict[str, Any] = self._req("GET", "/__sandbox/stats")
        return result

    def writes(self, op: str) -> int:
        return int(self.stats()["writes"].get(op, 0))

    def requests(self, op: str) -> int:
        return int(self.stats()["requests"].get(op, 0))

    def set_rate_limit(self, limit: int, window_ms: int) -> None:
        self._req("PUT", "/__sandbox/rate-limit", {"limit": limit, "windowMs": window_ms})

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="session")
def sandbox_process() -> Iterator[Sandbox]:
    binary = os.environ.get("ZEITKONTO_SANDBOX_BIN") or str(ROOT / "target" / "debug" / "zeitkonto-sandbox")
    if not Path(binary).exists():
        raise RuntimeError(f"build the sandbox first (cargo build -p zeitkonto-sandbox): {binary} is missing")
    sb = Sandbox(binary)
    yield sb
    sb.stop()


@pytest.fixture
def sandbox(sandbox_process: Sandbox) -> Sandbox:
    sandbox_process.reset()
    return sandbox_process


def make_client(sandbox: Sandbox, api_key: str = COMPANY_KEY, **kw: Any) -> zeitkonto.Client:
    opts: Dict[str, Any] = dict(base_url=sandbox.url, workspace_key=WORKSPACE_KEY, rate_limit=GENEROUS,
                                retry=FAST_RETRY, timeout=10.0)
    opts.update(kw)
    return zeitkonto.Client(api_key, **opts)


class AsyncAsSync:
    """Runs an AsyncClient's coroutines on a private loop, so one scenario tests both clients."""

    def __init__(self, client: zeitkonto.AsyncClient) -> None:
        self._client = client
        self._loop = asyncio.new_event_loop()

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._client, name)

        def run(*args: Any, **kwargs: Any) -> Any:
            return self._loop.run_until_complete(method(*args, **kwargs))

        return run

    def close(self) -> None:
        self._loop.close()


@pytest.fixture(params=["sync", "async"])
def any_client(request: pytest.FixtureRequest, sandbox: Sandbox) -> Iterator[Any]:
    opts: Dict[str, Any] = dict(base_url=sandbox.url, workspace_key=WORKSPACE_KEY, rate_limit=GENEROUS,
                                retry=FAST_RETRY)
    if request.param == "sync":
        with zeitkonto.Client(COMPANY_KEY, **opts) as c:
            yield c
    else:
        wrapped = AsyncAsSync(zeitkonto.AsyncClient(COMPANY_KEY, **opts))
        yield wrapped
        wrapped.close()
