// zeitkonto for browsers and workers, loading the .wasm by URL: bundlers that understand
// `new URL("...", import.meta.url)` (Vite, webpack 5) emit the file and rewrite the URL; an
// unbundled page fetches it next to this file. No top-level await: loading starts at import,
// `await init()` waits for it (a Client waits by itself). Node uses `node.mjs` / `dist/node.cjs`,
// other bundlers `inline.js` (see the `exports` map in package.json).
import initWasm from "./wasm/zeitkonto_wasm.js";
import { _setup } from "./src/core.js";

export * from "./src/public.js";

_setup(() => initWasm({ module_or_path: new URL("./wasm/zeitkonto_wasm_bg.wasm", import.meta.url) }));
