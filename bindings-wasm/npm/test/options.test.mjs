// Names the client does not know are refused, never ignored: a typo in an option (`baseURL`) would
// send the key where the caller did not mean it to go, and a typo in a method's options object
// (`presence({ emial })`) would make another call than the one meant (every employee's presence).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as zk from "zeitkonto";
import { Sandbox } from "zeitkonto/testing";

const refused = (field, reason) => (e) =>
  e instanceof zk.InvalidInputError && e.field === field && (reason === undefined || e.reason.includes(reason));

test("an option the client does not know is refused, naming it", () => {
  for (const [options, field, reason] of [
    [{ apiKey: "k-123456", baseURL: "http://127.0.0.1:9" }, "baseURL", "baseUrl"],
    [{ apiKey: "k-123456", retry: { maxRetry: 2 } }, "retry.maxRetry", "maxRetries"],
    [{ apiKey: "k-123456", rateLimit: { windowMs: 1000 } }, "rateLimit.windowMs", "window"],
    [{ apiKey: "k-123456", retry: 3 }, "retry", "expected an object"],
    [{ apiKey: "k-123456", proxy: "http://proxy.corp:3128" }, "proxy", "dispatcher"],
    [{ apiKey: "k-123456", signal: AbortSignal.timeout(10) }, "signal", "onEvent"],
    // An opt-in is true or false: "yes" (or "false") is no answer.
    [{ apiKey: "k-123456", dangerouslyAllowBrowser: "yes" }, "dangerouslyAllowBrowser", "expected true or false, got a string"],
    [{ apiKey: "k-123456", dangerouslyAllowBrowser: 1 }, "dangerouslyAllowBrowser", "got a number"],
  ]) {
    assert.throws(() => new zk.Client(options), refused(field, reason), JSON.stringify(Object.keys(options)));
  }
  // Null options are none; something else than an object is refused.
  assert.ok(new zk.Client(null) instanceof zk.Client);
  assert.throws(() => new zk.Client("k-123456"), refused("options"));
  // Every option of the declaration and of JavaScript is taken (values of their types).
  const all = new zk.Client({
    apiKey: "k-123456", workspaceKey: "w-123456", baseUrl: "http://127.0.0.1:9", routes: {}, timeout: 1000,
    retry: { maxRetries: 1, baseDelay: 10, maxDelay: 20, maxRetryAfter: 30, maxRateLimitRetries: 1 },
    rateLimit: { limit: 5, window: 1000, margin: 10 }, onEvent: () => {}, fetch: globalThis.fetch,
    dangerouslyAllowBrowser: false,
  });
  assert.ok(all instanceof zk.Client);
  assert.ok(new zk.Client({ apiKey: "k-123456", dangerouslyAllowBrowser: null }) instanceof zk.Client, "null is none");
});

test("a shift's times are clock times or the API's minutes after midnight, through a method and call", async () => {
  const client = (await Sandbox.create({ today: "2026-03-02" })).client();
  const body = (start, end) => JSON.parse(zk.buildRequest("create_shift", { startTime: start, endTime: end }, { workspaceKey: "w-123456" }).body);
  assert.deepEqual(body(480, 0), body("08:00", "00:00"));
  assert.deepEqual(body(480, 1439), { workspace: "w-123456", startTime: 480, endTime: 1439 });
  for (const [start, end, field] of [[480, 1440, "endTime"], [-1, 960, "startTime"], [480.5, 960, "startTime"], [true, 960, "startTime"]]) {
    assert.throws(() => body(start, end), refused(field), `${start}-${end}`);
  }
  const created = await client.createShift(480, 960, { employeeAmount: 2 });
  assert.equal(created.success, true);
  assert.equal(typeof created.shiftId, "number");
  await assert.rejects(client.call("create_shift", { startTime: 1440, endTime: 960 }), refused("startTime", "minutes after midnight (0-1439)"));
});

test("a Date among buildRequest's params is a day as the methods read it; an invalid Date is refused", () => {
  const built = zk.buildRequest("presence", { day: new Date(Date.UTC(2026, 2, 1)) }, { apiKey: "k-123456" });
  assert.deepEqual(JSON.parse(built.body), { day: "2026-03-01" });
  assert.throws(() => zk.buildRequest("presence", { day: new Date("x") }, { apiKey: "k-123456" }), refused("day"));
});

test("an invalid Date given to a method or to call is refused by its name as an Invalid Date", async () => {
  const client = (await Sandbox.create({ today: "2026-03-02" })).client();
  for (const call of [() => client.presence({ day: new Date("x") }), () => client.call("presence", { day: new Date("x") }),
    () => client.targetActualDays({ email: "a@b.de", start: "2026-03-01", end: new Date(NaN) })]) {
    await assert.rejects(call(), (e) => e instanceof zk.InvalidInputError && ["day", "end"].includes(e.field) && e.reason === "is an Invalid Date", String(call));
  }
  // A Date given for a clock time is its own local time of day (it read as its day: "2026-03-02").
  const shift = (start, end) => JSON.parse(zk.buildRequest("create_shift", { startTime: start, endTime: end }, { workspaceKey: "w-123456" }).body);
  assert.deepEqual(shift(new Date(2026, 2, 2, 8, 30), new Date(2026, 2, 2, 16, 0)), shift("08:30", "16:00"));
  assert.throws(() => shift(new Date(NaN), "16:00"), (e) => e instanceof zk.InvalidInputError && e.field === "startTime" && e.reason === "is an Invalid Date");
  // (Its seconds and milliseconds go with it, for the core to refuse: the shifts take whole minutes.)
  for (const start of [new Date(2026, 2, 2, 8, 30, 15), new Date(2026, 2, 2, 8, 30, 0, 5)]) {
    assert.throws(() => shift(start, "16:00"), (e) => e instanceof zk.InvalidInputError && e.field === "startTime", String(start));
  }
  // A valid Date is its day, through a method as through call.
  const day = (p) => JSON.stringify(p.info);  // (its `time` is the sandbox's clock)
  assert.equal(day(await client.presence({ day: new Date(2026, 2, 2, 12) })), day(await client.presence({ day: "2026-03-02" })));
});

test("a method's options object holds only its named parameters; a refusal is a rejection", async () => {
  const sandbox = await Sandbox.create({ today: "2026-03-02" });
  const client = sandbox.client();
  const anna = sandbox.keys.employee;
  for (const [call, field] of [
    [() => client.presence(anna), "options"], // the e-mail where the options object goes
    [() => client.presence({ emial: anna }), "emial"],
    [() => client.presence([anna]), "options"],
    [() => client.timeAccountReport(anna, { yaer: 2026 }), "yaer"],
    [() => client.go(anna, { signal: undefined, project: "p" }), "project"], // `go`'s options: comment, device
    [() => client.employees("x"), "callOptions"],
  ]) {
    const result = call();
    assert.ok(result instanceof Promise, "a refused call returns a promise, it does not throw");
    await assert.rejects(result, refused(field), field);
  }
  assert.equal(sandbox.requests(), 0, "nothing was sent");
  // The right shapes still work, and null options are none.
  assert.equal((await client.presence({ email: anna })).info.length, 1);
  assert.ok((await client.presence(null, null)).info.length > 1);
  assert.ok(Array.isArray(await client.employees({ signal: undefined })));
});

test("the clock shorthands send the spec's body fields (come: project, service, comment, device; go, stop: comment, device)", async () => {
  const sandbox = await Sandbox.create({ today: "2026-03-02" });
  const client = sandbox.client();
  const anna = "anna.schmidt@demo.example";
  const device = async () => (await client.overview({ email: anna })).info[0].currentDevice;
  await client.come(anna, { device: "Kiosk", comment: "early" });
  assert.equal(await device(), "Kiosk");
  await client.stop(anna, { device: "Terminal 3", comment: "break" });
  assert.equal(await device(), "Terminal 3");
  await assert.rejects(client.go(anna, { signal: new AbortController().signal }), refused("signal", "the call options, { signal }, come after them"));
  await client.go(anna, { comment: "home" }, { signal: new AbortController().signal });
  assert.notEqual((await client.overview({ email: anna })).info[0].status, "green");
  await client.come(anna, { project: "p-website", service: "s-dev" });
  assert.equal(sandbox.writes("clock"), 4);
});

test("a duration of another type is refused naming the type, not the value", () => {
  assert.throws(() => new zk.Client({ apiKey: "k-123456", timeout: "5000" }), refused("timeout", "got a string"));
  assert.throws(() => new zk.Client({ apiKey: "k-123456", timeout: "k-secret-in-the-wrong-place" }), (e) => !String(e.message).includes("secret"));
});

test("a fetch of the caller's that throws a string: its text is the transport error's detail", async () => {
  const client = new zk.Client({ apiKey: "k-123456", baseUrl: "http://127.0.0.1:9", retry: { maxRetries: 0 }, fetch: () => { throw "proxy said no"; } });
  await assert.rejects(client.employees(), (e) => e instanceof zk.TransportError && e.message.includes("proxy said no"));
});

test("a fetch of the caller's that resolves to no Response (a jest-style mock) says so", async () => {
  for (const [answer, said] of [[undefined, "undefined"], [null, "null"], [{ ok: true, status: 200, json: async () => [] }, "an object that is not a Response"]]) {
    const client = new zk.Client({ apiKey: "k-123456", baseUrl: "http://127.0.0.1:9", retry: { maxRetries: 0 }, fetch: async () => answer });
    await assert.rejects(client.employees(), (e) => e instanceof zk.TransportError && e.message.includes(`the fetch resolved to ${said}: a mock must resolve to a Response`), String(answer));
  }
});

test("an object that is not a plain one (a Date, an AbortSignal, a controller) is no options object", async () => {
  const sandbox = await Sandbox.create({ today: "2026-03-02" });
  const client = sandbox.client();
  const ac = new AbortController();
  for (const [call, field, reason] of [
    [() => client.presence(new Date()), "options", "a Date"],
    [() => client.employees(ac.signal), "callOptions", "pass { signal }"],
    [() => client.go(sandbox.keys.employee, {}, ac), "callOptions", "pass { signal }"],
    [() => client.presence(new Map([["email", "x"]])), "options", "a Map"],
  ]) {
    await assert.rejects(call(), refused(field, reason), reason);
  }
  assert.equal(sandbox.requests(), 0, "nothing was sent");
  // An unknown name whose value is undefined sets nothing, and is no error.
  assert.ok(new zk.Client({ apiKey: "k-123456", proxy: undefined, retry: { maxRetry: undefined } }) instanceof zk.Client);
  assert.ok(Array.isArray(await client.employees({ signal: ac.signal, extra: undefined })));
  // An object literal of another realm (a vm context) is a plain object too.
  const { runInNewContext } = await import("node:vm");
  const foreign = runInNewContext(`({ email: ${JSON.stringify(sandbox.keys.employee)} })`);
  assert.equal((await client.presence(foreign)).info.length, 1);
});

test("a fraction of a millisecond reads as every binding reads it: 0.5 ms is under the 1 ms window", () => {
  // Python's `window=0.0005` (seconds) gives the same refusal: the core reads both to microseconds.
  assert.throws(() => new zk.Client({ apiKey: "k-123456", rateLimit: { window: 0.5 } }),
    refused("rateLimit.window", "must be at least 1 ms"));
  assert.ok(new zk.Client({ apiKey: "k-123456", rateLimit: { window: 1.5 }, timeout: 0.4 }) instanceof zk.Client);
});
