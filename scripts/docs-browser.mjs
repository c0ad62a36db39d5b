// Headless Chromium over the built documentation site (scripts/docs --check): on every operation
// page, each language tab is clicked and must show a non-empty code block; the search finds
// "absence"; one screenshot per language of the book_absence page. Prints ok/FAIL lines.
//
//   node scripts/docs-browser.mjs SITE_DIR SCREENSHOT_DIR OPERATION...
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { join, extname, dirname } from "node:path";
import { fileURLToPath } from "node:url";

// playwright-core comes with the npm package's dev dependencies (bindings-wasm/npm/node_modules).
const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), "../bindings-wasm/npm/package.json"));
const { chromium } = require("playwright-core");

const [site, shots, ...ops] = process.argv.slice(2);
const TABS = ["Rust", "Python", "Python (async)", "TypeScript", "Kotlin", "Swift", "curl"];
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml" };
let failures = 0;
const report = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"}  chromium: ${what}`);
  if (!ok) failures++;
};

const server = createServer((req, res) => {
  let path = join(site, decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (existsSync(path) && statSync(path).isDirectory()) path = join(path, "index.html");
  if (!existsSync(path)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(readFileSync(path));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  mkdirSync(shots, { recursive: true });
  for (const op of ops) {
    await page.goto(`${origin}/operations/${op}.html`);
    const empty = [];
    for (const tab of TABS) {
      // The tab's label, then the code of the panel it shows (the one visible block).
      await page.locator(".tabbed-labels label", { hasText: new RegExp(`^${tab.replace(/[()]/g, "\\$&")}$`) }).first().click();
      const code = await page.locator(".tabbed-block:visible pre code").first().innerText().catch(() => "");
      if (!code.trim()) empty.push(tab);
      if (op === "book_absence") {
        await page.locator(".tabbed-set").first().scrollIntoViewIfNeeded();
        await page.waitForTimeout(300); // the tab's underline slides over
        await page.screenshot({ path: join(shots, `book_absence-${tab.replace(/\W+/g, "_")}.png`) });
      }
    }
    report(empty.length === 0, `${op}: ${TABS.length} tabs show code${empty.length ? `; empty: ${empty.join(", ")}` : ""}`);
  }
  // The search box (lunr in a worker): "absence" finds the book_absence page. A query typed
  // before the worker has read the index goes unanswered, so it is typed again until results come
  // (at most 30 s), as a user would.
  await page.goto(`${origin}/index.html`);
  await page.locator("label.md-search__icon, .md-search__input").first().click();
  const input = page.locator(".md-search__input");
  for (let i = 0; i < 30 && !(await page.locator(".md-search-result__item").count()); i++) {
    await input.fill("");
    await input.pressSequentially("absence");
    await page.waitForTimeout(1000);
  }
  const found = (await page.locator(".md-search-result__item a[href*='book_absence']").count()) > 0;
  report(found, 'search: "absence" finds book_absence');
} finally {
  await browser.close();
  server.close();
}
process.exit(failures ? 1 : 0);
