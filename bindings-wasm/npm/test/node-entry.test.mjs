// The Node entries (ESM and require), error names under minification, AbortSignal hygiene: the
// listener goes, the fetch is cancelled, nothing keeps Node alive after a call settles.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { createServer } from "node:http";
import { getEventListeners } from "node:events";
import { execFile, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as zk from "zeitkonto";

const pkg = fileURLToPath(new URL("..", import.meta.url));
const DECLARED_COUNT = JSON.parse(readFileSync(new URL("../../../tests/vectors/declaration.json", import.meta.url), "utf8")).operations.length;
const NAMES = ["ZeitkontoError", "InvalidInputError", "ApiError", "ForbiddenError", "RefusedError", "RateLimitedError",
  "UnexpectedStatusError", "DecodeError", "TransportError", "TimeoutError"];

// A server that never answers (records when a request's connection closes), and one that answers 503.
let hang, unavailable, hangUrl, unavailableUrl;
const closed = [];
before(async () => {
  hang = createServer((req) => { req.socket.on("close", () => closed.push(Date.now())); });
  unavailable = createServer((req, res) => res.writeHead(503, { "content-type": "text/plain" }).end("busy"));
  // Idle connections stay open a minute: a test that blocks the event loop (tsc through
  // execFileSync, 5 s on a busy machine) must not leave the next one a pooled connection that this
  // server closes as the request goes out (ECONNRESET with `maxRetries: 0`, seen in a CI preview).
  for (const s of [hang, unavailable]) s.keepAliveTimeout = 60_000;
  await Promise.all([hang, unavailable].map((s) => new Promise((ok) => s.listen(0, "127.0.0.1", ok))));
  hangUrl = `http://127.0.0.1:${hang.address().port}`;
  unavailableUrl = `http://127.0.0.1:${unavailable.address().port}`;
});
after(() => {
  hang.closeAllConnections?.();
  hang.close();
  unavailable.closeAllConnections?.();
  unavailable.close();
});

test("every entry exports the names index.d.ts declares and the jobs' and kit's six helpers, nothing else", async () => {
  const dts = readFileSync(new URL("../index.d.ts", import.meta.url), "utf8");
  const declared = [...dts.matchAll(/^export (?:declare )?(?:abstract )?(?:class|function|const) (\w+)/gm)].map((m) => m[1]);
  const expected = [...declared, "_invalid", "_day", "_toError", "_settingsOf", "_ownerOf", "_resetRateLimits"].sort();
  assert.ok(declared.includes("Client") && declared.includes("TimeoutError"), declared.join(" "));
  const entries = { "import zeitkonto": zk, "require zeitkonto": createRequire(import.meta.url)("zeitkonto") };
  for (const file of ["index.js", "inline.js"]) entries[file] = await import(`../${file}`);
  for (const [name, m] of Object.entries(entries)) assert.deepEqual(Object.keys(m).sort(), expected, name);
  // workerd.js and edge-light.js import a .wasm module (not loadable by Node): their one export line.
  for (const file of ["workerd.js", "edge-light.js", "src/node.js"]) {
    const text = readFileSync(new URL(`../${file}`, import.meta.url), "utf8");
    assert.deepEqual(text.match(/^export .*$/gm), [`export * from "${file.startsWith("src/") ? "." : "./src"}/public.js";`], file);
  }
});

test("require() and import give the same, ready module", async () => {
  const cjs = createRequire(import.meta.url)("zeitkonto");
  assert.equal(cjs.Client, zk.Client);
  assert.equal(cjs.RefusedError, zk.RefusedError);
  assert.equal(zk.operations().length, DECLARED_COUNT, "ready at import, no await needed in Node");
  await zk.init();
  const out = execFileSync(process.execPath, ["-e", 'const z = require("zeitkonto"); console.log(z.operations().length, typeof z.init)'], { cwd: pkg, encoding: "utf8" });
  assert.equal(out.trim(), `${DECLARED_COUNT} function`);
});

test("error classes keep their names, also in a minified bundle", async () => {
  for (const name of NAMES) {
    const e = new zk[name]("m");
    assert.equal(e.name, name);
    assert.ok(e instanceof zk.ZeitkontoError && e instanceof Error);
    assert.match(String(e), new RegExp(`^${name}: m`));
  }
  mkdirSync(join(pkg, "test-artifacts"), { recursive: true });
  const dir = mkdtempSync(join(pkg, "test-artifacts", "min-")); // inside the package: "zeitkonto" resolves to itself
  try {
    // Also the inline entry's deferred start: a client made before the module is ready reports
    // bad options on its first call; after init() the constructor throws them.
    writeFileSync(join(dir, "app.mjs"), `import * as zk from "zeitkonto/inline";
      let early;
      try { zk.operations(); } catch (e) { early = e.name + ": " + e.message; }
      const pending = new zk.Client({ apiKey: "k", baseUrl: "http://127.0.0.1:1/x?" }).employees().catch((e) => e.name);
      await zk.init();
      const names = ${JSON.stringify(NAMES)}.map((n) => new zk[n]("m").name);
      let invalid;
      try { new zk.Client({ apiKey: "k", baseUrl: "http://127.0.0.1:1/x?" }); } catch (e) { invalid = e.name; }
      console.log(JSON.stringify({ names, early, deferred: await pending, invalid, ops: zk.operations().length }));`);
    execFileSync(join(pkg, "node_modules", ".bin", "esbuild"), [join(dir, "app.mjs"), "--bundle", "--minify", "--format=esm",
      "--platform=browser", "--log-level=error", `--outfile=${join(dir, "out.mjs")}`], { cwd: pkg });
    const r = JSON.parse(execFileSync(process.execPath, [join(dir, "out.mjs")], { encoding: "utf8" }));
    assert.deepEqual(r, { names: NAMES, early: "ZeitkontoError: zeitkonto's WebAssembly module is not loaded yet: `await init()` first",
      deferred: "InvalidInputError", invalid: "InvalidInputError", ops: DECLARED_COUNT });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an AbortSignal's listener is removed when the call settles", async () => {
  const warnings = [];
  const onWarning = (w) => warnings.push(w.name);
  process.on("warning", onWarning);
  const ac = new AbortController();
  const c = new zk.Client({ apiKey: "k", baseUrl: unavailableUrl, retry: { maxRetries: 0 } });
  for (let i = 0; i < 15; i++) await assert.rejects(c.employees({ signal: ac.signal }), zk.UnexpectedStatusError);
  assert.equal(getEventListeners(ac.signal, "abort").length, 0);
  await new Promise((ok) => setImmediate(ok));
  process.off("warning", onWarning);
  assert.deepEqual(warnings.filter((n) => n === "MaxListenersExceededWarning"), []);
});

test("abort() cancels the request in flight", async () => {
  const c = new zk.Client({ apiKey: "k", baseUrl: hangUrl, timeout: null });
  const ac = new AbortController();
  const before = closed.length;
  const pending = c.employees({ signal: ac.signal });
  await new Promise((ok) => setTimeout(ok, 200));
  const t = Date.now();
  ac.abort();
  await assert.rejects(pending, (e) => e.name === "AbortError");
  const reason = new Error("mine");
  const ac2 = new AbortController();
  const pending2 = c.employees({ signal: ac2.signal });
  setTimeout(() => ac2.abort(reason), 100);
  await assert.rejects(pending2, (e) => e === reason);
  for (let i = 0; i < 50 && closed.length < before + 2; i++) await new Promise((ok) => setTimeout(ok, 20));
  assert.equal(closed.length, before + 2, "the server saw both connections close");
  assert.ok(closed[before] - t < 1000);
});

test("the timeout aborts the fetch (TimeoutError) and its timer goes", async () => {
  const c = new zk.Client({ apiKey: "k", baseUrl: hangUrl, timeout: 300, retry: { maxRetries: 0 } });
  await assert.rejects(c.employees(), (e) => e instanceof zk.TimeoutError);
});

// A child process: nothing may keep it alive once its (aborted) call settled.
function exitsWithin(ms, code) {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], { cwd: pkg, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const timer = setTimeout(() => { child.kill(); fail(new Error(`still running after ${ms} ms: ${out}`)); }, ms);
    child.on("exit", (status) => { clearTimeout(timer); ok({ status, out: out.trim() }); });
  });
}

test("an aborted call with timeout: null lets Node exit", async () => {
  const r = await exitsWithin(5000, `
    import { Client } from "zeitkonto";
    const c = new Client({ apiKey: "k", baseUrl: ${JSON.stringify(hangUrl)}, timeout: null });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    console.log(await c.employees({ signal: ac.signal }).catch((e) => e.name));`);
  assert.deepEqual(r, { status: 0, out: "AbortError" });
});

test("a call aborted during a retry wait lets Node exit (the sleep's timer is cleared)", async () => {
  const r = await exitsWithin(5000, `
    import { Client } from "zeitkonto";
    const c = new Client({ apiKey: "k", baseUrl: ${JSON.stringify(unavailableUrl)}, retry: { maxRetries: 3, baseDelay: 20_000, maxDelay: 20_000 } });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 500);
    console.log(await c.employees({ signal: ac.signal }).catch((e) => e.name));`);
  assert.deepEqual(r, { status: 0, out: "AbortError" });
});

test("a settled call with the default timeout leaves no timer behind", async () => {
  const r = await exitsWithin(5000, `
    import { Client } from "zeitkonto";
    const c = new Client({ apiKey: "k", baseUrl: ${JSON.stringify(unavailableUrl)}, retry: { maxRetries: 0 } });
    console.log(await c.employees().catch((e) => e.name));`);
  assert.deepEqual(r, { status: 0, out: "UnexpectedStatusError" });
});

test("a relative baseUrl in Node is refused as invalid input", () => {
  assert.throws(() => new zk.Client({ apiKey: "k", baseUrl: "/zeitkonto" }), zk.InvalidInputError);
});

test("TypeScript (node16) types both import and require()", () => {
  const dir = mkdtempSync(join(pkg, "test-artifacts", "ts-"));
  try {
    writeFileSync(join(dir, "a.cts"), 'import zk = require("zeitkonto");\nconst c: zk.Client = new zk.Client({ apiKey: "k" });\nvoid zk.init().then(() => zk.operations().length);\nvoid c;\n');
    writeFileSync(join(dir, "b.mts"), 'import { Client, init, TlsError, TransportError } from "zeitkonto";\nawait init();\nnew Client({});\n' +
      // A transport error's cause carries Node's code fields (typed, not `unknown`).
      'export const code = (e: unknown): string | number | undefined =>\n' +
      '  e instanceof TlsError ? e.cause?.code : e instanceof TransportError ? e.cause?.errno : undefined;\n');
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "node16", moduleResolution: "node16",
      target: "ES2022", lib: ["ES2022", "DOM"], types: [] }, files: ["a.cts", "b.mts"] }));
    execFileSync(join(pkg, "node_modules", ".bin", "tsc"), ["-p", dir], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("one AbortSignal shared by 20 concurrent calls carries one listener and no warning", async () => {
  const warnings = [];
  const onWarning = (w) => warnings.push(w.name);
  process.on("warning", onWarning);
  const ac = new AbortController();
  const c = new zk.Client({ apiKey: "k", baseUrl: unavailableUrl, retry: { maxRetries: 0 }, rateLimit: { limit: 1000, window: 60_000 } });
  const calls = Array.from({ length: 20 }, () => c.employees({ signal: ac.signal }));
  assert.equal(getEventListeners(ac.signal, "abort").length, 1);
  for (const p of calls) await assert.rejects(p, zk.UnexpectedStatusError);
  assert.equal(getEventListeners(ac.signal, "abort").length, 0);
  // Aborting cancels every call that shares the signal.
  const hanging = Array.from({ length: 12 }, () => new zk.Client({ apiKey: "k", baseUrl: hangUrl, timeout: null }).employees({ signal: ac.signal }));
  await new Promise((ok) => setTimeout(ok, 100));
  ac.abort();
  for (const p of hanging) await assert.rejects(p, (e) => e.name === "AbortError");
  await new Promise((ok) => setImmediate(ok));
  process.off("warning", onWarning);
  assert.deepEqual(warnings.filter((n) => n === "MaxListenersExceededWarning"), []);
});

test("a body that never ends is cut at 16 MiB: DecodeError, not unbounded memory", async () => {
  // Chunked (no content-length), a JSON start and then spaces for as long as the client reads.
  let sent = 0; // MiB written, the last request's
  const endless = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(1 << 20, 0x20);
    sent = 0;
    const pump = () => {
      while (!res.destroyed && sent < 256 && res.write(sent++ === 0 ? "[" : chunk));
      if (!res.destroyed && sent < 256) res.once("drain", pump); else res.end();
    };
    pump();
  });
  await new Promise((ok) => endless.listen(0, "127.0.0.1", ok));
  try {
    const c = new zk.Client({ apiKey: "k", baseUrl: `http://127.0.0.1:${endless.address().port}`, timeout: null, retry: { maxRetries: 0 } });
    const before = process.memoryUsage().rss;
    await assert.rejects(c.employees(), (e) => e.name === "DecodeError" && /16777216|16 MiB|too large|larger/i.test(e.message));
    assert.ok(process.memoryUsage().rss - before < 200 * 1024 * 1024, "memory stayed bounded");
    // The download was cancelled near the bound, not read to the end (256 MiB) and checked after.
    await new Promise((ok) => setTimeout(ok, 100));
    assert.ok(sent < 64, `the server wrote ${sent} MiB before the client hung up`);
  } finally {
    endless.closeAllConnections?.();
    endless.close();
  }
});

test("a timeout beyond setTimeout's 24.8 days does not fire at once", async () => {
  const slow = createServer((req, res) => setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end("[]"), 200));
  await new Promise((ok) => slow.listen(0, "127.0.0.1", ok));
  const warnings = [];
  const onWarning = (w) => warnings.push(w.name);
  process.on("warning", onWarning);
  try {
    const c = new zk.Client({ apiKey: "k", baseUrl: `http://127.0.0.1:${slow.address().port}`, timeout: 30 * 24 * 3600 * 1000 });
    assert.deepEqual(await c.employees(), []);
    await new Promise((ok) => setImmediate(ok));
    assert.deepEqual(warnings.filter((n) => n === "TimeoutOverflowWarning"), []);
  } finally {
    process.off("warning", onWarning);
    slow.closeAllConnections?.();
    slow.close();
  }
});

test("option and parameter errors name what the caller wrote, without JSON positions", async () => {
  const invalid = (f) => { try { f(); } catch (e) { return [e.name, e.field, e.message]; } return null; };
  assert.deepEqual(invalid(() => new zk.Client({ apiKey: "k", baseUrl: "ftp://x" }))?.slice(0, 2), ["InvalidInputError", "baseUrl"]);
  const [, field, message] = invalid(() => new zk.Client({ apiKey: "k", retry: { maxRetries: -1 } }));
  assert.equal(field, "retry.maxRetries");
  assert.doesNotMatch(message, /line \d+ column/);
  await assert.rejects(new zk.Client({ baseUrl: unavailableUrl }).employees(), (e) => e.name === "InvalidInputError" && e.field === "apiKey");
  const c = new zk.Client({ apiKey: "k", baseUrl: unavailableUrl });
  for (const bad of [NaN, Infinity, -Infinity]) {
    await assert.rejects(c.extraLeave("a@b.de", bad), (e) => e.name === "InvalidInputError" && e.field === "days" && /finite/.test(e.message));
  }
});

test("a Node program bundled with esbuild (--platform=node) runs with the inline entry, from its own folder; the main entry says what to do", async () => {
  mkdirSync(join(pkg, "test-artifacts"), { recursive: true });
  const dir = mkdtempSync(join(pkg, "test-artifacts", "nodebundle-"));
  const out = mkdtempSync(join(pkg, "test-artifacts", "nodebundle-out-"));
  try {
    writeFileSync(join(dir, "app.mjs"), `import { Client, init, operations } from "zeitkonto/inline";
      (async () => {
        await init();
        const c = new Client({ apiKey: "k", baseUrl: process.argv[2], retry: { maxRetries: 0 } });
        const status = await c.employees().then(() => "ok", (e) => e.name + " " + e.status);
        console.log(JSON.stringify({ ops: operations().length, status }));
      })();`);
    for (const format of ["esm", "cjs"]) {
      const file = join(out, `app.${format === "esm" ? "mjs" : "cjs"}`);
      execFileSync(join(pkg, "node_modules", ".bin", "esbuild"), [join(dir, "app.mjs"), "--bundle", "--platform=node",
        `--format=${format}`, "--log-level=error", `--outfile=${file}`], { cwd: pkg });
      // Run from a folder without node_modules or the package: the bundle carries everything.
      // (Asynchronously: the 503 server runs in this process.)
      const stdout = await new Promise((ok, fail) => execFile(process.execPath, [file, unavailableUrl], { cwd: out, encoding: "utf8" },
        (e, so) => (e ? fail(e) : ok(so))));
      const r = JSON.parse(stdout);
      assert.deepEqual(r, { ops: DECLARED_COUNT, status: "UnexpectedStatusError 503" }, format);
    }
    // The main entry bundled for Node as CommonJS (its .wasm left behind) says what to do. (An ESM
    // bundle fails on esbuild's "Dynamic require of node:fs", before any of the package's code: the
    // README's "Bundling a Node program".)
    writeFileSync(join(dir, "main.mjs"), `import { operations } from "zeitkonto"; console.log(operations().length);`);
    execFileSync(join(pkg, "node_modules", ".bin", "esbuild"), [join(dir, "main.mjs"), "--bundle", "--platform=node",
      "--format=cjs", "--log-level=error", `--outfile=${join(out, "main.cjs")}`], { cwd: pkg });
    const stderr = await new Promise((ok) => execFile(process.execPath, [join(out, "main.cjs")], { cwd: out, encoding: "utf8" }, (e, _, se) => ok(e ? se : "ran")));
    assert.match(stderr, /zeitkonto: its \.wasm is not beside it \(bundled for Node\? leave zeitkonto external/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});

test("zeitkonto/url in Node (it fetches the .wasm by URL) says to import zeitkonto instead", async () => {
  // (A process of its own: here the ESM entries share one loaded core.js.)
  const out = execFileSync(process.execPath, ["--input-type=module", "-e",
    'import("zeitkonto/url").then((m) => m.init()).then(() => console.log("loaded"), (e) => console.log(e.name, e.message))'],
  { cwd: pkg, encoding: "utf8" });
  assert.match(out, /^ZeitkontoError could not load zeitkonto's WebAssembly module: .*\(in Node, import "zeitkonto": /);
});
