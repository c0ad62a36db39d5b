// zeitkonto for Vercel's Edge Runtime (the `edge-light` condition, which Next.js and Vercel bundle
// with): the .wasm imported with `?module`, which they hand over compiled, as a `WebAssembly.Module`
// (the Edge Runtime does not compile WebAssembly from bytes), and instantiated synchronously at
// import: ready before the first request, like `workerd.js`.
import wasmModule from "./wasm/zeitkonto_wasm_bg.wasm?module";
import { initSync } from "./wasm/zeitkonto_wasm.js";
import { _setup } from "./src/core.js";

export * from "./src/public.js";

_setup(() => initSync({ module: wasmModule }), true);
