"""Benchmark (not a test): the test kit in-process vs the same sandbox over loopback HTTP.

One `zeitkonto.testing.Sandbox`; the same calls through `sandbox.client()` (in-process, the
engine's transport) and through a `zeitkonto.Client` over `sandbox.serve()` (real HTTP on
127.0.0.1, the bundled reqwest transport, the same engine). Rounds alternate between the two
(medians of interleaved rounds), so drift on the shared machine hits both alike. Prints the cost
per call and the ratio (loopback / in-process; > 1 = the kit is faster).

    python bench/kit_bench.py [--rounds 15] [--calls 100]
"""

from __future__ import annotations

import argparse
import statistics
import time

import zeitkonto
from zeitkonto.testing import Sandbox


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--calls", type=int, default=100)
    args = ap.parse_args()
    with Sandbox(today="2026-11-21") as sandbox:
        kit = sandbox.client()
        http = zeitkonto.Client(sandbox.keys.company_key, base_url=sandbox.serve(),
                                rate_limit=zeitkonto.RateLimitSettings(0))
        cases = {
            "presence of one employee (small)": lambda c: c.presence(email=sandbox.keys.employee),
            "employees (39 records)": lambda c: c.employees(),
        }
        print(f"test kit: in-process vs loopback HTTP, {args.calls} calls x {args.rounds} interleaved rounds "
              f"({time.strftime('%Y-%m-%d')})")
        for name, call in cases.items():
            times = {"in-process": [], "loopback": []}
            for c in (kit, http):
                call(c)  # warm up (connection, caches)
            for _ in range(args.rounds):
                for label, c in (("in-process", kit), ("loopback", http)):
                    t = time.perf_counter()
                    for _ in range(args.calls):
                        call(c)
                    times[label].append((time.perf_counter() - t) / args.calls)
            kit_us = statistics.median(times["in-process"]) * 1e6
            http_us = statistics.median(times["loopback"]) * 1e6
            print(f"  {name:<34} in-process {kit_us:8.1f} us/call   loopback {http_us:8.1f} us/call   "
                  f"ratio {http_us / kit_us:5.2f}x")


if __name__ == "__main__":
    main()
