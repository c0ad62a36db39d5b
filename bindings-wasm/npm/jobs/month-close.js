// The month close over the main entry's Client, planned by the core's planner (its own .wasm, see
// jobs.js / jobs-node.mjs). An async iterator of events; `signal` aborts the call in flight. What
// it shares with the sweeps (checks, errors, the event loop) is in driver.js.
import { checkArgs, invalid, machine, pairs, planner, runJob } from "./driver.js";

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
  checkArgs("monthClose", client, ["timeAccount", "employees"], options, ["departments", "checkpoint", "signal"]);
  const { departments = [], checkpoint, signal } = options;
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw invalid("year", `${year} is not a year from 1 to 9999`);
  if (!Number.isInteger(month)) throw invalid("month", "expected a whole number (1-12)");
  if (!Array.isArray(departments) || departments.some((d) => typeof d !== "string")) {
    throw invalid("departments", "expected an array of department ids (strings)");
  }
  const wasm = await planner();
  const m = machine(() => new wasm.MonthCloseMachine(year, month, departments, checkpoint ?? undefined));
  return runJob(m, {
    job: "month_close",
    signal,
    async make([op, arg]) {
      if (op === "employees") {
        const list = await client.employees({ signal });
        m.employeesAnswered(JSON.stringify(list));
        return [];
      }
      if (op === "department_month_employees") {
        const accounts = await client.departmentMonthEmployees(arg, year, month, { signal });
        const matches = m.departmentAnswered(arg, accounts.map((a) => a.name ?? ""));
        const source = `department_month_employees:${arg}`;
        return accounts.flatMap((account, i) => (matches[i] === "\u0000" ? [] : [{ type: "account", employee: matches[i], account, source }]));
      }
      const account = await client.timeAccount(arg, year, month, { signal });
      m.employeeAnswered(arg);
      return [{ type: "account", employee: arg, account, source: "time_account" }];
    },
    failed: ([op, arg], kind, code) => m.callFailed(op, arg, kind, code),
    failureEvent([, arg], error, action) {
      if (action === "fallback") {
        const [department, reason] = m.lastFallback();
        return { type: "departmentFallback", department, reason };
      }
      return { type: "employeeFailure", employee: arg, error };
    },
    failures: () => pairs(m.failures()).map(([employee, reason]) => ({ employee, reason })),
  });
}
