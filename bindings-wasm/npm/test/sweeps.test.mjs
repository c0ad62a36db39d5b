// zeitkonto/jobs: the sweeps (presence board, leave-year report, project hours) over the main
// entry's Client, planned by the core's sweep planner (the jobs .wasm), against the in-process
// sandbox (zeitkonto/testing): rows, request counts, the fallback, listed and fatal failures,
// resuming, aborting, bad input, and the README's snippet as written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { AuthenticationFailedError, DecodeError, InvalidInputError, MissingModuleError } from "zeitkonto";
import { leaveYearReport, presenceBoard, projectHours } from "zeitkonto/jobs";
import { Sandbox } from "zeitkonto/testing";

const TODAY = "2026-11-21";

const collect = async (job) => {
  const events = [];
  for await (const e of job) events.push(e);
  return events;
};
const ofType = (events, type) => events.filter((e) => e.type === type);

/** A project's top-level projects and the pieces of the range, asked with the client itself. */
async function bookingsByHand(client, email, pieces) {
  const { projects } = await client.projects(email);
  const ids = new Set(projects.map((p) => p.uuid));
  const top = projects.filter((p) => p.parentId == null || p.parentId === "" || p.parentId === "0" || !ids.has(p.parentId));
  const rows = [];
  for (const p of top) {
    for (const [start, end] of pieces) {
      for (const entry of (await client.projectBookings(email, p.uuid, start, end)).entries) rows.push({ project: p.uuid, entry });
    }
  }
  return { top: top.map((p) => p.uuid), rows };
}

test("the presence board is one call; its rows are the single call's entries", async () => {
  const sb = await Sandbox.create({ today: TODAY });
  const client = sb.client();
  const whole = await client.presence({ day: "2026-11-20" });
  sb.reset();
  const job = await presenceBoard(client, { day: "2026-11-20" });
  assert.deepEqual(job.plan, { path: "company", calls: 1, eta: 1000 });
  const events = await collect(job);
  assert.deepEqual(events[0], { type: "progress", done: 1, total: 1, eta: 0 });
  const rows = ofType(events, "presence");
  assert.deepEqual(rows.map((r) => r.entry), whole.info);
  assert.ok(rows.length > 30 && rows.every((r) => r.source === "presence"));
  assert.equal(sb.requests(), 1);
  assert.deepEqual(job.failures(), []);
  // A Date is its day, as for the client's methods.
  sb.reset();
  const byDate = ofType(await collect(await presenceBoard(client, { day: new Date("2026-11-20") })), "presence");
  assert.deepEqual(byDate.map((r) => r.entry), whole.info);
});

test("an unusable company-wide presence falls back to the list and one call per employee", async () => {
  const sb = await Sandbox.create({ today: TODAY });
  const client = sb.client();
  const whole = await client.presence({ day: "2026-11-20" });
  const staff = (await client.employees()).filter((e) => e.email);
  sb.reset();
  sb.inject("html", { operation: "presence" });
  const job = await presenceBoard(client, { day: "2026-11-20" });
  const events = await collect(job);
  assert.deepEqual(events[1], { type: "fallback", call: "presence", reason: "Decode" });
  assert.equal(events[0].type, "progress");
  const rows = ofType(events, "presence");
  const byName = (a, b) => a.employee.localeCompare(b.employee);
  assert.deepEqual(rows.map((r) => r.entry).sort(byName), [...whole.info].sort(byName));
  assert.ok(rows.every((r) => r.source.startsWith("presence:")));
  assert.equal(sb.requests("employees"), 1);
  assert.equal(sb.requests("presence"), 1 + staff.length);
  assert.equal(ofType(events, "progress").at(-1).done, 2 + staff.length);
  assert.deepEqual(job.failures(), []);
});

test("the leave-year report is one call: one row per overview with the legend; its failure is listed", async () => {
  const sb = await Sandbox.create({ today: TODAY });
  const client = sb.client();
  const overview = await client.leaveYear(2026);
  sb.reset();
  const job = await leaveYearReport(client, 2026);
  assert.deepEqual(job.plan, { path: "company", calls: 1, eta: 1000 });
  const rows = ofType(await collect(job), "leave");
  assert.deepEqual(rows.map((r) => r.entry), overview.employees);
  assert.ok(rows.length > 0 && rows.every((r) => r.source === "leave_year:2026"));
  assert.deepEqual(rows[0].legend, overview.legend);
  assert.equal(sb.requests(), 1);

  sb.reset();
  sb.inject("html", { operation: "leave_year" });
  const failing = await leaveYearReport(client, 2026);
  const events = await collect(failing);
  assert.deepEqual(events.map((e) => e.type), ["progress", "callFailure"]);
  assert.equal(events[1].call, "leave_year:2026");
  assert.ok(events[1].error instanceof DecodeError);
  assert.deepEqual(failing.failures(), [{ call: "leave_year:2026", reason: "Decode" }]);
});

test("project hours: 1 + top-level projects × pieces calls, the same bookings as asked by hand", async () => {
  const sb = await Sandbox.create({ today: TODAY });
  const client = sb.client();
  const manager = sb.keys.projectManager;
  // 81 days: pieces of at most 31 days after their first day.
  const pieces = [["2026-09-01", "2026-10-02"], ["2026-10-03", "2026-11-03"], ["2026-11-04", "2026-11-20"]];
  const byHand = await bookingsByHand(client, manager, pieces);
  assert.ok(byHand.top.length >= 2, "the demo has several top-level projects");
  sb.reset();
  const job = await projectHours(client, manager, "2026-09-01", "2026-11-20");
  assert.deepEqual(job.plan, { path: "projects", calls: 1, eta: 1000 });
  const events = await collect(job);
  const rows = ofType(events, "booking");
  assert.deepEqual(rows.map(({ project, entry }) => ({ project, entry })), byHand.rows);
  assert.equal(sb.requests(), 1 + byHand.top.length * pieces.length);
  assert.equal(sb.requests("projects"), 1);
  assert.match(rows[0].source, /^project_bookings:[^:]+:2026-09-01\.\.2026-10-02$/);
  assert.deepEqual(ofType(events, "progress").at(-1), { type: "progress", done: 13, total: 13, eta: 0 });

  // Given project ids: the list checks them (an unknown one is listed without a call); one piece
  // failing is listed and the others go on; the plan is read when asked.
  sb.reset();
  sb.inject("html", { operation: "project_bookings" });
  const given = await projectHours(client, manager, "2026-09-01", "2026-11-20", { projects: ["p-nope", byHand.top[0]] });
  assert.deepEqual(given.plan, { path: "projects", calls: 1, eta: 1000 });
  const some = await collect(given);
  assert.deepEqual(given.plan, { path: "projects", calls: 0, eta: 0 });
  assert.equal(sb.requests("projects"), 1);
  assert.equal(sb.requests("project_bookings"), 3);
  assert.deepEqual(ofType(some, "callFailure").map((e) => e.call), [`project_bookings:${byHand.top[0]}:2026-09-01..2026-10-02`]);
  assert.deepEqual(given.failures(), [
    { call: "project_bookings:p-nope", reason: "NotInProjectList" },
    { call: `project_bookings:${byHand.top[0]}:2026-09-01..2026-10-02`, reason: "Decode" },
  ]);
  const firstPiece = byHand.rows.filter((r) => r.project === byHand.top[0] && r.entry.start < "2026-10-03");
  assert.equal(ofType(some, "booking").length, byHand.rows.filter((r) => r.project === byHand.top[0]).length - firstPiece.length);
});

test("a refused key or a missing module stops the job; resumed with a good key it makes that call", async () => {
  const sb = await Sandbox.create({ today: TODAY });
  const refused = await presenceBoard(sb.client({ apiKey: "not-a-key" }), { day: "2026-11-20" });
  await assert.rejects(collect(refused), AuthenticationFailedError);
  assert.equal(sb.requests(), 1);
  await assert.rejects(collect(await leaveYearReport(sb.client({ apiKey: sb.keys.noModulesCompanyKey }), 2026)), MissingModuleError);
  sb.reset();
  // The refused call is not finished: the checkpoint makes it again.
  const again = await collect(await presenceBoard(sb.client(), { day: "2026-11-20", checkpoint: refused.checkpoint() }));
  assert.ok(ofType(again, "presence").length > 30);
  assert.equal(sb.requests(), 1);
  // A failing project list is fatal too (the job plans from it).
  sb.inject("html", { operation: "projects" });
  await assert.rejects(collect(await projectHours(sb.client(), sb.keys.projectManager, "2026-09-01", "2026-09-30")), DecodeError);
});

test("a stopped job resumes from its checkpoint without making a finished call again", async () => {
  const sb = await Sandbox.create({ today: TODAY });
  const client = sb.client();
  const manager = sb.keys.projectManager;
  const all = ofType(await collect(await projectHours(client, manager, "2026-09-01", "2026-11-20")), "booking");
  sb.reset();
  const job = await projectHours(client, manager, "2026-09-01", "2026-11-20");
  const first = [];
  for await (const e of job) {
    if (e.type === "progress" && e.done === 5) break; // calls 1-4 handled; the 5th's events not yet
    if (e.type === "booking") first.push(e);
  }
  const finished = new Set(first.map((e) => e.source));
  assert.equal(sb.requests(), 5);
  sb.reset();
  const resumed = await projectHours(client, manager, "2026-09-01", "2026-11-20", { checkpoint: job.checkpoint() });
  assert.deepEqual(resumed.plan, { path: "projects", calls: 9, eta: 9000 });
  const rest = ofType(await collect(resumed), "booking");
  assert.equal(sb.requests(), 9); // the 5th call (its events not handled) again, then the rest
  assert.ok(rest.every((e) => !finished.has(e.source)));
  assert.deepEqual([...first, ...rest], all);
  // Done: resumed again, nothing is left to call.
  sb.reset();
  const done = await projectHours(client, manager, "2026-09-01", "2026-11-20", { checkpoint: resumed.checkpoint() });
  assert.deepEqual(done.plan, { path: "projects", calls: 0, eta: 0 });
  assert.deepEqual(await collect(done), []);
  assert.equal(sb.requests(), 0);
  // A checkpoint of another job, or of the same job asked differently, is refused.
  await assert.rejects(presenceBoard(client, { checkpoint: job.checkpoint() }), (e) => e instanceof InvalidInputError && e.field === "checkpoint");
  await assert.rejects(projectHours(client, manager, "2026-09-01", "2026-11-21", { checkpoint: job.checkpoint() }), (e) => e.field === "checkpoint");
});

test("an AbortSignal stops the job during a call, and before the first when already aborted", async () => {
  const sb = await Sandbox.create({ today: TODAY });
  sb.inject("delay", { operation: "project_bookings", delay: 5000 });
  const controller = new AbortController();
  const job = await projectHours(sb.client(), sb.keys.projectManager, "2026-09-01", "2026-11-20", { signal: controller.signal });
  setTimeout(() => controller.abort(new Error("stop")), 50);
  await assert.rejects(collect(job), /stop/);
  assert.equal(sb.requests("project_bookings"), 1);
  sb.reset();
  const aborted = await leaveYearReport(sb.client(), 2026, { signal: AbortSignal.abort(new Error("gone")) });
  await assert.rejects(collect(aborted), /gone/);
  assert.equal(sb.requests(), 0);
});

test("wrong types and unknown options are InvalidInputError naming the field, before any call", async () => {
  const sb = await Sandbox.create({ today: TODAY });
  const c = sb.client();
  const pm = sb.keys.projectManager;
  for (const [run, field] of [
    [() => presenceBoard({}), "client"], [() => presenceBoard(c, { day: 20261120 }), "day"],
    [() => presenceBoard(c, { day: "2026-11-31" }), "day"], [() => presenceBoard(c, { day: new Date(NaN) }), "day"],
    [() => presenceBoard(c, { year: 2026 }), "year"], [() => presenceBoard(c, null), "options"],
    [() => presenceBoard(c, { checkpoint: 5 }), "checkpoint"], [() => presenceBoard(c, { signal: "x" }), "signal"],
    [() => presenceBoard(c, { checkpoint: "{broken" }), "checkpoint"],
    [() => leaveYearReport(c, "2026"), "year"], [() => leaveYearReport(c, 0), "year"], [() => leaveYearReport(c, 2026, { day: "x" }), "day"],
    [() => projectHours(c, 5, "2026-01-01", "2026-01-02"), "email"], [() => projectHours(c, " ", "2026-01-01", "2026-01-02"), "email"],
    [() => projectHours(c, pm, undefined, "2026-01-02"), "start"], [() => projectHours(c, pm, "2026-01-01", 3), "end"],
    [() => projectHours(c, pm, "2026-01-02", "2026-01-01"), "start"],
    [() => projectHours(c, pm, "2026-01-01", "2026-01-02", { projects: "p" }), "projects"],
    [() => projectHours(c, pm, "2026-01-01", "2026-01-02", { projects: ["a", "a"] }), "projects"],
    [() => projectHours(c, pm, "2026-01-01", "2026-01-02", { project: ["a"] }), "project"],
  ]) {
    await assert.rejects(run(), (e) => e instanceof InvalidInputError && e.field === field, field);
  }
  assert.equal(sb.requests(), 0);
});

test("the README's sweeps snippet runs as written against a served sandbox", async () => {
  const { readFileSync, writeFileSync, mkdirSync } = await import("node:fs");
  const { execFile } = await import("node:child_process");
  const { dirname, join } = await import("node:path");
  const { fileURLToPath } = await import("node:url");
  const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
  const blocks = [...readFileSync(join(pkg, "../../docs/guide/npm.md"), "utf8").matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  const snippet = blocks.find((b) => b.includes("presenceBoard") && b.includes('from "zeitkonto/jobs"'));
  assert.ok(snippet, "the README's sweeps snippet");
  // Inside the package folder, so that "zeitkonto" resolves to this package (self-reference).
  mkdirSync(join(pkg, "test-artifacts"), { recursive: true });
  const file = join(pkg, "test-artifacts", "readme-sweeps.mjs");
  writeFileSync(file, snippet);
  const sb = await Sandbox.create({ today: TODAY });
  const url = await sb.serve();
  try {
    const env = { ...process.env, ZEITKONTO_API_KEY: sb.keys.companyKey, ZEITKONTO_BASE_URL: url };
    const out = await new Promise((resolve, reject) =>
      execFile(process.execPath, [file], { env }, (e, stdout, stderr) => (e ? reject(new Error(stderr)) : resolve(stdout))));
    assert.match(out, /path: 'company', calls: 1, eta: 1000/);
    assert.match(out, /^present: \d+$/m);
    assert.match(out, /^leave overviews: \d+$/m);
    assert.match(out, /^13\/13, 0 ms left$/m);
    assert.match(out, /'p-website': \d+/);
    assert.equal(sb.requests(), 1 + 1 + 13);
  } finally {
    await sb.close();
  }
});
