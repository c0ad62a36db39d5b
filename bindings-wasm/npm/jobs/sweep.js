// The sweeps over the main entry's Client, run by the core (its own .wasm, see jobs.js /
// jobs-node.mjs): the presence board, the leave-year report, project hours. What they share with
// the month close (checks, errors, the one loop) is in driver.js; the arguments' types and ranges
// are the core's (zeitkonto_core::jobs::JobSpec), for every language.
import { checkArgs, day, runJob } from "./driver.js";

/** The sweep `kind` with its options `spec`, over `client`. */
function sweep(client, kind, spec, options) {
  return runJob(client, kind, spec, options, (call, reason) => ({ call, reason }));
}

/**
 * The presence board of `day` ("YYYY-MM-DD" or a Date; none: the server's today) with `client`:
 * every time-tracked employee's presence in one company-wide `presence` call; when that answer
 * cannot be used, the employee list and one call per employee (a `fallback` event says so).
 * Resolves to a job: `plan`, `checkpoint()`, `failures()` and an async iterator of events
 * (`progress`, `presence` per entry, `callFailure`, `fallback`).
 */
export async function presenceBoard(client, options = {}) {
  checkArgs("presenceBoard", client, ["call"], options, ["day", "checkpoint", "signal"]);
  return sweep(client, "presence_board", { day: day("day", options.day) }, options);
}

/**
 * The leave-year report of `year` with `client`: every leave-managed employee's yearly overview in
 * one `leaveYear` call (`leave` events, each with the overview's legend); its failure is listed.
 */
export async function leaveYearReport(client, year, options = {}) {
  checkArgs("leaveYearReport", client, ["call"], options, ["checkpoint", "signal"]);
  return sweep(client, "leave_year_report", { year }, options);
}

/**
 * The project hours from `start` to `end` (both included, any length) as the project manager
 * `email`: the project list (also when `projects`, ids, are given: it checks them), then every top-level project's
 * bookings in pieces of at most 31 days after their first day (`booking` events; a sub-project's
 * bookings are in its top-level project's). A piece that fails is listed; the others go on.
 */
export async function projectHours(client, email, start, end, options = {}) {
  checkArgs("projectHours", client, ["call"], options, ["projects", "checkpoint", "signal"]);
  const spec = { email, start: day("start", start), end: day("end", end), projects: options.projects };
  return sweep(client, "project_hours", spec, options);
}
