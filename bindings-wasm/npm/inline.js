// zeitkonto with the .wasm inlined as base64: works in any bundler and any environment with
// WebAssembly, at the price of a larger bundle (no separate, streamed .wasm). The `browser` and
// `default` conditions of the package resolve here; `zeitkonto/inline` asks for it explicitly.
import initWasm, { initSync } from "./wasm/zeitkonto_wasm.js";
import { fromBase64 } from "./src/base64.js";
import wasmBase64 from "./wasm/zeitkonto_wasm_bg.wasm.base64.js";
import { _setup } from "./src/core.js";

export * from "./src/public.js";

// Cloudflare Workers (workerd), when bundled without the `workerd` condition (which picks
// workerd.js): WebAssembly is compiled from bytes only at startup, never inside a request, and a
// request that waits only on a promise from the global scope is cancelled as hung. So there the
// .wasm is compiled and instantiated synchronously at import; everywhere else it loads in the
// background as before.
const workerd = typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";
if (workerd) _setup(() => initSync({ module: fromBase64(wasmBase64) }), true);
else _setup(() => initWasm({ module_or_path: fromBase64(wasmBase64) }));
