"""tests/vectors/jobs.json through the core's planner as Python reaches it (``_core.MonthClose``,
what ``zeitkonto.jobs`` drives)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict

import pytest

from zeitkonto import _core

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "tests" / "vectors" / "jobs.json").read_text("utf-8"))


@pytest.mark.parametrize("case", VECTORS["cases"], ids=[c["name"] for c in VECTORS["cases"]])
def test_case(case: Dict[str, Any]) -> None:
    year, month, deps = case["year"], case["month"], case["departments"]
    m = _core.MonthClose(year, month, deps)
    for step in case["steps"]:
        if step.get("resume"):
            m = _core.MonthClose(year, month, deps, m.checkpoint())
            continue
        call = m.next_call()
        assert (list(call) if call else None) == step["expect"]
        if call is None:
            if "progress" in step:
                assert list(m.progress()[:2]) == step["progress"]
            continue
        op, arg = call
        if "people" in step:
            m.employees_listed([tuple(p) for p in step["people"]])
            if "plan" in step:
                assert list(m.plan()[:2]) == step["plan"]
        elif "names" in step:
            assert m.department_answered(arg, step["names"]) == step["matches"]
        elif step.get("answered"):
            m.employee_answered(arg)
        elif "fail" in step:
            kind, code = step["fail"]
            assert m.call_failed(op, arg, kind, code) == step["action"]


@pytest.mark.parametrize("case", VECTORS["invalid"], ids=[c["name"] for c in VECTORS["invalid"]])
def test_invalid(case: Dict[str, Any]) -> None:
    with pytest.raises(_core.CoreError) as err:
        _core.MonthClose(case["year"], case["month"], case["departments"], case.get("checkpoint"))
    assert err.value.args[0]["field"] == case["field"]
