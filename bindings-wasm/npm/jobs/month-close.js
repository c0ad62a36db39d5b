// The month close over the main entry's Client, run by the core (its own .wasm, see jobs.js /
// jobs-node.mjs). An async iterator of events; `signal` aborts the call in flight. What it shares
// with the sweeps (checks, errors, the one loop) is in driver.js.
import { checkArgs, runJob } from "./driver.js";

/**
 * The month close for `year` and calendar `month` (1-12) with `client` (a `zeitkonto` Client):
 * every active employee's monthly account, one summary call per department of `departments` (ids)
 * or one call per employee. Resolves to a job: `plan`, `checkpoint()` (JSON text, to resume with
 * `{ checkpoint }`), `failures()`, and an async iterator of events
 * `{ type: "progress", done, total, eta }`, `{ type: "account", employee, account, source }`,
 * `{ type: "employeeFailure", employee, error }`, `{ type: "departmentFallback", department, reason }`
 * (`eta` in milliseconds).
 */
export async function monthClose(client, year, month, options = {}) {
  checkArgs("monthClose", client, ["call"], options, ["departments", "checkpoint", "signal"]);
  const { departments, checkpoint, signal } = options;
  // The arguments' types and ranges: the core's (zeitkonto_core::jobs::JobSpec), for every language.
  return runJob(client, "month_close", { year, month, departments }, { checkpoint, signal },
    (employee, reason) => ({ employee, reason }));
}
