// zeitkonto/jobs for Vercel's Edge Runtime (the `edge-light` condition): its .wasm imported as a
// compiled `WebAssembly.Module` (see edge-light.js) and instantiated synchronously on first use.
import wasmModule from "./wasm-jobs/zeitkonto_wasm_jobs_bg.wasm?module";
import * as wasm from "./wasm-jobs/zeitkonto_wasm_jobs.js";
import { _setLoader } from "./jobs/driver.js";

export { monthClose, presenceBoard, leaveYearReport, projectHours } from "./jobs/entries.js";

_setLoader(wasm, () => wasm.initSync({ module: wasmModule }));
