// The package in a real page (Debian's Chromium via playwright-core), calling the sandbox across
// origins; and the presence-board example: click, see the board update, save a screenshot.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startSandbox } from "./sandbox.mjs";

const pkg = fileURLToPath(new URL("..", import.meta.url));
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };
let sb, server, origin, browser;

before(async () => {
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath} (apt-get install chromium)`);
  sb = await startSandbox();
  server = createServer(async (req, res) => {
    const path = normalize(join(pkg, decodeURIComponent(new URL(req.url, "http://x").pathname)));
    if (!path.startsWith(pkg)) return res.writeHead(403).end();
    try {
      const body = await readFile(path);
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
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
  assert.ok(r.employees.ok && r.employees.value >= 35, JSON.stringify(r.employees));
  assert.equal(r.come.ok, true, JSON.stringify(r.come));
  assert.equal(r.status.value, "green");
  assert.equal(r.account.value, 10);
  assert.ok(r.leaveTypes.value >= 3);
  assert.equal(r.shifts.value, "Front desk");
  assert.deepEqual([r.goTwice.ok, r.goTwice.name, r.goTwice.kind], [false, "RefusedError", "Refused"]);
  assert.deepEqual([r.wrongKey.name, r.wrongKey.code, r.wrongKey.status], ["ApiError", 3, 403]);
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
