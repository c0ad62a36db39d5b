// The sweeps over the main entry's Client, planned by the core's sweep planner (its own .wasm, see
// jobs.js / jobs-node.mjs): the presence board, the leave-year report, project hours. One driver
// for the three; what it shares with the month close (checks, errors, the event loop) is in
// driver.js.
import { checkArgs, day, invalid, machine, pairs, planner, runJob } from "./driver.js";

/** A project's id or parent id from the list's raw JSON: a string or a number; "" for none. */
/** A date argument that must be given. */
function requiredDay(field, value) {
  const d = day(field, value);
  if (d === undefined) throw invalid(field, "is required (\"YYYY-MM-DD\" or a Date)");
  return d;
}

/** The sweep `kind` with the planner's `spec`, over `client`. */
async function sweep(client, kind, spec, { checkpoint, signal }) {
  const wasm = await planner();
  const m = machine(() => new wasm.SweepMachine(kind, spec, checkpoint ?? undefined));
  const opts = { signal };
  return runJob(m, {
    job: kind,
    signal,
    async make([op, args, source]) {
      switch (op) {
        case "presence": {
          const report = await client.presence({ email: args.email, day: args.day }, opts);
          m.answered();
          return (report.info ?? []).map((entry) => ({ type: "presence", entry, source }));
        }
        case "employees": {
          const list = await client.employees(opts);
          m.employeesListed(list.map((e) => e.email).filter((e) => typeof e === "string" && e !== ""));
          return [];
        }
        case "leave_year": {
          const overview = await client.leaveYear(args.year, opts);
          m.answered();
          const legend = overview.legend ?? {};
          return (overview.employees ?? []).map((entry) => ({ type: "leave", entry, legend, source }));
        }
        case "projects": {
          const report = await client.projects(args.email, opts);
          m.projectsAnswered(JSON.stringify(report.projects ?? []));
          return [];
        }
        case "project_bookings": {
          const report = await client.projectBookings(args.email, args.uuid, args.start, args.end, opts);
          m.answered();
          return (report.entries ?? []).map((entry) => ({ type: "booking", project: args.uuid, entry, source }));
        }
        default:
          throw new Error(`zeitkonto/jobs: the planner asked for an unknown call ${op}`);
      }
    },
    failed: (_call, kind, code) => m.callFailed(kind, code),
    failureEvent([, , key], error, action) {
      if (action === "fallback") {
        const [call, reason] = m.lastFallback();
        return { type: "fallback", call, reason };
      }
      return { type: "callFailure", call: key, error };
    },
    failures: () => pairs(m.failures()).map(([call, reason]) => ({ call, reason })),
  });
}

/**
 * The presence board of `day` ("YYYY-MM-DD" or a Date; none: the server's today) with `client`:
 * every time-tracked employee's presence in one company-wide `presence` call; when that answer
 * cannot be used, the employee list and one call per employee (a `fallback` event says so).
 * Resolves to a job: `plan`, `checkpoint()`, `failures()` and an async iterator of events
 * (`progress`, `presence` per entry, `callFailure`, `fallback`).
 */
export async function presenceBoard(client, options = {}) {
  checkArgs("presenceBoard", client, ["presence", "employees"], options, ["day", "checkpoint", "signal"]);
  return sweep(client, "presence_board", { day: day("day", options.day) }, options);
}

/**
 * The leave-year report of `year` with `client`: every leave-managed employee's yearly overview in
 * one `leaveYear` call (`leave` events, each with the overview's legend); its failure is listed.
 */
export async function leaveYearReport(client, year, options = {}) {
  checkArgs("leaveYearReport", client, ["leaveYear"], options, ["checkpoint", "signal"]);
  if (!Number.isInteger(year)) throw invalid("year", "expected a whole number");
  return sweep(client, "leave_year_report", { year }, options);
}

/**
 * The project hours from `start` to `end` (both included, any length) as the project manager
 * `email`: the project list (also when `projects`, ids, are given: it checks them), then every top-level project's
 * bookings in pieces of at most 31 days after their first day (`booking` events; a sub-project's
 * bookings are in its top-level project's). A piece that fails is listed; the others go on.
 */
export async function projectHours(client, email, start, end, options = {}) {
  checkArgs("projectHours", client, ["projects", "projectBookings"], options, ["projects", "checkpoint", "signal"]);
  if (typeof email !== "string") throw invalid("email", "expected the acting project manager's e-mail (a string)");
  const startDay = requiredDay("start", start);
  const endDay = requiredDay("end", end);
  const { projects = [] } = options;
  if (!Array.isArray(projects) || projects.some((p) => typeof p !== "string")) {
    throw invalid("projects", "expected an array of project ids (strings)");
  }
  return sweep(client, "project_hours", { email, start: startDay, end: endDay, projects }, options);
}
