// tests/vectors/jobs.json through the core's planner as npm reaches it (the zeitkonto/jobs .wasm).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as wasm from "../wasm-jobs/zeitkonto_wasm_jobs.js";

wasm.initSync({ module: readFileSync(new URL("../wasm-jobs/zeitkonto_wasm_jobs_bg.wasm", import.meta.url)) });
const vectors = JSON.parse(readFileSync(new URL("../../../tests/vectors/jobs.json", import.meta.url), "utf8"));

for (const c of vectors.cases) {
  test(`jobs vector: ${c.name}`, () => {
    let m = new wasm.MonthCloseMachine(c.year, c.month, c.departments);
    for (const step of c.steps) {
      if (step.resume) {
        m = new wasm.MonthCloseMachine(c.year, c.month, c.departments, m.checkpoint());
        continue;
      }
      const call = m.nextCall();
      assert.deepEqual(call === undefined ? null : [call[0], call[0] === "employees" ? null : call[1]], step.expect);
      if (call === undefined) {
        if (step.progress) assert.deepEqual([...m.progress()].slice(0, 2), step.progress);
        continue;
      }
      const [op, arg] = call;
      if (step.people) {
        m.employeesListed(step.people.flat());
        if (step.plan) assert.deepEqual(m.plan().slice(0, 2), step.plan);
      } else if (step.names) {
        assert.deepEqual(m.departmentAnswered(arg, step.names).map((x) => (x === "\u0000" ? null : x)), step.matches);
      } else if (step.answered) {
        m.employeeAnswered(arg);
      } else if (step.fail) {
        assert.equal(m.callFailed(op, arg, step.fail[0], step.fail[1] ?? undefined), step.action);
      }
    }
  });
}

for (const c of vectors.invalid) {
  test(`jobs vector (invalid): ${c.name}`, () => {
    assert.throws(() => new wasm.MonthCloseMachine(c.year, c.month, c.departments, c.checkpoint), (e) => e.field === c.field);
  });
}
