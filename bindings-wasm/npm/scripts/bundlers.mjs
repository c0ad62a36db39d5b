// The packed tarball (`npm pack`) in the tools users build with: a tiny app (main thread + module
// worker) built with default settings by Vite (dev server and build), webpack 5, esbuild and
// Rollup, each run in Chromium against the sandbox (and the test kit, zeitkonto/testing, and the
// jobs, zeitkonto/jobs, in the same bundle); plus Node `import` and `require()`. The
// bundlers are pinned and installed once under $CARGO_TARGET_DIR/npm-bundlers (reinstalled when
// the pins change). Needs a built package (scripts/build.mjs), the sandbox binary and Chromium.
//
// And a Vitest run of a user's test file over the test kit (zeitkonto/testing).
//
//   node scripts/bundlers.mjs [vite-dev vite webpack esbuild rollup node vitest]   (default: all)
import { createServer } from "node:http";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, extname, join, normalize, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { startSandbox } from "../test/sandbox.mjs";
import { env, install, shIn } from "./pinned.mjs";

const PINS = { vitest: "5.1.1", vite: "8.3.8", webpack: "5.112.2", esbuild: "0.28.2", rollup: "4.68.7", "@rollup/plugin-node-resolve": "16.0.3" };
const pkg = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(pkg, "..", "..");
const work = join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "npm-bundlers");
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);
// How many operations every bundle must see: the core's declaration, never a number written here.
const DECLARED = JSON.parse(readFileSync(join(root, "tests", "vectors", "declaration.json"), "utf8")).operations.length;
const sh = shIn(work);

// 1. Bundlers, pinned, cached; 2. the package, from its tarball: the files npm would publish.
const tarball = install("bundlers", work, { name: "zeitkonto-bundlers", private: true, type: "module", devDependencies: PINS }, pkg);
const files = sh("tar", ["tzf", tarball]).trim().split("\n").map((f) => f.replace(/^package\//, "")).sort();
console.log(`bundlers: ${tarball.split("/").pop()}: ${files.join(" ")}`);

// 3. The app: the same code on the main thread and in a module worker.
const app = join(work, "app");
rmSync(app, { recursive: true, force: true });
mkdirSync(join(app, "src"), { recursive: true });
writeFileSync(join(app, "src", "check.js"), `import { Client, init, operations, RefusedError, TransportError } from "zeitkonto";
import { Sandbox } from "zeitkonto/testing";
import { monthClose, presenceBoard } from "zeitkonto/jobs";
export async function check(api, where) {
  const r = { where };
  try {
    await init();
    r.operations = operations().length;
    try { new Client({ apiKey: "demo-company-key", baseUrl: api }); r.guard = "accepted"; } catch (e) { r.guard = e.name; }
    const c = new Client({ apiKey: "demo-company-key", workspaceKey: "demo-workspace-key", baseUrl: api, dangerouslyAllowBrowser: true });
    r.employees = (await c.employees()).length;
    r.leaveTypes = (await c.leaveTypes("anna.schmidt@demo.example")).leaveTypes.length;
    r.refused = await c.go("max.manager@demo.example").then(() => "resolved", (e) => (e instanceof RefusedError ? e.name : String(e)));
    // The test kit (zeitkonto/testing) in the same bundle: the sandbox in-process, a lost answer.
    const sandbox = await Sandbox.create({ today: "2026-11-21" });
    const kit = sandbox.client();
    sandbox.inject("reset", { operation: "clock", afterApplying: true });
    const lost = await kit.come(sandbox.keys.employee).then(() => "resolved", (e) => e instanceof TransportError && e.mayHaveReachedServer);
    r.kit = [(await kit.employees()).length, lost, sandbox.writes("clock")];
    // The jobs (zeitkonto/jobs, the planners' own .wasm) over the kit's client.
    let present = 0;
    for await (const e of await presenceBoard(kit, { day: "2026-11-20" })) if (e.type === "presence") present++;
    let accounts = 0;
    for await (const e of await monthClose(kit, 2026, 10, { departments: ["SALES", "ENG", "OPS"] })) if (e.type === "account") accounts++;
    r.jobs = [present, accounts, sandbox.requests("presence"), sandbox.requests("time_account")];
  } catch (e) {
    r.error = String(e && e.stack || e);
  }
  return r;
}
`);
writeFileSync(join(app, "src", "main.js"), `import { check } from "./check.js";
const api = new URLSearchParams(location.search).get("api");
check(api, "main").then(async (main) => {
  const worker = await new Promise((ok) => {
    const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    w.onmessage = (m) => ok(m.data);
    w.onerror = (e) => ok({ error: "worker failed to load: " + (e.message || "error event") });
    w.postMessage(api);
  });
  window.__results = { main, worker };
});
`);
writeFileSync(join(app, "src", "worker.js"), `import { check } from "./check.js";
self.onmessage = async (m) => self.postMessage(await check(m.data, "worker"));
`);
writeFileSync(join(app, "index.html"), `<!doctype html><html><head><meta charset="utf-8"><title>zeitkonto in a bundle</title></head>
<body><script type="module" src="./src/main.js"></script></body></html>
`);
const page = (script) => `<!doctype html><html><head><meta charset="utf-8"></head><body><script type="module" src="./${script}"></script></body></html>\n`;

const bin = (name) => join(work, "node_modules", ".bin", name);
const outDir = (name) => {
  const d = join(work, "out", name);
  rmSync(d, { recursive: true, force: true });
  mkdirSync(d, { recursive: true });
  return d;
};

// Each build returns the directory to serve (with index.html).
const builds = {
  async vite() {
    const dist = outDir("vite");
    sh(bin("vite"), ["build", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"], { cwd: app, stdio: "inherit" });
    return dist;
  },
  async webpack() {
    const dist = outDir("webpack");
    const { default: webpack } = await import(pathToFileURL(join(work, "node_modules", "webpack", "lib", "index.js")).href);
    // webpack 5's defaults: production mode, src/index.js by default (here: src/main.js), dist/main.js.
    const stats = await new Promise((ok, fail) => webpack({ mode: "production", context: app, entry: "./src/main.js", output: { path: dist } }, (e, s) => (e ? fail(e) : ok(s))));
    if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));
    writeFileSync(join(dist, "index.html"), page("main.js"));
    return dist;
  },
  async esbuild() {
    const dist = outDir("esbuild");
    // A module worker is a second entry point (esbuild does not follow new Worker(new URL(...))).
    sh(bin("esbuild"), ["src/main.js", "src/worker.js", "--bundle", "--format=esm", "--minify", `--outdir=${dist}`, "--log-level=warning"], { cwd: app, stdio: "inherit" });
    writeFileSync(join(dist, "index.html"), page("main.js"));
    return dist;
  },
  async rollup() {
    const dist = outDir("rollup");
    // Rollup resolves packages with @rollup/plugin-node-resolve, default options; two inputs as above.
    writeFileSync(join(app, "rollup.config.mjs"), `import { nodeResolve } from "@rollup/plugin-node-resolve";
export default { input: ["src/main.js", "src/worker.js"], output: { dir: ${JSON.stringify(dist)}, format: "es" }, plugins: [nodeResolve()] };
`);
    sh(bin("rollup"), ["-c", "--silent"], { cwd: app, stdio: "inherit" });
    writeFileSync(join(dist, "index.html"), page("main.js"));
    return dist;
  },
};

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };
function serve(dir) {
  const server = createServer(async (req, res) => {
    let path = normalize(join(dir, decodeURIComponent(new URL(req.url, "http://x").pathname)));
    if (!path.startsWith(dir)) return res.writeHead(403).end();
    if (path.endsWith("/")) path += "index.html";
    let body;
    try {
      body = await readFile(path);
    } catch {
      return res.writeHead(404).end();
    }
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() })));
}

function wasmFiles(dir) {
  const out = [];
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith(".wasm") && out.push(e.name); };
  walk(dir);
  return out;
}

/**
 * The package's .wasm modules a build carries twice: inlined as base64 in its JavaScript and
 * emitted as a file too (one of them unused). A file is known by its bytes (webpack names it by a
 * hash), an inlined copy by the start of its base64.
 */
function carriedTwice(dir) {
  const modules = [["wasm", "zeitkonto_wasm"], ["wasm-testing", "zeitkonto_wasm_testing"], ["wasm-jobs", "zeitkonto_wasm_jobs"]];
  const js = [];
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name);
      if (e.isDirectory()) walk(path);
      else if (/\.m?js$/.test(e.name)) js.push(readFileSync(path, "utf8"));
      else if (e.name.endsWith(".wasm")) files.push(readFileSync(path));
    }
  };
  walk(dir);
  return modules.filter(([folder, name]) => {
    const bytes = readFileSync(join(pkg, folder, `${name}_bg.wasm`));
    const copy = readFileSync(join(pkg, folder, `${name}_bg.wasm.base64.js`), "utf8");
    const head = copy.slice(copy.indexOf('"') + 1).slice(0, 120);
    return files.some((f) => f.equals(bytes)) && js.some((t) => t.includes(head));
  }).map(([, name]) => name);
}

const expected = (where) => ({ where, operations: DECLARED, guard: "InvalidInputError", employees: 39, leaveTypes: 3, refused: "RefusedError", kit: [39, true, 1], jobs: [39, 39, 1, 0] });
const results = [];
let failed = 0;
function report(name, version, detail, ok, info) {
  results.push({ name, version, ok, info });
  if (!ok) failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${version ? ` ${version}` : ""}: ${info}${ok ? "" : `\n     ${JSON.stringify(detail)}`}`);
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const sb = await startSandbox();
let browser;
try {
  if (["vite-dev", "vite", "webpack", "esbuild", "rollup"].some(wanted)) {
    if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}`);
    browser = await chromium.launch({ executablePath, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  }
  const inChromium = async (url) => {
    await sb.reset();
    const p = await browser.newPage();
    const errors = [];
    p.on("pageerror", (e) => errors.push(String(e)));
    try {
      await p.goto(`${url}?api=${encodeURIComponent(sb.url)}`);
      await p.waitForFunction(() => window.__results !== undefined, null, { timeout: 60000 });
      return { ...(await p.evaluate(() => window.__results)), errors };
    } catch (e) {
      return { error: String(e).split("\n")[0], errors };
    } finally {
      await p.close();
    }
  };
  const check = (name, version, r, extra = "") => {
    const ok = same(r.main, expected("main")) && same(r.worker, expected("worker")) && r.errors?.length === 0;
    report(name, version, r, ok, `main thread + module worker ${ok ? "work" : "fail"}${extra}`);
  };

  if (wanted("vite-dev")) {
    const { createServer: viteServer } = await import(pathToFileURL(join(work, "node_modules", "vite", "dist", "node", "index.js")).href);
    const server = await viteServer({ root: app, configFile: false, logLevel: "warn", server: { host: "127.0.0.1", port: 0 } });
    try {
      await server.listen();
      const url = server.resolvedUrls.local[0];
      check("vite dev", PINS.vite, await inChromium(url));
    } finally {
      await server.close();
    }
  }
  for (const name of ["vite", "webpack", "esbuild", "rollup"]) {
    if (!wanted(name)) continue;
    let dist;
    try {
      dist = await builds[name]();
    } catch (e) {
      report(name, PINS[name], String(e), false, "build failed");
      continue;
    }
    const server = await serve(dist);
    try {
      const wasm = wasmFiles(dist);
      const twice = carriedTwice(dist);
      if (twice.length) report(name, PINS[name], wasm, false, `carries ${twice.join(", ")} twice: inlined and emitted as a file`);
      check(name === "vite" ? "vite build" : name, PINS[name], await inChromium(server.url),
        wasm.length ? ` (.wasm emitted as a file: ${wasm.join(", ")})` : " (.wasm inlined)");
    } finally {
      server.close();
    }
  }

  if (wanted("vitest")) {
    // A user's test with Vitest (its defaults, Node environment) over the in-process sandbox.
    writeFileSync(join(app, "kit.test.js"), `import { expect, test } from "vitest";
import { RefusedError } from "zeitkonto";
import { Sandbox } from "zeitkonto/testing";

test("the sandbox in Vitest", async () => {
  const sandbox = await Sandbox.create({ today: "2026-11-21" });
  const client = sandbox.client();
  expect((await client.employees()).length).toBe(39);
  await client.come(sandbox.keys.employee);
  await expect(client.come(sandbox.keys.employee)).rejects.toBeInstanceOf(RefusedError);
  expect(sandbox.writes("clock")).toBe(1);
});
`);
    let out;
    try {
      out = sh(bin("vitest"), ["run", "kit.test.js"], { cwd: app, stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      out = String(e.stdout ?? "") + String(e.stderr ?? e);
    }
    out = out.replace(/\x1b\[[0-9;]*m/g, "");
    const ok = /Tests\s+1 passed/.test(out);
    report("vitest", PINS.vitest, out.slice(-600), ok, ok ? "a test over zeitkonto/testing passes" : "fails");
  }
  if (wanted("node")) {
    const code = (head) => `${head}
      const c = new Client({ apiKey: "demo-company-key", baseUrl: ${JSON.stringify(sb.url)} });
      const n = (await c.employees()).length;
      const refused = await c.go("max.manager@demo.example").catch((e) => e instanceof RefusedError && e.name);
      console.log(JSON.stringify({ operations: operations().length, employees: n, refused }));`;
    const want = JSON.stringify({ operations: DECLARED, employees: 39, refused: "RefusedError" });
    for (const [name, args] of [
      ["node import", ["--input-type=module", "-e", code('import { Client, RefusedError, operations } from "zeitkonto";')]],
      ["node require()", ["-e", `(async () => { ${code('const { Client, RefusedError, operations } = require("zeitkonto");')} })().catch((e) => { console.error(e); process.exit(1); });`]],
    ]) {
      await sb.reset();
      let out;
      try {
        out = sh(process.execPath, args).trim();
      } catch (e) {
        out = String(e);
      }
      report(name, process.version, out, out === want, out === want ? "works" : "fails");
    }
  }
} finally {
  await browser?.close();
  sb.stop();
}
console.log(`bundlers: ${results.length - failed} of ${results.length} passed`);
process.exit(failed ? 1 : 0);
