// scripts/runtimes' host for the Worker runtimes (run by Node >= 22, which miniflare needs):
//   node host.mjs workerd BASE_URL         worker.mjs bundled as wrangler bundles it, run by miniflare (workerd)
//   node host.mjs workerd-inline BASE_URL  the same with `zeitkonto/inline` for `zeitkonto` (a bundle without the condition)
//   node host.mjs edge BASE_URL            bundled as Next.js/Vercel bundle for the Edge Runtime, run by edge-runtime
// Prints one line per case (checks.mjs), plus `first-call`: the first SDK call of a fresh
// Worker's first request settles. TOOLS: the directory where miniflare, edge-runtime and esbuild
// are installed.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { lines } from "./checks.mjs";

const require = createRequire(join(process.env.TOOLS, "package.json"));
const esbuild = require("esbuild");
const [name, baseUrl] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const edge = name === "edge";
const results = [];
const TIMEOUT_MS = 20_000;

/**
 * The .wasm imports (`x.wasm` for workerd, `x.wasm?module` for the Edge Runtime) as the platforms'
 * bundlers treat them: wrangler keeps each as a module of its own, a compiled `WebAssembly.Module`
 * (its CompiledWasm rule); Next.js replaces it by a global the sandbox fills with the compiled module.
 */
const wasmFiles = new Map();
const wasmPlugin = {
  name: "wasm-modules",
  setup(build) {
    build.onResolve({ filter: /\.wasm(\?module)?$/ }, (args) => {
      const file = join(args.resolveDir, args.path.replace(/\?module$/, ""));
      const id = `zk${wasmFiles.size}-${basename(file)}`;
      if (![...wasmFiles.values()].includes(file)) wasmFiles.set(id, file);
      const key = [...wasmFiles].find(([, f]) => f === file)[0];
      return edge ? { path: key, namespace: "edge-wasm" } : { path: `./${key}`, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: "edge-wasm" }, (args) => ({
      contents: `export default globalThis[${JSON.stringify(args.path)}];`, loader: "js",
    }));
    // workerd-inline: `zeitkonto` as `zeitkonto/inline` (the entry a bundle without the
    // `workerd` condition gets).
    if (name === "workerd-inline") {
      build.onResolve({ filter: /^zeitkonto$/ }, (args) =>
        build.resolve("zeitkonto/inline", { kind: args.kind, resolveDir: args.resolveDir }));
    }
  },
};

const bundle = await esbuild.build({
  entryPoints: [join(here, "worker.mjs")], bundle: true, write: false, logLevel: "silent",
  absWorkingDir: process.cwd(), nodePaths: [join(process.cwd(), "node_modules")],
  // wrangler: esm, conditions workerd/worker/browser; Next.js for the Edge Runtime: edge-light first.
  format: edge ? "iife" : "esm", platform: "neutral", target: "es2022",
  conditions: edge ? ["edge-light", "worker", "browser"] : ["workerd", "worker", "browser"],
  mainFields: ["browser", "module", "main"],
  plugins: [wasmPlugin],
});
const code = bundle.outputFiles[0].text;
const entries = bundle.outputFiles.length && [...code.matchAll(/node_modules\/zeitkonto\/([\w.-]+\.js)/g)].map((m) => m[1]);
console.log(`# ${name}: bundled ${(code.length / 1024).toFixed(0)} KB; entries ${[...new Set(entries)].filter((e) => !e.includes("/")).join(", ")}; wasm modules ${[...wasmFiles.keys()].join(", ") || "none"}`);

const withTimeout = (p, what) => Promise.race([p, new Promise((_, fail) => setTimeout(() => fail(new Error(`${what}: no answer in ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS))]);

let dispatch;
let dispose = async () => {};
if (edge) {
  const { EdgeRuntime } = require("edge-runtime");
  // The Edge Runtime compiles no WebAssembly from bytes (nor code from strings): wasm code
  // generation is off, as there. The `?module` imports come compiled by the host, as Next.js's
  // sandbox does: `WebAssembly.Module`s of the host's realm, not the context's (wasm-bindgen's
  // `instanceof WebAssembly.Module` is false for them; the glue is made to take them).
  const modules = {};
  for (const [id, file] of wasmFiles) modules[id] = await WebAssembly.compile(readFileSync(file));
  const runtime = new EdgeRuntime({ codeGeneration: { strings: false, wasm: false } });
  Object.assign(runtime.context, modules, { BASE_URL: baseUrl });
  runtime.evaluate(code);
  dispatch = async (path) => {
    const response = await runtime.dispatchFetch(`http://edge.test${path}`);
    await response.waitUntil();
    return response;
  };
} else {
  const { Miniflare } = require("miniflare");
  const mf = new Miniflare({
    modules: [
      { type: "ESModule", path: "worker.mjs", contents: code },
      ...[...wasmFiles].map(([id, file]) => ({ type: "CompiledWasm", path: id, contents: readFileSync(file) })),
    ],
    compatibilityDate: "2026-07-30",
    bindings: { BASE_URL: baseUrl },
  });
  dispatch = (path) => mf.dispatchFetch(`http://workerd.test${path}`);
  dispose = () => mf.dispose();
}

// The regression test: a fresh Worker's first request, whose first await is an SDK call.
try {
  const r = await withTimeout(dispatch("/first"), "GET /first");
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${r.status}: ${text.split("\n")[0].slice(0, 300)}`);
  const { employees } = JSON.parse(text);
  if (employees !== 39) throw new Error(`expected 39 employees, got ${employees}`);
  results.push({ name: "first-call", ok: true });
} catch (e) {
  results.push({ name: "first-call", ok: false, why: e.message });
}
try {
  const only = name === "workerd-inline" ? "?only=employees,error" : "";
  const r = await withTimeout(dispatch(`/checks${only}`), "GET /checks");
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${r.status}: ${text.split("\n")[0].slice(0, 300)}`);
  results.push(...JSON.parse(text));
} catch (e) {
  results.push({ name: "checks", ok: false, why: e.message });
}
console.log(lines(name, results));
await withTimeout(dispose(), "dispose").catch(() => {});
process.exit(0);
