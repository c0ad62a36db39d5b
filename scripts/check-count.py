#!/usr/bin/env python3
"""Fails when a tracked file writes the number of operations down instead of reading it from the
core's declaration (tests/vectors/declaration.json, OperationId::ALL, operations()): adding an
operation must not need a number changed anywhere. Run by `scripts/codegen --check`.

A line is suspect when it holds the count as a number of its own and speaks of operations, or
compares a length with it; dates (`date(2026, 11, 24)`) are not counts.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "tests", "vectors", "declaration.json")) as f:
    n = len(json.load(f)["operations"])
number = re.compile(rf"(?<![-.:/A-Za-z0-9]){n}(?![-.:/A-Za-z0-9%])")
topic = re.compile(r"operation|OperationId|\.length\b|\blen\(|\.count\b|\.size\b", re.I)
date = re.compile(r"date\(|LocalDate|Date\(|DateComponents")
files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
found = []
for rel in files:
    # docs/spec/ is the contract as given (its prose counts the operations it specifies).
    if not rel or rel.endswith((".json", ".lock")) or rel.startswith(("fuzz/regressions/", "vendor/", "docs/spec/")):
        continue
    try:
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
        continue
    for i, line in enumerate(lines, 1):
        if number.search(line) and topic.search(line) and not date.search(line):
            found.append(f"{rel}:{i}: {line.strip()[:120]}")
if found:
    print(f"check-count: the number of operations ({n}) is written down; read it from the declaration:")
    print("\n".join(found))
    sys.exit(1)
print(f"check-count: no file writes down the number of operations ({n})")
