"""The README's Python quickstart (examples/quickstart.py) runs against the sandbox."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import Sandbox

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "quickstart.py"


def test_quickstart_runs_against_the_sandbox(sandbox: Sandbox) -> None:
    env = dict(os.environ, ZEITKONTO_BASE_URL=sandbox.url, ZEITKONTO_API_KEY="demo-company-key")
    out = subprocess.run([sys.executable, str(EXAMPLE)], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "Anna clocked in: True" in out.stdout
    assert "second go: the API refused the action" in out.stdout
    assert "refused before sending (start_date)" in out.stdout
    assert "demo-company-key" not in out.stdout + out.stderr
