// zeitkonto for Node (source of `dist/node.cjs`, which `scripts/build.mjs` bundles as CommonJS so
// that `require("zeitkonto")` works; `node.mjs` re-exports it for `import`, one instance for both).
// The .wasm is read from disk and compiled synchronously at load: ready before the first line of
// the importing module runs, as with the former top-level await. Calls go through node:http
// (`node-http.js`) where it may stand in for fetch (`serves`).
import { readFileSync } from "node:fs";
import { initSync } from "../wasm/zeitkonto_wasm.js";
import { _setup } from "./core.js";
import { bypasses, send, serves } from "./node-http.js";

export * from "./public.js";

function wasm() {
  try {
    // This file only runs bundled as dist/node.cjs: the .wasm by `__dirname`, written as the file
    // tracers follow it (Next.js's `output: "standalone"` with Turbopack, Vercel's nft), so that
    // they ship it (a `new URL(..., import.meta.url)` made CommonJS is a form they do not read).
    return readFileSync(require("node:path").join(__dirname, "../wasm/zeitkonto_wasm_bg.wasm"));
  } catch (e) {
    // A Node bundle (esbuild, webpack, Next.js's server build) carries neither the .wasm nor this file's place.
    throw new Error("zeitkonto: its .wasm is not beside it (bundled for Node? leave zeitkonto external: esbuild " +
      "--external:zeitkonto, webpack `externals`, Next.js `serverExternalPackages: [\"zeitkonto\"]`; or import " +
      "zeitkonto/inline)", { cause: e });
  }
}

_setup(() => initSync({ module: wasm() }), true, { bypasses, send, serves });
