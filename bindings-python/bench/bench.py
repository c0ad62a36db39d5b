"""Benchmark (not a test): zeitkonto vs a hand-written httpx + json + dataclasses baseline, against
the same local sandbox, in one run. Prints ratios (baseline time / zeitkonto time; > 1 = faster)
with the limiter on (the defaults users run) and off, each median with its spread (p10-p90),
and the server's share: the same request as raw bytes (httpx, no parsing), so that each side's
client-side cost (its time minus the raw request's) shows apart from the server's.

    cargo build --release -p zeitkonto-sandbox     # the client's cost, not a debug server's
    python bench/bench.py [--sandbox target/release/zeitkonto-sandbox] [--rounds 30] [--memory-runs 5]

Goals (issue 4): large responses >= 1.25x, small calls no slower (>= 1.0x), `import zeitkonto` <= 30 ms,
wheel <= 3 MB. Needs `pip install httpx` for the baseline.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import httpx

import zeitkonto

ROOT = Path(__file__).resolve().parents[2]
KEY = "demo-company-key"
ANNA = "anna.schmidt@demo.example"
BENCH_EMPLOYEES = 1000
KEPT_CALLS = 5  # results kept alive by the memory probe


# ---- the baseline a user would write by hand --------------------------------------------------
@dataclass
class Today:
    soll: Optional[float]
    ist: Optional[float]


@dataclass
class Summary:
    employee: Optional[str]
    uuid: Optional[str]
    name: Optional[str]
    year: Optional[int]
    month: Optional[int]
    has_time: Optional[bool]
    has_project: Optional[bool]
    current: Optional[str]
    last_month: Optional[float]
    soll: Optional[float]
    ist: Optional[float]
    saldo: Optional[float]
    saldo2: Optional[float]
    ist_on_weekend: Optional[float]
    out_of_work: Optional[float]
    on_work: Optional[int]
    timeaccount_payoff: Optional[float]
    timeaccount_overtimeaccount: Optional[float]
    unpaid_overtime: Optional[float]
    overtime_account_month: Optional[float]
    overtime_account: Optional[float]
    today: Optional[Today]
    traffic_active: Optional[bool]
    raw: Dict[str, Any]


@dataclass
class PresenceEntry:
    membercode: Optional[str]
    employee: Optional[str]
    present: Optional[bool]
    list: Any


@dataclass
class Presence:
    code: int
    time: int
    info: List[PresenceEntry]


def summary(d: Dict[str, Any]) -> Summary:
    today = d.get("today")
    return Summary(
        d.get("employee"), d.get("uuid"), d.get("name"), d.get("year"),
        None if d.get("month") is None else d["month"] + 1,  # 0-based on the wire
        d.get("hasTime"), d.get("hasProject"), d.get("current"), d.get("lastMonth"), d.get("soll"), d.get("ist"),
        d.get("saldo"), d.get("saldo2"), d.get("istOnWeekend"), d.get("outOfWork"), d.get("onWork"),
        d.get("TIMEACCOUNT_PAYOFF"), d.get("TIMEACCOUNT_OVERTIMEACCOUNT"), d.get("unpaidOvertime"),
        d.get("overtimeAccountMonth"), d.get("overtimeAccount"),
        Today(today.get("soll"), today.get("ist")) if today else None,
        (d.get("traffic") or {}).get("active"), d,
    )


class Baseline:
    def __init__(self, base_url: str) -> None:
        self.base = base_url
        self.http = httpx.Client(timeout=30.0)

    def _check(self, r: httpx.Response) -> Any:
        if r.status_code != 200:
            raise RuntimeError(f"HTTP {r.status_code}: {r.text[:80]}")
        return json.loads(r.content)

    def department_month_employees(self, dept: str, year: int, month: int) -> List[Summary]:
        r = self.http.get(f"{self.base}/rest/api/v2/time/month/employees/{KEY}/{dept}/{year}/{month - 1}")
        return [summary(d) for d in self._check(r)]

    def presence(self, email: str) -> Presence:
        r = self.http.post(f"{self.base}/rest/api/time/presence/{KEY}", json={"email": email})
        d = self._check(r)
        return Presence(d["code"], d["time"], [PresenceEntry(e.get("membercode"), e.get("employee"), e.get("present"),
                                                               e.get("list")) for e in d["info"]])


# ---- measurement ----------------------------------------------------------------------------
def timed(f: Callable[[], Any], rounds: int) -> float:
    f()  # warm up (connections, caches)
    samples = []
    for _ in range(rounds):
        t = time.perf_counter()
        f()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


class Median(float):
    """A median (seconds) with the 10th and 90th percentiles of its rounds as ``lo`` and ``hi``."""

    lo: float
    hi: float

    @staticmethod
    def of(xs: List[float]) -> "Median":
        s = sorted(xs)
        m = Median(statistics.median(s))
        m.lo, m.hi = s[int(0.1 * (len(s) - 1))], s[int(0.9 * (len(s) - 1))]
        return m

    def ms(self, digits: int) -> str:
        """``12.3 ms (p10-p90 11.9-13.0)``: a difference inside the spread is no finding."""
        return f"{self * 1000:.{digits}f} ms (p10-p90 {self.lo * 1000:.{digits}f}-{self.hi * 1000:.{digits}f})"


def interleaved(fs: List[Callable[[], Any]], rounds: int) -> List[Median]:
    """Medians of each of `fs`, measured in turn so drift on a shared machine hits all alike."""
    for f in fs:
        f()
    samples: List[List[float]] = [[] for _ in fs]
    for _ in range(rounds):
        for f, out in zip(fs, samples):
            t = time.perf_counter()
            f()
            out.append(time.perf_counter() - t)
    return [Median.of(x) for x in samples]


def paired(f: Callable[[], Any], g: Callable[[], Any], rounds: int) -> "tuple[float, float]":
    """Medians of f and g, measured alternately so drift on a shared machine hits both alike."""
    a, b = interleaved([f, g], rounds)
    return a, b


def import_time_ms() -> float:
    code = "import time; t = time.perf_counter(); import zeitkonto; print((time.perf_counter() - t) * 1000)"
    runs = [float(subprocess.check_output([sys.executable, "-c", code], text=True)) for _ in range(7)]
    return statistics.median(runs)


def start_sandbox(binary: str, employees: int) -> "tuple[subprocess.Popen[str], str]":
    proc = subprocess.Popen([binary, "--port", "0", "--today", "2026-11-21", "--rate-limit", "100000000/60",
                             "--bench-department", str(employees)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip().rsplit(" ", 1)[-1]


def _rss_kb(field: str) -> int:
    """VmRSS (current) or VmHWM (peak) of this process, in KiB (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


def memory_probe(side: str, url: str) -> None:
    """Runs in a fresh interpreter: one client (ours or the baseline), a warm-up call, then
    `KEPT_CALLS` measured calls whose results are all kept. Prints the peak and retained RSS growth
    per call in KiB (averaged over the kept calls: one call's growth is too close to the allocator's
    page and arena granularity to compare)."""
    import gc

    if side == "ours":
        ours = zeitkonto.Client(KEY, base_url=url, rate_limit=zeitkonto.RateLimitSettings(limit=0))

        def call() -> Any:
            return ours.department_month_employees("BENCH", 2026, 10)
    else:
        base = Baseline(url)

        def call() -> Any:
            return base.department_month_employees("BENCH", 2026, 10)

    warm = call()
    assert len(warm) == BENCH_EMPLOYEES
    del warm
    gc.collect()
    before = _rss_kb("VmRSS")
    Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM (the peak) to the current RSS
    kept = [call() for _ in range(KEPT_CALLS)]
    peak = _rss_kb("VmHWM")
    after = _rss_kb("VmRSS")
    assert all(len(k) == BENCH_EMPLOYEES for k in kept)
    print(json.dumps({"peak": (peak - before) / KEPT_CALLS, "retained": (after - before) / KEPT_CALLS}))


def memory_table(url: str, runs: int) -> None:
    """The call's extra memory (RSS, which sees Rust's allocations too; tracemalloc does not), each
    side in fresh interpreters, interleaved; medians of `runs`."""
    got: Dict[str, List[Dict[str, int]]] = {"ours": [], "base": []}
    for _ in range(runs):
        for side in ("ours", "base"):
            out = subprocess.check_output([sys.executable, __file__, "--memory-probe", side, "--url", url], text=True)
            got[side].append(json.loads(out.strip().splitlines()[-1]))
    med = {side: {k: statistics.median(r[k] for r in rows) for k in ("peak", "retained")} for side, rows in got.items()}
    print(f"memory: department_month_employees x{BENCH_EMPLOYEES}, RSS growth per call ({KEPT_CALLS} results kept), "
          f"median of {runs} fresh interpreters each (goal: no more than the baseline)")
    for k in ("peak", "retained"):
        o, b = med["ours"][k], med["base"][k]
        ratio = f"{o / b:.2f}x of the baseline" if b > 0 else "baseline 0"
        print(f"  {k:>8}: zeitkonto {o:,.0f} KiB, baseline {b:,.0f} KiB ({ratio})")


def size_table(binary: str, sizes: List[int], rounds: int) -> None:
    """End-to-end ratio of department_month_employees at each department size (one sandbox each)."""
    print("size table: department_month_employees, end to end (median of interleaved rounds)")
    print(f"{'employees':>10} {'zeitkonto ms':>13} {'baseline ms':>12} {'ratio':>7}")
    for n in sizes:
        proc, url = start_sandbox(binary, n)
        try:
            ours = zeitkonto.Client(KEY, base_url=url, rate_limit=zeitkonto.RateLimitSettings(limit=0))
            base = Baseline(url)
            t_ours, t_base = paired(lambda: sum(a.balance or 0 for a in ours.department_month_employees("BENCH", 2026, 10)),
                                    lambda: sum(s.saldo or 0 for s in base.department_month_employees("BENCH", 2026, 10)),
                                    max(5, rounds * 100 // max(n, 100)))
            print(f"{n:>10} {t_ours * 1000:>13.2f} {t_base * 1000:>12.2f} {t_base / t_ours:>6.2f}x")
        finally:
            proc.terminate()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sandbox", default=os.environ.get("ZEITKONTO_SANDBOX_BIN", str(ROOT / "target/release/zeitkonto-sandbox")))
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--sizes", default="10,100,1000,5000", help="department sizes of the table ('' = none)")
    ap.add_argument("--memory-runs", type=int, default=5, help="fresh interpreters per side for the memory figure")
    ap.add_argument("--memory-probe", choices=["ours", "base"], help=argparse.SUPPRESS)
    ap.add_argument("--url", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_probe:
        memory_probe(args.memory_probe, args.url)
        return
    print(f"python bench ({time.strftime('%Y-%m-%d')}, CPython {sys.version.split()[0]}, sandbox {args.sandbox})")
    proc, url = start_sandbox(args.sandbox, BENCH_EMPLOYEES)
    try:
        # The limiter on, as users run it (the defaults, its limit raised so that no round waits:
        # the token bucket does the same work whatever the limit), and off.
        ours = zeitkonto.Client(KEY, base_url=url, rate_limit=zeitkonto.RateLimitSettings(limit=1_000_000))
        ours_off = zeitkonto.Client(KEY, base_url=url, rate_limit=zeitkonto.RateLimitSettings(limit=0))
        base = Baseline(url)

        def ours_large() -> float:
            return sum(a.balance or 0 for a in ours.department_month_employees("BENCH", 2026, 10))

        def ours_large_off() -> float:
            return sum(a.balance or 0 for a in ours_off.department_month_employees("BENCH", 2026, 10))

        def base_large() -> float:
            return sum(s.saldo or 0 for s in base.department_month_employees("BENCH", 2026, 10))

        assert len(ours.department_month_employees("BENCH", 2026, 10)) == BENCH_EMPLOYEES
        assert ours_large() == base_large()

        def ours_small() -> Any:
            return ours.presence(email=ANNA).info[0].present

        def ours_small_off() -> Any:
            return ours_off.presence(email=ANNA).info[0].present

        def base_small() -> Any:
            return base.presence(ANNA).info[0].present

        # The server's share: the request as raw bytes over one kept-alive connection of the
        # standard library (http.client reads the body in C), no parsing.
        import http.client
        from urllib.parse import urlsplit

        host = urlsplit(url)
        conn = http.client.HTTPConnection(host.hostname or "127.0.0.1", host.port, timeout=30)

        def raw(method: str, path: str, body: Optional[bytes] = None) -> int:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, path, body=body, headers=headers)
            return len(conn.getresponse().read())

        def raw_large() -> int:
            return raw("GET", f"/rest/api/v2/time/month/employees/{KEY}/BENCH/2026/9")

        def raw_small() -> int:
            return raw("POST", f"/rest/api/time/presence/{KEY}", json.dumps({"email": ANNA}).encode())

        t_ours_large, t_base_large, t_raw_large, t_off_large = interleaved(
            [ours_large, base_large, raw_large, ours_large_off], args.rounds)
        t_ours_small, t_base_small, t_raw_small, t_off_small = interleaved(
            [ours_small, base_small, raw_small, ours_small_off], args.rounds * 10)
        wheel = sorted(glob.glob(str(ROOT / "target" / "wheels" / "zeitkonto-*.whl")))
        wheel_mb = os.path.getsize(wheel[-1]) / 1e6 if wheel else float("nan")
        imp = import_time_ms()
        print(f"large: department_month_employees x{BENCH_EMPLOYEES}: baseline {t_base_large.ms(1)} (goal >= 1.25x end to end)")
        print(f"  zeitkonto, limiter on (default): {t_ours_large.ms(1)}, ratio {t_base_large / t_ours_large:.2f}x")
        print(f"  zeitkonto, limiter off:          {t_off_large.ms(1)}, ratio {t_base_large / t_off_large:.2f}x")
        print(f"  the server's share: the raw request (http.client, bytes only) {t_raw_large * 1000:.1f} ms; client-side cost "
              f"zeitkonto {(t_ours_large - t_raw_large) * 1000:.1f} ms, baseline {(t_base_large - t_raw_large) * 1000:.1f} ms")
        # The client-side cost alone, in process: the same answer's bytes parsed and five fields
        # of every record read (zeitkonto's sans-IO parse, the baseline's json + dataclasses).
        body = conn.request("GET", f"/rest/api/v2/time/month/employees/{KEY}/BENCH/2026/9") or conn.getresponse().read()

        def ours_parse() -> float:
            out = zeitkonto.sansio.parse_response("department_month_employees", 200, {}, body)
            return sum((a.balance or 0) + (a.target or 0) + (a.month or 0) + (a.year or 0) + len(a.employee or "") for a in out)

        def base_parse() -> float:
            out = [summary(d) for d in json.loads(body)]
            return sum((s.saldo or 0) + (s.soll or 0) + (s.month or 0) + (s.year or 0) + len(s.employee or "") for s in out)

        assert ours_parse() == base_parse()
        t_ours_parse, t_base_parse = paired(ours_parse, base_parse, args.rounds * 2)
        print(f"  client-side, in process (the same {len(body) // 1000} KB answer parsed, 5 fields of every record read): "
              f"zeitkonto {t_ours_parse * 1000:.2f} ms, baseline {t_base_parse * 1000:.2f} ms, ratio {t_base_parse / t_ours_parse:.2f}x")
        print(f"small: presence of one employee: baseline {t_base_small.ms(3)} (goal >= 1.00x)")
        print(f"  zeitkonto, limiter on (default): {t_ours_small.ms(3)}, ratio {t_base_small / t_ours_small:.2f}x")
        print(f"  zeitkonto, limiter off:          {t_off_small.ms(3)}, ratio {t_base_small / t_off_small:.2f}x")
        print(f"  the server's share: the raw request {t_raw_small * 1000:.2f} ms; client-side cost "
              f"zeitkonto {(t_ours_small - t_raw_small) * 1000:.2f} ms, baseline {(t_base_small - t_raw_small) * 1000:.2f} ms")
        print(f"import zeitkonto: {imp:.1f} ms (goal <= 30 ms)")
        print(f"wheel: {wheel_mb:.2f} MB (goal <= 3 MB) {Path(wheel[-1]).name if wheel else ''}")
        if args.memory_runs > 0:
            memory_table(url, args.memory_runs)
    finally:
        proc.terminate()
    if args.sizes:
        size_table(args.sandbox, [int(n) for n in args.sizes.split(",")], args.rounds)


if __name__ == "__main__":
    main()
