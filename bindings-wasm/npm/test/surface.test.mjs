// The drift check: the npm surface is what the core declares (tests/vectors/declaration.json,
// written by scripts/codegen from core/src/decl/): methods, parameter names and order, the
// options object, doc comments in index.d.ts; and what a Date means for a date parameter.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import * as zk from "zeitkonto";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const DECL = JSON.parse(readFileSync(here("../../../tests/vectors/declaration.json"), "utf8"));
const DECLARATION = DECL.operations;
// The shorthands (`come`: `clock` with `action` "come") as the methods they are: their name and
// doc, and the parameters of their operation they take, in their declared order.
const SHORTHANDS = DECL.shorthands.map((s) => {
  const params = DECLARATION.find((op) => op.name === s.operation).params;
  return { name: s.name, summary: s.doc, params: s.params.map((n) => params.find((p) => p.name === n)) };
});
const DTS = readFileSync(here("../index.d.ts"), "utf8");
const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const TS = { text: "string", integer: "number", number: "number", bool: "boolean", date: "DateInput", month: "Month", clockAction: '"come" | "go" | "stop"', textList: "string[]", jsonMap: "{ [key: string]: Json }", timeOfDay: "TimeInput" };

test("every declared operation, and no other, is a Client method, in the core's order", () => {
  assert.deepEqual(zk.operations(), DECLARATION.map((op) => op.name));
  const methods = Object.getOwnPropertyNames(zk.Client.prototype).filter((n) => n !== "constructor" && typeof zk.Client.prototype[n] === "function");
  const extra = new Set(["call", "toString", "toJSON"]);
  assert.deepEqual(methods.filter((n) => !extra.has(n)).sort(), [...DECLARATION, ...SHORTHANDS].map((op) => camel(op.name)).sort());
});

for (const op of [...DECLARATION, ...SHORTHANDS]) {
  test(`${op.name}: method and .d.ts follow the declaration`, () => {
    const name = camel(op.name);
    const required = op.params.filter((p) => p.required);
    const optional = op.params.filter((p) => !p.required);
    // Function.length counts the parameters before the first default (the options object's `= {}`).
    assert.equal(zk.Client.prototype[name].length, required.length + (optional.length ? 0 : 1));
    const args = required.map((p) => `${camel(p.name)}: ${TS[p.type]}`);
    if (optional.length) args.push(`options?: { ${optional.map((p) => `${camel(p.name)}?: ${TS[p.type]} | undefined`).join("; ")} }`);
    args.push("callOptions?: CallOptions");
    const line = `  ${name}(${args.join(", ")}): Promise<`;
    const at = DTS.indexOf(line);
    assert.ok(at > 0, `index.d.ts lacks ${line}`);
    const doc = DTS.slice(DTS.lastIndexOf("/**", at), at);
    assert.ok(doc.includes(op.summary.split(" ").slice(0, 3).join(" ")), `${name}: no doc comment`);
    for (const p of required) assert.ok(doc.includes(`@param ${camel(p.name)} `), `${name}: ${p.name} undocumented`);
  });
}

test("canonical params: optional values by name, absent ones dropped, dates as days", () => {
  const capture = { call: (operation, params) => ({ operation, params }) };
  const { operation, params } = zk.Client.prototype.bookAbsence.call(capture, "LT-VAC", "e-1", { halfDay: true, startDay: "2026-12-01" });
  assert.equal(operation, "book_absence");
  assert.deepEqual(JSON.parse(JSON.stringify(params)), { reasonUuid: "LT-VAC", employeeUuid: "e-1", halfDay: true, startDay: "2026-12-01" });
});

// What a Date means, on both sides of UTC (a child process per time zone).
const probe = `
  import * as zk from "zeitkonto";
  // (Read as every call reads its params: the methods and \`call\` through one conversion.)
  const f = (d) => JSON.parse(zk.buildRequest("presence", { day: d }, { apiKey: "k-123456" }).body).day;
  console.log(JSON.stringify([f(new Date("2026-03-01")), f(new Date(2026, 2, 1)), f(new Date(2026, 2, 1, 23, 30)), f(new Date("2026-03-01T00:00:00Z"))]));
`;
for (const tz of ["America/Los_Angeles", "UTC", "Asia/Tokyo", "Pacific/Kiritimati"]) {
  test(`a Date is the day the caller meant in ${tz}`, () => {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", probe], { env: { ...process.env, TZ: tz }, cwd: here(".."), encoding: "utf8" });
    assert.deepEqual(JSON.parse(out), ["2026-03-01", "2026-03-01", "2026-03-01", "2026-03-01"]);
  });
}

test("durations are milliseconds, as setTimeout takes them; a bad setting names its option", () => {
  for (const [options, field] of [[{ timeout: -1 }, "timeout"], [{ retry: { baseDelay: Infinity } }, "retry.baseDelay"], [{ rateLimit: { window: "60" } }, "rateLimit.window"], [{ retry: { baseDelay: 400 * 86_400_000 } }, "retry.baseDelay"], [{ rateLimit: { window: 0 } }, "rateLimit.window"], [{ retry: { maxRetries: 1.5 } }, "retry.maxRetries"], [{ rateLimit: { limit: 10_000_000 } }, "rateLimit.limit"], [{ baseUrl: "http://desktop.saas.de" }, "baseUrl"]]) {
    assert.throws(() => new zk.Client({ apiKey: "k-123456", ...options }), (e) => e instanceof zk.InvalidInputError && e.field === field, JSON.stringify(options));
  }
  for (const timeout of [null, 0, 2500, Infinity, undefined]) new zk.Client({ apiKey: "k-123456", timeout });
});

for (const model of DECL.models) {
  test(`${model.name}: the .d.ts interface has the declared fields, documented`, () => {
    const at = DTS.indexOf(`export interface ${model.name} {`);
    assert.ok(at > 0, `no interface ${model.name}`);
    const body = DTS.slice(at, DTS.indexOf("\n}", at));
    const keys = [...body.matchAll(/^  (\w+): /gm)].map((m) => m[1]);
    assert.deepEqual(keys, [...model.fields.map((f) => f.key), ...(model.extra ? ["extra"] : [])]);
    assert.equal((body.match(/\/\*\*/g) ?? []).length, keys.length, "a doc comment per field");
  });
}

test("an async onEvent that rejects is ignored like one that throws: no unhandled rejection", async () => {
  const { startSandbox, KEY } = await import("./sandbox.mjs");
  const sb = await startSandbox();
  const unhandled = [];
  const seen = (reason) => unhandled.push(reason);
  process.on("unhandledRejection", seen);
  try {
    let calls = 0;
    const c = new zk.Client({ apiKey: KEY, baseUrl: sb.url, onEvent: async () => { calls++; throw new Error("logger down"); } });
    assert.ok((await c.employees()).length > 0);
    await new Promise((r) => setTimeout(r, 50)); // a turn for unhandled rejections to be reported
    assert.ok(calls >= 2, String(calls));
    assert.deepEqual(unhandled, []);
  } finally {
    process.off("unhandledRejection", seen);
    await sb.stop();
  }
});

test("a key passed where another argument belongs is not quoted back in the refusal", async () => {
  const { KEY } = await import("./sandbox.mjs");
  const c = new zk.Client({ apiKey: KEY, workspaceKey: "ws-Ws8secretWORKSPACE77", baseUrl: "http://127.0.0.1:9" });
  const { projectHours } = await import("zeitkonto/jobs");
  for (const call of [() => c.leaveTypes(KEY), () => c.presence({ day: KEY }), () => c.createShift("ws-Ws8secretWORKSPACE77", "06:00"),
    () => projectHours(c, KEY, "2026-01-01", "2026-01-31"), () => projectHours(c, "pm@x.example", KEY, "2026-01-31")]) {
    const e = await call().then(() => null, (err) => err);
    assert.ok(e instanceof zk.InvalidInputError, String(e));
    for (const text of [e.message, e.reason, JSON.stringify(e), e.stack]) {
      assert.ok(!text.includes(KEY.slice(-8)) && !text.includes("Ws8secret"), text);
    }
  }
});

test("driver events reach onEvent as they happen, typed like every language's, without keys", async () => {
  const { startSandbox, KEY } = await import("./sandbox.mjs");
  const sb = await startSandbox();
  try {
    const events = [];
    const c = new zk.Client({ apiKey: KEY, baseUrl: sb.url, rateLimit: { limit: 1, window: 1000 }, onEvent: (e) => { events.push(e); if (e.event === "send") throw new Error("ignored"); } });
    await c.employees();
    const started = Date.now();
    let waitSeenAt = null;
    const second = c.employees().then(() => Date.now());
    while (waitSeenAt === null && Date.now() - started < 3000) {
      if (events.some((e) => e.event === "wait")) waitSeenAt = Date.now();
      await new Promise((r) => setTimeout(r, 20));
    }
    const done = await second;
    assert.ok(waitSeenAt !== null && waitSeenAt < done - 300, "the wait was reported while it happened");
    assert.deepEqual(events.map((e) => e.event), ["send", "received", "wait", "send", "received"]);
    const wait = events.find((e) => e.event === "wait");
    assert.equal(wait.reason, "rate limit");
    assert.ok(wait.delay > 500 && wait.delay <= 1100, String(wait.delay)); // milliseconds
    assert.ok(events.filter((e) => e.event === "received").every((e) => e.status === 200 && e.elapsed >= 0 && e.elapsed < 5000));
    assert.ok(events.every((e) => !("elapsedMs" in e) && !("delayMs" in e)), "durations as elapsed and delay");
    assert.ok(events.every((e) => !JSON.stringify(e).includes(KEY)), JSON.stringify(events));
    assert.throws(() => new zk.Client({ apiKey: KEY, onEvent: 1 }), (e) => e instanceof zk.InvalidInputError && e.field === "onEvent");
  } finally {
    sb.stop();
  }
});

test("bad arguments are InvalidInputError naming what was wrong, never a TypeError", async () => {
  const KEY = "test-company-key-7f3a";
  const client = new zk.Client({ apiKey: KEY, baseUrl: "http://127.0.0.1:9", retry: { maxRetries: 0 } });
  const refused = (p) => p.then(() => null, (e) => e);
  for (const [made, field] of [
    [() => client.call("employees", "x"), "params"],
    [() => client.employees({ signal: "x" }), "signal"],
    [() => client.call("employees", {}, { signal: {} }), "signal"],
  ]) {
    const e = await refused(made());
    assert.ok(e instanceof zk.InvalidInputError && e.field === field, `${field}: ${e?.name} ${e?.field} ${e?.message}`);
    // As a structured logger writes it: name, message and fields.
    const json = JSON.parse(JSON.stringify(e));
    assert.deepEqual([json.name, json.message, json.kind, json.field], [e.name, e.message, "InvalidInput", field]);
  }
  // `null` params and call options are none (the call then fails only for want of a server).
  for (const made of [() => client.call("employees", null), () => client.employees(null), () => client.call("employees", {}, null)]) {
    const e = await refused(made());
    assert.ok(!(e instanceof TypeError) && !(e instanceof zk.InvalidInputError), `${e?.name}: ${e?.message}`);
  }
  // The sans-IO functions alike.
  assert.throws(() => zk.buildRequest("employees", "x", { apiKey: KEY }), (e) => e instanceof zk.InvalidInputError && e.field === "params");
  assert.equal(zk.buildRequest("employees", null, { apiKey: KEY }).method, "GET");
  assert.deepEqual(zk.parseResponse("employees", 200, {}, "[]", null), []);
  // A status that is no HTTP status (100-999, as in every language) and a body that is no bytes or
  // text are refused by name (wasm-bindgen would wrap 99999 and read a number as that many zero
  // bytes), as in Python, Kotlin and Swift.
  for (const status of [99999, -1, 99, 1000, 200.5, "200", true]) {
    assert.throws(() => zk.parseResponse("employees", status, {}, "[]"), (e) => e instanceof zk.InvalidInputError && e.field === "status", String(status));
  }
  for (const body of [3, {}, true]) {
    assert.throws(() => zk.parseResponse("employees", 200, {}, body), (e) => e instanceof zk.InvalidInputError && e.field === "body", String(body));
  }
  assert.deepEqual(zk.parseResponse("employees", 200, {}, new DataView(new TextEncoder().encode("[]").buffer)), []);
  assert.deepEqual(zk.parseResponse("employees", 200, {}, [0x5b, 0x5d]), []);
  // An ArrayBuffer of another realm (a test runner's fetch) is read by its tag.
  const { runInNewContext } = await import("node:vm");
  assert.deepEqual(zk.parseResponse("employees", 200, {}, runInNewContext("new Uint8Array([0x5b, 0x5d]).buffer")), []);
  // Headers that are no pairs, Headers or object are refused by name (a text was read letter by letter).
  for (const headers of ["retry-after: 5", 5, true]) {
    assert.throws(() => zk.parseResponse("employees", 200, headers, "[]"), (e) => e instanceof zk.InvalidInputError && e.field === "headers", String(headers));
  }
  // A Map (or a Headers of any realm) is read by its entries: the 429's Retry-After is read.
  assert.throws(() => zk.parseResponse("employees", 429, new Map([["retry-after", "7"]]), ""), (e) => e instanceof zk.RateLimitedError && e.retryAfter === 7000);
  // A key that is empty or carries white space (a newline from a file) is refused when the client is made.
  for (const [options, field] of [[{ apiKey: "" }, "apiKey"], [{ apiKey: "k-7f3a\n" }, "apiKey"], [{ apiKey: KEY, workspaceKey: " ws" }, "workspaceKey"]]) {
    assert.throws(() => new zk.Client(options), (e) => e instanceof zk.InvalidInputError && e.field === field && !e.message.includes("7f3a"), JSON.stringify(options));
  }
  // A setting of the wrong type is named by its own key, as the core names a parameter.
  for (const [options, field] of [[{ apiKey: 123 }, "apiKey"], [{ apiKey: KEY, baseUrl: 5 }, "baseUrl"], [{ apiKey: KEY, routes: { clock: 1 } }, "routes"]]) {
    assert.throws(() => new zk.Client(options), (e) => e instanceof zk.InvalidInputError && e.field === field, JSON.stringify(options));
  }
});

for (const error of DECL.errors.filter((e) => e.origin === "core")) {
  test(`${error.kind}: an error class with the declared fields`, () => {
    const name = `${error.kind}Error`;
    assert.equal(typeof zk[name], "function", name);
    assert.equal(new zk[name]("m", { kind: error.kind }).name, name);
    if (error.parent) assert.ok(new zk[name]("m") instanceof zk[`${error.parent}Error`], `${name} is a ${error.parent}Error`);
    // Extending ZeitkontoError, or another error kind's class (TlsError is a TransportError).
    const at = DTS.search(new RegExp(`export class ${name} extends (ZeitkontoError|\\w+Error) \\{`));
    assert.ok(at > 0, `no class ${name} in index.d.ts`);
    const body = DTS.slice(at, DTS.indexOf("\n}", at));
    for (const field of error.fields) {
      const inherited = DECL.errors.find((p) => p.kind === error.parent)?.fields.some((f) => f.key === field.key);
      assert.ok(inherited || body.includes(`  ${field.key}: `), `${name}.${field.key}`);
    }
  });
}

test("every API code is a subclass of ApiError with its apiCode", () => {
  for (const code of DECL.apiCodes) {
    const name = code.name[0].toUpperCase() + code.name.slice(1) + "Error";
    assert.ok(new zk[name]("m") instanceof zk.ApiError, name);
    assert.ok(DTS.includes(`export class ${name} extends ApiError {}`), name);
  }
});

test("an error made with new (a test double) has its class's kind and code, and the fields given", () => {
  const slow = new zk.RateLimitedError("slow down", { status: 429, retryAfter: 1000 });
  assert.deepEqual([slow.kind, slow.status, slow.retryAfter, slow.name, slow.mayHaveReachedServer], ["RateLimited", 429, 1000, "RateLimitedError", false]);
  assert.deepEqual(slow.toJSON(), { name: "RateLimitedError", message: "slow down", kind: "RateLimited", status: 429, retryAfter: 1000 });
  for (const code of DECL.apiCodes) {
    const e = new zk[code.name[0].toUpperCase() + code.name.slice(1) + "Error"]("m");
    assert.deepEqual([e.kind, e.code, e.apiCode], ["Api", code.number, code.name]);
  }
  assert.deepEqual([new zk.ApiError("m", { code: 99 }).apiCode, new zk.ZeitkontoError("m").kind], ["unknown", "Internal"]);
  class AppTimeout extends zk.TimeoutError {}
  assert.equal(new AppTimeout("m").kind, "Timeout", "an app's subclass has its package class's kind");
  const cause = new Error("socket hang up");
  assert.equal(new zk.TransportError("m", { cause, mayHaveReachedServer: true }).cause, cause);
});

for (const group of DECL.settings.filter((s) => s.type === "group")) {
  test(`${group.groupType}: the .d.ts interface has every declared setting`, () => {
    const at = DTS.indexOf(`export interface ${group.groupType} {`);
    assert.ok(at > 0, `no interface ${group.groupType}`);
    const body = DTS.slice(at, DTS.indexOf("\n}", at));
    for (const s of DECL.settings.filter((m) => m.key.startsWith(`${group.key}.`))) {
      assert.ok(body.includes(`  ${s.key.split(".")[1]}?: number | undefined;`), s.key);
    }
    const options = DTS.slice(DTS.indexOf("export interface ClientOptions {"));
    assert.ok(options.includes(`  ${group.key}?: ${group.groupType} | undefined;`), `ClientOptions.${group.key}`);
  });
}

test("a transport error's cause carries the fields TransportCause declares, each of its declared type", async () => {
  const { CAUSE_FIELDS, safeCause } = await import("../src/attempt.js");
  const dts = readFileSync(here("../index.d.ts"), "utf8");
  const body = /export interface TransportCause extends Error \{([\s\S]*?)\n\}/.exec(dts)?.[1] ?? "";
  const declared = Object.fromEntries([...body.matchAll(/^\s+(\w+)\?: (\w+);$/gm)].map((m) => [m[1], m[2]]));
  assert.deepEqual(declared, CAUSE_FIELDS);
  const cause = safeCause({ name: "Error", code: 7, errno: -111, syscall: "connect", port: "80", message: "http://x/secret" }, "refused");
  assert.deepEqual({ ...cause, message: cause.message }, { name: "Error", errno: -111, syscall: "connect", message: "refused" });
});
