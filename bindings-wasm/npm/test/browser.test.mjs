// The package in a real page (Debian's Chromium via playwright-core), calling the sandbox across
// origins; and the presence-board example: click, see the board update, save a screenshot.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { extname, join, normalize } from "node:path";
import { networkInterfaces } from "node:os";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startSandbox } from "./sandbox.mjs";

const pkg = fileURLToPath(new URL("..", import.meta.url));
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };
let sb, server, lanServer, lanOrigin, origin, browser, proxy, proxyUrl;

/** A non-loopback IPv4 address of this machine (a LAN or intranet address), if it has one. */
const lanAddress = Object.values(networkInterfaces()).flat().find((a) => a?.family === "IPv4" && !a.internal)?.address;

// The guide's two snippets (docs/guide/npm.md, "In the browser"): the proxy (server.mjs) and the
// browser code that uses it.
const readme = readFileSync(join(pkg, "../../docs/guide/npm.md"), "utf8");
const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
const proxySource = blocks.find((b) => b.startsWith("// server.mjs"));
const browserSnippet = blocks.find((b) => b.includes('baseUrl: "/zeitkonto"') && !b.includes("createServer"));
const DYNAMIC = {
  "/readme/page.html": ["text/html", `<!doctype html><meta charset="utf-8">
<script type="importmap">{ "imports": { "zeitkonto": "/index.js" } }</script>
<script type="module">
  const logs = [];
  console.log = (...a) => logs.push(a.join(" "));
  const r = {};
  try { await import("/readme/snippet.js"); r.page = logs.slice(); } catch (e) { r.page = "error " + e.name + ": " + e.message; }
  const w = new Worker("/readme/worker.js", { type: "module" });
  r.worker = await new Promise((ok) => { w.onmessage = (m) => ok(m.data); w.onerror = (e) => ok("error " + e.message); });
  window.__results = r;
</script>`],
  "/readme/snippet.js": ["text/javascript", browserSnippet],
  // Workers have no import maps: the one line a bundler would rewrite.
  "/readme/snippet-worker.js": ["text/javascript", browserSnippet?.replace('from "zeitkonto"', 'from "/index.js"')],
  "/readme/worker.js": ["text/javascript", `const logs = [];
console.log = (...a) => logs.push(a.join(" "));
try { await import("/readme/snippet-worker.js"); postMessage(logs); } catch (e) { postMessage("error " + e.name + ": " + e.message); }`],
};

before(async () => {
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath} (apt-get install chromium)`);
  sb = await startSandbox();
  // The README proxy, as written, in front of the sandbox.
  await mkdir(join(pkg, "test-artifacts"), { recursive: true });
  writeFileSync(join(pkg, "test-artifacts", "readme-server.mjs"), proxySource);
  const port = await new Promise((ok) => { const s = createServer(); s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => ok(p)); }); });
  proxy = spawn(process.execPath, [join(pkg, "test-artifacts", "readme-server.mjs")], { stdio: "inherit",
    env: { ...process.env, PORT: String(port), ZEITKONTO_UPSTREAM: sb.url, ZEITKONTO_API_KEY: "demo-company-key", ZEITKONTO_WORKSPACE_KEY: "demo-workspace-key" } });
  proxyUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${proxyUrl}/`).then(() => true, () => false)) break;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  const handle = async (req, res) => {
    const url = new URL(req.url, "http://x");
    if (url.pathname.startsWith("/zeitkonto/")) {
      // The page's origin forwards /zeitkonto/ to the proxy (as a real deployment's web server would).
      const body = req.method === "GET" ? undefined : Buffer.concat(await req.toArray());
      const r = await fetch(proxyUrl + req.url, { method: req.method, headers: { "content-type": req.headers["content-type"] ?? "application/json" }, body, redirect: "manual" });
      return res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "text/plain" }).end(Buffer.from(await r.arrayBuffer()));
    }
    if (DYNAMIC[url.pathname]) return res.writeHead(200, { "content-type": DYNAMIC[url.pathname][0] }).end(DYNAMIC[url.pathname][1]);
    const path = normalize(join(pkg, decodeURIComponent(new URL(req.url, "http://x").pathname)));
    if (!path.startsWith(pkg)) return res.writeHead(403).end();
    try {
      const body = await readFile(path);
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  };
  server = createServer(handle);
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  origin = `http://127.0.0.1:${server.address().port}`;
  if (lanAddress) {
    // The same pages over plain http from a non-loopback address (`vite --host`, an intranet site).
    lanServer = createServer(handle);
    await new Promise((ok) => lanServer.listen(0, lanAddress, ok));
    lanOrigin = `http://${lanAddress}:${lanServer.address().port}`;
  }
  browser = await chromium.launch({
    executablePath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
  lanServer?.close();
  proxy?.kill();
  sb?.stop();
});

test("the package works in Chromium across origins", async () => {
  await sb.reset();
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${origin}/test/browser-page.html?api=${encodeURIComponent(sb.url)}`);
  await page.waitForFunction(() => window.__results !== undefined, null, { timeout: 30000 });
  const r = await page.evaluate(() => window.__results);
  assert.deepEqual(errors, []);
  assert.equal(r.noOptIn.ok, false, "a key in a page needs dangerouslyAllowBrowser");
  assert.match(r.noOptIn.message, /dangerouslyAllowBrowser/);
  assert.deepEqual([r.noOptIn.name, r.noOptIn.kind], ["InvalidInputError", "InvalidInput"]);
  assert.equal(r.relative.value, `Client(baseUrl=${origin}/zeitkonto, apiKey=***)`, "a relative baseUrl resolves against the page");
  assert.equal(r.relativeNoKeyGuard.value, `Client(baseUrl=${origin}/test/zeitkonto, apiKey=***)`);
  assert.ok(r.worker.ok, JSON.stringify(r.worker));
  assert.deepEqual(r.worker.value.guard, { name: "InvalidInputError", invalidInput: true, field: "dangerouslyAllowBrowser", kind: "InvalidInput" },
    "a key in a worker needs dangerouslyAllowBrowser too");
  assert.ok(r.worker.value.employees >= 35, JSON.stringify(r.worker.value));
  assert.equal(r.worker.value.relative, `Client(baseUrl=${origin}/zeitkonto, apiKey=***)`);
  assert.ok(r.employees.ok && r.employees.value >= 35, JSON.stringify(r.employees));
  assert.equal(r.come.ok, true, JSON.stringify(r.come));
  assert.equal(r.status.value, "green");
  assert.equal(r.account.value, 10);
  assert.ok(r.leaveTypes.value >= 3);
  assert.equal(r.shifts.value, "Front desk");
  assert.deepEqual([r.goTwice.ok, r.goTwice.name, r.goTwice.kind], [false, "RefusedError", "Refused"]);
  assert.deepEqual([r.wrongKey.name, r.wrongKey.code, r.wrongKey.status], ["AuthenticationFailedError", 3, 403]);
  assert.deepEqual([r.invalid.name, r.invalid.kind], ["InvalidInputError", "InvalidInput"]);
  assert.ok(!JSON.stringify(r).includes("demo-company-key"));
  await page.close();
});

test("the presence board example: clock in with a click", async () => {
  await sb.reset();
  const page = await browser.newPage({ viewport: { width: 900, height: 1400 } });
  await page.goto(`${origin}/examples/presence-board.html?api=${encodeURIComponent(sb.url)}&key=demo-company-key`);
  await page.waitForSelector("body[data-ready=yes]", { timeout: 30000 });
  const row = page.locator("tr[data-employee='Schmidt Anna']");
  assert.equal(await row.locator("td").nth(2).textContent(), "out");
  const before = await page.locator("#summary").textContent();
  await row.locator("button").click();
  await page.waitForFunction(() => document.querySelector("tr[data-employee='Schmidt Anna'] td:nth-child(3)")?.textContent === "in", null, { timeout: 15000 });
  assert.notEqual(await page.locator("#summary").textContent(), before);
  assert.equal((await sb.stats()).writes.clock, 1);
  await mkdir(join(pkg, "test-artifacts"), { recursive: true });
  await page.screenshot({ path: join(pkg, "test-artifacts", "presence-board.png"), fullPage: false });
  await page.close();
});

test("the README's proxy and browser snippets run as written (page and module worker)", async () => {
  assert.ok(proxySource && browserSnippet, "both snippets found in README.md");
  await sb.reset();
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${origin}/readme/page.html`);
  await page.waitForFunction(() => window.__results !== undefined, null, { timeout: 30000 });
  const r = await page.evaluate(() => window.__results);
  assert.deepEqual(errors, []);
  assert.deepEqual(r, { page: ["3 Front desk"], worker: ["3 Front desk"] });
  await page.close();
});

test("the README's same-origin proxy works from a page served over plain http from a LAN address", { skip: !lanAddress && "this machine has no non-loopback IPv4 address" }, async () => {
  // The key never leaves the origin (the proxy adds it): plain http is the page's own transport,
  // so a same-origin baseUrl is accepted whatever the host (issue: `vite --host` on a LAN address).
  await sb.reset();
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${lanOrigin}/readme/page.html`);
  await page.waitForFunction(() => window.__results !== undefined, null, { timeout: 30000 });
  const r = await page.evaluate(() => window.__results);
  assert.deepEqual(errors, []);
  assert.deepEqual(r, { page: ["3 Front desk"], worker: ["3 Front desk"] });
  // Another host over plain http is still refused (the key would travel in clear).
  const refused = await page.evaluate(async () => {
    const { Client } = await import("/index.js");
    try { await new Client({ apiKey: "k", baseUrl: "http://desktop.saas.de", dangerouslyAllowBrowser: true }).employees(); } catch (e) { return [e.name, e.field]; }
    return "accepted";
  });
  assert.deepEqual(refused, ["InvalidInputError", "baseUrl"]);
  await page.close();
});
