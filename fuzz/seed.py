#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets from the shared test vectors.

    python3 fuzz/seed.py [OUT_DIR]      # default: fuzz/corpus

corpus/parse_paths/   one file per parse case:  [op name]\n[status | retry-after << 4][body]
corpus/build_request/ one file per build case:  [op name]\n[context 0][params JSON text]
corpus/redaction/     a few keys:               [op name]\n[flags][offset (0xFF: all)][key]
corpus/retry_limiter/ left empty: libFuzzer starts from an empty input (arbitrary-derived).
corpus/jobs/          left empty too (arbitrary-derived).

Generated corpora are not committed; fuzz/regressions/<target>/ holds the inputs worth keeping.
The byte layouts must match fuzz/fuzz_targets/*.rs (the tables are repeated here).
"""
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPS_DIR = os.path.join(ROOT, "tests", "vectors", "operations")
# The operations by name (inputs name their operation: fuzz/src/lib.rs), from the declaration.
with open(os.path.join(ROOT, "tests", "vectors", "declaration.json")) as _f:
    OPERATIONS = [op["name"] for op in json.load(_f)["operations"]]
STATUSES = [200, 400, 403, 404, 429, 500, 302]
RETRY_AFTER = ["7", "1.5", "0", "-1", "1e400", "NaN", "99999999999999999999",
               "Wed, 21 Oct 2015 07:28:00 GMT", " 2 ", "", "1e20", "0.0005", "18446744073709551.615",
               "abc", "3600"]


def status_index(status):
    if status in STATUSES:
        return STATUSES.index(status)
    if 200 <= status < 300:
        return 0
    if 400 <= status < 500:
        return 1
    return 5


def write(out, target, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def keys(v, out):
    """Every object key and short string value in `v`, for a libFuzzer dictionary."""
    if isinstance(v, dict):
        for k, x in v.items():
            out.add(json.dumps(k))
            keys(x, out)
    elif isinstance(v, list):
        for x in v:
            keys(x, out)
    elif isinstance(v, str) and len(v) <= 24:
        out.add(json.dumps(v))


def write_dict(out, target, tokens):
    with open(os.path.join(out, target + ".dict"), "w") as f:
        for t in sorted(tokens):
            # libFuzzer dictionary syntax: "..." with \\, \" and \xNN escapes.
            esc = "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else "".join(f"\\x{b:02X}" for b in c.encode()) for c in t)
            f.write(f'"{esc}"\n')


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "fuzz", "corpus")
    counts = {"parse_paths": 0, "build_request": 0, "redaction": 0, "retry_limiter": 0, "jobs": 0}
    os.makedirs(os.path.join(out, "retry_limiter"), exist_ok=True)
    os.makedirs(os.path.join(out, "jobs"), exist_ok=True)
    parse_tokens, build_tokens = set(), set()
    # Values a path segment must never be, JSON corner cases.
    build_tokens |= {'"."', '".."', '"%2E"', '""', '" "', '"\\u0000"', "null", "true", "1e400", "-0", "2026",
                     '"2026-02-29"', '"a@b.de"', "{}", "[]"}
    parse_tokens |= {"null", "true", "false", '""', "1e400", "-0", "\ufeff", "\\u0000", '"\\ud800"', "{}", "[]"}
    for fname in sorted(os.listdir(OPS_DIR)):
        with open(os.path.join(OPS_DIR, fname)) as f:
            vec = json.load(f)
        op = vec["operation"].encode() + b"\n"
        assert vec["operation"] in OPERATIONS, vec["operation"]
        for case in vec.get("parse", []):
            r = case["response"]
            if "json" in r:
                keys(r["json"], parse_tokens)
                body = json.dumps(r["json"], separators=(",", ":"), ensure_ascii=False).encode()
            else:
                body = r.get("body", "").encode()
            headers = {k.lower(): v for k, v in (r.get("headers") or {}).items()}
            ra = headers.get("retry-after")
            ra_i = RETRY_AFTER.index(ra) + 1 if ra in RETRY_AFTER else 0
            write(out, "parse_paths", op + bytes([status_index(r["status"]) | ra_i << 4]) + body)
            counts["parse_paths"] += 1
        for case in vec.get("build", []):
            keys(case.get("params", {}), build_tokens)
            params = json.dumps(case.get("params", {}), separators=(",", ":"), ensure_ascii=False).encode()
            write(out, "build_request", op + bytes([0]) + params)
            counts["build_request"] += 1
    # The names, so that mutations can switch an input to another operation.
    names = {n + "\n" for n in OPERATIONS}
    parse_tokens |= names
    build_tokens |= names
    write_dict(out, "parse_paths", parse_tokens)
    write_dict(out, "build_request", build_tokens)
    for i, key in enumerate(["test-company-key", "K3y-Secret-123", "k/e y?#".replace(" ", "_"), "abcd", "Schl\u00fcssel-\u00e4\u00f6"]):
        op = OPERATIONS[i % len(OPERATIONS)].encode() + b"\n"
        write(out, "redaction", op + bytes([i % 8, 0xFF]) + key.encode())
        counts["redaction"] += 1
    # The kept inputs must name a known operation, or their target would skip them unseen.
    for target in ("parse_paths", "build_request", "redaction"):
        d = os.path.join(ROOT, "fuzz", "regressions", target)
        for fname in sorted(os.listdir(d)):
            with open(os.path.join(d, fname), "rb") as f:
                name = f.read().split(b"\n", 1)[0].decode("utf-8", "replace")
            if name not in OPERATIONS:
                sys.exit(f"fuzz/regressions/{target}/{fname}: names no operation ({name!r}); inputs start with one")
    print("seeded " + ", ".join(f"{t}: {n}" for t, n in counts.items()) + f" -> {out}")


if __name__ == "__main__":
    main()
