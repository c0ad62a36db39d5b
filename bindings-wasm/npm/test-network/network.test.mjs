// The npm package in Node through real network infrastructure (scripts/network-infra: nginx with
// TLS from a private CA, gzip, HTTP/2 and small keep-alive limits; tinyproxy as a CONNECT proxy).
// Run by scripts/network-test (the ZK_NET_* variables say where things are); not part of `npm test`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { Agent, ProxyAgent, EnvHttpProxyAgent, fetch as undiciFetch } from "undici";
import { Client, TlsError, TransportError } from "zeitkonto";

const NET = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("ZK_NET_")));
const KEY = "demo-company-key";
const ANNA = "anna.schmidt@demo.example";
const ca = readFileSync(NET.ZK_NET_CA, "utf8");
const fast = { retry: { baseDelay: 20, maxDelay: 50 }, rateLimit: { limit: 1_000_000, window: 60_000 } };
const client = (baseUrl, options = {}) => new Client({ apiKey: KEY, baseUrl, ...fast, ...options });
const log = () => readFileSync(NET.ZK_NET_ACCESS_LOG, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const proxyLog = () => readFileSync(NET.ZK_NET_PROXY_LOG, "utf8");

test("a private CA through an undici Agent; gzip; the User-Agent; HTTP/2 with allowH2", async () => {
  const before = log().length;
  assert.ok((await client(NET.ZK_NET_URL, { dispatcher: new Agent({ connect: { ca } }) }).employees()).length >= 35);
  await client(NET.ZK_NET_URL, { dispatcher: new Agent({ connect: { ca }, allowH2: true }) }).employees();
  const [h1, h2] = log().slice(before);
  assert.equal(h1.protocol, "HTTP/1.1", JSON.stringify(h1));
  assert.equal(h2.protocol, "HTTP/2.0", JSON.stringify(h2));
  for (const e of [h1, h2]) {
    assert.match(e.accept_encoding, /gzip/);
    assert.equal(e.content_encoding, "gzip");
    assert.match(e.user_agent, /^zeitkonto-js\//);
  }
});

test("NODE_EXTRA_CA_CERTS is honoured (Node reads it at start); Node's default transport (node:https) asks for gzip", () => {
  const before = log().length;
  const script = `import { Client } from "zeitkonto";
    const c = new Client({ apiKey: "${KEY}", baseUrl: process.env.ZK_NET_URL });
    console.log((await c.employees()).length);`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: NET.ZK_NET_CA }, cwd: process.cwd(), encoding: "utf8" });
  assert.ok(Number(out.trim()) >= 35, out);
  const [e] = log().slice(before);
  assert.equal(e.content_encoding, "gzip", JSON.stringify(e));
  assert.match(e.user_agent, /^zeitkonto-js\//);
});

test("a large answer is compressed on the wire within twice curl's", async () => {
  const before = log().length;
  const all = await client(NET.ZK_NET_URL, { dispatcher: new Agent({ connect: { ca } }) }).departmentMonthEmployees("BENCH", 2026, 10);
  assert.equal(all.length, 1000);
  const ours = log().slice(before)[0].bytes;
  const curl = Number(NET.ZK_NET_CURL_COMPRESSED_BYTES);
  console.log(`1,000 summaries on the wire: zeitkonto-js ${ours} bytes, curl --compressed ${curl}, uncompressed ${NET.ZK_NET_CURL_PLAIN_BYTES}`);
  assert.ok(ours <= 2 * curl, `${ours} bytes`);
});

for (const [name, url, trust, failure, code] of [
  ["an untrusted issuer", NET.ZK_NET_URL, false, "untrustedIssuer", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"],
  ["a wrong host name", NET.ZK_NET_WRONG_HOST, true, "hostnameMismatch", "ERR_TLS_CERT_ALTNAME_INVALID"],
  ["an expired certificate", NET.ZK_NET_EXPIRED, true, "expired", "CERT_HAS_EXPIRED"],
]) {
  test(`${name} is a TlsError with Node's code, never retried and never 'may have reached'`, async () => {
    const before = log().length;
    const started = Date.now();
    const c = client(url, trust ? { dispatcher: new Agent({ connect: { ca } }) } : {});
    const e = await c.employees().then(() => assert.fail("no error"), (e) => e);
    assert.ok(e instanceof TlsError && e instanceof TransportError, String(e));
    assert.equal(e.failure, failure);
    assert.equal(e.cause?.code, code);
    assert.equal(e.mayHaveReachedServer, false);
    assert.ok(!String(e.message).includes(KEY));
    const w = await c.come(ANNA).then(() => assert.fail("no error"), (e) => e);
    assert.equal(w.mayHaveReachedServer, false);
    assert.ok(Date.now() - started < 2000, "not retried");
    assert.equal(log().length, before, "nginx saw no request");
  });
}

test("a refused connection says it never reached the server, with Node's code", async () => {
  // A port nothing listens on (bound, read, closed).
  const free = execFileSync("python3", ["-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1]); s.close()"], { encoding: "utf8" }).trim();
  const e = await client(`http://127.0.0.1:${free}`).come(ANNA).then(() => assert.fail("no error"), (e) => e);
  assert.ok(e instanceof TransportError && !(e instanceof TlsError), String(e));
  assert.equal(e.mayHaveReachedServer, false);
  assert.equal(e.cause?.code, "ECONNREFUSED");
});

test("proxies: undici's ProxyAgent, and EnvHttpProxyAgent with HTTPS_PROXY; the proxy never sees the key", async () => {
  for (const [how, dispatcher] of [
    ["ProxyAgent", new ProxyAgent({ uri: NET.ZK_NET_PROXY, requestTls: { ca } })],
    ["EnvHttpProxyAgent", (process.env.HTTPS_PROXY = NET.ZK_NET_PROXY, new EnvHttpProxyAgent({ connect: { ca }, requestTls: { ca } }))],
  ]) {
    const before = proxyLog().length;
    assert.ok((await client(NET.ZK_NET_URL, { dispatcher }).employees()).length >= 35, how);
    const seen = proxyLog().slice(before);
    assert.match(seen, /CONNECT/, how);
    assert.ok(!seen.includes(KEY) && !seen.includes("/api/v2"), `${how}: ${seen}`);
  }
  delete process.env.HTTPS_PROXY;
  // undici's own fetch with its dispatcher works the same.
  const viaUndici = client(NET.ZK_NET_URL, { fetch: undiciFetch, dispatcher: new Agent({ connect: { ca } }) });
  assert.ok((await viaUndici.employees()).length >= 35);
});

test("writes at keep-alive limits are applied once each", async () => {
  await fetch(`${NET.ZK_NET_SANDBOX}/__sandbox/reset`, { method: "POST" });
  const c = client(NET.ZK_NET_URL, { dispatcher: new Agent({ connect: { ca } }) });
  for (let i = 0; i < 9; i++) {
    if (i === 4) await new Promise((ok) => setTimeout(ok, 1300)); // past keepalive_timeout
    await (i % 2 === 0 ? c.come(ANNA) : c.go(ANNA));
  }
  const stats = await (await fetch(`${NET.ZK_NET_SANDBOX}/__sandbox/stats`)).json();
  assert.deepEqual([stats.writes.clock, stats.requests.clock], [9, 9]);
});

test("writes at keep-alive limits are applied once each, through Node's default transport (node:https) too", async () => {
  await fetch(`${NET.ZK_NET_SANDBOX}/__sandbox/reset`, { method: "POST" });
  const script = `import { Client } from "zeitkonto";
    const c = new Client({ apiKey: "${KEY}", baseUrl: process.env.ZK_NET_URL, rateLimit: { limit: 0 } });
    for (let i = 0; i < 9; i++) {
      if (i === 4) await new Promise((ok) => setTimeout(ok, 1300)); // past keepalive_timeout
      await (i % 2 === 0 ? c.come("${ANNA}") : c.go("${ANNA}"));
    }`;
  execFileSync(process.execPath, ["--input-type=module", "-e", script],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: NET.ZK_NET_CA }, cwd: process.cwd(), encoding: "utf8" });
  const stats = await (await fetch(`${NET.ZK_NET_SANDBOX}/__sandbox/stats`)).json();
  assert.deepEqual([stats.writes.clock, stats.requests.clock], [9, 9]);
});

test("the README's Node snippet runs as written: a private CA, then through the proxy", () => {
  const readme = readFileSync(new URL("../../../docs/guide/npm.md", import.meta.url), "utf8"); // the package's guide
  const snippet = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes("EnvHttpProxyAgent"));
  assert.ok(snippet, "the snippet is in README.md");
  const run = (env) => execFileSync(process.execPath, ["--input-type=module", "-e", snippet],
    { env: { ...process.env, ZEITKONTO_API_KEY: KEY, ZEITKONTO_BASE_URL: NET.ZK_NET_URL, ...env }, cwd: process.cwd(), encoding: "utf8" });
  assert.match(run({ ZEITKONTO_CA_FILE: NET.ZK_NET_CA }), /^\d+ employees/);
  const before = proxyLog().length;
  assert.match(run({ ZEITKONTO_CA_FILE: NET.ZK_NET_CA, HTTPS_PROXY: NET.ZK_NET_PROXY }), /^\d+ employees/);
  assert.match(proxyLog().slice(before), /CONNECT/);
  assert.match(run({}), /^TLS: untrustedIssuer UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
});
