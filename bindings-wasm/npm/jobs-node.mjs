// zeitkonto/jobs for Node: the job planner's .wasm read from disk.
import { readFileSync } from "node:fs";
import * as wasm from "./wasm-jobs/zeitkonto_wasm_jobs.js";
import { _setLoader } from "./jobs/driver.js";

export { monthClose, presenceBoard, leaveYearReport, projectHours } from "./jobs/entries.js";

_setLoader(wasm, () => wasm.initSync({ module: readFileSync(new URL("./wasm-jobs/zeitkonto_wasm_jobs_bg.wasm", import.meta.url)) }));
