// Builds the wasm (wasm-release profile), runs wasm-bindgen (--target web) and wasm-opt -Oz into ./wasm.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { homedir } from "node:os";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, "..");
const root = resolve(pkg, "..", "..");
const target = process.env.CARGO_TARGET_DIR ?? join(root, "target");
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });

/**
 * wasm-bindgen's glue falls back to `new URL("<name>_bg.wasm", import.meta.url)` when its init is
 * given no module. Every entry of the package passes one (a URL, bytes or a compiled module), so
 * the fallback is dead code; but bundlers see the `new URL` and emit the .wasm as a file even for
 * an entry that inlines it (Vite emitted the kit's and the jobs' .wasm beside their base64 copy).
 * It is replaced by an error. And its `initSync` is made to take a compiled module of another realm.
 */
function noDefaultUrl(glue) {
  const text = readFileSync(glue, "utf8");
  const fallback = /module_or_path = new URL\('[^']+', import\.meta\.url\);/;
  if (!fallback.test(text)) throw new Error(`${glue}: wasm-bindgen's default URL not found (its glue changed?)`);
  // `initSync` takes a compiled module of any realm: Next.js compiles a `?module` import in Node's
  // realm and hands it to the Edge Runtime's sandbox, another realm, where `instanceof
  // WebAssembly.Module` is false and wasm-bindgen would compile it again from "bytes" (a TypeError).
  const check = "if (!(module instanceof WebAssembly.Module)) {";
  if (!text.includes(check)) throw new Error(`${glue}: wasm-bindgen's module check not found (its glue changed?)`);
  writeFileSync(glue, text.replace(fallback, 'throw new Error("zeitkonto: the entry passes its .wasm");')
    .replace(check, 'if (!(module instanceof WebAssembly.Module) && Object.prototype.toString.call(module) !== "[object WebAssembly.Module]") {'));
}

/**
 * Rewrites wasm-bindgen's glue `glue` for a .wasm whose import and export names (and its import
 * module's) wasm-opt minified, after the mapping it printed (`map`: its first JSON object,
 * `{"imports": [[module, name, new], ...], "exports": [[name, new], ...]}`). Fails the build
 * when a name is not where the glue is known to write it.
 */
function minifyNames(glue, wasmPath, map) {
  const end = map.indexOf("\n}");
  if (!map.trimStart().startsWith("{") || end < 0) throw new Error(`wasm-opt printed no name map: ${map.slice(0, 200)}`);
  const { imports, exports } = JSON.parse(map.slice(map.indexOf("{"), end + 2));
  // The map is --converge's first round's: the final module must carry exactly its new names.
  const module = new WebAssembly.Module(readFileSync(wasmPath));
  const finalImports = WebAssembly.Module.imports(module);
  const same = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  if (!same(finalImports.map((i) => i.name), imports.map(([, , to]) => to))
    || !same(WebAssembly.Module.exports(module).map((e) => e.name), exports.map(([, to]) => to))) {
    throw new Error("wasm-opt's name map does not match the names of the .wasm it wrote");
  }
  const modules = new Set(finalImports.map((i) => i.module));
  const oldModules = new Set(imports.map(([m]) => m));
  if (modules.size !== 1 || oldModules.size !== 1) throw new Error(`expected one import module, got ${[...modules]}`);
  let text = readFileSync(glue, "utf8");
  const replace = (pattern, to, what, exactly) => {
    const n = text.match(pattern)?.length ?? 0;
    if (exactly !== undefined && n !== exactly) throw new Error(`${glue}: ${what} found ${n} times (the glue changed?)`);
    text = text.replace(pattern, () => to);
  };
  const quote = (s) => s.replace(/[$]/g, "\\$");
  for (const [, name, to] of imports) replace(new RegExp(`\\b${quote(name)}:`, "g"), `${to}:`, `import ${name}`, 1);
  replace(new RegExp(`"${[...oldModules][0].replace(/[./]/g, "\\$&")}": import0`, "g"), `"${[...modules][0]}": import0`, "the import module", 1);
  for (const [name, to] of exports) replace(new RegExp(`\\bwasm\\.${quote(name)}\\b`, "g"), `wasm.${to}`, `export ${name}`);
  const left = exports.filter(([name]) => new RegExp(`\\bwasm\\.${quote(name)}\\b`).test(text));
  if (left.length) throw new Error(`${glue}: exports still named: ${left}`);
  writeFileSync(glue, text);
}

// Panic locations embed source paths; shortening them keeps the .wasm small and the same wherever
// it is built (the registry path depends on CARGO_HOME, the checkout path on the machine).
// Each registry's folder (`index.crates.io-<hash>`) is `/c`, and the standard library's
// `/rustc/<commit>` is `/rustc` where rustc honours it (the commit of the rustc cargo runs here).
const cargoHome = process.env.CARGO_HOME ?? join(homedir(), ".cargo");
const registry = join(cargoHome, "registry", "src");
const registries = existsSync(registry) ? readdirSync(registry).map((d) => `--remap-path-prefix=${join(registry, d)}=/c`) : [];
const commit = /commit-hash: ([0-9a-f]+)/.exec(execFileSync("rustc", ["-vV"], { cwd: root, encoding: "utf8" }))?.[1];
// (The last remapping that matches applies: the registries' own come after the folder's.)
const rustflags = [process.env.RUSTFLAGS ?? "", `--remap-path-prefix=${registry}=/crates`, ...registries,
  ...(commit ? [`--remap-path-prefix=/rustc/${commit}=/rustc`] : []), `--remap-path-prefix=${root}=/zeitkonto`]
  .filter(Boolean).join(" ");
run("cargo", ["build", "--quiet", "-p", "zeitkonto-wasm", "--target", "wasm32-unknown-unknown", "--profile", "wasm-release"],
  { env: { ...process.env, RUSTFLAGS: rustflags } });
const wasm = join(target, "wasm32-unknown-unknown", "wasm-release", "zeitkonto_wasm.wasm");
const out = join(pkg, "wasm");
mkdirSync(out, { recursive: true });
run(process.env.WASM_BINDGEN ?? "wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", out, wasm]);
noDefaultUrl(join(out, "zeitkonto_wasm.js"));
const bg = join(out, "zeitkonto_wasm_bg.wasm");
const wasmOpt = join(pkg, "node_modules", ".bin", "wasm-opt");
// What every .wasm here is optimized with: the features rustc's wasm32 output uses, no producers
// or debug sections.
const WASM_OPT_COMMON = ["-Oz", "--strip-producers", "--strip-debug", "--enable-bulk-memory",
  "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals"];
if (existsSync(wasmOpt)) {
  // --low-memory-unused (-1.4 KB gzipped) lets wasm-opt assume that addresses below 1024 are never
  // used. That holds here: rustc links wasm32 with the stack first, growing down from 1 MiB to 0,
  // and the data section after it, so the low 1 KB would only be touched by a stack about to
  // overflow.
  // --minify-imports-and-exports-and-modules (-1.1 KB gzipped): wasm-bindgen's import names carry
  // a hash each (`__wbg_get_d7176cfb76d71114`), which gzip cannot shrink; they become `a`, `b`, ...
  // and the glue is rewritten to match (minifyNames). --strip-target-features (-0.1 KB): a custom
  // section only linkers read.
  const map = execFileSync(wasmOpt, [...WASM_OPT_COMMON, "--low-memory-unused", "--converge", "--strip-target-features",
    "--minify-imports-and-exports-and-modules", bg, "-o", bg],
  { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  minifyNames(join(out, "zeitkonto_wasm.js"), bg, map);
} else {
  console.warn("wasm-opt not found (npm install first): the .wasm is not size-optimized");
}
console.log(`built ${bg}: ${statSync(bg).size} bytes`);

// The extra entries' own .wasm files (`zeitkonto/testing`: the sandbox engine; `zeitkonto/jobs`:
// the job planner), apart from the main one so the main entry's budget does not grow. Each is
// inlined as base64 too (esbuild and Rollup do not emit `new URL` assets). Skipped with
// ZEITKONTO_NO_EXTRA_WASM=1.
for (const [crate, dir] of [["zeitkonto-wasm-testing", "wasm-testing"], ["zeitkonto-wasm-jobs", "wasm-jobs"]]) {
  if (process.env.ZEITKONTO_NO_EXTRA_WASM === "1" || process.env.ZEITKONTO_NO_TESTING_WASM === "1") break;
  const lib = crate.replaceAll("-", "_");
  run("cargo", ["build", "--quiet", "-p", crate, "--target", "wasm32-unknown-unknown", "--profile", "wasm-release"],
    { env: { ...process.env, RUSTFLAGS: rustflags } });
  const extraOut = join(pkg, dir);
  mkdirSync(extraOut, { recursive: true });
  run(process.env.WASM_BINDGEN ?? "wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", extraOut,
    join(target, "wasm32-unknown-unknown", "wasm-release", `${lib}.wasm`)]);
  noDefaultUrl(join(extraOut, `${lib}.js`));
  const extraBg = join(extraOut, `${lib}_bg.wasm`);
  if (existsSync(wasmOpt)) {
    run(wasmOpt, [...WASM_OPT_COMMON, extraBg, "-o", extraBg]);
  }
  writeFileSync(join(extraOut, `${lib}_bg.wasm.base64.js`),
    `// ${crate}'s .wasm as base64 (generated by scripts/build.mjs).\n` +
      `export default "${readFileSync(extraBg).toString("base64")}";\n`);
  console.log(`built ${extraBg}: ${statSync(extraBg).size} bytes (and its base64 copy)`);
}

// The inline entry's base64 copy of the .wasm (for bundlers that do not emit `new URL` assets).
writeFileSync(join(out, "zeitkonto_wasm_bg.wasm.base64.js"),
  "// The .wasm as base64 (generated by scripts/build.mjs; inline.js decodes it).\n" +
    `export default "${readFileSync(bg).toString("base64")}";\n`);
// Node's CommonJS build (require and, through node.mjs, import): src/node.js bundled with the glue.
const esbuild = join(pkg, "node_modules", ".bin", "esbuild");
run(esbuild, ["src/node.js", "--bundle", "--format=cjs", "--platform=node", "--target=node18", "--log-level=warning",
  "--outfile=dist/node.cjs"], { cwd: pkg });
// The same declarations for `require()` users (TypeScript reads a .d.ts in a "type": "module"
// package as ESM).
copyFileSync(join(pkg, "index.d.ts"), join(pkg, "dist", "index.d.cts"));
console.log(`built ${join(pkg, "dist", "node.cjs")}, dist/index.d.cts and the base64 copy`);
