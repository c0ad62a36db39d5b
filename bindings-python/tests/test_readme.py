"""Every Python snippet of the READMEs (this package's and the repository's) and of the guides (docs/guide/) runs as written against
the sandbox, configured as the READMEs say: ``ZEITKONTO_BASE_URL`` and ``ZEITKONTO_API_KEY``."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

from conftest import COMPANY_KEY, Sandbox

ROOT = Path(__file__).resolve().parents[2]
READMES = [ROOT / "README.md", ROOT / "bindings-python" / "README.md", *sorted((ROOT / "docs" / "guide").glob("*.md"))]


def _snippets() -> List[Tuple[str, str]]:
    found = []
    for readme in READMES:
        text = readme.read_text(encoding="utf-8")
        for n, block in enumerate(re.findall(r"```python\n(.*?)```", text, flags=re.S), start=1):
            found.append((f"{readme.relative_to(ROOT)}#{n}", block))
    return found


SNIPPETS = _snippets()


def test_the_readmes_have_python_snippets() -> None:
    assert len(SNIPPETS) >= 3, [name for name, _ in SNIPPETS]


def _missing(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except ModuleNotFoundError:  # its parent package is missing
        return True


@pytest.mark.parametrize("name,code", SNIPPETS, ids=[name for name, _ in SNIPPETS])
def test_snippet_runs_as_written(sandbox: Sandbox, name: str, code: str) -> None:
    # A snippet that uses a package of tests/requirements.txt (OpenTelemetry, httpx) is skipped,
    # saying so, where that package is not installed (the aarch64 wheel under qemu).
    for module in ("opentelemetry.sdk", "httpx"):
        if (f"import {module}" in code or f"from {module}" in code) and _missing(module):
            pytest.skip(f"{module} is not installed (tests/requirements.txt)")
    env = dict(os.environ, ZEITKONTO_BASE_URL=sandbox.url, ZEITKONTO_API_KEY=COMPANY_KEY)
    env.pop("ZEITKONTO_WORKSPACE_KEY", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, f"{name} failed:\n{out.stderr}"
    assert out.stdout.strip(), f"{name} printed nothing"
    assert COMPANY_KEY not in out.stdout + out.stderr
