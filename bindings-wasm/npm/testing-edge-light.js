// zeitkonto/testing for Vercel's Edge Runtime (the `edge-light` condition): its .wasm imported as a
// compiled `WebAssembly.Module` (see edge-light.js) and instantiated synchronously on first use.
import wasmModule from "./wasm-testing/zeitkonto_wasm_testing_bg.wasm?module";
import * as wasm from "./wasm-testing/zeitkonto_wasm_testing.js";
import { _setLoader } from "./testing/sandbox.js";

export { Sandbox, IN_PROCESS_BASE_URL, FAULT_KINDS } from "./testing/sandbox.js";

_setLoader(wasm, () => wasm.initSync({ module: wasmModule }));
