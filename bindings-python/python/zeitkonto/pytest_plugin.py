"""The pytest plugin of ``zeitkonto`` (registered through the ``pytest11`` entry point): the
``zeitkonto_sandbox`` fixture, a fresh in-process :class:`zeitkonto.testing.Sandbox` per test.

Frozen at today's date unless the test module sets ``zeitkonto_sandbox_today`` (a
``datetime.date`` or ``"YYYY-MM-DD"``) or a test is marked ``@pytest.mark.zeitkonto_sandbox(
today=..., seed=..., rate_limit=...)``.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from .testing import Sandbox


def pytest_configure(config: Any) -> None:
    config.addinivalue_line(
        "markers", "zeitkonto_sandbox(today=None, seed=None, rate_limit=None, routes=None): "
        "options of the zeitkonto_sandbox fixture for this test")


@pytest.fixture
def zeitkonto_sandbox(request: Any) -> Iterator[Sandbox]:
    """A fresh in-process sandbox of the saas.de API (demo seed, no rate limit)."""
    options = {}
    today = getattr(request.module, "zeitkonto_sandbox_today", None)
    if today is not None:
        options["today"] = today
    marker = request.node.get_closest_marker("zeitkonto_sandbox")
    if marker is not None:
        options.update(marker.kwargs)
    with Sandbox(**options) as sandbox:
        yield sandbox
