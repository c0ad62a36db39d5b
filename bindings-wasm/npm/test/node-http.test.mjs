// Node's default transport (src/node-http.js) against a local server that misbehaves in the ways
// fetch already handles: content codings, bodies over the bound (declared, streamed, inflated), a
// body cut short, a server that never answers, an abort during the body, redirects, keep-alive.
// Each case runs through node:http (the default) and through fetch (`fetch: globalThis.fetch`), and
// both must give the same answer or the same kind of error.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { execFile, spawn } from "node:child_process";
import { promisify, inspect } from "node:util";
import zlib from "node:zlib";
import * as zk from "zeitkonto";

const KEY = "node-http-test-key-0123456789";
const EMPLOYEES = JSON.stringify([{ email: "anna@example.com", name: "Anna", uuid: "00000000-0000-4000-8000-000000000001" }]);
/** The answer of each path (the last segment before the key names the case). */
let handler;
let server;
let base;
const sockets = new Set();
const seen = [];

before(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers, socket: req.socket });
    handler(req, res);
  });
  server.on("connection", (s) => sockets.add(s));
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => {
  for (const s of sockets) s.destroy();
  server.close();
});

const transports = {
  "node:http": {},
  fetch: { fetch: globalThis.fetch },
};
const client = (transport, opts = {}) =>
  new zk.Client({ apiKey: KEY, baseUrl: base, rateLimit: { limit: 0 }, retry: { maxRetries: 0 }, ...transports[transport], ...opts });

/** Runs `check` once per transport with `serve` as the server's handler. */
function both(name, serve, check) {
  for (const transport of Object.keys(transports)) {
    test(`${name} (${transport})`, async () => {
      handler = serve;
      await check(transport);
    });
  }
}

/**
 * Runs `body` as a module in a child Node (`flags` before it, `env` added) in which `c` is a
 * client of the server; its standard output. (Not execFileSync: the server runs in this process.)
 */
async function child(body, { flags = [], env = {} } = {}) {
  const script = `import { Client } from "zeitkonto";
    const c = new Client({ apiKey: "${KEY}", baseUrl: "${base}", retry: { maxRetries: 0 } });
    ${body}`;
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, "--input-type=module", "-e", script],
    { cwd: process.cwd(), env: { ...process.env, ...env }, encoding: "utf8", timeout: 20_000 });
  return stdout;
}

const json = (res, body, headers = {}) => {
  res.writeHead(200, { "content-type": "application/json", ...headers });
  res.end(body);
};

both("gzip, deflate and br bodies are decoded; the request asks for them", (req, res) => {
  const coding = ["gzip", "deflate", "br"][seen.length % 3];
  const encode = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync }[coding];
  json(res, encode(Buffer.from(EMPLOYEES)), { "content-encoding": coding });
}, async (t) => {
  for (let i = 0; i < 3; i++) {
    const all = await client(t).employees();
    assert.equal(all[0].email, "anna@example.com");
  }
  assert.match(seen.at(-1).headers["accept-encoding"], /gzip/);
  assert.match(seen.at(-1).headers["user-agent"], /^zeitkonto-js\//);
  // Each case did go through the transport it names (fetch adds the Fetch standard's headers).
  assert.equal(seen.at(-1).headers["sec-fetch-mode"], t === "fetch" ? "cors" : undefined);
});

both("a declared length over the bound is refused before the body is read", (req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": String(64 * 1024 * 1024) });
  res.write("[");
  // (never finished: the client must not wait for it)
}, async (t) => {
  await assert.rejects(client(t).employees(), (e) => e instanceof zk.DecodeError && /larger than the limit/.test(e.message));
});

both("an endless body is cut at the bound", (req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const pump = () => {
    while (res.write(chunk)) { /* until the socket pushes back */ }
  };
  res.on("drain", pump);
  res.on("close", () => res.off("drain", pump));
  res.write("[");
  pump();
}, async (t) => {
  await assert.rejects(client(t).employees(), (e) => e instanceof zk.DecodeError && /larger than the limit/.test(e.message));
});

both("a small gzip that inflates beyond the bound is cut while inflating", (req, res) => {
  // 64 MiB of spaces compress to about 64 KB.
  json(res, zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)), { "content-encoding": "gzip" });
}, async (t) => {
  await assert.rejects(client(t).employees(), (e) => e instanceof zk.DecodeError && /larger than the limit/.test(e.message));
});

both("an error answer beyond the bound is read by its status and start (declared, endless, inflating)", (req, res) => {
  const tail = Buffer.alloc(17 * 1024 * 1024, 0x20);
  if (req.url.includes("/account/")) {
    // A 403 with its code and a declared tail beyond the bound.
    res.writeHead(403, { "content-type": "text/plain", "content-length": String(tail.length + 1) });
    res.end(Buffer.concat([Buffer.from("3"), tail]));
  } else if (req.method === "GET") {
    // A 503 page that never ends.
    res.writeHead(503, { "content-type": "text/html" });
    res.write("<html>busy");
    const pump = () => {
      while (res.write(tail.subarray(0, 1 << 20))) { /* until the socket pushes back */ }
    };
    res.on("drain", pump);
    res.on("close", () => res.off("drain", pump));
    pump();
  } else {
    // A 429 whose gzip page inflates beyond the bound.
    res.writeHead(429, { "content-type": "text/plain", "retry-after": "3600", "content-encoding": "gzip" });
    res.end(zlib.gzipSync(tail));
  }
}, async (t) => {
  const c = client(t);
  await assert.rejects(c.timeAccount("anna@example.com", 2026, 1), (e) => e instanceof zk.AuthenticationFailedError);
  await assert.rejects(c.employees(),
    (e) => e instanceof zk.UnexpectedStatusError && e.status === 503 && e.excerpt.startsWith("<html>busy"));
  await assert.rejects(c.come("anna@example.com"), (e) => e instanceof zk.RateLimitedError && e.mayHaveReachedServer === false);
});

both("a body cut short is a transport error, never a short success", (req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
  res.write(EMPLOYEES.slice(0, 20));
  setTimeout(() => res.socket.destroy(), 20);
}, async (t) => {
  await assert.rejects(client(t).employees(), (e) => e instanceof zk.TransportError && e.mayHaveReachedServer === true && !e.message.includes(KEY));
});

both("a server that never answers times out, and the request is cancelled", (req, res) => {
  req.socket.on("close", () => { req.closedAt = Date.now(); });
  seen.at(-1).req = req;
}, async (t) => {
  const started = Date.now();
  await assert.rejects(client(t, { timeout: 200 }).employees(), (e) => e instanceof zk.TimeoutError && e.mayHaveReachedServer === true);
  assert.ok(Date.now() - started < 2000);
  const { req } = seen.at(-1);
  await new Promise((ok) => setTimeout(ok, 100));
  assert.ok(req.closedAt, "the client closed the connection");
});

both("an abort during the body rejects with the signal's reason and closes the connection", (req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.write("[");
  req.socket.on("close", () => { req.closedAt = Date.now(); });
  seen.at(-1).req = req;
}, async (t) => {
  const ac = new AbortController();
  const pending = client(t).employees({ signal: ac.signal });
  setTimeout(() => ac.abort(new Error("stop")), 100);
  await assert.rejects(pending, (e) => e.message === "stop");
  await new Promise((ok) => setTimeout(ok, 100));
  assert.ok(seen.at(-1).req.closedAt, "the client closed the connection");
});

both("a redirect is not followed; the error shows the status and never the key", (req, res) => {
  res.writeHead(302, { location: `http://127.0.0.1:9/${KEY}`, "content-type": "text/plain" });
  res.end(`moved to /${KEY}`);
}, async (t) => {
  const before = seen.length;
  await assert.rejects(client(t).employees(), (e) => e instanceof zk.UnexpectedStatusError && e.status === 302 && !e.message.includes(KEY) && !e.excerpt.includes(KEY));
  assert.equal(seen.length, before + 1, "one request");
});

both("429 with Retry-After is read from the headers", (req, res) => {
  res.writeHead(429, { "retry-after": "120", "content-type": "text/plain" });
  res.end("slow down");
}, async (t) => {
  await assert.rejects(client(t).employees(), (e) => e instanceof zk.RateLimitedError && e.retryAfter === 120_000);
});

both("two Retry-After headers read as fetch joins them (\"5, 7\": not a number of seconds)", (req, res) => {
  res.writeHead(429, ["retry-after", "5", "retry-after", "7", "content-type", "text/plain"]);
  res.end("slow down");
}, async (t) => {
  await assert.rejects(client(t, { retry: { maxRetries: 0, maxRateLimitRetries: 0 } }).employees(), (e) => e instanceof zk.RateLimitedError && e.retryAfter === null);
});

both("a 101 nobody asked for is a transport error at once, not a call left waiting", (req, res) => {
  res.socket.write("HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n");
  res.socket.destroy();
}, async (t) => {
  const started = Date.now();
  await assert.rejects(client(t, { timeout: null }).employees(), (e) => e instanceof zk.TransportError && e.mayHaveReachedServer === true);
  assert.ok(Date.now() - started < 2000);
});

both("a Content-Length shorter than the bytes sent: the declared answer is read", (req, res) => {
  const body = Buffer.from(EMPLOYEES);
  res.socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${EMPLOYEES}garbage`);
  res.socket.destroySoon();
}, async (t) => {
  assert.equal((await client(t).employees())[0].email, "anna@example.com");
});

both("a write's body and its length arrive whole (UTF-8)", (req, res) => {
  const parts = [];
  req.on("data", (c) => parts.push(c));
  req.on("end", () => {
    seen.at(-1).body = Buffer.concat(parts).toString("utf8");
    json(res, "true");
  });
}, async (t) => {
  await client(t).come("jürgen.groß@example.com", { comment: "Ölwechsel ✓" });
  const { body, headers } = seen.at(-1);
  assert.equal(Number(headers["content-length"]), Buffer.byteLength(body));
  assert.match(body, /Ölwechsel ✓/);
});

test("an HTTP stack's error that names the URL never shows the key, in the message or the cause", async () => {
  // As undici's MockAgent, nock and msw word theirs: the whole URL in the message.
  const failing = async (url) => {
    throw Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error(`no route for ${url} (${encodeURIComponent(url)})`), { code: "E_NO_ROUTE", errno: -1 }) });
  };
  const e = await client("fetch", { fetch: failing, workspaceKey: "ws-secret-key-42" }).employees().then(() => assert.fail("no error"), (e) => e);
  assert.ok(e instanceof zk.TransportError, String(e));
  const shown = inspect(e, { depth: 10 }) + String(e.cause?.stack) + JSON.stringify(e);
  assert.ok(!shown.includes(KEY) && !shown.includes(encodeURIComponent(KEY)), shown);
  assert.equal(e.cause.code, "E_NO_ROUTE");
  assert.equal(e.cause.errno, -1);
  assert.match(e.message, /E_NO_ROUTE: no route for .*\/api\/v2\/employees\/\*\*\*/);
});

test("a connection never made fails after undici's 10 s connect timeout as never reached (a write stays safe to retry)", async () => {
  // A listener whose accept queue is full: the kernel drops further handshakes (a black hole).
  const hole = spawn("python3", ["-c", `import socket, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(0)
fill = []
for i in range(4):
    c = socket.socket(); c.setblocking(False)
    try: c.connect(s.getsockname())
    except BlockingIOError: pass
    fill.append(c)
print(s.getsockname()[1], flush=True)
time.sleep(60)`]);
  try {
    const port = await new Promise((ok, fail) => { hole.stdout.once("data", (d) => ok(Number(String(d).trim()))); hole.once("error", fail); });
    const c = new zk.Client({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}`, rateLimit: { limit: 0 }, retry: { maxRetries: 0 } });
    const started = Date.now();
    const e = await c.come("anna@example.com").then(() => assert.fail("no error"), (e) => e);
    const took = Date.now() - started;
    assert.ok(e instanceof zk.TransportError && e.mayHaveReachedServer === false, String(e));
    assert.equal(e.cause?.code, "UND_ERR_CONNECT_TIMEOUT");
    assert.ok(took >= 9_500 && took < 15_000, `${took} ms`);
  } finally {
    hole.kill();
  }
});

test("node:http keeps connections alive between calls", async () => {
  handler = (req, res) => json(res, EMPLOYEES);
  const c = client("node:http");
  const before = seen.length;
  for (let i = 0; i < 5; i++) await c.employees();
  const used = new Set(seen.slice(before).map((s) => s.socket));
  assert.equal(used.size, 1, "one connection for five calls");
});

test("a process that made a call exits at once (idle connections do not hold it)", async () => {
  handler = (req, res) => json(res, EMPLOYEES, { "keep-alive": "timeout=60" });
  const started = Date.now();
  assert.equal((await child("console.log((await c.employees()).length);")).trim(), "1");
  assert.ok(Date.now() - started < 4000, `exited after ${Date.now() - started} ms`);
});

test("a server that closes the connection before reading the request: a typed error, never a silent exit", async () => {
  // Node's fetch never settles here; the attempt's timer keeps the process alive until it fires.
  const { createServer: raw } = await import("node:net");
  const closing = raw((socket) => socket.destroy());
  await new Promise((ok) => closing.listen(0, "127.0.0.1", ok));
  try {
    const url = `http://127.0.0.1:${closing.address().port}`;
    for (const [name, extra] of [["fetch", "fetch: globalThis.fetch, timeout: 1000"], ["fetch without a timeout", "fetch: globalThis.fetch, timeout: null"],
      ["node:http", "timeout: 1000"]]) {
      const script = `import { Client } from "zeitkonto";
        const c = new Client({ apiKey: "${KEY}", baseUrl: "${url}", ${extra} });
        ${name === "fetch without a timeout" ? "setTimeout(() => { console.log('still pending'); process.exit(0); }, 1500).unref?.();" : ""}
        try { await c.come("anna@example.com"); console.log("success"); } catch (e) { console.log(e.name, e.mayHaveReachedServer); }`;
      const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script],
        { cwd: process.cwd(), encoding: "utf8", timeout: 20_000 });
      // Node 20's fetch never settles here: without a timeout the call is still pending (the
      // process kept alive); later Nodes' fetch fails at once.
      const settled = /^(TimeoutError|TransportError) true$/;
      assert.match(stdout.trim(), name === "fetch without a timeout" ? /^still pending$|^TransportError true$/ : settled, `${name}: ${stdout}`);
    }
  } finally {
    closing.close();
  }
});

test("with NODE_USE_ENV_PROXY=1 (Node >= 24 then proxies its own fetch) https goes through fetch, plain http never through the proxy", async () => {
  // A recording "proxy": plain http through it would hand it the key in the clear.
  const { createServer: raw } = await import("node:net");
  const proxied = [];
  const proxy = raw((socket) => socket.once("data", (d) => { proxied.push(String(d).split("\r\n")[0]); socket.destroy(); }));
  await new Promise((ok) => proxy.listen(0, "127.0.0.1", ok));
  try {
    const proxyUrl = `http://127.0.0.1:${proxy.address().port}`;
    const env = { NODE_USE_ENV_PROXY: "1", HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, NO_PROXY: "" };
    handler = (req, res) => json(res, EMPLOYEES);
    const before = seen.length;
    await child("await c.employees();", { env });
    assert.equal(seen.length, before + 1, "the server got the call");
    assert.equal(seen.at(-1).headers["sec-fetch-mode"], undefined, "plain http: sent by node:http, directly");
    assert.deepEqual(proxied, [], "the proxy saw a plain-http request");
    // https: Node's fetch (with its proxy), not node:http.
    const which = await child(`const { serves } = await import(${JSON.stringify(new URL("../src/node-http.js", import.meta.url).href)});
      console.log(serves(globalThis.fetch, "https://desktop.saas.de/x"), serves(globalThis.fetch, "http://127.0.0.1:1/x"));`, { env });
    assert.equal(which.trim(), "false true");
  } finally {
    proxy.close();
  }
});

test("a global dispatcher set with undici's setGlobalDispatcher is honoured (calls go through fetch)", async () => {
  const undici = await import("undici");
  const sym = Symbol.for("undici.globalDispatcher.1");
  const before = globalThis[sym];
  handler = (req, res) => json(res, EMPLOYEES);
  try {
    undici.setGlobalDispatcher(new undici.Agent({ connect: { timeout: 5000 } }));
    await client("node:http").employees();
    assert.equal(seen.at(-1).headers["sec-fetch-mode"], "cors", "sent by fetch");
  } finally {
    if (before !== undefined) undici.setGlobalDispatcher(before);
  }
  if (before === undefined) return;
  await client("node:http").employees();
  assert.equal(seen.at(-1).headers["sec-fetch-mode"], undefined, "Node's own dispatcher back: node:http again");
});

test("a global dispatcher in undici 8's place (Node >= 26 reads it) is honoured too (calls go through fetch)", async () => {
  const sym = Symbol.for("undici.globalDispatcher.2");
  const before = Object.getOwnPropertyDescriptor(globalThis, sym);
  // Node 26's own Agent class where Node keeps one there (its fetch then uses the dispatcher set);
  // undici 6's elsewhere (Node < 26's fetch does not read this place: only the choice is tested).
  const Agent = before ? before.value.constructor : (await import("undici")).Agent;
  handler = (req, res) => json(res, EMPLOYEES);
  try {
    const agent = new Agent({ connect: { timeout: 5000 } });
    if (before) globalThis[sym] = agent;
    else Object.defineProperty(globalThis, sym, { value: agent, writable: true, configurable: true });
    await client("node:http").employees();
    assert.equal(seen.at(-1).headers["sec-fetch-mode"], "cors", "sent by fetch");
  } finally {
    if (before) globalThis[sym] = before.value;
    else delete globalThis[sym];
  }
  await client("node:http").employees();
  assert.equal(seen.at(-1).headers["sec-fetch-mode"], undefined, "the place emptied again: node:http again");
});

test("where Node runs without fetch (--no-experimental-fetch, Node < 24), calls go through node:http", { skip: Number(process.versions.node.split(".")[0]) >= 24 }, async () => {
  handler = (req, res) => json(res, EMPLOYEES);
  const body = `if (typeof fetch !== "undefined") throw new Error("fetch is there");
    console.log((await c.employees()).length);`;
  assert.equal((await child(body, { flags: ["--no-experimental-fetch"] })).trim(), "1");
});

test("a globalThis.fetch put in place of Node's is used (mocks and instrumentation keep working)", async () => {
  const real = globalThis.fetch;
  let calls = 0;
  globalThis.fetch = (url, init) => {
    calls++;
    return real(url, init);
  };
  try {
    handler = (req, res) => json(res, EMPLOYEES);
    await client("node:http").employees();
    assert.equal(calls, 1);
  } finally {
    globalThis.fetch = real;
  }
  await client("node:http").employees();
  assert.equal(calls, 1, "Node's own fetch back in place: node:http again");
});

test("a `fetch` option that ignores init.signal, or whose body never ends, still ends at the client's timeout", { timeout: 20_000 }, async () => {
  const never = () => new Promise(() => {});
  const endless = () => Promise.resolve(new Response(new ReadableStream({ start() {} }), { status: 200 }));
  for (const [name, fetch] of [["never settles", never], ["body never ends", endless]]) {
    const c = new zk.Client({ apiKey: KEY, baseUrl: base, timeout: 100, retry: { maxRetries: 0 }, fetch });
    const started = Date.now();
    await assert.rejects(c.employees(), (e) => e instanceof zk.TimeoutError, name);
    // (Not a timing goal: a call that never ended would fail the test's own limit instead.)
    assert.ok(Date.now() - started < 10_000, `${name}: ${Date.now() - started} ms`);
    // The caller's abort ends it too, with the signal's reason as given (`null` included).
    const ac = new AbortController();
    const pending = c.employees({ signal: ac.signal });
    setTimeout(() => ac.abort(null), 20);
    await assert.rejects(pending.then(() => "resolved", (e) => { throw e === null ? new Error("null reason") : e; }), /null reason/, name);
  }
});

test("a ProxyAgent or EnvHttpProxyAgent (the `dispatcher` option or the global one) never carries plain http", async () => {
  const undici = await import("undici");
  const { createServer: raw } = await import("node:net");
  const proxied = [];
  const proxy = raw((socket) => socket.once("data", (d) => { proxied.push(String(d).split("\r\n")[0]); socket.destroy(); }));
  await new Promise((ok) => proxy.listen(0, "127.0.0.1", ok));
  const proxyUrl = `http://127.0.0.1:${proxy.address().port}`;
  const sym = Symbol.for("undici.globalDispatcher.1");
  const globalBefore = globalThis[sym];
  handler = (req, res) => json(res, EMPLOYEES);
  try {
    for (const dispatcher of [new undici.ProxyAgent(proxyUrl), new undici.EnvHttpProxyAgent({ httpProxy: proxyUrl, httpsProxy: proxyUrl })]) {
      const before = seen.length;
      await new zk.Client({ apiKey: KEY, baseUrl: base, retry: { maxRetries: 0 }, dispatcher }).employees();
      assert.equal(seen.length, before + 1, `${dispatcher.constructor.name}: the server got the call`);
      assert.equal(seen.at(-1).headers["sec-fetch-mode"], undefined, "sent by node:http, directly");
    }
    undici.setGlobalDispatcher(new undici.ProxyAgent(proxyUrl));
    await new zk.Client({ apiKey: KEY, baseUrl: base, retry: { maxRetries: 0 } }).employees();
    assert.equal(seen.at(-1).headers["sec-fetch-mode"], undefined, "global ProxyAgent: sent by node:http, directly");
    assert.deepEqual(proxied, [], "a proxy saw a plain-http request (the key in the clear)");
    // A test's stub of globalThis.fetch still sees the requests (past a proxy agent too).
    const realFetch = globalThis.fetch;
    const stubbed = [];
    globalThis.fetch = async (url) => { stubbed.push(url); return new Response(EMPLOYEES, { status: 200 }); };
    try {
      await new zk.Client({ apiKey: KEY, baseUrl: base, retry: { maxRetries: 0 }, dispatcher: new undici.ProxyAgent(proxyUrl) }).employees();
    } finally {
      globalThis.fetch = realFetch;
    }
    assert.equal(stubbed.length, 1, "the stubbed fetch saw the call");
  } finally {
    if (globalBefore !== undefined) undici.setGlobalDispatcher(globalBefore);
    else delete globalThis[sym];
    proxy.close();
  }
});
