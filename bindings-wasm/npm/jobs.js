// zeitkonto/jobs for browsers, workers and bundlers: the job planner's .wasm inlined as base64.
// Node uses jobs-node.mjs.
import initWasm, * as wasm from "./wasm-jobs/zeitkonto_wasm_jobs.js";
import wasmBase64 from "./wasm-jobs/zeitkonto_wasm_jobs_bg.wasm.base64.js";
import { _setLoader } from "./jobs/driver.js";

export { monthClose, presenceBoard, leaveYearReport, projectHours } from "./jobs/entries.js";

function decode(text) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

_setLoader(wasm, () => initWasm({ module_or_path: decode(wasmBase64) }));
