"""tests/vectors/jobs.json and tests/vectors/sweeps.json through the core's planners as Python
reaches them (``_core.MonthClose`` and ``_core.Sweep``, what ``zeitkonto.jobs`` drives)."""

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
            m.employees_answered(json.dumps(step["people"]))
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


# ---- tests/vectors/sweeps.json through ``_core.Sweep`` (as core/tests/sweeps_vectors.rs runs it) ----

SWEEPS = json.loads((Path(__file__).resolve().parents[2] / "tests" / "vectors" / "sweeps.json").read_text("utf-8"))


def sweep(spec: Dict[str, Any], checkpoint: Any = None) -> Any:
    """The job a case asks for, as every binding builds it."""
    args = {k: v for k, v in spec.items() if k != "kind"}
    return _core.Sweep(spec["kind"], checkpoint=checkpoint, **args)


@pytest.mark.parametrize("case", SWEEPS["cases"], ids=[c["name"] for c in SWEEPS["cases"]])
def test_sweep_case(case: Dict[str, Any]) -> None:
    m = sweep(case["job"])
    for step in case["steps"]:
        if step.get("resume"):
            m = sweep(case["job"], m.checkpoint())
            continue
        if "expect" in step:
            call = m.next_call()
            assert (call[2] if call else None) == step["expect"]
            if call is not None:
                if step.get("answered"):
                    m.answered()
                elif "emails" in step:
                    m.employees_listed(step["emails"])
                elif "projects" in step:
                    assert m.projects_answered(json.dumps(step["projects"])) == step["asked"]
                elif "fail" in step:
                    kind, code = step["fail"]
                    assert m.call_failed(kind, code) == step["action"]
        if "progress" in step:
            assert list(m.progress()[:2]) == step["progress"]
        if "plan" in step:
            assert list(m.plan()[:2]) == step["plan"]
        if "failures" in step:
            assert [k for k, _ in m.failures()] == step["failures"]


@pytest.mark.parametrize("case", SWEEPS["invalid"], ids=[c["name"] for c in SWEEPS["invalid"]])
def test_sweep_invalid(case: Dict[str, Any]) -> None:
    with pytest.raises(_core.CoreError) as err:
        sweep(case["job"], case.get("checkpoint"))
    assert err.value.args[0]["field"] == case["field"]
