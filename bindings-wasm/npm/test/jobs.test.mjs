// zeitkonto/jobs: the month close over the main entry's Client, planned by the core's planner
// (its own .wasm), against the in-process sandbox (zeitkonto/testing).
import { test } from "node:test";
import assert from "node:assert/strict";
import { AuthenticationFailedError, InvalidInputError } from "zeitkonto";
import { monthClose } from "zeitkonto/jobs";
import { Sandbox } from "zeitkonto/testing";

const accounts = async (job) => {
  const out = [];
  for await (const e of job) if (e.type === "account") out.push(e);
  return out;
};

test("the estimates assume the client's rate limit unless limitPerMinute says otherwise", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const departments = ["SALES", "ENG", "OPS"];
  // Four calls: four seconds at the API's 60 a minute, eight under a client limited to 30.
  assert.equal((await monthClose(sb.client({ rateLimit: { limit: 60, window: 60_000 } }), 2026, 10, { departments })).plan.eta, 4000);
  const slow = sb.client({ rateLimit: { limit: 30, window: 60_000 } });
  assert.equal((await monthClose(slow, 2026, 10, { departments })).plan.eta, 8000);
  assert.equal((await monthClose(slow, 2026, 10, { departments, limitPerMinute: 60 })).plan.eta, 4000);
  // A client limited above the API's 60, or not at all, still meets the server's limit.
  assert.equal((await monthClose(sb.client({ rateLimit: { limit: 0 } }), 2026, 10, { departments })).plan.eta, 4000);
  // A stand-in for the Client (any object with `call`): the API's 60.
  const standIn = { call: (operation, params, options) => slow.call(operation, params, options) };
  assert.equal((await monthClose(standIn, 2026, 10, { departments })).plan.eta, 4000);
  // A Client of another entry (another copy of the package's module) gives its rate limit too.
  const { Client: InlineClient } = await import("zeitkonto/inline");
  const inline = new InlineClient({ apiKey: "inline-key-1234", rateLimit: { limit: 30, window: 60_000 } });
  assert.notEqual(InlineClient, slow.constructor);
  assert.equal((await monthClose(inline, 2026, 10, { departments })).plan.eta, 8000);
});

test("department ids known: departments + 1 calls, the same accounts as timeAccount", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const job = await monthClose(sb.client(), 2026, 10, { departments: ["SALES", "ENG", "OPS"] });
  assert.deepEqual(job.plan, { path: "departments", calls: 4, eta: 4000 });
  // What the estimates assume, as Python's `limit_per_minute` and Kotlin's and Swift's `limitPerMinute`.
  const slower = await monthClose(sb.client(), 2026, 10, { departments: ["SALES"], limitPerMinute: 30 });
  assert.deepEqual(slower.plan, { path: "departments", calls: 2, eta: 4000 });
  await assert.rejects(monthClose(sb.client(), 2026, 10, { limitPerMinute: -1 }),
    (e) => e instanceof InvalidInputError && e.field === "limitPerMinute" && e.reason.includes("0 (no limit) or more"));
  const rows = await accounts(job);
  assert.equal(rows.length, 39);
  assert.equal(new Set(rows.map((r) => r.employee)).size, 39);
  assert.equal(rows[0].account.month, 10);
  assert.equal(sb.requests(), 4);
});

test("no department ids: one call per employee; a failure is an event; a refused department falls back", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  sb.inject("html", { operation: "time_account" });
  const events = [];
  const job = await monthClose(sb.client(), 2026, 10);
  for await (const e of job) events.push(e);
  assert.equal(events.filter((e) => e.type === "account").length, 38);
  const [failure] = events.filter((e) => e.type === "employeeFailure");
  assert.deepEqual(job.failures(), [{ employee: failure.employee, reason: "Decode" }]);
  assert.equal(sb.requests("time_account"), 39);
  sb.reset();
  const fallback = [];
  for await (const e of await monthClose(sb.client(), 2026, 10, { departments: ["SALES", "NOPE"] })) fallback.push(e);
  assert.deepEqual(fallback.filter((e) => e.type === "departmentFallback").map((e) => e.department), ["NOPE"]);
  assert.equal(fallback.filter((e) => e.type === "account").length, 39);
});

test("a stopped job resumes from its checkpoint; a refused key rejects; bad input names the field", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const client = sb.client();
  const job = await monthClose(client, 2026, 10);
  let n = 0;
  for await (const e of job) if (e.type === "account" && ++n === 10) break;
  const rest = await accounts(await monthClose(client, 2026, 10, { checkpoint: job.checkpoint() }));
  // The 10th account's call counts as not finished (its event was being handled): at least once.
  assert.equal(rest.length, 30);
  assert.equal(sb.requests("employees"), 1);
  await assert.rejects(accounts(await monthClose(sb.client({ apiKey: "not-a-key" }), 2026, 10)), AuthenticationFailedError);
  await assert.rejects(monthClose(client, 2026, 13), (e) => e instanceof InvalidInputError && e.field === "month");
  await assert.rejects(monthClose(client, 2026, 10, { checkpoint: "{broken" }), (e) => e.field === "checkpoint");
});

test("a checkpoint is its key's: another company's key is refused it before any call, as in every language", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const job = await monthClose(sb.client(), 2026, 10, { departments: ["SALES"] });
  const fresh = job.checkpoint();
  await accounts(job);
  const done = job.checkpoint();
  assert.ok(!done.includes(sb.keys.companyKey));
  const theirs = sb.client({ apiKey: sb.keys.otherCompanyKey });
  const calls = sb.requests();
  await assert.rejects(monthClose(theirs, 2026, 10, { departments: ["SALES"], checkpoint: done }),
    (e) => e instanceof InvalidInputError && e.field === "checkpoint" && /another account/.test(e.message));
  assert.equal(sb.requests(), calls);
  // Before any answer a job is no key's yet (a mistyped key put right resumes).
  await monthClose(theirs, 2026, 10, { departments: ["SALES"], checkpoint: fresh });
  // The same key's checkpoint resumes; so does one of the same key made by the Rust core (the vectors).
  await monthClose(sb.client(), 2026, 10, { departments: ["SALES"], checkpoint: done });
});

test("the owner is the core's owner_of (tests/vectors/owners.json), and the default base URL the core's", async () => {
  const { readFileSync } = await import("node:fs");
  const { Client, _ownerOf } = await import("zeitkonto");
  const vectors = JSON.parse(readFileSync(new URL("../../../tests/vectors/owners.json", import.meta.url), "utf8"));
  for (const { baseUrl, apiKey, owner } of vectors.cases) {
    assert.equal(_ownerOf(new Client({ apiKey, baseUrl })), owner, `${baseUrl}`);
  }
  const byDefault = new Client({ apiKey: "demo-company-key" });
  assert.equal(_ownerOf(byDefault), _ownerOf(new Client({ apiKey: "demo-company-key", baseUrl: byDefault.toJSON().baseUrl })));
  assert.equal(_ownerOf(new Client({})), undefined, "no key: no owner");
  assert.ok(!Object.keys(byDefault).length && !JSON.stringify(byDefault).includes("demo-company-key"));
});

test("one call of a job at a time: a second loop during a call is refused; one at an event carries on", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const job = await monthClose(sb.client(), 2026, 10, { departments: ["SALES", "ENG"] });
  const first = job[Symbol.asyncIterator]();
  const inFlight = first.next(); // its first call is on its way
  await assert.rejects(job[Symbol.asyncIterator]().next(), (e) => e instanceof InvalidInputError && e.field === "job");
  await inFlight;
  // Paused at an event, the first loop holds no call: a loop dropped there (no return()) leaves
  // the job usable, and another carries on.
  const rest = [];
  for await (const e of job) rest.push(e);
  assert.ok(rest.some((e) => e.type === "account"), JSON.stringify(rest.map((e) => e.type)));
  // No call made twice, none lost: the calls of the same job run in one loop.
  const alone = await Sandbox.create({ today: "2026-11-21" });
  for await (const _ of await monthClose(alone.client(), 2026, 10, { departments: ["SALES", "ENG"] }));
  assert.equal(sb.requests(), alone.requests());
});

test("an AbortSignal stops the job during a call", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  sb.inject("delay", { operation: "time_account", delay: 5000 });
  const controller = new AbortController();
  const job = await monthClose(sb.client(), 2026, 10, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error("stop")), 50);
  await assert.rejects(accounts(job), /stop/);
});

test("the README's zeitkonto/jobs snippet runs as written against a served sandbox", async () => {
  const { readFileSync, writeFileSync, mkdirSync } = await import("node:fs");
  const { execFile } = await import("node:child_process");
  const { dirname, join } = await import("node:path");
  const { fileURLToPath } = await import("node:url");
  const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
  const blocks = [...readFileSync(join(pkg, "../../docs/guide/npm.md"), "utf8").matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  const snippet = blocks.find((b) => b.includes('from "zeitkonto/jobs"'));
  assert.ok(snippet, "the README's jobs snippet");
  // Inside the package folder, so that "zeitkonto" resolves to this package (self-reference).
  mkdirSync(join(pkg, "test-artifacts"), { recursive: true });
  const file = join(pkg, "test-artifacts", "readme-jobs.mjs");
  writeFileSync(file, snippet);
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const url = await sb.serve();
  try {
    const env = { ...process.env, ZEITKONTO_API_KEY: sb.keys.companyKey, ZEITKONTO_BASE_URL: url };
    const out = await new Promise((resolve, reject) =>
      execFile(process.execPath, [file], { env }, (e, stdout, stderr) => (e ? reject(new Error(stderr)) : resolve(stdout))));
    assert.match(out, /path: 'departments'/);
    assert.equal(out.trim().split("\n").length, 40);
  } finally {
    await sb.close();
  }
});

test("wrong types are InvalidInputError before any call", async () => {
  const sb = await Sandbox.create();
  const c = sb.client();
  for (const [args, field] of [
    [[c, 2026, "10"], "month"], [[{}, 2026, 10], "client"], [[c, 2026, 10, { checkpoint: { a: 1 } }], "checkpoint"],
    [[c, 2026, 10, { checkpoint: 5 }], "checkpoint"], [[c, 2026, 10, { departments: [1] }], "departments"],
    [[c, 2026, 10, { signal: "x" }], "signal"], [[c, 2026, 10, { departmens: [] }], "departmens"],
  ]) {
    await assert.rejects(monthClose(...args), (e) => e instanceof InvalidInputError && e.field === field, field);
  }
  assert.equal(sb.requests(), 0);
});
