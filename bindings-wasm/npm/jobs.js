// zeitkonto/jobs for browsers, workers and bundlers: the job planner's .wasm inlined as base64.
// Node uses jobs-node.mjs.
import initWasm, * as wasm from "./wasm-jobs/zeitkonto_wasm_jobs.js";
import { fromBase64 } from "./src/base64.js";
import wasmBase64 from "./wasm-jobs/zeitkonto_wasm_jobs_bg.wasm.base64.js";
import { _setLoader } from "./jobs/driver.js";

export { monthClose, presenceBoard, leaveYearReport, projectHours } from "./jobs/entries.js";

_setLoader(wasm, () => initWasm({ module_or_path: fromBase64(wasmBase64) }));
