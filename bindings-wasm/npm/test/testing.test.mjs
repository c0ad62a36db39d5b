// zeitkonto/testing: the sandbox engine in-process (its own .wasm), its fetch, its clients, its
// controls, serve(), and the README's test file as a user runs it (`node --test` in a fresh
// directory that resolves the package, see scripts/npm-pack-check for the packed tarball).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, symlinkSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AuthenticationFailedError, DecodeError, InvalidInputError, RateLimitedError, RefusedError, TimeoutError,
  MissingModuleError, operations, Client,
} from "zeitkonto";
import { FAULT_KINDS, IN_PROCESS_BASE_URL, Sandbox } from "zeitkonto/testing";

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), "..");

test("a hundred calls run in process without waiting for a rate limit", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const client = sb.client();
  for (let i = 0; i < 100; i++) assert.equal((await client.employees()).length, 39);
  assert.equal(sb.requests("employees"), 100);
  assert.equal(sb.rateLimited, 0);
});

test("the spec rules hold in process", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const client = sb.client();
  await client.come(sb.keys.employee);
  await assert.rejects(client.come(sb.keys.employee), RefusedError);
  await assert.rejects(sb.client({ apiKey: sb.keys.noModulesCompanyKey }).presence(), MissingModuleError);
  await assert.rejects(sb.client({ apiKey: "not-a-key" }).employees(), AuthenticationFailedError);
  assert.equal(sb.today, "2026-11-21");
  assert.equal(sb.writes("clock"), 1);
  sb.reset();
  assert.equal(sb.writes(), 0);
});

test("faults: a read is retried, a write is never sent twice", async () => {
  const sb = await Sandbox.create();
  const client = sb.client();
  sb.inject("status", { status: 503, operation: "employees" });
  assert.equal((await client.employees()).length, 39);
  assert.equal(sb.requests("employees"), 2);
  sb.inject("status", { status: 503, operation: "clock", afterApplying: true });
  await assert.rejects(client.come(sb.keys.employee), (e) => e.mayHaveReachedServer === true);
  assert.deepEqual([sb.requests("clock"), sb.writes("clock")], [1, 1]);
  sb.inject("truncated", { operation: "employees" });
  await assert.rejects(client.employees(), DecodeError);
  sb.inject("reset", { operation: "employees" });
  await assert.ok((await client.employees()).length === 39, "a reset read is retried");
});

test("a delay longer than the timeout times out and applies nothing; an abort during a delay too", async () => {
  const sb = await Sandbox.create();
  sb.inject("delay", { delay: 5_000, operation: "clock" });
  await assert.rejects(sb.client({ timeout: 50, retry: { maxRetries: 0 } }).come(sb.keys.employee), TimeoutError);
  const controller = new AbortController();
  sb.inject("delay", { delay: 5_000, operation: "clock" });
  const call = sb.client().come(sb.keys.employee, {}, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error("user left")), 30);
  await assert.rejects(call, /user left/);
  assert.equal(sb.writes("clock"), 0);
});

test("the sandbox's rate limit when asked, and the kit's client keeps to it", async () => {
  const sb = await Sandbox.create({ rateLimit: { limit: 3, window: 300 } });
  const client = sb.client();
  for (let i = 0; i < 5; i++) await client.employees();
  assert.equal(sb.rateLimited, 0);
  const eager = sb.client({ rateLimit: { limit: 0 }, retry: { maxRetries: 0, maxRateLimitRetries: 0 } });
  await assert.rejects(async () => { for (let i = 0; i < 5; i++) await eager.employees(); }, RateLimitedError);
  assert.ok(sb.rateLimited >= 1);
});

test("sandbox.fetch answers like the API for code that calls it itself", async () => {
  const sb = await Sandbox.create();
  const r = await sb.fetch(`https://desktop.saas.de/api/v2/employees/${sb.keys.companyKey}`);
  assert.equal(r.status, 200);
  assert.equal((await r.json()).length, 39);
  const refused = await sb.fetch(`${IN_PROCESS_BASE_URL}/api/v2/employees/nope`);
  assert.deepEqual([refused.status, await refused.text()], [403, "3"]);
  const posted = await sb.fetch(new Request(`http://x/rest/api/v2/time/come/${sb.keys.companyKey}/${sb.keys.employee}`, { method: "POST", body: "{}" }));
  assert.equal(await posted.text(), "true");
});

test("serve() puts the same engine behind HTTP on 127.0.0.1", async () => {
  const sb = await Sandbox.create();
  try {
    const url = await sb.serve();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const r = await fetch(`${url}/rest/api/v2/time/come/${sb.keys.companyKey}/${encodeURIComponent(sb.keys.employee)}`, { method: "POST", body: "{}" });
    assert.equal(await r.text(), "true");
    assert.equal(sb.writes("clock"), 1, "the HTTP request and the in-process counters are one engine");
  } finally {
    await sb.close();
  }
});

test("bad input names the field", async () => {
  for (const [options, field] of [[{ today: "2026-13-01" }, "today"], [{ today: new Date(NaN) }, "today"], [{ today: 20261121 }, "today"], [{ seed: "{not json" }, "seed"], [{ rateLimit: { window: -1 } }, "rateLimit.window"]]) {
    await assert.rejects(Sandbox.create(options), (e) => e instanceof InvalidInputError && e.field === field && e.message.startsWith(`invalid input \`${field}\`: ${e.reason}`));
  }
  const sb = await Sandbox.create();
  for (const [kind, options, field] of [["explode", {}, "kind"], ["status", { operation: "no_such_op" }, "operation"], ["status", { status: 42 }, "status"], ["delay", { delay: -1 }, "delay"], ["status", { count: 0 }, "count"]]) {
    assert.throws(() => sb.inject(kind, options), (e) => e instanceof InvalidInputError && e.field === field && e.message === `invalid input \`${field}\`: ${e.reason}`);
  }
  assert.throws(() => sb.writes("no_such_op"), (e) => e.field === "operation" && e.message === `invalid input \`operation\`: ${e.reason}`);
  assert.throws(() => sb.client({ baseUrl: "https://desktop.saas.de" }), (e) => e.field === "baseUrl");
  const secret = JSON.stringify({ companies: [{ id: "c", key: "secret-seed-key" }] });
  await assert.rejects(Sandbox.create({ seed: secret }), (e) => e.field === "seed" && !String(e).includes("secret-seed-key"));
});

test("every fault kind is one the engine knows; the kit's clients and errors are the main entry's", async () => {
  const sb = await Sandbox.create();
  for (const kind of FAULT_KINDS) sb.inject(kind);
  assert.ok(sb.client() instanceof (await import("zeitkonto")).Client);
  assert.equal(operations().length, operations().filter((op) => sb.requests(op) === 0).length);
});

test("the README's test file passes as a user runs it (node --test)", () => {
  const readme = readFileSync(join(pkg, "README.md"), "utf8");
  const found = readme.match(/```js payroll\.test\.mjs\n([\s\S]*?)```/);
  assert.ok(found, "the README's 'Testing your integration' test file");
  const dir = mkdtempSync(join(tmpdir(), "zk-kit-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(pkg, join(dir, "node_modules", "zeitkonto"), "dir");
  writeFileSync(join(dir, "payroll.test.mjs"), found[1]);
  // A run of its own, not a subtest of this one (node:test marks its children by NODE_TEST_CONTEXT).
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const out = execFileSync(process.execPath, ["--test", "payroll.test.mjs"], { cwd: dir, encoding: "utf8", env });
  assert.match(out, /# pass 3/);
  assert.match(out, /# fail 0/);
});

// tests/vectors/inject.json: every kit gives the same refusal (the engine checks); durations are
// milliseconds in the vectors as in this kit.
const vectors = (name) => JSON.parse(readFileSync(join(pkg, "..", "..", "tests", "vectors", name), "utf8"));

test("bad inject arguments: the shared vectors, one refusal per case", async () => {
  const sb = await Sandbox.create();
  const { cases } = vectors("inject.json");
  for (const c of cases) {
    const options = Object.fromEntries(Object.entries(c.options).map(([k, v]) => [k, v === "Infinity" ? Infinity : v]));
    if (!("field" in c)) {
      sb.inject(c.kind, options);
      continue;
    }
    assert.throws(() => sb.inject(c.kind, options), (e) => {
      assert.ok(e instanceof InvalidInputError, c.name);
      assert.equal(e.field, c.field, c.name);
      assert.equal(e.reason, c.reason.replace("{kinds}", FAULT_KINDS.join(", ")), c.name);
      return true;
    });
  }
  assert.ok(cases.length >= 30);
});

test("FAULT_KINDS is the engine's list", () => {
  assert.deepEqual([...FAULT_KINDS], vectors("testkit.json").faultKinds.map((k) => k.name));
});

test("wrong types and unknown options are InvalidInputError naming the field, never a trap", async () => {
  const sb = await Sandbox.create();
  for (const [f, field] of [
    [() => sb.requests(5), "operation"], [() => sb.writes({}), "operation"], [() => sb.inject("status", { operation: 5 }), "operation"],
    [() => sb.inject("status", { cuont: 3 }), "cuont"], [() => sb.inject("echoPath", { pad: -1 }), "pad"],
    [() => sb.inject("status", { afterApplying: "yes" }), "afterApplying"],
  ]) {
    assert.throws(f, (e) => e instanceof InvalidInputError && e.field === field, field);
  }
  await assert.rejects(Sandbox.create({ todya: "2026-01-01" }), (e) => e.field === "todya");
  const seed = sb.seed();
  assert.ok(Array.isArray(seed.employees) && seed.employees.length > 30);
  const copy = await Sandbox.create({ seed });
  assert.equal((await copy.client().employees()).length, 39);
  // Its own seed: its own keys, which work against it.
  const main = seed.companies.find((c) => c.key === "demo-company-key");
  main.key = "acme-company-key-7f3a";
  seed.employees = seed.employees.filter((e) => e.email !== "anna.schmidt@demo.example");
  seed.workspaces = []; // none: the client is made without a workspace key
  const own = await Sandbox.create({ seed, today: "2026-11-21" });
  assert.equal(own.keys.workspaceKey, "");
  assert.equal(own.keys.companyKey, "acme-company-key-7f3a");
  assert.notEqual(own.keys.employee, "anna.schmidt@demo.example");
  assert.equal((await own.client().employees()).length, 38);
  await own.client().timeAccount(own.keys.employee, 2026, 10);
});

test("the kit reads a Date as the client does (its local day), and an option given as undefined as not given", async () => {
  // In Berlin, local midnight of 20 November is 23:00 UTC the day before: the UTC reading said the 19th.
  const script = `import { Sandbox } from "zeitkonto/testing";
    const sb = await Sandbox.create({ today: new Date(2026, 10, 20) });
    console.log(sb.today);`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script],
    { env: { ...process.env, TZ: "Europe/Berlin" }, cwd: fileURLToPath(new URL("..", import.meta.url)) });
  assert.equal(String(out).trim(), "2026-11-20");
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const client = sb.client({ apiKey: undefined, timeout: undefined }); // `process.env.KEY` unset
  assert.ok((await client.employees()).length > 0, "the seed's key stays");
});

test("inject's values are checked by the engine whatever their JavaScript type", async () => {
  const sb = await Sandbox.create({ today: "2026-11-21" });
  const cycle = {};
  cycle.self = cycle;
  const cases = [
    ["delay", { delay: NaN }, "delay", "must be a duration from 0 to 1 hour"],
    ["delay", { delay: -Infinity }, "delay", "must be a duration from 0 to 1 hour"],
    ["status", { count: 2n }, "count", "expected a number"],
    ["status", { status: () => 500 }, "status", "expected a number"],
    ["status", { status: Symbol("500") }, "status", "expected a number"],
    ["redirect", { location: new Date(0) }, "location", "expected a string"],
    ["status", { operation: 12345678901234567890n }, "operation", "expected an operation name (a string)"],
    ["status", { count: cycle }, "count", "expected a number"],
    ["status", [], "options", "expected an options object"],
  ];
  for (const [kind, options, field, reason] of cases) {
    assert.throws(() => sb.inject(kind, options), (e) => e instanceof InvalidInputError && e.field === field && e.reason === reason, `${kind} ${field}`);
  }
  // null and undefined are options not given.
  sb.inject("status", { status: null, count: undefined, operation: "employees" });
  const client = sb.client({ retry: { maxRetries: 0 } });
  await assert.rejects(client.employees(), (e) => e.status === 500);
  assert.ok(Array.isArray(await client.employees()));
});

test("reset() and a new sandbox forget what the clients counted (in-process and served)", async () => {
  // One call an hour: a client that waited for its window would be held up for an hour.
  const atOnce = (call) => Promise.race([call, new Promise((_, no) => setTimeout(() => no(new Error("held up")), 20_000).unref())]);
  const hourly = { rateLimit: { limit: 1, window: 3_600_000 } };
  const sb = await Sandbox.create(hourly);
  const client = sb.client();
  await atOnce(client.employees());
  sb.reset();
  await atOnce(client.employees());
  const served = await sb.serve();
  sb.reset(); // (one engine: the in-process call counts there too)
  const http = new Client({ apiKey: sb.keys.companyKey, baseUrl: served, rateLimit: { limit: 1, window: 3_600_000 } });
  await atOnce(http.employees());
  sb.reset();
  await atOnce(http.employees());
  await sb.close();
  const again = await Sandbox.create(hourly);
  await atOnce(again.client().employees());
  assert.deepEqual([sb.requests("employees"), again.requests("employees")], [1, 1]);
});
