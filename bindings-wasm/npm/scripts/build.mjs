// Builds the wasm (wasm-release profile), runs wasm-bindgen (--target web) and wasm-opt -Oz into ./wasm.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { homedir } from "node:os";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, "..");
const root = resolve(pkg, "..", "..");
const target = process.env.CARGO_TARGET_DIR ?? join(root, "target");
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });

// Panic locations embed source paths; shortening them keeps the .wasm small and the same wherever
// it is built (the registry path depends on CARGO_HOME, the checkout path on the machine).
const cargoHome = process.env.CARGO_HOME ?? join(homedir(), ".cargo");
const rustflags = [process.env.RUSTFLAGS ?? "", `--remap-path-prefix=${join(cargoHome, "registry", "src")}=/crates`, `--remap-path-prefix=${root}=/zeitkonto`]
  .filter(Boolean).join(" ");
run("cargo", ["build", "--quiet", "-p", "zeitkonto-wasm", "--target", "wasm32-unknown-unknown", "--profile", "wasm-release"],
  { env: { ...process.env, RUSTFLAGS: rustflags } });
const wasm = join(target, "wasm32-unknown-unknown", "wasm-release", "zeitkonto_wasm.wasm");
const out = join(pkg, "wasm");
mkdirSync(out, { recursive: true });
run(process.env.WASM_BINDGEN ?? "wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", out, wasm]);
const bg = join(out, "zeitkonto_wasm_bg.wasm");
const wasmOpt = join(pkg, "node_modules", ".bin", "wasm-opt");
if (existsSync(wasmOpt)) {
  run(wasmOpt, ["-Oz", "--converge", "--strip-producers", "--strip-debug", "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", bg, "-o", bg]);
} else {
  console.warn("wasm-opt not found (npm install first): the .wasm is not size-optimized");
}
console.log(`built ${bg}: ${statSync(bg).size} bytes`);
