// tests/vectors/jobs.json and tests/vectors/sweeps.json through the core's planners as npm reaches
// them (the zeitkonto/jobs .wasm: MonthCloseMachine, SweepMachine), with the semantics of the
// core's own runs (core/tests/jobs_vectors.rs, core/tests/sweeps_vectors.rs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as wasm from "../wasm-jobs/zeitkonto_wasm_jobs.js";

wasm.initSync({ module: readFileSync(new URL("../wasm-jobs/zeitkonto_wasm_jobs_bg.wasm", import.meta.url)) });
const load = (name) => JSON.parse(readFileSync(new URL(`../../../tests/vectors/${name}`, import.meta.url), "utf8"));
const vectors = load("jobs.json");
const sweeps = load("sweeps.json");

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
        m.employeesAnswered(JSON.stringify(step.people));
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

/** The sweep a case asks for, as the JavaScript driver builds it: the kind and the other fields. */
const sweep = ({ kind, ...options }, checkpoint) => new wasm.SweepMachine(kind, options, checkpoint);

for (const c of sweeps.cases) {
  test(`sweeps vector: ${c.name}`, () => {
    let m = sweep(c.job);
    for (const step of c.steps) {
      if (step.resume) {
        m = sweep(c.job, m.checkpoint());
        continue;
      }
      if ("expect" in step) {
        const call = m.nextCall();
        assert.equal(call === undefined ? null : call[2], step.expect);
        if (call !== undefined) {
          if (step.answered) {
            m.answered();
          } else if (step.emails) {
            m.employeesListed(step.emails);
          } else if (step.projects) {
            assert.deepEqual(m.projectsAnswered(JSON.stringify(step.projects)), step.asked);
          } else if (step.fail) {
            assert.equal(m.callFailed(step.fail[0], step.fail[1] ?? undefined), step.action);
          }
        }
      }
      if (step.progress) assert.deepEqual([...m.progress()].slice(0, 2), step.progress);
      if (step.plan) assert.deepEqual(m.plan().slice(0, 2), step.plan);
      if (step.failures) assert.deepEqual(m.failures().filter((_, i) => i % 2 === 0), step.failures);
    }
  });
}

for (const c of sweeps.invalid) {
  test(`sweeps vector (invalid): ${c.name}`, () => {
    assert.throws(() => sweep(c.job, c.checkpoint), (e) => e.kind === "InvalidInput" && e.field === c.field);
  });
}

test("a sweep call crosses as [operation, args, key]; reports for another call are refused naming `call`", () => {
  const m = sweep({ kind: "project_hours", email: "pm@x.example", start: "2026-01-01", end: "2026-01-02" });
  assert.deepEqual(m.nextCall(), ["projects", { email: "pm@x.example" }, "projects"]);
  assert.throws(() => m.answered(), (e) => e.field === "call");
  assert.throws(() => m.employeesListed([]), (e) => e.field === "call");
  assert.deepEqual(m.projectsAnswered(JSON.stringify([{ uuid: "p" }])), ["p"]);
  assert.deepEqual(m.nextCall(), ["project_bookings", { email: "pm@x.example", uuid: "p", start: "2026-01-01", end: "2026-01-02" }, "project_bookings:p:2026-01-01..2026-01-02"]);
  assert.equal(m.callFailed("Decode", undefined), "failed");
  assert.deepEqual(m.failures(), ["project_bookings:p:2026-01-01..2026-01-02", "Decode"]);
  assert.equal(m.nextCall(), undefined);
  assert.throws(() => m.callFailed("Decode", undefined), (e) => e.field === "call");
  m.setNote("rows: 3");
  assert.equal(sweep({ kind: "project_hours", email: "pm@x.example", start: "2026-01-01", end: "2026-01-02" }, m.checkpoint()).note(), "rows: 3");
  const board = sweep({ kind: "presence_board" });
  assert.deepEqual(board.nextCall(), ["presence", {}, "presence"]);
  for (const [kind, options, field] of [
    ["presence", {}, "kind"], ["presence_board", { day: "2026-02-30" }, "day"], ["presence_board", { day: 5 }, "day"],
    ["presence_board", { year: 2026 }, "year"], ["leave_year_report", {}, "year"], ["leave_year_report", { year: 2026.5 }, "year"],
    ["project_hours", { email: "pm@x.example", start: "2026-01-01" }, "end"], ["project_hours", { start: "2026-01-01", end: "2026-01-02" }, "email"],
    ["project_hours", { email: "pm@x.example", start: "2026-01-01", end: "2026-01-02", projects: [1] }, "projects"],
    ["presence_board", [], "options"], ["presence_board", "x", "options"],
  ]) {
    assert.throws(() => new wasm.SweepMachine(kind, options), (e) => e.kind === "InvalidInput" && e.field === field, `${kind} ${JSON.stringify(options)}`);
  }
});
