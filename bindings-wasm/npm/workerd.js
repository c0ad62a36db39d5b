// zeitkonto for Cloudflare Workers (the `workerd` condition, which wrangler bundles with): the .wasm
// imported as a module, which wrangler (like workerd's own config) hands over compiled, as a
// `WebAssembly.Module`, and instantiated synchronously at import. The client is ready before the
// first request and nothing is compiled from bytes at run time (workerd forbids that inside a
// request). The base64 entry instead leaves a promise from the global scope for the first call to
// wait on, and workerd cancels a request that waits only on such a promise as hung.
import wasmModule from "./wasm/zeitkonto_wasm_bg.wasm";
import { initSync } from "./wasm/zeitkonto_wasm.js";
import { _setup } from "./src/core.js";

export * from "./src/public.js";

_setup(() => initSync({ module: wasmModule }), true);
