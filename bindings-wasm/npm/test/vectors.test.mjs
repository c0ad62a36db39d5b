// The shared vectors of tests/vectors/ through buildRequest / parseResponse.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { buildRequest, parseResponse, operations, ZeitkontoError } from "zeitkonto";

const dir = new URL("../../../tests/vectors/", import.meta.url);
const defaults = JSON.parse(readFileSync(new URL("context.json", dir)));
const files = readdirSync(new URL("operations/", dir)).filter((f) => f.endsWith(".json"));

function subset(expected, actual, where = "") {
  if (expected !== null && typeof expected === "object" && !Array.isArray(expected)) {
    assert.ok(actual !== null && typeof actual === "object" && !Array.isArray(actual), `${where}: expected an object, got ${JSON.stringify(actual)}`);
    for (const [k, v] of Object.entries(expected)) {
      assert.ok(k in actual, `${where}.${k} missing in ${JSON.stringify(actual)}`);
      subset(v, actual[k], `${where}.${k}`);
    }
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual) && actual.length === expected.length, `${where}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
    expected.forEach((e, i) => subset(e, actual[i], `${where}[${i}]`));
  } else {
    assert.equal(actual, expected, where);
  }
}

const JS_OPTION_NAMES = { api_key: "apiKey", base_url: "baseUrl", workspace_key: "workspaceKey" };

function checkError(expected, err) {
  assert.ok(err instanceof ZeitkontoError, `not a ZeitkontoError: ${err}`);
  assert.equal(err.kind, expected.kind, err.message);
  for (const [k, v] of Object.entries(expected)) {
    if (k === "kind") continue;
    const got = k === "retryAfterMs" ? err.retryAfter : err[k]; // milliseconds in TypeScript
    // The vectors name the client's settings canonically (`api_key`); JS reports the option's name.
    subset(k === "field" ? (JS_OPTION_NAMES[v] ?? v) : v, got, k);
  }
}

const DECLARED = JSON.parse(readFileSync(new URL("../../../tests/vectors/declaration.json", import.meta.url), "utf8")).operations.map((op) => op.name);

test("the vectors cover every declared operation", () => {
  assert.deepEqual(operations(), DECLARED);
  assert.deepEqual(files.map((f) => f.replace(".json", "")).sort(), [...operations()].sort());
});

/** The request of a case (`context` merged over context.json, `params`), as buildRequest builds it. */
function requestOf(operation, c) {
  const ctx = { ...defaults, ...(c.context ?? {}) };
  const context = { apiKey: ctx.apiKey ?? undefined, baseUrl: ctx.baseUrl ?? undefined, workspaceKey: ctx.workspaceKey ?? undefined, routes: ctx.routes, today: ctx.today ?? undefined };
  return buildRequest(operation, c.params, context);
}

for (const file of files) {
  const v = JSON.parse(readFileSync(new URL(`operations/${file}`, dir)));
  for (const c of v.build) {
    test(`${v.operation} build: ${c.name}`, () => {
      let req;
      try {
        req = requestOf(v.operation, c);
      } catch (err) {
        assert.ok(c.error, `unexpected error ${err}`);
        return checkError(c.error, err);
      }
      assert.ok(c.expect, `expected an error, built ${req.redactedUrl}`);
      const url = new URL(req.url);
      assert.equal(req.method, c.expect.method);
      assert.equal(url.pathname, c.expect.path);
      assert.deepEqual(Object.fromEntries(url.searchParams), c.expect.query);
      assert.deepEqual(req.body == null ? null : JSON.parse(req.body), c.expect.body);
      for (const [name, value] of Object.entries(c.expect.headers ?? {})) {
        assert.equal(new Map(req.headers.map(([k, val]) => [k.toLowerCase(), val])).get(name.toLowerCase()), value);
      }
    });
  }
  for (const c of v.parse) {
    test(`${v.operation} parse: ${c.name}`, () => {
      const r = c.response;
      const body = "json" in r ? JSON.stringify(r.json) : r.body ?? "";
      // `request`: read bound to the request it answers, as the client reads it.
      const request = c.request && requestOf(v.operation, c.request);
      let out;
      try {
        out = parseResponse(v.operation, r.status, r.headers ?? {}, body, { request });
      } catch (err) {
        assert.ok(c.error, `unexpected error ${err}`);
        return checkError(c.error, err);
      }
      assert.ok("expect" in c, `expected an error, parsed ${JSON.stringify(out)}`);
      subset(c.expect, out, "output");
    });
  }
}

test("an answer is read bound only to a request of its operation", async () => {
  const request = buildRequest("employees", {}, { apiKey: "k" });
  assert.throws(() => parseResponse("presence", 200, {}, "[]", { request }), (e) =>
    e instanceof ZeitkontoError && e.kind === "InvalidInput" && e.field === "request" && /built for `employees`, not for `presence`/.test(e.message));
  assert.throws(() => parseResponse("employees", 200, {}, "[]", { request: {} }), (e) => e.field === "request");
  assert.deepEqual(parseResponse("employees", 200, {}, "[]", { request }), []);
});
