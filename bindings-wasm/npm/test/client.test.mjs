// Every declared operation against the sandbox, error kinds, faults, AbortSignal, secret hygiene.
import { test, before, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { inspect } from "node:util";
import * as zk from "zeitkonto";
import { startSandbox, KEY, ANNA, ANNA_UUID, MANAGER } from "./sandbox.mjs";

let sb;
const generous = { limit: 1000000, window: 60_000 };
const fastRetry = { baseDelay: 20, maxDelay: 100 };
// Node's default transport is node:http; test/client-fetch.test.mjs runs this file through fetch.
const transport = process.env.ZK_TEST_TRANSPORT === "fetch" ? { fetch: globalThis.fetch } : {};
const client = (opts = {}) => new zk.Client({ apiKey: KEY, baseUrl: sb.url, workspaceKey: "demo-workspace-key", rateLimit: generous, retry: fastRetry, ...transport, ...opts });

before(async () => { sb = await startSandbox(); });
after(() => sb.stop());
beforeEach(() => sb.reset());

test("employees, all employees, departments", async () => {
  const c = client();
  const active = await c.employees();
  const anna = active.find((e) => e.email === ANNA);
  assert.equal(anna.joinDate.length, 10);
  assert.equal(anna.dateOfSeparation, null);
  assert.ok(active.every((e) => e.email !== "otto.former@demo.example"));
  assert.ok((await c.allEmployees()).some((e) => e.email === "otto.former@demo.example"));
  const deps = await c.employeeDepartments();
  assert.equal(deps.find((d) => d.employee === "Schmidt, Anna").department, "Sales");
});

test("presence, overview and the clock state machine", async () => {
  const c = client();
  assert.equal((await c.overview({ email: ANNA })).info[0].status, "red");
  await c.come(ANNA);
  assert.equal((await c.overview({ email: ANNA })).info[0].status, "green");
  assert.equal((await c.presence({ email: ANNA })).info[0].present, true);
  await c.stop(ANNA);
  await c.go(ANNA);
  await assert.rejects(c.go(ANNA), zk.RefusedError);
  await c.clock("come", ANNA, { project: "p-website", device: "Kiosk" });
  assert.equal((await sb.stats()).writes.clock, 4);
  const whole = await c.presence({ day: new Date(2026, 10, 20) });
  assert.ok(whole.info.length >= 35);
});

test("monthly accounts use calendar months", async () => {
  const c = client();
  const oct = await c.timeAccount(ANNA, 2026, 10);
  assert.equal(oct.month, 10);
  assert.ok(oct.bookings.length > 0 && oct.bookings.every((b) => b.date.startsWith("2026-10-")));
  assert.equal(oct.balance, oct.actual - oct.target);
  const report = await c.timeAccountReport(ANNA, { year: 2026, month: 10, project: true });
  assert.equal(report.target, oct.target);
  const err = await c.timeAccountReport(ANNA, { year: 2026, month: 12 }).catch((e) => e);
  assert.ok(err instanceof zk.ApiError);
  assert.deepEqual([err.status, err.code, err.name, err.apiCode], [403, 4, "BadValueError", "badValue"]);
  // Every error answers mayHaveReachedServer (false where the kind has no such field), and the
  // JSON form stays the error's own fields.
  assert.equal(err.mayHaveReachedServer, false);
  assert.equal("mayHaveReachedServer" in err.toJSON(), false);
  const refused = await c.timeAccount(ANNA, 2026, 13).catch((e) => e);
  assert.ok(refused instanceof zk.InvalidInputError);
  assert.equal(refused.mayHaveReachedServer, false);
  assert.equal(refused.apiCode, null);
  const days = await c.targetActualDays({ email: ANNA, start: "2026-11-16", end: "2026-11-30" });
  assert.equal(days.info.at(-1).date, "2026-11-21");
});

test("department accounts and summaries", async () => {
  const c = client();
  const accounts = await c.departmentAccounts("demo-department-key");
  // Each value is the typed monthly account (SDK names, calendar month), as everywhere else.
  assert.ok(ANNA in accounts && typeof accounts[ANNA].balance === "number" && !("saldo" in accounts[ANNA]));
  const one = await c.departmentMonth("1", 2026, 10);
  assert.deepEqual([one.name, one.month], ["Sales", 10]);
  const each = await c.departmentMonthEmployees("SALES", 2026, 10);
  assert.equal(each.reduce((s, e) => s + e.target, 0), one.target);
  assert.deepEqual(await c.departmentMonthEmployees("SALES", 2027, 1), []);
});

test("leave", async () => {
  const c = client();
  await c.extraLeave(ANNA, 2, { year: 2026, comment: "overtime" });
  await assert.rejects(c.extraLeave("olga.other@other.example", 1), zk.RefusedError);
  await c.bookAbsence("LT-VAC", ANNA_UUID, { halfDay: true, startDay: "2026-12-21", endDay: "2026-12-21" });
  await assert.rejects(c.bookAbsence("LT-SPECIAL", ANNA_UUID), (e) => e instanceof zk.ApiError && e.code === 4);
  assert.ok((await c.leaveMonth(2026, 12)).some((r) => r.employee === ANNA_UUID && r.halfDay));
  const year = await c.leaveYear(2026);
  assert.equal(year.legend["LT-VAC"].en, "Vacation");
  assert.equal(year.employees.find((e) => e.email === ANNA).extra, 2);
  assert.ok((await c.leaveTypes(ANNA)).leaveTypes.some((t) => t.uuid === "LT-VAC"));
});

test("projects", async () => {
  const c = client();
  assert.ok((await c.projects(MANAGER)).projects.some((p) => p.uuid === "p-website"));
  const created = await c.createProject(MANAGER, "Launch", { parentId: "p-website", extra: { color: "green" } });
  assert.deepEqual((await c.findProjects(MANAGER, "Launch")).projects, [created.uuid]);
  assert.ok((await c.projectBookings(MANAGER, "p-website", "2026-11-01", "2026-11-20")).entries.length > 0);
  await c.deleteProject(MANAGER, created.uuid);
  await assert.rejects(c.deleteProject(MANAGER, created.uuid), (e) => e instanceof zk.ApiError && e.code === 3);
  await assert.rejects(c.projects(ANNA), (e) => e instanceof zk.ApiError && e.code === 8);
});

test("shifts", async () => {
  const c = client();
  const week = await c.shifts(2026, 47);
  assert.deepEqual([week.year, week.week, week.workspaceName], [2026, 47, "Front desk"]);
  const created = await c.createShift("22:00", "06:00", { startDate: "2026-11-24", employees: [ANNA_UUID, "00000000-0000-4000-8000-000000000902"] });
  assert.equal(created.success, true);
  const shift = (await c.shifts(2026, 48)).shifts.find((s) => s.id === created.shiftId);
  assert.equal(shift.mitarbeiter.length, 1);
  await assert.rejects(c.shifts(2025, 53), (e) => e instanceof zk.InvalidInputError && e.field === "week");
});

test("error kinds and faults", async () => {
  await assert.rejects(client({ apiKey: "wrong" }).employees(), (e) => e instanceof zk.ApiError && e.code === 3 && !e.message.includes("wrong"));
  await assert.rejects(client({ apiKey: "demo-employee-key" }).employees(), zk.ForbiddenError);
  const c = client();
  await sb.inject({ kind: "html", operation: "employees" });
  await assert.rejects(c.employees(), (e) => e instanceof zk.DecodeError && e.operation === "employees" && e.mayHaveReachedServer === true);
  await sb.inject({ kind: "html", status: 502, operation: "clock" });
  await assert.rejects(c.come(ANNA), (e) => e instanceof zk.UnexpectedStatusError && e.status === 502 && e.mayHaveReachedServer === true);
  await sb.inject({ kind: "rateLimit", retryAfter: 120, operation: "employees" });
  await assert.rejects(c.employees(), (e) => e instanceof zk.RateLimitedError && e.retryAfter === 120_000);
  await sb.inject({ kind: "status", status: 503, count: 2, operation: "employees" });
  assert.ok((await c.employees()).length > 0);
  await sb.inject({ kind: "status", status: 500, after: true, operation: "clock" });
  await assert.rejects(c.come(ANNA), zk.UnexpectedStatusError);
  const s = await sb.stats();
  // employees: wrong key, employee key, html, 429, then 503 twice and the retry that succeeds
  assert.deepEqual([s.requests.employees, s.writes.clock, s.requests.clock], [7, 1, 2]);
  await sb.inject({ kind: "delay", delayMs: 1500, count: 3, operation: "overview" });
  await assert.rejects(client({ timeout: 300 }).overview(), (e) => e instanceof zk.TimeoutError && e.mayHaveReachedServer === true);
  // Through node:http (Node's default) a refused connection says so, with Node's code.
  await assert.rejects(new zk.Client({ apiKey: KEY, baseUrl: "http://127.0.0.1:9", retry: { maxRetries: 0 } }).employees(), (e) => e instanceof zk.TransportError && e.mayHaveReachedServer === false && e.cause?.code === "ECONNREFUSED" && !e.message.includes(KEY));
  // fetch refuses port 9 (a "bad port") with a bare "fetch failed", which cannot be told from a
  // broken connection: the client stays on the safe side.
  await assert.rejects(new zk.Client({ apiKey: KEY, baseUrl: "http://127.0.0.1:9", retry: { maxRetries: 0 }, fetch: globalThis.fetch }).employees(), (e) => e instanceof zk.TransportError && e.mayHaveReachedServer === true && !e.message.includes(KEY));
  await assert.rejects(c.projectBookings(MANAGER, "p", "2026-01-01", "2026-03-01"), (e) => e instanceof zk.InvalidInputError && e.field === "startDate");
  // A value JSON cannot carry is refused before anything is sent.
  await assert.rejects(c.timeAccount(ANNA, 2026n, 3), (e) => e instanceof zk.InvalidInputError && e.field === "params" && e.kind === "InvalidInput");
});

test("redirects are never followed and echoed keys never show", async () => {
  const c = client({ retry: { maxRetries: 0 } });
  await sb.inject({ kind: "redirect", location: `http://127.0.0.1:9/api/v2/employees/${KEY}`, operation: "employees" });
  await assert.rejects(c.employees(), (e) => e instanceof zk.UnexpectedStatusError && e.status === 302 && e.excerpt.includes("127.0.0.1:9") && !e.message.includes(KEY));
  await sb.inject({ kind: "redirect", status: 307, location: "http://127.0.0.1:9/come", operation: "clock" });
  await assert.rejects(c.come(ANNA), zk.UnexpectedStatusError);
  assert.equal((await sb.stats()).writes.clock ?? 0, 0);
  for (let pad = 0; pad < 60; pad += 3) {
    await sb.inject({ kind: "echoPath", pad, operation: "department_accounts" });
    await assert.rejects(c.departmentAccounts("demo-department-key"), (e) => e instanceof zk.UnexpectedStatusError && !`${e.message} ${e.excerpt} ${inspect(e)}`.includes("department-k"));
  }
});

test("an AbortSignal cancels a call", async () => {
  const c = client();
  await sb.inject({ kind: "delay", delayMs: 2000, operation: "employees" });
  const ac = new AbortController();
  const pending = c.employees({ signal: ac.signal });
  setTimeout(() => ac.abort(), 100);
  await assert.rejects(pending, (e) => e.name === "AbortError");
  await assert.rejects(c.employees({ signal: AbortSignal.abort() }), (e) => e.name === "AbortError");
});

test("the limiter keeps a burst free of 429", async () => {
  await sb.setRateLimit(20, 1000);
  const c = client({ rateLimit: { limit: 20, window: 1000 }, retry: { maxRetries: 0, maxRateLimitRetries: 0 } });
  const all = await Promise.all(Array.from({ length: 50 }, () => c.findProjects(MANAGER, "Support")));
  assert.equal(all.length, 50);
  assert.equal((await sb.stats()).rateLimited, 0);
});

test("keys never show in errors or the client", async () => {
  const secret = "sEcReT-4c9e";
  const err = await client({ apiKey: secret }).employees().catch((e) => e);
  for (const text of [String(err), err.message, JSON.stringify(err), inspect(err)]) assert.ok(!text.includes(secret), text);
  const c = client({ apiKey: secret });
  for (const text of [String(c), JSON.stringify(c), inspect(c)]) assert.ok(!text.includes(secret), text);
  // A key put into the base URL (a gateway's path) prints as *** there too.
  const gateway = new zk.Client({ apiKey: secret, baseUrl: `https://gateway.example/${secret}/` });
  for (const text of [String(gateway), JSON.stringify(gateway), inspect(gateway)]) {
    assert.ok(!text.includes(secret) && text.includes("https://gateway.example/***"), text);
  }
  // A key given as an option's or a parameter's name is not quoted back.
  for (const options of [{ apiKey: secret, [secret]: 1 }, { apiKey: secret, retry: { [secret]: 1 } }]) {
    assert.throws(() => new zk.Client(options), (e) => e instanceof zk.InvalidInputError && !`${e.message} ${e.field}`.includes(secret));
  }
  await assert.rejects(c.presence({ [secret]: 1 }), (e) => e instanceof zk.InvalidInputError && !`${e.message} ${e.field}`.includes(secret));
  const req = zk.buildRequest("leave_types", { email: ANNA }, { apiKey: secret, workspaceKey: "wOrKsPaCe-77aa" });
  assert.ok(req.body.includes(secret) && !req.redactedBody.includes(secret));
  // The built request prints redacted (its url and body hold the key, for sending), and what it
  // was built from (the context's keys) is not on it.
  const read = zk.buildRequest("time_account", { employee: ANNA, year: 2026, month: 2 }, { apiKey: secret });
  for (const r of [req, read]) {
    for (const text of [String(r), JSON.stringify(r), inspect(r), inspect(r, { showHidden: true, depth: 10 }), `${r}`]) {
      assert.ok(!text.includes(secret) && !text.includes("wOrKsPaCe"), text);
    }
  }
  assert.ok(read.url.includes(secret) && JSON.parse(JSON.stringify(read)).url === read.redactedUrl);
  assert.equal(String(read), `GET ${read.redactedUrl}`);
  assert.deepEqual(Object.keys(read), ["method", "url", "headers", "body", "redactedUrl", "redactedBody"]);
  // A bad `today` is not quoted (it may be a key in the wrong place).
  const bad = (() => { try { zk.buildRequest("employees", {}, { apiKey: "k", today: secret }); } catch (e) { return e; } })();
  assert.ok(bad instanceof zk.InvalidInputError && bad.field === "today" && !bad.message.includes(secret), String(bad));
});

test("a key of the wrong type is refused naming its type, never its value", () => {
  // An all-digit key read from a YAML or JSON config arrives as a number.
  for (const [options, field, reason] of [
    [{ apiKey: 482913375521 }, "apiKey", "invalid type: integer, expected a string"],
    [{ apiKey: "k".repeat(12), workspaceKey: ["SECRET-4829133"] }, "workspaceKey", "invalid type: sequence, expected a string"],
  ]) {
    let err;
    try { new zk.Client(options); } catch (x) { err = x; }
    assert.ok(err instanceof zk.InvalidInputError, String(err));
    assert.equal(err.field, field);
    assert.equal(err.reason, reason);
    const shown = `${err.message} ${inspect(err)} ${JSON.stringify(err)}`;
    assert.ok(!shown.includes("482913375521") && !shown.includes("SECRET-4829133"), shown);
  }
});

test("a body that is not UTF-8 (a Latin-1 name) reads each stray byte as its Latin-1 character", async () => {
  const { createServer } = await import("node:http");
  const body = Buffer.concat([Buffer.from('[{"email":"a@b.c","lastName":"M'), Buffer.from([0xfc]), Buffer.from('ller"}]')]);
  const server = createServer((req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  try {
    const c = client({ baseUrl: `http://127.0.0.1:${server.address().port}` });
    const [row] = await c.employees();
    assert.equal(row.lastName, "Müller");
    assert.equal(zk.parseResponse("employees", 200, {}, new Uint8Array(body), null)[0].lastName, "Müller");
  } finally {
    server.closeAllConnections?.();
    server.close();
  }
});
