// Builds the wasm (wasm-release profile), runs wasm-bindgen (--target web) and wasm-opt -Oz into ./wasm.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, "..");
const root = resolve(pkg, "..", "..");
const target = process.env.CARGO_TARGET_DIR ?? join(root, "target");
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });

run("cargo", ["build", "--quiet", "-p", "zeitkonto-wasm", "--target", "wasm32-unknown-unknown", "--profile", "wasm-release"]);
const wasm = join(target, "wasm32-unknown-unknown", "wasm-release", "zeitkonto_wasm.wasm");
const out = join(pkg, "wasm");
mkdirSync(out, { recursive: true });
run(process.env.WASM_BINDGEN ?? "wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", out, wasm]);
const bg = join(out, "zeitkonto_wasm_bg.wasm");
const wasmOpt = join(pkg, "node_modules", ".bin", "wasm-opt");
if (existsSync(wasmOpt)) {
  run(wasmOpt, ["-Oz", "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", bg, "-o", bg]);
} else {
  console.warn("wasm-opt not found (npm install first): the .wasm is not size-optimized");
}
console.log(`built ${bg}: ${statSync(bg).size} bytes`);
