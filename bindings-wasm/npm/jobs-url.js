// zeitkonto/jobs for Vite's and webpack 5's production builds (condition `production`): the job
// planner's .wasm loaded by URL, which the bundler emits as a file (see index.js); other bundlers
// and browsers get jobs.js, which inlines it.
import initWasm, * as wasm from "./wasm-jobs/zeitkonto_wasm_jobs.js";
import { _setLoader } from "./jobs/driver.js";

export { monthClose, presenceBoard, leaveYearReport, projectHours } from "./jobs/entries.js";

_setLoader(wasm, () => initWasm({ module_or_path: new URL("./wasm-jobs/zeitkonto_wasm_jobs_bg.wasm", import.meta.url) }));
