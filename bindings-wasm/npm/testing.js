// zeitkonto/testing for browsers, workers and every bundler: the sandbox engine's .wasm inlined
// as base64 (test bundles only; the main entry never loads it). Node uses testing-node.mjs.
import initWasm, * as wasm from "./wasm-testing/zeitkonto_wasm_testing.js";
import wasmBase64 from "./wasm-testing/zeitkonto_wasm_testing_bg.wasm.base64.js";
import { _setLoader } from "./testing/sandbox.js";

export { Sandbox, IN_PROCESS_BASE_URL, FAULT_KINDS } from "./testing/sandbox.js";

function decode(text) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

_setLoader(wasm, () => initWasm({ module_or_path: decode(wasmBase64) }));
