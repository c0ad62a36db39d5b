// The month close over the main entry's Client, planned by the core's planner (its own .wasm, see
// jobs.js / jobs-node.mjs). An async iterator of events; `signal` aborts the call in flight.
import { ApiError, InvalidInputError, ZeitkontoError } from "zeitkonto";

let load = null;
let loaded = null;

/** Sets how the planner's .wasm is loaded (the entry files do this). @internal */
export function _setLoader(f) {
  load = f;
}

function rethrow(e) {
  if (e instanceof Error) throw e;
  if (e && typeof e === "object" && e.kind === "InvalidInput") {
    throw new InvalidInputError(e.message ?? `invalid input \`${e.field}\`: ${e.reason}`, e);
  }
  throw new ZeitkontoError(String(e?.message ?? e), e);
}

/**
 * The month close for `year` and calendar `month` (1-12) with `client` (a `zeitkonto` Client):
 * every active employee's monthly account, one summary call per department of `departments` (ids)
 * or one call per employee. Resolves to a job: `plan`, `checkpoint()` (JSON text, to resume with
 * `{ checkpoint }`), and an async iterator of events `{ type: "progress", done, total, eta }`,
 * `{ type: "account", employee, account, source }`, `{ type: "employeeFailure", employee, error }`,
 * `{ type: "departmentFallback", department, reason }` (`eta` in milliseconds).
 */
const invalid = (field, reason) => new InvalidInputError(`invalid input \`${field}\`: ${reason}`, { kind: "InvalidInput", field, reason });

export async function monthClose(client, year, month, options = {}) {
  if (options == null || typeof options !== "object") throw invalid("options", "expected an options object");
  for (const k of Object.keys(options)) {
    if (!["departments", "checkpoint", "signal"].includes(k)) throw invalid(k, "unknown option of monthClose; known: departments, checkpoint, signal");
  }
  const { departments = [], checkpoint, signal } = options;
  if (client == null || typeof client.timeAccount !== "function" || typeof client.employees !== "function") {
    throw invalid("client", "expected a zeitkonto Client");
  }
  if (!Number.isInteger(year)) throw invalid("year", "expected a whole number");
  if (!Number.isInteger(month)) throw invalid("month", "expected a whole number (1-12)");
  if (!Array.isArray(departments) || departments.some((d) => typeof d !== "string")) {
    throw invalid("departments", "expected an array of department ids (strings)");
  }
  if (checkpoint != null && typeof checkpoint !== "string") throw invalid("checkpoint", "expected the JSON text checkpoint() gave");
  if (signal != null && !(typeof AbortSignal !== "undefined" && signal instanceof AbortSignal)) throw invalid("signal", "expected an AbortSignal");
  loaded ??= load ? load() : Promise.reject(new Error("zeitkonto/jobs: no .wasm loader"));
  const wasm = await loaded;
  let m;
  try {
    m = new wasm.MonthCloseMachine(year, month, departments, checkpoint ?? undefined);
  } catch (e) {
    rethrow(e);
  }
  const progress = () => {
    const [done, total, eta] = m.progress();
    return { type: "progress", done, total, eta };
  };
  const [path, calls, eta] = m.plan();
  return {
    plan: { path, calls, eta },
    checkpoint: () => m.checkpoint(),
    async *[Symbol.asyncIterator]() {
      for (let call = m.nextCall(); call !== undefined; call = m.nextCall()) {
        const [op, arg] = call;
        const events = [];
        try {
          if (op === "employees") {
            const list = await client.employees({ signal });
            m.employeesListed(list.filter((e) => e.email).flatMap((e) => [e.email, `${e.givenName ?? ""} ${e.lastName ?? ""}`.trim()]));
          } else if (op === "department_month_employees") {
            const accounts = await client.departmentMonthEmployees(arg, year, month, { signal });
            const matches = m.departmentAnswered(arg, accounts.map((a) => a.name ?? ""));
            accounts.forEach((account, i) => {
              if (matches[i] !== "\u0000") events.push({ type: "account", employee: matches[i], account, source: `department_month_employees:${arg}` });
            });
          } else {
            const account = await client.timeAccount(arg, year, month, { signal });
            m.employeeAnswered(arg);
            events.push({ type: "account", employee: arg, account, source: "time_account" });
          }
        } catch (error) {
          if (!(error instanceof ZeitkontoError)) throw error; // an abort, a bug: the job stops
          const code = error instanceof ApiError ? error.code : undefined;
          const action = m.callFailed(op, arg, error.kind, code);
          if (action === "fatal") throw error;
          if (action === "fallback") {
            const [department, reason] = m.lastFallback();
            events.push({ type: "departmentFallback", department, reason });
          } else {
            events.push({ type: "employeeFailure", employee: arg, error });
          }
        }
        yield progress();
        yield* events;
      }
    },
  };
}
