// zeitkonto/testing for browsers, workers and every bundler: the sandbox engine's .wasm inlined
// as base64 (test bundles only; the main entry never loads it). Node uses testing-node.mjs.
import initWasm, * as wasm from "./wasm-testing/zeitkonto_wasm_testing.js";
import { fromBase64 } from "./src/base64.js";
import wasmBase64 from "./wasm-testing/zeitkonto_wasm_testing_bg.wasm.base64.js";
import { _setLoader } from "./testing/sandbox.js";

export { Sandbox, IN_PROCESS_BASE_URL, FAULT_KINDS } from "./testing/sandbox.js";

_setLoader(wasm, () => initWasm({ module_or_path: fromBase64(wasmBase64) }));
